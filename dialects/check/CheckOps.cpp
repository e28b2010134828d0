//===- CheckOps.cpp - StableHLO's interpreter-test checks -----------------===//

#include "dialects/check/CheckOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::check;

#include "dialects/check/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/check/CheckOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "dialects/check/CheckOps.cpp.inc"
