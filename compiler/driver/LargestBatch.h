//===- LargestBatch.h - The largest batch that fits -------------*- C++ -*-===//
//
// "How large a batch fits on this TPU?" for the user's own program: the
// program compiled at other sizes of one argument's dimension (the batch,
// and everything hlo-resize-dimension finds derives from it) up to buffer
// assignment, and the largest size whose HBM use fits, found by doubling
// and then bisecting.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_DRIVER_LARGESTBATCH_H
#define TPU_COMPILER_DRIVER_LARGESTBATCH_H

#include "compiler/pipeline/Pipeline.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::tpu {

/// One size tried: the function's HBM use per device there.
struct BatchProbe {
  int64_t size = 0;
  int64_t used = 0;
  int64_t capacity = 0;
  bool fits = false;
};

struct LargestBatch {
  /// The largest size that fits (0 when not even 1 does), the size the
  /// program has, and every size tried in the order tried.
  int64_t size = 0;
  int64_t original = 0;
  std::vector<BatchProbe> probes;
  /// Why the search stopped early (a size that does not compile), or empty.
  std::string error;
  /// The generation the sizes were compiled for.
  std::string target;
};

/// Searches the sizes of `vary` ("ARGUMENT:DIMENSION", the argument by
/// number or JAX name) of the program in `sourceMgr` compiled with
/// `options`, up to `limit`. Diagnostics of the tries are not shown; a
/// size that fails to compile for another reason than memory ends the
/// search with its first error.
LargestBatch findLargestBatch(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                              const CompileOptions &options,
                              llvm::StringRef vary, int64_t limit = 1 << 24);

/// "Largest batch of images:0 for @main on v5e: 1184 (...)" and the table
/// of sizes tried.
void printLargestBatch(const LargestBatch &result, llvm::StringRef vary,
                       llvm::StringRef target, llvm::raw_ostream &os);

} // namespace mlir::tpu

#endif // TPU_COMPILER_DRIVER_LARGESTBATCH_H
