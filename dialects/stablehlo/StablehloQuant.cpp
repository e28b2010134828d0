//===- StablehloQuant.cpp - uniform_quantize and uniform_dequantize -------===//
//
// The verifiers of the two ops that move between floats and StableHLO's
// quantized element types (`!quant.uniform<i8:f32, 0.1:-30>`, per tensor,
// or `<i8:f32:0, {0.1:-30,0.5:-20}>`, per axis), with the spec's ids.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::stablehlo;

/// A per-axis quantized tensor names one scale per element of its
/// quantized dimension.
static LogicalResult verifyPerAxis(Operation *op, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto perAxis = tensor ? dyn_cast<quant::UniformQuantizedPerAxisType>(
                              tensor.getElementType())
                        : nullptr;
  if (!perAxis)
    return success();
  int64_t dim = perAxis.getQuantizedDimension();
  if (dim >= tensor.getRank())
    return op->emitOpError("quantized dimension ")
           << dim << " of " << type << " is not below its rank";
  if (!tensor.isDynamicDim(dim) &&
      tensor.getDimSize(dim) != static_cast<int64_t>(perAxis.getScales().size()))
    return op->emitOpError("quantized dimension ")
           << dim << " of " << type << " has size " << tensor.getDimSize(dim)
           << " but " << perAxis.getScales().size() << " scales";
  return success();
}

static bool isUniform(Type element) {
  return isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(
      element);
}

LogicalResult UniformQuantizeOp::verify() {
  Type in = getElementTypeOrSelf(getOperand().getType());
  Type out = getElementTypeOrSelf(getType());
  if (!isa<FloatType>(in) && !isUniform(in))
    return emitOpError("(uniform_quantize) the operand must be of a float or "
                       "!quant.uniform type, not ")
           << in;
  if (!isUniform(out))
    return emitOpError("(uniform_quantize) the result must be of a "
                       "!quant.uniform type, not ")
           << out;
  Type expressed = cast<quant::QuantizedType>(out).getExpressedType();
  Type operandExpressed =
      isUniform(in) ? cast<quant::QuantizedType>(in).getExpressedType() : in;
  if (expressed != operandExpressed)
    return emitOpError("(uniform_quantize_c2) the result's expressed type ")
           << expressed << " must be the operand's "
           << (isUniform(in) ? "expressed type " : "element type ")
           << operandExpressed;
  if (failed(verifyPerAxis(*this, getOperand().getType())))
    return failure();
  return verifyPerAxis(*this, getType());
}

LogicalResult UniformDequantizeOp::verify() {
  Type in = getElementTypeOrSelf(getOperand().getType());
  Type out = getElementTypeOrSelf(getType());
  if (!isUniform(in))
    return emitOpError("(uniform_dequantize) the operand must be of a "
                       "!quant.uniform type, not ")
           << in;
  if (out != cast<quant::QuantizedType>(in).getExpressedType())
    return emitOpError("(uniform_dequantize_c2) the result's element type ")
           << out << " must be the operand's expressed type "
           << cast<quant::QuantizedType>(in).getExpressedType();
  return verifyPerAxis(*this, getOperand().getType());
}

LogicalResult mlir::OpTrait::stablehlo::verifySameTypesOrQuantized(
    Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  if (!llvm::any_of(types, [](Type t) {
        return isUniform(getElementTypeOrSelf(t));
      }))
    return OpTrait::impl::verifySameOperandsAndResultType(op);
  auto first = dyn_cast<ShapedType>(types.front());
  for (Type type : types) {
    auto shaped = dyn_cast<ShapedType>(type);
    auto q = shaped ? dyn_cast<quant::QuantizedType>(shaped.getElementType())
                    : nullptr;
    auto q0 = first ? dyn_cast<quant::QuantizedType>(first.getElementType())
                    : nullptr;
    if (!q || !q0 || !isUniform(q) || shaped.getShape() != first.getShape() ||
        q.getStorageType() != q0.getStorageType() ||
        q.getExpressedType() != q0.getExpressedType())
      return op->emitOpError("requires one type for all operands and "
                             "results, or quantized tensors of one shape, "
                             "storage type and expressed type, but has ")
             << types.front() << " and " << type;
  }
  return success();
}
