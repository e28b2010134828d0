//===- HLOOps.h - hlo dialect ---------------------------------*- C++ -*-===//

#ifndef TPU_DIALECTS_HLO_HLOOPS_H
#define TPU_DIALECTS_HLO_HLOOPS_H

#include "dialects/hlo/HLOTraits.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/hlo/HLODialect.h.inc"
#include "dialects/hlo/HLOEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/hlo/HLOAttrs.h.inc"

namespace mlir::hlo {
/// The rows of a collective's `groups` (or `pairs`) attribute.
llvm::SmallVector<llvm::SmallVector<int64_t>>
groupList(DenseIntElementsAttr groups);
} // namespace mlir::hlo

#define GET_OP_CLASSES
#include "dialects/hlo/HLOOps.h.inc"

namespace mlir::hlo {
/// The largest constant (in elements) that folding creates unless it is a
/// splat, as XLA's constant folding bounds what it materializes.
constexpr int64_t kFoldElementLimit = 65536;

/// The value hlo.reduce of `kind` starts from on `element`: +0, 1, the
/// lowest value (-inf, INT_MIN, false) and the highest (+inf, INT_MAX,
/// true).
TypedAttr getReduceIdentity(ReduceKind kind, Type element);
} // namespace mlir::hlo

#endif // TPU_DIALECTS_HLO_HLOOPS_H
