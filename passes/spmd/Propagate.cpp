//===- Propagate.cpp - sharding propagation (GSPMD's) --------------------===//
//
// Part of hlo-propagate-sharding and hlo-spmd-partition.
//
// Carries the annotated layouts through the ops whose dimensions map onto
// their result's, forward and backward, until nothing changes. The first
// layout a value gets is kept (annotations first): like GSPMD's, a
// propagation that favours what the user wrote over what a later op
// would like.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/spmd/Spmd.h"
#include "runtime/machine/Topology.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::spmd;

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

std::optional<SmallVector<int64_t>> spmd::operandMap(Operation *op,
                                                     unsigned operand) {
  auto identity = [&]() {
    return llvm::to_vector(
        llvm::seq<int64_t>(0, shapeOf(op->getOperand(operand)).size()));
  };
  if (op->hasTrait<hlo::OpTrait::SameShapeElementwise>() ||
      isa<hlo::ShardingConstraintOp>(op))
    return identity();
  return TypeSwitch<Operation *, std::optional<SmallVector<int64_t>>>(op)
      .Case([&](hlo::BroadcastInDimOp b) {
        SmallVector<int64_t> map;
        ArrayRef<int64_t> from = shapeOf(b.getOperand()), to = shapeOf(b);
        for (auto [i, d] : llvm::enumerate(b.getBroadcastDimensions()))
          map.push_back(from[i] == to[d] ? d : -1);
        return map;
      })
      .Case([&](hlo::TransposeOp t) {
        SmallVector<int64_t> map(t.getPermutation().size());
        for (auto [i, p] : llvm::enumerate(t.getPermutation()))
          map[p] = i;
        return map;
      })
      .Case([&](hlo::ReduceOp r) {
        SmallVector<int64_t> map;
        int64_t kept = 0;
        for (int64_t d = 0, e = shapeOf(r.getOperand()).size(); d < e; ++d)
          map.push_back(llvm::is_contained(r.getDimensions(), d) ? -1 : kept++);
        return map;
      })
      .Case([&](hlo::ConvolutionOp) {
        // Images are independent: only the batch carries tiles (lhs's and
        // the result's dimension 0); the kernel is read whole.
        SmallVector<int64_t> map(shapeOf(op->getOperand(operand)).size(), -1);
        if (operand == 0)
          map[0] = 0;
        return map;
      })
      .Case([&](hlo::DotGeneralOp dot) {
        bool lhs = operand == 0;
        ArrayRef<int64_t> batch = lhs ? dot.getLhsBatchingDimensions()
                                      : dot.getRhsBatchingDimensions();
        SmallVector<int64_t> lhsFree = dot.getLhsFreeDimensions();
        SmallVector<int64_t> free = lhs ? lhsFree : dot.getRhsFreeDimensions();
        SmallVector<int64_t> map(shapeOf(op->getOperand(operand)).size(), -1);
        for (auto [i, d] : llvm::enumerate(batch))
          map[d] = i;
        int64_t first = batch.size() + (lhs ? 0 : lhsFree.size());
        for (auto [i, d] : llvm::enumerate(free))
          map[d] = first + i;
        return map;
      })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<SmallVector<int64_t>>
spmd::reshapeMap(ArrayRef<int64_t> from, ArrayRef<int64_t> to,
                 const DeviceLayout &layout) {
  SmallVector<int64_t> map(from.size(), -1);
  for (size_t i = 0; i < from.size(); ++i) {
    int64_t t = layout.tiles[i];
    if (t == 1)
      continue;
    int64_t before = 1;
    for (size_t k = 0; k < i; ++k)
      before *= from[k];
    int64_t prefix = 1;
    std::optional<int64_t> partner;
    for (size_t j = 0; j < to.size() && prefix <= before; prefix *= to[j++])
      if (prefix == before && to[j] % t == 0 && from[i] % t == 0) {
        partner = j;
        break;
      }
    if (!partner || llvm::is_contained(map, *partner))
      return std::nullopt;
    map[i] = *partner;
  }
  return map;
}

DeviceLayout spmd::toResult(const DeviceLayout &layout, ArrayRef<int64_t> map,
                            int64_t resultRank) {
  SmallVector<int64_t> from(resultRank, -1);
  for (auto [i, r] : llvm::enumerate(map))
    if (r >= 0)
      from[r] = i;
  return layout.select(from);
}

DeviceLayout spmd::toOperand(const DeviceLayout &layout,
                             ArrayRef<int64_t> map) {
  return layout.select(map);
}

bool mlir::tpu::hasCollectives(func::FuncOp func) {
  // A manual computation's collectives are its body's own.
  return func
      .walk<WalkOrder::PreOrder>([](Operation *op) {
        if (isa<hlo::ManualComputationOp>(op))
          return WalkResult::skip();
        return isa<hlo::AllReduceOp, hlo::AllGatherOp, hlo::ReduceScatterOp,
                   hlo::AllToAllOp, hlo::CollectivePermuteOp, hlo::DeviceIdOp>(
                   op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

bool spmd::hasShardings(func::FuncOp func) {
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (func.getArgAttr(i, kShardingAttrName))
      return true;
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    if (func.getResultAttr(i, kShardingAttrName))
      return true;
  return func
      .walk([](Operation *op) {
        return isa<hlo::ShardingConstraintOp, hlo::ManualComputationOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
class Propagation {
public:
  Propagation(func::FuncOp func, int64_t devices)
      : func(func), devices(devices) {}
  FailureOr<DenseMap<Value, DeviceLayout>> run();

private:
  /// A layout for `v` from `sharding`, or a located error.
  LogicalResult seed(Value v, Attribute sharding, Location loc,
                     const Twine &what);
  /// Only tiled layouts propagate: a value a rule would replicate (a
  /// contraction over tiles) stays open to what its users want.
  bool set(Value v, DeviceLayout layout) {
    if (layouts.count(v) || layout.isReplicated() ||
        !layout.divides(shapeOf(v)) || !layout.isUniform())
      return false;
    layouts.try_emplace(v, std::move(layout));
    return true;
  }
  bool forward(Operation *op);
  bool backward(Operation *op);

  func::FuncOp func;
  int64_t devices;
  DenseMap<Value, DeviceLayout> layouts;
};
} // namespace

FailureOr<std::optional<DeviceLayout>>
spmd::annotatedLayout(Attribute sharding, Value v, Location loc,
                      const Twine &what, int64_t devices) {
  if (!sharding)
    return std::optional<DeviceLayout>();
  auto attr = dyn_cast<hlo::ShardingAttr>(sharding);
  if (!attr)
    return emitError(loc) << what
                          << ": `hlo.sharding` must be a #hlo.sharding "
                             "attribute";
  std::string error;
  FailureOr<DeviceLayout> layout =
      DeviceLayout::get(attr, shapeOf(v).size(), devices, error);
  if (failed(layout))
    return emitError(loc) << what << "'s sharding " << attr.str() << " "
                          << error;
  if (!layout->divides(shapeOf(v)))
    return emitError(loc) << what << "'s sharding " << attr.str()
                          << " does not divide its shape evenly (uneven "
                             "shardings are not supported)";
  return std::optional<DeviceLayout>(*layout);
}

LogicalResult Propagation::seed(Value v, Attribute sharding, Location loc,
                                const Twine &what) {
  auto layout = annotatedLayout(sharding, v, loc, what, devices);
  if (failed(layout))
    return failure();
  if (*layout)
    layouts.try_emplace(v, **layout);
  return success();
}

bool Propagation::forward(Operation *op) {
  // A broadcast takes the layout its users want (backward): carried
  // forward, a small cut operand (a ZeRO-sharded bias) would lay out a
  // large result against the activations it meets, and resharding that
  // costs far more than gathering the operand.
  if (op->getNumResults() != 1 || layouts.count(op->getResult(0)) ||
      isa<hlo::BroadcastInDimOp>(op))
    return false;
  Value result = op->getResult(0);
  int64_t rank = shapeOf(result).size();
  if (auto reshape = dyn_cast<hlo::ReshapeOp>(op)) {
    auto it = layouts.find(reshape.getOperand());
    if (it == layouts.end())
      return false;
    auto map =
        reshapeMap(shapeOf(reshape.getOperand()), shapeOf(result), it->second);
    return map && set(result, toResult(it->second, *map, rank));
  }
  // The most tiled operand's layout; a matmul combines both operands'.
  std::optional<DeviceLayout> best;
  int64_t bestTiles = 0;
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    auto it = layouts.find(op->getOperand(i));
    std::optional<SmallVector<int64_t>> map = operandMap(op, i);
    if (it == layouts.end() || !map)
      continue;
    DeviceLayout candidate = toResult(it->second, *map, rank);
    if (best && isa<hlo::DotGeneralOp>(op)) {
      DeviceLayout both = *best;
      for (int64_t r = 0; r < rank; ++r)
        if (candidate.tiles[r] > 1 && both.tiles[r] == 1) {
          both.tiles[r] = candidate.tiles[r];
          for (int64_t d = 0; d < devices; ++d)
            both.coords[d][r] = candidate.coords[d][r];
        }
      if (both.isUniform())
        candidate = both;
    }
    int64_t tiles = 1;
    for (int64_t t : candidate.tiles)
      tiles *= t;
    if (!best || tiles > bestTiles) {
      best = std::move(candidate);
      bestTiles = tiles;
    }
  }
  return best && set(result, std::move(*best));
}

bool Propagation::backward(Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  auto it = layouts.find(op->getResult(0));
  if (it == layouts.end())
    return false;
  DeviceLayout result = it->second;
  bool changed = false;
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    Value operand = op->getOperand(i);
    if (layouts.count(operand))
      continue;
    std::optional<SmallVector<int64_t>> map;
    if (auto reshape = dyn_cast<hlo::ReshapeOp>(op))
      // The reverse reshape carries the result's tiles back.
      map = reshapeMap(shapeOf(reshape), shapeOf(operand), result);
    else
      map = operandMap(op, i);
    if (!map)
      continue;
    DeviceLayout layout = isa<hlo::ReshapeOp>(op)
                              ? toResult(result, *map, shapeOf(operand).size())
                              : toOperand(result, *map);
    changed |= set(operand, std::move(layout));
  }
  return changed;
}

FailureOr<DenseMap<Value, DeviceLayout>> Propagation::run() {
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments())
    if (failed(seed(arg, func.getArgAttr(arg.getArgNumber(), kShardingAttrName),
                    arg.getLoc(), "argument " + Twine(arg.getArgNumber()))))
      return failure();
  for (Operation &op : body.without_terminator()) {
    if (auto c = dyn_cast<hlo::ShardingConstraintOp>(op))
      if (failed(seed(c, c.getSharding(), c.getLoc(), "the constraint")))
        return failure();
    // A manual computation takes its inputs and gives its results in the
    // layouts it names (its inputs keep a layout they have, and are
    // resharded).
    if (auto m = dyn_cast<hlo::ManualComputationOp>(op)) {
      for (auto [i, v, s] : llvm::enumerate(m.getInputs(), m.getInShardings()))
        if (failed(seed(v, s, m.getLoc(), "the manual computation's input " +
                                              Twine(i))))
          return failure();
      for (auto [i, v, s] :
           llvm::enumerate(m.getResults(), m.getOutShardings()))
        if (failed(seed(v, s, m.getLoc(), "the manual computation's result " +
                                              Twine(i))))
          return failure();
    }
  }
  Operation *ret = body.getTerminator();
  // A returned value keeps a layout it has (an argument's); the result is
  // resharded to its own when they differ.
  for (auto [i, v] : llvm::enumerate(ret->getOperands()))
    if (failed(seed(v, func.getResultAttr(i, kShardingAttrName), ret->getLoc(),
                    "result " + Twine(i))))
      return failure();
  // Each round only adds layouts, so this ends.
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation &op : body.without_terminator())
      changed |= forward(&op);
    for (Operation &op : llvm::reverse(body.without_terminator()))
      changed |= backward(&op);
  }
  return std::move(layouts);
}

FailureOr<DenseMap<Value, DeviceLayout>> spmd::propagate(func::FuncOp func,
                                                         int64_t devices) {
  return Propagation(func, devices).run();
}
