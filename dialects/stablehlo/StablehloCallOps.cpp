//===- StablehloCallOps.cpp - map, composite, barriers, shape queries -----===//
//
// Verifiers of the ops that apply a computation given elsewhere (map's
// region, composite's decomposition) or pass their operands through
// (optimization_barrier, the legacy broadcast, tuple and
// get_tuple_element), with the specification's constraint ids.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloVerify.h"

#include "mlir/IR/TypeUtilities.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;

LogicalResult BroadcastOp::verify() {
  RankedTensorType in = tensorType(getOperand()), out = getType();
  if (llvm::any_of(getBroadcastSizes(), [](int64_t s) { return s < 0; }))
    return emitOpError("broadcast_sizes ")
           << list(getBroadcastSizes()) << " must not be negative";
  SmallVector<int64_t> shape(getBroadcastSizes());
  llvm::append_range(shape, in.getShape());
  auto expected = RankedTensorType::get(shape, in.getElementType());
  if (failed(verifyCompatibleShape(expected, out)) ||
      expected.getElementType() != out.getElementType())
    return emitOpError("result type must be ")
           << expected << " (broadcast_sizes, then the operand's shape), not "
           << out;
  return success();
}

LogicalResult OptimizationBarrierOp::verify() {
  if (getOperand().getTypes() != getResult().getTypes())
    return emitOpError("(optimization_barrier_c1) the results must have the "
                       "operands' types");
  return success();
}

LogicalResult TupleOp::verify() {
  auto tuple = cast<TupleType>(getType());
  if (TypeRange(tuple.getTypes()) != getVal().getTypes())
    return emitOpError("(tuple_c1) the result must be the tuple of the "
                       "operands' types");
  return success();
}

LogicalResult GetTupleElementOp::verify() {
  auto tuple = cast<TupleType>(getOperand().getType());
  int64_t index = getIndexAttr().getInt();
  if (index < 0 || index >= static_cast<int64_t>(tuple.size()))
    return emitOpError("(get_tuple_element_c1) index ")
           << index << " is not an element of a " << tuple.size()
           << "-element tuple";
  if (tuple.getType(index) != getType())
    return emitOpError("(get_tuple_element_c2) the result must have the "
                       "element's type ")
           << tuple.getType(index);
  return success();
}

LogicalResult GetDimensionSizeOp::verify() {
  int64_t rank = tensorType(getOperand()).getRank();
  int64_t dim = getDimensionAttr().getInt();
  if (dim < 0 || dim >= rank)
    return emitOpError("(get_dimension_size_c1) dimension ")
           << dim << " is not a dimension of a rank-" << rank
           << " operand";
  if (getType().getRank() != 0)
    return emitOpError("result must be a rank-0 tensor of i32");
  return success();
}

/// set_dimension_size: a scalar i32 size, a dimension of the operand, and
/// a result of the operand's type except at that dimension, which the size
/// bounds from above (a constant size fixes it).
int64_t TorchIndexSelectOp::getSelectDim() {
  int64_t dim = getDim();
  return dim < 0 ? dim + tensorType(getOperand()).getRank() : dim;
}

int64_t TorchIndexSelectOp::getBatchDimCount() {
  int64_t batch = getBatchDims();
  return batch < 0 ? batch + tensorType(getIndex()).getRank() : batch;
}

LogicalResult TorchIndexSelectOp::verify() {
  RankedTensorType operand = tensorType(getOperand());
  RankedTensorType index = tensorType(getIndex());
  RankedTensorType result = getType();
  int64_t rank = operand.getRank(), dim = getSelectDim(),
          batch = getBatchDimCount();
  if (dim < 0 || dim >= rank)
    return emitOpError("dim ") << getDim() << " is not a dimension of a rank-"
                               << rank << " operand";
  if (batch < 0 || batch > dim || batch > index.getRank())
    return emitOpError("batch_dims ")
           << getBatchDims() << " must count dimensions of the index before "
           << "dim (" << dim << ")";
  SmallVector<int64_t> shape(operand.getShape().take_front(dim));
  llvm::append_range(shape, index.getShape().drop_front(batch));
  llvm::append_range(shape, operand.getShape().drop_front(dim + 1));
  for (int64_t d = 0; d < batch; ++d)
    if (!ShapedType::isDynamic(operand.getDimSize(d)) &&
        !ShapedType::isDynamic(index.getDimSize(d)) &&
        operand.getDimSize(d) != index.getDimSize(d))
      return emitOpError("batch dimension ")
             << d << " of the index (" << index.getDimSize(d)
             << ") differs from the operand's (" << operand.getDimSize(d)
             << ")";
  if (result.getElementType() != operand.getElementType())
    return emitOpError("the result's element type must be the operand's");
  if (failed(verifyCompatibleShape(result.getShape(), shape)))
    return emitOpError("the result's shape must be ")
           << RankedTensorType::get(shape, operand.getElementType())
           << ", but the result is " << result;
  return success();
}

LogicalResult SetDimensionSizeOp::verify() {
  RankedTensorType operand = tensorType(getOperand()), result = getType();
  int64_t rank = operand.getRank(), dim = getDimension();
  if (dim >= rank)
    return emitOpError("(set_dimension_size_c1) dimension ")
           << dim << " is not a dimension of a rank-" << rank << " operand";
  if (tensorType(getSize()).getRank() != 0)
    return emitOpError("(set_dimension_size_c2) size must be a rank-0 "
                       "tensor of i32");
  if (result.getRank() != rank ||
      result.getElementType() != operand.getElementType())
    return emitOpError("(set_dimension_size_c3) the result must have the "
                       "operand's rank and element type");
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim && result.getDimSize(d) != operand.getDimSize(d))
      return emitOpError("(set_dimension_size_c3) result dimension ")
             << d << " must be the operand's (" << operand.getDimSize(d)
             << "), but is " << result.getDimSize(d);
  if (result.getDimSize(dim) > operand.getDimSize(dim))
    return emitOpError("(set_dimension_size_c3) result dimension ")
           << dim << " (" << result.getDimSize(dim)
           << ") cannot exceed the operand's (" << operand.getDimSize(dim)
           << ")";
  if (std::optional<SmallVector<int64_t>> size = constantInts(getSize())) {
    int64_t value = size->front();
    if (value < 0 || value > operand.getDimSize(dim))
      return emitOpError("(set_dimension_size_c3) size ")
             << value << " must be in [0, " << operand.getDimSize(dim) << "]";
  }
  return success();
}

LogicalResult MapOp::verify() {
  if (getInputs().empty())
    return emitOpError("(map_c2) needs at least one input");
  RankedTensorType result = getType();
  for (Value input : getInputs())
    if (failed(verifyCompatibleShape(tensorType(input).getShape(),
                                     result.getShape())))
      return emitOpError("(map_c1) inputs and result must have one shape");
  // c3: the computation applies at every index, so `dimensions` is all of
  // them in order.
  ArrayRef<int64_t> dims = getDimensions();
  if (!llvm::equal(dims, llvm::seq<int64_t>(0, result.getRank())))
    return emitOpError("(map_c3) dimensions must be ")
           << list(llvm::to_vector(llvm::seq<int64_t>(0, result.getRank())))
           << ", not " << list(dims);
  // c4: (tensor<E0>, ..., tensor<EN-1>) -> tensor<E'>.
  Block &body = getComputation().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError("(map_c4) the computation takes ")
           << body.getNumArguments() << " arguments for "
           << getInputs().size() << " inputs";
  for (auto [i, arg, input] :
       llvm::enumerate(body.getArguments(), getInputs())) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    Type element = tensorType(input).getElementType();
    if (!type || type.getRank() != 0 || type.getElementType() != element)
      return emitOpError("(map_c4) computation argument #")
             << i << " must be " << RankedTensorType::get({}, element)
             << ", not " << arg.getType();
  }
  auto ret = dyn_cast<ReturnOp>(body.getTerminator());
  Type want = RankedTensorType::get({}, result.getElementType());
  if (!ret || ret->getNumOperands() != 1 ||
      ret->getOperand(0).getType() != want)
    return emitOpError("(map_c4) the computation must return one ")
           << want;
  return success();
}

//===----------------------------------------------------------------------===//
// composite
//===----------------------------------------------------------------------===//

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // c1: a namespaced op name, `dialect.op`.
  if (!llvm::Regex("^[a-zA-Z_][a-zA-Z0-9_$]*([.][a-zA-Z0-9_$]+)+$")
           .match(getName()))
    return emitOpError("(composite_c1) name must be a valid namespaced op "
                       "name, not '")
           << getName() << "'";
  auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getDecompositionAttr());
  if (!callee)
    return emitOpError("(composite_c2) '")
           << getDecomposition() << "' does not reference a valid function";
  auto mismatch = [&](StringRef what, TypeRange ours,
                      TypeRange theirs) -> LogicalResult {
    if (ours.size() != theirs.size())
      return emitOpError("(composite_c")
             << (what == "operand" ? 3 : 4) << ") has " << ours.size() << " "
             << what << "(s), but decomposition has " << theirs.size();
    for (auto [i, a, b] : llvm::enumerate(ours, theirs))
      if (a != b)
        return emitOpError("(composite_c")
               << (what == "operand" ? 3 : 4) << ") " << what << " at index "
               << i << " has type " << a << ", but decomposition has type "
               << b;
    return success();
  };
  if (failed(mismatch("operand", getOperandTypes(), callee.getArgumentTypes())))
    return failure();
  return mismatch("result", getResultTypes(), callee.getResultTypes());
}

CallInterfaceCallable CompositeOp::getCallableForCallee() {
  return getDecompositionAttr();
}

void CompositeOp::setCalleeFromCallable(CallInterfaceCallable callee) {
  setDecompositionAttr(cast<FlatSymbolRefAttr>(cast<SymbolRefAttr>(callee)));
}

Operation::operand_range CompositeOp::getArgOperands() { return getInputs(); }

MutableOperandRange CompositeOp::getArgOperandsMutable() {
  return getInputsMutable();
}
