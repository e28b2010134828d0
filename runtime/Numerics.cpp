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

double lowest(Element element) {
  if (isFloat(element))
    return -std::numeric_limits<double>::infinity();
  int bits = intBits(element);
  return bits == 1 || isUnsigned(element) ? 0 : -std::ldexp(1.0, bits - 1);
}

double highest(Element element) {
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
  }
  return 0;
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
  }
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
