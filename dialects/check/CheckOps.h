//===- CheckOps.h - StableHLO's interpreter-test checks --------*- C++ -*-===//

#ifndef TPU_DIALECTS_CHECK_CHECKOPS_H
#define TPU_DIALECTS_CHECK_CHECKOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "dialects/check/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/check/CheckOps.h.inc"

#endif // TPU_DIALECTS_CHECK_CHECKOPS_H
