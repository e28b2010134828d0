//===- NumericsWideTest.cpp - i64 and ui64 elements -----------------------===//
//
// Hand-computed 64-bit results, held as words (tpc::fromWord): the values
// a double cannot hold, wrapping, XLA's division rules, unsigned order,
// single rounding to floats, and the emulation's operation counts.
//
//===----------------------------------------------------------------------===//

#include "runtime/Numerics.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>

using namespace tpurt;

namespace {

constexpr int64_t kMin = INT64_MIN, kMax = INT64_MAX;

/// One vector op on 64-bit inputs given as integers; the result as a word
/// (or, for a narrower or float output, as its value).
int64_t wide(VectorKind kind, Element element, int64_t a, int64_t b = 0) {
  double in[3] = {fromWord(a), fromWord(b), 0};
  return toWord(vectorElement(kind, element, element, in));
}

bool test(VectorKind kind, Element element, int64_t a, int64_t b) {
  double in[3] = {fromWord(a), fromWord(b), 0};
  return vectorElement(kind, element, Element::I1, in) != 0;
}

TEST(NumericsWideTest, WordsSurviveStoreAndLoad) {
  uint8_t bytes[8];
  for (int64_t v : {kMin, kMax, int64_t{-1}, (int64_t{1} << 53) + 1}) {
    store(Element::I64, bytes, fromWord(v));
    EXPECT_EQ(toWord(load(Element::I64, bytes)), v);
    EXPECT_EQ(loadInteger(Element::I64, bytes), v);
  }
  // A word whose bits are a NaN's stays itself.
  int64_t nanBits = 0x7ff8000000000001;
  store(Element::U64, bytes, fromWord(nanBits));
  EXPECT_EQ(toWord(load(Element::U64, bytes)), nanBits);
}

TEST(NumericsWideTest, ArithmeticWrapsModulo2To64) {
  EXPECT_EQ(wide(VectorKind::Add, Element::I64, kMax, 1), kMin);
  EXPECT_EQ(wide(VectorKind::Sub, Element::I64, kMin, 1), kMax);
  EXPECT_EQ(wide(VectorKind::Mul, Element::I64, (int64_t{1} << 53) + 1, 3),
            27021597764222979);
  EXPECT_EQ(wide(VectorKind::Mul, Element::I64, kMin, -1), kMin);
  EXPECT_EQ(wide(VectorKind::Neg, Element::I64, kMin), kMin);
  EXPECT_EQ(wide(VectorKind::Abs, Element::I64, kMin + 1), kMax);
  EXPECT_EQ(wide(VectorKind::Pow, Element::I64, 3, 40),
            static_cast<int64_t>(12157665459056928801ull));
}

TEST(NumericsWideTest, DivisionFollowsXla) {
  EXPECT_EQ(wide(VectorKind::Div, Element::I64, -7, 2), -3);
  EXPECT_EQ(wide(VectorKind::Rem, Element::I64, -7, 2), -1);
  EXPECT_EQ(wide(VectorKind::Div, Element::I64, 5, 0), -1);
  EXPECT_EQ(wide(VectorKind::Rem, Element::I64, 5, 0), 5);
  EXPECT_EQ(wide(VectorKind::Div, Element::I64, kMin, -1), kMin);
  EXPECT_EQ(wide(VectorKind::Rem, Element::I64, kMin, -1), 0);
  // ui64: all ones / 2 is 2^63 - 1, not -1 / 2.
  EXPECT_EQ(wide(VectorKind::Div, Element::U64, -1, 2), kMax);
  EXPECT_EQ(wide(VectorKind::Div, Element::U64, 5, 0), -1);
}

TEST(NumericsWideTest, UnsignedOrderAndShifts) {
  EXPECT_TRUE(test(VectorKind::Lt, Element::I64, -1, 0));
  EXPECT_FALSE(test(VectorKind::Lt, Element::U64, -1, 0));
  EXPECT_TRUE(test(VectorKind::Ge, Element::U64, kMin, kMax));
  EXPECT_EQ(wide(VectorKind::Max, Element::U64, kMin, kMax), kMin);
  EXPECT_EQ(wide(VectorKind::Max, Element::I64, kMin, kMax), kMax);
  EXPECT_EQ(wide(VectorKind::ShiftLeft, Element::I64, 1, 63), kMin);
  EXPECT_EQ(wide(VectorKind::ShiftLeft, Element::I64, 1, 64), 0);
  EXPECT_EQ(wide(VectorKind::ShiftRightLogical, Element::I64, -1, 60), 15);
  EXPECT_EQ(wide(VectorKind::ShiftRightArithmetic, Element::U64, kMin, 63), -1);
  EXPECT_EQ(wide(VectorKind::ShiftRightArithmetic, Element::I64, -8, -1), -1);
  EXPECT_EQ(wide(VectorKind::Popcnt, Element::U64, -1), 64);
  EXPECT_EQ(wide(VectorKind::Clz, Element::I64, 1), 63);
  EXPECT_EQ(wide(VectorKind::Clz, Element::I64, 0), 64);
}

TEST(NumericsWideTest, ConversionsRoundOnceAndSaturate) {
  auto convert = [](Element from, Element to, double slot) {
    double in[3] = {slot, 0, 0};
    return vectorElement(VectorKind::Convert, from, to, in);
  };
  // 2^62 + 2^38 + 1 is above f32's halfway point; through a double the +1
  // is lost and the tie rounds to even, down.
  int64_t x = (int64_t{1} << 62) + (int64_t{1} << 38) + 1;
  EXPECT_EQ(convert(Element::I64, Element::F32, fromWord(x)),
            std::ldexp(1.0, 62) + std::ldexp(1.0, 39));
  EXPECT_EQ(convert(Element::I64, Element::F32, fromWord(-x)),
            -(std::ldexp(1.0, 62) + std::ldexp(1.0, 39)));
  EXPECT_EQ(convert(Element::U64, Element::F32, fromWord(-1)),
            std::ldexp(1.0, 64));
  EXPECT_TRUE(std::isinf(convert(Element::I64, Element::F16, fromWord(70000))));
  EXPECT_EQ(convert(Element::I64, Element::BF16, fromWord(257)), 256);
  EXPECT_EQ(toWord(convert(Element::F32, Element::I64, 1e30)), kMax);
  EXPECT_EQ(toWord(convert(Element::F32, Element::I64, -1e30)), kMin);
  EXPECT_EQ(toWord(convert(Element::F32, Element::U64, -5)), 0);
  EXPECT_EQ(toWord(convert(Element::F32, Element::U64, 1e30)), -1);
  EXPECT_EQ(toWord(convert(Element::F32, Element::I64, std::nan(""))), 0);
  EXPECT_EQ(toWord(convert(Element::F32, Element::I64, -2.75)), -2);
  // Narrower integers: sign- or zero-extended in, wrapped out.
  EXPECT_EQ(toWord(convert(Element::I32, Element::I64, -5)), -5);
  EXPECT_EQ(toWord(convert(Element::U32, Element::U64, 4294967295.0)),
            4294967295);
  EXPECT_EQ(convert(Element::I64, Element::I32, fromWord(x)), 1);
  EXPECT_EQ(convert(Element::I64, Element::U8, fromWord(-1)), 255);
  EXPECT_EQ(convert(Element::I64, Element::I1, fromWord(kMin)), 1);
}

TEST(NumericsWideTest, ReductionsWrapAndOrderBySignedness) {
  auto fold = [](ReduceKind kind, Element element,
                 std::initializer_list<int64_t> xs) {
    double acc = reduceIdentity(kind, element);
    for (int64_t x : xs)
      acc = reduceStep(kind, element, acc, fromWord(x));
    return toWord(acc);
  };
  EXPECT_EQ(fold(ReduceKind::Sum, Element::I64, {kMax, 2}), kMin + 1);
  EXPECT_EQ(fold(ReduceKind::Prod, Element::I64, {int64_t{1} << 32, 1 << 31}),
            kMin);
  EXPECT_EQ(fold(ReduceKind::Max, Element::I64, {-3, kMin, -9}), -3);
  EXPECT_EQ(fold(ReduceKind::Max, Element::U64, {-3, 5, kMax}), -3);
  EXPECT_EQ(fold(ReduceKind::Min, Element::U64, {-3, 5, kMax}), 5);
  EXPECT_EQ(fold(ReduceKind::Min, Element::I64, {}), kMax);
}

TEST(NumericsWideTest, EmulationCostsWordPairs) {
  // At least one pass over each word plane; an add carries; a multiply
  // builds partial products; division takes 64 steps.
  EXPECT_EQ(wideVectorOps(VectorKind::Copy, Element::I64, Element::I64), 2);
  EXPECT_EQ(wideVectorOps(VectorKind::Add, Element::I64, Element::I64), 4);
  EXPECT_EQ(wideVectorOps(VectorKind::Mul, Element::U64, Element::U64), 12);
  EXPECT_EQ(wideVectorOps(VectorKind::Div, Element::I64, Element::I64), 896);
  EXPECT_EQ(wideVectorOps(VectorKind::Convert, Element::F32, Element::I64), 8);
  EXPECT_EQ(wideVectorOps(VectorKind::Convert, Element::I64, Element::F32), 6);
  EXPECT_EQ(wideReduceOps(ReduceKind::Sum), 4);
}

} // namespace
