//===- EvaluatorTest.cpp - The reference evaluator against hand values ----===//
//
// The evaluator is the oracle for everything else, so its own results are
// checked against values worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "compiler/reference/Evaluator.h"
#include "dialects/hlo/HLOOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir;
using namespace mlir::tpu;

namespace {

class EvaluatorTest : public ::testing::Test {
protected:
  EvaluatorTest() { context.loadDialect<hlo::HLODialect, func::FuncDialect>(); }

  /// Parses `source` and evaluates its @main on `args`.
  std::vector<std::vector<double>> run(const char *source,
                                       std::vector<HostTensor> args) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return {};
    auto main = module->lookupSymbol<func::FuncOp>("main");
    FailureOr<SmallVector<HostTensor>> results = evaluate(main, args);
    EXPECT_TRUE(succeeded(results));
    std::vector<std::vector<double>> data;
    if (succeeded(results))
      for (HostTensor &result : *results)
        data.push_back(result.values);
    return data;
  }

  HostTensor tensor(tpc::Element element, std::vector<int64_t> shape,
                    std::vector<double> values) {
    HostTensor result(element, std::move(shape), std::move(values));
    EXPECT_EQ(result.elements(), static_cast<int64_t>(result.values.size()));
    return result;
  }
  HostTensor f32(std::vector<int64_t> shape, std::vector<double> values) {
    return tensor(tpc::Element::F32, std::move(shape), std::move(values));
  }
  HostTensor i32(std::vector<int64_t> shape, std::vector<double> values) {
    return tensor(tpc::Element::I32, std::move(shape), std::move(values));
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

using Values = std::vector<double>;

TEST_F(EvaluatorTest, MultiOutputFusionRunsItsBody) {
  // (x + y) * z and the row sums of x + y, from one fusion: rows
  // [1+10, 2+20] * [2, 3] = [22, 66] and [3+30, 4+40] * [-1, 0.5] = [-33, 22].
  auto out = run(R"(
func.func @main(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>, %z: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>) {
  %0:2 = hlo.fusion kind = loop (%p = %x, %q = %y, %r = %z) : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
    %s = hlo.add %p, %q : tensor<2x2xf32>
    %m = hlo.multiply %s, %r : tensor<2x2xf32>
    hlo.yield %m, %s : tensor<2x2xf32>, tensor<2x2xf32>
  }
  %sum = hlo.fusion kind = input (%p = %0#1) : (tensor<2x2xf32>) -> tensor<2xf32> {
    %r = hlo.reduce sum %p, dims = [1] : (tensor<2x2xf32>) -> tensor<2xf32>
    hlo.yield %r : tensor<2xf32>
  }
  return %0#0, %sum : tensor<2x2xf32>, tensor<2xf32>
})",
                 {f32({2, 2}, {1, 2, 3, 4}), f32({2, 2}, {10, 20, 30, 40}),
                  f32({2, 2}, {2, 3, -1, 0.5})});
  EXPECT_EQ(out.at(0), (Values{22, 66, -33, 22}));
  EXPECT_EQ(out.at(1), (Values{33, 77}));
}

TEST_F(EvaluatorTest, MatmulOfTwoByTwo) {
  auto out = run(R"(
    func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %r = hlo.dot_general %a, %b, contracting_dims = [1] x [0]
          : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    })",
                 {f32({2, 2}, {1, 2, 3, 4}), f32({2, 2}, {5, 6, 7, 8})});
  EXPECT_EQ(out.at(0), (Values{19, 22, 43, 50}));
}

TEST_F(EvaluatorTest, BatchedDotContractsTheNamedDimensions) {
  // r[b] = a[b]^T . v[b]: batch 2, a is [b, k=2, m=2], v is [b, k=2].
  auto out = run(R"(
    func.func @main(%a: tensor<2x2x2xf32>, %v: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %r = hlo.dot_general %a, %v, batching_dims = [0] x [0],
          contracting_dims = [1] x [1]
          : (tensor<2x2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    })",
                 {f32({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}),
                  f32({2, 2}, {1, 10, 100, 1000})});
  // b=0: [1*1+3*10, 2*1+4*10]; b=1: [5*100+7*1000, 6*100+8*1000].
  EXPECT_EQ(out.at(0), (Values{31, 42, 7500, 8600}));
}

TEST_F(EvaluatorTest, ConvolutionWithPaddingAndStride) {
  // out[i] = x[i*s - 1] - x[i*s + 1] with zeros outside.
  const char *source = R"(
    func.func @main(%x: tensor<1x5x1xf32>, %w: tensor<3x1x1xf32>)
        -> (tensor<1x5x1xf32>, tensor<1x3x1xf32>) {
      %a = hlo.convolution %x, %w, window = {pad = [[1, 1]]}
          : (tensor<1x5x1xf32>, tensor<3x1x1xf32>) -> tensor<1x5x1xf32>
      %b = hlo.convolution %x, %w, window = {stride = [2], pad = [[1, 1]]}
          : (tensor<1x5x1xf32>, tensor<3x1x1xf32>) -> tensor<1x3x1xf32>
      return %a, %b : tensor<1x5x1xf32>, tensor<1x3x1xf32>
    })";
  auto out = run(source,
                 {f32({1, 5, 1}, {1, 2, 3, 4, 5}), f32({3, 1, 1}, {1, 0, -1})});
  EXPECT_EQ(out.at(0), (Values{-2, -2, -2, -2, 4}));
  EXPECT_EQ(out.at(1), (Values{-2, -2, 4}));
}

TEST_F(EvaluatorTest, ConvolutionWithDilationsAndGroups) {
  // lhs dilation 2 turns [1,2,3] into [1,0,2,0,3]; the kernel [1,1] with rhs
  // dilation 2 adds x[i] and x[i+2] of that: [1+2, 0+0, 2+3]. Two groups of
  // one feature each scale the two channels separately.
  const char *source = R"(
    func.func @main(%x: tensor<1x3x2xf32>, %w: tensor<2x1x2xf32>)
        -> tensor<1x3x2xf32> {
      %y = hlo.convolution %x, %w, window = {lhs_dilate = [2], rhs_dilate = [2]},
          feature_group_count = 2
          : (tensor<1x3x2xf32>, tensor<2x1x2xf32>) -> tensor<1x3x2xf32>
      return %y : tensor<1x3x2xf32>
    })";
  auto out = run(source, {f32({1, 3, 2}, {1, 10, 2, 20, 3, 30}),
                          f32({2, 1, 2}, {1, 2, 1, 2})});
  EXPECT_EQ(out.at(0), (Values{3, 60, 0, 0, 5, 100}));
}

TEST_F(EvaluatorTest, ArgmaxTiesAndNaN) {
  const char *source = R"(
    func.func @main(%x: tensor<3x4xf32>) -> (tensor<3xi32>, tensor<3xi32>) {
      %a = hlo.argmax %x, dim = 1 : (tensor<3x4xf32>) -> tensor<3xi32>
      %b = hlo.argmin %x, dim = 1 : (tensor<3x4xf32>) -> tensor<3xi32>
      return %a, %b : tensor<3xi32>, tensor<3xi32>
    })";
  double nan = std::nan("");
  auto out = run(source, {f32({3, 4}, {2, 7, 7, 1,     //
                                       1, nan, 9, nan, //
                                       -1, -5, -5, -1})});
  EXPECT_EQ(out.at(0), (Values{1, 1, 0}));
  EXPECT_EQ(out.at(1), (Values{3, 1, 1}));
}

TEST_F(EvaluatorTest, PadWithInteriorAndNegativeEdges) {
  const char *source = R"(
    func.func @main(%x: tensor<3xf32>) -> tensor<6xf32> {
      %z = hlo.constant dense<9.0> : tensor<f32>
      %p = hlo.pad %x, %z, low = [-1], high = [2], interior = [1]
          : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
      return %p : tensor<6xf32>
    })";
  // [1,9,2,9,3] drops its first element and gains two 9s.
  EXPECT_EQ(run(source, {f32({3}, {1, 2, 3})}).at(0),
            (Values{9, 2, 9, 3, 9, 9}));
}

TEST_F(EvaluatorTest, IntegerDivisionByZeroAndOverflowWrap) {
  const char *source = R"(
    func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
      %d = hlo.divide %a, %b : tensor<4xi32>
      %s = hlo.add %a, %b : tensor<4xi32>
      return %d, %s : tensor<4xi32>, tensor<4xi32>
    })";
  auto out =
      run(source, {i32({4}, {7, -7, 5, 2147483647}), i32({4}, {2, 2, 0, 1})});
  EXPECT_EQ(out.at(0), (Values{3, -3, -1, 2147483647}));
  EXPECT_EQ(out.at(1), (Values{9, -5, 5, -2147483648.0}));
}

TEST_F(EvaluatorTest, UnsignedIntegersWrapCompareAndDivideUnsigned) {
  const char *source = R"(
    func.func @main(%a: tensor<4xui32>, %b: tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>, tensor<4xi1>, tensor<4xui32>, tensor<4xui32>, tensor<4xi16>) {
      %m = hlo.multiply %a, %b : tensor<4xui32>
      %d = hlo.divide %a, %b : tensor<4xui32>
      %c = hlo.compare GT, %a, %b : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
      %s = hlo.shift_right_arithmetic %a, %b : tensor<4xui32>
      %n = hlo.subtract %b, %a : tensor<4xui32>
      %w = hlo.convert %a : (tensor<4xui32>) -> tensor<4xi16>
      return %m, %d, %c, %s, %n, %w : tensor<4xui32>, tensor<4xui32>, tensor<4xi1>, tensor<4xui32>, tensor<4xui32>, tensor<4xi16>
    })";
  const double max = 4294967295.0;
  auto out = run(source,
                 {tensor(tpc::Element::U32, {4}, {max, 2147483648.0, 7, 40000}),
                  tensor(tpc::Element::U32, {4}, {max, 31, 0, 1})});
  // (2^32-1)^2 = 1 mod 2^32; 2^31 * 31 = 2^31 mod 2^32.
  EXPECT_EQ(out.at(0), (Values{1, 2147483648.0, 0, 40000}));
  // x / 0 is all ones.
  EXPECT_EQ(out.at(1), (Values{1, 69273666, max, 40000}));
  EXPECT_EQ(out.at(2), (Values{0, 1, 1, 1}));
  // Arithmetic shifts copy the top bit: 2^31 >> 31 is all ones; an amount
  // of 2^32-1 shifts every bit out.
  EXPECT_EQ(out.at(3), (Values{max, max, 7, 20000}));
  EXPECT_EQ(out.at(4), (Values{0, 2147483679.0, max - 6, max - 39998}));
  // To i16: the low 16 bits, sign-extended (40000 is -25536).
  EXPECT_EQ(out.at(5), (Values{-1, 0, 7, -25536}));
}

/// 64-bit slots as the integers their words hold.
std::vector<int64_t> words(const Values &slots) {
  std::vector<int64_t> out;
  for (double slot : slots)
    out.push_back(tpc::toWord(slot));
  return out;
}

TEST_F(EvaluatorTest, WideIntegersAreExactWrapAndOrderBySignedness) {
  const char *source = R"(
    func.func @main(%a: tensor<3xi64>, %b: tensor<3xi64>, %u: tensor<2xui64>) -> (tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<2xi1>, tensor<ui64>, tensor<3xf32>, tensor<3xi64>) {
      %s = hlo.add %a, %b : tensor<3xi64>
      %m = hlo.multiply %a, %b : tensor<3xi64>
      %d = hlo.divide %a, %b : tensor<3xi64>
      %one = hlo.constant dense<1> : tensor<2xui64>
      %c = hlo.compare GT, %u, %one : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
      %x = hlo.reduce max %u, dims = [0] : (tensor<2xui64>) -> tensor<ui64>
      %f = hlo.convert %a : (tensor<3xi64>) -> tensor<3xf32>
      %i = hlo.iota dim = 0 : tensor<3xi64>
      return %s, %m, %d, %c, %x, %f, %i : tensor<3xi64>, tensor<3xi64>, tensor<3xi64>, tensor<2xi1>, tensor<ui64>, tensor<3xf32>, tensor<3xi64>
    })";
  const int64_t big = (int64_t{1} << 53) + 1; // no double holds it
  const int64_t tie = (int64_t{1} << 62) + (int64_t{1} << 38) + 1;
  auto slots = [](std::initializer_list<int64_t> xs) {
    Values out;
    for (int64_t x : xs)
      out.push_back(tpc::fromWord(x));
    return out;
  };
  auto out =
      run(source, {tensor(tpc::Element::I64, {3}, slots({big, INT64_MIN, tie})),
                   tensor(tpc::Element::I64, {3}, slots({2, -1, 0})),
                   tensor(tpc::Element::U64, {2}, slots({-1, 0}))});
  EXPECT_EQ(words(out.at(0)), (std::vector<int64_t>{big + 2, INT64_MAX, tie}));
  EXPECT_EQ(words(out.at(1)), (std::vector<int64_t>{2 * big, INT64_MIN, 0}));
  // MIN / -1 wraps to MIN; x / 0 is all ones.
  EXPECT_EQ(words(out.at(2)), (std::vector<int64_t>{big / 2, INT64_MIN, -1}));
  // ui64 all ones is the largest value, not -1.
  EXPECT_EQ(out.at(3), (Values{1, 0}));
  EXPECT_EQ(words(out.at(4)), (std::vector<int64_t>{-1}));
  // Rounded once to f32: 2^53 + 1 to 2^53, the tie case up.
  EXPECT_EQ(out.at(5), (Values{std::ldexp(1.0, 53), -std::ldexp(1.0, 63),
                               std::ldexp(1.0, 62) + std::ldexp(1.0, 39)}));
  EXPECT_EQ(words(out.at(6)), (std::vector<int64_t>{0, 1, 2}));
}

TEST_F(EvaluatorTest, ShiftsOutOfRangeAndBitwiseOps) {
  const char *source = R"(
    func.func @main(%a: tensor<5xi32>, %b: tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>) {
      %l = hlo.shift_left %a, %b : tensor<5xi32>
      %r = hlo.shift_right_logical %a, %b : tensor<5xi32>
      %s = hlo.shift_right_arithmetic %a, %b : tensor<5xi32>
      %x = hlo.xor %a, %b : tensor<5xi32>
      %n = hlo.not %x : tensor<5xi32>
      return %l, %r, %s, %n : tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<5xi32>
    })";
  // Amounts of 32 and -1 shift every bit out (StableHLO): 0, or the sign
  // for an arithmetic shift.
  auto out =
      run(source, {i32({5}, {-8, 5, 1, -1, -1}), i32({5}, {1, 2, 31, 32, -1})});
  EXPECT_EQ(out.at(0), (Values{-16, 20, -2147483648.0, 0, 0}));
  EXPECT_EQ(out.at(1), (Values{2147483644, 1, 0, 0, 0}));
  EXPECT_EQ(out.at(2), (Values{-4, 1, 0, -1, -1}));
  // ~(-8 ^ 1) = ~-7 = 6; ~(5 ^ 2) = -8; ~(1 ^ 31) = -31; ~(-1 ^ 32) = 32;
  // ~(-1 ^ -1) = -1.
  EXPECT_EQ(out.at(3), (Values{6, -8, -31, 32, -1}));
}

TEST_F(EvaluatorTest, RoundingAndReverse) {
  const char *source = R"(
    func.func @main(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
      %f = hlo.floor %a : tensor<2x3xf32>
      %c = hlo.ceil %a : tensor<2x3xf32>
      %r = hlo.round_nearest_even %a : tensor<2x3xf32>
      %v = hlo.reverse %a, dims = [0, 1] : tensor<2x3xf32>
      return %f, %c, %r, %v : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
    })";
  auto out = run(source, {f32({2, 3}, {-1.5, -0.5, 0.5, 1.5, 2.5, 2.25})});
  EXPECT_EQ(out.at(0), (Values{-2, -1, 0, 1, 2, 2}));
  EXPECT_EQ(out.at(1), (Values{-1, -0.0, 1, 2, 3, 3}));
  // Ties go to even.
  EXPECT_EQ(out.at(2), (Values{-2, -0.0, 0, 2, 2, 2}));
  EXPECT_EQ(out.at(3), (Values{2.25, 2.5, 1.5, 0.5, -0.5, -1.5}));
}

TEST_F(EvaluatorTest, DotAccumulatesInF32InContractionOrder) {
  const char *source = R"(
    func.func @main(%a: tensor<1x3xf32>, %b: tensor<3x1xf32>) -> tensor<1x1xf32> {
      %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x1xf32>) -> tensor<1x1xf32>
      return %d : tensor<1x1xf32>
    })";
  // 1e8 + 1 rounds to 1e8 in f32, so the 1 is lost before -1e8 cancels the
  // rest: 0, where exact arithmetic gives 1.
  auto out = run(source, {f32({1, 3}, {1, 1, 1}), f32({3, 1}, {1e8, 1, -1e8})});
  EXPECT_EQ(out.at(0), (Values{0}));
}

TEST_F(EvaluatorTest, ConvertRoundsToNearestEvenAndSaturates) {
  const char *source = R"(
    func.func @main(%x: tensor<4xf32>) -> (tensor<4xbf16>, tensor<4xi32>, tensor<4xi8>) {
      %b = hlo.convert %x : (tensor<4xf32>) -> tensor<4xbf16>
      %i = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
      %j = hlo.convert %i : (tensor<4xi32>) -> tensor<4xi8>
      return %b, %i, %j : tensor<4xbf16>, tensor<4xi32>, tensor<4xi8>
    })";
  // 1 + 2^-8 and 1 + 3 * 2^-8 are halfway between bf16 neighbours; 3e10 is
  // 223.5 units of 2^27 and rounds to 224 of them.
  auto out = run(source, {f32({4}, {1.00390625, 1.01171875, 3e10, 300.7})});
  EXPECT_EQ(out.at(0), (Values{1.0, 1.015625, 30064771072.0, 300.0}));
  EXPECT_EQ(out.at(1), (Values{1, 1, 2147483647, 300}));
  EXPECT_EQ(out.at(2), (Values{1, 1, -1, 44})); // Wraps modulo 256.
  auto nan = run(R"(
    func.func @main(%x: tensor<1xf32>) -> tensor<1xi32> {
      %i = hlo.convert %x : (tensor<1xf32>) -> tensor<1xi32>
      return %i : tensor<1xi32>
    })",
                 {f32({1}, {std::nan("")})});
  EXPECT_EQ(nan.at(0), (Values{0}));
}

TEST_F(EvaluatorTest, ReductionsAndNaNPropagation) {
  const char *source = R"(
    func.func @main(%x: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) {
      %s = hlo.reduce sum %x, dims = [0] : (tensor<2x3xf32>) -> tensor<3xf32>
      %m = hlo.reduce max %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
      %p = hlo.reduce product %x, dims = [1] : (tensor<2x3xf32>) -> tensor<2xf32>
      return %s, %m, %p : tensor<3xf32>, tensor<2xf32>, tensor<2xf32>
    })";
  auto out = run(source, {f32({2, 3}, {1, 2, 3, 4, std::nan(""), 6})});
  EXPECT_EQ(out.at(0)[0], 5);
  EXPECT_TRUE(std::isnan(out.at(0)[1]));
  EXPECT_EQ(out.at(1)[0], 3);
  EXPECT_TRUE(std::isnan(out.at(1)[1]));
  EXPECT_EQ(out.at(2)[0], 6);
}

TEST_F(EvaluatorTest, DataMovement) {
  const char *source = R"(
    func.func @main(%x: tensor<2x3xi32>) -> (tensor<3x2xi32>, tensor<2x2xi32>, tensor<2x2x3xi32>, tensor<4x3xi32>) {
      %t = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
      %s = hlo.slice %x [0:2, 0:3:2] : (tensor<2x3xi32>) -> tensor<2x2xi32>
      %r = hlo.slice %x [1:2, 0:3] : (tensor<2x3xi32>) -> tensor<1x3xi32>
      %b = hlo.broadcast_in_dim %r, dims = [1, 2] : (tensor<1x3xi32>) -> tensor<2x2x3xi32>
      %c = hlo.concatenate %x, %x, dim = 0 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<4x3xi32>
      return %t, %s, %b, %c : tensor<3x2xi32>, tensor<2x2xi32>, tensor<2x2x3xi32>, tensor<4x3xi32>
    })";
  auto out = run(source, {i32({2, 3}, {1, 2, 3, 4, 5, 6})});
  EXPECT_EQ(out.at(0), (Values{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(out.at(1), (Values{1, 3, 4, 6}));
  EXPECT_EQ(out.at(2), (Values{4, 5, 6, 4, 5, 6, 4, 5, 6, 4, 5, 6}));
  EXPECT_EQ(out.at(3), (Values{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6}));
}

TEST_F(EvaluatorTest, NegativeConstants) {
  auto out = run(R"(
    func.func @main() -> (tensor<2xi32>, tensor<2xi8>, tensor<2xi1>) {
      %a = hlo.constant dense<[-2147483648, 5]> : tensor<2xi32>
      %b = hlo.constant dense<-128> : tensor<2xi8>
      %c = hlo.constant dense<[true, false]> : tensor<2xi1>
      return %a, %b, %c : tensor<2xi32>, tensor<2xi8>, tensor<2xi1>
    })",
                 {});
  EXPECT_EQ(out.at(0), (Values{-2147483648.0, 5}));
  EXPECT_EQ(out.at(1), (Values{-128, -128}));
  EXPECT_EQ(out.at(2), (Values{1, 0}));
}

TEST_F(EvaluatorTest, MismatchedArgumentIsAnError) {
  module = parseSourceString<ModuleOp>(R"(
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      return %x : tensor<2xf32>
    })",
                                       &context);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  auto main = module->lookupSymbol<func::FuncOp>("main");
  EXPECT_TRUE(failed(evaluate(main, {f32({3}, {1, 2, 3})})));
  EXPECT_EQ(message, "'func.func' op argument #0 must be 'tensor<2xf32>', but "
                     "a 'tensor<3xf32>' was given");
}


// A manual computation on 4 devices: x (4x2) cut by rows over the device
// array 3,2,1,0 (device d holds row 3-d); each device adds its device id
// and the sum of its row over the devices 0+1 and 2+3 (an all-reduce);
// each device's row goes back to row d in device order.
TEST_F(EvaluatorTest, ManualComputationTilesByDeviceArray) {
  auto result = run(R"(
    func.func @main(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
      %r = hlo.manual_computation(%x) devices = 4
          in_shardings = [#hlo.sharding<"{devices=[4,1]3,2,1,0}">]
          out_shardings = [#hlo.sharding<"{devices=[4,1]<=[4]}">] {
      ^bb0(%t: tensor<1x2xf32>):
        %id = hlo.device_id : tensor<ui32>
        %f = hlo.convert %id : (tensor<ui32>) -> tensor<f32>
        %b = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<1x2xf32>
        %s = hlo.all_reduce sum %t {groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : tensor<1x2xf32>
        %y = hlo.add %s, %b : tensor<1x2xf32>
        hlo.yield %y : tensor<1x2xf32>
      } : (tensor<4x2xf32>) -> tensor<4x2xf32>
      return %r : tensor<4x2xf32>
    })",
                    {f32({4, 2}, {1, 2, 10, 20, 100, 200, 1000, 2000})});
  // Device 0 holds row 3 (1000, 2000), device 1 row 2 (100, 200): their
  // sum is 1100, 2200; devices 2 and 3 hold rows 1 and 0: 11, 22. Device d
  // writes row d of the result, plus d.
  ASSERT_EQ(result.size(), 1u);
  EXPECT_EQ(result[0],
            (Values{1100, 2200, 1101, 2201, 13, 24, 14, 25}));
}

TEST_F(EvaluatorTest, ManualComputationReplicatedTiles) {
  // Columns cut over 2 tiles, each held by 2 devices (last_tile_dim_
  // replicate over the array 0,2,1,3: devices 0 and 2 hold column 0).
  auto result = run(R"(
    func.func @main(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %r = hlo.manual_computation(%x) devices = 4
          in_shardings = [#hlo.sharding<"{devices=[1,2,2]0,2,1,3 last_tile_dim_replicate}">]
          out_shardings = [#hlo.sharding<"{devices=[1,2,2]0,2,1,3 last_tile_dim_replicate}">] {
      ^bb0(%t: tensor<2x1xf32>):
        %y = hlo.negate %t : tensor<2x1xf32>
        hlo.yield %y : tensor<2x1xf32>
      } : (tensor<2x2xf32>) -> tensor<2x2xf32>
      return %r : tensor<2x2xf32>
    })",
                    {f32({2, 2}, {1, 2, 3, 4})});
  ASSERT_EQ(result.size(), 1u);
  EXPECT_EQ(result[0], (Values{-1, -2, -3, -4}));
}

} // namespace
