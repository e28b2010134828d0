//===- Partition.cpp - the SPMD partitioner (GSPMD's) --------------------===//
//
// Rewrites a function written for one device, with its values' layouts
// from propagation, into the program every device runs on its own tiles.
// Each op computes on tiles where its rule allows: elementwise ops,
// broadcasts and transposes on the tiles their result wants; a reduction
// over a tiled dimension reduces its tile and all-reduces the partial
// results; a matmul either computes the tile its result wants from
// gathered operands or contracts tiled operands and all-reduces, whichever
// moves fewer bytes. Every other op computes the whole tensor (its
// operands gathered), which is always correct. Resharding gathers the
// dimensions whose tiling changes (all_gather) and cuts the new tiles
// with a dynamic_slice at offsets read by device id.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/spmd/Spmd.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOSPMDPARTITION
#define GEN_PASS_DEF_HLOPROPAGATESHARDING
#include "passes/spmd/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::spmd;

/// Arguments keep their whole types until every op is partitioned (the
/// rules read them); the new ops read the tiles.
static RankedTensorType typeOf(Value v) {
  return cast<RankedTensorType>(v.getType());
}

static int64_t bytesOf(RankedTensorType type) {
  return type.getNumElements() *
         std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
}

namespace {
class Partitioner {
public:
  Partitioner(func::FuncOp func, int64_t devices,
              DenseMap<Value, DeviceLayout> want)
      : func(func), devices(devices), want(std::move(want)),
        b(func.getContext()) {}
  LogicalResult run();

private:
  struct Local {
    Value value;
    DeviceLayout layout;
  };
  DeviceLayout wanted(Value v) const {
    auto it = want.find(v);
    return it != want.end()
               ? it->second
               : DeviceLayout::replicated(typeOf(v).getRank(), devices);
  }
  RankedTensorType tileType(Value global, const DeviceLayout &layout) const {
    return typeOf(global).clone(layout.tileShape(typeOf(global).getShape()));
  }
  DenseIntElementsAttr groupsAttr(ArrayRef<SmallVector<int64_t>> groups);
  /// Bytes an all_gather moves to bring `global` from `from` to `to`.
  int64_t reshardCost(Value global, const DeviceLayout &from,
                      const DeviceLayout &to) const;
  Value reshard(Value global, const DeviceLayout &to, Location loc);
  /// The i32 scalar offsets[device id].
  Value deviceOffset(ArrayRef<int64_t> offsets, Location loc);
  /// Maps the values `regions` read from above to their whole tensors on
  /// every device (regions compute what their op computes, whole).
  void mapCapturedWhole(MutableArrayRef<Region> regions, IRMapping &map,
                        Location loc);
  /// Clones `op` on operands resharded to `targets` (regions' captures
  /// replicated); its single result is laid out as `result`.
  LogicalResult clone(Operation &op, ArrayRef<DeviceLayout> targets,
                      const DeviceLayout &result);
  LogicalResult partition(Operation &op);
  LogicalResult partitionReduce(hlo::ReduceOp op);
  LogicalResult partitionDot(hlo::DotGeneralOp op);
  LogicalResult partitionManual(hlo::ManualComputationOp op);
  Value allReduce(Value partial, hlo::ReduceKind kind,
                  ArrayRef<SmallVector<int64_t>> groups, Location loc);

  func::FuncOp func;
  int64_t devices;
  DenseMap<Value, DeviceLayout> want;
  DenseMap<Value, Local> locals;
  OpBuilder b;
  Value deviceIndex;
};
} // namespace

DenseIntElementsAttr
Partitioner::groupsAttr(ArrayRef<SmallVector<int64_t>> groups) {
  SmallVector<int64_t> flat;
  for (const auto &g : groups)
    flat.append(g.begin(), g.end());
  auto type = RankedTensorType::get(
      {int64_t(groups.size()), int64_t(groups.front().size())}, b.getI64Type());
  return DenseIntElementsAttr::get(type, flat);
}

/// Whether dimension `k` must be gathered to go from `from` to `to`.
static bool regathers(const DeviceLayout &from, const DeviceLayout &to,
                      int64_t k) {
  if (from.tiles[k] == 1)
    return false;
  if (from.tiles[k] != to.tiles[k])
    return true;
  for (int64_t d = 0; d < from.devices(); ++d)
    if (from.coords[d][k] != to.coords[d][k])
      return true;
  return false;
}

int64_t Partitioner::reshardCost(Value global, const DeviceLayout &from,
                                 const DeviceLayout &to) const {
  for (int64_t k = 0; k < from.rank(); ++k)
    if (regathers(from, to, k))
      return bytesOf(typeOf(global));
  return 0;
}

Value Partitioner::deviceOffset(ArrayRef<int64_t> offsets, Location loc) {
  auto i32 = RankedTensorType::get({}, b.getI32Type());
  if (!deviceIndex) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&func.getBody().front());
    auto ui32 = RankedTensorType::get(
        {}, IntegerType::get(b.getContext(), 32, IntegerType::Unsigned));
    Value id = hlo::DeviceIdOp::create(b, func.getLoc(), ui32);
    deviceIndex = hlo::ConvertOp::create(b, func.getLoc(), i32, id);
  }
  SmallVector<int32_t> table(offsets.begin(), offsets.end());
  if (llvm::all_equal(table))
    return hlo::ConstantOp::create(
        b, loc, DenseIntElementsAttr::get(i32, ArrayRef<int32_t>(table[0])));
  auto tableType = RankedTensorType::get({devices}, b.getI32Type());
  Value values = hlo::ConstantOp::create(
      b, loc, DenseIntElementsAttr::get(tableType, ArrayRef<int32_t>(table)));
  Value one = hlo::DynamicSliceOp::create(
      b, loc, RankedTensorType::get({1}, b.getI32Type()), values,
      ValueRange{deviceIndex}, ArrayRef<int64_t>{1});
  return hlo::ReshapeOp::create(b, loc, i32, one);
}

Value Partitioner::reshard(Value global, const DeviceLayout &to, Location loc) {
  const Local &from = locals.at(global);
  if (from.layout == to)
    return from.value;
  Value v = from.value;
  DeviceLayout at = from.layout;
  for (int64_t k = 0; k < at.rank(); ++k) {
    if (!regathers(at, to, k))
      continue;
    // Uniform layouts always group (propagation and the rules keep them so).
    auto groups = at.groups({k});
    at.tiles[k] = 1;
    for (auto &c : at.coords)
      c[k] = 0;
    v = hlo::AllGatherOp::create(b, loc, tileType(global, at), v, uint64_t(k),
                                 groupsAttr(*groups), IntegerAttr());
  }
  ArrayRef<int64_t> shape = typeOf(global).getShape();
  bool slices = false;
  for (int64_t k = 0; k < at.rank(); ++k)
    slices |= at.tiles[k] == 1 && to.tiles[k] > 1;
  if (!slices)
    return v;
  SmallVector<Value> starts;
  for (int64_t k = 0; k < at.rank(); ++k) {
    SmallVector<int64_t> offsets(devices, 0);
    if (at.tiles[k] == 1 && to.tiles[k] > 1)
      for (int64_t d = 0; d < devices; ++d)
        offsets[d] = to.coords[d][k] * (shape[k] / to.tiles[k]);
    starts.push_back(deviceOffset(offsets, loc));
  }
  return hlo::DynamicSliceOp::create(b, loc, tileType(global, to), v, starts,
                                     to.tileShape(shape));
}

void Partitioner::mapCapturedWhole(MutableArrayRef<Region> regions,
                                   IRMapping &map, Location loc) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(regions, captured);
  for (Value v : captured)
    if (locals.count(v))
      map.map(v, reshard(v,
                         DeviceLayout::replicated(typeOf(v).getRank(), devices),
                         loc));
}

LogicalResult Partitioner::clone(Operation &op, ArrayRef<DeviceLayout> targets,
                                 const DeviceLayout &result) {
  IRMapping map;
  for (auto [operand, target] : llvm::zip(op.getOperands(), targets))
    map.map(operand, reshard(operand, target, op.getLoc()));
  mapCapturedWhole(op.getRegions(), map, op.getLoc());
  Operation *copy = b.clone(op, map);
  for (auto [old, fresh] : llvm::zip(op.getResults(), copy->getResults())) {
    DeviceLayout layout =
        op.getNumResults() == 1
            ? result
            : DeviceLayout::replicated(typeOf(old).getRank(), devices);
    fresh.setType(tileType(old, layout));
    locals[old] = {fresh, layout};
  }
  return success();
}

Value Partitioner::allReduce(Value partial, hlo::ReduceKind kind,
                             ArrayRef<SmallVector<int64_t>> groups,
                             Location loc) {
  return hlo::AllReduceOp::create(b, loc, partial.getType(), kind, partial,
                                  groupsAttr(groups), IntegerAttr());
}

LogicalResult Partitioner::partitionReduce(hlo::ReduceOp op) {
  // A copy: cloning adds to `locals`, which may move its entries.
  DeviceLayout in = locals.at(op.getOperand()).layout;
  SmallVector<int64_t> tiled;
  for (int64_t d : op.getDimensions())
    if (in.tiles[d] > 1)
      tiled.push_back(d);
  // Each device reduces its tile; the devices holding the other tiles of
  // the reduced dimensions hold the rest. (Every layout here is uniform, so
  // the groups exist.)
  auto groups = in.groups(tiled);
  int64_t rank = typeOf(op).getRank();
  if (!tiled.empty() && failed(groups))
    return clone(*op, {DeviceLayout::replicated(in.rank(), devices)},
                 DeviceLayout::replicated(rank, devices));
  if (failed(clone(*op, {in}, toResult(in, *operandMap(op, 0), rank))))
    return failure();
  if (tiled.empty())
    return success();
  Local &out = locals[op.getResult()];
  out.value = allReduce(out.value, op.getKind(), *groups, op.getLoc());
  return success();
}

/// The dimension a reduce-scatter over `groups` can cut the sum of
/// `partial` tiles along so that every device gets its tile of `wanted`:
/// the one dimension `wanted` tiles and `partial` does not, its tiles
/// numbering one per group member, every other dimension alike. Reorders
/// each group by the tile its devices want.
static std::optional<int64_t>
scatterDimension(const DeviceLayout &partial, const DeviceLayout &wanted,
                 SmallVector<SmallVector<int64_t>> &groups) {
  std::optional<int64_t> dim;
  for (int64_t k = 0; k < partial.rank(); ++k) {
    bool differs = partial.tiles[k] != wanted.tiles[k];
    for (int64_t d = 0; !differs && d < partial.devices(); ++d)
      differs = partial.coords[d][k] != wanted.coords[d][k];
    if (!differs)
      continue;
    if (dim || partial.tiles[k] != 1 ||
        wanted.tiles[k] != int64_t(groups.front().size()))
      return std::nullopt;
    dim = k;
  }
  if (!dim)
    return std::nullopt;
  for (SmallVector<int64_t> &group : groups) {
    SmallVector<int64_t> ordered(group.size(), -1);
    for (int64_t d : group) {
      int64_t at = wanted.coords[d][*dim];
      if (ordered[at] >= 0)
        return std::nullopt;
      ordered[at] = d;
    }
    group = std::move(ordered);
  }
  return dim;
}

LogicalResult Partitioner::partitionDot(hlo::DotGeneralOp op) {
  DeviceLayout lhs = locals.at(op.getLhs()).layout;
  DeviceLayout rhs = locals.at(op.getRhs()).layout;
  DeviceLayout result = wanted(op.getResult());
  SmallVector<int64_t> lhsMap = *operandMap(op, 0), rhsMap = *operandMap(op, 1);
  // The result's tile from operands gathered to it.
  DeviceLayout lhsTarget = toOperand(result, lhsMap);
  DeviceLayout rhsTarget = toOperand(result, rhsMap);
  int64_t gatherCost = reshardCost(op.getLhs(), lhs, lhsTarget) +
                       reshardCost(op.getRhs(), rhs, rhsTarget);
  // Or contract the operands' tiles where they agree, then all-reduce.
  int64_t rank = typeOf(op).getRank();
  ArrayRef<int64_t> lc = op.getLhsContractingDimensions();
  ArrayRef<int64_t> rc = op.getRhsContractingDimensions();
  ArrayRef<int64_t> lb = op.getLhsBatchingDimensions();
  ArrayRef<int64_t> rb = op.getRhsBatchingDimensions();
  bool agree = llvm::any_of(lc, [&](int64_t d) { return lhs.tiles[d] > 1; });
  SmallVector<std::pair<int64_t, int64_t>> paired;
  for (size_t i = 0; i < lc.size(); ++i)
    paired.push_back({lc[i], rc[i]});
  for (size_t i = 0; i < lb.size(); ++i)
    paired.push_back({lb[i], rb[i]});
  for (int64_t d = 0; agree && d < devices; ++d)
    for (auto [l, r] : paired)
      agree &=
          lhs.tiles[l] == rhs.tiles[r] && lhs.coords[d][l] == rhs.coords[d][r];
  // The space of the contraction: result dimensions, then contracted ones.
  DeviceLayout space = DeviceLayout::replicated(rank + lc.size(), devices);
  if (agree) {
    auto place = [&](const DeviceLayout &from, int64_t f, int64_t to) {
      space.tiles[to] = from.tiles[f];
      for (int64_t d = 0; d < devices; ++d)
        space.coords[d][to] = from.coords[d][f];
    };
    for (auto [f, to] : llvm::enumerate(lhsMap))
      if (to >= 0)
        place(lhs, f, to);
    for (auto [f, to] : llvm::enumerate(rhsMap))
      if (to >= 0 && !llvm::is_contained(rb, int64_t(f)))
        place(rhs, f, to);
    for (auto [i, d] : llvm::enumerate(lc))
      place(lhs, d, rank + i);
    agree = space.isUniform();
  }
  // Gathering what another device holds costs memory as well as bytes on
  // the links (whole activations, for a gradient), so partial sums win
  // unless the gathered operands are already in place.
  if (!agree || gatherCost == 0)
    return clone(*op, {lhsTarget, rhsTarget}, result);
  SmallVector<int64_t> resultDims =
      llvm::to_vector(llvm::seq<int64_t>(0, rank));
  DeviceLayout partial = space.select(resultDims);
  SmallVector<int64_t> contracted;
  for (size_t i = 0; i < lc.size(); ++i)
    if (space.tiles[rank + i] > 1)
      contracted.push_back(rank + i);
  auto groups = space.groups(contracted);
  if (failed(groups))
    return clone(*op, {lhsTarget, rhsTarget}, result);
  if (failed(clone(*op, {lhs, rhs}, partial)))
    return failure();
  Local &out = locals[op.getResult()];
  if (std::optional<int64_t> k = scatterDimension(partial, result, *groups)) {
    // Each device keeps only the tile of the sum it wants (ZeRO-2's
    // gradient reduce-scatter) instead of all of it.
    out.value = hlo::ReduceScatterOp::create(
        b, op.getLoc(), tileType(op.getResult(), result),
        hlo::ReduceKindAttr::get(b.getContext(), hlo::ReduceKind::sum),
        out.value, b.getI64IntegerAttr(*k), groupsAttr(*groups), IntegerAttr());
    out.layout = result;
    return success();
  }
  out.value = allReduce(out.value, hlo::ReduceKind::sum, *groups, op.getLoc());
  return success();
}

/// The body runs as written on every device's tiles: the inputs resharded
/// to the tiles it takes, the results laid out as it gives them.
LogicalResult Partitioner::partitionManual(hlo::ManualComputationOp op) {
  if (op.getDevices() != devices)
    return op.emitOpError("is written for ")
           << op.getDevices() << " devices, but the program runs on "
           << devices;
  auto layoutOf = [&](Attribute sharding, Value v) {
    std::string error;
    // The verifier checked that the sharding fits and divides.
    return *DeviceLayout::get(cast<hlo::ShardingAttr>(sharding),
                              typeOf(v).getRank(), devices, error);
  };
  IRMapping map;
  for (auto [v, sharding, arg] :
       llvm::zip(op.getInputs(), op.getInShardings(), op.getBlock().getArguments()))
    map.map(arg, reshard(v, layoutOf(sharding, v), op.getLoc()));
  mapCapturedWhole(op->getRegions(), map, op.getLoc());
  // Every value in it is per device: a sharding there constrains nothing.
  for (Operation &inner : op.getBlock().without_terminator()) {
    if (auto c = dyn_cast<hlo::ShardingConstraintOp>(inner))
      map.map(c.getResult(), map.lookupOrDefault(c.getOperand()));
    else
      b.clone(inner, map);
  }
  Operation *yield = op.getBlock().getTerminator();
  for (auto [result, sharding, value] :
       llvm::zip(op.getResults(), op.getOutShardings(), yield->getOperands()))
    locals[result] = {map.lookupOrDefault(value), layoutOf(sharding, result)};
  return success();
}

LogicalResult Partitioner::partition(Operation &op) {
  b.setInsertionPoint(&op);
  if (auto manual = dyn_cast<hlo::ManualComputationOp>(op))
    return partitionManual(manual);
  if (isa<hlo::AllReduceOp, hlo::AllGatherOp, hlo::ReduceScatterOp,
          hlo::AllToAllOp, hlo::CollectivePermuteOp, hlo::DeviceIdOp>(op))
    return op.emitOpError("is an explicit collective in a program with "
                          "sharding annotations, which hlo-spmd-partition "
                          "partitions itself (mixing the two is not "
                          "supported)");
  if (auto reduce = dyn_cast<hlo::ReduceOp>(op))
    return partitionReduce(reduce);
  if (auto dot = dyn_cast<hlo::DotGeneralOp>(op))
    return partitionDot(dot);
  if (op.getNumResults() != 1)
    return clone(
        op,
        llvm::to_vector(llvm::map_range(op.getOperands(),
                                        [&](Value v) {
                                          return DeviceLayout::replicated(
                                              typeOf(v).getRank(), devices);
                                        })),
        DeviceLayout());
  Value result = op.getResult(0);
  // Ops without a rule (constants among them) compute whole tensors.
  DeviceLayout layout =
      (op.getNumOperands() && operandMap(&op, 0)) || isa<hlo::ReshapeOp>(op)
          ? wanted(result)
          : DeviceLayout::replicated(typeOf(result).getRank(), devices);
  SmallVector<DeviceLayout> targets;
  for (unsigned i = 0; i < op.getNumOperands(); ++i) {
    Value operand = op.getOperand(i);
    std::optional<SmallVector<int64_t>> map;
    if (isa<hlo::ReshapeOp>(op))
      map = reshapeMap(typeOf(result).getShape(), typeOf(operand).getShape(),
                       layout);
    else
      map = operandMap(&op, i);
    if (!map) {
      // Computed whole.
      layout = DeviceLayout::replicated(typeOf(result).getRank(), devices);
      targets.assign(op.getNumOperands(), DeviceLayout());
      for (auto [t, v] : llvm::zip(targets, op.getOperands()))
        t = DeviceLayout::replicated(typeOf(v).getRank(), devices);
      break;
    }
    targets.push_back(isa<hlo::ReshapeOp>(op)
                          ? toResult(layout, *map, typeOf(operand).getRank())
                          : toOperand(layout, *map));
  }
  // A result dimension no operand dimension carries (a convolution's
  // spatial ones) is computed whole; a broadcast makes its new ones itself.
  if (!isa<hlo::BroadcastInDimOp>(op) && !layout.isReplicated()) {
    SmallVector<int64_t> covered(layout.rank(), -1);
    for (unsigned i = 0; i < op.getNumOperands(); ++i)
      if (auto map =
              isa<hlo::ReshapeOp>(op) ? std::nullopt : operandMap(&op, i))
        for (int64_t r : *map)
          if (r >= 0)
            covered[r] = r;
    if (!isa<hlo::ReshapeOp>(op) && op.getNumOperands() &&
        llvm::is_contained(covered, -1)) {
      layout = layout.select(covered);
      for (unsigned i = 0; i < op.getNumOperands(); ++i)
        targets[i] = toOperand(layout, *operandMap(&op, i));
    }
  }
  if (auto constraint = dyn_cast<hlo::ShardingConstraintOp>(op)) {
    locals[result] = {reshard(constraint.getOperand(), targets[0], op.getLoc()),
                      layout};
    return success();
  }
  return clone(op, targets, layout);
}

LogicalResult Partitioner::run() {
  MLIRContext *context = func.getContext();
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    DeviceLayout layout = wanted(arg);
    locals[arg] = {arg, layout};
    func.setArgAttr(arg.getArgNumber(), kShardingAttrName,
                    layout.attr(context));
  }
  SmallVector<Operation *> old;
  for (Operation &op : body.without_terminator()) {
    if (failed(partition(op)))
      return failure();
    old.push_back(&op);
  }
  Operation *ret = body.getTerminator();
  b.setInsertionPoint(ret);
  SmallVector<Value> results;
  for (auto [i, v] : llvm::enumerate(ret->getOperands())) {
    // An annotated result is laid out as annotated (propagation checked
    // it); another as computed.
    auto annotated =
        annotatedLayout(func.getResultAttr(i, kShardingAttrName), v,
                        ret->getLoc(), "result " + Twine(i), devices);
    DeviceLayout layout =
        succeeded(annotated) && *annotated ? **annotated : locals.at(v).layout;
    results.push_back(reshard(v, layout, ret->getLoc()));
    func.setResultAttr(i, kShardingAttrName, layout.attr(context));
  }
  ret->setOperands(results);
  for (Operation *op : llvm::reverse(old)) {
    op->dropAllUses();
    op->erase();
  }
  for (BlockArgument arg : body.getArguments())
    arg.setType(tileType(arg, locals.at(arg).layout));
  func.setFunctionType(FunctionType::get(context, body.getArgumentTypes(),
                                         ValueRange(results).getTypes()));
  return success();
}

namespace {
/// Drops the annotations of a program that runs on one device (or of a
/// private function, called with whole tensors); a manual computation for
/// one device is its body.
LogicalResult strip(func::FuncOp func) {
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    func.removeArgAttr(i, kShardingAttrName);
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    func.removeResultAttr(
        i, StringAttr::get(func.getContext(), kShardingAttrName));
  SmallVector<hlo::ManualComputationOp> manuals;
  func.walk([&](hlo::ManualComputationOp m) { manuals.push_back(m); });
  for (hlo::ManualComputationOp m : manuals) {
    if (m.getDevices() != 1)
      return m.emitOpError("is written for ")
             << m.getDevices() << " devices (shard_map's body): compile the "
             << "program for a topology of that many devices (--topology)";
    IRMapping map;
    map.map(m.getBlock().getArguments(), m.getInputs());
    OpBuilder b(m);
    for (Operation &inner : m.getBlock().without_terminator())
      b.clone(inner, map);
    for (auto [result, value] :
         llvm::zip(m.getResults(), m.getBlock().getTerminator()->getOperands()))
      result.replaceAllUsesWith(map.lookupOrDefault(value));
    m.erase();
  }
  // After the bodies are inlined: their constraints go too.
  func.walk([](hlo::ShardingConstraintOp c) {
    c.replaceAllUsesWith(c.getOperand());
    c.erase();
  });
  return success();
}

struct HLOSpmdPartition
    : public tpu::impl::HLOSpmdPartitionBase<HLOSpmdPartition> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t n = devices > 0 ? int64_t(devices) : deviceCount(module);
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      // Private functions are called with whole tensors and compute them.
      if (n == 1 || !func.isPublic()) {
        if (failed(strip(func)))
          return signalPassFailure();
        continue;
      }
      // A program written per device (pmap's, with its own collectives)
      // stays as written; any other is the one global program.
      if (hasCollectives(func) && !hasShardings(func))
        continue;
      FailureOr<DenseMap<Value, DeviceLayout>> layouts = propagate(func, n);
      if (failed(layouts) || failed(Partitioner(func, n, *layouts).run()))
        return signalPassFailure();
    }
  }
};

struct HLOPropagateSharding
    : public tpu::impl::HLOPropagateShardingBase<HLOPropagateSharding> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t n = devices > 0 ? int64_t(devices) : deviceCount(module);
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || !hasShardings(func))
        continue;
      FailureOr<DenseMap<Value, DeviceLayout>> layouts = propagate(func, n);
      if (failed(layouts))
        return signalPassFailure();
      func.walk([&](Operation *op) {
        if (op->getNumResults() == 1 && !isa<hlo::ShardingConstraintOp>(op))
          if (auto it = layouts->find(op->getResult(0)); it != layouts->end())
            op->setAttr(kShardingAttrName, it->second.attr(func.getContext()));
      });
    }
  }
};
} // namespace
