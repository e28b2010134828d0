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
  // Every `tpu.*` attribute the passes leave for each other and for the
  // executable writer, with its type; the dialect's verifier checks where
  // each may sit and its value (docs/dialects/tpu.md lists them). A name
  // not declared here is an error.
  let discardableAttrs = (ins
    // On the module: what it is compiled for, set by tpu-set-target.
    "::mlir::tpu::TargetAttr":$target,
    "::mlir::tpu::TopologyAttr":$topology,
    "::mlir::IntegerAttr":$hbm_limit,
    // On the module when tpu-assign-buffers found it does not fit, so that
    // drivers exit with 2 (out of memory) rather than 1.
    "::mlir::UnitAttr":$out_of_memory,
    // On functions: the program's own FLOPs (tpu-model-flops); made of a
    // region by hlo-outline-control-flow (private, called by one
    // hlo.while_call or hlo.case_call, its arguments not known to be
    // zero-padded); already in the order to run (tpu-rematerialize, which
    // also records what it estimated and did: `before`, `after` bytes at
    // the peak, `values`, `ops` recomputed, `extra_flops` of `flops`); the
    // bytes of the global region (constants, then the callees'), after
    // tpu-assign-buffers; the lowered program's bytes (tpu-lower).
    "::mlir::IntegerAttr":$model_flops,
    "::mlir::UnitAttr":$outlined,
    "::mlir::UnitAttr":$scheduled,
    "::mlir::DictionaryAttr":$rematerialization,
    "::mlir::IntegerAttr":$global_bytes,
    "::mlir::IntegerAttr":$program_bytes,
    // On functions whose weights were printed elided
    // (`dense_resource<__elided__>`): where each such constant is and its
    // type; the import gave them placeholder values, so the executable
    // times and sizes the program but refuses to compute its values.
    "::mlir::ArrayAttr":$elided_constants,
    // On ops after tpu-assign-buffers: each result's HBM offset; per
    // result, the argument whose donated buffer it takes, or -1; on
    // hlo.while_call and hlo.case_call, the offset of the callees' heap
    // frame, then of each callee's constants, in the caller's region.
    "::mlir::DenseI64ArrayAttr":$hbm_offsets,
    "::mlir::DenseI64ArrayAttr":$donated_arguments,
    "::mlir::DenseI64ArrayAttr":$frame,
    // On function arguments and results: on argument j of an outlined loop
    // body, the loop value j it carries (its output j may take its buffer);
    // the logical type of a lowered function's padded argument or result;
    // a partitioned argument's or result's tiles per dimension and the
    // devices in tile order (tpu-lower, read by the executable writer).
    "::mlir::IntegerAttr":$carried,
    "::mlir::TypeAttr":$logical_type,
    "::mlir::DenseI64ArrayAttr":$tiles,
    "::mlir::DenseI64ArrayAttr":$devices,
    // In the metadata of a fused location (tpu-pad's record of the
    // logical types of an op's padded results).
    "::mlir::ArrayAttr":$logical_types
  );
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
}

#endif // TPU_DIALECTS_TPU_TPUBASE_TD
