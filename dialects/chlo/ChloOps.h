//===- ChloOps.h - chlo input dialect --------------------------*- C++ -*-===//

#ifndef TPU_DIALECTS_CHLO_CHLOOPS_H
#define TPU_DIALECTS_CHLO_CHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/chlo/ChloDialect.h.inc"
#include "dialects/chlo/ChloEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/chlo/ChloAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/chlo/ChloOps.h.inc"

#endif // TPU_DIALECTS_CHLO_CHLOOPS_H
