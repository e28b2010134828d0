//===- StablehloQuant.cpp - Quantized types to their storage --------------===//
//
// Part of convert-stablehlo-to-hlo, run before the op-by-op import. A
// tensor of `!quant.uniform<i8:f32, s:z>` holds its storage integers; the
// TPU stores and moves them as i8 (ui8 for unsigned storage). The ops on
// quantized types become StableHLO ops on those integers and on floats, as
// the spec defines them:
//
//   uniform_quantize(x)    clamp(round_nearest_even(x / s) + z, min, max),
//                          converted to the storage type (a quantized
//                          operand is dequantized first: requantization);
//   uniform_dequantize(q)  (convert(q) - z) * s;
//   bitcast_convert        the storage integers themselves;
//   dot_general,           of signed 8-bit (or narrower) storage, per-tensor
//   convolution
//                          lhs and per-tensor or per-output-axis rhs: on
//                          the MXU's int8 path, as XLA lowers it (StableHLO's
//                          legalize-quant-to-math): the i32 product of the
//                          storage integers, less z_l times the rhs's sums
//                          over the contracted dimensions and z_r times the
//                          lhs's, plus K z_l z_r, which is sum (q_l - z_l)
//                          (q_r - z_r) exactly; times s_l s_r, then
//                          quantized to the result's type (or returned as
//                          floats). The sums are products with ones, so
//                          they land in the result's dimension order;
//   any other op           dequantize its quantized operands, compute in
//                          the expressed type, quantize its quantized
//                          results (the spec's dequantize_op_quantize).
//
// Per-axis types take s and z along their quantized dimension. Function
// arguments and results of quantized types take their storage types.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

/// A uniform quantized element type, per tensor or per axis.
quant::QuantizedType uniformOf(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(
          element))
    return cast<quant::QuantizedType>(element);
  return nullptr;
}

/// The integer type the TPU stores a quantized element as.
IntegerType storageOf(quant::QuantizedType q) {
  return IntegerType::get(q.getContext(), q.getStorageTypeIntegralWidth(),
                          q.isSigned() ? IntegerType::Signless
                                       : IntegerType::Unsigned);
}

class QuantLowering {
public:
  explicit QuantLowering(OpBuilder &b) : b(b) {}

  LogicalResult run(func::FuncOp func);

private:
  /// The quantized type a (possibly already retyped) value stands for.
  quant::QuantizedType typeOf(Value v) const {
    if (quant::QuantizedType q = quantized.lookup(v))
      return q;
    return uniformOf(v.getType());
  }
  /// `v` retyped to its storage tensor, remembering what it stands for.
  void retype(Value v) {
    quant::QuantizedType q = uniformOf(v.getType());
    quantized[v] = q;
    v.setType(cast<RankedTensorType>(v.getType()).clone(storageOf(q)));
  }
  /// Each element's scale (or zero point) as a float tensor of `type`.
  Value parameters(Location loc, RankedTensorType type,
                   quant::QuantizedType q, bool zeroPoints);
  Value dequantize(Location loc, Value storage, quant::QuantizedType q);
  Value quantize(Location loc, Value x, quant::QuantizedType q);
  LogicalResult lower(Operation *op);
  /// A quantized dot_general or convolution on the int8 path, or null
  /// where its types do not allow one (it then computes in floats).
  Value integerDot(sh::DotGeneralOp op);
  Value integerConv(sh::ConvolutionOp op);
  /// `values` along dimension `dim` of `type`.
  Value axisConstant(Location loc, RankedTensorType type,
                     ArrayRef<Attribute> values, int64_t dim);
  /// q's zero points as integers of `type` (per axis: along `dim`).
  Value zeroPointTensor(Location loc, RankedTensorType type,
                        quant::QuantizedType q, int64_t dim);
  /// The i32 product `acc` times s_l s_r, quantized to `outQ`, or (null)
  /// the floats of the product's `resultType`.
  Value rescale(Location loc, Value acc, quant::QuantizedType lq,
                quant::QuantizedType rq, int64_t axisInResult,
                quant::QuantizedType outQ, Type resultType);

  OpBuilder &b;
  llvm::DenseMap<Value, quant::QuantizedType> quantized;
};

Value QuantLowering::parameters(Location loc, RankedTensorType type,
                                quant::QuantizedType q, bool zeroPoints) {
  auto floatType = cast<FloatType>(type.getElementType());
  auto value = [&](double v) { return b.getFloatAttr(floatType, v); };
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(q)) {
    double v = zeroPoints ? static_cast<double>(perTensor.getZeroPoint())
                          : perTensor.getScale();
    return sh::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, value(v)));
  }
  auto perAxis = cast<quant::UniformQuantizedPerAxisType>(q);
  SmallVector<Attribute> values;
  for (size_t i = 0; i < perAxis.getScales().size(); ++i)
    values.push_back(
        value(zeroPoints ? static_cast<double>(perAxis.getZeroPoints()[i])
                         : perAxis.getScales()[i]));
  auto axisType = RankedTensorType::get(
      {static_cast<int64_t>(values.size())}, floatType);
  Value axis =
      sh::ConstantOp::create(b, loc, DenseElementsAttr::get(axisType, values));
  return sh::BroadcastInDimOp::create(
      b, loc, type, axis,
      b.getDenseI64ArrayAttr({perAxis.getQuantizedDimension()}));
}

Value QuantLowering::dequantize(Location loc, Value storage,
                                quant::QuantizedType q) {
  auto type = cast<RankedTensorType>(storage.getType())
                  .clone(q.getExpressedType());
  Value x = sh::ConvertOp::create(b, loc, type, storage);
  x = sh::SubtractOp::create(b, loc, type, x, parameters(loc, type, q, true));
  return sh::MulOp::create(b, loc, type, x, parameters(loc, type, q, false));
}

Value QuantLowering::quantize(Location loc, Value x, quant::QuantizedType q) {
  auto type = cast<RankedTensorType>(x.getType());
  x = sh::DivOp::create(b, loc, type, x, parameters(loc, type, q, false));
  x = sh::RoundNearestEvenOp::create(b, loc, x);
  x = sh::AddOp::create(b, loc, type, x, parameters(loc, type, q, true));
  auto bound = [&](int64_t v) {
    auto scalar = RankedTensorType::get({}, type.getElementType());
    return sh::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            scalar, b.getFloatAttr(type.getElementType(),
                                   static_cast<double>(v))));
  };
  x = sh::ClampOp::create(b, loc, type, bound(q.getStorageTypeMin()), x,
                          bound(q.getStorageTypeMax()));
  Value stored = sh::ConvertOp::create(b, loc, type.clone(storageOf(q)), x);
  quantized[stored] = q;
  return stored;
}

/// Signed storage of at most 8 bits: exact in the MXU's int8 operands.
static bool int8Storage(quant::QuantizedType q) {
  return q && q.isSigned() && q.getStorageTypeIntegralWidth() <= 8;
}

static bool zeroPointsAreZero(quant::QuantizedType q) {
  if (auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(q))
    return llvm::all_of(axis.getZeroPoints(), [](int64_t z) { return z == 0; });
  return cast<quant::UniformQuantizedType>(q).getZeroPoint() == 0;
}

/// Whether a product of `lq` and `rq` quantized to `outQ` (null: floats)
/// takes the int8 path: signed 8-bit storage, a per-tensor lhs and result.
static bool int8Product(quant::QuantizedType lq, quant::QuantizedType rq,
                        quant::QuantizedType outQ) {
  return isa_and_present<quant::UniformQuantizedType>(lq) &&
         int8Storage(lq) && int8Storage(rq) &&
         (!outQ || isa<quant::UniformQuantizedType>(outQ));
}

Value QuantLowering::axisConstant(Location loc, RankedTensorType type,
                                  ArrayRef<Attribute> values, int64_t dim) {
  auto axisType = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                        type.getElementType());
  Value axis =
      sh::ConstantOp::create(b, loc, DenseElementsAttr::get(axisType, values));
  return sh::BroadcastInDimOp::create(b, loc, type, axis,
                                      b.getDenseI64ArrayAttr(dim));
}

Value QuantLowering::zeroPointTensor(Location loc, RankedTensorType type,
                                     quant::QuantizedType q, int64_t dim) {
  Type element = type.getElementType();
  auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(q);
  if (!axis)
    return sh::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            type, b.getIntegerAttr(
                      element,
                      cast<quant::UniformQuantizedType>(q).getZeroPoint())));
  SmallVector<Attribute> values;
  for (int64_t z : axis.getZeroPoints())
    values.push_back(b.getIntegerAttr(element, z));
  return axisConstant(loc, type, values, dim);
}

Value QuantLowering::rescale(Location loc, Value acc, quant::QuantizedType lq,
                             quant::QuantizedType rq, int64_t axisInResult,
                             quant::QuantizedType outQ, Type resultType) {
  Type floatType = outQ ? outQ.getExpressedType()
                        : getElementTypeOrSelf(resultType);
  auto realType = cast<RankedTensorType>(acc.getType()).clone(floatType);
  double lhsScale = cast<quant::UniformQuantizedType>(lq).getScale();
  Value scales;
  if (auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(rq)) {
    SmallVector<Attribute> values;
    for (double s : axis.getScales())
      values.push_back(b.getFloatAttr(floatType, lhsScale * s));
    scales = axisConstant(loc, realType, values, axisInResult);
  } else {
    double s = lhsScale * cast<quant::UniformQuantizedType>(rq).getScale();
    scales = sh::ConstantOp::create(
        b, loc, DenseElementsAttr::get(realType, b.getFloatAttr(floatType, s)));
  }
  Value real = sh::MulOp::create(
      b, loc, realType, sh::ConvertOp::create(b, loc, realType, acc), scales);
  return outQ ? quantize(loc, real, outQ) : real;
}

Value QuantLowering::integerDot(sh::DotGeneralOp op) {
  quant::QuantizedType lq = typeOf(op.getLhs()), rq = typeOf(op.getRhs());
  quant::QuantizedType outQ = uniformOf(op.getType());
  if (!int8Product(lq, rq, outQ))
    return nullptr;
  auto numbers = op.getDotDimensionNumbers();
  ArrayRef<int64_t> lb = numbers.getLhsBatchingDimensions(),
                    rb = numbers.getRhsBatchingDimensions(),
                    lc = numbers.getLhsContractingDimensions(),
                    rc = numbers.getRhsContractingDimensions();
  auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
  auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
  auto freeDims = [](RankedTensorType t, ArrayRef<int64_t> batch,
                     ArrayRef<int64_t> contract) {
    SmallVector<int64_t> free;
    for (int64_t d = 0; d < t.getRank(); ++d)
      if (!llvm::is_contained(batch, d) && !llvm::is_contained(contract, d))
        free.push_back(d);
    return free;
  };
  SmallVector<int64_t> lhsFree = freeDims(lhsType, lb, lc),
                       rhsFree = freeDims(rhsType, rb, rc);
  // A per-axis rhs must scale a dimension of the result: one it keeps.
  int64_t axisInResult = -1;
  if (auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(rq)) {
    auto it = llvm::find(rhsFree, axis.getQuantizedDimension());
    if (it == rhsFree.end())
      return nullptr;
    axisInResult = static_cast<int64_t>(lb.size() + lhsFree.size() +
                                        (it - rhsFree.begin()));
  }
  Location loc = op.getLoc();
  Type i32 = b.getI32Type();
  auto resultType = cast<RankedTensorType>(op.getType()).clone(i32);
  auto dot = [&](Value l, Value r, ArrayRef<int64_t> lBatch,
                 ArrayRef<int64_t> rBatch, ArrayRef<int64_t> lContract,
                 ArrayRef<int64_t> rContract, ArrayRef<int64_t> keep) {
    SmallVector<int64_t> shape;
    for (int64_t d : keep)
      shape.push_back(resultType.getDimSize(d));
    Value product = sh::DotGeneralOp::create(
        b, loc, RankedTensorType::get(shape, i32), l, r,
        sh::DotDimensionNumbersAttr::get(b.getContext(), lBatch, rBatch,
                                         lContract, rContract),
        nullptr, nullptr);
    if (keep.size() == static_cast<size_t>(resultType.getRank()))
      return product;
    return Value(sh::BroadcastInDimOp::create(b, loc, resultType, product,
                                              b.getDenseI64ArrayAttr(keep)));
  };
  // Result dimensions: batch, lhs free, rhs free.
  size_t nb = lb.size(), nl = lhsFree.size(), nr = rhsFree.size();
  auto range = [](size_t from, size_t count, SmallVector<int64_t> dims) {
    for (size_t i = 0; i < count; ++i)
      dims.push_back(static_cast<int64_t>(from + i));
    return dims;
  };
  SmallVector<int64_t> all = range(0, nb + nl + nr, {});
  Value acc = dot(op.getLhs(), op.getRhs(), lb, rb, lc, rc, all);
  // Ones over `like`'s batch and contracted dimensions: a product with
  // them sums the other operand's contracted dimensions.
  auto onesFor = [&](RankedTensorType like, ArrayRef<int64_t> batch,
                     ArrayRef<int64_t> contract, SmallVector<int64_t> &b1,
                     SmallVector<int64_t> &c1) {
    SmallVector<int64_t> shape;
    for (auto [dims, out] : {std::pair(batch, &b1), std::pair(contract, &c1)})
      for (int64_t d : dims) {
        out->push_back(static_cast<int64_t>(shape.size()));
        shape.push_back(like.getDimSize(d));
      }
    auto type = RankedTensorType::get(shape, like.getElementType());
    return Value(sh::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, b.getIntegerAttr(
                                                 type.getElementType(), 1))));
  };
  auto times = [&](Value v, Value z) -> Value {
    return sh::MulOp::create(b, loc, resultType, v, z);
  };
  int64_t zl = cast<quant::UniformQuantizedType>(lq).getZeroPoint();
  if (zl != 0) { // - z_l sum_k q_r
    SmallVector<int64_t> b1, c1;
    Value ones = onesFor(lhsType, lb, lc, b1, c1);
    Value sums = dot(ones, op.getRhs(), b1, rb, c1, rc,
                     range(nb + nl, nr, range(0, nb, {})));
    acc = sh::SubtractOp::create(
        b, loc, resultType, acc,
        times(sums, zeroPointTensor(loc, resultType, lq, -1)));
  }
  if (!zeroPointsAreZero(rq)) { // - z_r sum_k q_l + K z_l z_r
    SmallVector<int64_t> b1, c1;
    Value ones = onesFor(rhsType, rb, rc, b1, c1);
    Value sums = dot(op.getLhs(), ones, lb, b1, lc, c1, range(0, nb + nl, {}));
    Value zr = zeroPointTensor(loc, resultType, rq, axisInResult);
    acc = sh::SubtractOp::create(b, loc, resultType, acc, times(sums, zr));
    int64_t k = 1;
    for (int64_t d : lc)
      k *= lhsType.getDimSize(d);
    if (zl != 0)
      acc = sh::AddOp::create(
          b, loc, resultType, acc,
          times(zr, sh::ConstantOp::create(
                        b, loc,
                        DenseElementsAttr::get(
                            resultType, b.getIntegerAttr(i32, k * zl)))));
  }
  return rescale(loc, acc, lq, rq, axisInResult, outQ, op.getType());
}

Value QuantLowering::integerConv(sh::ConvolutionOp op) {
  quant::QuantizedType lq = typeOf(op.getLhs()), rq = typeOf(op.getRhs());
  quant::QuantizedType outQ = uniformOf(op.getType());
  auto dims = op.getDimensionNumbers();
  auto axis = dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(rq);
  if (!int8Product(lq, rq, outQ) || op.getBatchGroupCount() != 1 ||
      (axis && axis.getQuantizedDimension() !=
                   dims.getKernelOutputFeatureDimension()))
    return nullptr;
  Location loc = op.getLoc();
  Type i32 = b.getI32Type();
  auto resultType = cast<RankedTensorType>(op.getType()).clone(i32);
  int64_t outFeature = dims.getOutputFeatureDimension();
  // The convolution of other operands (a batch of one for the ones).
  auto conv = [&](Value l, Value r) {
    Operation *clone = b.clone(*op);
    clone->setOperands({l, r});
    auto lhs = cast<RankedTensorType>(l.getType());
    SmallVector<int64_t> shape(resultType.getShape());
    shape[dims.getOutputBatchDimension()] =
        lhs.getDimSize(dims.getInputBatchDimension());
    clone->getResult(0).setType(RankedTensorType::get(shape, i32));
    Value result = clone->getResult(0);
    if (result.getType() == resultType)
      return result;
    SmallVector<int64_t> identity = llvm::to_vector(
        llvm::seq<int64_t>(0, resultType.getRank()));
    return Value(sh::BroadcastInDimOp::create(
        b, loc, resultType, result, b.getDenseI64ArrayAttr(identity)));
  };
  Value acc = conv(op.getLhs(), op.getRhs());
  // Padding holds real zeros, (q - z_l) = 0: each correction sums the
  // window's taps inside the input only, which a convolution of ones
  // padded with zeros counts.
  // Both are needed only with a nonzero z_l.
  int64_t zl = cast<quant::UniformQuantizedType>(lq).getZeroPoint();
  Value ones, zlTensor;
  if (zl != 0) {
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    SmallVector<int64_t> oneImage(lhsType.getShape());
    oneImage[dims.getInputBatchDimension()] = 1;
    auto onesType = RankedTensorType::get(oneImage, lhsType.getElementType());
    ones = sh::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            onesType, b.getIntegerAttr(onesType.getElementType(), 1)));
    zlTensor = zeroPointTensor(loc, resultType, lq, -1);
  }
  if (zl != 0) // - z_l conv(1, q_r)
    acc = sh::SubtractOp::create(
        b, loc, resultType, acc,
        sh::MulOp::create(b, loc, resultType, conv(ones, op.getRhs()),
                          zlTensor));
  if (!zeroPointsAreZero(rq)) { // - conv(q_l, z_r) + z_l conv(1, z_r)
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    Value zr = zeroPointTensor(loc, rhsType, rq,
                               dims.getKernelOutputFeatureDimension());
    acc = sh::SubtractOp::create(b, loc, resultType, acc,
                                 conv(op.getLhs(), zr));
    if (zl != 0)
      acc = sh::AddOp::create(
          b, loc, resultType, acc,
          sh::MulOp::create(b, loc, resultType, conv(ones, zr), zlTensor));
  }
  return rescale(loc, acc, lq, rq, outFeature, outQ, op.getType());
}

LogicalResult QuantLowering::lower(Operation *op) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (uniformOf(arg.getType()))
          return tpu::emitUnsupported(op)
                 << "quantized values inside its regions are not lowered";
  SmallVector<Value> results;
  if (auto quantizeOp = dyn_cast<sh::UniformQuantizeOp>(op)) {
    Value x = quantizeOp.getOperand();
    if (quant::QuantizedType from = typeOf(x))
      x = dequantize(loc, x, from);
    results.push_back(quantize(loc, x, uniformOf(op->getResult(0).getType())));
  } else if (Value product = isa<sh::DotGeneralOp>(op)
                                  ? integerDot(cast<sh::DotGeneralOp>(op))
                              : isa<sh::ConvolutionOp>(op)
                                  ? integerConv(cast<sh::ConvolutionOp>(op))
                                  : Value()) {
    results.push_back(product);
  } else if (auto dequantizeOp = dyn_cast<sh::UniformDequantizeOp>(op)) {
    Value q = dequantizeOp.getOperand();
    results.push_back(dequantize(loc, q, typeOf(q)));
  } else if (isa<sh::BitcastConvertOp>(op)) {
    // The bits are the storage integers: same-width casts are no-ops.
    Value in = op->getOperand(0);
    Type out = op->getResult(0).getType();
    if (quant::QuantizedType q = uniformOf(out))
      out = cast<RankedTensorType>(out).clone(storageOf(q));
    Value cast = in.getType() == out
                     ? in
                     : sh::BitcastConvertOp::create(b, loc, out, in);
    if (quant::QuantizedType q = uniformOf(op->getResult(0).getType()))
      quantized[cast] = q;
    results.push_back(cast);
  } else {
    IRMapping floats;
    for (Value operand : op->getOperands())
      if (quant::QuantizedType q = typeOf(operand))
        floats.map(operand, dequantize(loc, operand, q));
    Operation *clone = b.clone(*op, floats);
    b.setInsertionPointAfter(clone);
    for (OpResult result : clone->getResults()) {
      quant::QuantizedType q = uniformOf(result.getType());
      if (!q) {
        results.push_back(result);
        continue;
      }
      result.setType(
          cast<RankedTensorType>(result.getType()).clone(q.getExpressedType()));
      results.push_back(quantize(loc, result, q));
    }
  }
  for (auto [old, replacement] : llvm::zip(op->getResults(), results))
    old.replaceAllUsesWith(replacement);
  op->erase();
  return success();
}

LogicalResult QuantLowering::run(func::FuncOp func) {
  SmallVector<Operation *> ops;
  // Top-level ops only: a quantized value inside a region stays, and the
  // import refuses it at its op.
  auto quantizedValue = [&](Value v) { return uniformOf(v.getType()); };
  for (Block &block : func.getBody())
    for (Operation &op : block)
      if (isa_and_present<sh::StableHLODialect>(op.getDialect()) &&
          (llvm::any_of(op.getOperands(), quantizedValue) ||
           llvm::any_of(op.getResults(), quantizedValue)))
        ops.push_back(&op);
  bool signature = false;
  for (BlockArgument arg : func.getArguments())
    if (uniformOf(arg.getType())) {
      retype(arg);
      signature = true;
    }
  if (ops.empty() && !signature &&
      !llvm::any_of(func.getResultTypes(), uniformOf))
    return success();
  for (Operation *op : ops)
    if (failed(lower(op)))
      return failure();
  // Arguments and results take their storage types.
  SmallVector<Type> inputs(func.getBody().front().getArgumentTypes()),
      outputs;
  func.walk([&](func::ReturnOp ret) {
    outputs.assign(ret.getOperandTypes().begin(), ret.getOperandTypes().end());
  });
  if (outputs.size() != func.getNumResults())
    outputs.assign(func.getResultTypes().begin(), func.getResultTypes().end());
  func.setFunctionType(b.getFunctionType(inputs, outputs));
  return success();
}

} // namespace

LogicalResult mlir::tpu::stablehlo_import::lowerQuantizedTypes(
    func::FuncOp func) {
  OpBuilder b(func.getContext());
  return QuantLowering(b).run(func);
}
