//===- HLOFoldTest.cpp - Arithmetic of the hlo folders --------------------===//
//
// The folders compute with APFloat and APInt; these tests check them against
// the host's own IEEE float arithmetic and C++ integer arithmetic over many
// operand pairs, edge values included (NaN, infinities, signed zeros,
// subnormals, integer extremes), and bf16 rounding against rounding by hand
// from f32 bits.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

using namespace mlir;

namespace {

float fromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
uint32_t bitsOf(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return bits;
}

/// f32 to bf16 by hand: round the low 16 bits to nearest even (NaN stays a
/// NaN).
float roundToBF16(float f) {
  if (std::isnan(f))
    return f;
  uint32_t bits = bitsOf(f);
  uint32_t lsb = (bits >> 16) & 1;
  bits += 0x7FFF + lsb;
  return fromBits(bits & 0xFFFF0000u);
}

/// Float values worth folding: edges, then random bit patterns.
std::vector<float> floatSamples(size_t count, bool bf16) {
  float inf = std::numeric_limits<float>::infinity();
  std::vector<float> values = {
      0.0f,     -0.0f,     1.0f, -1.0f, 0.5f,   3.0f,
      inf,      -inf,      NAN,  1e38f, -1e38f, 1e-40f /* subnormal */,
      65504.0f, 1.0078125f};
  std::mt19937 rng(7);
  while (values.size() < count)
    values.push_back(fromBits(static_cast<uint32_t>(rng())));
  if (bf16)
    for (float &v : values)
      v = roundToBF16(v);
  return values;
}

class HLOFoldTest : public ::testing::Test {
protected:
  HLOFoldTest() : builder(&context) {
    context.loadDialect<hlo::HLODialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  Value constant(DenseElementsAttr value) {
    return hlo::ConstantOp::create(builder, builder.getUnknownLoc(), value);
  }

  /// Folds the op named `name` on constant `operands`, or a null attribute
  /// when it does not fold to a constant.
  DenseElementsAttr fold(StringRef name, ArrayRef<DenseElementsAttr> operands,
                         Type resultElement = {},
                         ArrayRef<NamedAttribute> attrs = {}) {
    OperationState state(builder.getUnknownLoc(), name);
    for (DenseElementsAttr operand : operands)
      state.addOperands(constant(operand));
    auto type = cast<RankedTensorType>(operands.back().getType());
    state.addTypes(
        type.clone(resultElement ? resultElement : type.getElementType()));
    state.addAttributes(attrs);
    Operation *op = builder.create(state);
    SmallVector<OpFoldResult> results;
    if (failed(op->fold(results)) || results.size() != 1)
      return {};
    return dyn_cast_if_present<DenseElementsAttr>(
        dyn_cast<Attribute>(results.front()));
  }

  DenseElementsAttr floats(ArrayRef<float> values, Type element) {
    auto type =
        RankedTensorType::get({static_cast<int64_t>(values.size())}, element);
    SmallVector<APFloat> elements;
    for (float v : values) {
      APFloat f(v);
      bool lost;
      f.convert(cast<FloatType>(element).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &lost);
      elements.push_back(f);
    }
    return DenseElementsAttr::get(type, elements);
  }

  template <typename T> DenseElementsAttr ints(ArrayRef<T> values, Type type) {
    SmallVector<APInt> elements;
    for (T v : values)
      elements.push_back(APInt(type.getIntOrFloatBitWidth(),
                               static_cast<uint64_t>(v), /*isSigned=*/true));
    return DenseElementsAttr::get(
        RankedTensorType::get({static_cast<int64_t>(values.size())}, type),
        elements);
  }

  static std::vector<float> asFloats(DenseElementsAttr attr) {
    std::vector<float> out;
    for (APFloat f : attr.getValues<APFloat>()) {
      bool lost;
      f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      out.push_back(f.convertToFloat());
    }
    return out;
  }

  /// Bitwise equality, any NaN matching any NaN.
  static bool same(float a, float b) {
    return (std::isnan(a) && std::isnan(b)) || bitsOf(a) == bitsOf(b);
  }

  /// Checks the binary float op `name` on every pair of `samples` against
  /// `expected` computed by the host.
  void checkFloatBinary(StringRef name, Type element,
                        float (*expected)(float, float)) {
    bool bf16 = element.isBF16();
    std::vector<float> samples = floatSamples(64, bf16);
    std::vector<float> lhs, rhs;
    for (float a : samples)
      for (float b : samples) {
        lhs.push_back(a);
        rhs.push_back(b);
      }
    DenseElementsAttr result =
        fold(name, {floats(lhs, element), floats(rhs, element)});
    ASSERT_TRUE(result) << name.str();
    std::vector<float> got = asFloats(result);
    for (size_t i = 0; i < lhs.size(); ++i) {
      float want = expected(lhs[i], rhs[i]);
      if (bf16)
        want = roundToBF16(want);
      ASSERT_TRUE(same(got[i], want))
          << name.str() << "(" << lhs[i] << ", " << rhs[i] << ") = " << got[i]
          << ", expected " << want;
    }
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

float add(float a, float b) { return a + b; }
float sub(float a, float b) { return a - b; }
float mul(float a, float b) { return a * b; }
float div(float a, float b) { return a / b; }
float ieeeMax(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

// f32 folding equals the host's f32 arithmetic bit for bit; bf16 equals
// f32 arithmetic rounded to bf16 (exact: f32 has more than twice bf16's
// precision).
TEST_F(HLOFoldTest, FloatArithmeticMatchesTheHost) {
  for (Type element :
       {Type(builder.getF32Type()), Type(builder.getBF16Type())}) {
    checkFloatBinary("hlo.add", element, add);
    checkFloatBinary("hlo.subtract", element, sub);
    checkFloatBinary("hlo.multiply", element, mul);
    checkFloatBinary("hlo.divide", element, div);
    checkFloatBinary("hlo.maximum", element, ieeeMax);
  }
}

TEST_F(HLOFoldTest, SqrtIsCorrectlyRounded) {
  std::vector<float> samples = floatSamples(4096, /*bf16=*/false);
  DenseElementsAttr result =
      fold("hlo.sqrt", {floats(samples, builder.getF32Type())});
  ASSERT_TRUE(result);
  std::vector<float> got = asFloats(result);
  for (size_t i = 0; i < samples.size(); ++i)
    ASSERT_TRUE(same(got[i], std::sqrt(samples[i])))
        << "sqrt(" << samples[i] << ")";
}

TEST_F(HLOFoldTest, FloatToIntSaturatesAndNaNIsZero) {
  std::vector<float> samples = floatSamples(4096, /*bf16=*/false);
  DenseElementsAttr result =
      fold("hlo.convert", {floats(samples, builder.getF32Type())},
           builder.getIntegerType(8));
  ASSERT_TRUE(result);
  size_t i = 0;
  for (APInt got : result.getValues<APInt>()) {
    float x = samples[i++];
    int64_t want = std::isnan(x)  ? 0
                   : x >= 127.0f  ? 127
                   : x <= -128.0f ? -128
                                  : static_cast<int64_t>(std::trunc(x));
    ASSERT_EQ(got.getSExtValue(), want) << "convert(" << x << ")";
  }
}

TEST_F(HLOFoldTest, IntegerArithmeticWrapsLikeTwosComplement) {
  Type i8 = builder.getIntegerType(8);
  std::vector<int8_t> values;
  for (int v = -128; v < 128; v += 5)
    values.push_back(static_cast<int8_t>(v));
  values.push_back(127);
  values.push_back(-1);
  values.push_back(0);
  std::vector<int8_t> lhs, rhs;
  for (int8_t a : values)
    for (int8_t b : values) {
      lhs.push_back(a);
      rhs.push_back(b);
    }
  auto check = [&](StringRef name, int8_t (*expected)(int8_t, int8_t)) {
    DenseElementsAttr result =
        fold(name, {ints<int8_t>(lhs, i8), ints<int8_t>(rhs, i8)});
    ASSERT_TRUE(result) << name.str();
    size_t i = 0;
    for (APInt got : result.getValues<APInt>()) {
      ASSERT_EQ(got.getSExtValue(), expected(lhs[i], rhs[i]))
          << name.str() << "(" << int(lhs[i]) << ", " << int(rhs[i]) << ")";
      ++i;
    }
  };
  check("hlo.add",
        [](int8_t a, int8_t b) { return static_cast<int8_t>((a + b) & 0xFF); });
  check("hlo.multiply",
        [](int8_t a, int8_t b) { return static_cast<int8_t>((a * b) & 0xFF); });
  check("hlo.divide", [](int8_t a, int8_t b) -> int8_t {
    if (b == 0)
      return -1;
    return static_cast<int8_t>((a / b) & 0xFF); // -128 / -1 wraps to -128.
  });
  check("hlo.shift_left", [](int8_t a, int8_t b) -> int8_t {
    return b < 0 || b >= 8
               ? 0
               : static_cast<int8_t>(
                     (static_cast<unsigned>(static_cast<uint8_t>(a)) << b) &
                     0xFF);
  });
  check("hlo.shift_right_arithmetic", [](int8_t a, int8_t b) -> int8_t {
    return b < 0 || b >= 8 ? (a < 0 ? -1 : 0) : static_cast<int8_t>(a >> b);
  });
  check("hlo.shift_right_logical", [](int8_t a, int8_t b) -> int8_t {
    return b < 0 || b >= 8 ? 0
                           : static_cast<int8_t>(static_cast<uint8_t>(a) >> b);
  });
}

TEST_F(HLOFoldTest, TranscendentalsDoNotFold) {
  DenseElementsAttr x = floats({1.0f, 2.0f}, builder.getF32Type());
  for (StringRef name :
       {"hlo.exponential", "hlo.log", "hlo.tanh", "hlo.logistic", "hlo.rsqrt",
        "hlo.sine", "hlo.cosine", "hlo.erf"})
    EXPECT_FALSE(fold(name, {x})) << name.str();
}

TEST_F(HLOFoldTest, OnlySplatsFoldPastTheLimit) {
  Type i32 = builder.getI32Type();
  int64_t n = hlo::kFoldElementLimit + 1;
  auto type = RankedTensorType::get({n}, i32);
  auto splat = DenseElementsAttr::get(type, builder.getI32IntegerAttr(3));
  DenseElementsAttr sum = fold("hlo.add", {splat, splat});
  ASSERT_TRUE(sum);
  EXPECT_TRUE(sum.isSplat());
  EXPECT_EQ(sum.getSplatValue<APInt>().getSExtValue(), 6);
  std::vector<int32_t> ramp(n);
  for (int64_t i = 0; i < n; ++i)
    ramp[i] = static_cast<int32_t>(i);
  EXPECT_FALSE(fold("hlo.add", {ints<int32_t>(ramp, i32), splat}));
  ramp.pop_back();
  auto fits = RankedTensorType::get({n - 1}, i32);
  EXPECT_TRUE(fold(
      "hlo.add", {ints<int32_t>(ramp, i32),
                  DenseElementsAttr::get(fits, builder.getI32IntegerAttr(1))}));
}

} // namespace
