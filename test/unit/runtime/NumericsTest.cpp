//===- NumericsTest.cpp - Element values as the TensorCore holds them -----===//
//
// Checked against hand-computed values and the formats' definitions, not
// against another implementation: the runtime is what these pin down.
//
//===----------------------------------------------------------------------===//

#include "runtime/Numerics.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace tpurt;

namespace {

TEST(NumericsTest, BF16RoundsToNearestEvenOnce) {
  // 1 + 2^-8 is halfway between bf16 1 and 1 + 2^-7: ties to even.
  EXPECT_EQ(roundToBF16(1 + std::ldexp(1.0, -8)), 1.0);
  EXPECT_EQ(roundToBF16(1 + 3 * std::ldexp(1.0, -8)), 1 + std::ldexp(1.0, -6));
  // Just above the tie rounds up; via f32 it would round to the tie first.
  EXPECT_EQ(roundToBF16(1 + std::ldexp(1.0, -8) + std::ldexp(1.0, -40)),
            1 + std::ldexp(1.0, -7));
  EXPECT_TRUE(std::isinf(roundToBF16(3.5e38)));
  EXPECT_EQ(roundTo(Element::I8, 130), -126);
  EXPECT_EQ(roundTo(Element::I1, 7), 1);
}

/// The binary16 value of `bits` from its definition: (-1)^s 2^(e-15)
/// (1 + f/1024), subnormals 2^-14 (f/1024).
double halfFromDefinition(uint16_t bits) {
  int e = (bits >> 10) & 0x1f, f = bits & 0x3ff;
  double magnitude =
      e == 0 ? std::ldexp(f / 1024.0, -14) : std::ldexp(1 + f / 1024.0, e - 15);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

TEST(NumericsTest, F16EncodesEveryFiniteValue) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    if (((bits >> 10) & 0x1f) == 0x1f)
      continue; // inf and NaN below
    double value = halfFromDefinition(static_cast<uint16_t>(bits));
    ASSERT_EQ(fromF16Bits(static_cast<uint16_t>(bits)), value) << bits;
    ASSERT_EQ(f16Bits(value), bits) << bits;
    ASSERT_EQ(roundToF16(value), value) << bits;
    uint8_t stored[2];
    store(Element::F16, stored, value);
    ASSERT_EQ(load(Element::F16, stored), value) << bits;
  }
  EXPECT_TRUE(std::isinf(fromF16Bits(0x7c00)));
  EXPECT_TRUE(std::isnan(fromF16Bits(0x7e00)));
  EXPECT_EQ(f16Bits(-HUGE_VAL), 0xfc00);
  EXPECT_EQ(f16Bits(std::nan("")), 0x7e00);
}

TEST(NumericsTest, F16RoundsToNearestEven) {
  double ulp = std::ldexp(1.0, -10);                   // at 1
  EXPECT_EQ(roundToF16(1 + ulp / 2), 1.0);             // tie: even
  EXPECT_EQ(roundToF16(1 + 3 * ulp / 2), 1 + 2 * ulp); // tie: even
  EXPECT_EQ(roundToF16(1 + ulp / 2 + 1e-9), 1 + ulp);  // above the tie
  EXPECT_EQ(roundToF16(65504), 65504);                 // largest finite
  EXPECT_EQ(roundToF16(65519.99), 65504);              // below the tie
  EXPECT_TRUE(std::isinf(roundToF16(65520)));          // tie: to inf
  EXPECT_EQ(roundToF16(std::ldexp(1.0, -25)), 0.0);    // tie: to zero
  EXPECT_EQ(roundToF16(std::ldexp(3.0, -25)),          // tie: even
            std::ldexp(1.0, -23));
  EXPECT_EQ(roundToF16(-std::ldexp(1.0, -24)), -std::ldexp(1.0, -24));
}

TEST(NumericsTest, NarrowAndUnsignedIntegersWrap) {
  EXPECT_EQ(roundTo(Element::I16, 40000), 40000 - 65536);
  EXPECT_EQ(roundTo(Element::I16, -32769), 32767);
  EXPECT_EQ(roundTo(Element::U8, -1), 255);
  EXPECT_EQ(roundTo(Element::U8, 256 + 7), 7);
  EXPECT_EQ(roundTo(Element::U16, -2), 65534);
  EXPECT_EQ(roundTo(Element::U32, std::ldexp(1.0, 32) + 5), 5);
  EXPECT_EQ(roundTo(Element::U32, -1), 4294967295.0);
  uint8_t bytes[4];
  store(Element::U32, bytes, 4294967295.0);
  EXPECT_EQ(load(Element::U32, bytes), 4294967295.0);
  store(Element::I16, bytes, -2);
  EXPECT_EQ(load(Element::I16, bytes), -2);
  EXPECT_EQ(load(Element::U16, bytes), 65534);
}

/// One binary vector op on `to` elements, stored as the unit stores it.
double vector2(VectorKind kind, Element to, double a, double b) {
  double in[3] = {a, b, 0};
  return roundTo(to, vectorElement(kind, to, to, in));
}

TEST(NumericsTest, UnsignedArithmetic) {
  const double max32 = 4294967295.0;
  // Products past 2^63 wrap modulo 2^32: (2^32 - 1)^2 = 1 mod 2^32.
  EXPECT_EQ(vector2(VectorKind::Mul, Element::U32, max32, max32), 1);
  EXPECT_EQ(vector2(VectorKind::Div, Element::U32, max32, 2), 2147483647);
  EXPECT_EQ(vector2(VectorKind::Div, Element::U8, 7, 0), 255); // all ones
  EXPECT_EQ(vector2(VectorKind::Rem, Element::U8, 7, 0), 7);
  EXPECT_EQ(vector2(VectorKind::Sub, Element::U8, 1, 2), 255);
  EXPECT_EQ(vector2(VectorKind::Max, Element::U32, max32, 1), max32);
  EXPECT_EQ(vector2(VectorKind::Lt, Element::U32, 1, max32), 1);
  // An arithmetic shift copies the top bit, whatever the signedness.
  EXPECT_EQ(vector2(VectorKind::ShiftRightArithmetic, Element::U8, 0x80, 1),
            0xc0);
  EXPECT_EQ(vector2(VectorKind::ShiftRightArithmetic, Element::U8, 0x80, 9),
            0xff);
  EXPECT_EQ(vector2(VectorKind::ShiftRightLogical, Element::U8, 0x80, 1), 0x40);
  EXPECT_EQ(vector2(VectorKind::ShiftRightArithmetic, Element::I16, -4, 1), -2);
  double one[3] = {5, 0, 0}; // the unit reads three inputs
  EXPECT_EQ(roundTo(Element::U16, vectorElement(VectorKind::Not, Element::U16,
                                                Element::U16, one)),
            65530);
  EXPECT_EQ(roundTo(Element::U16, vectorElement(VectorKind::Neg, Element::U16,
                                                Element::U16, one)),
            65531);
  EXPECT_EQ(reduceIdentity(ReduceKind::Max, Element::U8), 0);
  EXPECT_EQ(reduceIdentity(ReduceKind::Min, Element::U8), 255);
  EXPECT_EQ(reduceIdentity(ReduceKind::Max, Element::I16), -32768);
  EXPECT_EQ(roundTo(Element::U32,
                    reduceStep(ReduceKind::Prod, Element::U32, max32, max32)),
            1);
}

TEST(NumericsTest, FloatToUnsignedSaturates) {
  auto convert = [](double x, Element to) {
    double in[3] = {x, 0, 0};
    return roundTo(to,
                   vectorElement(VectorKind::Convert, Element::F32, to, in));
  };
  EXPECT_EQ(convert(-3.5, Element::U8), 0);
  EXPECT_EQ(convert(300.7, Element::U8), 255);
  EXPECT_EQ(convert(1e10, Element::U32), 4294967295.0);
  EXPECT_EQ(convert(-1e10, Element::I16), -32768);
  EXPECT_EQ(convert(std::nan(""), Element::U16), 0);
  EXPECT_EQ(convert(2.9, Element::U16), 2);
}

TEST(NumericsTest, BitcastReadsTheStoredBits) {
  auto bitcast = [](Element from, Element to, double x) {
    double in[3] = {x, 0, 0};
    return vectorElement(VectorKind::Bitcast, from, to, in);
  };
  EXPECT_EQ(bitcast(Element::F32, Element::U32, 1.0), 1065353216);
  EXPECT_EQ(bitcast(Element::F32, Element::I32, -2.0), -1073741824);
  EXPECT_EQ(bitcast(Element::F16, Element::I16, -2.0), -16384); // 0xc000
  EXPECT_EQ(bitcast(Element::BF16, Element::U16, -1.0), 49024); // 0xbf80
  EXPECT_EQ(bitcast(Element::I8, Element::U8, -1), 255);
  EXPECT_TRUE(std::isinf(bitcast(Element::U32, Element::F32, 0x7f800000)));
  EXPECT_EQ(bitcast(Element::U16, Element::F16, 0x3c00), 1.0);
}

} // namespace
