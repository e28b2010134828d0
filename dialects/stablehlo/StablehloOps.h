//===- StablehloOps.h - stablehlo input dialect ----------------*- C++ -*-===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLOOPS_H
#define TPU_DIALECTS_STABLEHLO_STABLEHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/stablehlo/StablehloDialect.h.inc"

namespace mlir::OpTrait::stablehlo {
/// Checks that operands and results have one type, as SameOperandsAndResultType,
/// except that quantized tensors (the spec's dequantize_op_quantize ops) may
/// differ in scales and zero points: then all are quantized, of one shape,
/// one storage type and one expressed type.
LogicalResult verifySameTypesOrQuantized(Operation *op);
template <typename ConcreteType>
class SameTypesOrQuantized
    : public TraitBase<ConcreteType, SameTypesOrQuantized> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifySameTypesOrQuantized(op);
  }
};
} // namespace mlir::OpTrait::stablehlo
#include "dialects/stablehlo/StablehloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/stablehlo/StablehloAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/stablehlo/StablehloOps.h.inc"

namespace mlir::stablehlo {
/// Whether a precision_config (null: absent) leaves every operand DEFAULT.
bool isDefaultPrecision(ArrayAttr precisionConfig);
} // namespace mlir::stablehlo

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLOOPS_H
