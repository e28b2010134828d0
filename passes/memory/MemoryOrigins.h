//===- MemoryOrigins.h - Where live HBM comes from --------------*- C++ -*-===//
//
// The memory report's "by origin" tables: what is live at the peak grouped
// by class (parameters and optimizer state, saved activations, gradients,
// temporaries, ...) and by the name scope exporters put in locations
// (JAX: `jit(train_step)/jvp(mlp)/dense_0/dot_general`). See docs/memory.md
// "Memory by origin".
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_MEMORY_MEMORYORIGINS_H
#define TPU_PASSES_MEMORY_MEMORYORIGINS_H

#include "passes/memory/MemoryReport.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tpu {

/// op_type and op_name from a location: `loc("a/b")` names the op;
/// `loc(fused["OneHot:", "a/b"])`, as TensorFlow's importer writes, also
/// gives its type.
void operatorOf(Location loc, tpc::Allocation &allocation);

/// Whether `loc` names an op of a JAX forward pass: under `jvp(...)` and
/// not `transpose(jvp(...))` (the backward pass).
bool inForwardPass(Location loc);

/// One allocation live at the peak, as buffer assignment placed it.
struct LiveAllocation {
  enum class Kind { DonatedArgument, Argument, Constant, Heap, Frame };
  Kind kind;
  /// The values sharing it (one for arguments and constants; none for a
  /// loop's or branch's frame or its callees' constants, whose op is `op`).
  SmallVector<Value, 2> values;
  Operation *op = nullptr;
  /// Padded as placed (aligned), so that the classes sum to the live bytes
  /// of the timeline's peak.
  int64_t padded = 0, unpadded = 0;
};

/// Fills `report.byClass` and `report.byScope` (the `top` largest scopes,
/// the rest in `report.otherScopes`). `outputs` are the returned values.
void describeOrigins(ArrayRef<LiveAllocation> live,
                     const DenseSet<Value> &outputs, unsigned top,
                     tpc::MemoryReport &report);

} // namespace mlir::tpu

#endif // TPU_PASSES_MEMORY_MEMORYORIGINS_H
