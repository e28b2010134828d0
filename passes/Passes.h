//===- Passes.h - The compiler's passes -------------------------*- C++ -*-===//
//
// The public face of the pass library: every pass's declaration and
// options, the option value lists the drivers share, and what a driver
// reads back from a compiled module. What the passes share among
// themselves is in passes/PassUtils.h.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_PASSES_H
#define TPU_PASSES_PASSES_H

#include "dialects/hlo/HLOOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "passes/memory/MemoryReport.h"
#include "runtime/machine/Target.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::tpu {

/// How tpu-assign-layouts chooses dimension orders.
enum class LayoutMode { XlaDefault, MinPadding };

/// The layout modes as command-line values (`xla-default`, `min-padding`),
/// for every option that selects one.
llvm::cl::ValuesClass layoutModeValues();

/// MXU precisions as command-line values (`default`, `highest`), for
/// --default-precision and hlo-set-default-precision.
llvm::cl::ValuesClass precisionValues();

/// Whether tpu-assign-buffers found that `module` does not fit in HBM
/// (tpu.out_of_memory), so that drivers can exit with 2 (out of memory)
/// rather than 1 (invalid input), as XLA-based tools do: a verdict of this
/// module's compile, not of the process.
bool isOutOfMemory(ModuleOp module);

/// Whether `func` has collectives or reads its device id: a program
/// written per device (pmap's), which hlo-spmd-partition leaves alone and
/// every device of a slice runs as it is.
bool hasCollectives(func::FuncOp func);

/// Whether hlo-outline-control-flow made `func` of a region (tpu.outlined).
inline bool isOutlined(func::FuncOp func) {
  return func->hasAttr(kOutlinedAttrName);
}

// Each phase's passes, in pipeline order (docs/overview.md).
#define GEN_PASS_DECL
#include "passes/import/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/hlo/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/spmd/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/layout/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/memory/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/lower/Passes.h.inc"

/// tpu-assign-buffers that also copies its memory plan (every function's
/// report, for programs that do not fit too) into `*plan`.
std::unique_ptr<Pass>
createTPUAssignBuffersPass(const TPUAssignBuffersOptions &options,
                           tpc::MemoryPlan *plan);

#define GEN_PASS_REGISTRATION
#include "passes/import/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/hlo/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/spmd/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/layout/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/memory/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/lower/Passes.h.inc"

/// Registers every pass of every phase (tpu-opt, the C API).
inline void registerTPUPasses() {
  registerTPUImportPasses();
  registerTPUHloPasses();
  registerTPUSpmdPasses();
  registerTPULayoutPasses();
  registerTPUMemoryPlanPasses();
  registerTPULowerPasses();
}

} // namespace mlir::tpu

#endif // TPU_PASSES_PASSES_H
