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
