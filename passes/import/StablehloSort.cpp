//===- StablehloSort.cpp - Import sort and top_k --------------------------===//
//
// Part of convert-stablehlo-to-hlo: stablehlo.sort becomes hlo.sort with its
// comparator imported op by op (the comparator is a computation on scalars
// like any other), and chlo.top_k a stable descending sort of the operand
// with its indices, sliced to k. Floats compared in TOTALORDER compare their
// total-order keys as signed integers.
//
//===----------------------------------------------------------------------===//

#include "dialects/chlo/ChloOps.h"
#include "passes/PassUtils.h"
#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

/// IEEE 754's totalOrder as a signed integer order: the float's bits read
/// as a signed integer order the non-negative floats; flipping all but the
/// sign bit of the negative ones (bits ^ 0x7f..f where bits < 0) reverses
/// their order below them.
Value Importer::totalOrderKey(Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  auto intType =
      RankedTensorType::get(type.getShape(), b.getIntegerType(width));
  Value bits = hlo::BitcastConvertOp::create(b, loc, intType, x);
  Value signShift = splat(
      loc, intType, b.getIntegerAttr(intType.getElementType(), width - 1));
  Value sign = hlo::ShiftRightArithmeticOp::create(b, loc, bits, signShift);
  Value magnitude = splat(loc, intType,
                          b.getIntegerAttr(intType.getElementType(),
                                           APInt::getSignedMaxValue(width)));
  Value flip = hlo::AndOp::create(b, loc, sign, magnitude);
  return hlo::XorOp::create(b, loc, bits, flip);
}

FailureOr<Value> Importer::sort(sh::SortOp op) {
  Location loc = op.getLoc();
  SmallVector<Value> inputs;
  for (Value input : op.getInputs())
    inputs.push_back(lookup(input));
  int64_t rank = cast<RankedTensorType>(inputs.front().getType()).getRank();
  auto dim = static_cast<int64_t>(op.getDimension());
  if (dim < 0)
    dim += rank;
  auto sorted = hlo::SortOp::create(
      b, loc, ValueRange(inputs).getTypes(), inputs, b.getI64IntegerAttr(dim),
      op.getIsStable() ? b.getUnitAttr() : UnitAttr());
  Block &from = op.getComparator().front();
  Block *to = new Block();
  sorted.getComparator().push_back(to);
  for (BlockArgument arg : from.getArguments())
    mapping.map(arg, to->addArgument(arg.getType(), arg.getLoc()));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(to);
    for (Operation &inner : from.without_terminator())
      if (failed(convert(&inner)))
        return failure();
    Value less = lookup(from.getTerminator()->getOperand(0));
    hlo::YieldOp::create(b, from.getTerminator()->getLoc(), less);
  }
  for (auto [result, value] :
       llvm::drop_begin(llvm::zip(op.getResults(), sorted.getResults())))
    mapping.map(result, value);
  return sorted.getResult(0);
}

/// lax.top_k: sort (x, iota) along the last dimension, larger first in
/// total order, stably, so equal values keep the smaller index first (JAX's
/// rule), and keep the first k.
hlo::SortOp Importer::sortByFirst(Location loc, ValueRange operands,
                                  int64_t dim,
                                  hlo::ComparisonDirection direction) {
  auto sorted = hlo::SortOp::create(b, loc, operands.getTypes(), operands,
                                    b.getI64IntegerAttr(dim), b.getUnitAttr());
  Block *cmp = new Block();
  sorted.getComparator().push_back(cmp);
  for (Value operand : operands) {
    auto scalar = RankedTensorType::get(
        {}, cast<RankedTensorType>(operand.getType()).getElementType());
    cmp->addArgument(scalar, loc);
    cmp->addArgument(scalar, loc);
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(cmp);
  Value lhs = cmp->getArgument(0), rhs = cmp->getArgument(1);
  if (isa<FloatType>(getElementTypeOrSelf(lhs.getType()))) {
    lhs = totalOrderKey(loc, lhs);
    rhs = totalOrderKey(loc, rhs);
  }
  hlo::YieldOp::create(b, loc, compareOf(loc, direction, lhs, rhs));
  return sorted;
}

FailureOr<Value> Importer::topK(Operation *op) {
  auto topK = cast<chlo::TopKOp>(op);
  Location loc = op->getLoc();
  Value x = lookup(topK.getOperand());
  auto type = cast<RankedTensorType>(x.getType());
  int64_t last = type.getRank() - 1;
  auto indexType = RankedTensorType::get(type.getShape(), b.getI32Type());
  Value iota = hlo::IotaOp::create(b, loc, indexType, last);
  hlo::SortOp sorted = sortByFirst(loc, ValueRange{x, iota}, last,
                                   hlo::ComparisonDirection::GT);
  int64_t k = topK.getK();
  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
      strides(type.getRank(), 1);
  limit.back() = k;
  auto slice = [&](Value v) -> Value {
    return hlo::SliceOp::create(b, loc, v, b.getDenseI64ArrayAttr(start),
                                b.getDenseI64ArrayAttr(limit),
                                b.getDenseI64ArrayAttr(strides));
  };
  mapping.map(topK.getIndices(), slice(sorted.getResult(1)));
  return slice(sorted.getResult(0));
}
