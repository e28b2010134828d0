//===- GroupedConvolution.cpp - hlo-decompose's grouped convolutions ------===//
//
// The MXU convolves every input feature into every output feature; a
// convolution with feature_group_count G > 1 convolves each group of
// C / G input features into its own Cout / G output features only. Two
// rewrites remove the groups (part of hlo-decompose):
//
// * Depthwise (one input feature per group, MobileNet's 3x3 layers): XLA
//   computes these on the vector unit, not the MXU (a 1-deep contraction
//   would use 1/128 of the array). Per kernel tap, in row-major tap order,
//   the padded input's strided window times that tap's weights (one per
//   output feature) is added to the result: K multiply-adds of the
//   result's size. A channel multiplier M > 1 repeats each input feature M
//   times first. At DEFAULT precision f32 operands are rounded to bf16
//   first, as the MXU would round them, so the precision keeps its meaning.
// * Otherwise (ResNeXt's groups of several features): G convolutions of
//   one group each, on slices of the input's features and the kernel's
//   output features, concatenated along the result's features.
//
// * An integer convolution other than int8 x int8 (which the MXU does not
//   multiply): per tap, the window contracted with the tap's kernel by a
//   dot_general, which becomes a multiply and a sum on the vector unit.
//
// Input dilation is made padding first (InputDilationToPad).
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "passes/PassUtils.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tpu;

namespace {

using Dims = SmallVector<int64_t>;

/// Taps are unrolled; a larger kernel keeps its convolution (which the
/// lowering then refuses with its reason).
constexpr int64_t kMaxTaps = 1024;

bool hasEncoding(Operation *op) {
  auto encoded = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.getEncoding();
  };
  return llvm::any_of(op->getOperandTypes(), encoded) ||
         llvm::any_of(op->getResultTypes(), encoded);
}

/// The kernel's spatial positions. Patterns check it before they build
/// anything: a pattern that fails must leave the IR as it found it.
int64_t tapCount(hlo::ConvolutionOp conv) {
  auto kernel = cast<RankedTensorType>(conv.getRhs().getType());
  int64_t taps = 1;
  for (int64_t d = 0; d < conv.getNumSpatialDims(); ++d)
    taps *= kernel.getDimSize(d);
  return taps;
}

bool grouped(hlo::ConvolutionOp conv) {
  return conv.getFeatureGroupCount() > 1 && !hasEncoding(conv) &&
         llvm::all_of(conv.getLhsDilationOrDefault(),
                      [](int64_t d) { return d == 1; });
}

/// `v` in `element`, rounded through bf16 first when `bf16Operands`.
Value operandAs(PatternRewriter &rewriter, Location loc, Value v,
                Type element, bool bf16Operands) {
  Type from = getElementTypeOrSelf(v.getType());
  if (bf16Operands && from.isF32())
    v = hlo::ConvertOp::create(rewriter, loc, v, rewriter.getBF16Type());
  if (getElementTypeOrSelf(v.getType()) != element)
    v = hlo::ConvertOp::create(rewriter, loc, v, element);
  return v;
}

/// A convolution taken apart tap by tap: its input padded, and for each
/// kernel tap (row-major) the input window that tap reads at every output
/// position, `[N, out spatial..., features]`, and the tap's kernel slice
/// `[in features per group, out features]`.
class Taps {
public:
  Taps(PatternRewriter &rewriter, hlo::ConvolutionOp conv, Value input,
       Value kernel)
      : rewriter(rewriter), conv(conv), kernel(kernel),
        resultType(cast<RankedTensorType>(conv.getType())),
        spatial(conv.getNumSpatialDims()), tap(spatial, 0) {
    this->input = pad(input);
    auto kernelType = cast<RankedTensorType>(kernel.getType());
    kernelShape.assign(kernelType.getShape().begin(),
                       kernelType.getShape().end());
    for (int64_t d = 0; d < spatial; ++d)
      count *= kernelShape[d];
  }
  /// The current tap's input window (all of the input's features).
  Value window() {
    Location loc = conv.getLoc();
    auto inType = cast<RankedTensorType>(input.getType());
    Dims start(spatial + 2, 0), limit(inType.getShape()), step(spatial + 2, 1);
    limit[0] = resultType.getDimSize(0);
    Dims strides = conv.getStridesOrDefault();
    Dims dilation = conv.getRhsDilationOrDefault();
    for (int64_t d = 0; d < spatial; ++d) {
      start[d + 1] = tap[d] * dilation[d];
      limit[d + 1] =
          start[d + 1] + (resultType.getDimSize(d + 1) - 1) * strides[d] + 1;
      step[d + 1] = strides[d];
    }
    return hlo::SliceOp::create(rewriter, loc, input,
                                rewriter.getDenseI64ArrayAttr(start),
                                rewriter.getDenseI64ArrayAttr(limit),
                                rewriter.getDenseI64ArrayAttr(step));
  }
  /// The current tap's kernel, `[in features per group, out features]`.
  Value weights() {
    Location loc = conv.getLoc();
    Dims start(tap), limit;
    start.append({0, 0});
    for (int64_t d = 0; d < spatial; ++d)
      limit.push_back(tap[d] + 1);
    limit.append({kernelShape[spatial], kernelShape[spatial + 1]});
    Value slice = hlo::SliceOp::create(
        rewriter, loc, kernel, rewriter.getDenseI64ArrayAttr(start),
        rewriter.getDenseI64ArrayAttr(limit),
        rewriter.getDenseI64ArrayAttr(Dims(spatial + 2, 1)));
    return hlo::ReshapeOp::create(
        rewriter, loc,
        RankedTensorType::get({kernelShape[spatial], kernelShape[spatial + 1]},
                              getElementTypeOrSelf(kernel.getType())),
        slice);
  }
  /// The sum over the taps, in row-major tap order, of `term(window,
  /// weights)`.
  Value sum(llvm::function_ref<Value(Value, Value)> term) {
    Value total;
    for (int64_t t = 0; t < count; ++t, next()) {
      // Named first, so the IR's order does not hang on the order in which
      // a compiler evaluates arguments.
      Value w = weights();
      Value product = term(window(), w);
      total = total ? Value(hlo::AddOp::create(rewriter, conv.getLoc(), total,
                                               product))
                    : product;
    }
    return total;
  }

private:
  void next() {
    for (int64_t d = spatial - 1; d >= 0; --d) {
      if (++tap[d] < kernelShape[d])
        return;
      tap[d] = 0;
    }
  }

  Value pad(Value v) {
    Dims padding = conv.getPaddingOrDefault();
    if (llvm::all_of(padding, [](int64_t p) { return p == 0; }))
      return v;
    Location loc = conv.getLoc();
    Dims low(spatial + 2, 0), high(spatial + 2, 0);
    for (int64_t d = 0; d < spatial; ++d) {
      low[d + 1] = padding[2 * d];
      high[d + 1] = padding[2 * d + 1];
    }
    Type element = getElementTypeOrSelf(v.getType());
    Value zero = splatConstant(rewriter, loc,
                               RankedTensorType::get({}, element),
                               cast<TypedAttr>(rewriter.getZeroAttr(element)));
    return hlo::PadOp::create(rewriter, loc, v, zero,
                              rewriter.getDenseI64ArrayAttr(low),
                              rewriter.getDenseI64ArrayAttr(high),
                              rewriter.getDenseI64ArrayAttr(Dims(spatial + 2, 0)));
  }

  PatternRewriter &rewriter;
  hlo::ConvolutionOp conv;
  Value input, kernel;
  RankedTensorType resultType;
  int64_t spatial, count = 1;
  Dims tap, kernelShape;
};

struct DepthwiseOnVectorUnit : OpRewritePattern<hlo::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::ConvolutionOp conv,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(conv.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(conv.getRhs().getType());
    auto resultType = cast<RankedTensorType>(conv.getType());
    int64_t spatial = conv.getNumSpatialDims();
    int64_t channels = lhsType.getDimSize(spatial + 1);
    if (!grouped(conv) ||
        static_cast<int64_t>(conv.getFeatureGroupCount()) != channels ||
        rhsType.getDimSize(spatial) != 1 || tapCount(conv) > kMaxTaps)
      return failure();
    Location loc = conv.getLoc();
    Type element = resultType.getElementType();
    int64_t outFeatures = resultType.getDimSize(spatial + 1);
    int64_t multiplier = outFeatures / channels;
    bool bf16Operands = isa<FloatType>(element) &&
                        (!conv.getPrecision() ||
                         *conv.getPrecision() == hlo::Precision::DEFAULT);
    Value input =
        operandAs(rewriter, loc, conv.getLhs(), element, bf16Operands);
    Value kernel =
        operandAs(rewriter, loc, conv.getRhs(), element, bf16Operands);
    // Output feature o reads input feature o / M: each input feature
    // repeated M times, adjacent.
    if (multiplier > 1) {
      Dims shape(lhsType.getShape());
      Dims wide(shape);
      wide.push_back(multiplier);
      Value spread = hlo::BroadcastInDimOp::create(
          rewriter, loc, RankedTensorType::get(wide, element), input,
          rewriter.getDenseI64ArrayAttr(
              llvm::to_vector(llvm::seq<int64_t>(0, spatial + 2))));
      shape.back() = outFeatures;
      input = hlo::ReshapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, element), spread);
    }
    Taps taps(rewriter, conv, input, kernel);
    // kernel[tap..., 0, :] scales output feature o's window.
    Value sum = taps.sum([&](Value window, Value weights) -> Value {
      weights = hlo::ReshapeOp::create(
          rewriter, loc, RankedTensorType::get({outFeatures}, element),
          weights);
      weights = hlo::BroadcastInDimOp::create(
          rewriter, loc, resultType, weights,
          rewriter.getDenseI64ArrayAttr({spatial + 1}));
      return hlo::MulOp::create(rewriter, loc, window, weights);
    });
    rewriter.replaceOp(conv, sum);
    return success();
  }
};

/// An integer convolution the MXU cannot take (it multiplies int8 x int8
/// only): per tap, the window's features contracted with the tap's kernel
/// by a dot_general, which hlo-decompose makes a multiply and a sum on the
/// vector unit whose integer arithmetic wraps as the convolution's does.
struct IntegerConvolutionAsTapDots : OpRewritePattern<hlo::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::ConvolutionOp conv,
                                PatternRewriter &rewriter) const override {
    Type lhsElement = getElementTypeOrSelf(conv.getLhs().getType());
    Type rhsElement = getElementTypeOrSelf(conv.getRhs().getType());
    auto resultType = cast<RankedTensorType>(conv.getType());
    if (hasEncoding(conv) || conv.getFeatureGroupCount() != 1 ||
        !isa<IntegerType>(lhsElement) ||
        (lhsElement.isInteger(8) && rhsElement.isInteger(8)) ||
        llvm::any_of(conv.getLhsDilationOrDefault(),
                     [](int64_t d) { return d != 1; }))
      return failure();
    if (tapCount(conv) > kMaxTaps)
      return failure();
    Location loc = conv.getLoc();
    Type element = resultType.getElementType();
    Value input = operandAs(rewriter, loc, conv.getLhs(), element, false);
    Value kernel = operandAs(rewriter, loc, conv.getRhs(), element, false);
    Taps taps(rewriter, conv, input, kernel);
    int64_t rank = resultType.getRank();
    Value sum = taps.sum([&](Value window, Value weights) -> Value {
      return hlo::DotGeneralOp::create(
          rewriter, loc, resultType, window, weights,
          rewriter.getDenseI64ArrayAttr({}), rewriter.getDenseI64ArrayAttr({}),
          rewriter.getDenseI64ArrayAttr({rank - 1}),
          rewriter.getDenseI64ArrayAttr({0}), hlo::PrecisionAttr());
    });
    rewriter.replaceOp(conv, sum);
    return success();
  }
};

struct GroupsAsConvolutions : OpRewritePattern<hlo::ConvolutionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::ConvolutionOp conv,
                                PatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(conv.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(conv.getRhs().getType());
    auto resultType = cast<RankedTensorType>(conv.getType());
    int64_t spatial = conv.getNumSpatialDims();
    int64_t groups = conv.getFeatureGroupCount();
    // Depthwise ones are DepthwiseOnVectorUnit's.
    if (!grouped(conv) || rhsType.getDimSize(spatial) == 1)
      return failure();
    Location loc = conv.getLoc();
    int64_t inPerGroup = lhsType.getDimSize(spatial + 1) / groups;
    int64_t outPerGroup = resultType.getDimSize(spatial + 1) / groups;
    auto sliceLast = [&](Value v, int64_t from, int64_t size) -> Value {
      auto type = cast<RankedTensorType>(v.getType());
      Dims start(type.getRank(), 0), limit(type.getShape());
      start.back() = from;
      limit.back() = from + size;
      return hlo::SliceOp::create(rewriter, loc, v,
                                  rewriter.getDenseI64ArrayAttr(start),
                                  rewriter.getDenseI64ArrayAttr(limit),
                                  rewriter.getDenseI64ArrayAttr(
                                      Dims(type.getRank(), 1)));
    };
    Dims pieceShape(resultType.getShape());
    pieceShape.back() = outPerGroup;
    auto pieceType = RankedTensorType::get(pieceShape,
                                           resultType.getElementType());
    SmallVector<Value> pieces;
    for (int64_t g = 0; g < groups; ++g) {
      Value lhs = sliceLast(conv.getLhs(), g * inPerGroup, inPerGroup);
      Value rhs = sliceLast(conv.getRhs(), g * outPerGroup, outPerGroup);
      auto piece = hlo::ConvolutionOp::create(
          rewriter, loc, pieceType, lhs, rhs, conv.getWindowStridesAttr(),
          conv.getPaddingAttr(), conv.getLhsDilationAttr(),
          conv.getRhsDilationAttr(), rewriter.getI64IntegerAttr(1),
          conv.getPrecisionAttr());
      pieces.push_back(piece);
    }
    rewriter.replaceOpWithNewOp<hlo::ConcatenateOp>(
        conv, resultType, pieces, rewriter.getI64IntegerAttr(spatial + 1));
    return success();
  }
};

} // namespace

void mlir::tpu::populateGroupedConvolutionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DepthwiseOnVectorUnit, GroupsAsConvolutions,
               IntegerConvolutionAsTapDots>(
      patterns.getContext());
}
