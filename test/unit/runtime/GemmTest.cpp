//===- GemmTest.cpp - The MXU's host arithmetic ---------------------------===//
//
// The blocked, threaded product against its element-by-element definition
// (gemmReference), bit for bit: shapes that leave partial register tiles,
// K longer than one block, thread counts from 1 to 3, both kernels, and
// the fused kernel where products are exact (bf16 values).
//
//===----------------------------------------------------------------------===//

#include "runtime/engines/Gemm.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace tpurt;

namespace {

/// Values whose products are not exact in f32 (so that a fused and an
/// unfused multiply-add, or another summation order, would differ), or
/// with `bf16` values of 8 significant bits, whose products are exact.
std::vector<float> values(int64_t count, uint32_t seed, bool bf16 = false) {
  std::vector<float> out(count);
  uint32_t state = seed;
  for (float &v : out) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<float>(int32_t(state >> 8) - (1 << 23)) / 3.0e6f;
    if (bf16) {
      uint32_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      bits &= 0xffff0000u;
      std::memcpy(&v, &bits, sizeof bits);
    }
  }
  return out;
}

bool sameBits(const std::vector<float> &a, const std::vector<float> &b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

struct Shape {
  int64_t m, k, n;
};

TEST(GemmTest, EqualsTheDefinitionBitForBit) {
  for (bool exact : {false, true})
    for (Shape s : {Shape{1, 1, 1}, Shape{7, 300, 37}, Shape{130, 513, 17},
                    Shape{6, 256, 16}, Shape{64, 1000, 130}}) {
      std::vector<float> a = values(s.m * s.k, 1, exact);
      std::vector<float> b = values(s.k * s.n, 2, exact);
      std::vector<float> init = values(s.m * s.n, 3);
      std::vector<float> expected = init;
      gemmReference(s.m, s.k, s.n, a.data(), b.data(), expected.data());
      for (bool portable : {false, true})
        for (int threads : {1, 2, 3}) {
          std::vector<float> c = init;
          gemm(s.m, s.k, s.n, a.data(), b.data(), c.data(), exact, threads,
               portable);
          EXPECT_TRUE(sameBits(c, expected))
              << s.m << "x" << s.k << "x" << s.n << " threads " << threads
              << (portable ? " portable" : "") << (exact ? " exact" : "");
        }
    }
}

TEST(GemmTest, RoundsEachProduct) {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 (a tie, to even),
  // so adding -(1 + 2^-11) gives 0; a fused multiply-add would keep 2^-24.
  float x = 1.0f + std::ldexp(1.0f, -12);
  std::vector<float> a = {x}, b = {x}, c = {-(1.0f + std::ldexp(1.0f, -11))};
  gemm(1, 1, 1, a.data(), b.data(), c.data(), /*exactProducts=*/false);
  EXPECT_EQ(c[0], 0.0f);
}

TEST(GemmTest, EmptyShapesLeaveCAlone) {
  std::vector<float> c = {5.0f};
  gemm(1, 0, 1, nullptr, nullptr, c.data(), /*exactProducts=*/true);
  EXPECT_EQ(c[0], 5.0f);
}

} // namespace

TEST(GemmTest, Int8ProductIsExactAndWrapsInInt32) {
  // [[1, -2], [127, -128]] x [[3], [-128]] + [[10], [0]].
  int8_t a[] = {1, -2, 127, -128};
  int8_t b[] = {3, -128};
  int32_t c[] = {10, 0};
  gemmInt8(2, 2, 1, a, b, c);
  EXPECT_EQ(c[0], 10 + 3 + 256);
  EXPECT_EQ(c[1], 381 + 16384);
  // -128 * -128 = 2^14, summed 2^17 + 2 times from INT32_MAX - 1 wraps.
  std::vector<int8_t> row(131074, -128), col(131074, -128);
  int32_t acc = 2147483646;
  gemmInt8(1, 131074, 1, row.data(), col.data(), &acc);
  // 2147483646 + 131074 * 16384 = 2147483646 + 2^31 + 32768 (mod 2^32).
  EXPECT_EQ(acc, static_cast<int32_t>(2147483646u + 2147483648u + 32768u));
}
