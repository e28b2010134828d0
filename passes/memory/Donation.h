//===- Donation.h - Donated arguments and the outputs they hold -*- C++ -*-===//
//
// A training step's parameters and optimizer state come in donated (JAX's
// donate_argnums, TensorFlow's tf.aliasing_output) and go out updated.
// tpu-assign-buffers asks this class which donated argument's buffer an
// output may take (XLA's may-alias rule), and how to schedule so that it
// can. See docs/memory.md "Donated arguments".
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_MEMORY_DONATION_H
#define TPU_PASSES_MEMORY_DONATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>

namespace mlir::tpu {

/// Elementwise ops, loop fusions, loops (for their carried values) and
/// pads into tile padding compute each output element from the same
/// element of their operands, so they may write over an operand.
bool writesInPlace(Operation *op);

/// Whether each element of `use` is read only to compute the result
/// element stored at the same bytes: the operand is stored as the result
/// is, and (in a loop fusion) only elementwise ops and tile-padding pads
/// and slices lie between the parameter and the result, not a slice,
/// broadcast, reshape or transpose that reads other positions.
bool readsElementwise(OpOperand &use, Value result);

/// Whether the exporter donated argument `i` of `func`: JAX's
/// `jax.buffer_donor = true` (any output of its type: -1) or TensorFlow's
/// `tf.aliasing_output = N` (output N); nullopt if neither.
std::optional<int64_t> donationAsked(func::FuncOp func, unsigned i);

/// What the scheduler knows of donation: for each op, ops that must run
/// after it though they do not read what it computes, and the results
/// expected to take a donated argument's buffer (they allocate nothing).
struct ScheduleHints {
  DenseMap<Operation *, SmallVector<Operation *, 1>> edges;
  DenseSet<Value> donated;
  /// Ops cloned so that a donated update's readers have their own copy:
  /// (original, copy).
  SmallVector<std::pair<Operation *, Operation *>> copies;
};

class Donation {
public:
  /// The donors of `func`'s single block: `jax.buffer_donor = true`,
  /// `tf.aliasing_output = N` (that output only), every argument with
  /// `donateAll`, and an outlined loop body's carried values.
  Donation(func::FuncOp func, bool donateAll);

  /// Orders the other readers of a donated argument before the op that
  /// computes its update, when they do not depend on the update, so that
  /// the update can take the argument's buffer (where XLA would copy). An
  /// update that other ops also read, and that reads only arguments and
  /// constants, is cloned for them (recorded in `copies`).
  ScheduleHints scheduleHints();

  /// The donated argument whose buffer output `result` of `op` takes, if
  /// one may, marking it used. `position` gives each op's place in the
  /// schedule.
  BlockArgument donorFor(Operation *op, Value result,
                         const std::function<int64_t(Operation *)> &position);

  /// The donated argument an in-place chain may run in: `op` writes
  /// `result` in place over an unused donor argument that dies at `op`, and
  /// the values after it, each read last by the next in-place op, end as
  /// the output the argument may hold (a loop body's dynamic update slices
  /// over a carried value). Marks it used.
  BlockArgument
  chainDonorFor(Operation *op, Value result,
                const std::function<int64_t(Operation *)> &position);

  /// JAX's "Some donated buffers were not usable": a warning per donation
  /// the program asked for and no output took, saying why.
  void warnUnused() const;

private:
  /// The uses that read `v`, seen through bitcasts (which read nothing:
  /// their users do); the terminator's included.
  SmallVector<OpOperand *> readingUses(Value v) const;
  /// The value `result` is returned as: itself, or a slice of it that only
  /// drops tile padding (the same bytes), as tpu-pad returns a padded
  /// computation; null if neither is returned.
  Value returnedAs(Value result) const;

  struct Donor {
    BlockArgument arg;
    int64_t output; // the output it must hold (tf.aliasing_output), or -1
    bool explicitlyDonated;
    bool used = false;
  };
  Block &block;
  SmallVector<Donor> donors;
  /// Output values and their indices among the returned values.
  DenseMap<Value, SmallVector<int64_t, 1>> outputIndices;
};

} // namespace mlir::tpu

#endif // TPU_PASSES_MEMORY_DONATION_H
