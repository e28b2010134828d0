//===- Conformance.cpp - Cases with expected values and tolerances --------===//

#include "tools/tpu-conformance/Conformance.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace mlir::tpu::conformance;

namespace {

llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::optional<double> parseValue(llvm::StringRef token) {
  if (token == "true")
    return 1.0;
  if (token == "false")
    return 0.0;
  if (token == "nan" || token == "-nan")
    return std::numeric_limits<double>::quiet_NaN();
  if (token == "inf")
    return std::numeric_limits<double>::infinity();
  if (token == "-inf")
    return -std::numeric_limits<double>::infinity();
  double v;
  if (token.getAsDouble(v))
    return std::nullopt;
  return v;
}

/// Orders floats of `bits` width as integers: adjacent values differ by 1
/// and -0.0 and 0.0 coincide.
int64_t orderedKey(uint32_t bits, int width) {
  uint32_t sign = 1u << (width - 1);
  int64_t magnitude = bits & (sign - 1);
  return bits & sign ? -magnitude : magnitude;
}

std::string formatValue(tpc::Element element, double v) {
  if (tpc::isWide(element)) {
    int64_t word = tpc::toWord(v);
    return tpc::isUnsigned(element) ? std::to_string(uint64_t(word))
                                    : std::to_string(word);
  }
  if (std::isnan(v))
    return "nan";
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  char buffer[64];
  if (tpc::isFloat(element))
    std::snprintf(buffer, sizeof buffer, "%.9g", v);
  else if (element == tpc::Element::I1)
    return v != 0 ? "true" : "false";
  else
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(v));
  return buffer;
}

std::string formatIndex(const std::vector<int64_t> &dims, int64_t linear) {
  std::vector<int64_t> index(dims.size());
  for (size_t d = dims.size(); d-- > 0;) {
    index[d] = dims[d] ? linear % dims[d] : 0;
    linear = dims[d] ? linear / dims[d] : 0;
  }
  std::string out = "[";
  for (size_t d = 0; d < index.size(); ++d)
    out += (d ? "," : "") + std::to_string(index[d]);
  return out + "]";
}

std::string formatDims(const std::vector<int64_t> &dims) {
  std::string out;
  for (int64_t d : dims)
    out += std::to_string(d) + "x";
  return out;
}

} // namespace

std::string Tolerance::describe() const {
  switch (kind) {
  case Kind::Exact:
    return "exact";
  case Kind::Ulp:
    return "at most " + std::to_string(maxUlp) + " ULP";
  case Kind::Absolute: {
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "atol %g rtol %g", atol, rtol);
    return buffer;
  }
  }
  return "";
}

llvm::Expected<std::vector<ExpectedResult>>
mlir::tpu::conformance::parseExpected(llvm::StringRef text) {
  std::vector<ExpectedResult> results;
  std::vector<std::optional<Tolerance>> tolerances;
  std::vector<char> seen;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, false);
  auto slot = [](auto &vector, int64_t index) -> auto & {
    if (static_cast<int64_t>(vector.size()) <= index)
      vector.resize(index + 1);
    return vector[index];
  };
  for (auto [number, rawLine] : llvm::enumerate(lines)) {
    llvm::StringRef line = rawLine.trim();
    auto lineError = [&, number = number](const llvm::Twine &why) {
      return error("line " + llvm::Twine(number + 1) + ": " + why);
    };
    llvm::SmallVector<llvm::StringRef> tokens;
    line.split(tokens, ' ', -1, false);
    if (tokens.empty())
      continue;
    if (tokens[0] == "#") {
      if (tokens.size() < 4 || tokens[1] != "tol")
        continue;
      int64_t index;
      if (tokens[2].getAsInteger(10, index) || index < 0 || index > 1024)
        return lineError("bad result index '" + tokens[2] + "'");
      Tolerance tolerance;
      llvm::StringRef check = tokens[3];
      for (size_t i = 4; i + 1 < tokens.size(); i += 2) {
        double v;
        if (tokens[i + 1].getAsDouble(v))
          return lineError("bad value of " + tokens[i]);
        if (tokens[i] == "--rtol")
          tolerance.rtol = v;
        else if (tokens[i] == "--atol")
          tolerance.atol = v;
        else if (tokens[i] == "--max-ulp")
          tolerance.maxUlp = static_cast<int64_t>(v);
        else
          return lineError("unknown tolerance option '" + tokens[i] + "'");
      }
      if (check == "expect_eq")
        tolerance.kind = Tolerance::Kind::Exact;
      else if (check == "expect_close")
        tolerance.kind = Tolerance::Kind::Ulp;
      else if (check == "expect_almost_eq")
        tolerance.kind = Tolerance::Kind::Absolute;
      else
        return lineError("unknown check '" + check + "'");
      slot(tolerances, index) = tolerance;
      continue;
    }
    if (tokens[0] != "tensor")
      return lineError("expected 'tensor' or a '#' comment");
    if (tokens.size() < 4)
      return lineError("expected 'tensor INDEX TYPE [DIMS] VALUES...'");
    int64_t index;
    if (tokens[1].getAsInteger(10, index) || index < 0 || index > 1024)
      return lineError("bad result index '" + tokens[1] + "'");
    HostTensor tensor;
    std::optional<tpc::Element> element =
        tpc::elementFromName(std::string_view(tokens[2]));
    if (!element)
      return lineError("unknown element type '" + tokens[2] + "'");
    tensor.element = *element;
    llvm::StringRef dims = tokens[3];
    if (!dims.consume_front("[") || !dims.consume_back("]"))
      return lineError("expected dimensions as [D0,D1,...]");
    llvm::SmallVector<llvm::StringRef> dimTokens;
    dims.split(dimTokens, ',', -1, false);
    int64_t elements = 1;
    for (llvm::StringRef d : dimTokens) {
      int64_t size;
      if (d.trim().getAsInteger(10, size) || size < 0)
        return lineError("bad dimension '" + d + "'");
      tensor.dims.push_back(size);
      if (__builtin_mul_overflow(elements, size, &elements))
        return lineError("too many elements");
    }
    for (llvm::StringRef token : llvm::ArrayRef(tokens).drop_front(4)) {
      std::optional<double> v =
          tpc::isWide(tensor.element)
              ? tpc::wordFromDecimal(std::string_view(token))
              : parseValue(token);
      if (!v)
        return lineError("bad value '" + token + "'");
      tensor.values.push_back(*v);
    }
    if (static_cast<int64_t>(tensor.values.size()) != elements)
      return lineError(llvm::Twine(tensor.values.size()) + " values for " +
                       llvm::Twine(elements) + " elements");
    slot(results, index).tensor = std::move(tensor);
    slot(seen, index) = true;
  }
  if (results.empty())
    return error("no 'tensor' line");
  for (auto [i, result] : llvm::enumerate(results)) {
    if (!seen[i])
      return error("no 'tensor' line for result " + llvm::Twine(i));
    if (i < tolerances.size() && tolerances[i])
      result.tolerance = *tolerances[i];
  }
  return results;
}

/// The APFloat format of a float element.
static const llvm::fltSemantics &semanticsOf(tpc::Element element) {
  using F = llvm::APFloat;
  using E = tpc::Element;
  switch (element) {
  case E::BF16:
    return F::BFloat();
  case E::F16:
    return F::IEEEhalf();
  case E::F8E5M2:
    return F::Float8E5M2();
  case E::F8E4M3FN:
    return F::Float8E4M3FN();
  case E::F8E4M3:
    return F::Float8E4M3();
  case E::F8E3M4:
    return F::Float8E3M4();
  case E::F8E4M3FNUZ:
    return F::Float8E4M3FNUZ();
  case E::F8E5M2FNUZ:
    return F::Float8E5M2FNUZ();
  case E::F8E4M3B11FNUZ:
    return F::Float8E4M3B11FNUZ();
  case E::F8E8M0FNU:
    return F::Float8E8M0FNU();
  case E::F6E2M3FN:
    return F::Float6E2M3FN();
  case E::F6E3M2FN:
    return F::Float6E3M2FN();
  case E::F4E2M1FN:
    return F::Float4E2M1FN();
  default:
    return F::IEEEsingle();
  }
}

uint64_t mlir::tpu::conformance::ulpDistance(tpc::Element element, double a,
                                             double b) {
  if (!tpc::isFloat(element))
    return static_cast<uint64_t>(std::fabs(a - b));
  // Counted in the element's own format: an f16 ULP is 2^13 f32 ULPs.
  const llvm::fltSemantics &semantics = semanticsOf(element);
  auto bitsOf = [&](double v) {
    llvm::APFloat f(v);
    bool lost;
    f.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
    return static_cast<uint32_t>(f.bitcastToAPInt().getZExtValue());
  };
  int width = static_cast<int>(llvm::APFloat::getSizeInBits(semantics));
  int64_t ka = orderedKey(bitsOf(a), width), kb = orderedKey(bitsOf(b), width);
  return static_cast<uint64_t>(ka > kb ? ka - kb : kb - ka);
}

bool mlir::tpu::conformance::elementMatches(tpc::Element element,
                                            const Tolerance &tolerance,
                                            double expected, double actual) {
  if (tpc::isWide(element)) // words, whose bits may look like NaNs
    return tpc::toWord(expected) == tpc::toWord(actual);
  if (std::isnan(expected) || std::isnan(actual))
    return std::isnan(expected) && std::isnan(actual);
  if (std::isinf(expected) || std::isinf(actual))
    return expected == actual;
  switch (tolerance.kind) {
  case Tolerance::Kind::Exact:
    return expected == actual;
  case Tolerance::Kind::Ulp:
    return ulpDistance(element, expected, actual) <=
           static_cast<uint64_t>(tolerance.maxUlp);
  case Tolerance::Kind::Absolute:
    return std::fabs(actual - expected) <=
           tolerance.atol + tolerance.rtol * std::fabs(expected);
  }
  return false;
}

std::optional<std::string>
mlir::tpu::conformance::compare(const ExpectedResult &expected,
                                const HostTensor &actual) {
  const HostTensor &want = expected.tensor;
  if (want.element != actual.element || want.dims != actual.dims)
    return "type " + formatDims(actual.dims) +
           std::string(tpc::elementName(actual.element)) + ", expected " +
           formatDims(want.dims) + std::string(tpc::elementName(want.element));
  for (size_t i = 0; i < want.values.size(); ++i) {
    if (elementMatches(want.element, expected.tolerance, want.values[i],
                       actual.values[i]))
      continue;
    return "element " + formatIndex(want.dims, static_cast<int64_t>(i)) +
           " is " + formatValue(want.element, actual.values[i]) +
           ", expected " + formatValue(want.element, want.values[i]) + " (" +
           expected.tolerance.describe() + ")";
  }
  return std::nullopt;
}
