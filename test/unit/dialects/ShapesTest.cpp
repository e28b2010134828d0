//===- ShapesTest.cpp - window and padding sizes --------------------------===//
//
// The sizes of dialects/common/Shapes.h against values worked out by hand
// from StableHLO's spec (convolution_c25, reduce_window_c16, pad_c4), and
// the overflow cases a verifier must refuse instead of wrapping.
//
//===----------------------------------------------------------------------===//

#include "dialects/common/Shapes.h"

#include <gtest/gtest.h>

#include <limits>

using namespace mlir::tpu::shapes;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

TEST(DilatedPaddedSize, DilatesBetweenElementsThenPads) {
  // 4 elements with 2 holes between neighbours: 4 + 3 * 2 = 10, then 1 + 2.
  EXPECT_EQ(dilatedPaddedSize(4, 3, 1, 2), 13);
  EXPECT_EQ(dilatedPaddedSize(4, 1, 0, 0), 4);
  // Negative padding crops; the result may go below zero (pad_c4 refuses).
  EXPECT_EQ(dilatedPaddedSize(4, 1, -1, -2), 1);
  EXPECT_EQ(dilatedPaddedSize(2, 1, -3, 0), -1);
}

TEST(DilatedPaddedSize, EmptyDimensionStaysEmptyBeforePadding) {
  EXPECT_EQ(dilatedPaddedSize(0, 5, 0, 0), 0);
  EXPECT_EQ(dilatedPaddedSize(0, 5, 2, 1), 3);
}

TEST(DilatedPaddedSize, OverflowIsReported) {
  EXPECT_EQ(dilatedPaddedSize(3, int64_t{1} << 62, 0, 0), std::nullopt);
  EXPECT_EQ(dilatedPaddedSize(kMax, 1, 1, 0), std::nullopt);
  EXPECT_EQ(dilatedPaddedSize(2, kMax, 0, 0), std::nullopt);
  // Just fits: (2 - 1) * (kMax - 1) + 1 = kMax.
  EXPECT_EQ(dilatedPaddedSize(2, kMax - 1, 0, 0), kMax);
}

TEST(WindowCount, MatchesTheSpecFormula) {
  // 8 rows padded by 1 each side (10), a 3-row window dilated by 2 (5 rows),
  // stride 2: (10 - 5) / 2 + 1 = 3.
  EXPECT_EQ(windowCount(8, 1, 1, 1, 3, 2, 2), 3);
  // Base dilation 2 on 4 elements: 7; window 2, stride 1: 6.
  EXPECT_EQ(windowCount(4, 2, 0, 0, 2, 1, 1), 6);
  // The window exactly fits once.
  EXPECT_EQ(windowCount(5, 1, 0, 0, 5, 1, 3), 1);
}

TEST(WindowCount, NoWindowFits) {
  EXPECT_EQ(windowCount(2, 1, 0, 0, 3, 1, 1), 0);
  EXPECT_EQ(windowCount(0, 1, 0, 0, 1, 1, 1), 0);
  // Cropped to nothing.
  EXPECT_EQ(windowCount(4, 1, -2, -2, 1, 1, 1), 0);
}

TEST(WindowCount, EmptyWindowFitsEverywhere) {
  // A 0-size kernel dimension: (4 - 0) / 1 + 1 = 5 positions.
  EXPECT_EQ(windowCount(4, 1, 0, 0, 0, 1, 1), 5);
}

TEST(WindowCount, OverflowAndBadStrideAreReported) {
  EXPECT_EQ(windowCount(8, int64_t{1} << 62, 0, 0, 3, 1, 1), std::nullopt);
  EXPECT_EQ(windowCount(8, 1, 0, 0, 3, int64_t{1} << 62, 1), std::nullopt);
  EXPECT_EQ(windowCount(8, 1, kMax, 1, 3, 1, 1), std::nullopt);
  EXPECT_EQ(windowCount(8, 1, 0, 0, 3, 1, 0), std::nullopt);
}

} // namespace
