//===- Conformance.h - Cases with expected values and tolerances -*- C++
//-*-===//
//
// The parts of tpu-conformance that are arithmetic rather than plumbing:
// reading a case's `.expected` file (the refexec format of
// ../shared/conformance/stablehlo-tosa) and comparing a result with it
// under the case's tolerance (exact, N ULP, or absolute).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_TOOLS_TPU_CONFORMANCE_CONFORMANCE_H
#define TPU_TOOLS_TPU_CONFORMANCE_CONFORMANCE_H

#include "runtime/machine/HostTensor.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tpu::conformance {

/// How close a result must be: `expect_eq` (exact), `expect_close` (at most
/// `maxUlp` units in the last place of the element type) or
/// `expect_almost_eq` (|actual - expected| <= atol + rtol * |expected|).
struct Tolerance {
  enum class Kind { Exact, Ulp, Absolute } kind = Kind::Exact;
  int64_t maxUlp = 0;
  double atol = 0, rtol = 0;

  std::string describe() const;
};

/// Expected and actual values are host tensors.
using tpc::HostTensor;

/// One result of a case: its expected tensor and tolerance. A result
/// checked against another result of the same run (an interpreter test's
/// `check.expect_eq %a, %b`) names it in `against` instead; that other
/// result has `checked` false.
struct ExpectedResult {
  HostTensor tensor;
  Tolerance tolerance;
  std::optional<size_t> against = std::nullopt;
  bool checked = true;
};

/// Parses an `.expected` file: `# tol INDEX CHECK --rtol R --atol A
/// [--max-ulp N]` header lines and one `tensor INDEX TYPE [D0,D1,...] V...`
/// line per result (`nan`, `inf`, `-inf`, `true`, `false` allowed).
llvm::Expected<std::vector<ExpectedResult>> parseExpected(llvm::StringRef text);

/// Units in the last place between `a` and `b` as values of `element` (f32
/// or bf16): how many representable values lie between them, counting
/// across zero (0.0 and -0.0 are 0 apart). Both must be finite or equal.
uint64_t ulpDistance(tpc::Element element, double a, double b);

/// Whether `actual` matches `expected` under `tolerance`: NaN matches NaN,
/// an infinity only itself.
bool elementMatches(tpc::Element element, const Tolerance &tolerance,
                    double expected, double actual);

/// Compares a result with its expectation: std::nullopt when it matches,
/// otherwise why not (a type or shape mismatch, or the first differing
/// element with its index, both values and the tolerance).
std::optional<std::string> compare(const ExpectedResult &expected,
                                   const HostTensor &actual);

} // namespace mlir::tpu::conformance

#endif // TPU_TOOLS_TPU_CONFORMANCE_CONFORMANCE_H
