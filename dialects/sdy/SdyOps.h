//===- SdyOps.h - Shardy's sharding dialect (input) ------------*- C++ -*-===//

#ifndef TPU_DIALECTS_SDY_SDYOPS_H
#define TPU_DIALECTS_SDY_SDYOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/sdy/SdyDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/sdy/SdyAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/sdy/SdyOps.h.inc"

#endif // TPU_DIALECTS_SDY_SDYOPS_H
