//===- TosaQuantized.cpp - Quantized TOSA arithmetic into hlo -------------===//
//
// Part of convert-tosa-to-hlo.
//
// The integer ops of TFLite-style quantized models, with the TOSA 1.0
// specification's semantics (zero points, rescale's fixed-point multiply,
// table lookups, rounding shifts), built from hlo's integer ops. Products
// of int8 operands run on the MXU's int8 path with their zero points
// factored out of the product; 64-bit intermediates (rescale's
// value * multiplier) use hlo's i64, which the TPU emulates with 32-bit
// words. See docs/passes.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/import/TosaImport.h"

#include "mlir/IR/Matchers.h"

namespace mlir::tpu::tosa_import {

namespace {

/// The largest and smallest value of an integer type of `bits` bits.
std::pair<int64_t, int64_t> integerRange(unsigned bits, bool isUnsigned) {
  if (isUnsigned)
    return {0, (int64_t{1} << bits) - 1};
  return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1};
}

/// A value of `bits` bits read as unsigned (zero-extended).
int64_t zeroExtend(int64_t value, unsigned bits) {
  return bits >= 64 ? value
                    : static_cast<int64_t>(static_cast<uint64_t>(value) &
                                           ((uint64_t{1} << bits) - 1));
}

} // namespace

RankedTensorType Importer::importedType(Operation *op) {
  RankedTensorType type = resultType(op);
  if (type.getElementType().isInteger(48))
    return type.clone(b.getI64Type());
  return type;
}

FailureOr<int64_t> Importer::zeroPoint(Operation *op, Value zp,
                                       StringRef what) {
  DenseElementsAttr value;
  if (!matchPattern(zp, m_Constant(&value)) || value.getNumElements() != 1)
    return unsupported(op) << "its " << what << " zero point is not a constant";
  Attribute a = *value.getValues<Attribute>().begin();
  if (auto f = dyn_cast<FloatAttr>(a)) {
    if (!f.getValue().isZero())
      return op->emitError() << op->getName() << " has a non-zero " << what
                             << " zero point for a float type, which TOSA "
                                "does not allow";
    return 0;
  }
  auto i = cast<IntegerAttr>(a);
  return i.getType().isUnsignedInteger() ? i.getValue().getZExtValue()
                                         : i.getValue().getSExtValue();
}

Value Importer::convertTo(Location loc, Value v, Type element) {
  if (getElementTypeOrSelf(v.getType()) == element)
    return v;
  return hlo::ConvertOp::create(b, loc, v, element);
}

Value Importer::widen(Location loc, Value v, Type acc, int64_t zp) {
  v = convertTo(loc, v, acc);
  if (zp == 0)
    return v;
  auto type = cast<RankedTensorType>(v.getType());
  return hlo::SubtractOp::create(b, loc, v,
                                 intSplat(loc, type.getShape(), acc, zp));
}

LogicalResult Importer::zeroPoints(Operation *op, Value first,
                                   StringRef firstName, Value second,
                                   StringRef secondName, int64_t &firstValue,
                                   int64_t &secondValue) {
  FailureOr<int64_t> a = zeroPoint(op, first, firstName);
  if (failed(a))
    return failure();
  FailureOr<int64_t> b = zeroPoint(op, second, secondName);
  if (failed(b))
    return failure();
  firstValue = *a;
  secondValue = *b;
  return success();
}

Value Importer::intSplat(Location loc, ArrayRef<int64_t> shape, Type element,
                         int64_t value) {
  return splat(loc, RankedTensorType::get(shape, element),
               b.getIntegerAttr(element, value));
}

Value Importer::applyScale(Location loc, Value value, Value multiplier,
                           Value shift, bool doubleRound) {
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> shape = type.getShape();
  Type i64 = type.getElementType();
  auto constant = [&](int64_t v) { return intSplat(loc, shape, i64, v); };
  auto cmp = [&](Value l, Value r, hlo::ComparisonDirection d) {
    return hlo::CompareOp::create(
        b, loc, RankedTensorType::get(shape, b.getI1Type()),
        hlo::ComparisonDirectionAttr::get(b.getContext(), d), l, r);
  };
  // round = 1 << (shift - 1); DOUBLE_ROUND moves it by 2^30 toward the
  // value's sign when the shift passes 31.
  Value round = hlo::ShiftLeftOp::create(
      b, loc, constant(1), hlo::SubtractOp::create(b, loc, shift, constant(1)));
  if (doubleRound) {
    Value toward = hlo::SelectOp::create(
        b, loc, type, cmp(value, constant(0), hlo::ComparisonDirection::GE),
        constant(int64_t{1} << 30), constant(-(int64_t{1} << 30)));
    Value adjust = hlo::SelectOp::create(
        b, loc, type, cmp(shift, constant(31), hlo::ComparisonDirection::GT),
        toward, constant(0));
    round = hlo::AddOp::create(b, loc, round, adjust);
  }
  Value product = hlo::MulOp::create(b, loc, value, multiplier);
  return hlo::ShiftRightArithmeticOp::create(
      b, loc, hlo::AddOp::create(b, loc, product, round), shift);
}

Value Importer::clipTo(Location loc, Value v, Type to, bool unsignedOut) {
  auto type = cast<RankedTensorType>(v.getType());
  unsigned bits = to.getIntOrFloatBitWidth();
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  bool isUnsigned = unsignedOut || to.isUnsignedInteger();
  // Narrower (or unsigned) results saturate; a result as wide as the value
  // keeps it.
  if (bits < width || (unsignedOut && bits < 64)) {
    auto [low, high] = integerRange(bits, isUnsigned);
    Type element = type.getElementType();
    v = hlo::MinOp::create(b, loc, v,
                           intSplat(loc, type.getShape(), element, high));
    v = hlo::MaxOp::create(b, loc, v,
                           intSplat(loc, type.getShape(), element, low));
  }
  return convertTo(loc, v, to);
}

/// What apply_scale requires of constant multipliers and shifts (values it
/// computes otherwise would differ between implementations).
LogicalResult Importer::checkScale(tosa::RescaleOp op) {
  DenseElementsAttr values;
  if (matchPattern(op.getMultiplier(), m_Constant(&values)))
    for (auto [c, m] : llvm::enumerate(values.getValues<APInt>()))
      if (m.isNegative())
        return op.emitError() << "tosa.rescale has multiplier "
                              << m.getSExtValue() << " for channel " << c
                              << "; TOSA requires multipliers of at least 0";
  if (matchPattern(op.getShift(), m_Constant(&values)))
    for (auto [c, s] : llvm::enumerate(values.getValues<APInt>()))
      if (s.getSExtValue() < 2 || s.getSExtValue() > 62)
        return op.emitError()
               << "tosa.rescale has shift " << s.getSExtValue()
               << " for channel " << c << "; TOSA requires 2 <= shift <= 62";
  return success();
}

/// The TOSA 1.0 RESCALE: the input, less its zero point, scaled by a
/// fixed-point multiplier and right shift (per tensor or per channel of the
/// last dimension), plus the output zero point, saturated. Computed in i64
/// as the specification's int64 product is; the scaled value is an int32
/// (truncated) before the output zero point is added.
FailureOr<Value> Importer::rescale(tosa::RescaleOp op) {
  int64_t inZp, outZp;
  if (failed(zeroPoints(op, op.getInputZp(), "input", op.getOutputZp(),
                        "output", inZp, outZp)))
    return failure();
  if (failed(checkScale(op)))
    return failure();
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  ArrayRef<int64_t> shape = type.getShape();
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  Value input = lookup(op.getInput());
  Type inElement = getElementTypeOrSelf(op.getInput().getType());
  unsigned inBits = inElement.getIntOrFloatBitWidth();
  bool inUnsigned = op.getInputUnsigned() || inElement.isUnsignedInteger();
  Value value = convertTo(loc, input, i64);
  int64_t zp = inZp;
  if (inUnsigned) {
    // A signless input read as unsigned: its bits, zero-extended.
    if (!inElement.isUnsignedInteger() && inBits < 64)
      value = hlo::AndOp::create(
          b, loc, value, intSplat(loc, shape, i64, zeroExtend(-1, inBits)));
    zp = zeroExtend(zp, inBits);
  }
  if (zp != 0)
    value =
        hlo::SubtractOp::create(b, loc, value, intSplat(loc, shape, i64, zp));
  // Multipliers and shifts: one for the tensor, or one per channel of the
  // last dimension.
  int64_t rank = type.getRank();
  auto perChannel = [&](Value v) -> Value {
    v = convertTo(loc, lookup(v), i64);
    auto vType = cast<RankedTensorType>(v.getType());
    if (op.getPerChannel())
      return hlo::BroadcastInDimOp::create(b, loc, type.clone(i64), v,
                                           b.getDenseI64ArrayAttr({rank - 1}));
    Value scalar =
        hlo::ReshapeOp::create(b, loc, vType.clone(ArrayRef<int64_t>{}), v);
    return hlo::BroadcastInDimOp::create(b, loc, type.clone(i64), scalar,
                                         b.getDenseI64ArrayAttr({}));
  };
  bool doubleRound = op.getScale32() &&
                     op.getRoundingMode() == tosa::RoundingMode::DOUBLE_ROUND;
  // Built one statement at a time: argument evaluation order would make
  // the IR depend on the host compiler.
  Value multiplier = perChannel(op.getMultiplier());
  Value shift = perChannel(op.getShift());
  Value scaled = applyScale(loc, value, multiplier, shift, doubleRound);
  Value result = convertTo(loc, scaled, i32);
  Type outElement = type.getElementType();
  unsigned outBits = outElement.getIntOrFloatBitWidth();
  int64_t oz = outZp;
  if (op.getOutputUnsigned())
    oz = zeroExtend(oz, outBits);
  if (oz != 0)
    result = hlo::AddOp::create(b, loc, result, intSplat(loc, shape, i32, oz));
  return clipTo(loc, result, outElement, op.getOutputUnsigned());
}

Value Importer::lookupTable(Location loc, Value index, Value table) {
  auto indexType = cast<RankedTensorType>(index.getType());
  auto tableType = cast<RankedTensorType>(table.getType());
  int64_t rank = indexType.getRank();
  SmallVector<int64_t> wide(indexType.getShape());
  wide.push_back(tableType.getDimSize(0));
  auto wideType = RankedTensorType::get(wide, indexType.getElementType());
  Value spread = hlo::BroadcastInDimOp::create(
      b, loc, wideType, index,
      b.getDenseI64ArrayAttr(llvm::to_vector(llvm::seq<int64_t>(0, rank))));
  Value entries = hlo::IotaOp::create(b, loc, wideType, rank);
  Value match =
      hlo::CompareOp::create(b, loc, wideType.clone(b.getI1Type()),
                             hlo::ComparisonDirectionAttr::get(
                                 b.getContext(), hlo::ComparisonDirection::EQ),
                             spread, entries);
  Type element = tableType.getElementType();
  Value values = hlo::BroadcastInDimOp::create(
      b, loc, wideType.clone(element), table, b.getDenseI64ArrayAttr({rank}));
  Value picked = hlo::SelectOp::create(b, loc, wideType.clone(element), match,
                                       values, intSplat(loc, wide, element, 0));
  return hlo::ReduceOp::create(
      b, loc, indexType.clone(element),
      hlo::ReduceKindAttr::get(b.getContext(), hlo::ReduceKind::sum), picked,
      b.getDenseI64ArrayAttr({rank}));
}

/// TABLE: an int8 input indexes 256 entries (input + 128); an int16 input
/// interpolates between entries (input + 32768) >> 7 and the next, by its
/// low 7 bits, into an i32: (base << 7) + (next - base) * fraction.
FailureOr<Value> Importer::table(tosa::TableOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  ArrayRef<int64_t> shape = type.getShape();
  Type i32 = b.getI32Type();
  Value input = convertTo(loc, lookup(op.getInput1()), i32);
  Value table = lookup(op.getTable());
  auto tableType = cast<RankedTensorType>(table.getType());
  auto constant = [&](int64_t v) { return intSplat(loc, shape, i32, v); };
  Type inElement = getElementTypeOrSelf(op.getInput1().getType());
  if (inElement.isInteger(8) && tableType.getDimSize(0) == 256)
    return lookupTable(loc, hlo::AddOp::create(b, loc, input, constant(128)),
                       table);
  if (!inElement.isInteger(16) || tableType.getDimSize(0) != 513)
    return unsupported(op) << "a table of " << tableType.getDimSize(0)
                           << " entries for " << inElement
                           << " (TOSA has 256 for i8, 513 for i16)";
  Value index = hlo::ShiftRightArithmeticOp::create(
      b, loc, hlo::AddOp::create(b, loc, input, constant(32768)), constant(7));
  Value fraction = hlo::AndOp::create(b, loc, input, constant(127));
  auto half = [&](int64_t start) -> Value {
    Value part = hlo::SliceOp::create(
        b, loc, tableType.clone({512}), table, b.getDenseI64ArrayAttr({start}),
        b.getDenseI64ArrayAttr({start + 512}), b.getDenseI64ArrayAttr({1}));
    return lookupTable(loc, index, convertTo(loc, part, i32));
  };
  Value base = half(0), next = half(1);
  Value slope = hlo::SubtractOp::create(b, loc, next, base);
  return Value(hlo::AddOp::create(
      b, loc, hlo::ShiftLeftOp::create(b, loc, base, constant(7)),
      hlo::MulOp::create(b, loc, slope, fraction)));
}

/// MUL: integer operands widen to the result type (i8 x i8 -> i32); an i32
/// product with a shift is formed in i64 and rounded: (a * b + 2^(s-1)) >>
/// s.
FailureOr<Value> Importer::mul(tosa::MulOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  ArrayRef<int64_t> shape = type.getShape();
  Type element = type.getElementType();
  Value lhs = broadcastTo(loc, lookup(op.getInput1()), shape);
  Value rhs = broadcastTo(loc, lookup(op.getInput2()), shape);
  DenseElementsAttr shift;
  bool noShift = matchPattern(op.getShift(), m_Constant(&shift)) &&
                 llvm::all_of(shift.getValues<APInt>(),
                              [](const APInt &v) { return v.isZero(); });
  if (noShift || !element.isInteger(32))
    return Value(hlo::MulOp::create(b, loc, convertTo(loc, lhs, element),
                                    convertTo(loc, rhs, element)));
  Type i64 = b.getI64Type();
  Value s = convertTo(loc, lookup(op.getShift()), i64);
  s = hlo::ReshapeOp::create(b, loc, RankedTensorType::get({}, i64), s);
  s = hlo::BroadcastInDimOp::create(b, loc, type.clone(i64), s,
                                    b.getDenseI64ArrayAttr({}));
  Value product = hlo::MulOp::create(b, loc, convertTo(loc, lhs, i64),
                                     convertTo(loc, rhs, i64));
  Value one = intSplat(loc, shape, i64, 1), zero = intSplat(loc, shape, i64, 0);
  Value positive =
      hlo::CompareOp::create(b, loc, type.clone(b.getI1Type()),
                             hlo::ComparisonDirectionAttr::get(
                                 b.getContext(), hlo::ComparisonDirection::GT),
                             s, zero);
  Value round = hlo::SelectOp::create(
      b, loc, type.clone(i64), positive,
      hlo::ShiftLeftOp::create(b, loc, one,
                               hlo::SubtractOp::create(b, loc, s, one)),
      zero);
  Value rounded = hlo::ShiftRightArithmeticOp::create(
      b, loc, hlo::AddOp::create(b, loc, product, round), s);
  return convertTo(loc, rounded, element);
}

/// ARITHMETIC_RIGHT_SHIFT with round: adds the last bit shifted out.
FailureOr<Value>
Importer::arithmeticRightShift(tosa::ArithmeticRightShiftOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  ArrayRef<int64_t> shape = type.getShape();
  Value value = broadcastTo(loc, lookup(op.getInput1()), shape);
  Value amount = broadcastTo(loc, lookup(op.getInput2()), shape);
  Value shifted = hlo::ShiftRightArithmeticOp::create(b, loc, value, amount);
  if (!op.getRound())
    return shifted;
  Type element = type.getElementType();
  Value one = intSplat(loc, shape, element, 1);
  Value zero = intSplat(loc, shape, element, 0);
  Value less = hlo::MaxOp::create(
      b, loc, hlo::SubtractOp::create(b, loc, amount, one), zero);
  Value lastOut = hlo::AndOp::create(
      b, loc, hlo::ShiftRightArithmeticOp::create(b, loc, value, less), one);
  Value positive =
      hlo::CompareOp::create(b, loc, type.clone(b.getI1Type()),
                             hlo::ComparisonDirectionAttr::get(
                                 b.getContext(), hlo::ComparisonDirection::GT),
                             amount, zero);
  return Value(hlo::AddOp::create(
      b, loc, shifted,
      hlo::SelectOp::create(b, loc, type, positive, lastOut, zero)));
}

/// NEGATE of integers: (input_zp - x) + output_zp in i32, saturated to the
/// type (so -(-128) is 127 in i8); i32 and wider wrap.
FailureOr<Value> Importer::negate(tosa::NegateOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Type element = type.getElementType();
  if (isa<FloatType>(element)) {
    if (failed(checkZeroPoint(op, op.getInput1Zp(), "input")) ||
        failed(checkZeroPoint(op, op.getOutputZp(), "output")))
      return failure();
    return Value(hlo::NegOp::create(b, loc, lookup(op.getInput1())));
  }
  int64_t inZp, outZp;
  if (failed(zeroPoints(op, op.getInput1Zp(), "input", op.getOutputZp(),
                        "output", inZp, outZp)))
    return failure();
  // i32 accumulates narrower types; wider ones wrap in their own type.
  Type acc = element.getIntOrFloatBitWidth() < 32 ? b.getI32Type() : element;
  ArrayRef<int64_t> shape = type.getShape();
  Value v =
      hlo::SubtractOp::create(b, loc, intSplat(loc, shape, acc, inZp),
                              convertTo(loc, lookup(op.getInput1()), acc));
  if (outZp != 0)
    v = hlo::AddOp::create(b, loc, v, intSplat(loc, shape, acc, outZp));
  return clipTo(loc, v, element, false);
}

FailureOr<Value> Importer::addBias(Operation *op, Value v, Value bias) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(v.getType());
  bias = lookup(bias);
  DenseElementsAttr biasValue;
  if (matchPattern(bias, m_Constant(&biasValue)) && biasValue.isSplat() &&
      biasValue.getSplatValue<Attribute>() ==
          b.getZeroAttr(biasValue.getElementType()))
    return v;
  Type biasElement = getElementTypeOrSelf(bias.getType());
  if (biasElement != type.getElementType())
    return unsupported(op) << "its bias is " << biasElement
                           << " and its output " << type.getElementType();
  // A bias of one element serves every feature.
  Value features = hlo::BroadcastInDimOp::create(
      b, loc, type, bias, b.getDenseI64ArrayAttr({type.getRank() - 1}));
  return Value(hlo::AddOp::create(b, loc, v, features));
}

/// An int8 convolution: the input padded with its zero point (TOSA's
/// padding contributes nothing once the zero point is subtracted), the
/// int8 product on the MXU, and the zero points factored out:
/// sum((a - za)(w - zw)) = sum(a w) - zw sum(a) - za sum(w) + K za zw over
/// the K = KH*KW*IC taps of each output, all modulo 2^32 as i32 sums are.
FailureOr<Value> Importer::quantizedConv2d(tosa::Conv2DOp op) {
  int64_t inZp, wZp;
  if (failed(zeroPoints(op, op.getInputZp(), "input", op.getWeightZp(),
                        "weight", inZp, wZp)))
    return failure();
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Type i32 = b.getI32Type();
  Value input = lookup(op.getInput()), weight = lookup(op.getWeight());
  auto inputType = cast<RankedTensorType>(input.getType());
  auto weightType = cast<RankedTensorType>(weight.getType());
  Type inElement = inputType.getElementType();
  bool int8Weights = weightType.getElementType().isInteger(8);
  if (inElement.isInteger(16) && int8Weights && inZp == 0 && wZp == 0)
    return limbConv2d(op);
  if (!inElement.isInteger(8) || !int8Weights ||
      !type.getElementType().isInteger(32))
    return wideConv2d(op, inZp, wZp);
  Value padded =
      padSpatial(loc, input, op.getPad(), b.getIntegerAttr(inElement, inZp));
  auto convolve = [&](Value kernel, RankedTensorType out) {
    return convolveInt8(op, padded, kernel, out);
  };
  int64_t oc = weightType.getDimSize(0), kh = weightType.getDimSize(1),
          kw = weightType.getDimSize(2), ic = weightType.getDimSize(3);
  Value kernel = hwioKernel(loc, weight);
  Value result = convolve(kernel, type);
  ArrayRef<int64_t> shape = type.getShape();
  if (wZp != 0) {
    // sum(a) over each window: the input convolved with ones.
    Value ones = intSplat(loc, {kh, kw, ic, 1}, weightType.getElementType(), 1);
    Value windowSum =
        convolve(ones, type.clone({shape[0], shape[1], shape[2], 1}));
    windowSum = hlo::ReshapeOp::create(
        b, loc, type.clone({shape[0], shape[1], shape[2]}), windowSum);
    windowSum = hlo::BroadcastInDimOp::create(
        b, loc, type, windowSum, b.getDenseI64ArrayAttr({0, 1, 2}));
    result = hlo::SubtractOp::create(
        b, loc, result,
        hlo::MulOp::create(b, loc, windowSum, intSplat(loc, shape, i32, wZp)));
  }
  if (inZp != 0) {
    // K za zw - za sum(w), per output channel.
    Value weightSum = filterSums(loc, weight, i32);
    int64_t taps = kh * kw * ic;
    Value perChannel = hlo::SubtractOp::create(
        b, loc,
        intSplat(loc, {oc}, i32,
                 static_cast<int32_t>(static_cast<uint32_t>(taps) *
                                      static_cast<uint32_t>(inZp) *
                                      static_cast<uint32_t>(wZp))),
        hlo::MulOp::create(b, loc, weightSum, intSplat(loc, {oc}, i32, inZp)));
    result = hlo::AddOp::create(
        b, loc, result,
        hlo::BroadcastInDimOp::create(b, loc, type, perChannel,
                                      b.getDenseI64ArrayAttr({3})));
  }
  return addBias(op, result, op.getBias());
}

Value Importer::convolveInt8(tosa::Conv2DOp op, Value padded, Value kernel,
                             RankedTensorType out) {
  return hlo::ConvolutionOp::create(
      b, op.getLoc(), out, padded, kernel,
      b.getDenseI64ArrayAttr(op.getStride()),
      b.getDenseI64ArrayAttr({0, 0, 0, 0}), DenseI64ArrayAttr(),
      b.getDenseI64ArrayAttr(op.getDilation()), b.getI64IntegerAttr(1),
      hlo::PrecisionAttr());
}

Value Importer::hwioKernel(Location loc, Value weight) {
  auto type = cast<RankedTensorType>(weight.getType());
  ArrayRef<int64_t> ohwi = type.getShape();
  return hlo::TransposeOp::create(
      b, loc, type.clone({ohwi[1], ohwi[2], ohwi[3], ohwi[0]}), weight,
      b.getDenseI64ArrayAttr({1, 2, 3, 0}));
}

Value Importer::filterSums(Location loc, Value weight, Type acc) {
  auto type = cast<RankedTensorType>(weight.getType());
  return hlo::ReduceOp::create(
      b, loc, RankedTensorType::get({type.getDimSize(0)}, acc),
      hlo::ReduceKindAttr::get(b.getContext(), hlo::ReduceKind::sum),
      convertTo(loc, weight, acc), b.getDenseI64ArrayAttr({1, 2, 3}));
}

std::pair<Value, Value> Importer::splitInt16(Location loc, Value v) {
  ArrayRef<int64_t> shape = cast<RankedTensorType>(v.getType()).getShape();
  Type i8 = b.getI8Type(), i16 = b.getI16Type();
  Value hi = hlo::ShiftRightArithmeticOp::create(b, loc, v,
                                                 intSplat(loc, shape, i16, 8));
  Value lo = hlo::SubtractOp::create(
      b, loc, hlo::AndOp::create(b, loc, v, intSplat(loc, shape, i16, 255)),
      intSplat(loc, shape, i16, 128));
  return {convertTo(loc, hi, i8), convertTo(loc, lo, i8)};
}

/// A 16x8 convolution as two int8 ones on the MXU: each int16 x is
/// 256 hi + lo + 128 with hi = x >> 8 and lo = (x & 255) - 128, both int8,
/// so conv(x, w) = 256 conv(hi, w) + conv(lo, w) + 128 sum(w), the last per
/// output channel over every tap (padding with 0 splits into hi = 0 and
/// lo = -128, which the same identity covers). The i32 products combine in
/// i64, TOSA's i48. This is how an int8 MXU runs int16 activations, instead
/// of 64-bit multiplies on the vector unit.
FailureOr<Value> Importer::limbConv2d(tosa::Conv2DOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = importedType(op);
  Type i16 = b.getI16Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
  Value input = lookup(op.getInput()), weight = lookup(op.getWeight());
  Value padded = padSpatial(loc, input, op.getPad(), b.getIntegerAttr(i16, 0));
  auto [hi, lo] = splitInt16(loc, padded);
  Value kernel = hwioKernel(loc, weight);
  RankedTensorType products = type.clone(i32);
  Value high = convertTo(loc, convolveInt8(op, hi, kernel, products), i64);
  Value low = convertTo(loc, convolveInt8(op, lo, kernel, products), i64);
  ArrayRef<int64_t> shape = type.getShape();
  Value sum = hlo::AddOp::create(
      b, loc, hlo::MulOp::create(b, loc, high, intSplat(loc, shape, i64, 256)),
      low);
  Value offsets =
      hlo::MulOp::create(b, loc, filterSums(loc, weight, i64),
                         intSplat(loc, {type.getDimSize(3)}, i64, 128));
  sum = hlo::AddOp::create(
      b, loc, sum,
      hlo::BroadcastInDimOp::create(b, loc, type, offsets,
                                    b.getDenseI64ArrayAttr({3})));
  return addBias(op, sum, op.getBias());
}

Value Importer::batchedProduct(Location loc, RankedTensorType out, Value lhs,
                               Value rhs) {
  return hlo::DotGeneralOp::create(
      b, loc, out, lhs, rhs, b.getDenseI64ArrayAttr({0}),
      b.getDenseI64ArrayAttr({0}), b.getDenseI64ArrayAttr({2}),
      b.getDenseI64ArrayAttr({1}), hlo::PrecisionAttr());
}

Value Importer::contractedSum(Location loc, Value v, int64_t dim,
                              ArrayRef<int64_t> keep, RankedTensorType out) {
  auto type = cast<RankedTensorType>(v.getType());
  Type acc = out.getElementType();
  SmallVector<int64_t> kept(type.getShape());
  kept.erase(kept.begin() + dim);
  Value sum = hlo::ReduceOp::create(
      b, loc, RankedTensorType::get(kept, acc),
      hlo::ReduceKindAttr::get(b.getContext(), hlo::ReduceKind::sum),
      convertTo(loc, v, acc), b.getDenseI64ArrayAttr({dim}));
  return hlo::BroadcastInDimOp::create(b, loc, out, sum,
                                       b.getDenseI64ArrayAttr(keep));
}

/// An int16 matmul (into i48, held in i64) as four int8 ones on the MXU:
/// with a = a' + 128 and a' = 256 ah + al (splitInt16), and b alike,
/// sum(a b) = sum(a' b') + 128 sum(a) + 128 sum(b) - 128^2 C over the C
/// contracted elements, and sum(a' b') = 65536 ah.bh + 256 (ah.bl +
/// al.bh) + al.bl. Each int8 product is exact in i32 for C < 2^17.
FailureOr<Value> Importer::limbMatmul(tosa::MatMulOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = importedType(op);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  ArrayRef<int64_t> shape = type.getShape();
  Value lhs = lookup(op.getA()), rhs = lookup(op.getB());
  auto [ah, al] = splitInt16(loc, lhs);
  auto [bh, bl] = splitInt16(loc, rhs);
  auto dot = [&](Value l, Value r) -> Value {
    return convertTo(loc, batchedProduct(loc, type.clone(i32), l, r), i64);
  };
  auto scaled = [&](Value v, int64_t by) -> Value {
    return hlo::MulOp::create(b, loc, v, intSplat(loc, shape, i64, by));
  };
  auto sumOver = [&](Value v, int64_t dim, ArrayRef<int64_t> keep) {
    return contractedSum(loc, v, dim, keep, type);
  };
  // One product per statement, so that the IR's order does not depend on
  // the host compiler's argument evaluation order.
  Value highs = dot(ah, bh), highLow = dot(ah, bl), lowHigh = dot(al, bh),
        lows = dot(al, bl);
  Value cross = hlo::AddOp::create(b, loc, highLow, lowHigh);
  Value result = scaled(highs, 65536);
  result = hlo::AddOp::create(b, loc, result, scaled(cross, 256));
  result = hlo::AddOp::create(b, loc, result, lows);
  Value rowSums = sumOver(lhs, 2, {0, 1});
  Value columnSums = sumOver(rhs, 1, {0, 2});
  Value sums = hlo::AddOp::create(b, loc, rowSums, columnSums);
  int64_t c = cast<RankedTensorType>(lhs.getType()).getDimSize(2);
  return Value(hlo::AddOp::create(
      b, loc, hlo::AddOp::create(b, loc, result, scaled(sums, 128)),
      intSplat(loc, shape, i64, -16384 * c)));
}

FailureOr<Value> Importer::wideConv2d(tosa::Conv2DOp op, int64_t inZp,
                                      int64_t wZp) {
  Location loc = op.getLoc();
  RankedTensorType type = importedType(op);
  Type acc = type.getElementType();
  Value input = lookup(op.getInput()), weight = lookup(op.getWeight());
  auto inputType = cast<RankedTensorType>(input.getType());
  auto weightType = cast<RankedTensorType>(weight.getType());
  int64_t oc = weightType.getDimSize(0), kh = weightType.getDimSize(1),
          kw = weightType.getDimSize(2), ic = weightType.getDimSize(3);
  int64_t pixels = type.getDimSize(0) * type.getDimSize(1) * type.getDimSize(2);
  Value padded = padSpatial(loc, input, op.getPad(),
                            b.getIntegerAttr(inputType.getElementType(), inZp));
  ArrayRef<int64_t> dilation = op.getDilation();
  Value sum;
  for (int64_t i = 0; i < kh; ++i)
    for (int64_t j = 0; j < kw; ++j) {
      Value tap = tapSlice(
          loc, padded, i * dilation[0], j * dilation[1], op.getStride(),
          inputType.clone({type.getDimSize(0), type.getDimSize(1),
                           type.getDimSize(2), ic}));
      tap = hlo::ReshapeOp::create(b, loc, inputType.clone({pixels, ic}), tap);
      Value filter = weightTap(loc, weight, i, j, {1, 2}, {oc, ic});
      Value product = hlo::DotGeneralOp::create(
          b, loc, RankedTensorType::get({pixels, oc}, acc),
          widen(loc, tap, acc, inZp), widen(loc, filter, acc, wZp),
          b.getDenseI64ArrayAttr({}), b.getDenseI64ArrayAttr({}),
          b.getDenseI64ArrayAttr({1}), b.getDenseI64ArrayAttr({1}),
          hlo::PrecisionAttr());
      sum = sum ? Value(hlo::AddOp::create(b, loc, sum, product)) : product;
    }
  return addBias(op, hlo::ReshapeOp::create(b, loc, type, sum), op.getBias());
}

/// MATMUL of int8 [N,H,C] x [N,C,W] on the MXU, zero points factored out as
/// for convolutions; wider integers (int16 into i48, computed in i64) on
/// the vector unit with their zero points subtracted first.
FailureOr<Value> Importer::quantizedMatmul(tosa::MatMulOp op) {
  int64_t aZp, bZp;
  if (failed(zeroPoints(op, op.getAZp(), "a", op.getBZp(), "b", aZp, bZp)))
    return failure();
  Location loc = op.getLoc();
  RankedTensorType type = importedType(op);
  Type acc = type.getElementType();
  ArrayRef<int64_t> shape = type.getShape();
  Value lhs = lookup(op.getA()), rhs = lookup(op.getB());
  Type operand = getElementTypeOrSelf(lhs.getType());
  auto dot = [&](Value l, Value r) { return batchedProduct(loc, type, l, r); };
  if (operand.isInteger(16) && aZp == 0 && bZp == 0)
    return limbMatmul(op);
  if (!operand.isInteger(8) || !acc.isInteger(32))
    return dot(widen(loc, lhs, acc, aZp), widen(loc, rhs, acc, bZp));
  Value result = dot(lhs, rhs);
  auto sumOver = [&](Value v, int64_t dim, ArrayRef<int64_t> keep) {
    return contractedSum(loc, v, dim, keep, type);
  };
  auto scaled = [&](Value v, int64_t by) -> Value {
    return hlo::MulOp::create(b, loc, v, intSplat(loc, shape, acc, by));
  };
  if (bZp != 0)
    result = hlo::SubtractOp::create(b, loc, result,
                                     scaled(sumOver(lhs, 2, {0, 1}), bZp));
  if (aZp != 0)
    result = hlo::SubtractOp::create(b, loc, result,
                                     scaled(sumOver(rhs, 1, {0, 2}), aZp));
  if (aZp != 0 && bZp != 0) {
    int64_t c = cast<RankedTensorType>(lhs.getType()).getDimSize(2);
    result = hlo::AddOp::create(
        b, loc, result,
        intSplat(loc, shape, acc,
                 static_cast<int32_t>(static_cast<uint32_t>(c) *
                                      static_cast<uint32_t>(aZp) *
                                      static_cast<uint32_t>(bZp))));
  }
  return result;
}

/// Integer AVG_POOL2D: the sum of (x - input_zp) over the taps inside the
/// input, times TOSA's reciprocal_scale of the count (a multiplier in
/// [2^30, 2^31) and shift 30 + ceil(log2(count))), plus the output zero
/// point, saturated.
FailureOr<Value> Importer::quantizedAvgPool2d(tosa::AvgPool2dOp op) {
  int64_t inZp, outZp;
  if (failed(zeroPoints(op, op.getInputZp(), "input", op.getOutputZp(),
                        "output", inZp, outZp)))
    return failure();
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value input = lookup(op.getInput());
  auto inputType = cast<RankedTensorType>(input.getType());
  ArrayRef<int64_t> kernel = op.getKernel(), stride = op.getStride(),
                    pad = op.getPad();
  Value padded = padSpatial(loc, input, pad,
                            b.getIntegerAttr(inputType.getElementType(), inZp));
  padded = convertTo(loc, padded, i32);
  if (inZp != 0) {
    auto paddedType = cast<RankedTensorType>(padded.getType());
    padded = hlo::SubtractOp::create(
        b, loc, padded, intSplat(loc, paddedType.getShape(), i32, inZp));
  }
  RankedTensorType wide = type.clone(i32);
  Value sum = foldTaps<hlo::AddOp>(loc, padded, kernel, stride, wide);
  int64_t oh = type.getDimSize(1), ow = type.getDimSize(2);
  SmallVector<int64_t> multipliers, shifts;
  // The TOSA verifier keeps padding below the kernel and output sizes
  // exact, so every window covers at least one input element.
  for (int64_t taps : tapsInside(inputType, type, kernel, stride, pad)) {
    auto count = static_cast<uint64_t>(taps);
    int64_t k = count <= 1 ? 0 : 64 - llvm::countl_zero(count - 1);
    multipliers.push_back(static_cast<int64_t>(((uint64_t{1} << 30) + 1) << k) /
                          static_cast<int64_t>(count));
    shifts.push_back(30 + k);
  }
  auto perPixel = [&](ArrayRef<int64_t> values) -> Value {
    auto t = RankedTensorType::get({oh, ow}, i64);
    Value c =
        hlo::ConstantOp::create(b, loc, t, DenseElementsAttr::get(t, values));
    return hlo::BroadcastInDimOp::create(b, loc, type.clone(i64), c,
                                         b.getDenseI64ArrayAttr({1, 2}));
  };
  Value scaled = applyScale(loc, convertTo(loc, sum, i64),
                            perPixel(multipliers), perPixel(shifts), false);
  Value result = convertTo(loc, scaled, i32);
  if (outZp != 0)
    result = hlo::AddOp::create(b, loc, result,
                                intSplat(loc, type.getShape(), i32, outZp));
  return clipTo(loc, result, type.getElementType(), false);
}

} // namespace mlir::tpu::tosa_import
