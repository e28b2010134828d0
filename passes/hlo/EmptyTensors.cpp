//===- EmptyTensors.cpp - Tensors with no elements ------------------------===//
//
// Part of hlo-simplify (passes/hlo/EmptyTensors.h).
//
//===----------------------------------------------------------------------===//

#include "passes/hlo/EmptyTensors.h"

#include "dialects/hlo/HLOOps.h"
#include "passes/PassUtils.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tpu;

namespace {

bool isEmpty(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && tensor.getNumElements() == 0;
}

/// An op whose result has no elements is an empty constant.
struct EmptyResult : RewritePattern {
  EmptyResult(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_present<hlo::HLODialect>(op->getDialect()) ||
        isa<hlo::ConstantOp, hlo::FusionOp, hlo::YieldOp>(op) ||
        op->getNumResults() != 1 || !isEmpty(op->getResult(0).getType()))
      return failure();
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(
        op, type, DenseElementsAttr::get(type, ArrayRef<Attribute>()));
    return success();
  }
};

/// An op with elements that reads an empty tensor: what it equals.
struct EmptyOperand : RewritePattern {
  EmptyOperand(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_present<hlo::HLODialect>(op->getDialect()) || op->getNumResults() != 1 ||
        isEmpty(op->getResult(0).getType()) ||
        !llvm::any_of(op->getOperandTypes(), isEmpty))
      return failure();
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    Location loc = op->getLoc();
    Value replacement =
        TypeSwitch<Operation *, Value>(op)
            .Case([&](hlo::ReduceOp r) {
              return splatConstant(
                  rewriter, loc, type,
                  hlo::getReduceIdentity(r.getKind(), type.getElementType()));
            })
            // No element is the best: the first index, as XLA's argmax
            // starts from.
            .Case<hlo::ArgMaxOp, hlo::ArgMinOp>([&](Operation *) {
              return splatConstant(rewriter, loc, type,
                                   rewriter.getZeroAttr(type.getElementType()));
            })
            .Case<hlo::DotGeneralOp, hlo::ConvolutionOp>([&](Operation *) {
              return splatConstant(rewriter, loc, type,
                                   rewriter.getZeroAttr(type.getElementType()));
            })
            .Case([&](hlo::PadOp p) -> Value {
              return hlo::BroadcastInDimOp::create(
                  rewriter, loc, type, p.getPaddingValue(),
                  rewriter.getDenseI64ArrayAttr({}));
            })
            .Case([&](hlo::ConcatenateOp c) -> Value {
              SmallVector<Value> inputs;
              for (Value input : c.getInputs())
                if (!isEmpty(input.getType()))
                  inputs.push_back(input);
              if (inputs.size() == 1)
                return inputs.front();
              return hlo::ConcatenateOp::create(rewriter, loc, type, inputs,
                                                c.getDimensionAttr());
            })
            .Default([](Operation *) { return Value(); });
    if (!replacement)
      return failure();
    rewriter.replaceOp(op, replacement);
    return success();
  }
};

} // namespace

void mlir::tpu::populateEmptyTensorPatterns(RewritePatternSet &patterns) {
  patterns.add<EmptyResult, EmptyOperand>(patterns.getContext());
}
