//===- StablehloBatchNorm.cpp - batch_norm_inference/training/grad --------===//
//
// The three batch normalization ops share their constraints: a feature
// dimension of the operand, one float element type throughout, and rank-1
// per-feature tensors (scale, offset, mean, variance and the per-feature
// results) of that dimension's size.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloVerify.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;

namespace {

/// The constraints of a batch norm op: `featureIndex` names a dimension of
/// `operand` (c1), every value has its float element type (c2), each of
/// `perFeature` is rank 1 of that dimension's size, each of `full` has the
/// operand's shape.
LogicalResult
checkBatchNorm(Operation *op, Value operand, int64_t featureIndex,
               ArrayRef<std::pair<Value, StringRef>> perFeature,
               ArrayRef<std::pair<Value, StringRef>> full) {
  StringRef name = op->getName().stripDialect();
  RankedTensorType type = tensorType(operand);
  if (featureIndex < 0 || featureIndex >= type.getRank())
    return op->emitOpError("(")
           << name << "_c1) feature_index " << featureIndex
           << " is not a dimension of a rank-" << type.getRank()
           << " operand";
  Type element = type.getElementType();
  if (!isa<FloatType>(element))
    return op->emitOpError("operand must have float elements, not ")
           << element;
  auto checkElement = [&](Value v, StringRef what) -> LogicalResult {
    if (tensorType(v).getElementType() != element)
      return op->emitOpError("(")
             << name << "_c2) " << what << " must have the operand's element "
             << "type " << element << ", not "
             << tensorType(v).getElementType();
    return success();
  };
  int64_t features = type.getDimSize(featureIndex);
  for (auto [v, what] : perFeature) {
    if (failed(checkElement(v, what)))
      return failure();
    RankedTensorType t = tensorType(v);
    if (t.getRank() != 1 || !sizesAgree(t.getDimSize(0), features))
      return op->emitOpError()
             << what << " must be rank 1 of the feature dimension's size ("
             << features << "), not " << t;
  }
  for (auto [v, what] : full) {
    if (failed(checkElement(v, what)))
      return failure();
    if (failed(verifyCompatibleShape(tensorType(v).getShape(),
                                     type.getShape())))
      return op->emitOpError()
             << what << " must have the operand's shape, not "
             << tensorType(v);
  }
  return success();
}

} // namespace

LogicalResult BatchNormInferenceOp::verify() {
  return checkBatchNorm(*this, getOperand(), getFeatureIndex(),
                        {{getScale(), "scale"},
                         {getOffset(), "offset"},
                         {getMean(), "mean"},
                         {getVariance(), "variance"}},
                        {{getResult(), "result"}});
}

LogicalResult BatchNormTrainingOp::verify() {
  return checkBatchNorm(*this, getOperand(), getFeatureIndex(),
                        {{getScale(), "scale"},
                         {getOffset(), "offset"},
                         {getBatchMean(), "batch_mean"},
                         {getBatchVar(), "batch_var"}},
                        {{getOutput(), "output"}});
}

LogicalResult BatchNormGradOp::verify() {
  return checkBatchNorm(*this, getOperand(), getFeatureIndex(),
                        {{getScale(), "scale"},
                         {getMean(), "mean"},
                         {getVariance(), "variance"},
                         {getGradScale(), "grad_scale"},
                         {getGradOffset(), "grad_offset"}},
                        {{getGradOutput(), "grad_output"},
                         {getGradOperand(), "grad_operand"}});
}
