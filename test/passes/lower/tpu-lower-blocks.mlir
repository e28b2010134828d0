// RUN: tpu-opt %s -split-input-file --tpu-compile="compile-to=lower layout-mode=xla-default" | FileCheck %s

// Block planning when tile-aligned blocks do not fit VMEM. Under XLA's
// default layouts this transpose's first and last dimensions are each minor
// (padded to 128 lanes) in one value and major in the other, so blocks
// aligned to both tilings are 128 x 16 x 16 x 128 elements in both values
// (over half of v3's 16M of VMEM when double-buffered). The planner then
// halves, below their alignment, the blocks whose halving shrinks the
// footprint most; the kernel is slower (partly filled tiles), not refused.
// CHECK-LABEL: func.func @transpose_minor_to_major
// CHECK:         tpu.kernel
// CHECK-COUNT-2:   tpu.alloc : memref<64x8x4x128xi32, #tpu.memory_space<vmem>>
// CHECK-COUNT-2:   tpu.alloc : memref<128x4x8x64xi32, #tpu.memory_space<vmem>>
func.func @transpose_minor_to_major(%x: tensor<2x16x16x51xi32>) -> tensor<51x16x16x2xi32> {
  %t = hlo.transpose %x, dims = [3, 2, 1, 0] : (tensor<2x16x16x51xi32>) -> tensor<51x16x16x2xi32>
  return %t : tensor<51x16x16x2xi32>
}
