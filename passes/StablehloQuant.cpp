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
