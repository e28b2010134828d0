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
    The `tpu` dialect describes how a TensorCore stores and computes data:
    `#tpu.layout`, XLA's tiled layout, which rides on `tensor` types as
    their encoding once layouts are assigned, and the operations of a
    TensorCore on buffers in explicit memory spaces (HBM, VMEM, SMEM): DMA
    start and wait, MXU matmuls on VMEM tiles, vector-unit work over VMEM
    blocks, inside kernels that scope their on-chip scratch.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  // `tpu.target` on a module must be a #tpu.target.
  let hasOperationAttrVerify = 1;
}

#endif // TPU_DIALECTS_TPU_TPUBASE_TD
