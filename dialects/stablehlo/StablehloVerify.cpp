//===- StablehloVerify.cpp - helpers shared by the verifiers --------------===//

#include "dialects/stablehlo/StablehloVerify.h"

#include "mlir/IR/Matchers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;

namespace mlir::stablehlo::verify {

std::optional<SmallVector<int64_t>> constantInts(Value v) {
  DenseIntElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  return llvm::map_to_vector(attr.getValues<APInt>(),
                             [](const APInt &x) { return x.getSExtValue(); });
}

std::string list(ArrayRef<int64_t> values) {
  std::string text = "[";
  for (auto [i, v] : llvm::enumerate(values))
    text += (i ? ", " : "") +
            (ShapedType::isDynamic(v) ? std::string("?") : std::to_string(v));
  return text + "]";
}

LogicalResult checkDims(Operation *op, ArrayRef<int64_t> dims,
                               int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError()
             << what << " " << list(dims) << " names dimension " << d
             << " of a rank-" << rank << " tensor";
    if (!seen.insert(d).second)
      return op->emitOpError()
             << what << " " << list(dims) << " repeats dimension " << d;
  }
  return success();
}

LogicalResult checkCounts(Operation *op, size_t inputs, size_t others,
                                 StringRef othersName) {
  if (inputs == 0 || others != inputs || op->getNumResults() != inputs)
    return op->emitOpError("expected as many inputs, ")
           << othersName << " and results, at least one";
  return success();
}

bool sizesAgree(int64_t a, int64_t b) {
  return a == b || ShapedType::isDynamic(a) || ShapedType::isDynamic(b);
}

RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

bool scalarOrShape(Value v, ArrayRef<int64_t> shape) {
  RankedTensorType type = tensorType(v);
  return type.getRank() == 0 || type.getShape() == shape;
}

LogicalResult checkReducerBody(Operation *op, Region &body,
                                      ArrayRef<Type> elements,
                                      StringRef rule) {
  size_t n = elements.size();
  Block &block = body.front();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("(")
           << rule << ") the body must take " << 2 * n
           << " arguments, but takes " << block.getNumArguments();
  for (size_t i = 0; i < 2 * n; ++i) {
    auto scalar = RankedTensorType::get({}, elements[i % n]);
    if (block.getArgument(i).getType() != scalar)
      return op->emitOpError("(")
             << rule << ") body argument #" << i << " must be " << scalar
             << ", but is " << block.getArgument(i).getType();
  }
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getNumOperands() != n)
    return op->emitOpError("(")
           << rule << ") the body must end in stablehlo.return of " << n
           << " values";
  for (size_t i = 0; i < n; ++i) {
    auto scalar = RankedTensorType::get({}, elements[i]);
    if (ret.getOperand(i).getType() != scalar)
      return op->emitOpError("(")
             << rule << ") the body's result #" << i << " must be " << scalar
             << ", but is " << ret.getOperand(i).getType();
  }
  return success();
}


LogicalResult
verifyWindow(Operation *op, int64_t rank,
             ArrayRef<std::pair<std::optional<ArrayRef<int64_t>>, StringRef>>
                 perDimension,
             DenseIntElementsAttr padding) {
  for (auto [values, what] : perDimension) {
    if (values && static_cast<int64_t>(values->size()) != rank)
      return op->emitOpError()
             << what << " must have one entry per dimension (" << rank << ")";
    if (values && llvm::any_of(*values, [](int64_t v) { return v < 1; }))
      return op->emitOpError() << what << " must be positive";
  }
  if (padding) {
    auto type = cast<ShapedType>(padding.getType());
    if (type.getRank() != 2 || type.getDimSize(0) != rank ||
        type.getDimSize(1) != 2)
      return op->emitOpError("padding must be a ")
             << rank << "x2 tensor of (low, high) pairs";
  }
  return success();
}

LogicalResult checkBroadcastDims(Operation *op, RankedTensorType in,
                                         RankedTensorType out,
                                         ArrayRef<int64_t> dims,
                                         bool dynamicAgrees) {
  if (static_cast<int64_t>(dims.size()) != in.getRank())
    return op->emitOpError("broadcast_dimensions ")
           << list(dims) << " must name one result dimension per operand "
           << "dimension (" << in.getRank() << ")";
  if (failed(checkDims(op, dims, out.getRank(), "broadcast_dimensions")))
    return failure();
  auto agree = [&](int64_t a, int64_t b) {
    return dynamicAgrees ? sizesAgree(a, b) : a == b;
  };
  for (auto [i, d] : llvm::enumerate(dims))
    if (!agree(in.getDimSize(i), 1) &&
        !agree(in.getDimSize(i), out.getDimSize(d)))
      return op->emitOpError("operand dimension ")
             << i << " (" << in.getDimSize(i) << ") cannot broadcast to "
             << "result dimension " << d << " (" << out.getDimSize(d) << ")";
  return success();
}

} // namespace mlir::stablehlo::verify
