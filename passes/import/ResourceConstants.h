//===- ResourceConstants.h - dense_resource constants read at import -*- C++ -*-===//
//
// Part of convert-stablehlo-to-hlo and convert-tosa-to-hlo: constants whose
// values sit in the file's resource section are read into dense attributes
// before the op imports run. Not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_IMPORT_RESOURCECONSTANTS_H
#define TPU_PASSES_IMPORT_RESOURCECONSTANTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tpu {

/// Replaces every `dense_resource<key>` attribute of `func`'s ops (the
/// value of a stablehlo.constant, tosa.const or arith.constant, as
/// torch-mlir and IREE's importers write weights) by the dense attribute
/// its blob holds. A key whose blob is absent (`__elided__`, as
/// `--mlir-elide-resource-strings-if-larger` prints weights) gets
/// placeholder values, recorded in the function's tpu.elided_constants with
/// one remark; a blob whose size does not match the type is an error at
/// the op.
LogicalResult readResourceConstants(func::FuncOp func);

} // namespace mlir::tpu

#endif // TPU_PASSES_IMPORT_RESOURCECONSTANTS_H
