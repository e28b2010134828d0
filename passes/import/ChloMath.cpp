//===- ChloMath.cpp - chlo math without an hlo op -------------------------===//
//
// Part of convert-stablehlo-to-hlo: chlo ops that XLA itself expands into
// elementwise arithmetic, expanded here the same way, so that a TPU
// computes them as XLA:TPU does.
//
// * erf_inv: Giles' single-precision approximation ("Approximating the
//   erfinv function", GPU Computing Gems, 2011), XLA's ErfInv32: with
//   w = -log1p(-x^2), a degree-8 polynomial in w - 2.5 (w < 5) or in
//   sqrt(w) - 3, times x; erf_inv(+-1) = +-inf. Giles' value is up to 60
//   ULP off near |x| = 1, so one Newton step follows, its residual
//   erf(y) - x computed as (1 - |x|) - erfc(|y|) from |x| = 0.5 up (1 - |x|
//   is exact there, where erf(y) - x would cancel): within 1 ULP of the
//   correctly rounded value. bf16 and f16 compute in f32 and round once.
// * digamma: XLA's Digamma, the derivative of Lanczos' log-gamma
//   (g = 7), log(t) as log(7.5) + log1p(z / 7.5); below 0.5 the reflection
//   digamma(1 - x) - pi cot(pi x), with x first shifted into [-0.5, 0.5];
//   NaN at the poles (zero and the negative integers). f32 for bf16/f16.
// * zeta(x, q), Hurwitz's: XLA's Zeta, ten terms of the sum, then the
//   Euler-Maclaurin tail at a = q + 10 with twelve Bernoulli terms (Horner
//   in 1/a^2); the plain sum alone where the tail is below its epsilon;
//   NaN for x < 1 and for q <= 0 with x not integral; at the poles (q a
//   non-positive integer) +inf for even x, else NaN.
// * polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x), digamma for n = 0,
//   NaN unless n is a non-negative integer (XLA's Polygamma).
// * bessel_i1e, exp(-|x|) I1(x): below |x| = 15 the power series
//   sum_k (x/2)^(2k+1) / (k! (k+1)!) (positive terms, 32 of them, each from
//   the last so that none overflows) times exp(-|x|); above it Hankel's
//   asymptotic expansion (1 - 3/(8x) - 15/(128x^2) - ...) / sqrt(2 pi x),
//   nine terms; odd in x. Computed in f32 for bf16 and f16. (XLA uses
//   Cephes' Chebyshev fits; both are within a few f32 ULP of the function.)
// * next_after: on the bits, as XLA's NextAfter: the integer one step
//   towards `y` in magnitude (the smallest subnormal signed like y from
//   zero), y itself when equal, NaN when either is NaN.
//
//===----------------------------------------------------------------------===//

#include "dialects/chlo/ChloOps.h"
#include "passes/PassUtils.h"
#include "passes/import/StablehloImport.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

/// Giles' coefficients, highest degree first, for w < 5 and w >= 5.
constexpr float kCentral[] = {
    2.81022636e-08f,  3.43273939e-07f, -3.5233877e-06f,
    -4.39150654e-06f, 0.00021858087f,  -0.00125372503f,
    -0.00417768164f,  0.246640727f,    1.50140941f};
/// Lanczos' approximation with g = 7 and 9 terms (Numerical Recipes), which
/// XLA's Digamma differentiates.
constexpr double kLanczosGamma = 7;
constexpr double kLanczosBase = 0.99999999999980993227684700473478;
constexpr double kLanczos[] = {
    676.520368121885098567009190444019, -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,   -176.61502916214059906584551354,
    12.507343278686904814458936853,     -0.13857109526572011689554706,
    9.984369578019570859563e-6,         1.50563273514931155834e-7};
/// B_2j / (2j)! for j = 1..12, the Euler-Maclaurin coefficients (XLA's
/// kZetaCoeffs are their reciprocals).
constexpr double kBernoulli[] = {
    1.0 / 12,
    -1.0 / 720,
    1.0 / 30240,
    -1.0 / 1209600,
    1.0 / 47900160,
    -1.0 / 1.8924375803183791606e9,
    1.0 / 7.47242496e10,
    -1.0 / 2.950130727918164224e12,
    1.0 / 1.1646782814350067249e14,
    -1.0 / 4.5979787224074726105e15,
    1.0 / 1.8152105401943546773e17,
    -1.0 / 7.1661652561756670113e18};
/// Terms of zeta's sum before the Euler-Maclaurin tail.
constexpr int kZetaTerms = 10;
constexpr float kTail[] = {-0.000200214257f, 0.000100950558f, 0.00134934322f,
                           -0.00367342844f,  0.00573950773f,  -0.0076224613f,
                           0.00943887047f,   1.00167406f,     2.83297682f};

} // namespace

Value Importer::f32Splat(Location loc, RankedTensorType type, double v) {
  return splat(loc, type, b.getF32FloatAttr(static_cast<float>(v)));
}

Value Importer::inF32(Location loc, ArrayRef<Value> inputs,
                      llvm::function_ref<Value(ArrayRef<Value>)> body) {
  Type element = getElementTypeOrSelf(inputs.front().getType());
  if (element.isF32())
    return body(inputs);
  SmallVector<Value> wide;
  for (Value input : inputs)
    wide.push_back(hlo::ConvertOp::create(b, loc, input, b.getF32Type()));
  return hlo::ConvertOp::create(b, loc, body(wide), element);
}

Value Importer::inF32(Operation *op, llvm::function_ref<Value(Value)> body) {
  return inF32(op->getLoc(), lookup(op->getOperand(0)),
               [&](ArrayRef<Value> x) { return body(x.front()); });
}

FailureOr<Value> Importer::erfInv(Operation *op) {
  return inF32(op, [&](Value x) { return erfInvF32(op->getLoc(), x); });
}

FailureOr<Value> Importer::besselI1e(Operation *op) {
  return inF32(op, [&](Value x) { return besselI1eF32(op->getLoc(), x); });
}

Value Importer::besselI1eF32(Location loc, Value x) {
  auto f32 = cast<RankedTensorType>(x.getType());
  auto constant = [&](double v) { return f32Splat(loc, f32, v); };
  constexpr double kSeriesLimit = 15;
  constexpr int kSeriesTerms = 32, kAsymptoticTerms = 9;
  Value ax = hlo::AbsOp::create(b, loc, x);
  // The series: t_0 = |x|/2, t_{k+1} = t_k (x/2)^2 / ((k+1)(k+2)).
  Value half = hlo::MulOp::create(b, loc, ax, constant(0.5));
  Value square = hlo::MulOp::create(b, loc, half, half);
  Value term = half, sum = half;
  for (int k = 0; k + 1 < kSeriesTerms; ++k) {
    term = hlo::MulOp::create(b, loc, term, square);
    term = hlo::DivOp::create(b, loc, term,
                              constant(static_cast<double>((k + 1) * (k + 2))));
    sum = hlo::AddOp::create(b, loc, sum, term);
  }
  Value small = hlo::MulOp::create(
      b, loc, sum, hlo::ExpOp::create(b, loc, hlo::NegOp::create(b, loc, ax)));
  // The expansion in r = 1/|x|, Horner from its last coefficient:
  // c_k = c_{k-1} (-(4 - (2k-1)^2) / (8k)), c_0 = 1.
  SmallVector<double> c = {1};
  for (int k = 1; k < kAsymptoticTerms; ++k)
    c.push_back(c.back() * -(4.0 - (2 * k - 1) * (2 * k - 1)) / (8.0 * k));
  Value r = hlo::DivOp::create(b, loc, constant(1), ax);
  Value poly = constant(c.back());
  for (int k = kAsymptoticTerms - 2; k >= 0; --k)
    poly = hlo::AddOp::create(b, loc, constant(c[k]),
                              hlo::MulOp::create(b, loc, poly, r));
  Value scale = hlo::SqrtOp::create(
      b, loc, hlo::MulOp::create(b, loc, ax, constant(2 * M_PI)));
  Value large = hlo::DivOp::create(b, loc, poly, scale);
  Value useSeries =
      compareOf(loc, hlo::ComparisonDirection::LE, ax, constant(kSeriesLimit));
  Value magnitude = hlo::SelectOp::create(b, loc, f32, useSeries, small, large);
  Value negative = compareOf(loc, hlo::ComparisonDirection::LT, x, constant(0));
  return hlo::SelectOp::create(
      b, loc, f32, negative, hlo::NegOp::create(b, loc, magnitude), magnitude);
}

FailureOr<Value> Importer::digamma(Operation *op) {
  return inF32(op, [&](Value x) { return digammaF32(op->getLoc(), x); });
}

Value Importer::erfInvF32(Location loc, Value x) {
  auto f32 = cast<RankedTensorType>(x.getType());
  auto constant = [&](double v) { return f32Splat(loc, f32, v); };
  Value negSquare =
      hlo::NegOp::create(b, loc, hlo::MulOp::create(b, loc, x, x));
  Value w = hlo::NegOp::create(b, loc, hlo::Log1pOp::create(b, loc, negSquare));
  Value central = compareOf(loc, hlo::ComparisonDirection::LT, w, constant(5));
  Value shifted = hlo::SubtractOp::create(b, loc, w, constant(2.5));
  Value root = hlo::SqrtOp::create(b, loc, w);
  Value tail = hlo::SubtractOp::create(b, loc, root, constant(3));
  Value t = hlo::SelectOp::create(b, loc, f32, central, shifted, tail);
  Value p;
  for (auto [c, d] : llvm::zip(kCentral, kTail)) {
    Value lo = constant(c), hi = constant(d);
    Value coefficient = hlo::SelectOp::create(b, loc, f32, central, lo, hi);
    p = p ? Value(hlo::AddOp::create(b, loc, coefficient,
                                     hlo::MulOp::create(b, loc, p, t)))
          : coefficient;
  }
  Value estimate = hlo::MulOp::create(b, loc, p, x);
  // One Newton step, y - (erf(y) - x) sqrt(pi)/2 exp(y^2), on magnitudes;
  // the residual takes x's sign, which keeps erf_inv(-0) = -0.
  Value one = constant(1);
  Value ax = hlo::AbsOp::create(b, loc, x);
  Value ay = hlo::AbsOp::create(b, loc, estimate);
  Value fromErf =
      hlo::SubtractOp::create(b, loc, hlo::ErfOp::create(b, loc, ay), ax);
  Value fromErfc = hlo::SubtractOp::create(
      b, loc, hlo::SubtractOp::create(b, loc, one, ax),
      hlo::ErfcOp::create(b, loc, ay));
  Value upper =
      compareOf(loc, hlo::ComparisonDirection::GE, ax, constant(0.5));
  Value residual =
      hlo::SelectOp::create(b, loc, f32, upper, fromErfc, fromErf);
  Value negative =
      compareOf(loc, hlo::ComparisonDirection::LT, x, constant(0));
  residual = hlo::SelectOp::create(
      b, loc, f32, negative, hlo::NegOp::create(b, loc, residual), residual);
  Value slope = hlo::MulOp::create(
      b, loc, constant(std::sqrt(M_PI) / 2),
      hlo::ExpOp::create(b, loc, hlo::MulOp::create(b, loc, ay, ay)));
  Value result = hlo::SubtractOp::create(
      b, loc, estimate, hlo::MulOp::create(b, loc, residual, slope));
  Value edge = compareOf(loc, hlo::ComparisonDirection::EQ, ax, one);
  Value inf = constant(std::numeric_limits<double>::infinity());
  Value signedInf = hlo::MulOp::create(b, loc, x, inf);
  return hlo::SelectOp::create(b, loc, f32, edge, signedInf, result);
}

Value Importer::digammaF32(Location loc, Value x) {
  auto f32 = cast<RankedTensorType>(x.getType());
  auto constant = [&](double v) { return f32Splat(loc, f32, v); };
  Value zero = constant(0), half = constant(0.5), one = constant(1);
  Value reflect = compareOf(loc, hlo::ComparisonDirection::LT, x, half);
  Value negX = hlo::NegOp::create(b, loc, x);
  Value xMinusOne = hlo::SubtractOp::create(b, loc, x, one);
  Value z = hlo::SelectOp::create(b, loc, f32, reflect, negX, xMinusOne);
  Value num = zero, denom = constant(kLanczosBase);
  for (auto [i, c] : llvm::enumerate(kLanczos)) {
    Value coefficient = constant(c);
    Value shift = constant(static_cast<double>(i) + 1);
    Value zi = hlo::AddOp::create(b, loc, z, shift);
    Value square = hlo::MulOp::create(b, loc, zi, zi);
    Value term = hlo::DivOp::create(b, loc, coefficient, square);
    num = hlo::SubtractOp::create(b, loc, num, term);
    Value ratio = hlo::DivOp::create(b, loc, coefficient, zi);
    denom = hlo::AddOp::create(b, loc, denom, ratio);
  }
  Value gammaHalf = constant(kLanczosGamma + 0.5);
  Value t = hlo::AddOp::create(b, loc, gammaHalf, z);
  Value scaled = hlo::DivOp::create(b, loc, z, gammaHalf);
  Value logT =
      hlo::AddOp::create(b, loc, constant(std::log(kLanczosGamma + 0.5)),
                         hlo::Log1pOp::create(b, loc, scaled));
  Value quotient = hlo::DivOp::create(b, loc, num, denom);
  Value correction = hlo::DivOp::create(b, loc, constant(kLanczosGamma), t);
  Value y = hlo::SubtractOp::create(
      b, loc, hlo::AddOp::create(b, loc, logT, quotient), correction);
  // cot(pi x) with x shifted into [-0.5, 0.5] first, where pi x is exact
  // enough.
  Value rounded =
      hlo::FloorOp::create(b, loc, hlo::AddOp::create(b, loc, x, half));
  Value reduced =
      hlo::AddOp::create(b, loc, x, hlo::AbsOp::create(b, loc, rounded));
  Value pi = constant(M_PI);
  Value angle = hlo::MulOp::create(b, loc, pi, reduced);
  Value cosine = hlo::CosineOp::create(b, loc, angle);
  Value sine = hlo::SineOp::create(b, loc, angle);
  Value cot =
      hlo::DivOp::create(b, loc, hlo::MulOp::create(b, loc, pi, cosine), sine);
  Value reflection = hlo::SubtractOp::create(b, loc, y, cot);
  Value result = hlo::SelectOp::create(b, loc, f32, reflect, reflection, y);
  Value nonPositive = compareOf(loc, hlo::ComparisonDirection::LE, x, zero);
  Value integral = compareOf(loc, hlo::ComparisonDirection::EQ, x,
                             hlo::FloorOp::create(b, loc, x));
  Value pole = hlo::AndOp::create(b, loc, nonPositive, integral);
  Value nan = constant(std::numeric_limits<double>::quiet_NaN());
  return hlo::SelectOp::create(b, loc, f32, pole, nan, result);
}

FailureOr<Value> Importer::zeta(Operation *op) {
  return inF32(op->getLoc(), {broadcastOperand(op, 0), broadcastOperand(op, 1)},
               [&](ArrayRef<Value> v) {
                 return zetaF32(op->getLoc(), v[0], v[1]);
               });
}

FailureOr<Value> Importer::polygamma(Operation *op) {
  return inF32(op->getLoc(), {broadcastOperand(op, 0), broadcastOperand(op, 1)},
               [&](ArrayRef<Value> v) {
                 return polygammaF32(op->getLoc(), v[0], v[1]);
               });
}

Value Importer::zetaF32(Location loc, Value x, Value q) {
  auto f32 = cast<RankedTensorType>(x.getType());
  auto constant = [&](double v) { return f32Splat(loc, f32, v); };
  auto add = [&](Value l, Value r) -> Value {
    return hlo::AddOp::create(b, loc, l, r);
  };
  auto mul = [&](Value l, Value r) -> Value {
    return hlo::MulOp::create(b, loc, l, r);
  };
  auto cmp = [&](hlo::ComparisonDirection d, Value l, Value r) {
    return compareOf(loc, d, l, r);
  };
  auto select = [&](Value c, Value t, Value f) -> Value {
    return hlo::SelectOp::create(b, loc, f32, c, t, f);
  };
  using D = hlo::ComparisonDirection;
  Value zero = constant(0), one = constant(1);
  Value negX = hlo::NegOp::create(b, loc, x);
  Value a = q, sum = hlo::PowOp::create(b, loc, q, negX);
  for (int k = 1; k < kZetaTerms; ++k) {
    a = add(a, one);
    sum = add(sum, hlo::PowOp::create(b, loc, a, negX));
  }
  a = add(a, one);
  Value power = hlo::PowOp::create(b, loc, a, negX); // a^-x
  // sum + a^(1-x)/(x-1) + a^-x (1/2 + x/a (c_1 + (x+1)(x+2)/a^2 (c_2 +
  // ...))), the nested products from the innermost term out.
  Value inverseSquare = hlo::DivOp::create(b, loc, one, mul(a, a));
  Value horner = zero;
  for (int j = std::size(kBernoulli); j >= 2; --j) {
    Value factor = mul(add(x, constant(2 * j - 3)), add(x, constant(2 * j - 2)));
    horner = mul(mul(factor, inverseSquare),
                 add(constant(kBernoulli[j - 1]), horner));
  }
  Value series = add(constant(kBernoulli[0]), horner);
  Value xOverA = hlo::DivOp::create(b, loc, x, a);
  Value tail = add(constant(0.5), mul(xOverA, series));
  Value integral = hlo::DivOp::create(
      b, loc, mul(power, a), hlo::SubtractOp::create(b, loc, x, one));
  Value full = add(add(sum, integral), mul(power, tail));
  Value epsilon = constant(std::numeric_limits<float>::epsilon());
  Value converged = cmp(D::LT, hlo::AbsOp::create(b, loc, power),
                        mul(hlo::AbsOp::create(b, loc, sum), epsilon));
  Value result = select(converged, sum, full);
  Value nan = constant(std::numeric_limits<double>::quiet_NaN());
  Value inf = constant(std::numeric_limits<double>::infinity());
  result = select(cmp(D::LT, x, one), nan, result);
  Value qNonPositive = cmp(D::LE, q, zero);
  Value xIntegral = cmp(D::EQ, x, hlo::FloorOp::create(b, loc, x));
  Value xFractional = hlo::NotOp::create(b, loc, xIntegral);
  result = select(hlo::AndOp::create(b, loc, qNonPositive, xFractional), nan,
                  result);
  Value pole = hlo::AndOp::create(
      b, loc, qNonPositive, cmp(D::EQ, q, hlo::FloorOp::create(b, loc, q)));
  Value xEven = hlo::AndOp::create(
      b, loc, xIntegral,
      cmp(D::EQ, hlo::RemOp::create(b, loc, x, constant(2)), zero));
  return select(pole, select(xEven, inf, nan), result);
}

Value Importer::polygammaF32(Location loc, Value n, Value x) {
  auto f32 = cast<RankedTensorType>(x.getType());
  auto constant = [&](double v) { return f32Splat(loc, f32, v); };
  using D = hlo::ComparisonDirection;
  Value zero = constant(0), one = constant(1);
  Value nPlusOne = hlo::AddOp::create(b, loc, n, one);
  Value factorial =
      hlo::ExpOp::create(b, loc, hlo::LgammaOp::create(b, loc, nPlusOne));
  Value nEven = compareOf(loc, D::EQ,
                          hlo::RemOp::create(b, loc, n, constant(2)), zero);
  Value sign = hlo::SelectOp::create(b, loc, f32, nEven, constant(-1), one);
  Value result = hlo::MulOp::create(
      b, loc, hlo::MulOp::create(b, loc, sign, factorial),
      zetaF32(loc, nPlusOne, x));
  result = hlo::SelectOp::create(b, loc, f32, compareOf(loc, D::EQ, n, zero),
                                 digammaF32(loc, x), result);
  Value integral =
      compareOf(loc, D::EQ, n, hlo::FloorOp::create(b, loc, n));
  Value valid = hlo::AndOp::create(b, loc, integral,
                                   compareOf(loc, D::GE, n, zero));
  return hlo::SelectOp::create(
      b, loc, f32, valid, result,
      constant(std::numeric_limits<double>::quiet_NaN()));
}

FailureOr<Value> Importer::nextAfter(Operation *op) {
  Location loc = op->getLoc();
  Value from = broadcastOperand(op, 0), to = broadcastOperand(op, 1);
  auto type = cast<RankedTensorType>(from.getType());
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  auto intType =
      RankedTensorType::get(type.getShape(), b.getIntegerType(width));
  auto integer = [&](const APInt &v) {
    return splat(loc, intType, b.getIntegerAttr(intType.getElementType(), v));
  };
  auto intOf = [&](int64_t v) {
    return integer(APInt(width, static_cast<uint64_t>(v), /*isSigned=*/true));
  };
  Value fromBits = hlo::BitcastConvertOp::create(b, loc, intType, from);
  Value toBits = hlo::BitcastConvertOp::create(b, loc, intType, to);
  Value signMask = integer(APInt::getSignMask(width));
  Value magnitudeMask = integer(APInt::getSignedMaxValue(width));
  Value fromAbs = hlo::AndOp::create(b, loc, fromBits, magnitudeMask);
  Value toAbs = hlo::AndOp::create(b, loc, toBits, magnitudeMask);
  Value fromSign = hlo::AndOp::create(b, loc, fromBits, signMask);
  Value toSign = hlo::AndOp::create(b, loc, toBits, signMask);
  Value zero = intOf(0);
  // One step down in magnitude when the signs differ or |from| > |to|.
  Value signsDiffer =
      compareOf(loc, hlo::ComparisonDirection::NE, fromSign, toSign);
  Value larger = compareOf(loc, hlo::ComparisonDirection::GT, fromAbs, toAbs);
  Value smaller = hlo::OrOp::create(b, loc, larger, signsDiffer);
  Value minusOne = intOf(-1), plusOne = intOf(1);
  Value step =
      hlo::SelectOp::create(b, loc, intType, smaller, minusOne, plusOne);
  Value result = hlo::AddOp::create(b, loc, fromBits, step);
  // From +-0: y itself when y is zero too, else the smallest subnormal
  // signed like y.
  Value fromZero = compareOf(loc, hlo::ComparisonDirection::EQ, fromAbs, zero);
  Value toZero = compareOf(loc, hlo::ComparisonDirection::EQ, toAbs, zero);
  Value tiny = hlo::OrOp::create(b, loc, toSign, plusOne);
  Value fromZeroResult =
      hlo::SelectOp::create(b, loc, intType, toZero, toBits, tiny);
  result =
      hlo::SelectOp::create(b, loc, intType, fromZero, fromZeroResult, result);
  Value equal = compareOf(loc, hlo::ComparisonDirection::EQ, fromBits, toBits);
  result = hlo::SelectOp::create(b, loc, intType, equal, toBits, result);
  Value fromNaN = compareOf(loc, hlo::ComparisonDirection::NE, from, from);
  Value toNaN = compareOf(loc, hlo::ComparisonDirection::NE, to, to);
  Value nanInput = hlo::OrOp::create(b, loc, fromNaN, toNaN);
  const llvm::fltSemantics &sem =
      cast<FloatType>(type.getElementType()).getFloatSemantics();
  Value nanBits = integer(APFloat::getQNaN(sem).bitcastToAPInt());
  result = hlo::SelectOp::create(b, loc, intType, nanInput, nanBits, result);
  return Value(hlo::BitcastConvertOp::create(b, loc, type, result));
}

/// chlo.mulhi: the high half of the exact product. Up to 32 bits, the
/// product in twice the width (sign- or zero-extended operands) shifted
/// down; 64-bit operands from four 32x32-bit partial products in ui64
/// (the schoolbook high word with its carries), then, for signed ones, the
/// two's-complement correction hi(a b) = hi_u(a, b) - (a < 0 ? b : 0) -
/// (b < 0 ? a : 0).
FailureOr<Value> Importer::mulhi(Operation *op) {
  Location loc = op->getLoc();
  Value a = lookup(op->getOperand(0)), c = lookup(op->getOperand(1));
  auto type = cast<RankedTensorType>(a.getType());
  auto element = cast<IntegerType>(type.getElementType());
  unsigned w = element.getWidth();
  bool isUnsigned = element.isUnsigned();
  auto constOf = [&](Value like, uint64_t v) {
    Type e = getElementTypeOrSelf(like.getType());
    return splat(loc, cast<RankedTensorType>(like.getType()),
                 b.getIntegerAttr(e, APInt(e.getIntOrFloatBitWidth(), v)));
  };
  if (w <= 32) {
    unsigned width = w <= 16 ? 32 : 64;
    Type wide = isUnsigned ? b.getIntegerType(width, /*isSigned=*/false)
                           : b.getIntegerType(width);
    Value x = hlo::ConvertOp::create(b, loc, a, wide);
    Value y = hlo::ConvertOp::create(b, loc, c, wide);
    Value p = hlo::MulOp::create(b, loc, x, y);
    Value shifted =
        isUnsigned
            ? Value(hlo::ShiftRightLogicalOp::create(b, loc, p, constOf(p, w)))
            : Value(hlo::ShiftRightArithmeticOp::create(b, loc, p,
                                                        constOf(p, w)));
    return Value(hlo::ConvertOp::create(b, loc, shifted, element));
  }
  if (w != 64)
    return unsupported(op) << "elements of type " << element;
  Type u64 = b.getIntegerType(64, false);
  auto asU64 = [&](Value v) -> Value {
    return isUnsigned ? v
                      : Value(hlo::BitcastConvertOp::create(
                            b, loc, type.clone(u64), v));
  };
  Value x = asU64(a), y = asU64(c);
  Value mask = constOf(x, 0xFFFFFFFF), k32 = constOf(x, 32);
  auto lo = [&](Value v) { return Value(hlo::AndOp::create(b, loc, v, mask)); };
  auto hi = [&](Value v) {
    return Value(hlo::ShiftRightLogicalOp::create(b, loc, v, k32));
  };
  auto mul = [&](Value p, Value q) {
    return Value(hlo::MulOp::create(b, loc, p, q));
  };
  auto add = [&](Value p, Value q) {
    return Value(hlo::AddOp::create(b, loc, p, q));
  };
  Value p00 = mul(lo(x), lo(y)), p01 = mul(lo(x), hi(y)),
        p10 = mul(hi(x), lo(y)), p11 = mul(hi(x), hi(y));
  Value mid = add(add(hi(p00), lo(p01)), lo(p10));
  Value high = add(add(add(p11, hi(p01)), hi(p10)), hi(mid));
  if (isUnsigned)
    return high;
  // Signed: subtract the other operand where an operand is negative.
  Value zero = constOf(a, 0);
  auto negativeTimes = [&](Value sign, Value other) {
    Value negative = compareOf(loc, hlo::ComparisonDirection::LT, sign, zero);
    return Value(hlo::SelectOp::create(b, loc, negative, other,
                                       constOf(x, 0)));
  };
  high = hlo::SubtractOp::create(b, loc, high, negativeTimes(a, y));
  high = hlo::SubtractOp::create(b, loc, high, negativeTimes(c, x));
  return Value(hlo::BitcastConvertOp::create(b, loc, type, high));
}

/// asin(x) = 2 atan2(x, 1 + sqrt((1 - x)(1 + x))) and acos(x) =
/// 2 atan2(sqrt((1 - x)(1 + x)), 1 + x), pi at -1, as XLA's CHLO
/// expansions write them: (1 - x)(1 + x) keeps the digits 1 - x^2 loses
/// near |x| = 1, and |x| > 1 takes the square root of a negative (NaN).
FailureOr<Value> Importer::inverseSine(Operation *op) {
  Location loc = op->getLoc();
  bool asin = isa<chlo::AsinOp>(op);
  return inF32(op, [&](Value x) -> Value {
    auto f32 = cast<RankedTensorType>(x.getType());
    auto constant = [&](double v) { return f32Splat(loc, f32, v); };
    Value one = constant(1);
    Value onePlus = hlo::AddOp::create(b, loc, one, x);
    Value root = hlo::SqrtOp::create(
        b, loc,
        hlo::MulOp::create(b, loc, hlo::SubtractOp::create(b, loc, one, x),
                           onePlus));
    Value half =
        asin ? Value(hlo::Atan2Op::create(
                   b, loc, x, hlo::AddOp::create(b, loc, one, root)))
             : Value(hlo::Atan2Op::create(b, loc, root, onePlus));
    Value twice = hlo::MulOp::create(b, loc, constant(2), half);
    if (asin)
      return twice;
    Value minusOne =
        compareOf(loc, hlo::ComparisonDirection::EQ, x, constant(-1));
    return hlo::SelectOp::create(b, loc, f32, minusOne, constant(M_PI),
                                 twice);
  });
}

FailureOr<Value> Importer::isInf(Operation *op) {
  Location loc = op->getLoc();
  Value x = lookup(op->getOperand(0));
  auto type = cast<RankedTensorType>(x.getType());
  auto infinity = [&](bool negative) {
    auto element = cast<FloatType>(type.getElementType());
    return splat(loc, type,
                 b.getFloatAttr(element, APFloat::getInf(
                                             element.getFloatSemantics(),
                                             negative)));
  };
  auto equals = [&](bool negative) {
    return compareOf(loc, hlo::ComparisonDirection::EQ, x, infinity(negative));
  };
  if (isa<chlo::IsPosInfOp>(op))
    return equals(false);
  if (isa<chlo::IsNegInfOp>(op))
    return equals(true);
  return Value(hlo::OrOp::create(b, loc, equals(false), equals(true)));
}
