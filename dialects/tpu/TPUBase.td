//===- TPUBase.td - tpu dialect definition ------------------*- tablegen -*-===//

#ifndef TPU_DIALECTS_TPU_TPUBASE_TD
#define TPU_DIALECTS_TPU_TPUBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TPU_Dialect : Dialect {
  let name = "tpu";
  let cppNamespace = "::mlir::tpu";
  let summary = "TensorCore layouts and operations";
  let description = [{
    The `tpu` dialect describes how a TensorCore stores and computes data.
    Its first member is `#tpu.layout`, XLA's tiled layout, which rides on
    `tensor` types as their encoding once layouts are assigned.
  }];
  let useDefaultAttributePrinterParser = 1;
}

#endif // TPU_DIALECTS_TPU_TPUBASE_TD
