//===- Spmd.h - sharding propagation and SPMD partitioning -----*- C++ -*-===//
//
// What hlo-propagate-sharding and hlo-spmd-partition share: how each op's
// operand dimensions correspond to its result's (the rules both passes
// apply, forward and backward), and the propagation itself.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_SPMD_SPMD_H
#define TPU_PASSES_SPMD_SPMD_H

#include "passes/spmd/DeviceLayout.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace mlir::tpu::spmd {

/// The attribute a sharding has on function arguments, results and ops.
constexpr llvm::StringLiteral kShardingAttrName = "hlo.sharding";

/// For each dimension of operand `operand` of `op`, the result dimension
/// that indexes the same elements (-1 for one that does not: contracted,
/// reduced, or expanded from size 1). std::nullopt for an op without such
/// a rule (the partitioner computes it replicated). A reshape's map depends
/// on how its operand is tiled (`reshapeMap`).
std::optional<llvm::SmallVector<int64_t>> operandMap(Operation *op,
                                                     unsigned operand);

/// A reshape from `from` to `to` keeps a tiled dimension whole when the
/// elements before it number the same in both shapes and both sizes divide
/// into its tiles: then a tile is one contiguous run in both. For each
/// dimension of `from`, the dimension of `to` (-1 for untiled ones);
/// std::nullopt when a tiled dimension has no such partner.
std::optional<llvm::SmallVector<int64_t>>
reshapeMap(ArrayRef<int64_t> from, ArrayRef<int64_t> to,
           const DeviceLayout &layout);

/// `layout` of an operand carried to the result by `map` (operand dim ->
/// result dim): the result's other dimensions untiled.
DeviceLayout toResult(const DeviceLayout &layout, ArrayRef<int64_t> map,
                      int64_t resultRank);
/// The result's `layout` carried back to an operand by `map`.
DeviceLayout toOperand(const DeviceLayout &layout, ArrayRef<int64_t> map);

/// Whether `word` names `arg`: its number, or the name JAX gives it
/// (`images` for `loc("images")`).
bool namesArgument(BlockArgument arg, llvm::StringRef word);

/// Whether `func` carries any sharding (arguments, results, constraints).
bool hasShardings(func::FuncOp func);

/// The layout a `hlo.sharding` annotation gives `v` (none without one), or
/// an error at `loc` naming `what` when it is not a sharding, does not fit
/// the devices or does not divide the shape.
FailureOr<std::optional<DeviceLayout>> annotatedLayout(Attribute sharding,
                                                       Value v, Location loc,
                                                       const Twine &what,
                                                       int64_t devices);

/// A layout for every value of `func`'s body: the annotations, carried
/// through elementwise ops, broadcasts, transposes, reshapes, reductions
/// and dot_general, forward and backward until nothing changes; values no
/// rule reaches are absent (replicated). Errors are emitted, located.
FailureOr<llvm::DenseMap<Value, DeviceLayout>> propagate(func::FuncOp func,
                                                         int64_t devices);

} // namespace mlir::tpu::spmd

#endif // TPU_PASSES_SPMD_SPMD_H
