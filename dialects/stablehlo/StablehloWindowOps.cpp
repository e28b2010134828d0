//===- StablehloWindowOps.cpp - windowed ops ------------------------------===//
//
// Verifiers of the ops that slide a window over their input: convolution,
// reduce_window, select_and_scatter. Result shapes follow the spec's
// num_windows, computed overflow-checked (dialects/common/Shapes.h).
//
//===----------------------------------------------------------------------===//

#include "dialects/common/Shapes.h"
#include "dialects/stablehlo/StablehloVerify.h"

#include "llvm/ADT/STLExtras.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;
using namespace mlir::tpu;

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  if (failed(checkCounts(*this, n, getInitValues().size(), "init values")))
    return failure();
  RankedTensorType input = tensorType(getInputs()[0]);
  int64_t rank = input.getRank();
  if (failed(verifyWindow(*this, rank,
                          {{getWindowDimensions(), "window_dimensions"},
                           {getWindowStrides(), "window_strides"},
                           {getBaseDilations(), "base_dilations"},
                           {getWindowDilations(), "window_dilations"}},
                          getPaddingAttr())))
    return failure();
  SmallVector<Type> elements;
  for (size_t i = 0; i < n; ++i) {
    RankedTensorType in = tensorType(getInputs()[i]);
    RankedTensorType init = tensorType(getInitValues()[i]);
    if (in.getShape() != input.getShape())
      return emitOpError("(reduce_window_c2) inputs must have one shape");
    if (init.getRank() != 0)
      return emitOpError("init values must be scalars");
    if (in.getElementType() != init.getElementType())
      return emitOpError("(reduce_window_c3) input #")
             << i << " and its init value must have one element type";
    elements.push_back(init.getElementType());
  }
  if (failed(checkReducerBody(*this, getBody(), elements,
                              "reduce_window_c13")))
    return failure();
  // reduce_window_c14..c16: every result has the shape of the windows over
  // the dilated, padded input, and its init value's element type.
  SmallVector<int64_t> padding(2 * rank, 0);
  if (DenseIntElementsAttr pad = getPaddingAttr())
    for (auto [i, v] : llvm::enumerate(pad.getValues<APInt>()))
      padding[i] = v.getSExtValue();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    auto at = [&](std::optional<ArrayRef<int64_t>> values) {
      return values ? (*values)[d] : int64_t{1};
    };
    std::optional<int64_t> count = shapes::windowCount(
        input.getDimSize(d), at(getBaseDilations()), padding[2 * d],
        padding[2 * d + 1], getWindowDimensions()[d], at(getWindowDilations()),
        at(getWindowStrides()));
    if (!count)
      return emitOpError("the padded or dilated size of dimension ")
             << d << " overflows 64 bits";
    shape.push_back(*count);
  }
  for (size_t i = 0; i < n; ++i) {
    auto expected = RankedTensorType::get(shape, elements[i]);
    if (getResult(i).getType() != expected)
      return emitOpError("(reduce_window_c15, c16) result #")
             << i << " must be " << expected << ", but is "
             << getResult(i).getType();
  }
  return success();
}

/// The types a region's block takes and returns through stablehlo.return
/// are `args` and `results`.
static LogicalResult checkRegionType(Operation *op, Region &region,
                                     TypeRange args, TypeRange results,
                                     StringRef what, StringRef rule) {
  Block &block = region.front();
  auto ret = block.empty() ? nullptr : dyn_cast<ReturnOp>(block.back());
  if (block.getArgumentTypes() != args || !ret ||
      ret.getOperandTypes() != results) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    os << "(";
    llvm::interleaveComma(args, os);
    os << ") -> ";
    llvm::interleaveComma(results, os);
    return op->emitOpError("(")
           << rule << ") " << what << " must have type " << expected;
  }
  return success();
}

LogicalResult SelectAndScatterOp::verify() {
  RankedTensorType operand = tensorType(getOperand());
  RankedTensorType source = tensorType(getSource());
  int64_t rank = operand.getRank();
  if (failed(verifyWindow(*this, rank,
                          {{getWindowDimensions(), "window_dimensions"},
                           {getWindowStrides(), "window_strides"}},
                          getPaddingAttr())))
    return failure();
  Type element = operand.getElementType();
  if (source.getElementType() != element)
    return emitOpError("(select_and_scatter_c1) the source must have the "
                       "operand's element type ")
           << element;
  auto scalar = RankedTensorType::get({}, element);
  if (getInitValue().getType() != scalar)
    return emitOpError("(select_and_scatter_c3) init_value must be ")
           << scalar;
  if (getType() != operand)
    return emitOpError("(select_and_scatter_c11, c12) the result must have "
                       "the operand's type ")
           << operand;
  auto pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (failed(checkRegionType(*this, getSelect(), {scalar, scalar}, pred,
                             "select", "select_and_scatter_c9")) ||
      failed(checkRegionType(*this, getScatter(), {scalar, scalar}, scalar,
                             "scatter", "select_and_scatter_c10")))
    return failure();
  // select_and_scatter_c2: one source element per window.
  SmallVector<int64_t> padding(2 * rank, 0);
  if (DenseIntElementsAttr pad = getPaddingAttr())
    for (auto [i, v] : llvm::enumerate(pad.getValues<APInt>()))
      padding[i] = v.getSExtValue();
  SmallVector<int64_t> windows;
  for (int64_t d = 0; d < rank; ++d) {
    auto at = [&](std::optional<ArrayRef<int64_t>> values) {
      return values ? (*values)[d] : int64_t{1};
    };
    std::optional<int64_t> count = shapes::windowCount(
        operand.getDimSize(d), 1, padding[2 * d], padding[2 * d + 1],
        at(getWindowDimensions()), 1, at(getWindowStrides()));
    if (!count)
      return emitOpError("the padded size of dimension ")
             << d << " overflows 64 bits";
    windows.push_back(*count);
  }
  auto expected = RankedTensorType::get(windows, element);
  if (source != expected)
    return emitOpError("(select_and_scatter_c2) the source must be ")
           << expected << ", one element per window, but is " << source;
  return success();
}

/// `dims` are `what`'s dimensions of a rank-`rank` tensor, none twice
/// (convolution_c13, c18, c20).
static LogicalResult checkConvDims(Operation *op, ArrayRef<int64_t> dims,
                                   int64_t rank, StringRef what,
                                   StringRef rule) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError("(")
             << rule << ") " << what << " dimension numbers " << list(dims)
             << " must be in the range [0, " << rank << ")";
    if (!seen.insert(d).second)
      return op->emitOpError("(")
             << rule << ") " << what << " dimension numbers " << list(dims)
             << " must be unique";
  }
  return success();
}

/// convolution_c1..c3, c5..c9, c12, c13, c17..c20 (and dynamic_conv's): the
/// operands' ranks, the per-spatial-dimension attributes and the dimension
/// numbers. Padding is checked by the caller, which knows where it is.
template <typename ConvOp>
static LogicalResult verifyConvWindow(ConvOp op) {
  RankedTensorType lhs = tensorType(op.getLhs()), rhs = tensorType(op.getRhs());
  ConvDimensionNumbersAttr dims = op.getDimensionNumbers();
  int64_t rank = lhs.getRank();
  if (rank < 2 || rhs.getRank() != rank)
    return op.emitOpError("(convolution_c1) lhs and rhs must have one rank "
                          "of at least 2, but have ")
           << lhs.getRank() << " and " << rhs.getRank();
  int64_t spatial = rank - 2;
  auto checkSize = [&](std::optional<ArrayRef<int64_t>> values, StringRef what,
                       StringRef rule) -> LogicalResult {
    if (values && static_cast<int64_t>(values->size()) != spatial)
      return op.emitOpError("(")
             << rule << ") " << what << " must have one entry per spatial "
             << "dimension (" << spatial << "), but has " << values->size();
    if (values && llvm::any_of(*values, [](int64_t v) { return v <= 0; }))
      return op.emitOpError("(") << rule << ") " << what << " "
                                 << list(*values) << " must be positive";
    return success();
  };
  if (failed(checkSize(op.getWindowStrides(), "window_strides",
                       "convolution_c2, c3")) ||
      failed(checkSize(op.getLhsDilation(), "lhs_dilation",
                       "convolution_c5, c6")) ||
      failed(checkSize(op.getRhsDilation(), "rhs_dilation",
                       "convolution_c7, c8")))
    return failure();
  if (auto reversal = op.getWindowReversal();
      reversal && static_cast<int64_t>(reversal->size()) != spatial)
    return op.emitOpError("(convolution_c9) window_reversal must have one "
                          "entry per spatial dimension (")
           << spatial << "), but has " << reversal->size();
  ArrayRef<int64_t> inSpatial = dims.getInputSpatialDimensions();
  ArrayRef<int64_t> kernelSpatial = dims.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatial = dims.getOutputSpatialDimensions();
  if (static_cast<int64_t>(inSpatial.size()) != spatial ||
      static_cast<int64_t>(kernelSpatial.size()) != spatial ||
      static_cast<int64_t>(outSpatial.size()) != spatial)
    return op.emitOpError("(convolution_c12, c17, c19) input, kernel and "
                          "output must each name ")
           << spatial << " spatial dimensions, but name " << inSpatial.size()
           << ", " << kernelSpatial.size() << " and " << outSpatial.size();
  SmallVector<int64_t> in{dims.getInputBatchDimension()};
  llvm::append_range(in, inSpatial);
  in.push_back(dims.getInputFeatureDimension());
  SmallVector<int64_t> kernel(kernelSpatial);
  kernel.push_back(dims.getKernelInputFeatureDimension());
  kernel.push_back(dims.getKernelOutputFeatureDimension());
  SmallVector<int64_t> out{dims.getOutputBatchDimension()};
  llvm::append_range(out, outSpatial);
  out.push_back(dims.getOutputFeatureDimension());
  if (failed(checkConvDims(op, in, rank, "input", "convolution_c13")) ||
      failed(checkConvDims(op, kernel, rank, "kernel", "convolution_c18")) ||
      failed(checkConvDims(op, out, rank, "output", "convolution_c20")))
    return failure();
  return success();
}

/// convolution_c10, c11, c14..c16, c21..c27: the group counts divide the
/// features and batch they split; lhs and rhs have one element type; the
/// result has the batch, the kernel's output features and the number of
/// windows in each spatial dimension, the last only where `padding` (low,
/// high per spatial dimension) is known.
template <typename ConvOp>
static LogicalResult
verifyConvGroupsAndShape(ConvOp op, std::optional<ArrayRef<int64_t>> padding) {
  RankedTensorType lhs = tensorType(op.getLhs()), rhs = tensorType(op.getRhs());
  RankedTensorType result = op.getType();
  ConvDimensionNumbersAttr dims = op.getDimensionNumbers();
  int64_t features = op.getFeatureGroupCount(),
          batches = op.getBatchGroupCount();
  if (features <= 0 || batches <= 0)
    return op.emitOpError("(convolution_c21, c22) feature_group_count (")
           << features << ") and batch_group_count (" << batches
           << ") must be positive";
  if (features != 1 && batches != 1)
    return op.emitOpError("(convolution_c23) feature_group_count (")
           << features << ") or batch_group_count (" << batches
           << ") must be 1";
  int64_t batch = lhs.getDimSize(dims.getInputBatchDimension());
  int64_t inFeatures = lhs.getDimSize(dims.getInputFeatureDimension());
  int64_t kernelIn = rhs.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t kernelOut = rhs.getDimSize(dims.getKernelOutputFeatureDimension());
  if (batch % batches != 0)
    return op.emitOpError("(convolution_c10) the input batch dimension (")
           << batch << ") must be divisible by batch_group_count (" << batches
           << ")";
  if (inFeatures % features != 0)
    return op.emitOpError("(convolution_c11) the input feature dimension (")
           << inFeatures << ") must be divisible by feature_group_count ("
           << features << ")";
  if (kernelIn != inFeatures / features)
    return op.emitOpError("(convolution_c14) the kernel input feature "
                          "dimension (")
           << kernelIn << ") must be the input feature dimension ("
           << inFeatures << ") / feature_group_count (" << features << ")";
  if (kernelOut % batches != 0 || kernelOut % features != 0)
    return op.emitOpError("(convolution_c15, c16) the kernel output feature "
                          "dimension (")
           << kernelOut << ") must be divisible by batch_group_count ("
           << batches << ") and feature_group_count (" << features << ")";
  if (ArrayAttr precision = op.getPrecisionConfigAttr();
      precision && precision.size() != 2)
    return op.emitOpError("(convolution_c24) precision_config must have 2 "
                          "entries, but has ")
           << precision.size();
  // Quantized operands each carry their own scales (convolution_c28-c33).
  if (!isa<quant::QuantizedType>(lhs.getElementType()) &&
      !isa<quant::QuantizedType>(rhs.getElementType()) &&
      lhs.getElementType() != rhs.getElementType())
    return op.emitOpError("(convolution_c27) lhs and rhs must have one "
                          "element type, but have ")
           << lhs.getElementType() << " and " << rhs.getElementType();
  if (result.getRank() != lhs.getRank())
    return op.emitOpError("(convolution_c26) the result must have rank ")
           << lhs.getRank() << ", but has rank " << result.getRank();
  SmallVector<int64_t> shape(result.getShape());
  shape[dims.getOutputBatchDimension()] = batch / batches;
  shape[dims.getOutputFeatureDimension()] = kernelOut;
  auto at = [](std::optional<ArrayRef<int64_t>> values, size_t i) {
    return values ? (*values)[i] : int64_t{1};
  };
  for (auto [i, outDim] : llvm::enumerate(dims.getOutputSpatialDimensions())) {
    if (!padding)
      continue; // As the result type says: the padding is not known here.
    std::optional<int64_t> count = shapes::windowCount(
        lhs.getDimSize(dims.getInputSpatialDimensions()[i]),
        at(op.getLhsDilation(), i), (*padding)[2 * i], (*padding)[2 * i + 1],
        rhs.getDimSize(dims.getKernelSpatialDimensions()[i]),
        at(op.getRhsDilation(), i), at(op.getWindowStrides(), i));
    if (!count)
      return op.emitOpError("the padded or dilated size of spatial dimension ")
             << i << " overflows 64 bits";
    shape[outDim] = *count;
  }
  if (result.getShape() != ArrayRef<int64_t>(shape))
    return op.emitOpError("(convolution_c25) the result shape must be ")
           << list(shape) << ", but is " << list(result.getShape());
  return success();
}

LogicalResult ConvolutionOp::verify() {
  if (failed(verifyConvWindow(*this)))
    return failure();
  int64_t spatial = tensorType(getLhs()).getRank() - 2;
  SmallVector<int64_t> padding(2 * spatial, 0);
  if (DenseIntElementsAttr pad = getPaddingAttr()) {
    auto type = cast<ShapedType>(pad.getType());
    if (type.getRank() != 2 || type.getDimSize(0) != spatial ||
        type.getDimSize(1) != 2)
      return emitOpError("(convolution_c4) padding must be a ")
             << spatial << "x2 tensor of (low, high) pairs";
    for (auto [i, v] : llvm::enumerate(pad.getValues<APInt>()))
      padding[i] = v.getSExtValue();
  }
  return verifyConvGroupsAndShape(*this, ArrayRef<int64_t>(padding));
}

/// dynamic_conv: convolution's constraints with the padding an operand of
/// shape [spatial, 2] (dynamic_conv_c4); the result's spatial sizes are
/// checked when the padding is a constant.
LogicalResult DynamicConvOp::verify() {
  if (failed(verifyConvWindow(*this)))
    return failure();
  int64_t spatial = tensorType(getLhs()).getRank() - 2;
  RankedTensorType padType = tensorType(getPadding());
  if (padType.getRank() != 2 || padType.getDimSize(0) != spatial ||
      padType.getDimSize(1) != 2)
    return emitOpError("(dynamic_conv_c4) padding must be a ")
           << spatial << "x2 tensor of (low, high) pairs, but is " << padType;
  std::optional<SmallVector<int64_t>> padding = constantInts(getPadding());
  return verifyConvGroupsAndShape(
      *this, padding ? std::optional<ArrayRef<int64_t>>(*padding)
                     : std::nullopt);
}
