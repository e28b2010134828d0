//===- StablehloCollectives.cpp - StableHLO collectives to hlo ------------===//
//
// Part of convert-stablehlo-to-hlo.
//
// StableHLO runs a program on num_replicas x num_partitions processes, a
// process's device id being replica_id * num_partitions + partition_id, and
// a collective's replica_groups name replicas, partitions or device ids
// according to its channel_handle and use_global_device_ids (the spec's
// cross_replica, cross_partition, cross_replica_and_partition and
// flattened_ids modes). hlo's collectives take device ids: the groups are
// resolved here, once.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/import/StablehloImport.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::stablehlo_import;

namespace {

enum class Mode {
  CrossReplica,
  CrossPartition,
  CrossReplicaAndPartition,
  Flat
};

using Rows = SmallVector<SmallVector<int64_t>>;

/// The module's process grid: replicas x partitions (each 1 if unset).
std::pair<int64_t, int64_t> processGrid(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto count = [&](StringRef name) -> int64_t {
    auto attr =
        module ? module->getAttrOfType<IntegerAttr>(name) : IntegerAttr();
    return attr ? std::max<int64_t>(1, attr.getInt()) : 1;
  };
  return {count("mhlo.num_replicas"), count("mhlo.num_partitions")};
}

Rows rowsOf(DenseIntElementsAttr attr) {
  Rows rows;
  auto type = cast<ShapedType>(attr.getType());
  if (type.getRank() != 2 || type.getNumElements() == 0)
    return rows;
  auto ids = llvm::to_vector(attr.getValues<int64_t>());
  for (int64_t r = 0; r < type.getDimSize(0); ++r)
    rows.emplace_back(ids.begin() + r * type.getDimSize(1),
                      ids.begin() + (r + 1) * type.getDimSize(1));
  return rows;
}

/// The rows of a collective's replica_groups; Shardy's mesh axes need the
/// mesh, which the import does not read.
FailureOr<Rows> groupRows(Operation *op, Attribute groups) {
  if (auto ids = dyn_cast<DenseIntElementsAttr>(groups))
    return rowsOf(ids);
  emitUnsupported(op) << "replica_groups given as mesh axes "
                         "(#stablehlo.replica_group_mesh_axes) need the "
                         "device mesh; write them as process ids";
  return failure();
}

/// Device-id groups of `groups` in `mode` on R replicas x P partitions;
/// empty groups mean all replicas (partitions, devices). An error message
/// for an id out of range.
FailureOr<Rows> resolve(Operation *op, Rows groups, Mode mode, int64_t R,
                        int64_t P) {
  int64_t bound = mode == Mode::CrossPartition ? P
                  : mode == Mode::Flat         ? R * P
                                               : R;
  if (groups.empty()) {
    groups.emplace_back();
    for (int64_t i = 0; i < bound; ++i)
      groups.back().push_back(i);
  }
  for (ArrayRef<int64_t> g : groups)
    for (int64_t id : g)
      if (id < 0 || id >= bound) {
        emitUnsupported(op) << "replica_groups names " << id
                            << ", but there are " << bound << " "
                            << (mode == Mode::CrossPartition ? "partitions"
                                : mode == Mode::Flat         ? "devices"
                                                             : "replicas")
                            << " (mhlo.num_replicas = " << R
                            << ", mhlo.num_partitions = " << P << ")";
        return failure();
      }
  // Groups of replicas (partitions), once per partition (replica): member
  // x of copy c is device id(x, c).
  auto expand = [&](int64_t copies, auto id) {
    Rows out;
    for (int64_t c = 0; c < copies; ++c)
      for (ArrayRef<int64_t> g : groups) {
        SmallVector<int64_t> &row = out.emplace_back();
        for (int64_t x : g)
          row.push_back(id(x, c));
      }
    return out;
  };
  switch (mode) {
  case Mode::Flat:
    return groups;
  case Mode::CrossReplica:
    return expand(P, [&](int64_t r, int64_t p) { return r * P + p; });
  case Mode::CrossPartition:
    return expand(R, [&](int64_t p, int64_t r) { return r * P + p; });
  case Mode::CrossReplicaAndPartition:
    break;
  }
  Rows out;
  for (ArrayRef<int64_t> g : groups) {
    SmallVector<int64_t> &row = out.emplace_back();
    for (int64_t r : g)
      for (int64_t p = 0; p < P; ++p)
        row.push_back(r * P + p);
  }
  return out;
}

/// resolve() of a collective's replica_groups attribute.
FailureOr<Rows> resolveAttr(Operation *op, Attribute groups, Mode mode,
                            int64_t R, int64_t P) {
  FailureOr<Rows> rows = groupRows(op, groups);
  if (failed(rows))
    return failure();
  return resolve(op, *rows, mode, R, P);
}

/// `rows` as a rows x width i64 attribute (width 2 for a permute's pairs,
/// which may be none).
DenseIntElementsAttr toAttr(OpBuilder &b, const Rows &rows,
                            int64_t width = -1) {
  SmallVector<int64_t> flat;
  for (ArrayRef<int64_t> row : rows)
    flat.append(row.begin(), row.end());
  if (width < 0)
    width = rows.empty() ? 0 : static_cast<int64_t>(rows[0].size());
  auto type = RankedTensorType::get({static_cast<int64_t>(rows.size()), width},
                                    b.getI64Type());
  return DenseIntElementsAttr::get(type, flat);
}

/// The spec's mode of an all_reduce, all_gather or reduce_scatter.
FailureOr<Mode> reductionMode(Operation *op, sh::ChannelHandleAttr channel,
                              bool global) {
  bool crossPartition = channel && channel.getHandle() > 0;
  if (global && !crossPartition) {
    emitUnsupported(op) << "use_global_device_ids needs a channel_handle "
                           "with a positive handle";
    return failure();
  }
  return global           ? Mode::Flat
         : crossPartition ? Mode::CrossReplicaAndPartition
                          : Mode::CrossReplica;
}

Mode pairMode(sh::ChannelHandleAttr channel) {
  return channel && channel.getHandle() > 0 ? Mode::CrossPartition
                                            : Mode::CrossReplica;
}

} // namespace

LogicalResult Importer::collective(Operation *op) {
  // Plain variables: the lambdas below capture them (C++17 cannot capture
  // structured bindings).
  std::pair<int64_t, int64_t> grid = processGrid(op);
  int64_t R = grid.first, P = grid.second;
  Location loc = op->getLoc();
  auto mapAll = [&](auto make) -> LogicalResult {
    for (auto [operand, result] :
         llvm::zip(op->getOperands(), op->getResults()))
      mapping.map(result, make(lookup(operand), result.getType()));
    return success();
  };
  auto kindOf = [&](Region &body) -> FailureOr<hlo::ReduceKind> {
    FailureOr<ReduceBody> match = matchReduceBody(body);
    if (failed(match))
      return emitUnsupported(op)
             << "its computation must be one add, multiply, maximum or "
                "minimum of its two arguments (or and/or on i1)";
    return match->kind;
  };
  // all_reduce, all_gather, reduce_scatter: the mode from the channel and
  // use_global_device_ids, the groups resolved in it.
  auto reductionGroups = [&](auto op) -> FailureOr<DenseIntElementsAttr> {
    FailureOr<Mode> mode = reductionMode(op, op.getChannelHandleAttr(),
                                         op.getUseGlobalDeviceIds());
    if (failed(mode))
      return failure();
    FailureOr<Rows> groups =
        resolveAttr(op, op.getReplicaGroups(), *mode, R, P);
    if (failed(groups))
      return failure();
    return toAttr(b, *groups);
  };
  if (isa<sh::ReplicaIdOp, sh::PartitionIdOp>(op)) {
    Value id = hlo::DeviceIdOp::create(b, loc, op->getResult(0).getType());
    auto scalar = [&](int64_t v) {
      return hlo::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(
              cast<ShapedType>(id.getType()),
              b.getIntegerAttr(getElementTypeOrSelf(id.getType()), v)));
    };
    // replica = id / P, partition = id % P.
    Value result =
        isa<sh::ReplicaIdOp>(op)
            ? (P == 1 ? id : Value(hlo::DivOp::create(b, loc, id, scalar(P))))
            : (P == 1 ? Value(scalar(0))
                      : Value(hlo::RemOp::create(b, loc, id, scalar(P))));
    mapping.map(op->getResult(0), result);
    return success();
  }
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](sh::AllReduceOp op) -> LogicalResult {
        FailureOr<hlo::ReduceKind> kind = kindOf(op.getComputation());
        FailureOr<DenseIntElementsAttr> groups = reductionGroups(op);
        if (failed(kind) || failed(groups))
          return failure();
        return mapAll([&](Value v, Type) -> Value {
          return hlo::AllReduceOp::create(b, loc, *kind, v, *groups, nullptr);
        });
      })
      .Case([&](sh::AllGatherOp op) -> LogicalResult {
        FailureOr<DenseIntElementsAttr> groups = reductionGroups(op);
        if (failed(groups))
          return failure();
        return mapAll([&](Value v, Type type) -> Value {
          return hlo::AllGatherOp::create(b, loc, type, v, op.getAllGatherDim(),
                                          *groups, nullptr);
        });
      })
      .Case([&](sh::ReduceScatterOp op) -> LogicalResult {
        FailureOr<hlo::ReduceKind> kind = kindOf(op.getComputation());
        FailureOr<DenseIntElementsAttr> groups = reductionGroups(op);
        if (failed(kind) || failed(groups))
          return failure();
        return mapAll([&](Value v, Type type) -> Value {
          return hlo::ReduceScatterOp::create(b, loc, type, *kind, v,
                                              op.getScatterDimension(), *groups,
                                              nullptr);
        });
      })
      .Case([&](sh::AllToAllOp op) -> LogicalResult {
        FailureOr<Rows> groups =
            resolveAttr(op, op.getReplicaGroups(),
                        pairMode(op.getChannelHandleAttr()), R, P);
        if (failed(groups))
          return failure();
        if (static_cast<int64_t>((*groups)[0].size()) !=
            static_cast<int64_t>(op.getSplitCount()))
          return emitUnsupported(op)
                 << "split_count " << op.getSplitCount()
                 << " differs from the group size " << (*groups)[0].size();
        return mapAll([&](Value v, Type type) -> Value {
          return hlo::AllToAllOp::create(
              b, loc, type, v, op.getSplitDimension(), op.getConcatDimension(),
              toAttr(b, *groups), nullptr);
        });
      })
      .Case([&](sh::CollectivePermuteOp op) -> LogicalResult {
        Mode mode = pairMode(op.getChannelHandleAttr());
        Rows pairs;
        // Each (source, target) in every replica (partition) of the grid.
        int64_t copies = mode == Mode::CrossPartition ? R : P;
        int64_t bound = mode == Mode::CrossPartition ? P : R;
        for (ArrayRef<int64_t> pair : rowsOf(op.getSourceTargetPairs())) {
          if (pair[0] < 0 || pair[1] < 0 || pair[0] >= bound ||
              pair[1] >= bound)
            return emitUnsupported(op)
                   << "source_target_pairs names a process past the " << bound
                   << " there are";
          for (int64_t c = 0; c < copies; ++c) {
            auto id = [&](int64_t x) {
              return mode == Mode::CrossPartition ? c * P + x : x * P + c;
            };
            pairs.push_back({id(pair[0]), id(pair[1])});
          }
        }
        mapping.map(op.getResult(), hlo::CollectivePermuteOp::create(
                                        b, loc, lookup(op.getOperand()),
                                        toAttr(b, pairs, 2), nullptr));
        return success();
      })
      .Case([&](sh::CollectiveBroadcastOp op) -> LogicalResult {
        return collectiveBroadcast(op, R, P);
      })
      .Case([&](sh::CollectiveReduceOp op) -> LogicalResult {
        return unsupported(op)
               << "collective_reduce is not imported: the specification "
                  "does not say yet what the processes other than the root "
                  "receive";
      })
      .Default([&](Operation *op) { return unsupported(op) << "unknown"; });
}

/// collective_broadcast: the group's first process keeps its operands; the
/// group's j-th receives them by a collective_permute from the first (one
/// permute per position, so that each has distinct sources and targets); a
/// process in no group gets zeros. Each device picks its value by its
/// position in its group, read from a table indexed by its device id.
LogicalResult Importer::collectiveBroadcast(sh::CollectiveBroadcastOp op,
                                            int64_t R, int64_t P) {
  if (op.getHasDynamicRoot())
    return unsupported(op) << "a root chosen at run time (has_dynamic_root) "
                              "is not supported";
  FailureOr<Rows> groups = resolveAttr(
      op, op.getReplicaGroups(), pairMode(op.getChannelHandleAttr()), R, P);
  if (failed(groups))
    return failure();
  Location loc = op.getLoc();
  int64_t devices = R * P, width = 0;
  SmallVector<int32_t> position(devices, -1);
  for (ArrayRef<int64_t> group : *groups) {
    width = std::max<int64_t>(width, group.size());
    for (auto [j, id] : llvm::enumerate(group))
      position[id] = static_cast<int32_t>(j);
  }
  auto i32 = [&](ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, b.getI32Type());
  };
  Value id = hlo::ConvertOp::create(
      b, loc,
      hlo::DeviceIdOp::create(
          b, loc, RankedTensorType::get({}, b.getIntegerType(32, false))),
      b.getI32Type());
  Value table = hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(i32({devices}), ArrayRef(position)));
  Value mine = hlo::ReshapeOp::create(
      b, loc, i32({}),
      hlo::DynamicSliceOp::create(b, loc, i32({1}), table, ValueRange{id},
                                  b.getDenseI64ArrayAttr({1})));
  for (auto [operand, result] : llvm::zip(op.getOperands(), op.getResults())) {
    auto type = cast<RankedTensorType>(result.getType());
    Value v = lookup(operand);
    Value picked = splat(loc, type, b.getZeroAttr(type.getElementType()));
    for (int64_t j = 0; j < width; ++j) {
      Value from = v;
      if (j > 0) {
        Rows pairs;
        for (ArrayRef<int64_t> group : *groups)
          if (static_cast<int64_t>(group.size()) > j)
            pairs.push_back({group[0], group[j]});
        from = hlo::CollectivePermuteOp::create(b, loc, v, toAttr(b, pairs, 2),
                                                nullptr);
      }
      Value isJ = compareOf(loc, hlo::ComparisonDirection::EQ, mine,
                            splat(loc, i32({}), b.getI32IntegerAttr(j)));
      Value mask = hlo::BroadcastInDimOp::create(
          b, loc, RankedTensorType::get(type.getShape(), b.getI1Type()), isJ,
          b.getDenseI64ArrayAttr({}));
      picked = hlo::SelectOp::create(b, loc, type, mask, from, picked);
    }
    mapping.map(result, picked);
  }
  return success();
}
