//===- TosaToHlo.cpp - Import TOSA into hlo -------------------------------===//
//
// convert-tosa-to-hlo: each TOSA op of a function becomes the hlo ops that
// compute the same values. See docs/passes.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/import/ResourceConstants.h"
#include "passes/import/TosaImport.h"

#include "dialects/hlo/HLOOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_CONVERTTOSATOHLO
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

/// Upstream ops with a plain tensor meaning that converters (IREE's and
/// torch-mlir's tests, TFLite's exporters) write around TOSA.
bool isConverterOp(Operation *op) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<TensorType>(constant.getType());
  return isa<tensor::EmptyOp, tensor::CastOp, tensor::ReshapeOp,
             tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op);
}

/// A value of the arith or tensor dialect that holds a tensor and is not
/// one the import converts: rejected at the import, naming the op.
bool isUnconvertedTensorOp(Operation *op) {
  if (!isa_and_present<arith::ArithDialect, tensor::TensorDialect>(op->getDialect()) ||
      isConverterOp(op))
    return false;
  // Scalars to and from rank-0 tensors: scf's conditions and induction
  // variables, which convert-scf-to-hlo takes.
  if (isa<tensor::ExtractOp, tensor::FromElementsOp>(op) &&
      llvm::all_of(llvm::concat<Value>(op->getOperands(), op->getResults()),
                   [](Value v) {
                     auto t = dyn_cast<RankedTensorType>(v.getType());
                     return !t || t.getRank() == 0;
                   }))
    return false;
  auto isTensor = [](Type t) { return isa<TensorType>(t); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

/// An index or integer tensor constant that only reshapes' shape operands
/// read.
bool isShapeConstant(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  auto type = constant ? dyn_cast<RankedTensorType>(constant.getType())
                       : RankedTensorType();
  return type && type.getElementType().isIntOrIndex() &&
         !constant->use_empty() &&
         llvm::all_of(constant->getUses(), [](OpOperand &use) {
           return isa<tensor::ReshapeOp>(use.getOwner()) &&
                  use.getOperandNumber() == 1;
         });
}

} // namespace

namespace mlir::tpu::tosa_import {

LogicalResult Importer::checkTypes(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  return checkTypes(op, types);
}

LogicalResult Importer::checkTypes(Operation *op, ArrayRef<Type> types) {
  for (Type type : types) {
    if (isa<tosa::shapeType>(type))
      continue;
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return unsupported(op)
             << "it needs tensors of static shape, not " << type;
    Type element = tensor.getElementType();
    // TOSA's i48 accumulators (int16 products) are computed in i64.
    if (element.isInteger(48) &&
        isa<tosa::Conv2DOp, tosa::DepthwiseConv2DOp, tosa::MatMulOp,
            tosa::RescaleOp, tosa::ConstOp, tosa::CastOp>(op))
      continue;
    if (!hlo::isSupportedElementType(element))
      return unsupported(op)
             << "element type " << element << " (the TPU compiler supports "
             << tpu::kSupportedElementTypes << ")";
  }
  return success();
}

LogicalResult Importer::checkZeroPoint(Operation *op, Value zp,
                                       StringRef what) {
  DenseElementsAttr value;
  if (!matchPattern(zp, m_Constant(&value)))
    return unsupported(op) << "its " << what << " zero point is not a "
                           << "constant";
  bool zero = llvm::all_of(value.getValues<Attribute>(), [](Attribute a) {
    if (auto f = dyn_cast<FloatAttr>(a))
      return f.getValue().isZero();
    return cast<IntegerAttr>(a).getValue().isZero();
  });
  if (zero)
    return success();
  if (isa<FloatType>(value.getElementType()))
    return op->emitError() << op->getName() << " has a non-zero " << what
                           << " zero point for a float type, which TOSA does "
                              "not allow";
  return unsupported(op) << "its " << what
                         << " zero point is not zero (quantized arithmetic)";
}

FailureOr<SmallVector<int64_t>>
Importer::shapeValues(Operation *op, Value shape, StringRef what) {
  auto constant = shape.getDefiningOp<tosa::ConstShapeOp>();
  if (!constant)
    return unsupported(op) << "its " << what << " is not a tosa.const_shape";
  return llvm::to_vector(constant.getValues().getValues<int64_t>());
}

Value Importer::broadcastTo(Location loc, Value v, ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getShape() == shape)
    return v;
  auto to = RankedTensorType::get(shape, type.getElementType());
  return hlo::BroadcastInDimOp::create(
      b, loc, to, v,
      b.getDenseI64ArrayAttr(
          llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()))));
}

Value Importer::splat(Location loc, RankedTensorType type, Attribute scalar) {
  return tpu::splatConstant(b, loc, type, cast<TypedAttr>(scalar));
}

Value Importer::weightTap(Location loc, Value weight, int64_t i, int64_t j,
                          ArrayRef<int64_t> tapDims, ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(weight.getType());
  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
      unit(type.getShape());
  for (auto [dim, at] : llvm::zip(tapDims, std::array<int64_t, 2>{i, j})) {
    start[dim] = at;
    limit[dim] = at + 1;
    unit[dim] = 1;
  }
  Value slice = hlo::SliceOp::create(
      b, loc, type.clone(unit), weight, b.getDenseI64ArrayAttr(start),
      b.getDenseI64ArrayAttr(limit),
      b.getDenseI64ArrayAttr(SmallVector<int64_t>(type.getRank(), 1)));
  return hlo::ReshapeOp::create(b, loc, type.clone(shape), slice);
}

template <typename HloOp>
Value Importer::binary(Operation *op, Value lhs, Value rhs) {
  ArrayRef<int64_t> shape = resultType(op).getShape();
  return HloOp::create(b, op->getLoc(),
                       broadcastTo(op->getLoc(), lookup(lhs), shape),
                       broadcastTo(op->getLoc(), lookup(rhs), shape));
}

Value Importer::compare(Operation *op, hlo::ComparisonDirection direction) {
  ArrayRef<int64_t> shape = resultType(op).getShape();
  return hlo::CompareOp::create(
      b, op->getLoc(), resultType(op),
      hlo::ComparisonDirectionAttr::get(b.getContext(), direction),
      broadcastTo(op->getLoc(), lookup(op->getOperand(0)), shape),
      broadcastTo(op->getLoc(), lookup(op->getOperand(1)), shape));
}

/// TOSA keeps the reduced dimension as 1: reduce, then reshape.
FailureOr<Value> Importer::reduce(Operation *op, hlo::ReduceKind kind,
                                  Value input, int64_t axis) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> kept(type.getShape());
  kept.erase(kept.begin() + axis);
  Value reduced = hlo::ReduceOp::create(
      b, op->getLoc(), RankedTensorType::get(kept, type.getElementType()),
      hlo::ReduceKindAttr::get(b.getContext(), kind), lookup(input),
      b.getDenseI64ArrayAttr({axis}));
  return Value(
      hlo::ReshapeOp::create(b, op->getLoc(), resultType(op), reduced));
}

/// TOSA casts a float to an integer by rounding to nearest, hlo.convert
/// truncates; to i1 it tests for non-zero, which a comparison does.
FailureOr<Value> Importer::convertCast(tosa::CastOp op) {
  Value input = lookup(op.getInput());
  Type from = getElementTypeOrSelf(input.getType());
  Type to = importedType(op).getElementType();
  if (to.isInteger(1)) {
    auto inputType = cast<RankedTensorType>(input.getType());
    Value zero = splat(op.getLoc(), inputType, b.getZeroAttr(from));
    return Value(hlo::CompareOp::create(
        b, op.getLoc(), resultType(op),
        hlo::ComparisonDirectionAttr::get(b.getContext(),
                                          hlo::ComparisonDirection::NE),
        input, zero));
  }
  // TOSA rounds a float to the nearest integer (ties to even) where
  // hlo.convert truncates; both saturate.
  if (isa<FloatType>(from) && isa<IntegerType>(to))
    input = hlo::RoundNearestEvenOp::create(b, op.getLoc(), input);
  return Value(hlo::ConvertOp::create(b, op.getLoc(), input, to));
}

/// NHWC input, OHWI weights (transposed to HWIO), pads [top, bottom, left,
/// right], then the bias broadcast along the features.
FailureOr<Value> Importer::conv2d(tosa::Conv2DOp op) {
  if (failed(checkZeroPoint(op, op.getInputZp(), "input")) ||
      failed(checkZeroPoint(op, op.getWeightZp(), "weight")))
    return failure();
  Location loc = op.getLoc();
  Value weight = lookup(op.getWeight());
  auto weightType = cast<RankedTensorType>(weight.getType());
  SmallVector<int64_t> perm = {1, 2, 3, 0};
  SmallVector<int64_t> hwio;
  for (int64_t p : perm)
    hwio.push_back(weightType.getDimSize(p));
  Value kernel = hlo::TransposeOp::create(
      b, loc, RankedTensorType::get(hwio, weightType.getElementType()), weight,
      b.getDenseI64ArrayAttr(perm));
  RankedTensorType type = resultType(op);
  auto conv = hlo::ConvolutionOp::create(
      b, loc, type, lookup(op.getInput()), kernel,
      b.getDenseI64ArrayAttr(op.getStride()),
      b.getDenseI64ArrayAttr(op.getPad()), DenseI64ArrayAttr(),
      b.getDenseI64ArrayAttr(op.getDilation()), b.getI64IntegerAttr(1),
      hlo::PrecisionAttr());
  return addBias(op, conv, op.getBias());
}

Value Importer::padSpatial(Location loc, Value input, ArrayRef<int64_t> pad,
                           Attribute padValue) {
  if (llvm::all_of(pad, [](int64_t p) { return p == 0; }))
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> low = {0, pad[0], pad[2], 0};
  SmallVector<int64_t> high = {0, pad[1], pad[3], 0};
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t d = 0; d < 4; ++d)
    shape[d] += low[d] + high[d];
  Value value =
      splat(loc, RankedTensorType::get({}, type.getElementType()), padValue);
  return hlo::PadOp::create(
      b, loc, type.clone(shape), input, value, b.getDenseI64ArrayAttr(low),
      b.getDenseI64ArrayAttr(high), b.getDenseI64ArrayAttr({0, 0, 0, 0}));
}

Value Importer::tapSlice(Location loc, Value padded, int64_t i, int64_t j,
                         ArrayRef<int64_t> stride, RankedTensorType out) {
  auto type = cast<RankedTensorType>(padded.getType());
  SmallVector<int64_t> start = {0, i, j, 0};
  SmallVector<int64_t> limit = {
      type.getDimSize(0), i + (out.getDimSize(1) - 1) * stride[0] + 1,
      j + (out.getDimSize(2) - 1) * stride[1] + 1, type.getDimSize(3)};
  SmallVector<int64_t> shape = {type.getDimSize(0), out.getDimSize(1),
                                out.getDimSize(2), type.getDimSize(3)};
  return hlo::SliceOp::create(
      b, loc, type.clone(shape), padded, b.getDenseI64ArrayAttr(start),
      b.getDenseI64ArrayAttr(limit),
      b.getDenseI64ArrayAttr({1, stride[0], stride[1], 1}));
}

/// The maximum over the window's taps, each a strided slice of the input
/// padded with the lowest value: a fused loop on the vector unit, as XLA
/// runs reduce_window on a TPU.
FailureOr<Value> Importer::maxPool2d(tosa::MaxPool2dOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Type element = type.getElementType();
  Value padded =
      padSpatial(loc, lookup(op.getInput()), op.getPad(), lowestAttr(element));
  return foldTaps<hlo::MaxOp>(loc, padded, op.getKernel(), op.getStride(),
                              type);
}

SmallVector<int64_t> Importer::tapsInside(RankedTensorType input,
                                          RankedTensorType out,
                                          ArrayRef<int64_t> kernel,
                                          ArrayRef<int64_t> stride,
                                          ArrayRef<int64_t> pad) {
  // Taps inside the input along one spatial dimension, per output index.
  auto along = [&](int64_t o, int64_t dim, int64_t k, int64_t s, int64_t low) {
    int64_t first = o * s - low, size = input.getDimSize(dim);
    return std::min(first + k, size) - std::max<int64_t>(first, 0);
  };
  SmallVector<int64_t> counts;
  for (int64_t y = 0; y < out.getDimSize(1); ++y)
    for (int64_t x = 0; x < out.getDimSize(2); ++x)
      counts.push_back(along(y, 1, kernel[0], stride[0], pad[0]) *
                       along(x, 2, kernel[1], stride[1], pad[2]));
  return counts;
}

/// The sum over the window's taps of the zero-padded input, divided by the
/// number of taps inside the unpadded input (TOSA leaves padding out of
/// the count).
FailureOr<Value> Importer::avgPool2d(tosa::AvgPool2dOp op) {
  if (failed(checkZeroPoint(op, op.getInputZp(), "input")) ||
      failed(checkZeroPoint(op, op.getOutputZp(), "output")))
    return failure();
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Type element = type.getElementType();
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  ArrayRef<int64_t> kernel = op.getKernel(), stride = op.getStride(),
                    pad = op.getPad();
  Value padded =
      padSpatial(loc, lookup(op.getInput()), pad, b.getZeroAttr(element));
  Value sum = foldTaps<hlo::AddOp>(loc, padded, kernel, stride, type);
  int64_t oh = type.getDimSize(1), ow = type.getDimSize(2);
  SmallVector<APFloat> counts;
  const llvm::fltSemantics &semantics =
      cast<FloatType>(element).getFloatSemantics();
  for (int64_t taps : tapsInside(inputType, type, kernel, stride, pad)) {
    APFloat count(static_cast<double>(taps));
    bool lost;
    count.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
    counts.push_back(count);
  }
  auto countType = RankedTensorType::get({oh, ow}, element);
  Value count = hlo::ConstantOp::create(
      b, loc, countType, DenseElementsAttr::get(countType, counts));
  Value divisor = hlo::BroadcastInDimOp::create(b, loc, type, count,
                                                b.getDenseI64ArrayAttr({1, 2}));
  return Value(hlo::DivOp::create(b, loc, sum, divisor));
}

/// Each channel convolved with its own M filters, as a sum over the taps of
/// elementwise products on the vector unit (XLA runs depthwise convolutions
/// there too: one channel per filter leaves the MXU's K dimension empty).
/// Integer operands widen to the accumulator (i32, or i64 for TOSA's i48)
/// less their zero points; the input is padded with its zero point, which
/// then contributes nothing.
FailureOr<Value> Importer::depthwiseConv2d(tosa::DepthwiseConv2DOp op) {
  int64_t inZp, wZp;
  if (failed(zeroPoints(op, op.getInputZp(), "input", op.getWeightZp(),
                        "weight", inZp, wZp)))
    return failure();
  Location loc = op.getLoc();
  RankedTensorType type = importedType(op);
  Type element = type.getElementType();
  Value input = lookup(op.getInput()), weight = lookup(op.getWeight());
  auto inputType = cast<RankedTensorType>(input.getType());
  auto weightType = cast<RankedTensorType>(weight.getType());
  bool integer = isa<IntegerType>(element);
  if (!integer && (inputType.getElementType() != element ||
                   weightType.getElementType() != element))
    return unsupported(op) << "its input, weight and output element types "
                              "differ";
  int64_t kh = weightType.getDimSize(0), kw = weightType.getDimSize(1),
          c = weightType.getDimSize(2), m = weightType.getDimSize(3);
  ArrayRef<int64_t> dilation = op.getDilation();
  Type inElement = inputType.getElementType();
  Value padded = padSpatial(loc, input, op.getPad(),
                            integer ? b.getIntegerAttr(inElement, inZp)
                                    : b.getZeroAttr(inElement));
  // A strided slice reads tap (i, j) at offset (i * dh, j * dw); dilation
  // only moves the taps.
  Value sum;
  for (int64_t i = 0; i < kh; ++i)
    for (int64_t j = 0; j < kw; ++j) {
      Value tap = tapSlice(
          loc, padded, i * dilation[0], j * dilation[1], op.getStride(),
          inputType.clone(
              {type.getDimSize(0), type.getDimSize(1), type.getDimSize(2), c}));
      tap = widen(loc, tap, element, inZp);
      if (m > 1) {
        // Channel k feeds outputs k*M .. k*M+M-1.
        auto tapType = cast<RankedTensorType>(tap.getType());
        SmallVector<int64_t> wide(tapType.getShape());
        wide.push_back(m);
        tap =
            hlo::BroadcastInDimOp::create(b, loc, tapType.clone(wide), tap,
                                          b.getDenseI64ArrayAttr({0, 1, 2, 3}));
        tap = hlo::ReshapeOp::create(b, loc, type, tap);
      }
      Value filter = widen(loc, weightTap(loc, weight, i, j, {0, 1}, {c * m}),
                           element, wZp);
      filter = hlo::BroadcastInDimOp::create(b, loc, type, filter,
                                             b.getDenseI64ArrayAttr({3}));
      Value product = hlo::MulOp::create(b, loc, tap, filter);
      sum = sum ? Value(hlo::AddOp::create(b, loc, sum, product)) : product;
    }
  return addBias(op, sum, op.getBias());
}

Attribute Importer::lowestAttr(Type element) {
  return hlo::getReduceIdentity(hlo::ReduceKind::max, element);
}

Value Importer::lowest(Location loc, RankedTensorType type) {
  return splat(loc, type, lowestAttr(type.getElementType()));
}

Value Importer::indexMatch(Location loc, Value indices, ArrayRef<int64_t> shape,
                           int64_t wDim) {
  auto type = RankedTensorType::get(shape, b.getI32Type());
  Value wide = hlo::BroadcastInDimOp::create(b, loc, type, indices,
                                             b.getDenseI64ArrayAttr({0, wDim}));
  Value k = hlo::IotaOp::create(b, loc, type, b.getI64IntegerAttr(3 - wDim));
  return hlo::CompareOp::create(
      b, loc, RankedTensorType::get(shape, b.getI1Type()),
      hlo::ComparisonDirectionAttr::get(b.getContext(),
                                        hlo::ComparisonDirection::EQ),
      wide, k);
}

Value Importer::pickWhere(Location loc, Value match, Value source,
                          RankedTensorType type) {
  auto wideType =
      type.clone(cast<RankedTensorType>(match.getType()).getShape());
  Value wide = hlo::BroadcastInDimOp::create(b, loc, wideType, source,
                                             b.getDenseI64ArrayAttr({0, 2, 3}));
  Value picked = hlo::SelectOp::create(b, loc, wideType, match, wide,
                                       lowest(loc, wideType));
  return hlo::ReduceOp::create(
      b, loc, type,
      hlo::ReduceKindAttr::get(b.getContext(), hlo::ReduceKind::max), picked,
      b.getDenseI64ArrayAttr({2}));
}

/// out[n, w, c] = values[n, indices[n, w], c], as the maximum over k of
/// values[n, k, c] where indices[n, w] == k and the lowest value elsewhere:
/// exact for every element type (one k matches), fused into one kernel
/// that never materializes the [N, W, K, C] broadcasts. Its vector work
/// grows with W * K, right for the small tables TOSA programs index.
FailureOr<Value> Importer::gather(tosa::GatherOp op) {
  RankedTensorType type = resultType(op);
  Value values = lookup(op.getValues());
  SmallVector<int64_t> shape = {
      type.getDimSize(0), type.getDimSize(1),
      cast<RankedTensorType>(values.getType()).getDimSize(1),
      type.getDimSize(2)};
  Value match = indexMatch(op.getLoc(), lookup(op.getIndices()), shape, 1);
  return pickWhere(op.getLoc(), match, values, type);
}

/// values_out[n, k, c] is input[n, w, c] for the w with indices[n, w] == k
/// (TOSA allows at most one), else values_in[n, k, c]: the same masked
/// maximum as gather, over w, and an `or` of the matches choosing it.
FailureOr<Value> Importer::scatter(tosa::ScatterOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Value input = lookup(op.getInput());
  SmallVector<int64_t> shape = {
      type.getDimSize(0), type.getDimSize(1),
      cast<RankedTensorType>(input.getType()).getDimSize(1),
      type.getDimSize(2)};
  Value match = indexMatch(loc, lookup(op.getIndices()), shape, 2);
  Value updates = pickWhere(loc, match, input, type);
  // On i1, a sum is an or.
  Value hit = hlo::ReduceOp::create(
      b, loc, type.clone(b.getI1Type()),
      hlo::ReduceKindAttr::get(b.getContext(), hlo::ReduceKind::sum), match,
      b.getDenseI64ArrayAttr({2}));
  return Value(hlo::SelectOp::create(b, loc, type, hit, updates,
                                     lookup(op.getValuesIn())));
}

/// tile(x, m) along each dimension d is x broadcast to [m_0, s_0, m_1,
/// s_1, ...] and reshaped to [m_0 * s_0, ...]: row-major order puts the
/// copies one after another.
FailureOr<Value> Importer::tile(tosa::TileOp op) {
  FailureOr<SmallVector<int64_t>> multiples =
      shapeValues(op, op.getMultiples(), "multiples");
  if (failed(multiples))
    return failure();
  Location loc = op.getLoc();
  Value input = lookup(op.getInput1());
  auto type = cast<RankedTensorType>(input.getType());
  if (llvm::all_of(*multiples, [](int64_t m) { return m == 1; }))
    return input;
  SmallVector<int64_t> wide, dims;
  for (auto [d, m] : llvm::enumerate(*multiples)) {
    wide.push_back(m);
    dims.push_back(static_cast<int64_t>(wide.size()));
    wide.push_back(type.getDimSize(d));
  }
  Value broadcast = hlo::BroadcastInDimOp::create(
      b, loc, type.clone(wide), input, b.getDenseI64ArrayAttr(dims));
  return Value(hlo::ReshapeOp::create(b, loc, resultType(op), broadcast));
}

/// Reductions and data movement, one hlo op each (convert's other half).
FailureOr<Value> Importer::convertStructural(Operation *op) {
  Location loc = op->getLoc();
  auto operand = [&](unsigned i) { return lookup(op->getOperand(i)); };
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](tosa::ReduceAnyOp r) {
        // On i1, sum is or and product is and.
        return reduce(op, hlo::ReduceKind::sum, r.getInput(), r.getAxis());
      })
      .Case([&](tosa::ReduceAllOp r) {
        return reduce(op, hlo::ReduceKind::product, r.getInput(), r.getAxis());
      })
      .Case([&](tosa::ReduceSumOp r) {
        return reduce(op, hlo::ReduceKind::sum, r.getInput(), r.getAxis());
      })
      .Case([&](tosa::ReduceMaxOp r) {
        return reduce(op, hlo::ReduceKind::max, r.getInput(), r.getAxis());
      })
      .Case([&](tosa::ReduceMinOp r) {
        return reduce(op, hlo::ReduceKind::min, r.getInput(), r.getAxis());
      })
      .Case([&](tosa::ReduceProductOp r) {
        return reduce(op, hlo::ReduceKind::product, r.getInput(), r.getAxis());
      })
      .Case([&](tosa::ArgMaxOp a) {
        return Value(hlo::ArgMaxOp::create(b, loc, resultType(op), operand(0),
                                           a.getAxis()));
      })
      .Case([&](tosa::ReshapeOp) {
        return Value(
            hlo::ReshapeOp::create(b, loc, resultType(op), operand(0)));
      })
      .Case([&](tosa::TransposeOp t) {
        SmallVector<int64_t> perm(t.getPerms().begin(), t.getPerms().end());
        return Value(hlo::TransposeOp::create(
            b, loc, resultType(op), operand(0), b.getDenseI64ArrayAttr(perm)));
      })
      .Case([&](tosa::SliceOp s) -> FailureOr<Value> {
        FailureOr<SmallVector<int64_t>> start =
            shapeValues(op, s.getStart(), "start");
        FailureOr<SmallVector<int64_t>> size =
            shapeValues(op, s.getSize(), "size");
        if (failed(start) || failed(size))
          return failure();
        SmallVector<int64_t> limit;
        for (auto [at, n] : llvm::zip(*start, *size))
          limit.push_back(at + n);
        return Value(hlo::SliceOp::create(
            b, loc, resultType(op), operand(0), b.getDenseI64ArrayAttr(*start),
            b.getDenseI64ArrayAttr(limit),
            b.getDenseI64ArrayAttr(SmallVector<int64_t>(start->size(), 1))));
      })
      .Case([&](tosa::PadOp p) -> FailureOr<Value> {
        FailureOr<SmallVector<int64_t>> padding =
            shapeValues(op, p.getPadding(), "padding");
        if (failed(padding))
          return failure();
        SmallVector<int64_t> low, high;
        for (size_t i = 0; i + 1 < padding->size(); i += 2) {
          low.push_back((*padding)[i]);
          high.push_back((*padding)[i + 1]);
        }
        Value value = lookup(p.getPadConst());
        auto scalar =
            RankedTensorType::get({}, getElementTypeOrSelf(value.getType()));
        value = hlo::ReshapeOp::create(b, loc, scalar, value);
        return Value(hlo::PadOp::create(
            b, loc, resultType(op), operand(0), value,
            b.getDenseI64ArrayAttr(low), b.getDenseI64ArrayAttr(high),
            b.getDenseI64ArrayAttr(SmallVector<int64_t>(low.size(), 0))));
      })
      .Case([&](tosa::ConcatOp c) -> FailureOr<Value> {
        SmallVector<Value> inputs;
        for (Value input : c.getInput1())
          inputs.push_back(lookup(input));
        return Value(hlo::ConcatenateOp::create(b, loc, resultType(op), inputs,
                                                c.getAxis()));
      })
      .Default([&](Operation *) -> FailureOr<Value> {
        return unsupported(op) << "no conversion to hlo exists for it yet";
      });
}

LogicalResult Importer::convert(Operation *op) {
  if (isa<tosa::ConstShapeOp>(op))
    return success(); // read by the ops that take shapes
  if (failed(checkTypes(op)))
    return failure();
  // clamp, maximum, minimum, reduce_max/min and argmax may ignore NaN;
  // their hlo counterparts propagate it.
  if (auto mode = op->getAttrOfType<tosa::NanPropagationModeAttr>("nan_mode"))
    if (mode.getValue() != tosa::NanPropagationMode::PROPAGATE)
      return unsupported(op) << "nan_mode = IGNORE";
  Location loc = op->getLoc();
  auto operand = [&](unsigned i) { return lookup(op->getOperand(i)); };
  FailureOr<Value> result =
      llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
          .Case([&](tosa::ConstOp c) -> FailureOr<Value> {
            RankedTensorType type = importedType(op);
            auto values = cast<DenseElementsAttr>(c.getValues());
            // An i48 accumulator's constant (a bias) is held in i64.
            if (type != resultType(op))
              values =
                  values.mapValues(type.getElementType(),
                                   [](const APInt &v) { return v.sext(64); });
            return Value(hlo::ConstantOp::create(b, loc, type, values));
          })
          .Case<tosa::AddOp>(binaryCase<hlo::AddOp>())
          .Case<tosa::SubOp>(binaryCase<hlo::SubtractOp>())
          .Case([&](tosa::MulOp m) { return mul(m); })
          .Case<tosa::MaximumOp>(binaryCase<hlo::MaxOp>())
          .Case<tosa::MinimumOp>(binaryCase<hlo::MinOp>())
          .Case([&](tosa::NegateOp n) { return negate(n); })
          .Case<tosa::AbsOp>(unaryCase<hlo::AbsOp>())
          .Case<tosa::ExpOp>(unaryCase<hlo::ExpOp>())
          .Case<tosa::LogOp>(unaryCase<hlo::LogOp>())
          .Case<tosa::TanhOp>(unaryCase<hlo::TanhOp>())
          .Case<tosa::SigmoidOp>(unaryCase<hlo::LogisticOp>())
          .Case<tosa::RsqrtOp>(unaryCase<hlo::RsqrtOp>())
          .Case([&](tosa::ReciprocalOp) -> FailureOr<Value> {
            RankedTensorType type = resultType(op);
            if (!isa<FloatType>(type.getElementType()))
              return unsupported(op) << "an integer reciprocal";
            Value one =
                splat(loc, type, b.getFloatAttr(type.getElementType(), 1.0));
            return Value(hlo::DivOp::create(b, loc, one, operand(0)));
          })
          .Case([&](tosa::ClampOp clamp) -> FailureOr<Value> {
            RankedTensorType type = resultType(op);
            Value low = splat(loc, type, clamp.getMinValAttr());
            Value high = splat(loc, type, clamp.getMaxValAttr());
            Value below = hlo::MinOp::create(b, loc, operand(0), high);
            return Value(hlo::MaxOp::create(b, loc, below, low));
          })
          .Case([&](tosa::GreaterOp) {
            return compare(op, hlo::ComparisonDirection::GT);
          })
          .Case([&](tosa::GreaterEqualOp) {
            return compare(op, hlo::ComparisonDirection::GE);
          })
          .Case([&](tosa::EqualOp) {
            return compare(op, hlo::ComparisonDirection::EQ);
          })
          .Case([&](tosa::SelectOp) -> FailureOr<Value> {
            RankedTensorType type = resultType(op);
            ArrayRef<int64_t> shape = type.getShape();
            return Value(hlo::SelectOp::create(
                b, loc, type, broadcastTo(loc, operand(0), shape),
                broadcastTo(loc, operand(1), shape),
                broadcastTo(loc, operand(2), shape)));
          })
          .Case([&](tosa::CastOp c) { return convertCast(c); })
          .Case([&](tosa::MatMulOp mm) -> FailureOr<Value> {
            if (isa<IntegerType>(getElementTypeOrSelf(mm.getA().getType())))
              return quantizedMatmul(mm);
            if (failed(checkZeroPoint(op, mm.getAZp(), "a")) ||
                failed(checkZeroPoint(op, mm.getBZp(), "b")))
              return failure();
            return Value(hlo::DotGeneralOp::create(
                b, loc, resultType(op), operand(0), operand(1),
                b.getDenseI64ArrayAttr({0}), b.getDenseI64ArrayAttr({0}),
                b.getDenseI64ArrayAttr({2}), b.getDenseI64ArrayAttr({1}),
                hlo::PrecisionAttr()));
          })
          .Case([&](tosa::Conv2DOp c) {
            return isa<IntegerType>(
                       getElementTypeOrSelf(c.getInput().getType()))
                       ? quantizedConv2d(c)
                       : conv2d(c);
          })
          .Case([&](tosa::DepthwiseConv2DOp c) { return depthwiseConv2d(c); })
          .Case([&](tosa::MaxPool2dOp p) { return maxPool2d(p); })
          .Case([&](tosa::AvgPool2dOp p) {
            return isa<IntegerType>(getElementTypeOrSelf(p.getType()))
                       ? quantizedAvgPool2d(p)
                       : avgPool2d(p);
          })
          .Case([&](tosa::TileOp t) { return tile(t); })
          .Case([&](tosa::GatherOp g) { return gather(g); })
          .Case([&](tosa::ScatterOp s) { return scatter(s); })
          .Case([&](tosa::IdentityOp) { return operand(0); })
          .Case([&](tosa::ReverseOp r) {
            return Value(hlo::ReverseOp::create(
                b, loc, operand(0), b.getDenseI64ArrayAttr({r.getAxis()})));
          })
          .Case<tosa::LogicalAndOp, tosa::BitwiseAndOp>(
              binaryCase<hlo::AndOp>())
          .Case<tosa::LogicalOrOp, tosa::BitwiseOrOp>(binaryCase<hlo::OrOp>())
          .Case<tosa::LogicalXorOp, tosa::BitwiseXorOp>(
              binaryCase<hlo::XorOp>())
          .Case<tosa::LogicalNotOp, tosa::BitwiseNotOp>(unaryCase<hlo::NotOp>())
          .Case<tosa::LogicalLeftShiftOp>(binaryCase<hlo::ShiftLeftOp>())
          .Case<tosa::LogicalRightShiftOp>(
              binaryCase<hlo::ShiftRightLogicalOp>())
          .Case([&](tosa::ArithmeticRightShiftOp a) {
            return arithmeticRightShift(a);
          })
          .Case([&](tosa::RescaleOp r) { return rescale(r); })
          .Case([&](tosa::TableOp t) { return table(t); })
          .Case<tosa::IntDivOp>(binaryCase<hlo::DivOp>())
          .Case<tosa::FloorOp>(unaryCase<hlo::FloorOp>())
          .Case<tosa::CeilOp>(unaryCase<hlo::CeilOp>())
          .Case<tosa::SinOp>(unaryCase<hlo::SineOp>())
          .Case<tosa::CosOp>(unaryCase<hlo::CosineOp>())
          .Case<tosa::ErfOp>(unaryCase<hlo::ErfOp>())
          .Case<tosa::PowOp>(binaryCase<hlo::PowOp>())
          .Case<tosa::ClzOp>(unaryCase<hlo::ClzOp>())
          .Default([&](Operation *) { return convertStructural(op); });
  if (failed(result))
    return failure();
  mapping.map(op->getResult(0), *result);
  return success();
}

LogicalResult Importer::convertUpstream(Operation *op) {
  if (isShapeConstant(op))
    return success();
  // A cast to a dynamic shape stands for its (static) source; the casts
  // back read the source through the mapping.
  if (auto c = dyn_cast<tensor::CastOp>(op);
      c && !c.getType().hasStaticShape()) {
    mapping.map(c.getResult(), lookup(c.getSource()));
    return success();
  }
  // The result, and the tensor a reshape reads: a cast's source may be a
  // dynamic cast of a static one, a reshape's shape operand is an index
  // tensor.
  SmallVector<Type> types(op->getResultTypes());
  if (isa<tensor::ReshapeOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
          op))
    types.push_back(op->getOperand(0).getType());
  if (failed(checkTypes(op, types)))
    return failure();
  Location loc = op->getLoc();
  RankedTensorType type = resultType(op);
  FailureOr<Value> result =
      llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
          .Case([&](arith::ConstantOp c) -> FailureOr<Value> {
            auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
            if (!dense)
              return unsupported(op) << "its value is not a dense tensor";
            return Value(hlo::ConstantOp::create(b, loc, type, dense));
          })
          // Its elements are unspecified, so zeros are as good as any.
          .Case([&](tensor::EmptyOp) {
            return splat(loc, type, b.getZeroAttr(type.getElementType()));
          })
          .Case([&](tensor::CastOp c) -> FailureOr<Value> {
            Value source = lookup(c.getSource());
            auto sourceType = dyn_cast<RankedTensorType>(source.getType());
            if (!sourceType || sourceType.getShape() != type.getShape())
              return unsupported(op) << "its source is not a tensor of its "
                                        "static shape";
            return source;
          })
          .Case<tensor::ReshapeOp, tensor::ExpandShapeOp,
                tensor::CollapseShapeOp>([&](Operation *) -> FailureOr<Value> {
            return Value(hlo::ReshapeOp::create(b, loc, type,
                                                lookup(op->getOperand(0))));
          });
  if (failed(result))
    return failure();
  mapping.map(op->getResult(0), *result);
  return success();
}

LogicalResult Importer::convertAny(Operation *op) {
  if (isa<tosa::IfOp, tosa::WhileOp>(op))
    return convertControl(op);
  if (op->getNumResults() != 1)
    return unsupported(op) << "it has " << op->getNumResults() << " results";
  return isConverterOp(op) ? convertUpstream(op) : convert(op);
}

LogicalResult Importer::convertControl(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  if (failed(checkTypes(op, types)))
    return failure();
  auto loop = dyn_cast<tosa::WhileOp>(op);
  SmallVector<Value> inputs;
  for (Value v : op->getOperands())
    inputs.push_back(lookup(v));
  Operation *converted =
      loop ? hlo::WhileOp::create(b, op->getLoc(), op->getResultTypes(), inputs)
                 .getOperation()
           : hlo::IfOp::create(b, op->getLoc(), op->getResultTypes(),
                               inputs.front())
                 .getOperation();
  OpBuilder::InsertionGuard guard(b);
  for (auto [from, to] : llvm::zip(op->getRegions(), converted->getRegions())) {
    Block *block = b.createBlock(&to);
    // A loop's regions take the carried values; an if's read its inputs.
    for (auto [i, arg] : llvm::enumerate(from.front().getArguments()))
      mapping.map(arg, loop ? block->addArgument(arg.getType(), arg.getLoc())
                            : inputs[i + 1]);
    for (Operation &inner : from.front()) {
      b.setInsertionPointToEnd(block);
      if (auto yield = dyn_cast<tosa::YieldOp>(inner)) {
        SmallVector<Value> results;
        for (Value v : yield.getInputs())
          results.push_back(lookup(v));
        hlo::YieldOp::create(b, yield.getLoc(), results);
      } else if (failed(convertAny(&inner))) {
        return failure();
      }
    }
  }
  for (auto [from, to] : llvm::zip(op->getResults(), converted->getResults()))
    mapping.map(from, to);
  return success();
}

} // namespace mlir::tpu::tosa_import

using namespace mlir::tpu::tosa_import;

namespace {

struct ConvertTosaToHloPass
    : tpu::impl::ConvertTosaToHloBase<ConvertTosaToHloPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (failed(tpu::readResourceConstants(func)))
      return signalPassFailure();
    // i48 (TOSA's int16 accumulator) is computed in i64 inside a program
    // but is not a type the TPU stores at its boundary.
    FunctionType signature = func.getFunctionType();
    for (auto [what, types] : {std::pair{"argument", signature.getInputs()},
                               std::pair{"result", signature.getResults()}})
      for (auto [i, type] : llvm::enumerate(types))
        if (getElementTypeOrSelf(type).isInteger(48)) {
          func.emitError() << "function " << what << " " << i << " has type "
                           << type
                           << ": i48 is TOSA's accumulator of int16 "
                              "products, not a type the TPU stores; rescale "
                              "it to i32 or narrower first";
          return signalPassFailure();
        }
    SmallVector<Operation *> tosaOps;
    WalkResult walk = func.walk([&](Operation *op) {
      if (isUnconvertedTensorOp(op)) {
        op->emitError() << op->getName()
                        << " is not supported by the TPU compiler: of the "
                           "arith and tensor dialects, the import takes "
                           "tensor constants, tensor.empty, tensor.cast, "
                           "tensor.reshape, tensor.expand_shape and "
                           "tensor.collapse_shape of static shapes";
        return WalkResult::interrupt();
      }
      // A cast to a dynamic shape is taken only as the first half of a
      // round trip back to a static one.
      if (auto c = dyn_cast<tensor::CastOp>(op);
          c && !c.getType().hasStaticShape() &&
          !llvm::all_of(c->getUsers(), llvm::IsaPred<tensor::CastOp>)) {
        op->emitError() << op->getName()
                        << " is not supported by the TPU compiler: it needs "
                           "tensors of static shape, not "
                        << c.getType();
        return WalkResult::interrupt();
      }
      // Ops in a loop's or a branch's regions convert with it.
      if ((isa_and_present<tosa::TosaDialect>(op->getDialect()) || isConverterOp(op)) &&
          !op->getParentOfType<tosa::IfOp>() &&
          !op->getParentOfType<tosa::WhileOp>())
        tosaOps.push_back(op);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    if (tosaOps.empty())
      return;
    OpBuilder b(func.getContext());
    Importer importer(b);
    for (Operation *op : tosaOps) {
      b.setInsertionPoint(op);
      if (failed(importer.convertAny(op)))
        return signalPassFailure();
    }
    for (Operation *op : tosaOps)
      for (Value result : op->getResults())
        if (!isa<tosa::ConstShapeOp>(op) && !isShapeConstant(op) &&
            importer.lookup(result) != result)
          result.replaceAllUsesWith(importer.lookup(result));
    // Shape constants go once the reshapes that read them have gone.
    for (Operation *op : llvm::reverse(tosaOps))
      if (op->use_empty())
        op->erase();
    // Zero points and shifts were read, not converted into uses.
    func.walk([](hlo::ConstantOp constant) {
      if (constant->use_empty())
        constant->erase();
    });
  }
};

} // namespace
