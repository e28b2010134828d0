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

/// The unit attribute tpu-assign-buffers puts on a module that does not fit
/// in HBM before it fails, so that drivers can exit with 2 (out of memory)
/// rather than 1 (invalid input), as XLA-based tools do: a verdict of this
/// module's compile, not of the process.
constexpr llvm::StringLiteral kOutOfMemoryAttrName = "tpu.out_of_memory";
bool isOutOfMemory(ModuleOp module);

/// Per result of an op, the argument whose (donated) buffer tpu-assign-buffers
/// gave it, or -1; absent when no result takes one. tpu-lower writes such a
/// result into the argument's memory.
constexpr llvm::StringLiteral kDonatedArgumentsAttrName =
    "tpu.donated_arguments";

/// A function hlo-outline-control-flow made of a region: private, called
/// by one hlo.while_call or hlo.case_call, lowered at that call. Its
/// arguments are not known to be zero-padded.
constexpr llvm::StringLiteral kOutlinedAttrName = "tpu.outlined";
/// On argument j of an outlined loop body that carries loop value j: the
/// body's output j may be written into its buffer, as a donated argument's
/// (without the warning when it cannot).
constexpr llvm::StringLiteral kCarriedAttrName = "tpu.carried";
/// On hlo.while_call and hlo.case_call after tpu-assign-buffers: the offset
/// of the callees' heap frame, then of each callee's constants, in the
/// caller's program region.
constexpr llvm::StringLiteral kFrameAttrName = "tpu.frame";
/// On functions after tpu-assign-buffers: the bytes of their global region
/// (constants, then their callees' constants); their heap follows.
constexpr llvm::StringLiteral kGlobalBytesAttrName = "tpu.global_bytes";
inline bool isOutlined(func::FuncOp func) {
  return func->hasAttr(kOutlinedAttrName);
}

#define GEN_PASS_DECL
#include "passes/Passes.h.inc"

/// tpu-assign-buffers that also copies its memory plan (every function's
/// report, for programs that do not fit too) into `*plan`.
std::unique_ptr<Pass>
createTPUAssignBuffersPass(const TPUAssignBuffersOptions &options,
                           tpc::MemoryPlan *plan);

#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"

} // namespace mlir::tpu

#endif // TPU_PASSES_PASSES_H
