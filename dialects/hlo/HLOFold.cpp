//===- HLOFold.cpp - Constant folding of hlo ops --------------------------===//
//
// The folders of the hlo dialect, written from the semantics in
// docs/dialects/hlo.md with APFloat and APInt, independently of the
// reference evaluator that tests check the compiler against.
//
// Only what is cheap and exact folds: arithmetic that IEEE 754 rounds
// correctly (+ - * / sqrt, rounding to integers, conversions), integer and
// bitwise ops, comparisons and selects, and broadcasts, reshapes and
// transposes. Transcendentals (exp, log, tanh, logistic, rsqrt, sin, cos,
// erf) do not fold: their last bit depends on the implementation, and the
// TPU's vector unit, not the compiler's host, computes them. A splat folds
// to a splat at any size; any other result folds only up to
// kFoldElementLimit elements, so folding never turns a small program into a
// large one.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOFold.h"
#include "dialects/hlo/HLOOps.h"
#include "runtime/machine/Shape.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"

#include <cmath>
#include <functional>

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// One element of a folded tensor: an APInt for integer and i1 elements
/// (`isUnsigned` for ui8..ui32, whose order, division and widening differ),
/// an APFloat for float ones.
struct Scalar {
  Scalar(APInt i, bool isUnsigned = false)
      : isFloat(false), isUnsigned(isUnsigned), i(std::move(i)), f(0.0f) {}
  Scalar(APFloat f) : isFloat(true), i(1, 0), f(std::move(f)) {}
  bool isFloat;
  bool isUnsigned = false;
  APInt i;
  APFloat f;
};

using ScalarFn = std::function<std::optional<Scalar>(ArrayRef<Scalar>)>;

Scalar elementAt(DenseElementsAttr attr, int64_t n) {
  if (isa<FloatType>(attr.getElementType()))
    return Scalar(attr.isSplat() ? attr.getSplatValue<APFloat>()
                                 : attr.getValues<APFloat>().begin()[n]);
  return Scalar(attr.isSplat() ? attr.getSplatValue<APInt>()
                               : attr.getValues<APInt>().begin()[n],
                attr.getElementType().isUnsignedInteger());
}

/// A constant of `shape` and `elementType` from one scalar per element (or
/// one for a splat).
DenseElementsAttr build(ArrayRef<int64_t> shape, Type elementType,
                        ArrayRef<Scalar> elements) {
  auto type = RankedTensorType::get(shape, elementType);
  if (isa<FloatType>(elementType)) {
    SmallVector<APFloat> values;
    for (const Scalar &s : elements)
      values.push_back(s.f);
    return values.size() == 1 ? DenseElementsAttr::get(type, values.front())
                              : DenseElementsAttr::get(type, values);
  }
  SmallVector<APInt> values;
  for (const Scalar &s : elements)
    values.push_back(s.i);
  return values.size() == 1 ? DenseElementsAttr::get(type, values.front())
                            : DenseElementsAttr::get(type, values);
}

/// Applies `fn` element by element to `operands`, all dense constants of
/// the result's shape. Fails when an operand is not constant, when `fn`
/// declines an element, or when a non-splat result would be too large.
OpFoldResult mapElements(Operation *op, ArrayRef<Attribute> operands,
                         const ScalarFn &fn) {
  SmallVector<DenseElementsAttr> dense;
  for (Attribute operand : operands) {
    auto d = dyn_cast_or_null<DenseElementsAttr>(operand);
    if (!d)
      return {};
    dense.push_back(d);
  }
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  bool splat = llvm::all_of(dense, [](auto d) { return d.isSplat(); });
  int64_t count = splat ? 1 : type.getNumElements();
  if (count > kFoldElementLimit)
    return {};
  SmallVector<Scalar> results;
  SmallVector<Scalar> args;
  for (int64_t n = 0; n < count; ++n) {
    args.clear();
    for (DenseElementsAttr d : dense)
      args.push_back(elementAt(d, n));
    std::optional<Scalar> r = fn(args);
    if (!r)
      return {};
    results.push_back(std::move(*r));
  }
  return build(type.getShape(), type.getElementType(), results);
}

//===----------------------------------------------------------------------===//
// Scalar semantics
//===----------------------------------------------------------------------===//

APFloat floatOf(const llvm::fltSemantics &semantics, double value) {
  APFloat f(value);
  bool lost;
  f.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
  return f;
}

/// sqrt rounded once to `x`'s type: the double square root is correctly
/// rounded, and double has more than twice the bits of f32 and bf16, so
/// rounding it again to them is exact rounding of the true root.
APFloat sqrtOf(const APFloat &x) {
  return floatOf(x.getSemantics(), std::sqrt(x.convertToDouble()));
}

/// StableHLO's shifts: an amount outside [0, width) shifts every bit out.
APInt shift(Operation *op, const APInt &x, const APInt &amount) {
  unsigned width = x.getBitWidth();
  bool inRange = !amount.isNegative() && amount.ult(width);
  if (isa<ShiftLeftOp>(op))
    return inRange ? x.shl(amount) : APInt(width, 0);
  if (isa<ShiftRightLogicalOp>(op))
    return inRange ? x.lshr(amount) : APInt(width, 0);
  return inRange
             ? x.ashr(amount)
             : (x.isNegative() ? APInt::getAllOnes(width) : APInt(width, 0));
}

/// + - * on APFloat (rounded to nearest even) and APInt (wrapping) alike.
template <typename T>
std::optional<Scalar> ring(Operation *op, const T &a, const T &b) {
  if (isa<AddOp>(op))
    return Scalar(a + b);
  if (isa<SubtractOp>(op))
    return Scalar(a - b);
  if (isa<MulOp>(op))
    return Scalar(a * b);
  return std::nullopt;
}

std::optional<Scalar> floatBinary(Operation *op, const APFloat &a,
                                  const APFloat &b) {
  if (std::optional<Scalar> r = ring(op, a, b))
    return r;
  if (isa<DivOp>(op))
    return Scalar(a / b);
  // IEEE 754-2019 maximum/minimum: NaN propagates, -0 < +0.
  if (isa<MaxOp>(op))
    return Scalar(llvm::maximum(a, b));
  if (isa<MinOp>(op))
    return Scalar(llvm::minimum(a, b));
  return std::nullopt;
}

std::optional<Scalar> intBinary(Operation *op, const Scalar &sa,
                                const Scalar &sb) {
  const APInt &a = sa.i, &b = sb.i;
  bool isUnsigned = sa.isUnsigned;
  unsigned width = a.getBitWidth();
  if (width == 1) { // add, multiply, maximum, minimum are or, and, or, and.
    if (isa<AddOp, OrOp, MaxOp>(op))
      return Scalar(a | b);
    if (isa<MulOp, AndOp, MinOp>(op))
      return Scalar(a & b);
    if (isa<XorOp>(op))
      return Scalar(a ^ b);
    return std::nullopt;
  }
  if (std::optional<Scalar> r = ring(op, a, b))
    return r;
  if (isa<DivOp>(op)) // XLA: x / 0 is all ones; MIN / -1 wraps to MIN.
    return Scalar(b.isZero()   ? APInt::getAllOnes(width)
                  : isUnsigned ? a.udiv(b)
                               : a.sdiv(b));
  if (isa<MaxOp>(op))
    return Scalar(isUnsigned ? llvm::APIntOps::umax(a, b)
                             : llvm::APIntOps::smax(a, b));
  if (isa<MinOp>(op))
    return Scalar(isUnsigned ? llvm::APIntOps::umin(a, b)
                             : llvm::APIntOps::smin(a, b));
  if (isa<AndOp>(op))
    return Scalar(a & b);
  if (isa<OrOp>(op))
    return Scalar(a | b);
  if (isa<XorOp>(op))
    return Scalar(a ^ b);
  if (isa<ShiftLeftOp, ShiftRightLogicalOp, ShiftRightArithmeticOp>(op))
    return Scalar(shift(op, a, b));
  return std::nullopt;
}

std::optional<Scalar> unary(Operation *op, const Scalar &x) {
  if (!x.isFloat) {
    if (isa<NotOp>(op))
      return Scalar(~x.i);
    if (isa<NegOp>(op))
      return Scalar(-x.i);
    if (isa<AbsOp>(op)) // abs(MIN) wraps to MIN.
      return Scalar(!x.isUnsigned && x.i.isNegative() ? -x.i : x.i);
    return std::nullopt;
  }
  auto roundTo = [&](APFloat::roundingMode mode) {
    APFloat r = x.f;
    r.roundToIntegral(mode);
    return Scalar(r);
  };
  if (isa<NegOp>(op))
    return Scalar(-x.f);
  if (isa<AbsOp>(op))
    return Scalar(abs(x.f));
  if (isa<SqrtOp>(op))
    return Scalar(sqrtOf(x.f));
  if (isa<FloorOp>(op))
    return roundTo(APFloat::rmTowardNegative);
  if (isa<CeilOp>(op))
    return roundTo(APFloat::rmTowardPositive);
  if (isa<RoundNearestEvenOp>(op))
    return roundTo(APFloat::rmNearestTiesToEven);
  return std::nullopt; // Transcendentals: see the file comment.
}

bool compare(ComparisonDirection direction, const Scalar &a, const Scalar &b) {
  if (a.isFloat) {
    APFloat::cmpResult c = a.f.compare(b.f);
    switch (direction) {
    case ComparisonDirection::EQ:
      return c == APFloat::cmpEqual;
    case ComparisonDirection::NE:
      return c != APFloat::cmpEqual;
    case ComparisonDirection::LT:
      return c == APFloat::cmpLessThan;
    case ComparisonDirection::LE:
      return c == APFloat::cmpLessThan || c == APFloat::cmpEqual;
    case ComparisonDirection::GT:
      return c == APFloat::cmpGreaterThan;
    case ComparisonDirection::GE:
      return c == APFloat::cmpGreaterThan || c == APFloat::cmpEqual;
    }
  }
  // Signless integers compare signed; i1 is 0 or 1.
  int c = a.i.getBitWidth() == 1 || a.isUnsigned
              ? (a.i.ult(b.i) ? -1 : a.i != b.i)
              : (a.i.slt(b.i) ? -1 : a.i != b.i);
  switch (direction) {
  case ComparisonDirection::EQ:
    return c == 0;
  case ComparisonDirection::NE:
    return c != 0;
  case ComparisonDirection::LT:
    return c < 0;
  case ComparisonDirection::LE:
    return c <= 0;
  case ComparisonDirection::GT:
    return c > 0;
  case ComparisonDirection::GE:
    return c >= 0;
  }
  llvm_unreachable("unknown comparison direction");
}

/// Float to integer truncates toward zero and saturates, NaN to 0; integer
/// to integer wraps (i1 and ui* widen with zeros); anything to i1 compares with
/// zero; float to float rounds to nearest even.
Scalar convert(const Scalar &x, Type to) {
  if (to.isInteger(1))
    return Scalar(APInt(1, x.isFloat ? !x.f.isZero() : !x.i.isZero()));
  if (auto floatType = dyn_cast<FloatType>(to)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    if (x.isFloat) {
      APFloat r = x.f;
      bool lost;
      r.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
      return Scalar(r);
    }
    APFloat r(semantics);
    r.convertFromAPInt(x.i, /*IsSigned=*/x.i.getBitWidth() > 1 && !x.isUnsigned,
                       APFloat::rmNearestTiesToEven);
    return Scalar(r);
  }
  unsigned width = cast<IntegerType>(to).getWidth();
  if (!x.isFloat)
    return Scalar(x.i.getBitWidth() == 1 || x.isUnsigned
                      ? x.i.zextOrTrunc(width)
                      : x.i.sextOrTrunc(width));
  if (x.f.isNaN())
    return Scalar(APInt(width, 0));
  // Out of range, convertToInteger saturates (and reports opInvalidOp).
  APSInt result(width, /*isUnsigned=*/to.isUnsignedInteger());
  bool exact;
  (void)x.f.convertToInteger(result, APFloat::rmTowardZero, &exact);
  return Scalar(APInt(result));
}

OpFoldResult foldElementwise(Operation *op, ArrayRef<Attribute> operands) {
  return mapElements(op, operands,
                     [op](ArrayRef<Scalar> x) -> std::optional<Scalar> {
                       if (x.size() == 1)
                         return unary(op, x[0]);
                       if (x[0].isFloat)
                         return floatBinary(op, x[0].f, x[1].f);
                       return intBinary(op, x[0], x[1]);
                     });
}

bool isIdentity(ArrayRef<int64_t> dims) {
  for (auto [i, d] : llvm::enumerate(dims))
    if (static_cast<int64_t>(i) != d)
      return false;
  return true;
}

/// Rearranges a constant: result element n is operand element
/// `source(index of n)`. Splats stay splats at any size.
OpFoldResult gather(Operation *op, Attribute operand,
                    llvm::function_ref<int64_t(ArrayRef<int64_t>)> source) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(operand);
  if (!dense)
    return {};
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  if (dense.isSplat())
    return build(type.getShape(), type.getElementType(), {elementAt(dense, 0)});
  if (type.getNumElements() > kFoldElementLimit)
    return {};
  SmallVector<Scalar> results;
  SmallVector<int64_t> index(type.getRank(), 0);
  for (int64_t n = 0, e = type.getNumElements(); n < e; ++n) {
    results.push_back(elementAt(dense, source(index)));
    for (int64_t d = type.getRank() - 1; d >= 0; --d) {
      if (++index[d] < type.getDimSize(d))
        break;
      index[d] = 0;
    }
  }
  return build(type.getShape(), type.getElementType(), results);
}

/// Row-major strides of `shape`.
std::vector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  return tpc::rowMajorStrides(std::vector<int64_t>(shape.begin(), shape.end()));
}

} // namespace

DenseElementsAttr mlir::hlo::convertElements(DenseElementsAttr values,
                                             Type elementType) {
  SmallVector<Scalar> converted;
  int64_t count = values.isSplat() ? 1 : values.getNumElements();
  for (int64_t n = 0; n < count; ++n)
    converted.push_back(convert(elementAt(values, n), elementType));
  return build(values.getType().getShape(), elementType, converted);
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

#define HLO_ELEMENTWISE_FOLDER(Op)                                             \
  OpFoldResult Op::fold(FoldAdaptor adaptor) {                                 \
    return foldElementwise(*this, adaptor.getOperands());                      \
  }
HLO_ELEMENTWISE_FOLDER(AbsOp)
HLO_ELEMENTWISE_FOLDER(NegOp)
HLO_ELEMENTWISE_FOLDER(ExpOp)
HLO_ELEMENTWISE_FOLDER(LogOp)
HLO_ELEMENTWISE_FOLDER(TanhOp)
HLO_ELEMENTWISE_FOLDER(LogisticOp)
HLO_ELEMENTWISE_FOLDER(SqrtOp)
HLO_ELEMENTWISE_FOLDER(RsqrtOp)
HLO_ELEMENTWISE_FOLDER(FloorOp)
HLO_ELEMENTWISE_FOLDER(CeilOp)
HLO_ELEMENTWISE_FOLDER(RoundNearestEvenOp)
HLO_ELEMENTWISE_FOLDER(SineOp)
HLO_ELEMENTWISE_FOLDER(CosineOp)
HLO_ELEMENTWISE_FOLDER(ErfOp)
// Not folded: transcendentals (the file comment) and the integer ops whose
// folds no program has needed yet.
#define HLO_NO_FOLDER(Op)                                                      \
  OpFoldResult Op::fold(FoldAdaptor) { return {}; }
HLO_NO_FOLDER(TanOp)
HLO_NO_FOLDER(SinhOp)
HLO_NO_FOLDER(CoshOp)
HLO_NO_FOLDER(AsinhOp)
HLO_NO_FOLDER(AcoshOp)
HLO_NO_FOLDER(AtanhOp)
HLO_NO_FOLDER(ErfcOp)
HLO_NO_FOLDER(LgammaOp)
HLO_NO_FOLDER(CbrtOp)
HLO_NO_FOLDER(Expm1Op)
HLO_NO_FOLDER(Log1pOp)
HLO_NO_FOLDER(RoundNearestAfzOp)
HLO_NO_FOLDER(PopcntOp)
HLO_NO_FOLDER(ClzOp)
HLO_NO_FOLDER(RemOp)
HLO_NO_FOLDER(PowOp)
HLO_NO_FOLDER(Atan2Op)
HLO_ELEMENTWISE_FOLDER(NotOp)
HLO_ELEMENTWISE_FOLDER(AddOp)
HLO_ELEMENTWISE_FOLDER(SubtractOp)
HLO_ELEMENTWISE_FOLDER(MulOp)
HLO_ELEMENTWISE_FOLDER(DivOp)
HLO_ELEMENTWISE_FOLDER(MaxOp)
HLO_ELEMENTWISE_FOLDER(MinOp)
HLO_ELEMENTWISE_FOLDER(AndOp)
HLO_ELEMENTWISE_FOLDER(OrOp)
HLO_ELEMENTWISE_FOLDER(XorOp)
HLO_ELEMENTWISE_FOLDER(ShiftLeftOp)
HLO_ELEMENTWISE_FOLDER(ShiftRightLogicalOp)
HLO_ELEMENTWISE_FOLDER(ShiftRightArithmeticOp)
#undef HLO_ELEMENTWISE_FOLDER

OpFoldResult ConvertOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  Type to = getType().getElementType();
  return mapElements(*this, adaptor.getOperands(),
                     [to](ArrayRef<Scalar> x) { return convert(x[0], to); });
}

OpFoldResult CompareOp::fold(FoldAdaptor adaptor) {
  ComparisonDirection direction = getComparisonDirection();
  return mapElements(*this, adaptor.getOperands(),
                     [direction](ArrayRef<Scalar> x) {
                       return Scalar(APInt(1, compare(direction, x[0], x[1])));
                     });
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getOnTrue() == getOnFalse() && getOnTrue().getType() == getType())
    return getOnTrue();
  // A splat predicate picks one operand whole, constant or not.
  if (auto pred = dyn_cast_or_null<DenseElementsAttr>(adaptor.getPred());
      pred && pred.isSplat()) {
    Value chosen = pred.getSplatValue<bool>() ? getOnTrue() : getOnFalse();
    if (chosen.getType() == getType())
      return chosen;
  }
  return mapElements(*this, adaptor.getOperands(), [](ArrayRef<Scalar> x) {
    return x[0].i.isZero() ? x[2] : x[1];
  });
}

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType() &&
      isIdentity(getBroadcastDimensions()))
    return getOperand();
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  std::vector<int64_t> strides = stridesOf(operandType.getShape());
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  return gather(*this, adaptor.getOperand(), [&](ArrayRef<int64_t> index) {
    int64_t offset = 0;
    for (auto [i, d] : llvm::enumerate(dims))
      if (operandType.getDimSize(i) != 1)
        offset += index[d] * strides[i];
    return offset;
  });
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getOperand());
  auto type = cast<RankedTensorType>(getType());
  if (!dense || (!dense.isSplat() && type.getNumElements() > kFoldElementLimit))
    return {};
  return dense.reshape(
      RankedTensorType::get(type.getShape(), type.getElementType()));
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> permutation = getPermutation();
  if (getOperand().getType() == getType() && isIdentity(permutation))
    return getOperand();
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  std::vector<int64_t> strides = stridesOf(operandType.getShape());
  return gather(*this, adaptor.getOperand(), [&](ArrayRef<int64_t> index) {
    int64_t offset = 0;
    for (auto [d, p] : llvm::enumerate(permutation))
      offset += index[d] * strides[p];
    return offset;
  });
}

Operation *HLODialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto dense = dyn_cast<DenseElementsAttr>(value);
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!dense || !tensorType)
    return nullptr;
  auto constant = ConstantOp::create(builder, loc, dense);
  if (constant.getType() != tensorType)
    constant.setResultType(tensorType);
  return constant;
}
