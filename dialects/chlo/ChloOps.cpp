//===- ChloOps.cpp - chlo input dialect -----------------------------------===//

#include "dialects/chlo/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::chlo;

#include "dialects/chlo/ChloDialect.cpp.inc"

namespace {
/// chlo ops sit in the private helpers JAX exports, which the import
/// inlines; they have no side effects, so any of them may be inlined.
struct ChloInliner : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/chlo/ChloOps.cpp.inc"
      >();
  addInterfaces<ChloInliner>();
}

/// The shape `lhs` and `rhs` broadcast to: numpy's trailing alignment, or
/// the smaller operand's dimensions placed at `dims` of the larger; size 1
/// stretches. A message when they do not broadcast.
static FailureOr<SmallVector<int64_t>>
broadcastShape(Operation *op, ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
               std::optional<ArrayRef<int64_t>> dims) {
  bool swap = lhs.size() < rhs.size();
  ArrayRef<int64_t> large = swap ? rhs : lhs, small = swap ? lhs : rhs;
  SmallVector<int64_t> placed;
  if (dims && large.size() != small.size()) {
    placed.assign(dims->begin(), dims->end());
  } else {
    for (size_t i = 0; i < small.size(); ++i)
      placed.push_back(large.size() - small.size() + i);
  }
  if (placed.size() != small.size())
    return op->emitOpError("broadcast_dimensions must name ")
           << small.size() << " dimensions, one per dimension of the "
           << "smaller operand";
  SmallVector<int64_t> shape(large);
  for (auto [i, d] : llvm::enumerate(placed)) {
    if (d < 0 || d >= static_cast<int64_t>(large.size()))
      return op->emitOpError("broadcast dimension ")
             << d << " is not a dimension of the rank-" << large.size()
             << " operand";
    int64_t a = large[d], b = small[i];
    if (a != b && a != 1 && b != 1)
      return op->emitOpError("operand dimensions ")
             << a << " and " << b << " do not broadcast";
    shape[d] = a == 1 ? b : a;
  }
  return shape;
}

/// Verifies every broadcasting binary op (ChloOps.td defines their
/// verify() as this): one element type, and the result
/// has the operands' broadcast shape.
template <typename BinaryOp>
static LogicalResult verifyBroadcastBinary(BinaryOp op) {
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  auto rhs = cast<RankedTensorType>(op.getRhs().getType());
  auto result = cast<RankedTensorType>(op.getType());
  if (lhs.getElementType() != rhs.getElementType() ||
      result.getElementType() != lhs.getElementType())
    return op.emitOpError("operands and result must have one element type");
  FailureOr<SmallVector<int64_t>> shape = broadcastShape(
      op, lhs.getShape(), rhs.getShape(), op.getBroadcastDimensions());
  if (failed(shape))
    return failure();
  if (result.getShape() != ArrayRef<int64_t>(*shape))
    return op.emitOpError("result type must be ")
           << RankedTensorType::get(*shape, lhs.getElementType())
           << ", the operands broadcast, not " << result;
  return success();
}

#define GET_OP_CLASSES
#include "dialects/chlo/ChloOps.cpp.inc"

LogicalResult TopKOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (operand.getRank() == 0)
    return emitOpError("operand must have at least one dimension");
  int64_t last = operand.getShape().back();
  int64_t k = getK();
  if (k < 0 || (!ShapedType::isDynamic(last) && k > last))
    return emitOpError("k = ") << k << " must be in [0, " << last << "]";
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  if (getValues().getType() !=
      RankedTensorType::get(shape, operand.getElementType()))
    return emitOpError("values must be the operand with its last dimension k");
  if (getIndices().getType() !=
      RankedTensorType::get(shape, IntegerType::get(getContext(), 32)))
    return emitOpError("indices must be i32 of the values' shape");
  return success();
}


LogicalResult ConstantLikeOp::verify() {
  auto result = cast<RankedTensorType>(getType());
  if (getValue().getType() != result.getElementType())
    return emitOpError("value ")
           << getValue() << " must have the result's element type "
           << result.getElementType();
  return success();
}
