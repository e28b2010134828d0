//===- TPUDialect.h - tpu dialect -------------------------------*- C++ -*-===//

#ifndef TPU_DIALECTS_TPU_TPUDIALECT_H
#define TPU_DIALECTS_TPU_TPUDIALECT_H

#include "compiler/shape/Shape.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/TensorEncoding.h"

#include "dialects/tpu/TPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tpu/TPUAttrs.h.inc"

namespace mlir::tpu {
/// The layout a tensor type carries as its encoding, or null.
LayoutAttr getLayout(Type type);
} // namespace mlir::tpu

#endif // TPU_DIALECTS_TPU_TPUDIALECT_H
