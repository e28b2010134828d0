//===- ShapeTest.cpp - XLA shape strings, padded sizes, size format -------===//

#include "runtime/machine/Shape.h"

#include <gtest/gtest.h>

#include <limits>

namespace tpc {
namespace {

struct Sizes {
  int64_t padded;
  int64_t unpadded;
};

Sizes sizesOf(std::string_view text) {
  absl::StatusOr<Shape> shape = parseShape(text);
  EXPECT_TRUE(shape.ok()) << shape.status();
  if (!shape.ok())
    return {};
  absl::StatusOr<int64_t> padded = paddedBytes(*shape);
  absl::StatusOr<int64_t> unpadded = unpaddedBytes(*shape);
  EXPECT_TRUE(padded.ok()) << padded.status();
  EXPECT_TRUE(unpadded.ok()) << unpadded.status();
  return {padded.value_or(-1), unpadded.value_or(-1)};
}

// Every row of tpu-facts.md §2, which match real TPU reports.
struct Example {
  const char *shape;
  const char *padded;
  const char *unpadded;
  const char *extra;
  const char *expansion;
};

void PrintTo(const Example &e, std::ostream *os) { *os << e.shape; }

class WorkedExample : public ::testing::TestWithParam<Example> {};

TEST_P(WorkedExample, MatchesTheTPUReport) {
  const Example &e = GetParam();
  Sizes sizes = sizesOf(e.shape);
  EXPECT_EQ(formatBytes(sizes.padded), e.padded);
  EXPECT_EQ(formatBytes(sizes.unpadded), e.unpadded);
  EXPECT_EQ(formatBytes(sizes.padded - sizes.unpadded), e.extra);
  EXPECT_EQ(formatExpansion(sizes.padded, sizes.unpadded), e.expansion);
}

INSTANTIATE_TEST_SUITE_P(
    FactsFile, WorkedExample,
    ::testing::Values(Example{"s32[29360128,10]{1,0:T(8,128)}", "14.00G",
                              "1.09G", "12.91G", "12.8x"},
                      Example{"f32[128,256,896,18]{0,3,2,1:T(8,128)}", "2.62G",
                              "1.97G", "672.00M", "1.3x"},
                      Example{"f32[4,128,128,9,18]{4,3,0,2,1:T(8,128)}",
                              "512.00M", "40.50M", "471.50M", "12.6x"},
                      Example{"bf16[4,512,512,64]{3,0,2,1:T(4,128)(2,1)}",
                              "256.00M", "128.00M", "128.00M", "2.0x"},
                      Example{"s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
                              "16.00G", "512.00M", "15.50G", "32.0x"},
                      Example{"u32[12582912,1]{1,0:T(8,128)}", "6.00G",
                              "48.00M", "5.95G", "128.0x"},
                      Example{"f32[29184,1,2560]{2,1,0:T(2,128)}", "570.00M",
                              "285.00M", "285.00M", "2.0x"},
                      Example{"f32[512,245,256]{2,1,0:T(8,128)}", "124.00M",
                              "122.50M", "1.50M", "1.0x"},
                      Example{"pred[64,512,2048]{2,1,0:T(8,128)E(32)}",
                              "256.00M", "64.00M", "192.00M", "4.0x"},
                      Example{"s32[29360128,10]{0,1:T(8,128)}", "1.75G",
                              "1.09G", "672.00M", "1.6x"}),
    [](const ::testing::TestParamInfo<Example> &info) {
      return "Row" + std::to_string(info.index);
    });

TEST(ShapeSizes, SeedExamplesToTheByte) {
  EXPECT_EQ(sizesOf("s32[29360128,10]{1,0:T(8,128)}").padded, 15032385536);
  EXPECT_EQ(sizesOf("s32[29360128,10]{1,0:T(8,128)}").unpadded, 1174405120);
  EXPECT_EQ(sizesOf("f32[128,256,896,18]{0,3,2,1:T(8,128)}").padded,
            2818572288);
  EXPECT_EQ(sizesOf("f32[128,256,896,18]{0,3,2,1:T(8,128)}").unpadded,
            2113929216);
}

TEST(ShapeSizes, EveryElementType) {
  // 3x5 under T(8,128) pads to 8x128 = 1024 elements.
  struct Case {
    const char *type;
    int64_t unpadded;
    int64_t padded;
  };
  for (Case c :
       {Case{"pred", 15, 1024}, Case{"s8", 15, 1024}, Case{"u8", 15, 1024},
        Case{"s16", 30, 2048}, Case{"u16", 30, 2048}, Case{"f16", 30, 2048},
        Case{"bf16", 30, 2048}, Case{"s32", 60, 4096}, Case{"u32", 60, 4096},
        Case{"f32", 60, 4096}, Case{"s64", 120, 8192}, Case{"u64", 120, 8192},
        Case{"f64", 120, 8192}}) {
    Sizes sizes = sizesOf(std::string(c.type) + "[3,5]{1,0:T(8,128)}");
    EXPECT_EQ(sizes.unpadded, c.unpadded) << c.type;
    EXPECT_EQ(sizes.padded, c.padded) << c.type;
  }
  // E(32) stores pred as 32 bits.
  EXPECT_EQ(sizesOf("pred[3,5]{1,0:T(8,128)E(32)}").padded, 4096);
  // E(4) packs two elements per byte, rounding up.
  EXPECT_EQ(sizesOf("s8[3]{0:T(3)E(4)}").padded, 2);
}

TEST(ShapeSizes, RanksZeroToFive) {
  EXPECT_EQ(sizesOf("f32[]").padded, 4);
  EXPECT_EQ(sizesOf("f32[]{:T(256)}").padded, 1024);
  EXPECT_EQ(sizesOf("f32[]{}").padded, 4);
  EXPECT_EQ(sizesOf("f32[300]{0:T(256)}").padded, 512 * 4);
  // A rank-1 array under a 2-D tile takes a whole tile.
  EXPECT_EQ(sizesOf("f32[10]{0:T(8,128)}").padded, 8 * 128 * 4);
  EXPECT_EQ(sizesOf("f32[9,130]{1,0:T(8,128)}").padded, 16 * 256 * 4);
  EXPECT_EQ(sizesOf("f32[2,9,130]{2,1,0:T(8,128)}").padded, 2 * 16 * 256 * 4);
  // Only the two most-minor physical dims are tiled; the order decides which.
  EXPECT_EQ(sizesOf("f32[3,2,9,130]{1,0,3,2:T(8,128)}").padded,
            9 * 130 * 8 * 128 * 4);
  EXPECT_EQ(sizesOf("f32[1,1,1,1,1]{4,3,2,1,0:T(8,128)}").padded, 1024 * 4);
  EXPECT_EQ(sizesOf("f32[1,1,1,1,1]").unpadded, 4);
}

TEST(ShapeSizes, OnChipBytesIsThePaddedSizeOfTheOnChipShape) {
  // The shortcut kernel planning uses must agree with the general path for
  // every element type, rank 0 to 4 and sizes around the tile edges.
  const std::vector<int64_t> sizes = {0, 1, 7, 8, 9, 127, 128, 129, 1000};
  for (ElementType type :
       {ElementType::PRED, ElementType::S8, ElementType::S16, ElementType::S32,
        ElementType::S64, ElementType::U8, ElementType::U16, ElementType::U32,
        ElementType::U64, ElementType::F16, ElementType::BF16, ElementType::F32,
        ElementType::F64})
    for (size_t rank = 0; rank <= 4; ++rank)
      for (size_t i = 0; i < sizes.size(); ++i) {
        std::vector<int64_t> dims;
        for (size_t d = 0; d < rank; ++d)
          dims.push_back(sizes[(i + 3 * d) % sizes.size()]);
        std::optional<int64_t> fast = onChipBytes(type, dims);
        absl::StatusOr<int64_t> general = paddedBytes(onChipShape(type, dims));
        ASSERT_TRUE(fast.has_value() && general.ok());
        EXPECT_EQ(*fast, *general) << shapeToString(onChipShape(type, dims));
      }
  EXPECT_EQ(onChipBytes(ElementType::F32, {10}), 8 * 128 * 4);
  EXPECT_EQ(onChipBytes(ElementType::PRED, {3, 5}), 8 * 128 * 4);
  EXPECT_EQ(onChipBytes(ElementType::F32, {int64_t{1} << 62, 128}),
            std::nullopt);
  EXPECT_EQ(onChipBytes(ElementType::F32, {-1}), std::nullopt);
}

TEST(ShapeSizes, OnlyTheFirstTilePads) {
  // (2,1) re-tiles inside T(8,128) and adds no padding of its own.
  EXPECT_EQ(sizesOf("bf16[8,128]{1,0:T(8,128)(2,1)}").padded, 8 * 128 * 2);
  EXPECT_EQ(sizesOf("bf16[1000]{0:T(1024)(128)(2,1)}").padded, 1024 * 2);
}

TEST(ShapeSizes, PaddedDimsNameTheCulprit) {
  Shape shape = *parseShape("s32[29360128,10]{1,0:T(8,128)}");
  EXPECT_EQ(*paddedDims(shape), (std::vector<int64_t>{29360128, 128}));
}

TEST(ShapeSizes, SaturatingAddStopsAtTheTop) {
  EXPECT_EQ(saturatingAdd(3, 4), 7);
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(saturatingAdd(kMax - 1, 1), kMax);
  EXPECT_EQ(saturatingAdd(kMax - 1, 2), kMax);
  EXPECT_EQ(saturatingAdd(kMax, kMax), kMax);
}

TEST(ShapeSizes, SaturatingProductStopsAtTheTop) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(saturatingMul(6, 7), 42);
  EXPECT_EQ(saturatingMul(int64_t(1) << 32, int64_t(1) << 31), kMax);
  EXPECT_EQ(saturatingProduct(std::vector<int64_t>{2, 3, 4}), 24);
  EXPECT_EQ(saturatingProduct(std::vector<int64_t>{}), 1);
  // 2^90 * 8 saturates; a later zero still makes the product zero.
  std::vector<int64_t> huge = {1 << 30, 1 << 30, 1 << 30, 8};
  EXPECT_EQ(saturatingProduct(huge), kMax);
  huge.push_back(0);
  EXPECT_EQ(saturatingProduct(huge), 0);
}

TEST(ShapeSizes, OverflowIsAnErrorNotAWrap) {
  // 2^62 elements of 4 bytes overflow int64 bytes.
  absl::StatusOr<Shape> shape = parseShape("f32[4611686018427387904]");
  ASSERT_TRUE(shape.ok());
  EXPECT_FALSE(unpaddedBytes(*shape).ok());
  EXPECT_EQ(unpaddedBytes(*shape).status().code(),
            absl::StatusCode::kOutOfRange);
  // The element count itself overflows.
  shape = parseShape("s8[4294967296,4294967296]");
  ASSERT_TRUE(shape.ok());
  EXPECT_FALSE(elementCount(shape->dims).ok());
  // Rounding up to the tile overflows.
  shape = parseShape("s8[9223372036854775807]{0:T(128)}");
  ASSERT_TRUE(shape.ok());
  EXPECT_FALSE(paddedBytes(*shape).ok());
  // Tens of GiB are fine.
  EXPECT_EQ(sizesOf("f32[16,1024,1024,1024]").unpadded, int64_t{64} << 30);
}

TEST(ShapeParse, RoundTripsXLANotation) {
  for (const char *text :
       {"f32[128,256,896,18]{0,3,2,1:T(8,128)}", "f32[]{:T(256)}",
        "bf16[4,512,512,64]{3,0,2,1:T(4,128)(2,1)}",
        "pred[64,512,2048]{2,1,0:T(8,128)E(32)}",
        "f32[8,128]{1,0:T(8,128)S(1)}", "s32[10]", "f32[2,3]{1,0}",
        "u8[0]{0:T(1024)(128)(4,1)}"}) {
    absl::StatusOr<Shape> shape = parseShape(text);
    ASSERT_TRUE(shape.ok()) << shape.status();
    EXPECT_EQ(shapeToString(*shape), text);
  }
  EXPECT_EQ(shapeToString(*parseShape(" f32[ 2 , 3 ]{ 1,0 : T(8,128) } ")),
            "f32[2,3]{1,0:T(8,128)}");
}

TEST(ShapeParse, ErrorsPointAtTheOffendingCharacter) {
  struct Case {
    const char *text;
    size_t offset;
    const char *message;
  };
  for (Case c : {
           Case{"f31[2]", 0, "expected an element type"},
           Case{"f32(2)", 3, "expected '['"},
           Case{"f32[2,x]", 6, "expected a dimension size"},
           Case{"f32[2,-1]", 6, "expected a dimension size (a non-negative"},
           Case{"f32[2", 5, "expected ']'"},
           Case{"f32[2]{0:T(8,}", 13, "expected a tile size"},
           Case{"f32[2]{0:T8}", 10, "expected '(' to start a tile"},
           Case{"f32[2]{0:T(8)T(8)}", 13, "tiles are given twice"},
           Case{"f32[2]{0}x", 9, "unexpected characters after the shape"},
           Case{"f32[99999999999999999999]", 4, "does not fit in 64 bits"},
           Case{"f32[2,3]{0,0}", 8, "minor_to_major repeats dimension 0"},
           Case{"f32[2,3]{0}", 8, "has 1 entries for a rank-2 shape"},
           Case{"f32[2,3]{1,2}", 8, "names dimension 2 of a rank-2 shape"},
           Case{"f32[2,3]{1,0:T(0,128)}", 8, "tile sizes must be positive"},
       }) {
    Shape shape;
    ParseError error;
    EXPECT_FALSE(parseShape(c.text, shape, error)) << c.text;
    EXPECT_EQ(error.offset, c.offset) << c.text;
    EXPECT_NE(error.message.find(c.message), std::string::npos)
        << c.text << ": " << error.message;
  }
}

TEST(FormatBytes, FollowsXLA) {
  EXPECT_EQ(formatBytes(0), "0B");
  EXPECT_EQ(formatBytes(512), "512B");
  EXPECT_EQ(formatBytes(1023), "1023B");
  EXPECT_EQ(formatBytes(1024), "1.0K");
  EXPECT_EQ(formatBytes(4096), "4.0K");
  EXPECT_EQ(formatBytes(276 * 1024), "276.0K");
  EXPECT_EQ(formatBytes(173 * 1024), "173.0K");
  EXPECT_EQ(formatBytes(1024 * 1024 - 1), "1024.0K");
  EXPECT_EQ(formatBytes(530LL << 20), "530.00M");
  // G values are truncated to whole MiB before printing; 2.625 GiB is an
  // exact tie that printf rounds to even.
  EXPECT_EQ(formatBytes(2818572288), "2.62G");
  EXPECT_EQ(formatBytes((16LL << 30) - (530LL << 20)), "15.48G");
  EXPECT_EQ(formatBytes(3LL << 40), "3.00T");
  EXPECT_EQ(formatExpansion(1, 1), "1.0x");
  EXPECT_EQ(formatExpansion(128, 1), "128.0x");
}

TEST(ParseBytesTest, UnitsFractionsAndErrors) {
  EXPECT_EQ(*parseBytes("512"), 512);
  EXPECT_EQ(*parseBytes("512B"), 512);
  EXPECT_EQ(*parseBytes("64K"), 65536);
  EXPECT_EQ(*parseBytes("1.5G"), 1610612736);
  EXPECT_EQ(*parseBytes("16GiB"), int64_t{16} << 30);
  EXPECT_EQ(*parseBytes("9.5g"), int64_t{19} << 29);
  EXPECT_EQ(*parseBytes("0.1K"), 102); // floor of 102.4
  EXPECT_EQ(*parseBytes("7E"), int64_t{7} << 60);
  for (const char *bad : {"", "G", ".", "-1", "1.2.3", "12Q", "1GG", "8EiB",
                          "9223372036854775808", "1 G"})
    EXPECT_FALSE(parseBytes(bad).ok()) << bad;
  EXPECT_EQ(*parseBytes("9223372036854775807"),
            std::numeric_limits<int64_t>::max());
  // Round trip of the report's format, to its printed precision.
  EXPECT_EQ(*parseBytes(formatBytes(int64_t{14} << 30)), int64_t{14} << 30);
}

TEST(ShapeTest, PackedBytesRoundsSubByteCountsUpToWholeBytes) {
  EXPECT_EQ(packedBytes(16, 4), 8);
  EXPECT_EQ(packedBytes(17, 4), 9);
  EXPECT_EQ(packedBytes(5, 2), 2);
  EXPECT_EQ(packedBytes(4, 2), 1);
  EXPECT_EQ(packedBytes(0, 4), 0);
  EXPECT_EQ(packedBytes(3, 8), 3);
  EXPECT_EQ(packedBytes(3, 32), 12);
}

} // namespace
} // namespace tpc
