//===- HLOTraits.cpp - Verification of hlo tensor types -------------------===//

#include "dialects/hlo/HLOTraits.h"

#include "dialects/tpu/TPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

bool hlo::isSupportedElementType(Type type) {
  return tpu::toStoredElement(type).has_value();
}

LogicalResult hlo::verifyTensorType(std::optional<Location> loc, Type type,
                                    const Twine &what) {
  auto tensorType = dyn_cast<TensorType>(type);
  if (!tensorType)
    return emitOptionalError(loc, what, " must be a tensor, but has type ",
                             type);
  if (!tensorType.hasRank())
    return emitOptionalError(loc, what, " has unranked type ", type,
                             "; TPU programs need static shapes");
  auto ranked = cast<RankedTensorType>(tensorType);
  for (auto [dim, size] : llvm::enumerate(ranked.getShape()))
    if (ShapedType::isDynamic(size))
      return emitOptionalError(loc, what, " has dynamic dimension ", dim,
                               " in ", type,
                               "; TPU programs need static shapes");
  if (ranked.getEncoding() && !isa<tpu::LayoutAttr>(ranked.getEncoding()))
    return emitOptionalError(loc, what, " has tensor encoding ",
                             ranked.getEncoding(),
                             ", but hlo tensors carry only #tpu.layout "
                             "encodings");
  if (!isSupportedElementType(ranked.getElementType()))
    return emitOptionalError(
        loc, what, " has element type ", ranked.getElementType(),
        ", but TPU programs support only ", tpu::kSupportedElementTypes);
  return success();
}

/// Prefixes messages as Operation::emitOpError does.
static LogicalResult verifyValueTypes(Operation *op, ValueRange values,
                                      StringRef kind) {
  for (auto [index, value] : llvm::enumerate(values)) {
    if (!isa<TensorType>(value.getType()))
      continue; // ODS constraints already reported non-tensors.
    // The Twine is rendered only for a message: every pass's verifier
    // runs this on every value.
    if (failed(hlo::verifyTensorType(op->getLoc(), value.getType(),
                                     "'" + op->getName().getStringRef() +
                                         "' op " + kind + " #" + Twine(index))))
      return failure();
  }
  return success();
}

LogicalResult hlo::OpTrait::impl::verifyTensorTypes(Operation *op) {
  if (failed(verifyValueTypes(op, op->getOperands(), "operand")))
    return failure();
  return verifyValueTypes(op, op->getResults(), "result");
}

static std::string formatShape(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "[] (a scalar)";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return text;
}

LogicalResult hlo::OpTrait::impl::verifySameShapeElementwise(Operation *op) {
  if (op->getNumOperands() == 0)
    return success();
  auto first = cast<RankedTensorType>(op->getOperand(0).getType());
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError("operands must have the same shape, but operand #")
             << index << " has shape " << formatShape(type.getShape())
             << " and operand #0 has shape " << formatShape(first.getShape())
             << "; use hlo.broadcast_in_dim to broadcast explicitly";
  }
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    auto type = cast<RankedTensorType>(result.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError("result #")
             << index << " has shape " << formatShape(type.getShape())
             << " but the operands have shape "
             << formatShape(first.getShape());
  }
  // elementwise_c6: values that carry layouts share one physical order, and
  // those of one element type the whole layout (tiles may differ only with
  // the element type, e.g. the pred result of a compare). A value without a
  // layout has none assigned yet.
  struct Laid {
    Type type;
    tpu::LayoutAttr layout;
    StringRef kind;
    size_t index;
  };
  SmallVector<Laid> laid;
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes()))
    if (tpu::LayoutAttr layout = tpu::getLayout(type))
      laid.push_back({type, layout, "operand", index});
  for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
    if (tpu::LayoutAttr layout = tpu::getLayout(type))
      laid.push_back({type, layout, "result", index});
  for (const Laid &value : laid) {
    const Laid &ref = laid.front();
    bool sameOrder =
        value.layout.getMinorToMajor() == ref.layout.getMinorToMajor();
    bool sameElement =
        getElementTypeOrSelf(value.type) == getElementTypeOrSelf(ref.type);
    if (sameOrder && (!sameElement || value.layout == ref.layout))
      continue;
    return op->emitOpError()
           << value.kind << " #" << value.index << " has layout "
           << tpc::layoutToString(value.layout.toLayout()) << " but "
           << ref.kind << " #" << ref.index << " has "
           << tpc::layoutToString(ref.layout.toLayout())
           << "; elementwise ops read and write one layout";
  }
  return success();
}

LogicalResult hlo::OpTrait::impl::verifyFloatElements(Operation *op) {
  Type element = getElementTypeOrSelf(op->getOperand(0).getType());
  if (!isa<FloatType>(element))
    return op->emitOpError("requires a floating-point element type (f32, "
                           "bf16 or f16), but operand #0 has element type ")
           << element;
  return success();
}

LogicalResult hlo::OpTrait::impl::verifyNumericElements(Operation *op) {
  Type element = getElementTypeOrSelf(op->getOperand(0).getType());
  if (element.isInteger(1))
    return op->emitOpError("is not defined for i1 (boolean) operands");
  return success();
}

LogicalResult hlo::OpTrait::impl::verifyIntegerElements(Operation *op) {
  Type element = getElementTypeOrSelf(op->getOperand(0).getType());
  if (!isa<IntegerType>(element))
    return op->emitOpError("requires an integer or i1 element type, but "
                           "operand #0 has element type ")
           << element;
  return success();
}

LogicalResult hlo::OpTrait::impl::verifyInferredTypes(Operation *op,
                                                      TypeRange inferred) {
  for (auto [index, result, expected] :
       llvm::enumerate(op->getResultTypes(), inferred))
    if (!hlo::isCompatibleIgnoringLayout(result, expected))
      return op->emitOpError("result #")
             << index << " has type " << result << ", but the operands imply "
             << expected;
  return success();
}

bool hlo::isCompatibleIgnoringLayout(Type lhs, Type rhs) {
  auto l = dyn_cast<RankedTensorType>(lhs);
  auto r = dyn_cast<RankedTensorType>(rhs);
  if (!l || !r)
    return lhs == rhs;
  return l.getShape() == r.getShape() &&
         l.getElementType() == r.getElementType();
}

bool hlo::isCompatibleIgnoringLayout(TypeRange lhs, TypeRange rhs) {
  return lhs.size() == rhs.size() &&
         llvm::all_of(llvm::zip(lhs, rhs), [](auto pair) {
           return isCompatibleIgnoringLayout(std::get<0>(pair),
                                             std::get<1>(pair));
         });
}
