//===- PassUtils.h - What the passes share ----------------------*- C++ -*-===//
//
// Helpers internal to the pass library (not for drivers): sizes of laid-out
// tensors, buffers that alias their operand, tpu-pad's record of logical
// types, and buffer assignment's analysis.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_PASSUTILS_H
#define TPU_PASSES_PASSUTILS_H

#include "passes/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::tpu {

/// The importers' (convert-stablehlo-to-hlo, convert-tosa-to-hlo): an op's
/// first result type, and the start of the one error for an op they do
/// not take, "X is not supported by the TPU compiler: <why>".
inline RankedTensorType resultType(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType());
}
inline InFlightDiagnostic emitUnsupported(Operation *op) {
  return op->emitError() << op->getName()
                         << " is not supported by the TPU compiler: ";
}

/// The shape library's view of a tensor type that carries a #tpu.layout;
/// otherwise an error at `loc` saying that `pass` needs tpu-assign-layouts
/// to run first.
FailureOr<tpc::Shape> laidOutShape(Location loc, Type type,
                                   llvm::StringRef pass);

/// Bytes a tensor occupies in memory: unpadded, and padded when its type
/// carries a #tpu.layout. Sizes that overflow saturate at INT64_MAX.
struct TensorBytes {
  int64_t unpadded = 0;
  std::optional<int64_t> padded;
};
TensorBytes tensorBytes(Type type);

/// tpu-pad computes on tile-padded shapes; an op whose results it padded
/// records, per result, the logical type the result stands for, so that
/// buffer assignment can say how much of a padded buffer is padding (an
/// entry equal to the result's own type means none). The record is
/// provenance, like the name scope the report's Operator column reads, so it
/// rides in the op's location: a FusedLoc whose metadata is a dictionary
/// with the key tpu.logical_types, which leaves the printed IR unchanged.
///
/// Records that `physical` holds the logical value of type `logical`; a
/// function argument, or a value of that very type, needs no record.
void setLogicalType(Value physical, Type logical);
/// The logical type `value` stands for: the record of tpu-pad, looked up
/// through the fusions that formed after it, or the value's own type.
Type logicalTypeOf(Value value);

/// Integer 0 or float +-0: the value tile padding holds once it is neutral.
bool isZero(TypedAttr value);

/// Whether `op` yields zero where its (data) operands are zero: padding
/// that is zero stays zero through it, and so does what a masked DMA
/// zero-fills past the end of a dimension. A select's predicate does not
/// count; its branches do.
bool preservesZero(Operation *op);

/// hlo-decompose's rewrite of hlo.sort into a bitonic sorting network of
/// elementwise steps (SortNetwork.cpp).
/// hlo-decompose's rewrites of convolutions with feature_group_count > 1
/// (GroupedConvolution.cpp).
void populateGroupedConvolutionPatterns(RewritePatternSet &patterns);

void populateSortNetworkPatterns(RewritePatternSet &patterns);

/// An hlo.constant of `type` with every element `scalar`.
Value splatConstant(OpBuilder &b, Location loc, RankedTensorType type,
                    TypedAttr scalar);

/// Whether `pad` only fills tile padding: no low or interior padding, and
/// operand and result with the same layout and physical (padded) shape.
bool padsTilePadding(hlo::PadOp pad);

/// Whether `slice` only drops tile padding: from 0, stride 1, with the
/// operand's layout and physical (padded) shape.
bool dropsTilePadding(hlo::SliceOp slice);

/// Whether values of types `a` and `b` store each element at the same
/// bytes: the same layout, physical shape and element width (the element
/// types may differ, as across a convert from f32 to i32).
bool sameStorage(Type a, Type b);

/// Whether `op` only relabels its operand's buffer: the same bytes in the
/// same layout, read as another logical shape. That is a slice from 0 with
/// stride 1 that keeps the padded shape (dropping tile padding), or a zero
/// pad into tile padding of an argument of `entry` (the runtime lays
/// arguments out zero-padded). Buffer assignment shares the operand's
/// buffer and the lowering emits no kernel.
bool isBitcast(Operation *op, Block &entry);

/// tpu-assign-buffers' result as an MLIR analysis of the module, kept for
/// tpu-memory-report: only that pass makes it, and it is cached only while
/// no later pass has invalidated it.
struct MemoryPlanAnalysis {
  explicit MemoryPlanAnalysis(Operation *) {}
  tpc::MemoryPlan plan;
};

/// The HBM a program may use, in bytes: the target's capacity (HBM minus
/// the reserved region), or the module's `tpu.hbm_limit` when lower.
int64_t hbmLimit(ModuleOp module, const tpc::Target &target);

/// FLOPs of the matmuls and convolutions in `op` (itself or fused into it),
/// at their shapes there: two per multiply-add.
int64_t contractionFlops(Operation *op);

/// How often a counted loop's body runs: carried value k starts at a
/// constant, the body adds a constant step to it, and the condition
/// compares it LT/LE/GT/GE/NE with a constant bound (JAX's fori_loop and
/// scan). std::nullopt for any other loop.
std::optional<int64_t> tripCount(hlo::WhileOp loop);

} // namespace mlir::tpu

#endif // TPU_PASSES_PASSUTILS_H
