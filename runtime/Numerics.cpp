//===- Numerics.cpp - Element values as the TensorCore stores them --------===//

#include "runtime/Numerics.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace tpurt {

namespace {

int intBits(Element element) {
  switch (element) {
  case Element::I32:
    return 32;
  case Element::I8:
    return 8;
  case Element::I1:
    return 1;
  default:
    return 64;
  }
}

int64_t wrap(int bits, int64_t value) {
  if (bits >= 64)
    return value;
  uint64_t mask = (uint64_t(1) << bits) - 1;
  uint64_t v = static_cast<uint64_t>(value) & mask;
  if ((v >> (bits - 1)) & 1)
    v |= ~mask;
  return static_cast<int64_t>(v);
}

double lowest(Element element) {
  if (isFloat(element))
    return -std::numeric_limits<double>::infinity();
  int bits = intBits(element);
  return bits == 1 ? 0 : -std::ldexp(1.0, bits - 1);
}

double highest(Element element) {
  if (isFloat(element))
    return std::numeric_limits<double>::infinity();
  int bits = intBits(element);
  return bits == 1 ? 1 : std::ldexp(1.0, bits - 1) - 1;
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
  if (std::isnan(value) || std::isinf(value) || value == 0)
    return value;
  int exponent;
  std::frexp(value, &exponent); // value = m * 2^exponent, 0.5 <= |m| < 1
  // 8 significant bits; below the smallest normal (2^-126) the spacing
  // stays 2^-133.
  double quantum = std::ldexp(1.0, std::max(exponent, -125) - 8);
  double rounded = std::nearbyint(value / quantum) * quantum;
  if (std::fabs(rounded) >= std::ldexp(1.0, 128))
    return std::copysign(std::numeric_limits<double>::infinity(), value);
  return rounded;
}

double roundTo(Element element, double value) {
  switch (element) {
  case Element::F32:
    return static_cast<float>(value);
  case Element::BF16:
    return roundToBF16(value);
  case Element::I1:
    return value != 0;
  case Element::I32:
  case Element::I8:
    if (std::isnan(value))
      return 0;
    return static_cast<double>(
        wrap(intBits(element), static_cast<int64_t>(value)));
  }
  return value;
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

double load(Element element, const uint8_t *p) {
  switch (element) {
  case Element::F32: {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  case Element::BF16: {
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return fromBF16Bits(bits);
  }
  case Element::I32:
  case Element::I1: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case Element::I8:
    return static_cast<int8_t>(*p);
  }
  return 0;
}

void store(Element element, uint8_t *p, double value) {
  value = roundTo(element, value);
  switch (element) {
  case Element::F32: {
    float f = static_cast<float>(value);
    std::memcpy(p, &f, 4);
    return;
  }
  case Element::BF16: {
    uint16_t bits = bf16Bits(value);
    if (std::isnan(value))
      bits = 0x7fc0;
    std::memcpy(p, &bits, 2);
    return;
  }
  case Element::I32:
  case Element::I1: {
    int32_t v = static_cast<int32_t>(value);
    std::memcpy(p, &v, 4);
    return;
  }
  case Element::I8:
    *p = static_cast<uint8_t>(static_cast<int8_t>(value));
    return;
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
    return static_cast<double>(wrap(intBits(to), x * y));
  case VectorKind::Div: // XLA: x / 0 is -1.
    return y == 0 ? -1 : static_cast<double>(x / y);
  case VectorKind::Rem: // XLA: x rem 0 is x.
    return y == 0 ? a : static_cast<double>(x % y);
  case VectorKind::Pow:
    return static_cast<double>(wrap(intBits(to), integerPower(x, y)));
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
    return static_cast<double>(x < 0 ? -x : x);
  case VectorKind::And:
    return static_cast<double>(x & y);
  case VectorKind::Or:
    return static_cast<double>(x | y);
  case VectorKind::Xor:
    return static_cast<double>(x ^ y);
  case VectorKind::Not:
    return static_cast<double>(wrap(intBits(to), ~x));
  case VectorKind::ShiftLeft:
  case VectorKind::ShiftRightLogical:
  case VectorKind::ShiftRightArithmetic: {
    // An amount outside [0, width) shifts every bit out.
    int width = intBits(to);
    bool inRange = y >= 0 && y < width;
    uint64_t bits = static_cast<uint64_t>(x) & (~0ull >> (64 - width));
    if (kind == VectorKind::ShiftRightArithmetic)
      return static_cast<double>(inRange ? x >> y : (x < 0 ? -1 : 0));
    if (!inRange)
      return 0;
    return static_cast<double>(wrap(
        width, static_cast<int64_t>(
                   kind == VectorKind::ShiftLeft ? bits << y : bits >> y)));
  }
  default:
    return 0;
  }
}

double reduceIdentity(ReduceKind kind, Element element) {
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
  switch (kind) {
  case ReduceKind::Sum:
    return element == Element::I1 ? (acc != 0 || x != 0) : acc + x;
  case ReduceKind::Prod:
    return element == Element::I1
               ? (acc != 0 && x != 0)
               : static_cast<double>(
                     isFloat(element)
                         ? acc * x
                         : wrap(intBits(element), static_cast<int64_t>(acc) *
                                                      static_cast<int64_t>(x)));
  case ReduceKind::Max:
    return maximum(acc, x);
  case ReduceKind::Min:
    return minimum(acc, x);
  }
  return acc;
}

} // namespace tpurt
