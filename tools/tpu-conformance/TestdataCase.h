//===- TestdataCase.h - StableHLO's JAX-generated tests ---------*- C++ -*-===//
//
// A case of ../shared/conformance/stablehlo-testdata is one module: @main
// calls @inputs() and @expected() (functions returning constants), computes,
// and checks with `stablehlo.custom_call @check.expect_eq / expect_close /
// expect_almost_eq(actual, expected)`. extractTestdataCase turns it into a
// program whose inputs are run-time arguments and whose results are the
// checked values, plus the inputs and the expected results with the check
// ops' tolerances (StableHLO's interpreter: exact, 1 ULP unless
// max_ulp_difference says otherwise, and 1e-4 absolute).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_TOOLS_TPU_CONFORMANCE_TESTDATACASE_H
#define TPU_TOOLS_TPU_CONFORMANCE_TESTDATACASE_H

#include "compiler/reference/Evaluator.h"
#include "tools/tpu-conformance/Conformance.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace mlir::tpu::conformance {

struct TestdataCase {
  SmallVector<HostTensor> inputs;
  std::vector<ExpectedResult> expected;
};

/// A failed case's reason, as an llvm::Error.
llvm::Error caseError(const llvm::Twine &why);

/// `value` as a dense constant of an element type the project supports, or
/// why not ("element type f8E4M3 (the TPU compiler supports ...)").
llvm::Expected<DenseElementsAttr> supportedConstant(Attribute value);

/// Rewrites `module` in place as described above; fails with why the case
/// cannot be expressed (a missing function, an element type the project
/// does not support) without touching the evaluator or the device.
llvm::Expected<TestdataCase> extractTestdataCase(ModuleOp module);

/// Why a case (its source text) is out of the TPU's reach: an f64 or
/// complex tensor anywhere in it (TPUs have neither; XLA:TPU rejects them
/// too).
std::optional<std::string> testdataSkipReason(llvm::StringRef text);

} // namespace mlir::tpu::conformance

#endif // TPU_TOOLS_TPU_CONFORMANCE_TESTDATACASE_H
