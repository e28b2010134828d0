//===- Decompose.cpp - hlo-decompose --------------------------------------===//
//
// Rewrites the ops the TPU backend takes only in one canonical form into that
// form, with the same results:
//
// * dot_general with several (or no) free dimensions on an operand, or
//   several contracting dimensions, becomes the MXU's form, batch dimensions
//   then one free and one contracting dimension per operand: each operand is
//   transposed to (batch, free, contracting) or (batch, contracting, free)
//   and reshaped to collapse each group into one dimension, and the product
//   is reshaped back. This is XLA's DotDecomposer.
// * a matrix-vector product (an operand without free dimensions), whose
//   [M,1] result as a matmul would pad 128-fold in HBM, becomes a multiply
//   and a sum on the vector unit in a fusion of its own (XLA's dot strength
//   reduction). So does every integer dot_general but int8 x int8: the MXU
//   multiplies bf16, f32 and int8, and the vector unit's integer multiply
//   and add wrap as the dot's arithmetic does.
// * an f16, f8, f6, f4 or sub-byte integer dot_general or convolution
//   computes on widened operands between converts: f16 in f32 at HIGHEST
//   precision, the small floats in bf16 (exact), i4 and i2 in int8 (the MXU
//   takes bf16, f32 and int8; see NarrowProductWidened).
// * pad with interior padding becomes edge pads: along a dimension of size n
//   with interior i, x is reshaped to [n, 1], padded to [n, 1 + i] and
//   reshaped to [n * (1 + i)], which is the interior-padded dimension with i
//   more padding elements at the end; the final edge pad takes them off its
//   high edge.
// * a convolution with input dilation (a transposed convolution) reads a
//   pad of its input with the dilation as interior padding and its padding
//   as edge padding, and then has neither.
// * a grouped convolution (feature_group_count > 1) becomes per-tap
//   multiply-adds on the vector unit when it is depthwise, else one
//   convolution per group (GroupedConvolution.cpp).
// * sort becomes a bitonic sorting network of elementwise steps
//   (SortNetwork.cpp).
//
// Runs on programs without layouts (before tpu-assign-layouts).
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLODECOMPOSE
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

using Dims = SmallVector<int64_t>;

bool hasLayouts(Operation *op) {
  auto withEncoding = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.getEncoding();
  };
  return llvm::any_of(op->getOperandTypes(), withEncoding) ||
         llvm::any_of(op->getResultTypes(), withEncoding);
}

/// `value` with its dimensions in the order `batch ++ first ++ second` (no
/// op when they already are).
Value regroup(PatternRewriter &rewriter, Location loc, Value value,
              ArrayRef<int64_t> batch, ArrayRef<int64_t> first,
              ArrayRef<int64_t> second) {
  Dims permutation(batch);
  permutation.append(first.begin(), first.end());
  permutation.append(second.begin(), second.end());
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return value;
  return hlo::TransposeOp::create(rewriter, loc, value,
                                  rewriter.getDenseI64ArrayAttr(permutation));
}

/// `value` regrouped to `batch ++ first ++ second` and reshaped to
/// [batch..., prod(first), prod(second)].
Value collapse(PatternRewriter &rewriter, Location loc, Value value,
               ArrayRef<int64_t> batch, ArrayRef<int64_t> first,
               ArrayRef<int64_t> second) {
  auto type = cast<RankedTensorType>(value.getType());
  value = regroup(rewriter, loc, value, batch, first, second);
  Dims shape;
  for (int64_t d : batch)
    shape.push_back(type.getDimSize(d));
  for (ArrayRef<int64_t> group : {first, second}) {
    int64_t size = 1;
    for (int64_t d : group)
      size *= type.getDimSize(d);
    shape.push_back(size);
  }
  return hlo::ReshapeOp::create(
      rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
      value);
}

/// Whether a dot is computed on the vector unit rather than the MXU: an
/// integer product other than int8 x int8 (the MXU's int8 path), or one side
/// without free dimensions (a matrix-vector product).
bool onVectorUnit(hlo::DotGeneralOp dot) {
  Type operand = getElementTypeOrSelf(dot.getLhs().getType());
  bool int8 = operand.isSignlessInteger(8) &&
              getElementTypeOrSelf(dot.getRhs().getType()) == operand;
  return (isa<IntegerType>(operand) && !int8) ||
         dot.getLhsFreeDimensions().empty() ||
         dot.getRhsFreeDimensions().empty();
}

struct DotToMatmul : OpRewritePattern<hlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::DotGeneralOp dot,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> lhsFree = dot.getLhsFreeDimensions();
    SmallVector<int64_t> rhsFree = dot.getRhsFreeDimensions();
    if (hasLayouts(dot) || onVectorUnit(dot) ||
        (dot.getLhsContractingDimensions().size() == 1 && lhsFree.size() == 1 &&
         rhsFree.size() == 1))
      return failure();
    Location loc = dot.getLoc();
    Value lhs =
        collapse(rewriter, loc, dot.getLhs(), dot.getLhsBatchingDimensions(),
                 lhsFree, dot.getLhsContractingDimensions());
    Value rhs =
        collapse(rewriter, loc, dot.getRhs(), dot.getRhsBatchingDimensions(),
                 dot.getRhsContractingDimensions(), rhsFree);
    auto resultType = cast<RankedTensorType>(dot.getType());
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    int64_t batch = dot.getLhsBatchingDimensions().size();
    Dims shape(lhsType.getShape().drop_back());
    shape.push_back(rhsType.getShape().back());
    Dims batchDims = llvm::to_vector(llvm::seq<int64_t>(0, batch));
    Value product = hlo::DotGeneralOp::create(
        rewriter, loc,
        RankedTensorType::get(shape, resultType.getElementType()), lhs, rhs,
        rewriter.getDenseI64ArrayAttr(batchDims),
        rewriter.getDenseI64ArrayAttr(batchDims),
        rewriter.getDenseI64ArrayAttr({batch + 1}),
        rewriter.getDenseI64ArrayAttr({batch}), dot.getPrecisionAttr());
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(dot, resultType, product);
    return success();
  }
};

/// A dot on the vector unit (onVectorUnit) is a multiply of the operands
/// broadcast to [batch, lhs free, rhs free, contracting] and a sum over the
/// contracting dimensions: XLA's dot strength reduction. As [M,K] x [K,1] a
/// matrix-vector product would write an [M,1] result, which a tiled layout
/// pads 128-fold in HBM. It is built as its own
/// reduction fusion, so that, like the dot it replaces, it reads its
/// operands from memory rather than absorbing their producers, and the
/// memory picture stays the dot's.
struct DotToMultiplyReduce : OpRewritePattern<hlo::DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::DotGeneralOp dot,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> lhsFree = dot.getLhsFreeDimensions();
    SmallVector<int64_t> rhsFree = dot.getRhsFreeDimensions();
    if (hasLayouts(dot) || !onVectorUnit(dot) ||
        dot->getParentOfType<hlo::FusionOp>())
      return failure();
    Location loc = dot.getLoc();
    auto resultType = cast<RankedTensorType>(dot.getType());
    // A float dot multiplies exactly and sums in f32 (the MXU's
    // accumulator) whatever its result type: bf16 products and partial sums
    // would round at every step. Integers wrap in the result's type.
    Type element = resultType.getElementType();
    if (isa<FloatType>(element))
      element = rewriter.getF32Type();
    ArrayRef<int64_t> lhsContracting = dot.getLhsContractingDimensions();
    int64_t batch = dot.getLhsBatchingDimensions().size();
    int64_t free = lhsFree.size() + rhsFree.size();
    int64_t nc = lhsContracting.size();
    auto lhsType = cast<RankedTensorType>(dot.getLhs().getType());
    Dims shape(resultType.getShape());
    for (int64_t d : lhsContracting)
      shape.push_back(lhsType.getDimSize(d));
    auto spaceType = RankedTensorType::get(shape, element);

    auto fusion = hlo::FusionOp::create(rewriter, loc, TypeRange{resultType},
                                        ValueRange{dot.getLhs(), dot.getRhs()},
                                        hlo::FusionKind::input);
    Block *body = rewriter.createBlock(&fusion.getBody());
    Value lhsParam = body->addArgument(dot.getLhs().getType(), loc);
    Value rhsParam = body->addArgument(dot.getRhs().getType(), loc);
    rewriter.setInsertionPointToEnd(body);
    // Each operand, as [batch, free, contracting], into the iteration space.
    auto spread = [&](Value operand, ArrayRef<int64_t> batchDims,
                      ArrayRef<int64_t> freeDims, ArrayRef<int64_t> contracting,
                      int64_t freeStart) -> Value {
      operand =
          regroup(rewriter, loc, operand, batchDims, freeDims, contracting);
      if (getElementTypeOrSelf(operand.getType()) != element)
        operand = hlo::ConvertOp::create(rewriter, loc, operand, element);
      Dims dims;
      for (int64_t i = 0; i < batch; ++i)
        dims.push_back(i);
      for (int64_t i = 0; i < static_cast<int64_t>(freeDims.size()); ++i)
        dims.push_back(freeStart + i);
      for (int64_t i = 0; i < nc; ++i)
        dims.push_back(batch + free + i);
      return hlo::BroadcastInDimOp::create(rewriter, loc, spaceType, operand,
                                           rewriter.getDenseI64ArrayAttr(dims));
    };
    Value lhs = spread(lhsParam, dot.getLhsBatchingDimensions(), lhsFree,
                       lhsContracting, batch);
    Value rhs = spread(rhsParam, dot.getRhsBatchingDimensions(), rhsFree,
                       dot.getRhsContractingDimensions(),
                       batch + static_cast<int64_t>(lhsFree.size()));
    Value product = hlo::MulOp::create(rewriter, loc, lhs, rhs);
    Dims reduced =
        llvm::to_vector(llvm::seq<int64_t>(batch + free, batch + free + nc));
    Value sum = hlo::ReduceOp::create(rewriter, loc, resultType.clone(element),
                                      hlo::ReduceKind::sum, product,
                                      rewriter.getDenseI64ArrayAttr(reduced));
    if (element != resultType.getElementType())
      sum = hlo::ConvertOp::create(rewriter, loc, sum,
                                   resultType.getElementType());
    hlo::YieldOp::create(rewriter, loc, ValueRange{sum});
    rewriter.replaceOp(dot, fusion.getResults());
    return success();
  }
};

/// The operand type the MXU multiplies `element` as, or null when it takes
/// it as it is: f16 in f32 (XLA's float normalization); the f8, f6 and f4
/// formats in bf16, which holds each of their values exactly (XLA:TPU's
/// MXU has no f8 path before the generations this compiler models); i4
/// and i2 (and unsigned) in i8, on the int8 path.
static Type mxuOperandType(Type element) {
  MLIRContext *context = element.getContext();
  if (element.isF16())
    return Float32Type::get(context);
  std::optional<tpc::Element> stored = tpu::toStoredElement(element);
  if (stored && tpc::smallFloat(*stored))
    return BFloat16Type::get(context);
  if (stored && tpc::isPacked(*stored))
    return IntegerType::get(context, 8);
  return nullptr;
}

/// A dot_general or convolution of f16, f8 or sub-byte integers computes
/// on widened operands between converts, into f32 (i32 for integers), and
/// rounds once to its result type. f16 runs at HIGHEST precision because
/// one bf16 pass keeps 8 significant bits of f16's 11; bf16 holds the
/// narrower formats exactly, so one pass suffices.
template <typename OpTy> struct NarrowProductWidened : OpRewritePattern<OpTy> {
  NarrowProductWidened(MLIRContext *context)
      : OpRewritePattern<OpTy>(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type lhsElement = getElementTypeOrSelf(op.getLhs().getType());
    Type rhsElement = getElementTypeOrSelf(op.getRhs().getType());
    Type lhsWide = mxuOperandType(lhsElement);
    Type rhsWide = mxuOperandType(rhsElement);
    if (hasLayouts(op) || (!lhsWide && !rhsWide))
      return failure();
    Location loc = op.getLoc();
    auto widen = [&](Value v, Type wide) {
      return wide ? hlo::ConvertOp::create(rewriter, loc, v, wide) : v;
    };
    Value lhs = widen(op.getLhs(), lhsWide);
    Value rhs = widen(op.getRhs(), rhsWide);
    bool integer = isa<IntegerType>(lhsElement);
    Type accumulator =
        integer ? Type(rewriter.getI32Type()) : Type(rewriter.getF32Type());
    auto resultType = cast<RankedTensorType>(op.getType());
    auto product = cast<OpTy>(rewriter.clone(*op));
    product->setOperands({lhs, rhs});
    product->getResult(0).setType(resultType.clone(accumulator));
    if (lhsElement.isF16() || rhsElement.isF16())
      product.setPrecisionAttr(
          hlo::PrecisionAttr::get(op.getContext(), hlo::Precision::HIGHEST));
    Value result = product.getResult();
    if (resultType.getElementType() != accumulator)
      result = hlo::ConvertOp::create(rewriter, loc, result,
                                      resultType.getElementType());
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct InteriorPadToEdgePads : OpRewritePattern<hlo::PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::PadOp pad,
                                PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> interior = pad.getInteriorPadding();
    if (hasLayouts(pad) ||
        llvm::all_of(interior, [](int64_t i) { return i == 0; }))
      return failure();
    Location loc = pad.getLoc();
    Value value = pad.getOperand();
    Type elementType = getElementTypeOrSelf(value.getType());
    Dims high(pad.getEdgePaddingHigh());
    for (auto [d, i] : llvm::enumerate(interior)) {
      Dims shape(cast<RankedTensorType>(value.getType()).getShape());
      int64_t n = shape[d];
      if (i == 0 || n == 0)
        continue;
      Dims expanded(shape);
      expanded.insert(expanded.begin() + d + 1, 1);
      value = hlo::ReshapeOp::create(
          rewriter, loc, RankedTensorType::get(expanded, elementType), value);
      Dims zeros(expanded.size(), 0), unitHigh(expanded.size(), 0);
      unitHigh[d + 1] = i;
      value = hlo::PadOp::create(rewriter, loc, value, pad.getPaddingValue(),
                                 rewriter.getDenseI64ArrayAttr(zeros),
                                 rewriter.getDenseI64ArrayAttr(unitHigh),
                                 rewriter.getDenseI64ArrayAttr(zeros));
      shape[d] = n * (1 + i);
      value = hlo::ReshapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, elementType), value);
      high[d] -= i;
    }
    Dims zeros(interior.size(), 0);
    rewriter.replaceOpWithNewOp<hlo::PadOp>(
        pad, pad.getType(), value, pad.getPaddingValue(),
        pad.getEdgePaddingLowAttr(), rewriter.getDenseI64ArrayAttr(high),
        rewriter.getDenseI64ArrayAttr(zeros));
    return success();
  }
};

/// A convolution with input dilation (a transposed convolution, JAX's
/// conv_transpose and the gradient of a strided convolution) reads its
/// input with dilation - 1 zeros between neighbours and then its padding:
/// exactly hlo.pad's interior and (possibly negative) edge padding, after
/// which the convolution has neither.
struct InputDilationToPad : OpRewritePattern<hlo::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::ConvolutionOp conv,
                                PatternRewriter &rewriter) const override {
    Dims dilation = conv.getLhsDilationOrDefault();
    if (hasLayouts(conv) ||
        llvm::all_of(dilation, [](int64_t d) { return d == 1; }))
      return failure();
    Dims padding = conv.getPaddingOrDefault();
    int64_t spatial = conv.getNumSpatialDims();
    // NHWC: the batch and feature dimensions are not padded.
    Dims low(spatial + 2, 0), high(spatial + 2, 0), interior(spatial + 2, 0);
    for (int64_t i = 0; i < spatial; ++i) {
      low[1 + i] = padding[2 * i];
      high[1 + i] = padding[2 * i + 1];
      interior[1 + i] = dilation[i] - 1;
    }
    Location loc = conv.getLoc();
    Type elementType = getElementTypeOrSelf(conv.getLhs().getType());
    auto scalarType = RankedTensorType::get({}, elementType);
    Value zero = hlo::ConstantOp::create(
        rewriter, loc, scalarType,
        DenseElementsAttr::get(scalarType, rewriter.getZeroAttr(elementType)));
    Value input = hlo::PadOp::create(rewriter, loc, conv.getLhs(), zero,
                                     rewriter.getDenseI64ArrayAttr(low),
                                     rewriter.getDenseI64ArrayAttr(high),
                                     rewriter.getDenseI64ArrayAttr(interior));
    rewriter.modifyOpInPlace(conv, [&] {
      conv.getLhsMutable().assign(input);
      conv.setPaddingAttr(rewriter.getDenseI64ArrayAttr(Dims(2 * spatial, 0)));
      conv.removeLhsDilationAttr();
    });
    return success();
  }
};

struct HLODecomposePass : tpu::impl::HLODecomposeBase<HLODecomposePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<DotToMatmul, DotToMultiplyReduce, InteriorPadToEdgePads,
                 InputDilationToPad, NarrowProductWidened<hlo::DotGeneralOp>,
                 NarrowProductWidened<hlo::ConvolutionOp>>(&getContext());
    populateSortNetworkPatterns(patterns);
    populateGroupedConvolutionPatterns(patterns);
    // A failure here is a pattern that changes the IR and then fails: a bug
    // to report, not to pass on silently.
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation().emitError("hlo-decompose: the rewrites did not converge");
      return signalPassFailure();
    }
  }
};

} // namespace
