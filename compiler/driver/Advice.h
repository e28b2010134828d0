//===- Advice.h - What each option would make of a program's memory -*- C++ -*-===//
//
// When a program does not fit, XLA's report says by how much; the user's
// next question is which of the compiler's options would make it fit.
// adviseOutOfMemory answers with figures: it compiles the same program again
// with each option the user did not give (bf16, donation, rematerialization,
// a slice with FSDP) up to buffer assignment, and reports each one's HBM use.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_DRIVER_ADVICE_H
#define TPU_COMPILER_DRIVER_ADVICE_H

#include "compiler/pipeline/Pipeline.h"
#include "passes/memory/MemoryReport.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::tpu {

/// One option tried on the program: its flags, and the HBM the function
/// then uses per device (-1 when it did not compile that far, with why).
struct MemoryOption {
  std::string flags;
  int64_t used = -1;
  int64_t capacity = 0;
  int64_t devices = 1;
  bool fits = false;
  std::string why;
};

/// Compiles the program in `sourceMgr` again, quietly and up to buffer
/// assignment, with each option `options` lacks; `function` is the one
/// that did not fit on `target` (the generation it was compiled for).
/// Options in the order tried; none when the program does not parse.
std::vector<MemoryOption> adviseOutOfMemory(llvm::SourceMgr &sourceMgr,
                                            MLIRContext *context,
                                            const CompileOptions &options,
                                            llvm::StringRef function,
                                            llvm::StringRef target);

/// The advice as the drivers print it after the out-of-memory report:
/// a line per option with its use, whether it fits and what it saves
/// against `used` (the program's use as compiled).
void printAdvice(const std::vector<MemoryOption> &advice,
                 llvm::StringRef function, int64_t used,
                 llvm::raw_ostream &os);

/// The first function of `plan` that does not fit, or null.
const tpc::MemoryReport *firstOverflow(const tpc::MemoryPlan &plan);

/// After a compile that ran out of memory (`status`, with its `plan`): the
/// advice for the first function over, printed to `os`. The drivers call
/// it with the program's source.
void adviseIfOutOfMemory(int status, const tpc::MemoryPlan &plan,
                         llvm::SourceMgr &sourceMgr, MLIRContext *context,
                         const CompileOptions &options, llvm::raw_ostream &os);

} // namespace mlir::tpu

#endif // TPU_COMPILER_DRIVER_ADVICE_H
