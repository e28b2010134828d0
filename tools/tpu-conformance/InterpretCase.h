//===- InterpretCase.h - StableHLO's interpreter tests ----------*- C++ -*-===//
//
// A file of ../shared/conformance/stablehlo-interpret holds cases separated
// by `// -----` lines. Each case is a function without arguments that builds
// its operands with `stablehlo.constant`, applies the ops under test and
// asserts with `check.expect_*` ops (dialects/check). extractInterpretCase
// turns the case into a program whose constants are run-time arguments and
// whose results are the checked values, with their expectations.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_TOOLS_TPU_CONFORMANCE_INTERPRETCASE_H
#define TPU_TOOLS_TPU_CONFORMANCE_INTERPRETCASE_H

#include "compiler/reference/Evaluator.h"
#include "tools/tpu-conformance/Conformance.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::tpu::conformance {

/// One `// -----` piece of a file: its text and the name of the case, the
/// first function it defines that is not a helper (`main` when there is
/// one), as `FILE:FUNCTION` (FILE relative to the suite).
struct InterpretChunk {
  std::string name;
  std::string text;
  unsigned firstLine = 1;
  /// A file that runs @main on `--args="[dense<..> : tensor<..>, ...]"` from
  /// its RUN line and FileChecks the printed results: the arguments and the
  /// results' text (`dense<[3, 3]> : tensor<2xi32>`), one per result.
  std::string args;
  std::vector<std::string> printedResults;
};

/// The chunks of a file, in order; pieces without a function are dropped.
std::vector<InterpretChunk> splitInterpretFile(llvm::StringRef relativePath,
                                               llvm::StringRef text);

/// Whether `text` is a file of interpreter tests: its assertions are `check`
/// ops, not the testdata format's `custom_call @check.*`.
bool isInterpretFile(llvm::StringRef text);

/// Why a chunk (its text) is out of a single TPU program's reach: f64 or
/// complex elements, several processes (`run_parallel`), host I/O or tokens.
std::optional<std::string> interpretSkipReason(llvm::StringRef text);

struct InterpretCase {
  SmallVector<HostTensor> inputs;
  /// One per result of @main; a check of two computed values returns both
  /// and the first names the second in `against`.
  std::vector<ExpectedResult> expected;
};

/// Rewrites `module` (one parsed chunk) in place: the function holding the
/// checks becomes @main taking the tensor constants of its body as
/// arguments (those that only give a dynamic op its shape stay constants)
/// and returning what it checked. A chunk with `args` keeps its @main, runs
/// it on them and expects `printedResults` exactly.
llvm::Expected<InterpretCase> extractInterpretCase(ModuleOp module,
                                                   const InterpretChunk &chunk);

} // namespace mlir::tpu::conformance

#endif // TPU_TOOLS_TPU_CONFORMANCE_INTERPRETCASE_H
