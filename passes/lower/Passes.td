//===- Passes.td - lower passes ----------------------------*- tablegen -*-===//
//
// Lowering to TensorCore kernels.
// Each pass's rationale is in docs/passes.md; passes/Passes.h declares
// the passes of every phase.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_LOWER_PASSES_TD
#define TPU_PASSES_LOWER_PASSES_TD

include "mlir/Pass/PassBase.td"

def TPULower : Pass<"tpu-lower", "::mlir::ModuleOp"> {
  let summary = "Lower buffer-assigned hlo to TensorCore kernels";
  let description = [{
    Turns each function that `tpu-assign-buffers` scheduled into HBM
    buffers and `tpu.kernel`s, one kernel per fusion or unfused op, in
    schedule order. Arguments and results become `memref`s of their
    physical (tile-padded, major-to-minor) shapes in HBM and keep their
    tensor types as `tpu.logical_type`; temporaries and constants become
    `tpu.hbm_buffer`s at their assigned offsets.

    A kernel walks a grid of blocks of its iteration space (the output, plus
    the reduced or contracted dimensions innermost) as one software-
    pipelined loop: the DMAs of block t+1 start before block t is computed,
    into the other of two VMEM slots, and each output block is written back
    by DMA while the next is computed. Matmuls run on the MXU with f32
    accumulation in VMEM across K blocks; elementwise, select, compare,
    conversion and iota work and reductions run on the vector unit, reading
    broadcast operands through index maps. Block sizes are multiples of
    the (8,128) tile, at most 512 per dimension, and shrink until the
    double-buffered working set fits half of the target's VMEM.

    ```mlir
    tpu.kernel "fusion.0" {
      scf.for %t = %c0 to %c3 step %c1 {
        tpu.dma_start %x[...], %next[...], %sem_next, sizes = [128, 512]
        tpu.dma_wait %sem
        tpu.matmul %lhs, %rhs, %acc accumulate precision = default
        ...
    ```
  }];
  let options = [
    Option<"maxReadCopies", "max-read-copies", "int64_t", /*default=*/"-1",
           "Copies a kernel may make of a value it reads through several "
           "index maps (a parameter bound again, or an op recomputed) "
           "before the lowering gives up; -1 is 4 x the kernel's ops + 8">
  ];
  let dependentDialects = ["::mlir::tpu::TPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TPU_PASSES_LOWER_PASSES_TD
