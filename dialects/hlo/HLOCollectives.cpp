//===- HLOCollectives.cpp - hlo collective ops ----------------------------===//
//
// Verifiers of the collectives (docs/dialects/hlo.md "Collectives"); what
// they compute is in the reference evaluator and the runtime.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::hlo;

SmallVector<SmallVector<int64_t>>
mlir::hlo::groupList(DenseIntElementsAttr groups) {
  SmallVector<SmallVector<int64_t>> rows;
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return rows;
  int64_t width = type.getDimSize(1);
  auto values = groups.getValues<int64_t>();
  for (int64_t r = 0; r < type.getDimSize(0); ++r) {
    SmallVector<int64_t> &row = rows.emplace_back();
    for (int64_t c = 0; c < width; ++c)
      row.push_back(values[r * width + c]);
  }
  return rows;
}

namespace {

/// collective_c1: `groups` is a non-empty 2D array of distinct device ids.
/// Returns the size of each group.
FailureOr<int64_t> verifyGroups(Operation *op, DenseIntElementsAttr groups) {
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2 || type.getDimSize(0) < 1 || type.getDimSize(1) < 1)
    return op->emitOpError("groups must be a non-empty 2D array of device "
                           "ids, one row per group, but has type ")
           << groups.getType();
  llvm::DenseSet<int64_t> seen;
  for (int64_t id : groups.getValues<int64_t>()) {
    if (id < 0)
      return op->emitOpError("device id ") << id << " is negative";
    if (!seen.insert(id).second)
      return op->emitOpError("device ")
             << id << " appears in more than one place in groups";
  }
  return type.getDimSize(1);
}

LogicalResult verifyDimension(Operation *op, StringRef name, int64_t dim,
                              int64_t rank) {
  if (dim < 0 || dim >= rank)
    return op->emitOpError()
           << name << " " << dim << " is not a dimension of the rank-" << rank
           << " operand";
  return success();
}

/// The result is the operand with dimension `dim` scaled: multiplied by
/// `times` or divided by `parts` (which must divide it).
LogicalResult verifyScaled(Operation *op, RankedTensorType operand,
                           RankedTensorType result,
                           ArrayRef<std::pair<int64_t, int64_t>> scaledDims,
                           int64_t groupSize) {
  if (operand.getElementType() != result.getElementType())
    return op->emitOpError("result element type ")
           << result.getElementType() << " differs from the operand's "
           << operand.getElementType();
  if (operand.getRank() != result.getRank())
    return op->emitOpError("result rank ")
           << result.getRank() << " differs from the operand's "
           << operand.getRank();
  SmallVector<int64_t> expected(operand.getShape());
  for (auto [dim, direction] : scaledDims) {
    if (direction > 0) {
      expected[dim] *= groupSize;
      continue;
    }
    if (expected[dim] % groupSize != 0)
      return op->emitOpError("dimension ")
             << dim << " of size " << expected[dim] << " does not split into "
             << groupSize << " equal parts";
    expected[dim] /= groupSize;
  }
  if (ArrayRef<int64_t>(expected) != result.getShape())
    return op->emitOpError("result must be ")
           << RankedTensorType::get(expected, operand.getElementType())
           << " for groups of " << groupSize << ", but is " << result;
  return success();
}

RankedTensorType ranked(Value v) { return cast<RankedTensorType>(v.getType()); }

} // namespace

LogicalResult AllReduceOp::verify() { return verifyGroups(*this, getGroups()); }

/// all_gather (`direction` 1) and reduce_scatter (-1): groups, the
/// dimension, and the result scaled along it.
static LogicalResult verifyAlongDimension(Operation *op,
                                          DenseIntElementsAttr groups,
                                          uint64_t dimension, Value operand,
                                          Value result, int64_t direction) {
  FailureOr<int64_t> size = verifyGroups(op, groups);
  if (failed(size))
    return failure();
  auto dim = static_cast<int64_t>(dimension);
  if (failed(verifyDimension(op, "dimension", dim, ranked(operand).getRank())))
    return failure();
  return verifyScaled(op, ranked(operand), ranked(result), {{dim, direction}},
                      *size);
}

LogicalResult AllGatherOp::verify() {
  return verifyAlongDimension(*this, getGroups(), getDimension(), getOperand(),
                              getResult(), 1);
}

LogicalResult ReduceScatterOp::verify() {
  return verifyAlongDimension(*this, getGroups(), getDimension(), getOperand(),
                              getResult(), -1);
}

LogicalResult AllToAllOp::verify() {
  FailureOr<int64_t> size = verifyGroups(*this, getGroups());
  if (failed(size))
    return failure();
  int64_t rank = ranked(getOperand()).getRank();
  auto split = static_cast<int64_t>(getSplitDimension());
  auto concat = static_cast<int64_t>(getConcatDimension());
  if (failed(verifyDimension(*this, "split_dimension", split, rank)) ||
      failed(verifyDimension(*this, "concat_dimension", concat, rank)))
    return failure();
  SmallVector<std::pair<int64_t, int64_t>> scaled = {{split, -1}};
  scaled.push_back({concat, 1});
  return verifyScaled(*this, ranked(getOperand()), ranked(getResult()), scaled,
                      *size);
}

LogicalResult CollectivePermuteOp::verify() {
  auto type = cast<ShapedType>(getPairs().getType());
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitOpError("pairs must be a 2D array of [source, target] rows, "
                       "but has type ")
           << getPairs().getType();
  llvm::DenseSet<int64_t> sources, targets;
  for (ArrayRef<int64_t> pair : groupList(getPairs())) {
    if (pair[0] < 0 || pair[1] < 0)
      return emitOpError("device id ")
             << std::min(pair[0], pair[1]) << " is negative";
    if (!sources.insert(pair[0]).second)
      return emitOpError("device ") << pair[0] << " is the source of two pairs";
    if (!targets.insert(pair[1]).second)
      return emitOpError("device ") << pair[1] << " is the target of two pairs";
  }
  return success();
}
