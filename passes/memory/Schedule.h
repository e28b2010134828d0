//===- Schedule.h - Memory-aware op order and value sizes -------*- C++ -*-===//
//
// What buffer assignment and rematerialization share: the bytes of a laid-out
// value and the memory-aware list schedule of a block.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_MEMORY_SCHEDULE_H
#define TPU_PASSES_MEMORY_SCHEDULE_H

#include "passes/memory/Donation.h"

namespace mlir::tpu {

/// Sizes of one tensor value.
struct ValueSize {
  int64_t padded = 0;
  int64_t unpadded = 0;
};

/// Padded bytes of the buffer; unpadded bytes of the logical value it holds
/// (after tpu-pad, the type it stood for before padding). Errors at the
/// value's location when its type has no layout (naming `pass`, which
/// needs one) or its size overflows.
FailureOr<ValueSize> sizeOf(Value value, StringRef pass = "tpu-assign-buffers");

/// Greedy list scheduling (XLA's ListScheduler heuristic): among the ops
/// whose operands are ready (and that `hints` do not hold back), run the
/// one that frees the most bytes net of what it allocates; ties keep
/// program order. Returns the ops in order (the block is not changed).
SmallVector<Operation *> schedule(Block &block,
                                  const DenseMap<Value, ValueSize> &sizes,
                                  const ScheduleHints &hints);

} // namespace mlir::tpu

#endif // TPU_PASSES_MEMORY_SCHEDULE_H
