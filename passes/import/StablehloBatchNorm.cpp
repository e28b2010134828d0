//===- StablehloBatchNorm.cpp - Import batch normalization ----------------===//
//
// Part of convert-stablehlo-to-hlo. The three batch_norm ops become
// elementwise ops, broadcasts and sums, as XLA's batchnorm expander writes
// them for the TPU (which has no batch norm unit):
// - inference: the per-feature `scale * rsqrt(variance + epsilon)` and
//   `offset - mean * that` first, then one multiply-add over the operand;
// - training: the mean, then the variance as the mean of the squared
//   centered operand (two passes: XLA's E[x^2] - E[x]^2 loses digits when
//   the mean is large against the spread), then inference with them;
// - grad: the specification's formulas, which are the expander's.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

/// What the three ops share: the operand's type, its feature dimension and
/// the builders over them.
struct BatchNormBuilder {
  OpBuilder &b;
  Location loc;
  RankedTensorType type;
  int64_t feature;

  RankedTensorType featureType() const {
    return RankedTensorType::get({type.getDimSize(feature)},
                                 type.getElementType());
  }
  /// A per-feature tensor broadcast along the feature dimension.
  Value spread(Value perFeature) const {
    return hlo::BroadcastInDimOp::create(b, loc, type, perFeature,
                                         b.getDenseI64ArrayAttr({feature}));
  }
  /// The sum over every dimension but the feature's.
  Value sumPerFeature(Value full) const {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != feature)
        dims.push_back(d);
    return hlo::ReduceOp::create(b, loc, featureType(), hlo::ReduceKind::sum,
                                 full, b.getDenseI64ArrayAttr(dims));
  }
  Value constant(RankedTensorType of, double v) const {
    return tpu::splatConstant(b, loc, of,
                              b.getFloatAttr(of.getElementType(), v));
  }
  /// The elements per feature, as the element type.
  double count() const {
    return static_cast<double>(type.getNumElements() /
                               std::max<int64_t>(type.getDimSize(feature), 1));
  }
  /// `variance + epsilon`, per feature.
  Value plusEpsilon(Value variance, APFloat epsilon) const {
    return hlo::AddOp::create(
        b, loc, variance,
        constant(featureType(), epsilon.convertToDouble()));
  }
  /// `operand * (scale * rsqrt(var + eps)) + (offset - mean * that)`.
  Value normalize(Value operand, Value scale, Value offset, Value mean,
                  Value variance, APFloat epsilon) const {
    Value inverse =
        hlo::RsqrtOp::create(b, loc, plusEpsilon(variance, epsilon));
    Value trueScale = hlo::MulOp::create(b, loc, scale, inverse);
    Value trueShift = hlo::SubtractOp::create(
        b, loc, offset, hlo::MulOp::create(b, loc, mean, trueScale));
    Value scaled = hlo::MulOp::create(b, loc, operand, spread(trueScale));
    return hlo::AddOp::create(b, loc, scaled, spread(trueShift));
  }
};

} // namespace

FailureOr<Value> Importer::batchNorm(Operation *op) {
  auto operandType = cast<RankedTensorType>(op->getOperand(0).getType());
  if (!isa<FloatType>(operandType.getElementType()))
    return unsupported(op) << "elements of type "
                           << operandType.getElementType();
  auto featureIndex = op->getAttrOfType<IntegerAttr>("feature_index");
  auto epsilonAttr = op->getAttrOfType<FloatAttr>("epsilon");
  BatchNormBuilder bn{b, op->getLoc(), operandType, featureIndex.getInt()};
  // The attribute is f32; the arithmetic is in the operand's type.
  APFloat epsilon = epsilonAttr.getValue();
  Location loc = op->getLoc();
  if (auto inference = dyn_cast<sh::BatchNormInferenceOp>(op))
    return bn.normalize(lookup(inference.getOperand()),
                        lookup(inference.getScale()),
                        lookup(inference.getOffset()),
                        lookup(inference.getMean()),
                        lookup(inference.getVariance()), epsilon);
  if (auto training = dyn_cast<sh::BatchNormTrainingOp>(op)) {
    Value x = lookup(training.getOperand());
    Value n = bn.constant(bn.featureType(), bn.count());
    Value mean = hlo::DivOp::create(b, loc, bn.sumPerFeature(x), n);
    Value centered = hlo::SubtractOp::create(b, loc, x, bn.spread(mean));
    Value squares = hlo::MulOp::create(b, loc, centered, centered);
    Value variance = hlo::DivOp::create(b, loc, bn.sumPerFeature(squares), n);
    mapping.map(training.getBatchMean(), mean);
    mapping.map(training.getBatchVar(), variance);
    return bn.normalize(x, lookup(training.getScale()),
                        lookup(training.getOffset()), mean, variance, epsilon);
  }
  auto grad = cast<sh::BatchNormGradOp>(op);
  Value x = lookup(grad.getOperand()), dy = lookup(grad.getGradOutput());
  Value scale = bn.spread(lookup(grad.getScale()));
  Value mean = bn.spread(lookup(grad.getMean()));
  Value varEps = bn.spread(bn.plusEpsilon(lookup(grad.getVariance()), epsilon));
  Value centered = hlo::SubtractOp::create(b, loc, x, mean);
  Value stddev = hlo::SqrtOp::create(b, loc, varEps);
  Value normalized = hlo::DivOp::create(b, loc, centered, stddev);
  Value count = bn.constant(operandType, bn.count());
  // The specification's temporaries, named as in XLA's expander.
  Value sumDy = bn.sumPerFeature(dy);
  Value i1 = hlo::MulOp::create(b, loc, dy, count);
  Value i2 = bn.spread(sumDy);
  Value i3 = bn.spread(
      bn.sumPerFeature(hlo::MulOp::create(b, loc, dy, centered)));
  Value i4 = hlo::MulOp::create(b, loc, i3, centered);
  Value i5 = hlo::DivOp::create(b, loc, i4, varEps);
  Value i6 = hlo::SubtractOp::create(
      b, loc, hlo::SubtractOp::create(b, loc, i1, i2), i5);
  Value factor = hlo::DivOp::create(
      b, loc, hlo::DivOp::create(b, loc, scale, stddev), count);
  mapping.map(grad.getGradScale(),
              bn.sumPerFeature(hlo::MulOp::create(b, loc, dy, normalized)));
  mapping.map(grad.getGradOffset(), sumDy);
  return Value(hlo::MulOp::create(b, loc, factor, i6));
}
