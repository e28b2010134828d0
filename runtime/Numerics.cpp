//===- Numerics.cpp - Element values as the TensorCore stores them --------===//

#include "runtime/Numerics.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace tpurt {

namespace {

/// `value` modulo 2^bits as `element` holds it: sign-extended, or
/// zero-extended for unsigned elements.
int64_t wrap(Element element, int64_t value) {
  int bits = intBits(element);
  uint64_t mask = (uint64_t(1) << bits) - 1;
  uint64_t v = static_cast<uint64_t>(value) & mask;
  if (bits > 1 && !isUnsigned(element) && (v >> (bits - 1)) & 1)
    v |= ~mask;
  return static_cast<int64_t>(v);
}

/// x * y as `element` holds it, multiplied modulo 2^64 first: ui32 products
/// pass 2^63, where signed overflow would be undefined.
int64_t wrappedProduct(Element element, int64_t x, int64_t y) {
  return wrap(element, static_cast<int64_t>(static_cast<uint64_t>(x) *
                                            static_cast<uint64_t>(y)));
}

/// The bits of an integer element read as a signed number of its width.
int64_t signExtend(Element element, int64_t value) {
  int bits = intBits(element);
  return static_cast<int64_t>(static_cast<uint64_t>(value) << (64 - bits)) >>
         (64 - bits);
}

double largestFinite(const SmallFloat &f);

double lowest(Element element) {
  if (std::optional<SmallFloat> f = smallFloat(element);
      f && f->kind != SmallFloat::Kind::Ieee)
    return f->kind == SmallFloat::Kind::ExponentOnly ? std::ldexp(1.0, -f->bias)
                                                     : -largestFinite(*f);
  if (isFloat(element))
    return -std::numeric_limits<double>::infinity();
  int bits = intBits(element);
  return bits == 1 || isUnsigned(element) ? 0 : -std::ldexp(1.0, bits - 1);
}

double highest(Element element) {
  if (std::optional<SmallFloat> f = smallFloat(element);
      f && f->kind != SmallFloat::Kind::Ieee)
    return largestFinite(*f);
  if (isFloat(element))
    return std::numeric_limits<double>::infinity();
  int bits = intBits(element);
  if (bits == 1)
    return 1;
  return std::ldexp(1.0, isUnsigned(element) ? bits : bits - 1) - 1;
}

/// Rounds to nearest even in a binary format of `precision` significant
/// bits whose smallest normal is 2^(minExponent - 1), overflowing to
/// infinity at 2^maxExponent.
double roundToFormat(double value, int precision, int minExponent,
                     int maxExponent) {
  if (std::isnan(value) || std::isinf(value) || value == 0)
    return value;
  // A normal of the format: round the double's significand in place (a
  // carry out of it steps the exponent, as rounding up does).
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  int64_t unbiased = int64_t((bits >> 52) & 0x7ff) - 1023;
  if (unbiased >= minExponent - 1 && unbiased < maxExponent) {
    int drop = 52 - (precision - 1);
    uint64_t lowest = (bits >> drop) & 1;
    bits += (uint64_t(1) << (drop - 1)) - 1 + lowest;
    bits &= ~((uint64_t(1) << drop) - 1);
    if (int64_t((bits >> 52) & 0x7ff) - 1023 >= maxExponent)
      return std::copysign(std::numeric_limits<double>::infinity(), value);
    double rounded;
    std::memcpy(&rounded, &bits, sizeof rounded);
    return rounded;
  }
  int exponent;
  std::frexp(value, &exponent); // value = m * 2^exponent, 0.5 <= |m| < 1
  // Below the smallest normal the spacing stays that of the smallest
  // binade.
  double quantum = std::ldexp(1.0, std::max(exponent, minExponent) - precision);
  double rounded = std::nearbyint(value / quantum) * quantum;
  if (std::fabs(rounded) >= std::ldexp(1.0, maxExponent))
    return std::copysign(std::numeric_limits<double>::infinity(), value);
  return rounded;
}

using Kind = SmallFloat::Kind;

/// The exponent field's largest value that encodes finite numbers.
int topExponent(const SmallFloat &f) {
  int ones = (1 << f.exponentBits) - 1;
  return f.kind == Kind::Ieee ? ones - 1 : ones;
}

double largestFinite(const SmallFloat &f) {
  // FN formats give up the all-ones significand of the top binade to NaN.
  int dropped = f.kind == Kind::FiniteNan ? 2 : 1;
  if (f.kind == Kind::ExponentOnly)
    return std::ldexp(1.0, topExponent(f) - 1 - f.bias); // 0xff is NaN
  return std::ldexp(2.0 - std::ldexp(dropped, -f.mantissaBits),
                    topExponent(f) - f.bias);
}

/// `value` rounded to nearest even in `f`, as APFloat's conversion does:
/// overflow gives infinity where the format has one, NaN where it has NaN
/// but no infinity, and the largest finite value where it has neither.
double roundToSmall(const SmallFloat &f, double value) {
  double inf = std::numeric_limits<double>::infinity();
  if (f.kind == Kind::ExponentOnly) {
    if (std::isnan(value) || value < 0)
      return std::nan("");
    if (value == 0)
      return std::ldexp(1.0, -f.bias); // no zero: the smallest
    if (std::isinf(value))
      return std::nan("");
    // One significant bit, always 1: a tie rounds up, as in APFloat.
    int exponent = std::max(std::ilogb(value), -f.bias);
    double r = std::ldexp(1.0, exponent);
    if (value >= 1.5 * r)
      r *= 2;
    if (r > largestFinite(f))
      return std::nan("");
    return std::max(r, std::ldexp(1.0, -f.bias));
  }
  if (std::isnan(value))
    return f.kind == Kind::FiniteOnly ? 0.0 : value;
  if (std::isinf(value) && f.kind != Kind::Ieee)
    return f.kind == Kind::FiniteOnly ? std::copysign(largestFinite(f), value)
                                      : std::nan("");
  double r =
      roundToFormat(value, f.mantissaBits + 1, 2 - f.bias, 1024);
  if (std::fabs(r) > largestFinite(f)) {
    if (f.kind == Kind::Ieee)
      return std::copysign(inf, value);
    return f.kind == Kind::FiniteOnly ? std::copysign(largestFinite(f), value)
                                      : std::nan("");
  }
  if (r == 0 && f.kind == Kind::UnsignedZero)
    return 0.0; // no -0
  return r;
}

/// The bit pattern of `value`, already representable in `f`.
uint8_t smallBits(const SmallFloat &f, double value) {
  int width = f.exponentBits + f.mantissaBits;
  uint8_t sign = std::signbit(value) && f.kind != Kind::ExponentOnly
                     ? static_cast<uint8_t>(1u << width)
                     : 0;
  uint8_t ones = static_cast<uint8_t>((1u << width) - 1);
  if (std::isnan(value)) {
    switch (f.kind) {
    case Kind::Ieee: // a quiet NaN
      return static_cast<uint8_t>(((1u << f.exponentBits) - 1) << f.mantissaBits |
                                  1u << (f.mantissaBits - 1));
    case Kind::FiniteNan:
    case Kind::ExponentOnly:
      return ones;
    case Kind::UnsignedZero:
      return static_cast<uint8_t>(1u << width);
    case Kind::FiniteOnly:
      return 0;
    }
  }
  double magnitude = std::fabs(value);
  if (std::isinf(magnitude))
    return sign | static_cast<uint8_t>(((1u << f.exponentBits) - 1)
                                       << f.mantissaBits);
  if (f.kind == Kind::ExponentOnly)
    return static_cast<uint8_t>(std::ilogb(magnitude) + f.bias);
  if (magnitude == 0)
    return f.kind == Kind::UnsignedZero ? 0 : sign;
  int exponent = std::ilogb(magnitude);
  if (exponent < 1 - f.bias) // subnormal: units of 2^(1 - bias - mantissa)
    return sign | static_cast<uint8_t>(
                      std::ldexp(magnitude, f.bias - 1 + f.mantissaBits));
  auto field = static_cast<uint8_t>(exponent + f.bias);
  auto fraction = static_cast<uint8_t>(
      std::ldexp(magnitude, f.mantissaBits - exponent) -
      (1u << f.mantissaBits));
  return sign | static_cast<uint8_t>(field << f.mantissaBits) | fraction;
}

double fromSmallBits(const SmallFloat &f, uint8_t bits) {
  int width = f.exponentBits + f.mantissaBits;
  bits &= static_cast<uint8_t>((1u << (width + (f.kind != Kind::ExponentOnly))) - 1);
  if (f.kind == Kind::ExponentOnly)
    return bits == 0xff ? std::nan("") : std::ldexp(1.0, bits - f.bias);
  bool negative = (bits >> width) & 1;
  int field = (bits >> f.mantissaBits) & ((1 << f.exponentBits) - 1);
  int fraction = bits & ((1 << f.mantissaBits) - 1);
  int ones = (1 << f.exponentBits) - 1;
  if (f.kind == Kind::UnsignedZero && negative && field == 0 && fraction == 0)
    return std::nan("");
  if (f.kind == Kind::Ieee && field == ones)
    return fraction ? std::nan("")
                    : (negative ? -1 : 1) * std::numeric_limits<double>::infinity();
  if (f.kind == Kind::FiniteNan && field == ones &&
      fraction == (1 << f.mantissaBits) - 1)
    return std::nan("");
  double magnitude =
      field == 0 ? std::ldexp(fraction, 1 - f.bias - f.mantissaBits)
                 : std::ldexp((1 << f.mantissaBits) + fraction,
                              field - f.bias - f.mantissaBits);
  return negative ? -magnitude : magnitude;
}

double maximum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::nan("");
  if (a == b) // IEEE 754 maximum: +0 is above -0.
    return std::signbit(a) ? b : a;
  return std::max(a, b);
}
double minimum(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::nan("");
  if (a == b) // IEEE 754 minimum: -0 is below +0.
    return std::signbit(a) ? a : b;
  return std::min(a, b);
}

} // namespace

double roundToBF16(double value) {
  // 8 significant bits, normals from 2^-126.
  return roundToFormat(value, 8, -125, 128);
}

double roundToF16(double value) {
  // 11 significant bits, normals from 2^-14, largest finite 65504.
  return roundToFormat(value, 11, -13, 16);
}

double roundTo(Element element, double value) {
  switch (element) {
  case Element::F32:
    return static_cast<float>(value);
  case Element::BF16:
    return roundToBF16(value);
  case Element::F16:
    return roundToF16(value);
  case Element::I1:
    return value != 0;
  case Element::I64:
  case Element::U64:
    return value; // a word, already wrapped
  default:
    if (std::optional<SmallFloat> f = smallFloat(element))
      return roundToSmall(*f, value);
    if (std::isnan(value))
      return 0;
    return static_cast<double>(wrap(element, static_cast<int64_t>(value)));
  }
}

uint16_t bf16Bits(double value) {
  float f = static_cast<float>(value);
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return static_cast<uint16_t>(bits >> 16);
}

double fromBF16Bits(uint16_t bits) {
  uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &wide, 4);
  return f;
}

uint16_t f16Bits(double value) {
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  if (std::isnan(value))
    return 0x7e00;
  double magnitude = std::fabs(value);
  if (std::isinf(magnitude))
    return sign | 0x7c00;
  if (magnitude < std::ldexp(1.0, -14)) // subnormal or zero: units of 2^-24
    return sign | static_cast<uint16_t>(std::ldexp(magnitude, 24));
  int exponent;
  double m = std::frexp(magnitude, &exponent); // magnitude = m * 2^exponent
  auto field = static_cast<uint16_t>(exponent - 1 + 15);
  auto fraction = static_cast<uint16_t>(std::ldexp(m, 11) - 1024);
  return sign | static_cast<uint16_t>(field << 10) | fraction;
}

double fromF16Bits(uint16_t bits) {
  double sign = (bits & 0x8000) ? -1 : 1;
  int field = (bits >> 10) & 0x1f;
  int fraction = bits & 0x3ff;
  if (field == 0x1f)
    return fraction ? std::nan("") : sign * HUGE_VAL;
  if (field == 0)
    return sign * std::ldexp(fraction, -24);
  return sign * std::ldexp(1024 + fraction, field - 25);
}

namespace {
template <typename T> T loadAs(const uint8_t *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T> void storeAs(uint8_t *p, T v) {
  std::memcpy(p, &v, sizeof(T));
}
} // namespace

double load(Element element, const uint8_t *p) {
  switch (element) {
  case Element::F32:
    return loadAs<float>(p);
  case Element::BF16:
    return fromBF16Bits(loadAs<uint16_t>(p));
  case Element::F16:
    return fromF16Bits(loadAs<uint16_t>(p));
  case Element::I32:
  case Element::I1:
    return loadAs<int32_t>(p);
  case Element::I16:
    return loadAs<int16_t>(p);
  case Element::I8:
    return loadAs<int8_t>(p);
  case Element::U32:
    return loadAs<uint32_t>(p);
  case Element::U16:
    return loadAs<uint16_t>(p);
  case Element::U8:
    return *p;
  case Element::I64:
  case Element::U64:
    return fromWord(loadAs<int64_t>(p));
  case Element::I4:
  case Element::I2:
  case Element::U4:
  case Element::U2: // the low bits of the byte, as a bitcast leaves them
    return static_cast<double>(wrap(element, *p));
  default:
    return fromSmallBits(*smallFloat(element), *p);
  }
}

void store(Element element, uint8_t *p, double value) {
  value = roundTo(element, value);
  switch (element) {
  case Element::F32:
    return storeAs(p, static_cast<float>(value));
  case Element::BF16:
    return storeAs<uint16_t>(p, std::isnan(value) ? 0x7fc0 : bf16Bits(value));
  case Element::F16:
    return storeAs(p, f16Bits(value));
  case Element::I32:
  case Element::I1:
    return storeAs(p, static_cast<int32_t>(value));
  case Element::I16:
    return storeAs(p, static_cast<int16_t>(value));
  case Element::I8:
    return storeAs(p, static_cast<int8_t>(value));
  case Element::U32:
    return storeAs(p, static_cast<uint32_t>(value));
  case Element::U16:
    return storeAs(p, static_cast<uint16_t>(value));
  case Element::U8:
    return storeAs(p, static_cast<uint8_t>(value));
  case Element::I64:
  case Element::U64:
    return storeAs(p, toWord(value));
  case Element::I4:
  case Element::I2:
    return storeAs(p, static_cast<int8_t>(value));
  case Element::U4:
  case Element::U2:
    return storeAs(p, static_cast<uint8_t>(value));
  default:
    *p = smallBits(*smallFloat(element), value);
  }
}

double loadHbm(Element element, const uint8_t *data, int64_t index) {
  if (!isPacked(element))
    return load(element, data + index * elementBytes(element));
  int64_t bits = storageBits(element), perByte = 8 / bits;
  unsigned shift = static_cast<unsigned>(index % perByte * bits);
  auto code = static_cast<uint8_t>((data[index / perByte] >> shift) &
                                   ((1u << bits) - 1));
  return load(element, &code);
}

void storeHbm(Element element, uint8_t *data, int64_t index, double value) {
  if (!isPacked(element))
    return store(element, data + index * elementBytes(element), value);
  uint8_t slot;
  store(element, &slot, value);
  int64_t bits = storageBits(element), perByte = 8 / bits;
  unsigned shift = static_cast<unsigned>(index % perByte * bits);
  auto mask = static_cast<uint8_t>(((1u << bits) - 1) << shift);
  uint8_t &byte = data[index / perByte];
  byte = static_cast<uint8_t>((byte & ~mask) | ((slot << shift) & mask));
}

/// x to the power y in two's complement (wrapping), by squaring; a
/// negative exponent leaves only the bases 1 and -1 non-zero, as XLA does.
static int64_t integerPower(int64_t x, int64_t y) {
  if (y < 0)
    return x == 1 ? 1 : x == -1 ? (y % 2 ? -1 : 1) : 0;
  uint64_t result = 1, base = static_cast<uint64_t>(x);
  for (uint64_t e = static_cast<uint64_t>(y); e; e >>= 1) {
    if (e & 1)
      result *= base;
    base *= base;
  }
  return static_cast<int64_t>(result);
}

double vectorElement(VectorKind kind, Element from, Element to,
                     const double *in) {
  if (isWide(from) || isWide(to))
    return vectorElementWide(kind, from, to, in);
  double a = in[0], b = in[1];
  switch (kind) {
  case VectorKind::Eq:
    return a == b;
  case VectorKind::Ne:
    return a != b;
  case VectorKind::Lt:
    return a < b;
  case VectorKind::Le:
    return a <= b;
  case VectorKind::Gt:
    return a > b;
  case VectorKind::Ge:
    return a >= b;
  case VectorKind::Select:
    return a != 0 ? in[1] : in[2];
  case VectorKind::Copy:
    return a;
  case VectorKind::Bitcast: { // the stored bits, read as `to`
    uint8_t bits[4] = {0, 0, 0, 0};
    store(from, bits, a);
    return load(to, bits);
  }
  case VectorKind::Convert:
    // Float to integer truncates toward zero and saturates, NaN to 0.
    if (isFloat(from) && !isFloat(to) && to != Element::I1)
      return std::isnan(a) ? 0
                           : std::clamp(std::trunc(a), lowest(to), highest(to));
    return a;
  default:
    break;
  }
  if (isFloat(to)) {
    switch (kind) {
    case VectorKind::Add:
      return a + b;
    case VectorKind::Sub:
      return a - b;
    case VectorKind::Mul:
      return a * b;
    case VectorKind::Div:
      return a / b;
    case VectorKind::Max:
      return maximum(a, b);
    case VectorKind::Min:
      return minimum(a, b);
    case VectorKind::Neg:
      return -a;
    case VectorKind::Abs:
      return std::fabs(a);
    case VectorKind::Exp:
      return std::exp(a);
    case VectorKind::Log:
      return std::log(a);
    case VectorKind::Tanh:
      return std::tanh(a);
    case VectorKind::Logistic:
      return 1 / (1 + std::exp(-a));
    case VectorKind::Sqrt:
      return std::sqrt(a);
    case VectorKind::Rsqrt:
      return 1 / std::sqrt(a);
    case VectorKind::Floor:
      return std::floor(a);
    case VectorKind::Ceil:
      return std::ceil(a);
    case VectorKind::RoundEven:
      return std::nearbyint(a);
    case VectorKind::Sin:
      return std::sin(a);
    case VectorKind::Cos:
      return std::cos(a);
    case VectorKind::Erf:
      return std::erf(a);
    case VectorKind::Tan:
      return std::tan(a);
    case VectorKind::Cbrt:
      return std::cbrt(a);
    case VectorKind::Expm1:
      return std::expm1(a);
    case VectorKind::Log1p:
      return std::log1p(a);
    case VectorKind::RoundAfz:
      return std::round(a);
    case VectorKind::Rem:
      return std::fmod(a, b);
    case VectorKind::Pow:
      return std::pow(a, b);
    case VectorKind::Atan2:
      return std::atan2(a, b);
    case VectorKind::Sinh:
      return std::sinh(a);
    case VectorKind::Cosh:
      return std::cosh(a);
    case VectorKind::Asinh:
      return std::asinh(a);
    case VectorKind::Acosh:
      return std::acosh(a);
    case VectorKind::Atanh:
      return std::atanh(a);
    case VectorKind::Erfc:
      return std::erfc(a);
    case VectorKind::Lgamma:
      return std::lgamma(a);
    default:
      return std::nan("");
    }
  }
  if (to == Element::I1) { // or, and; max and min agree on {0, 1}
    if (kind == VectorKind::Not)
      return a == 0;
    if (kind == VectorKind::Xor)
      return (a != 0) != (b != 0);
    return kind == VectorKind::Add || kind == VectorKind::Max ||
                   kind == VectorKind::Or
               ? (a != 0 || b != 0)
               : (a != 0 && b != 0);
  }
  int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
  switch (kind) {
  case VectorKind::Add:
    return static_cast<double>(x + y);
  case VectorKind::Sub:
    return static_cast<double>(x - y);
  case VectorKind::Mul:
    return static_cast<double>(wrappedProduct(to, x, y));
  case VectorKind::Div: // XLA: x / 0 is -1.
    return y == 0 ? -1 : static_cast<double>(x / y);
  case VectorKind::Rem: // XLA: x rem 0 is x.
    return y == 0 ? a : static_cast<double>(x % y);
  case VectorKind::Pow:
    return static_cast<double>(wrap(to, integerPower(x, y)));
  case VectorKind::Popcnt:
  case VectorKind::Clz: {
    int width = intBits(to);
    uint64_t bits = static_cast<uint64_t>(x) & (~0ull >> (64 - width));
    int set = __builtin_popcountll(bits);
    int used = bits ? 64 - __builtin_clzll(bits) : 0;
    return kind == VectorKind::Popcnt ? set : width - used;
  }
  case VectorKind::Max:
    return static_cast<double>(std::max(x, y));
  case VectorKind::Min:
    return static_cast<double>(std::min(x, y));
  case VectorKind::Neg:
    return static_cast<double>(-x);
  case VectorKind::Abs:
    return static_cast<double>(x < 0 ? -x : x); // unsigned x is never < 0
  case VectorKind::And:
    return static_cast<double>(x & y);
  case VectorKind::Or:
    return static_cast<double>(x | y);
  case VectorKind::Xor:
    return static_cast<double>(x ^ y);
  case VectorKind::Not:
    return static_cast<double>(wrap(to, ~x));
  case VectorKind::ShiftLeft:
  case VectorKind::ShiftRightLogical:
  case VectorKind::ShiftRightArithmetic: {
    // An amount outside [0, width) shifts every bit out.
    int width = intBits(to);
    bool inRange = y >= 0 && y < width;
    uint64_t bits = static_cast<uint64_t>(x) & (~0ull >> (64 - width));
    if (kind == VectorKind::ShiftRightArithmetic) { // copies the top bit
      int64_t s = signExtend(to, x);
      return static_cast<double>(wrap(to, inRange ? s >> y : (s < 0 ? -1 : 0)));
    }
    if (!inRange)
      return 0;
    return static_cast<double>(
        wrap(to, static_cast<int64_t>(
                     kind == VectorKind::ShiftLeft ? bits << y : bits >> y)));
  }
  default:
    return 0;
  }
}

double reduceIdentity(ReduceKind kind, Element element) {
  if (isWide(element))
    return reduceIdentityWide(kind, element);
  switch (kind) {
  case ReduceKind::Sum:
    return 0;
  case ReduceKind::Prod:
    return 1;
  case ReduceKind::Max:
    return lowest(element);
  case ReduceKind::Min:
    return highest(element);
  }
  return 0;
}

double reduceStep(ReduceKind kind, Element element, double acc, double x) {
  if (isWide(element))
    return reduceStepWide(kind, element, acc, x);
  switch (kind) {
  case ReduceKind::Sum:
    return element == Element::I1 ? (acc != 0 || x != 0) : acc + x;
  case ReduceKind::Prod:
    return element == Element::I1
               ? (acc != 0 && x != 0)
               : static_cast<double>(
                     isFloat(element)
                         ? acc * x
                         : wrappedProduct(element, static_cast<int64_t>(acc),
                                          static_cast<int64_t>(x)));
  case ReduceKind::Max:
    return maximum(acc, x);
  case ReduceKind::Min:
    return minimum(acc, x);
  }
  return acc;
}

} // namespace tpurt
