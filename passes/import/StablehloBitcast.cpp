//===- StablehloBitcast.cpp - Import width-changing bitcast_convert -------===//
//
// Part of convert-stablehlo-to-hlo. A bitcast_convert between element types
// of different widths adds (to narrower elements) or removes (from
// narrower elements) a last dimension of the width ratio; element k of that
// dimension holds bits [k w, (k + 1) w) of the wide element, least
// significant first (little-endian, as XLA and StableHLO's interpreter
// order them). Both directions are shifts, masks and ors on unsigned
// integers of the wide width, with same-width bitcasts at the ends for
// floats and signed integers. JAX's rbg keys (ui32[4] <-> ui64[2]) take
// this path.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

Type unsignedOfWidth(OpBuilder &b, unsigned width) {
  return width == 1 ? b.getI1Type()
                    : b.getIntegerType(width, /*isSigned=*/false);
}

} // namespace

FailureOr<Value> Importer::bitcastWidths(sh::BitcastConvertOp op) {
  Location loc = op.getLoc();
  auto inType = cast<RankedTensorType>(op.getOperand().getType());
  RankedTensorType outType = resultType(op);
  unsigned inWidth = inType.getElementType().getIntOrFloatBitWidth();
  unsigned outWidth = outType.getElementType().getIntOrFloatBitWidth();
  bool widen = inWidth < outWidth;
  unsigned narrow = widen ? inWidth : outWidth, wide = widen ? outWidth : inWidth;
  int64_t pieces = wide / narrow;
  Type narrowU = unsignedOfWidth(b, narrow), wideU = unsignedOfWidth(b, wide);
  // Same-width reinterpretation, or nothing when the types agree.
  auto recast = [&](Value v, Type element) -> Value {
    auto type = cast<RankedTensorType>(v.getType());
    if (type.getElementType() == element)
      return v;
    return hlo::BitcastConvertOp::create(b, loc, type.clone(element), v);
  };
  auto splatLike = [&](Value v, uint64_t c) {
    auto type = cast<RankedTensorType>(v.getType());
    Type e = type.getElementType();
    return splat(loc, type,
                 b.getIntegerAttr(e, APInt(e.getIntOrFloatBitWidth(), c)));
  };
  Value x = lookup(op.getOperand());
  if (widen) {
    // [..., pieces] of narrow elements -> [...] of wide ones.
    x = recast(x, narrowU);
    ArrayRef<int64_t> shape = outType.getShape();
    int64_t rank = inType.getRank();
    Value acc;
    for (int64_t k = 0; k < pieces; ++k) {
      SmallVector<int64_t> start(rank, 0), limit(inType.getShape());
      start.back() = k;
      limit.back() = k + 1;
      Value piece = hlo::SliceOp::create(
          b, loc, x, b.getDenseI64ArrayAttr(start),
          b.getDenseI64ArrayAttr(limit),
          b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 1)));
      piece = hlo::ReshapeOp::create(
          b, loc, RankedTensorType::get(shape, narrowU), piece);
      piece = hlo::ConvertOp::create(b, loc, piece, wideU);
      if (k)
        piece = hlo::ShiftLeftOp::create(b, loc, piece,
                                         splatLike(piece, k * narrow));
      acc = acc ? Value(hlo::OrOp::create(b, loc, acc, piece)) : piece;
    }
    return recast(acc, outType.getElementType());
  }
  // [...] of wide elements -> [..., pieces] of narrow ones.
  x = recast(x, wideU);
  SmallVector<int64_t> column(inType.getShape());
  column.push_back(1);
  SmallVector<Value> parts;
  for (int64_t k = 0; k < pieces; ++k) {
    Value shifted =
        k ? Value(hlo::ShiftRightLogicalOp::create(b, loc, x,
                                                   splatLike(x, k * narrow)))
          : x;
    Value piece;
    if (narrow == 1) {
      Value bit = hlo::AndOp::create(b, loc, shifted, splatLike(shifted, 1));
      piece = compareOf(loc, hlo::ComparisonDirection::NE, bit,
                        splatLike(bit, 0));
    } else {
      piece = hlo::ConvertOp::create(b, loc, shifted, narrowU);
    }
    piece = recast(piece, outType.getElementType());
    parts.push_back(hlo::ReshapeOp::create(
        b, loc, RankedTensorType::get(column, outType.getElementType()),
        piece));
  }
  return Value(hlo::ConcatenateOp::create(
      b, loc, outType, parts, b.getI64IntegerAttr(outType.getRank() - 1)));
}
