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
//   dot_general            of signed 8-bit (or narrower) storage, per-tensor
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

#include "passes/StablehloImport.h"

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
  /// A quantized dot_general on the int8 path, or null where its types do
  /// not allow one (it then computes in floats).
  Value integerDot(sh::DotGeneralOp op);

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

Value QuantLowering::integerDot(sh::DotGeneralOp op) {
  quant::QuantizedType lq = typeOf(op.getLhs()), rq = typeOf(op.getRhs());
  auto lhsQ = dyn_cast_or_null<quant::UniformQuantizedType>(lq);
  quant::QuantizedType outQ = uniformOf(op.getType());
  if (!lhsQ || !int8Storage(lq) || !int8Storage(rq) ||
      (outQ && !isa<quant::UniformQuantizedType>(outQ)))
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
  auto rhsAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(rq);
  if (rhsAxis) {
    auto it = llvm::find(rhsFree, rhsAxis.getQuantizedDimension());
    if (it == rhsFree.end())
      return nullptr;
    axisInResult = static_cast<int64_t>(lb.size() + lhsFree.size() +
                                        (it - rhsFree.begin()));
  }
  Location loc = op.getLoc();
  RankedTensorType resultType =
      cast<RankedTensorType>(op.getType()).clone(b.getI32Type());
  Type i32 = b.getI32Type();
  auto dot = [&](Value l, Value r, RankedTensorType type,
                 ArrayRef<int64_t> lBatch, ArrayRef<int64_t> rBatch,
                 ArrayRef<int64_t> lContract, ArrayRef<int64_t> rContract) {
    return Value(sh::DotGeneralOp::create(
        b, loc, type, l, r,
        sh::DotDimensionNumbersAttr::get(b.getContext(), lBatch, rBatch,
                                         lContract, rContract),
        nullptr, nullptr));
  };
  Value acc = dot(op.getLhs(), op.getRhs(), resultType, lb, rb, lc, rc);
  // A tensor of ones over the batch and contracted dimensions of `like`:
  // its product with the other operand sums that operand's contracted
  // dimensions, in the result's order for the dimensions it keeps.
  auto onesFor = [&](RankedTensorType like, ArrayRef<int64_t> batch,
                     ArrayRef<int64_t> contract, SmallVector<int64_t> &b1,
                     SmallVector<int64_t> &c1) {
    SmallVector<int64_t> shape;
    for (int64_t d : batch) {
      b1.push_back(static_cast<int64_t>(shape.size()));
      shape.push_back(like.getDimSize(d));
    }
    for (int64_t d : contract) {
      c1.push_back(static_cast<int64_t>(shape.size()));
      shape.push_back(like.getDimSize(d));
    }
    auto type = RankedTensorType::get(shape, like.getElementType());
    return Value(sh::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type, b.getIntegerAttr(type.getElementType(),
                                                      1))));
  };
  auto i32Splat = [&](RankedTensorType type, int64_t v) {
    return Value(sh::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, b.getIntegerAttr(i32, v))));
  };
  // The rhs's zero points along the result (a splat for per-tensor).
  auto rhsZeroPoints = [&]() -> Value {
    if (!rhsAxis)
      return i32Splat(resultType,
                      cast<quant::UniformQuantizedType>(rq).getZeroPoint());
    SmallVector<Attribute> zs;
    for (int64_t z : rhsAxis.getZeroPoints())
      zs.push_back(b.getIntegerAttr(i32, z));
    auto axisType =
        RankedTensorType::get({static_cast<int64_t>(zs.size())}, i32);
    Value axis =
        sh::ConstantOp::create(b, loc, DenseElementsAttr::get(axisType, zs));
    return sh::BroadcastInDimOp::create(b, loc, resultType, axis,
                                        b.getDenseI64ArrayAttr(axisInResult));
  };
  auto keptDims = [&](size_t freeOffset, size_t freeCount) {
    SmallVector<int64_t> dims;
    for (size_t i = 0; i < lb.size(); ++i)
      dims.push_back(static_cast<int64_t>(i));
    for (size_t i = 0; i < freeCount; ++i)
      dims.push_back(static_cast<int64_t>(lb.size() + freeOffset + i));
    return dims;
  };
  int64_t zl = lhsQ.getZeroPoint();
  bool rhsZero = rhsAxis ? llvm::all_of(rhsAxis.getZeroPoints(),
                                        [](int64_t z) { return z == 0; })
                         : cast<quant::UniformQuantizedType>(rq)
                                   .getZeroPoint() == 0;
  if (zl != 0) { // - z_l sum_k q_r
    SmallVector<int64_t> b1, c1;
    Value ones = onesFor(lhsType, lb, lc, b1, c1);
    SmallVector<int64_t> shape;
    for (int64_t d : keptDims(lhsFree.size(), rhsFree.size()))
      shape.push_back(resultType.getDimSize(d));
    auto sumType = RankedTensorType::get(shape, i32);
    Value sums = dot(ones, op.getRhs(), sumType, b1, rb, c1, rc);
    Value wide = sh::BroadcastInDimOp::create(
        b, loc, resultType, sums,
        b.getDenseI64ArrayAttr(keptDims(lhsFree.size(), rhsFree.size())));
    acc = sh::SubtractOp::create(
        b, loc, resultType, acc,
        sh::MulOp::create(b, loc, resultType, wide,
                          i32Splat(resultType, zl)));
  }
  if (!rhsZero) { // - z_r sum_k q_l, + K z_l z_r
    SmallVector<int64_t> b1, c1;
    Value ones = onesFor(rhsType, rb, rc, b1, c1);
    SmallVector<int64_t> shape;
    for (int64_t d : keptDims(0, lhsFree.size()))
      shape.push_back(resultType.getDimSize(d));
    auto sumType = RankedTensorType::get(shape, i32);
    Value sums = dot(op.getLhs(), ones, sumType, lb, b1, lc, c1);
    Value wide = sh::BroadcastInDimOp::create(
        b, loc, resultType, sums,
        b.getDenseI64ArrayAttr(keptDims(0, lhsFree.size())));
    Value zr = rhsZeroPoints();
    acc = sh::SubtractOp::create(
        b, loc, resultType, acc,
        sh::MulOp::create(b, loc, resultType, wide, zr));
    int64_t k = 1;
    for (int64_t d : lc)
      k *= lhsType.getDimSize(d);
    if (zl != 0)
      acc = sh::AddOp::create(
          b, loc, resultType, acc,
          sh::MulOp::create(b, loc, resultType, zr,
                            i32Splat(resultType, k * zl)));
  }
  // Scaled: s_l s_r per element of the result.
  Type floatType = outQ ? outQ.getExpressedType() : op.getType().getElementType();
  RankedTensorType realType = resultType.clone(floatType);
  Value scales;
  if (rhsAxis) {
    SmallVector<Attribute> ss;
    for (double s : rhsAxis.getScales())
      ss.push_back(b.getFloatAttr(floatType, lhsQ.getScale() * s));
    auto axisType = RankedTensorType::get(
        {static_cast<int64_t>(ss.size())}, floatType);
    Value axis =
        sh::ConstantOp::create(b, loc, DenseElementsAttr::get(axisType, ss));
    scales = sh::BroadcastInDimOp::create(
        b, loc, realType, axis, b.getDenseI64ArrayAttr(axisInResult));
  } else {
    double s = lhsQ.getScale() *
               cast<quant::UniformQuantizedType>(rq).getScale();
    scales = sh::ConstantOp::create(
        b, loc, DenseElementsAttr::get(realType, b.getFloatAttr(floatType, s)));
  }
  Value real = sh::MulOp::create(
      b, loc, realType, sh::ConvertOp::create(b, loc, realType, acc), scales);
  return outQ ? quantize(loc, real, outQ) : real;
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
