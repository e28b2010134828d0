//===- Scalar.cpp - The reference evaluator's element arithmetic ----------===//
//
// One element of each elementwise hlo op, in double. Floats are rounded once
// to the result type, which for +, -, *, / and sqrt gives the correctly
// rounded f32 result. Integer ops run on int64 and wrap to their width; an
// unsigned value is held as its (non-negative) value, so comparisons,
// division and max/min need no separate unsigned forms.
//
//===----------------------------------------------------------------------===//

#include "compiler/reference/Scalar.h"
#include "compiler/reference/Evaluator.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "runtime/machine/HostTensor.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::reference;

unsigned reference::intWidth(Type type) {
  return cast<IntegerType>(type).getWidth();
}

bool reference::isUnsigned(Type type) {
  return cast<IntegerType>(type).isUnsigned();
}

/// `value` modulo 2^width, as the integer `type` holds it: sign-extended for
/// signless types, zero-extended for unsigned ones (and i1).
int64_t reference::wrap(Type type, int64_t value) {
  unsigned width = intWidth(type);
  if (width == 1)
    return value & 1;
  uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
  uint64_t bits = static_cast<uint64_t>(value) & mask;
  if (!isUnsigned(type) && width < 64 && (bits >> (width - 1)) & 1)
    bits |= ~mask;
  return static_cast<int64_t>(bits);
}

/// a * b as the integer `type` holds it, multiplied modulo 2^64 first (ui32
/// products pass 2^63, where signed overflow would be undefined).
static int64_t wrappedProduct(Type type, int64_t a, int64_t b) {
  return wrap(type, static_cast<int64_t>(static_cast<uint64_t>(a) *
                                         static_cast<uint64_t>(b)));
}

double mlir::tpu::roundTo(Type type, double value) {
  if (isWide(type)) // a word: every one is an i64 or ui64 value
    return value;
  if (type.isF32())
    return static_cast<float>(value);
  if (auto floatType = dyn_cast<FloatType>(type)) {
    APFloat rounded(value);
    bool lost;
    rounded.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lost);
    return tpu::floatValue(rounded);
  }
  if (type.isInteger(1))
    return value != 0;
  return static_cast<double>(wrap(type, static_cast<int64_t>(value)));
}

bool reference::isFloat(Type type) { return isa<FloatType>(type); }

double reference::lowest(Type type) {
  if (isFloat(type))
    return -std::numeric_limits<double>::infinity();
  unsigned width = intWidth(type);
  return width == 1 || isUnsigned(type) ? 0 : -std::ldexp(1.0, width - 1);
}

double reference::highest(Type type) {
  if (isFloat(type))
    return std::numeric_limits<double>::infinity();
  unsigned width = intWidth(type);
  if (width == 1)
    return 1;
  return std::ldexp(1.0, isUnsigned(type) ? width : width - 1) - 1;
}

/// max/min propagate NaN and order -0 below +0, as IEEE 754's do.
double reference::maximum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::nan("");
  if (a == b) // IEEE 754 maximum: +0 is above -0.
    return std::signbit(a) ? b : a;
  return std::max(a, b);
}
double reference::minimum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::nan("");
  if (a == b) // IEEE 754 minimum: -0 is below +0.
    return std::signbit(a) ? a : b;
  return std::min(a, b);
}

namespace {

double unary(Operation *op, Type type, double x) {
  if (isFloat(type)) {
    double r =
        TypeSwitch<Operation *, double>(op)
            .Case([&](hlo::AbsOp) { return std::fabs(x); })
            .Case([&](hlo::NegOp) { return -x; })
            .Case([&](hlo::ExpOp) { return std::exp(x); })
            .Case([&](hlo::LogOp) { return std::log(x); })
            .Case([&](hlo::TanhOp) { return std::tanh(x); })
            .Case([&](hlo::LogisticOp) { return 1 / (1 + std::exp(-x)); })
            .Case([&](hlo::SqrtOp) { return std::sqrt(x); })
            .Case([&](hlo::RsqrtOp) { return 1 / std::sqrt(x); })
            .Case([&](hlo::FloorOp) { return std::floor(x); })
            .Case([&](hlo::CeilOp) { return std::ceil(x); })
            .Case([&](hlo::RoundNearestEvenOp) { return std::nearbyint(x); })
            .Case([&](hlo::SineOp) { return std::sin(x); })
            .Case([&](hlo::CosineOp) { return std::cos(x); })
            .Case([&](hlo::ErfOp) { return std::erf(x); })
            .Case([&](hlo::TanOp) { return std::tan(x); })
            .Case([&](hlo::SinhOp) { return std::sinh(x); })
            .Case([&](hlo::CoshOp) { return std::cosh(x); })
            .Case([&](hlo::AsinhOp) { return std::asinh(x); })
            .Case([&](hlo::AcoshOp) { return std::acosh(x); })
            .Case([&](hlo::AtanhOp) { return std::atanh(x); })
            .Case([&](hlo::ErfcOp) { return std::erfc(x); })
            .Case([&](hlo::LgammaOp) { return std::lgamma(x); })
            .Case([&](hlo::CbrtOp) { return std::cbrt(x); })
            .Case([&](hlo::Expm1Op) { return std::expm1(x); })
            .Case([&](hlo::Log1pOp) { return std::log1p(x); })
            .Case([&](hlo::RoundNearestAfzOp) {
              // Ties away from zero: round the magnitude half up.
              double m = std::floor(std::fabs(x) + 0.5);
              if (m - std::fabs(x) > 0.5) // x + 0.5 rounded up in double
                m -= 1;
              return std::copysign(m, x);
            });
    return roundTo(type, r);
  }
  if (type.isInteger(1)) // not
    return x == 0;
  int64_t v = static_cast<int64_t>(x);
  unsigned width = intWidth(type);
  // The bits of v as a width-bit unsigned number, most significant first.
  auto bitAt = [&](unsigned i) { return (v >> (width - 1 - i)) & 1; };
  int64_t r = TypeSwitch<Operation *, int64_t>(op)
                  .Case([&](hlo::AbsOp) { return v < 0 ? -v : v; })
                  .Case([&](hlo::NegOp) { return -v; })
                  .Case([&](hlo::NotOp) { return ~v; })
                  .Case([&](hlo::PopcntOp) {
                    int64_t n = 0;
                    for (unsigned i = 0; i < width; ++i)
                      n += bitAt(i);
                    return n;
                  })
                  .Case([&](hlo::ClzOp) {
                    int64_t n = 0;
                    while (n < width && !bitAt(n))
                      ++n;
                    return n;
                  });
  return static_cast<double>(wrap(type, r));
}

/// StableHLO's shifts: an amount outside [0, width) shifts everything out.
/// They act on the bits: an arithmetic shift of an unsigned value copies
/// its top bit.
int64_t shift(Operation *op, Type type, int64_t x, int64_t amount) {
  unsigned width = intWidth(type);
  bool inRange = amount >= 0 && amount < static_cast<int64_t>(width);
  uint64_t bits = static_cast<uint64_t>(x) & (~0ull >> (64 - width));
  if (isa<hlo::ShiftLeftOp>(op))
    return inRange ? static_cast<int64_t>(bits << amount) : 0;
  if (isa<hlo::ShiftRightLogicalOp>(op))
    return inRange ? static_cast<int64_t>(bits >> amount) : 0;
  int64_t signedValue =
      static_cast<int64_t>(bits << (64 - width)) >> (64 - width);
  return inRange ? signedValue >> amount : (signedValue < 0 ? -1 : 0);
}

/// Integer power as repeated multiplication in `width` bits (binary
/// exponentiation); 1 and -1 are the only bases whose negative powers are
/// not 0 (XLA's rule).
int64_t power(Type type, int64_t base, int64_t exponent) {
  if (exponent < 0) {
    if (base == 1)
      return 1;
    if (base == -1)
      return exponent % 2 == 0 ? 1 : -1;
    return 0;
  }
  int64_t result = 1;
  while (exponent > 0) {
    if (exponent % 2 == 1)
      result = wrappedProduct(type, result, base);
    base = wrappedProduct(type, base, base);
    exponent /= 2;
  }
  return result;
}

double binary(Operation *op, Type type, double a, double b) {
  if (isFloat(type)) {
    double r = TypeSwitch<Operation *, double>(op)
                   .Case([&](hlo::AddOp) { return a + b; })
                   .Case([&](hlo::SubtractOp) { return a - b; })
                   .Case([&](hlo::MulOp) { return a * b; })
                   .Case([&](hlo::DivOp) { return a / b; })
                   .Case([&](hlo::MaxOp) { return maximum(a, b); })
                   .Case([&](hlo::MinOp) { return minimum(a, b); })
                   .Case([&](hlo::RemOp) { return std::fmod(a, b); })
                   .Case([&](hlo::PowOp) { return std::pow(a, b); })
                   .Case([&](hlo::Atan2Op) { return std::atan2(a, b); });
    return roundTo(type, r);
  }
  if (type.isInteger(1)) { // or, and; max and min agree with them on {0, 1}.
    if (isa<hlo::XorOp>(op))
      return (a != 0) != (b != 0);
    return isa<hlo::AddOp, hlo::MaxOp, hlo::OrOp>(op) ? (a != 0 || b != 0)
                                                      : (a != 0 && b != 0);
  }
  int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
  if (isa<hlo::ShiftLeftOp, hlo::ShiftRightLogicalOp,
          hlo::ShiftRightArithmeticOp>(op))
    return static_cast<double>(wrap(type, shift(op, type, x, y)));
  int64_t r = TypeSwitch<Operation *, int64_t>(op)
                  .Case([&](hlo::AddOp) { return x + y; })
                  .Case([&](hlo::SubtractOp) { return x - y; })
                  .Case([&](hlo::MulOp) { return wrappedProduct(type, x, y); })
                  .Case([&](hlo::DivOp) {
                    // XLA: x / 0 is -1; MIN / -1 wraps to MIN.
                    return y == 0 ? -1 : x / y;
                  })
                  .Case([&](hlo::MaxOp) { return std::max(x, y); })
                  .Case([&](hlo::MinOp) { return std::min(x, y); })
                  .Case([&](hlo::AndOp) { return x & y; })
                  .Case([&](hlo::OrOp) { return x | y; })
                  .Case([&](hlo::XorOp) { return x ^ y; })
                  .Case([&](hlo::RemOp) {
                    // XLA: x rem 0 is x; the sign is the dividend's.
                    return y == 0 ? x : x - (x / y) * y;
                  })
                  .Case([&](hlo::PowOp) { return power(type, x, y); });
  return static_cast<double>(wrap(type, r));
}

/// `a direction b` from `lt` and `le` (a > b is b < a, which keeps NaN's
/// comparisons false).
template <typename T, typename Lt, typename Le>
bool compareWith(hlo::ComparisonDirection direction, const T &a, const T &b,
                 Lt lt, Le le) {
  switch (direction) {
  case hlo::ComparisonDirection::EQ:
    return a == b;
  case hlo::ComparisonDirection::NE:
    return a != b;
  case hlo::ComparisonDirection::LT:
    return lt(a, b);
  case hlo::ComparisonDirection::LE:
    return le(a, b);
  case hlo::ComparisonDirection::GT:
    return lt(b, a);
  case hlo::ComparisonDirection::GE:
    return le(b, a);
  }
  llvm_unreachable("unknown comparison");
}

bool compare(hlo::ComparisonDirection direction, double a, double b) {
  return compareWith(
      direction, a, b, [](double x, double y) { return x < y; },
      [](double x, double y) { return x <= y; });
}

/// Float to integer truncates toward zero and saturates (NaN becomes 0);
/// integer to integer wraps. An integer has no negative zero: trunc(-0.5)
/// is stored as 0, so that 1 / convert(convert(-0.5)) is +inf.
double convert(Type from, Type to, double value) {
  if (isFloat(to) || to.isInteger(1) || !isFloat(from))
    return roundTo(to, value);
  if (std::isnan(value))
    return 0;
  return roundTo(to, std::clamp(std::trunc(value), lowest(to), highest(to)));
}

/// The bits of `value` (of type `from`) read as `to`, through APFloat and
/// APInt.
double bitcast(Type from, Type to, double value) {
  unsigned width = from.getIntOrFloatBitWidth();
  APInt bits(width, 0);
  if (auto f = dyn_cast<FloatType>(from)) {
    APFloat x(value);
    bool lost;
    x.convert(f.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    bits = x.bitcastToAPInt();
  } else {
    bits = APInt(width, static_cast<uint64_t>(static_cast<int64_t>(value)),
                 /*isSigned=*/true, /*implicitTrunc=*/true);
  }
  if (auto f = dyn_cast<FloatType>(to))
    return tpu::floatValue(APFloat(f.getFloatSemantics(), bits));
  return isUnsigned(to) ? static_cast<double>(bits.getZExtValue())
                        : static_cast<double>(bits.getSExtValue());
}

//===----------------------------------------------------------------------===//
// i64 and ui64: their slots hold words (tpc::fromWord); arithmetic on APInt.
//===----------------------------------------------------------------------===//

/// A slot of `type` (an integer) as a 64-bit APInt: a wide element's word,
/// or a narrower integer's value (unsigned values are non-negative).
APInt wideOf(Type type, double slot) {
  int64_t v = isWide(type) ? tpc::toWord(slot) : static_cast<int64_t>(slot);
  return APInt(64, static_cast<uint64_t>(v), /*isSigned=*/true);
}

double slotOf(const APInt &v) {
  return tpc::fromWord(static_cast<int64_t>(v.getZExtValue()));
}

double convertWide(Type from, Type to, double slot) {
  if (auto floatFrom = dyn_cast<FloatType>(from)) { // truncate, saturate
    APFloat x(slot);
    APSInt result(64, isUnsigned(to));
    bool exact;
    x.convertToInteger(result, APFloat::rmTowardZero, &exact);
    return slotOf(result);
  }
  APInt x = wideOf(from, slot);
  if (auto floatTo = dyn_cast<FloatType>(to)) { // rounded once
    APFloat result(floatTo.getFloatSemantics());
    result.convertFromAPInt(x, !(isWide(from) && isUnsigned(from)),
                            APFloat::rmNearestTiesToEven);
    return tpu::floatValue(result);
  }
  if (isWide(to))
    return slotOf(x);
  return roundTo(to, static_cast<double>(wrap(to, x.getSExtValue())));
}

bool compareWide(hlo::ComparisonDirection direction, bool isSigned,
                 const APInt &a, const APInt &b) {
  return compareWith(
      direction, a, b,
      [&](const APInt &x, const APInt &y) {
        return isSigned ? x.slt(y) : x.ult(y);
      },
      [&](const APInt &x, const APInt &y) {
        return isSigned ? x.sle(y) : x.ule(y);
      });
}

/// XLA's division rules: x / 0 is all ones, x rem 0 is x, and MIN / -1
/// wraps to MIN (rem 0).
APInt divideWide(bool isSigned, bool remainder, const APInt &x,
                 const APInt &y) {
  if (y.isZero())
    return remainder ? x : APInt::getAllOnes(64);
  if (isSigned && x.isMinSignedValue() && y.isAllOnes())
    return remainder ? APInt(64, 0) : x;
  if (isSigned)
    return remainder ? x.srem(y) : x.sdiv(y);
  return remainder ? x.urem(y) : x.udiv(y);
}

APInt unaryWide(Operation *op, bool isSigned, const APInt &x) {
  return TypeSwitch<Operation *, APInt>(op)
      .Case([&](hlo::AbsOp) { return isSigned && x.isNegative() ? -x : x; })
      .Case([&](hlo::NegOp) { return -x; })
      .Case([&](hlo::NotOp) { return ~x; })
      .Case([&](hlo::PopcntOp) { return APInt(64, x.popcount()); })
      .Case([&](hlo::ClzOp) { return APInt(64, x.countl_zero()); });
}

APInt binaryWide(Operation *op, Type type, bool isSigned, const APInt &x,
                 const APInt &y) {
  // Shift amounts outside [0, 64) shift every bit out.
  bool inRange = y.ult(64);
  unsigned amount = inRange ? static_cast<unsigned>(y.getZExtValue()) : 0;
  return TypeSwitch<Operation *, APInt>(op)
      .Case([&](hlo::AddOp) { return x + y; })
      .Case([&](hlo::SubtractOp) { return x - y; })
      .Case([&](hlo::MulOp) { return x * y; })
      .Case([&](hlo::DivOp) { return divideWide(isSigned, false, x, y); })
      .Case([&](hlo::RemOp) { return divideWide(isSigned, true, x, y); })
      .Case(
          [&](hlo::MaxOp) { return (isSigned ? x.slt(y) : x.ult(y)) ? y : x; })
      .Case(
          [&](hlo::MinOp) { return (isSigned ? y.slt(x) : y.ult(x)) ? y : x; })
      .Case([&](hlo::AndOp) { return x & y; })
      .Case([&](hlo::OrOp) { return x | y; })
      .Case([&](hlo::XorOp) { return x ^ y; })
      .Case([&](hlo::ShiftLeftOp) {
        return inRange ? x.shl(amount) : APInt(64, 0);
      })
      .Case([&](hlo::ShiftRightLogicalOp) {
        return inRange ? x.lshr(amount) : APInt(64, 0);
      })
      .Case([&](hlo::ShiftRightArithmeticOp) {
        return x.ashr(inRange ? amount : 63);
      })
      .Case([&](hlo::PowOp) {
        return APInt(64, static_cast<uint64_t>(
                             power(type, x.getSExtValue(), y.getSExtValue())));
      });
}

/// An elementwise op with an i64 or ui64 operand or result.
double evaluateWide(Operation *op, Type type, ArrayRef<double> operands) {
  Type from = getElementTypeOrSelf(op->getOperand(0).getType());
  if (isa<hlo::ConvertOp>(op))
    return convertWide(from, type, operands[0]);
  if (isa<hlo::BitcastConvertOp>(op)) // i64 <-> ui64: the same bits
    return operands[0];
  bool isSigned = !isUnsigned(from);
  APInt x = wideOf(from, operands[0]);
  if (auto cmp = dyn_cast<hlo::CompareOp>(op))
    return compareWide(cmp.getComparisonDirection(), isSigned, x,
                       wideOf(from, operands[1]));
  if (operands.size() == 1)
    return slotOf(unaryWide(op, isSigned, x));
  return slotOf(binaryWide(op, type, isSigned, x, wideOf(from, operands[1])));
}

} // namespace

bool reference::isWide(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() == 64;
}

double mlir::tpu::evaluateElementwise(Operation *op,
                                      ArrayRef<double> operands) {
  Type type = getElementTypeOrSelf(op->getResult(0).getType());
  if (isa<hlo::SelectOp>(op))
    return operands[0] != 0 ? operands[1] : operands[2];
  if (isWide(type) || isWide(getElementTypeOrSelf(op->getOperand(0).getType())))
    return evaluateWide(op, type, operands);
  if (auto cmp = dyn_cast<hlo::CompareOp>(op))
    return compare(cmp.getComparisonDirection(), operands[0], operands[1]);
  if (isa<hlo::ConvertOp>(op))
    return convert(getElementTypeOrSelf(op->getOperand(0).getType()), type,
                   operands[0]);
  if (isa<hlo::BitcastConvertOp>(op))
    return bitcast(getElementTypeOrSelf(op->getOperand(0).getType()), type,
                   operands[0]);
  if (operands.size() == 1)
    return unary(op, type, operands[0]);
  return binary(op, type, operands[0], operands[1]);
}
