//===- Schedule.cpp - Memory-aware op order and value sizes ---------------===//
//
// XLA's list scheduler over a function's block, shared by
// tpu-rematerialize (which fixes the order it then rewrites) and
// tpu-assign-buffers (which places buffers along it).
//
//===----------------------------------------------------------------------===//

#include "passes/memory/Schedule.h"
#include "passes/PassUtils.h"

#include "dialects/hlo/HLOOps.h"

#include <deque>
#include <queue>

using namespace mlir;
using namespace mlir::tpu;

FailureOr<ValueSize> mlir::tpu::sizeOf(Value value, StringRef pass) {
  Location loc = value.getLoc();
  FailureOr<tpc::Shape> shape = laidOutShape(loc, value.getType(), pass);
  if (failed(shape))
    return failure();
  FailureOr<tpc::Shape> logical = laidOutShape(loc, logicalTypeOf(value), pass);
  if (failed(logical))
    return failure();
  absl::StatusOr<int64_t> padded = tpc::paddedBytes(*shape);
  absl::StatusOr<int64_t> unpadded = tpc::unpaddedBytes(*logical);
  if (!padded.ok() || !unpadded.ok())
    return emitError(loc)
           << "cannot size " << value.getType() << ": "
           << std::string((padded.ok() ? unpadded : padded).status().message());
  return ValueSize{*padded, *unpadded};
}

SmallVector<Operation *>
mlir::tpu::schedule(Block &block, const DenseMap<Value, ValueSize> &sizes,
                    const ScheduleHints &hints) {
  SmallVector<Operation *> ops;
  for (Operation &op : block.without_terminator())
    ops.push_back(&op);
  DenseMap<Operation *, size_t> position;
  for (auto [i, op] : llvm::enumerate(ops))
    position[op] = i;
  // Unscheduled users per value, and unscheduled producers per op.
  DenseMap<Value, unsigned> usersLeft;
  std::vector<unsigned> waitingOn(ops.size(), 0);
  for (auto [i, op] : llvm::enumerate(ops)) {
    SmallPtrSet<Operation *, 4> producers;
    for (Value operand : op->getOperands()) {
      if (Operation *def = operand.getDefiningOp())
        if (position.count(def))
          producers.insert(def);
    }
    waitingOn[i] += producers.size();
    for (Operation *later : hints.edges.lookup(op))
      ++waitingOn[position[later]];
    for (Value result : op->getResults()) {
      SmallPtrSet<Operation *, 4> users(result.user_begin(), result.user_end());
      usersLeft[result] = users.size();
    }
  }
  auto netFreed = [&](Operation *op) {
    int64_t freed = 0;
    SmallPtrSet<Value, 4> seen;
    for (Value operand : op->getOperands())
      if (operand.getDefiningOp() && seen.insert(operand).second &&
          usersLeft.lookup(operand) == 1 && sizes.count(operand))
        freed += sizes.lookup(operand).padded;
    for (Value result : op->getResults())
      if (sizes.count(result) && !hints.donated.count(result))
        freed -= sizes.lookup(result).padded;
    return freed;
  };
  // Ready ops by score, then program order. A score only grows (when an
  // operand is left with one reader), so each change pushes a fresh entry
  // and entries whose score is no longer the op's are dropped when popped:
  // O(n log n) where a scan of every op per step was O(n^2).
  using Entry = std::pair<int64_t, size_t>; // score, position
  auto after = [](const Entry &a, const Entry &b) {
    return a.first != b.first ? a.first < b.first : a.second > b.second;
  };
  std::priority_queue<Entry, std::vector<Entry>, decltype(after)> ready(after);
  std::vector<int64_t> score(ops.size(), 0);
  std::vector<bool> done(ops.size(), false);
  auto push = [&](size_t i) {
    score[i] = netFreed(ops[i]);
    ready.push({score[i], i});
  };
  // XLA's latency hiding, bounded: an op that reads a reduction over the
  // ICI (a gradient's all-reduce or reduce-scatter) waits until a few more
  // ops are scheduled, so that the collective runs beside them (the
  // runtime starts a kernel beside a collective it does not touch). Each
  // deferred op keeps the collective's result live that much longer.
  constexpr size_t kHideBehind = 4;
  std::deque<std::pair<size_t, size_t>> deferred; // op, release position
  auto readsReduction = [&](Operation *op) {
    return llvm::any_of(op->getOperands(), [](Value v) {
      return isa_and_nonnull<hlo::AllReduceOp, hlo::ReduceScatterOp>(
          v.getDefiningOp());
    });
  };
  SmallVector<Operation *> order;
  auto release = [&](size_t i) {
    if (readsReduction(ops[i]))
      deferred.push_back({i, order.size() + kHideBehind});
    else
      push(i);
  };
  for (size_t i = 0; i < ops.size(); ++i)
    if (!waitingOn[i])
      release(i);
  while (!ready.empty() || !deferred.empty()) {
    while (!deferred.empty() &&
           (deferred.front().second <= order.size() || ready.empty())) {
      push(deferred.front().first);
      deferred.pop_front();
    }
    auto [entryScore, best] = ready.top();
    ready.pop();
    if (done[best] || entryScore != score[best])
      continue;
    Operation *op = ops[best];
    done[best] = true;
    order.push_back(op);
    SmallPtrSet<Value, 4> seen;
    for (Value operand : op->getOperands()) {
      if (!seen.insert(operand).second || !usersLeft.count(operand) ||
          --usersLeft[operand] != 1)
        continue;
      // Its last reader now frees it.
      for (Operation *user : operand.getUsers()) {
        auto it = position.find(user);
        if (it != position.end() && !done[it->second] &&
            !waitingOn[it->second]) {
          push(it->second);
          break;
        }
      }
    }
    SmallPtrSet<Operation *, 4> released;
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        if (position.count(user) && released.insert(user).second &&
            --waitingOn[position[user]] == 0)
          release(position[user]);
    for (Operation *later : hints.edges.lookup(op))
      if (--waitingOn[position[later]] == 0)
        release(position[later]);
  }
  return order;
}
