//===- ConformanceTest.cpp - Expected files, ULPs and tolerances ----------===//

#include "tools/tpu-conformance/Conformance.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace mlir::tpu::conformance;

namespace {

using E = tpc::Element;

TEST(ConformanceTest, ParsesResultsAndTolerances) {
  auto parsed = parseExpected("# refexec v1 entry=@main results=2\n"
                              "# tol 0 expect_close --rtol 0 --atol 0 "
                              "--max-ulp 3\n"
                              "# tol 1 expect_almost_eq --rtol 0.5 --atol "
                              "0.001\n"
                              "tensor 1 i1 [2] true false\n"
                              "tensor 0 bf16 [2,1] nan -inf\n");
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  ASSERT_EQ(parsed->size(), 2u);
  const ExpectedResult &first = (*parsed)[0];
  EXPECT_EQ(first.tensor.element, E::BF16);
  EXPECT_EQ(first.tensor.dims, (std::vector<int64_t>{2, 1}));
  EXPECT_TRUE(std::isnan(first.tensor.values[0]));
  EXPECT_EQ(first.tensor.values[1], -std::numeric_limits<double>::infinity());
  EXPECT_EQ(first.tolerance.kind, Tolerance::Kind::Ulp);
  EXPECT_EQ(first.tolerance.maxUlp, 3);
  const ExpectedResult &second = (*parsed)[1];
  EXPECT_EQ(second.tensor.values, (std::vector<double>{1, 0}));
  EXPECT_EQ(second.tolerance.kind, Tolerance::Kind::Absolute);
  EXPECT_DOUBLE_EQ(second.tolerance.atol, 0.001);
  EXPECT_DOUBLE_EQ(second.tolerance.rtol, 0.5);
}

TEST(ConformanceTest, ScalarsHaveOneValue) {
  auto parsed = parseExpected("tensor 0 i32 [] -7\n");
  ASSERT_TRUE(static_cast<bool>(parsed));
  EXPECT_TRUE((*parsed)[0].tensor.dims.empty());
  EXPECT_EQ((*parsed)[0].tensor.values, (std::vector<double>{-7}));
  // Without a tol line a result is compared exactly.
  EXPECT_EQ((*parsed)[0].tolerance.kind, Tolerance::Kind::Exact);
}

TEST(ConformanceTest, RejectsMalformedFiles) {
  auto count = [](const char *text) {
    auto parsed = parseExpected(text);
    EXPECT_FALSE(static_cast<bool>(parsed));
    return parsed ? std::string() : llvm::toString(parsed.takeError());
  };
  EXPECT_EQ(count("tensor 0 f32 [2] 1\n"), "line 1: 1 values for 2 elements");
  EXPECT_EQ(count("tensor 0 f32 2 1 2\n"),
            "line 1: expected dimensions as [D0,D1,...]");
  EXPECT_EQ(count("tensor 0 f32 [1] x\n"), "line 1: bad value 'x'");
  EXPECT_EQ(count("# tol 0 expect_sorted --rtol 0 --atol 0\n"),
            "line 1: unknown check 'expect_sorted'");
  EXPECT_EQ(count("tensor 1 f32 [1] 1\n"), "no 'tensor' line for result 0");
  EXPECT_EQ(count("# only comments\n"), "no 'tensor' line");
  EXPECT_EQ(count("tensor 0 f64 [1] 1\n"),
            "line 1: unknown element type 'f64'");
}

TEST(ConformanceTest, UlpDistanceCountsRepresentableValues) {
  float one = 1.0f;
  EXPECT_EQ(ulpDistance(E::F32, one, std::nextafter(one, 2.0f)), 1u);
  EXPECT_EQ(ulpDistance(E::F32, 0.0, -0.0), 0u);
  // Across zero: the smallest denormals either side are two apart.
  float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(ulpDistance(E::F32, tiny, -tiny), 2u);
  // bf16 has 7 mantissa bits: 1 + 2^-7 is the next value after 1.
  EXPECT_EQ(ulpDistance(E::BF16, 1.0, 1.0 + 1.0 / 128), 1u);
  EXPECT_EQ(ulpDistance(E::BF16, 1.0, 1.0 + 3.0 / 128), 3u);
  // f16 counts its own ULPs (2^-10 at 1), not f32's.
  EXPECT_EQ(ulpDistance(E::F16, 1.0, 1.0 + 1.0 / 1024), 1u);
  EXPECT_EQ(ulpDistance(E::F16, -0.5, -0.5 - 2.0 / 2048), 2u);
  EXPECT_EQ(ulpDistance(E::F16, 65504.0, -65504.0), 2u * 0x7bff);
  EXPECT_EQ(ulpDistance(E::I32, 5, -2), 7u);
}

TEST(ConformanceTest, ElementMatchesUnderEachTolerance) {
  Tolerance exact;
  Tolerance ulp{Tolerance::Kind::Ulp, 3, 0, 0};
  Tolerance absolute{Tolerance::Kind::Absolute, 0, 0.001, 0};
  double nan = std::nan("");
  double inf = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(elementMatches(E::F32, exact, 2.5, 2.5));
  EXPECT_FALSE(elementMatches(E::F32, exact, 2.5, std::nextafter(2.5f, 3.0f)));
  EXPECT_TRUE(elementMatches(E::F32, ulp, 2.5, std::nextafter(2.5f, 3.0f)));
  EXPECT_FALSE(elementMatches(E::BF16, ulp, 1.0, 1.0 + 4.0 / 128));
  EXPECT_TRUE(elementMatches(E::F32, absolute, 1.0, 1.0009));
  EXPECT_FALSE(elementMatches(E::F32, absolute, 1.0, 1.0011));
  // NaN only matches NaN; an infinity only itself, whatever the tolerance.
  EXPECT_TRUE(elementMatches(E::F32, exact, nan, nan));
  EXPECT_FALSE(elementMatches(E::F32, absolute, nan, 0));
  EXPECT_FALSE(elementMatches(E::F32, absolute, 0, nan));
  EXPECT_TRUE(elementMatches(E::F32, ulp, -inf, -inf));
  EXPECT_FALSE(elementMatches(E::F32, absolute, inf, 3.4e38));
}

TEST(ConformanceTest, CompareNamesTheFirstDifference) {
  ExpectedResult expected{{E::I32, {2, 2}, {1, 2, 3, 4}}, Tolerance()};
  EXPECT_FALSE(compare(expected, {E::I32, {2, 2}, {1, 2, 3, 4}}));
  EXPECT_EQ(*compare(expected, {E::I32, {2, 2}, {1, 2, 9, 8}}),
            "element [1,0] is 9, expected 3 (exact)");
  EXPECT_EQ(*compare(expected, {E::I8, {2, 2}, {1, 2, 3, 4}}),
            "type 2x2xi8, expected 2x2xi32");
  EXPECT_EQ(*compare(expected, {E::I32, {4}, {1, 2, 3, 4}}),
            "type 4xi32, expected 2x2xi32");
}

} // namespace
