//===- StablehloShapeOps.cpp - ops whose shape is an operand, einsum ------===//
//
// Verifiers of dynamic_iota, dynamic_reshape and dynamic_broadcast_in_dim
// (the shape operand's size is the result's rank; the rest as for their
// static forms) and of the legacy einsum's configuration.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloVerify.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;

/// The shape operand holds one size per result dimension; when it is a
/// constant, those sizes are the result's (non-negative, agreeing with the
/// result type), returned in `held`.
static LogicalResult checkShapeOperand(Operation *op, Value shape,
                                       RankedTensorType result,
                                       StringRef name,
                                       SmallVectorImpl<int64_t> *held = nullptr) {
  int64_t size = tensorType(shape).getDimSize(0);
  if (!ShapedType::isDynamic(size) && size != result.getRank())
    return op->emitOpError()
           << name << " holds " << size << " sizes for a rank-"
           << result.getRank() << " result";
  std::optional<SmallVector<int64_t>> constant = constantInts(shape);
  if (!constant)
    return success();
  SmallVector<int64_t> &sizes = *constant;
  if (llvm::any_of(sizes, [](int64_t s) { return s < 0; }) ||
      failed(verifyCompatibleShape(sizes, result.getShape())))
    return op->emitOpError("output shape ")
           << list(sizes) << " is incompatible with the result type "
           << result;
  if (held)
    held->assign(sizes.begin(), sizes.end());
  return success();
}

LogicalResult DynamicIotaOp::verify() {
  RankedTensorType result = getType();
  int64_t dim = getIotaDimensionAttr().getInt();
  if (dim < 0 || dim >= result.getRank())
    return emitOpError("(dynamic_iota_c1) iota_dimension ")
           << dim << " is not a dimension of a rank-"
           << result.getRank() << " result";
  return checkShapeOperand(*this, getOutputShape(), result, "output_shape");
}

LogicalResult DynamicReshapeOp::verify() {
  RankedTensorType in = tensorType(getOperand()), out = getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("(dynamic_reshape_c1) operand and result element types "
                       "differ");
  if (in.hasStaticShape() && out.hasStaticShape() &&
      in.getNumElements() != out.getNumElements())
    return emitOpError("(dynamic_reshape_c2) operand and result must have the "
                       "same number of elements, not ")
           << in.getNumElements() << " and " << out.getNumElements();
  return checkShapeOperand(*this, getOutputShape(), out, "output_shape");
}

LogicalResult DynamicBroadcastInDimOp::verify() {
  RankedTensorType in = tensorType(getOperand()), out = getType();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if (in.getElementType() != out.getElementType())
    return emitOpError("operand and result element types differ");
  if (failed(checkBroadcastDims(*this, in, out, dims, /*dynamicAgrees=*/true)))
    return failure();
  // The known (non)expanding dimensions are operand dimensions, in one list
  // at most.
  llvm::SmallDenseSet<int64_t> seen;
  for (auto known : {getKnownExpandingDimensions(),
                     getKnownNonexpandingDimensions()})
    for (int64_t d : known.value_or(ArrayRef<int64_t>()))
      if (d < 0 || d >= in.getRank() || !seen.insert(d).second)
        return emitOpError("known dimension ")
               << d << " is not a distinct operand dimension";
  SmallVector<int64_t> held;
  if (failed(checkShapeOperand(*this, getOutputDimensions(), out,
                               "output_dimensions", &held)))
    return failure();
  // c5: with the sizes known, each operand dimension is 1 or its size.
  if (!held.empty())
    for (auto [i, d] : llvm::enumerate(dims))
      if (!sizesAgree(in.getDimSize(i), 1) &&
          !sizesAgree(in.getDimSize(i), held[d]))
        return emitOpError("(dynamic_broadcast_in_dim_c5) size of operand "
                           "dimension ")
               << i << " (" << in.getDimSize(i)
               << ") is not equal to 1 or value of shape at index " << d
               << " (" << held[d] << ")";
  return success();
}

std::optional<std::array<StringRef, 3>> EinsumOp::getLabels() {
  auto [operands, result] = getEinsumConfig().split("->");
  auto [lhs, rhs] = operands.split(',');
  if (!getEinsumConfig().contains("->") || !operands.contains(','))
    return std::nullopt;
  return std::array<StringRef, 3>{lhs.trim(), rhs.trim(), result.trim()};
}

LogicalResult EinsumOp::verify() {
  std::optional<std::array<StringRef, 3>> labels = getLabels();
  if (!labels)
    return emitOpError("einsum_config '")
           << getEinsumConfig() << "' is not `lhs,rhs->result`";
  Value values[3] = {getLhs(), getRhs(), getResult()};
  const char *names[3] = {"lhs", "rhs", "result"};
  llvm::StringSet<> inputs;
  for (int i = 0; i < 3; ++i) {
    StringRef l = (*labels)[i];
    RankedTensorType type = tensorType(values[i]);
    if (static_cast<int64_t>(l.size()) != type.getRank())
      return emitOpError(names[i])
             << " labels '" << l << "' must name its " << type.getRank()
             << " dimensions";
    llvm::StringSet<> once;
    for (char c : l) {
      if (!llvm::isAlpha(c) || !once.insert(StringRef(&c, 1)).second)
        return emitOpError(names[i])
               << " labels '" << l << "' must be distinct letters";
      if (i < 2)
        inputs.insert(StringRef(&c, 1));
      else if (!inputs.contains(StringRef(&c, 1)))
        return emitOpError("result label '")
               << c << "' labels no operand dimension";
    }
  }
  // One size per label.
  llvm::StringMap<int64_t> sizes;
  for (int i = 0; i < 3; ++i)
    for (auto [d, c] : llvm::enumerate((*labels)[i])) {
      int64_t size = tensorType(values[i]).getDimSize(d);
      auto [it, fresh] = sizes.try_emplace(StringRef(&c, 1), size);
      if (!fresh && !sizesAgree(it->second, size))
        return emitOpError("label '")
               << c << "' has sizes " << it->second << " and " << size;
    }
  return success();
}
