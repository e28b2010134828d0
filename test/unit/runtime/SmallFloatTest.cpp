//===- SmallFloatTest.cpp - f8, f6, f4 and sub-byte integer storage -------===//
//
// The runtime's own codec for the f8, f6 and f4 formats checked against
// LLVM's APFloat, which shares no code with it: every bit pattern decodes
// to APFloat's value, and values across each format's range (ties,
// subnormals, overflow) round as APFloat's round-to-nearest-even
// conversion does. Packed HBM storage is checked against the nibble order
// XLA uses (the first element in the low bits).
//
//===----------------------------------------------------------------------===//

#include "runtime/Numerics.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include "gtest/gtest.h"

#include <cmath>
#include <vector>

using namespace tpurt;

namespace {

struct Format {
  Element element;
  const llvm::fltSemantics &semantics;
  unsigned width;
};

std::vector<Format> formats() {
  using F = llvm::APFloat;
  return {{Element::F8E5M2, F::Float8E5M2(), 8},
          {Element::F8E4M3FN, F::Float8E4M3FN(), 8},
          {Element::F8E4M3, F::Float8E4M3(), 8},
          {Element::F8E3M4, F::Float8E3M4(), 8},
          {Element::F8E4M3FNUZ, F::Float8E4M3FNUZ(), 8},
          {Element::F8E5M2FNUZ, F::Float8E5M2FNUZ(), 8},
          {Element::F8E4M3B11FNUZ, F::Float8E4M3B11FNUZ(), 8},
          {Element::F8E8M0FNU, F::Float8E8M0FNU(), 8},
          {Element::F6E2M3FN, F::Float6E2M3FN(), 6},
          {Element::F6E3M2FN, F::Float6E3M2FN(), 6},
          {Element::F4E2M1FN, F::Float4E2M1FN(), 4}};
}

/// Equal as stored values: NaN to NaN, and the sign of zero counts.
bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

/// APFloat's value as a double; its convertToDouble turns f8E8M0FNU's NaN
/// (which has no significand to carry a payload) into an infinity.
double toDouble(const llvm::APFloat &f) {
  return f.isNaN() ? NAN : f.convertToDouble();
}

double apfloatRound(const llvm::fltSemantics &semantics, double value) {
  llvm::APFloat f(value);
  bool lost;
  f.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
  return toDouble(f);
}

TEST(SmallFloatTest, EveryBitPatternDecodesAsAPFloat) {
  for (const Format &f : formats())
    for (unsigned bits = 0; bits < (1u << f.width); ++bits) {
      double expected =
          toDouble(llvm::APFloat(f.semantics, llvm::APInt(f.width, bits)));
      auto byte = static_cast<uint8_t>(bits);
      EXPECT_TRUE(same(load(f.element, &byte), expected))
          << elementName(f.element) << " bits " << bits << ": "
          << load(f.element, &byte) << " vs " << expected;
      // And a value stores back to a pattern of the same value.
      if (!std::isnan(expected)) {
        uint8_t back = 0;
        store(f.element, &back, expected);
        EXPECT_TRUE(same(load(f.element, &back), expected))
            << elementName(f.element) << " bits " << bits;
      }
    }
}

TEST(SmallFloatTest, RoundsAsAPFloatConverts) {
  // Values between and beyond the representable ones: k/16 steps over each
  // binade from 2^-140 to 2^20, both signs, so ties, subnormals, underflow
  // and overflow are all crossed.
  std::vector<double> values = {0.0, -0.0, INFINITY, -INFINITY, 1e300};
  for (int e = -140; e <= 20; ++e)
    for (int k = 16; k < 32; ++k)
      for (double sign : {1.0, -1.0})
        values.push_back(sign * std::ldexp(k, e - 4));
  for (const Format &f : formats())
    for (double v : values) {
      // APFloat keeps an infinity a finite-only format cannot encode (the
      // runtime saturates, as XLA's conversion does), and gives the
      // unsigned f8E8M0FNU negative values (the runtime: NaN).
      bool finiteOnly = f.element == Element::F6E2M3FN ||
                        f.element == Element::F6E3M2FN ||
                        f.element == Element::F4E2M1FN;
      if ((finiteOnly && std::isinf(v)) ||
          (f.element == Element::F8E8M0FNU && std::signbit(v)))
        continue;
      double expected = apfloatRound(f.semantics, v);
      EXPECT_TRUE(same(roundTo(f.element, v), expected))
          << elementName(f.element) << " of " << v << ": "
          << roundTo(f.element, v) << " vs " << expected;
    }
}

TEST(SmallFloatTest, SubByteIntegersWrap) {
  EXPECT_EQ(roundTo(Element::I4, 8), -8);
  EXPECT_EQ(roundTo(Element::I4, -9), 7);
  EXPECT_EQ(roundTo(Element::U4, 17), 1);
  EXPECT_EQ(roundTo(Element::I2, 2), -2);
  EXPECT_EQ(roundTo(Element::U2, -1), 3);
}

TEST(SmallFloatTest, HbmPacksTheFirstElementInTheLowBits) {
  EXPECT_EQ(hbmBytes(Element::I4, 5), 3);
  EXPECT_EQ(hbmBytes(Element::U2, 9), 3);
  EXPECT_EQ(hbmBytes(Element::F8E4M3FN, 5), 5);
  uint8_t data[2] = {0, 0};
  storeHbm(Element::I4, data, 0, -1); // 0xf
  storeHbm(Element::I4, data, 1, 2);  // 0x2
  storeHbm(Element::I4, data, 2, -8); // 0x8
  EXPECT_EQ(data[0], 0x2f);
  EXPECT_EQ(data[1], 0x08);
  EXPECT_EQ(loadHbm(Element::I4, data, 0), -1);
  EXPECT_EQ(loadHbm(Element::I4, data, 1), 2);
  EXPECT_EQ(loadHbm(Element::I4, data, 2), -8);
  EXPECT_EQ(loadHbm(Element::U4, data, 0), 15);
  uint8_t twos = 0;
  for (int i = 0; i < 4; ++i)
    storeHbm(Element::U2, &twos, i, i);
  EXPECT_EQ(twos, 0xe4); // 3,2,1,0 from the high bits down
  EXPECT_EQ(loadHbm(Element::I2, &twos, 3), -1);
  uint8_t f4 = 0;
  storeHbm(Element::F4E2M1FN, &f4, 1, -6.0);
  EXPECT_EQ(f4, 0xf0);
  EXPECT_EQ(loadHbm(Element::F4E2M1FN, &f4, 1), -6.0);
}

} // namespace
