//===- ChloOps.cpp - chlo input dialect -----------------------------------===//

#include "dialects/chlo/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::chlo;

#include "dialects/chlo/ChloDialect.cpp.inc"

namespace {
/// chlo ops sit in the private helpers JAX exports, which the import
/// inlines; they have no side effects, so any of them may be inlined.
struct ChloInliner : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/chlo/ChloOps.cpp.inc"
      >();
  addInterfaces<ChloInliner>();
}

#define GET_OP_CLASSES
#include "dialects/chlo/ChloOps.cpp.inc"

LogicalResult TopKOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (operand.getRank() == 0)
    return emitOpError("operand must have at least one dimension");
  int64_t last = operand.getShape().back();
  int64_t k = getK();
  if (k < 0 || (!ShapedType::isDynamic(last) && k > last))
    return emitOpError("k = ") << k << " must be in [0, " << last << "]";
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  if (getValues().getType() !=
      RankedTensorType::get(shape, operand.getElementType()))
    return emitOpError("values must be the operand with its last dimension k");
  if (getIndices().getType() !=
      RankedTensorType::get(shape, IntegerType::get(getContext(), 32)))
    return emitOpError("indices must be i32 of the values' shape");
  return success();
}
