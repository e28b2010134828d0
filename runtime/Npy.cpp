//===- Npy.cpp - NumPy .npy files -----------------------------------------===//

#include "runtime/Npy.h"

#include "runtime/Numerics.h"
#include "runtime/machine/Shape.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

#include <cstring>
#include <fstream>
#include <iterator>

namespace tpurt {

namespace {

constexpr char kNpyMagic[] = "\x93NUMPY";

absl::Status malformed(const std::string &why) {
  return absl::InvalidArgumentError(absl::StrCat("malformed .npy file: ", why));
}

/// Bytes of one element in a file: NumPy's bool is one byte (the runtime
/// keeps i1 in four).
int64_t fileBytes(Element element) {
  return element == Element::I1 ? 1 : elementBytes(element);
}

/// NumPy's little-endian type strings (one-byte types take `|`).
struct Descr {
  Element element;
  absl::string_view descr;
};
constexpr Descr kDescrs[] = {
    {Element::F32, "<f4"}, {Element::F16, "<f2"}, {Element::I32, "<i4"},
    {Element::I16, "<i2"}, {Element::I8, "|i1"},  {Element::U32, "<u4"},
    {Element::U16, "<u2"}, {Element::U8, "|u1"},  {Element::I1, "|b1"},
    {Element::I64, "<i8"}, {Element::U64, "<u8"},
};

absl::string_view descrOf(Element element) {
  for (const Descr &d : kDescrs)
    if (d.element == element)
      return d.descr;
  return "";
}

/// Also takes `<i1`, `<u1` and `<b1`, which some writers emit.
std::optional<Element> elementOfDescr(absl::string_view descr) {
  for (const Descr &d : kDescrs)
    if (d.descr == descr ||
        (d.descr[0] == '|' && descr.size() == 3 && descr[0] == '<' &&
         d.descr.substr(1) == descr.substr(1)))
      return d.element;
  return std::nullopt;
}

/// The value of `key` in the header's Python dict literal, as text.
std::optional<std::string> field(const std::string &header,
                                 const std::string &key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    return std::nullopt;
  at = header.find(':', at);
  if (at == std::string::npos)
    return std::nullopt;
  ++at;
  while (at < header.size() && header[at] == ' ')
    ++at;
  size_t end = at;
  if (at < header.size() && header[at] == '(') {
    end = header.find(')', at);
    if (end == std::string::npos)
      return std::nullopt;
    ++end;
  } else if (at < header.size() && header[at] == '\'') {
    end = header.find('\'', at + 1);
    if (end == std::string::npos)
      return std::nullopt;
    ++end;
  } else {
    while (end < header.size() && header[end] != ',' && header[end] != '}')
      ++end;
  }
  return header.substr(at, end - at);
}

} // namespace

absl::StatusOr<HostTensor> parseNpy(const std::vector<uint8_t> &bytes) {
  if (bytes.size() < 10 || std::memcmp(bytes.data(), kNpyMagic, 6) != 0)
    return malformed("it does not start with \\x93NUMPY");
  int major = bytes[6];
  size_t headerLength = 0, headerStart = 0;
  if (major == 1) {
    headerLength = bytes[8] | (bytes[9] << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return malformed("the header length is truncated");
    headerLength = bytes[8] | (bytes[9] << 8) | (bytes[10] << 16) |
                   (static_cast<size_t>(bytes[11]) << 24);
    headerStart = 12;
  } else {
    return malformed(
        absl::StrCat("format version ", major, ".x is not 1.0, 2.0 or 3.0"));
  }
  if (headerStart + headerLength > bytes.size())
    return malformed("the header is truncated");
  std::string header(bytes.begin() + headerStart,
                     bytes.begin() + headerStart + headerLength);
  std::optional<std::string> descr = field(header, "descr");
  std::optional<std::string> fortran = field(header, "fortran_order");
  std::optional<std::string> shape = field(header, "shape");
  if (!descr || !fortran || !shape)
    return malformed("the header lacks 'descr', 'fortran_order' or 'shape'");
  if (*fortran != "False")
    return absl::InvalidArgumentError(
        "Fortran-order .npy arrays are not supported; save with "
        "np.ascontiguousarray");
  HostTensor tensor;
  std::optional<Element> element =
      elementOfDescr(absl::StripSuffix(absl::StripPrefix(*descr, "'"), "'"));
  if (!element)
    return absl::InvalidArgumentError(
        absl::StrCat("the .npy element type ", *descr,
                     " is not supported (little-endian float32, float16, "
                     "int32, int16, int8, uint32, uint16, uint8 or bool)"));
  tensor.element = *element;
  std::string dims =
      std::string(absl::StripSuffix(absl::StripPrefix(*shape, "("), ")"));
  for (absl::string_view part :
       absl::StrSplit(dims, ',', absl::SkipWhitespace())) {
    int64_t d = 0;
    if (!absl::SimpleAtoi(part, &d) || d < 0)
      return malformed(absl::StrCat("bad shape ", *shape));
    tensor.dims.push_back(d);
  }
  size_t dataStart = headerStart + headerLength;
  absl::StatusOr<HostTensor> data =
      tensorFromData(*element, std::move(tensor.dims), bytes.data() + dataStart,
                     bytes.size() - dataStart);
  if (!data.ok())
    return malformed(std::string(data.status().message()));
  return data;
}

absl::StatusOr<HostTensor> tensorFromData(Element element,
                                          std::vector<int64_t> dims,
                                          const uint8_t *data, size_t size) {
  if (npyElement(element) != element || descrOf(element).empty())
    return absl::InvalidArgumentError(
        absl::StrCat("elements of ", std::string(elementName(element)),
                     " are held as ",
                     std::string(elementName(npyElement(element))),
                     " on the host"));
  // A caller may claim any shape: its size is checked before it is used.
  absl::StatusOr<int64_t> elements = tpc::elementCount(dims);
  std::optional<int64_t> needed =
      elements.ok() ? tpc::checkedMul(*elements, fileBytes(element))
                    : std::nullopt;
  std::string type = tensorTypeName(element, dims);
  if (!needed)
    return absl::InvalidArgumentError(
        absl::StrCat(type, " has more than 2^63 bytes"));
  if (static_cast<uint64_t>(size) != static_cast<uint64_t>(*needed))
    return absl::InvalidArgumentError(absl::StrCat(
        "the data holds ", size, " bytes, but ", type, " needs ", *needed));
  HostTensor tensor(element, std::move(dims), {});
  tensor.values.resize(*elements);
  for (int64_t i = 0; i < *elements; ++i)
    tensor.values[i] = element == Element::I1
                           ? (data[i] != 0 ? 1.0 : 0.0)
                           : load(element, data + i * fileBytes(element));
  return tensor;
}

Element npyElement(Element element) {
  if (element == Element::BF16 || smallFloat(element))
    return Element::F32;
  if (element == Element::I4 || element == Element::I2)
    return Element::I8;
  if (element == Element::U4 || element == Element::U2)
    return Element::U8;
  return element;
}

std::vector<uint8_t> serializeNpy(const HostTensor &tensor) {
  // Bool is one byte; types NumPy lacks widen.
  Element element = npyElement(tensor.element);
  absl::string_view descr = descrOf(element);
  std::string shape = "(";
  for (int64_t d : tensor.dims)
    absl::StrAppend(&shape, d, tensor.dims.size() == 1 ? "," : ", ");
  if (tensor.dims.size() > 1)
    shape.resize(shape.size() - 2);
  shape += ")";
  std::string header =
      absl::StrCat("{'descr': '", descr,
                   "', 'fortran_order': False, 'shape': ", shape, ", }");
  // Pad with spaces so that the data starts 64-byte aligned, newline last.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::vector<uint8_t> out(kNpyMagic, kNpyMagic + 6);
  out.push_back(1);
  out.push_back(0);
  out.push_back(header.size() & 0xff);
  out.push_back((header.size() >> 8) & 0xff);
  out.insert(out.end(), header.begin(), header.end());
  std::vector<uint8_t> data = dataOf(tensor);
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

std::vector<uint8_t> dataOf(const HostTensor &tensor) {
  Element element = npyElement(tensor.element);
  int64_t size = fileBytes(element);
  std::vector<uint8_t> out(tensor.values.size() * size);
  for (size_t i = 0; i < tensor.values.size(); ++i) {
    if (element == Element::I1)
      out[i] = tensor.values[i] != 0;
    else
      store(element, out.data() + i * size, tensor.values[i]);
  }
  return out;
}

void roundNpyInputs(std::vector<HostTensor> &inputs,
                    const std::vector<bool> &fromNpy,
                    const std::vector<TensorSpec> &arguments) {
  for (size_t i = 0; i < inputs.size() && i < arguments.size(); ++i) {
    Element element = arguments[i].element;
    if (i < fromNpy.size() && fromNpy[i] && inputs[i].element != element &&
        inputs[i].element == npyElement(element)) {
      inputs[i].element = element;
      for (double &v : inputs[i].values)
        v = roundTo(element, v);
    }
  }
}

absl::StatusOr<HostTensor> readNpy(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return absl::NotFoundError(absl::StrCat("cannot open ", path));
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  absl::StatusOr<HostTensor> tensor = parseNpy(bytes);
  if (!tensor.ok())
    return absl::Status(tensor.status().code(),
                        absl::StrCat(path, ": ", tensor.status().message()));
  return tensor;
}

absl::Status writeNpy(const std::string &path, const HostTensor &tensor) {
  std::vector<uint8_t> bytes = serializeNpy(tensor);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  if (!out)
    return absl::PermissionDeniedError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

} // namespace tpurt
