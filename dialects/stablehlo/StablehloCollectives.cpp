//===- StablehloCollectives.cpp - collective ops --------------------------===//
#include "dialects/stablehlo/StablehloVerify.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;

/// replica_groups (all_reduce_c1..c3 and the other collectives' alike): a
/// rank-2 tensor of distinct process ids that are 0..n-1; -1 pads groups of
/// unequal sizes, where the op allows them. `coverAll` false (the rooted
/// collectives) drops the 0..n-1 rule: a process may be in no group.
static LogicalResult checkReplicaGroups(Operation *op, Attribute attr,
                                        bool sameSizes, bool coverAll = true) {
  // Mesh axes are checked by their attribute; which processes they group
  // depends on the mesh, which the import resolves.
  auto groups = dyn_cast<DenseIntElementsAttr>(attr);
  if (!groups)
    return success();
  if (cast<ShapedType>(groups.getType()).getRank() != 2)
    return op->emitOpError("replica groups should be a rank 2 tensor");
  llvm::SmallSet<int64_t, 16> seen;
  for (const APInt &value : groups.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    if (id == -1 && !sameSizes)
      continue;
    if (id < 0)
      return op->emitOpError("invalid replica id ") << id;
    if (!seen.insert(id).second)
      return op->emitOpError("replica id #") << id << " seen more than once";
  }
  for (int64_t id = 0; coverAll && id < static_cast<int64_t>(seen.size());
       ++id)
    if (!seen.contains(id))
      return op->emitOpError("replica id #")
             << id << " not seen in replica groups";
  return success();
}

/// With use_global_device_ids the op is cross-partition, so its channel
/// must be one (all_reduce_c4, reduce_scatter_c7).
static LogicalResult checkGlobalChannel(Operation *op,
                                        std::optional<ChannelHandleAttr> channel,
                                        bool useGlobalDeviceIds,
                                        int64_t least) {
  if (!useGlobalDeviceIds)
    return success();
  int64_t id = channel && *channel ? channel->getHandle() : 0;
  if (id < least)
    return op->emitOpError("channel_id must be at least ")
           << least << " when use_global_device_ids is set, but is " << id;
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), false)) ||
      failed(checkGlobalChannel(*this, getChannelHandle(),
                                getUseGlobalDeviceIds(), 1)))
    return failure();
  if (getOperands().size() != getNumResults())
    return emitOpError("(all_reduce_c7) expected one result per operand");
  SmallVector<Type> elements;
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    if (operand.getType() != result.getType())
      return emitOpError("(all_reduce_c7) result type ")
             << result.getType() << " must be the operand's, "
             << operand.getType();
    elements.push_back(getElementTypeOrSelf(operand.getType()));
  }
  // all_reduce_c5: the computation combines one element of each operand.
  llvm::SmallSetVector<Type, 2> distinct(elements.begin(), elements.end());
  // Operands of several element types share one computation only through
  // promotion (quantized types), which this dialect does not take: the
  // import refuses what it cannot lower.
  if (distinct.size() != 1)
    return success();
  return checkReducerBody(*this, getComputation(), {distinct.front()},
                          "all_reduce_c5");
}

LogicalResult ReduceScatterOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), true)) ||
      failed(checkGlobalChannel(*this, getChannelHandle(),
                                getUseGlobalDeviceIds(), 1)))
    return failure();
  RankedTensorType operand = tensorType(getOperand());
  RankedTensorType result = tensorType(getResult());
  if (failed(checkReducerBody(*this, getComputation(),
                              {operand.getElementType()}, "reduce_scatter_c7")))
    return failure();
  int64_t dim = getScatterDimension();
  if (dim < 0 || dim >= operand.getRank())
    return emitOpError("(reduce_scatter_c2) scatter_dimension ")
           << dim << " is not a dimension of the rank-" << operand.getRank()
           << " operand";
  if (result.getRank() != operand.getRank())
    return emitOpError("(reduce_scatter_c8) operand and result must have "
                       "one rank");
  if (result.getElementType() != operand.getElementType())
    return emitOpError("(reduce_scatter_c8) operand and result must have "
                       "one element type");
  int64_t part = result.getDimSize(dim);
  if (part == 0)
    return emitOpError("(reduce_scatter_c8) the result's scatter dimension "
                       "cannot be zero");
  if (operand.getDimSize(dim) % part != 0)
    return emitOpError("(reduce_scatter_c8) the operand's scatter dimension "
                       "has size ")
           << operand.getDimSize(dim) << ", not a multiple of the result's "
           << part;
  for (int64_t d = 0; d < operand.getRank(); ++d)
    if (d != dim && operand.getDimSize(d) != result.getDimSize(d))
      return emitOpError("(reduce_scatter_c8) dimension ")
             << d << " differs between operand and result";
  return success();
}

LogicalResult AllGatherOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), true)) ||
      failed(checkGlobalChannel(*this, getChannelHandle(),
                                getUseGlobalDeviceIds(), 0)))
    return failure();
  int64_t dim = getAllGatherDim();
  if (getOperands().size() != getNumResults())
    return emitOpError("expected one result per operand");
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    RankedTensorType in = tensorType(operand), out = tensorType(result);
    if (dim < 0 || dim >= in.getRank())
      return emitOpError("(all_gather_c1) all_gather_dim ")
             << dim << " is not a dimension of the rank-" << in.getRank()
             << " operand";
    if (in.getRank() != out.getRank() ||
        in.getElementType() != out.getElementType())
      return emitOpError("(all_gather_c6) operand and result must have one "
                         "rank and element type");
    for (int64_t d = 0; d < in.getRank(); ++d) {
      int64_t a = in.getDimSize(d), b = out.getDimSize(d);
      if (d == dim ? (a == 0 ? b != 0 : b % a != 0) : a != b)
        return emitOpError("(all_gather_c6) result dimension ")
               << d << " (" << b << ") does not follow from the operand's ("
               << a << ")";
    }
  }
  return success();
}

LogicalResult AllToAllOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), true)))
    return failure();
  int64_t split = getSplitDimension(), concat = getConcatDimension(),
          count = getSplitCount();
  if (count <= 0)
    return emitOpError("(all_to_all_c3) split_count must be positive");
  if (auto groups = dyn_cast<DenseIntElementsAttr>(getReplicaGroups());
      groups && cast<ShapedType>(groups.getType()).getDimSize(1) != count)
    return emitOpError("(all_to_all_c8) each replica group must have "
                       "split_count (")
           << count << ") members, but has "
           << cast<ShapedType>(groups.getType()).getDimSize(1);
  if (getOperands().size() != getNumResults())
    return emitOpError("expected one result per operand");
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    RankedTensorType in = tensorType(operand), out = tensorType(result);
    int64_t rank = in.getRank();
    if (split < 0 || split >= rank || concat < 0 || concat >= rank)
      return emitOpError("(all_to_all_c1, c4) split_dimension and "
                         "concat_dimension must be dimensions of the rank-")
             << rank << " operand";
    if (in.getDimSize(split) % count != 0)
      return emitOpError("(all_to_all_c2) the split dimension's size ")
             << in.getDimSize(split) << " is not a multiple of split_count "
             << count;
    SmallVector<int64_t> shape(in.getShape());
    shape[split] /= count;
    if (llvm::MulOverflow(shape[concat], count, shape[concat]))
      return emitOpError("the concat dimension's size overflows 64 bits");
    auto expected = RankedTensorType::get(shape, in.getElementType());
    if (out != expected)
      return emitOpError("(all_to_all_c9) result type must be ")
             << expected << ", but is " << out;
  }
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  auto pairs = getSourceTargetPairs();
  auto type = cast<ShapedType>(pairs.getType());
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitOpError("(collective_permute_c1) source_target_pairs must "
                       "have shape [N, 2], but has ")
           << type;
  llvm::SmallSet<int64_t, 16> sources, targets;
  SmallVector<int64_t> flat = llvm::map_to_vector(
      pairs.getValues<APInt>(), [](const APInt &v) { return v.getSExtValue(); });
  for (size_t i = 0; i < flat.size(); i += 2) {
    if (flat[i] < 0 || flat[i + 1] < 0)
      return emitOpError("(collective_permute_c4) process ids must not be "
                         "negative");
    if (!sources.insert(flat[i]).second)
      return emitOpError("(collective_permute_c2) duplicate sources not "
                         "allowed: ")
             << flat[i];
    if (!targets.insert(flat[i + 1]).second)
      return emitOpError("(collective_permute_c3) duplicate targets not "
                         "allowed: ")
             << flat[i + 1];
  }
  if (getOperand().getType() != getResult().getType())
    return emitOpError("(collective_permute_c5) the result must have the "
                       "operand's type");
  return success();
}

/// collective_broadcast and collective_reduce: with has_dynamic_root the
/// last operand is the root, a rank-1 i32 tensor, and has no result; every
/// other operand has a result of its own type. The data operands' element
/// types, or failure.
static FailureOr<SmallVector<Type>> checkRootedOperands(Operation *op,
                                                        bool dynamicRoot) {
  StringRef name = op->getName().stripDialect();
  OperandRange operands = op->getOperands();
  if (dynamicRoot) {
    if (operands.size() < 2)
      return op->emitOpError("")
             << name << " with has_dynamic_root=true requires at least two "
             << "operands (data + root)";
    auto root = dyn_cast<RankedTensorType>(operands.back().getType());
    if (!root || root.getRank() != 1 ||
        !root.getElementType().isSignlessInteger(32))
      return op->emitOpError("last operand of ")
             << name << " with has_dynamic_root=true must be a rank-1 i32 "
             << "tensor, but is " << operands.back().getType();
    operands = operands.drop_back();
  }
  if (operands.size() != op->getNumResults())
    return op->emitOpError("expected one result per data operand (")
           << operands.size() << "), but has " << op->getNumResults();
  SmallVector<Type> elements;
  for (auto [operand, result] : llvm::zip(operands, op->getResults())) {
    if (operand.getType() != result.getType())
      return op->emitOpError("result type ")
             << result.getType() << " must be the operand's, "
             << operand.getType();
    elements.push_back(getElementTypeOrSelf(operand.getType()));
  }
  return elements;
}

LogicalResult CollectiveBroadcastOp::verify() {
  if (failed(checkRootedOperands(*this, getHasDynamicRoot())))
    return failure();
  // collective_broadcast_c1, c2: distinct ids; a process may be in no
  // group (it receives zeros).
  return checkReplicaGroups(*this, getReplicaGroups(), true,
                            /*coverAll=*/false);
}

LogicalResult CollectiveReduceOp::verify() {
  FailureOr<SmallVector<Type>> elements =
      checkRootedOperands(*this, getHasDynamicRoot());
  if (failed(elements) ||
      failed(checkReplicaGroups(*this, getReplicaGroups(), true,
                                /*coverAll=*/false)))
    return failure();
  // collective_reduce_c5: the computation combines two elements of one
  // data operand's type (one computation serves every operand).
  llvm::SmallSetVector<Type, 2> distinct(elements->begin(), elements->end());
  if (distinct.size() > 1)
    return emitOpError("(collective_reduce_c5) one computation reduces "
                       "every operand, so they must have one element type");
  if (distinct.empty())
    return success();
  return checkReducerBody(*this, getComputation(), {distinct.front()},
                          "collective_reduce_c5");
}
