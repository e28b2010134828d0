//===- NumericsWide.cpp - 64-bit integer elements -------------------------===//
//
// i64 and ui64 have no vector-unit datapath: XLA:TPU splits each value into
// two 32-bit words and expands every op into 32-bit ones (add with carry,
// compares on the high word then the low, multiplies from partial
// products). The results are exactly two's-complement 64-bit arithmetic,
// which is what this file computes on the words held in the slots
// (tpc::fromWord); Timing charges the expansion (wideOpCost).
//
//===----------------------------------------------------------------------===//

#include "runtime/Numerics.h"

#include <cmath>

namespace tpurt {

namespace {

using Word = uint64_t;

bool isSignedWide(Element e) { return e == Element::I64; }

/// A slot of `element` as 64 bits: a wide element's word, or the value of a
/// narrower integer (sign-extended; unsigned values are non-negative).
Word wordOf(Element element, double slot) {
  if (isWide(element))
    return static_cast<Word>(toWord(slot));
  return static_cast<Word>(static_cast<int64_t>(slot));
}

double slotOf(Word word) { return fromWord(static_cast<int64_t>(word)); }

/// |value| rounded to nearest even at `precision` significant bits, exactly
/// (a conversion through double would round twice).
double roundMagnitude(Word magnitude, int precision) {
  int width = magnitude ? 64 - __builtin_clzll(magnitude) : 0;
  if (width <= precision)
    return static_cast<double>(magnitude);
  int drop = width - precision;
  Word rest = magnitude & ((Word(1) << drop) - 1);
  Word half = Word(1) << (drop - 1);
  Word kept = magnitude >> drop;
  if (rest > half || (rest == half && (kept & 1)))
    ++kept;
  return std::ldexp(static_cast<double>(kept), drop);
}

/// A wide integer converted to a float element, rounded once.
double toFloat(Element from, Element to, Word x) {
  bool negative = isSignedWide(from) && static_cast<int64_t>(x) < 0;
  Word magnitude = negative ? ~x + 1 : x;
  std::optional<SmallFloat> small = smallFloat(to);
  int precision = small                  ? small->mantissaBits + 1
                  : to == Element::BF16 ? 8
                  : to == Element::F16  ? 11
                                        : 24;
  double value = roundMagnitude(magnitude, precision);
  return roundTo(to, negative ? -value : value);
}

/// A float truncated toward zero into a wide integer, saturating; NaN is 0.
Word fromFloat(Element to, double a) {
  if (std::isnan(a))
    return 0;
  double t = std::trunc(a);
  if (isSignedWide(to)) {
    if (t >= 0x1p63)
      return static_cast<Word>(INT64_MAX);
    if (t <= -0x1p63)
      return static_cast<Word>(INT64_MIN);
    return static_cast<Word>(static_cast<int64_t>(t));
  }
  if (t <= 0)
    return 0;
  return t >= 0x1p64 ? ~Word(0) : static_cast<Word>(t);
}

/// A wide integer as a narrower element holds it (wrapping).
double narrow(Element to, Word x) {
  if (to == Element::I1)
    return x != 0;
  return roundTo(to, static_cast<double>(static_cast<int64_t>(
                         x & (~Word(0) >> (64 - intBits(to))))));
}

double convert(Element from, Element to, double a) {
  if (isFloat(from))
    return slotOf(fromFloat(to, a));
  Word x = wordOf(from, a);
  if (isFloat(to))
    return toFloat(from, to, x);
  return isWide(to) ? slotOf(x) : narrow(to, x);
}

bool less(Element e, Word x, Word y) {
  return isSignedWide(e) ? static_cast<int64_t>(x) < static_cast<int64_t>(y)
                         : x < y;
}

Word power(Word base, int64_t exponent) {
  if (exponent < 0) {
    auto b = static_cast<int64_t>(base);
    return b == 1 ? 1 : b == -1 ? (exponent % 2 ? ~Word(0) : 1) : 0;
  }
  Word result = 1;
  for (Word e = static_cast<Word>(exponent); e; e >>= 1) {
    if (e & 1)
      result *= base;
    base *= base;
  }
  return result;
}

Word divide(Element e, Word x, Word y, bool remainder) {
  if (y == 0) // XLA: x / 0 is all ones (-1), x rem 0 is x.
    return remainder ? x : ~Word(0);
  if (!isSignedWide(e))
    return remainder ? x % y : x / y;
  auto sx = static_cast<int64_t>(x), sy = static_cast<int64_t>(y);
  if (sx == INT64_MIN && sy == -1) // wraps: MIN / -1 is MIN, rem 0
    return remainder ? 0 : x;
  return static_cast<Word>(remainder ? sx % sy : sx / sy);
}

Word shift(VectorKind kind, Word x, Word y) {
  // An amount outside [0, 64) shifts every bit out.
  bool inRange = y < 64;
  if (kind == VectorKind::ShiftLeft)
    return inRange ? x << y : 0;
  if (kind == VectorKind::ShiftRightLogical)
    return inRange ? x >> y : 0;
  // An arithmetic shift copies the top bit, whatever the signedness.
  auto s = static_cast<int64_t>(x);
  return static_cast<Word>(inRange ? s >> y : (s < 0 ? -1 : 0));
}

} // namespace

double vectorElementWide(VectorKind kind, Element from, Element to,
                         const double *in) {
  if (kind == VectorKind::Convert)
    return convert(from, to, in[0]);
  if (kind == VectorKind::Select)
    return in[0] != 0 ? in[1] : in[2];
  if (kind == VectorKind::Copy || kind == VectorKind::Bitcast)
    return in[0]; // i64 <-> ui64: the same bits
  Word x = wordOf(from, in[0]), y = wordOf(from, in[1]);
  switch (kind) {
  case VectorKind::Eq:
    return x == y;
  case VectorKind::Ne:
    return x != y;
  case VectorKind::Lt:
    return less(from, x, y);
  case VectorKind::Le:
    return !less(from, y, x);
  case VectorKind::Gt:
    return less(from, y, x);
  case VectorKind::Ge:
    return !less(from, x, y);
  default:
    break;
  }
  Word r;
  switch (kind) {
  case VectorKind::Add:
    r = x + y;
    break;
  case VectorKind::Sub:
    r = x - y;
    break;
  case VectorKind::Mul:
    r = x * y;
    break;
  case VectorKind::Div:
  case VectorKind::Rem:
    r = divide(to, x, y, kind == VectorKind::Rem);
    break;
  case VectorKind::Pow:
    r = power(x, static_cast<int64_t>(y));
    break;
  case VectorKind::Max:
    r = less(to, x, y) ? y : x;
    break;
  case VectorKind::Min:
    r = less(to, y, x) ? y : x;
    break;
  case VectorKind::Neg:
    r = ~x + 1;
    break;
  case VectorKind::Abs:
    r = isSignedWide(to) && static_cast<int64_t>(x) < 0 ? ~x + 1 : x;
    break;
  case VectorKind::And:
    r = x & y;
    break;
  case VectorKind::Or:
    r = x | y;
    break;
  case VectorKind::Xor:
    r = x ^ y;
    break;
  case VectorKind::Not:
    r = ~x;
    break;
  case VectorKind::Popcnt:
    r = static_cast<Word>(__builtin_popcountll(x));
    break;
  case VectorKind::Clz:
    r = x ? static_cast<Word>(__builtin_clzll(x)) : 64;
    break;
  case VectorKind::ShiftLeft:
  case VectorKind::ShiftRightLogical:
  case VectorKind::ShiftRightArithmetic:
    r = shift(kind, x, y);
    break;
  default: // no float op has a wide result
    r = 0;
    break;
  }
  return slotOf(r);
}

double reduceIdentityWide(ReduceKind kind, Element element) {
  bool isSigned = isSignedWide(element);
  switch (kind) {
  case ReduceKind::Sum:
    return slotOf(0);
  case ReduceKind::Prod:
    return slotOf(1);
  case ReduceKind::Max:
    return slotOf(isSigned ? static_cast<Word>(INT64_MIN) : 0);
  case ReduceKind::Min:
    return slotOf(isSigned ? static_cast<Word>(INT64_MAX) : ~Word(0));
  }
  return slotOf(0);
}

double reduceStepWide(ReduceKind kind, Element element, double acc, double x) {
  Word a = wordOf(element, acc), b = wordOf(element, x);
  switch (kind) {
  case ReduceKind::Sum:
    return slotOf(a + b);
  case ReduceKind::Prod:
    return slotOf(a * b);
  case ReduceKind::Max:
    return slotOf(less(element, a, b) ? b : a);
  case ReduceKind::Min:
    return slotOf(less(element, b, a) ? b : a);
  }
  return acc;
}

// Counts of 32-bit operations (each one register pass over a word plane),
// estimated from the usual expansions: an add is add low, carry compare,
// add high, add carry; a compare is compare high, equal high, compare low
// unsigned, select; a multiply takes 16-bit partial products; division is
// 64 restoring steps of about 14 operations each.
int64_t wideVectorOps(VectorKind kind, Element from, Element to) {
  switch (kind) {
  case VectorKind::Copy:
  case VectorKind::Select:
  case VectorKind::Bitcast:
  case VectorKind::And:
  case VectorKind::Or:
  case VectorKind::Xor:
  case VectorKind::Not:
    return 2;
  case VectorKind::Eq:
  case VectorKind::Ne:
  case VectorKind::Popcnt:
    return 3;
  case VectorKind::Lt:
  case VectorKind::Le:
  case VectorKind::Gt:
  case VectorKind::Ge:
  case VectorKind::Add:
  case VectorKind::Sub:
  case VectorKind::Neg:
  case VectorKind::Clz:
    return 4;
  case VectorKind::Max:
  case VectorKind::Min:
  case VectorKind::Abs:
    return 6;
  case VectorKind::ShiftLeft:
  case VectorKind::ShiftRightLogical:
  case VectorKind::ShiftRightArithmetic:
    return 8;
  case VectorKind::Mul:
    return 12;
  case VectorKind::Div:
  case VectorKind::Rem:
    return 64 * 14;
  case VectorKind::Pow: // square and multiply for each of 64 exponent bits
    return 64 * 26;
  case VectorKind::Convert:
    if (isFloat(from)) // truncate, split into words, saturate
      return 8;
    return isFloat(to) ? 6 : 2; // scale the high word and add; or extend
  default:
    return 2;
  }
}

int64_t wideReduceOps(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Sum:
    return 4;
  case ReduceKind::Prod:
    return 12;
  case ReduceKind::Max:
  case ReduceKind::Min:
    return 6;
  }
  return 4;
}

int64_t loadInteger(Element element, const uint8_t *p) {
  double slot = load(element, p);
  return isWide(element) ? toWord(slot) : static_cast<int64_t>(slot);
}

} // namespace tpurt
