//===- StablehloText.cpp - StableHLO text as exporters print it -----------===//

#include "dialects/stablehlo/StablehloText.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdint>

using namespace llvm;

namespace {

/// The element count of `tensor<AxBx...xi1>` at the start of `rest` (after
/// `:` and spaces), or -1 when `rest` does not start with an i1 tensor type
/// of static shape.
int64_t boolTensorElements(StringRef rest) {
  rest = rest.ltrim();
  if (!rest.consume_front(":"))
    return -1;
  rest = rest.ltrim();
  if (!rest.consume_front("tensor<"))
    return -1;
  StringRef type = rest.take_until([](char c) { return c == '>'; });
  if (!type.consume_back("i1"))
    return -1;
  int64_t count = 1;
  while (!type.empty()) {
    StringRef dim = type.take_until([](char c) { return c == 'x'; });
    type = type.drop_front(dim.size());
    if (!type.consume_front("x"))
      return -1;
    uint64_t size;
    if (dim.getAsInteger(10, size) || size > (uint64_t{1} << 40))
      return -1;
    count *= static_cast<int64_t>(size);
    if (count > (int64_t{1} << 40))
      return -1;
  }
  return count;
}

/// `hex` (one 00 or 01 byte per element) packed eight elements per byte,
/// or an empty string when it is not that.
std::string packed(StringRef hex, int64_t elements) {
  if (elements <= 0 || static_cast<int64_t>(hex.size()) != 2 * elements)
    return "";
  std::string bytes((elements + 7) / 8, '\0');
  for (int64_t i = 0; i < elements; ++i) {
    StringRef byte = hex.substr(2 * i, 2);
    if (byte != "00" && byte != "01")
      return "";
    if (byte == "01")
      bytes[i / 8] = static_cast<char>(bytes[i / 8] | (1 << (i % 8)));
  }
  return toHex(bytes);
}

} // namespace

std::string mlir::stablehlo::packBoolHexConstants(StringRef text) {
  std::string out;
  static constexpr StringLiteral open = "dense<\"0x";
  size_t from = 0;
  for (size_t at = text.find(open); at != StringRef::npos;
       at = text.find(open, at + 1)) {
    size_t start = at + open.size();
    size_t end = text.find("\">", start);
    if (end == StringRef::npos)
      break;
    std::string bits = packed(text.slice(start, end),
                              boolTensorElements(text.substr(end + 2, 256)));
    if (bits.empty())
      continue;
    out.append(text.slice(from, start).str());
    out.append(bits);
    from = end;
  }
  if (from == 0)
    return text.str();
  out.append(text.substr(from).str());
  return out;
}

std::unique_ptr<MemoryBuffer>
mlir::stablehlo::packBoolHexConstants(std::unique_ptr<MemoryBuffer> buffer) {
  StringRef text = buffer->getBuffer();
  if (!text.contains("xi1>") && !text.contains("<i1>"))
    return buffer;
  std::string rewritten = packBoolHexConstants(text);
  if (rewritten.size() == text.size() && rewritten == text)
    return buffer;
  return MemoryBuffer::getMemBufferCopy(rewritten,
                                        buffer->getBufferIdentifier());
}
