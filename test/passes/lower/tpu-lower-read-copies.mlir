// RUN: tpu-opt %s -split-input-file --tpu-compile="compile-to=buffers" -tpu-lower | FileCheck %s

// One value broadcast along two dimensions in one kernel (an outer sum):
// the parameter is bound twice, and the kernel loads the one HBM buffer
// into two VMEM buffers, one per index map.
// CHECK-LABEL: func.func @outer_sum
// CHECK:         tpu.kernel "fusion"
// CHECK:         tpu.dma_start %arg0[%{{.+}}], %[[A:.+]][%{{.+}}], {{.*}} sizes = [128]
// CHECK:         tpu.dma_start %arg0[%{{.+}}], %[[B:.+]][%{{.+}}], {{.*}} sizes = [4]
func.func @outer_sum(%v: tensor<3xf32>) -> tensor<3x3xf32> {
  %a = hlo.broadcast_in_dim %v, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<3x3xf32>
  %s = hlo.add %a, %b : tensor<3x3xf32>
  return %s : tensor<3x3xf32>
}

// -----

// A computed value read through two maps is recomputed per read: the
// kernel applies exp twice, to the two loads of its operand.
// CHECK-LABEL: func.func @outer_of_computed
// CHECK:         tpu.kernel
// CHECK-COUNT-2: tpu.vector exp(
func.func @outer_of_computed(%v: tensor<130xf32>) -> tensor<130x130xf32> {
  %e = hlo.exponential %v : tensor<130xf32>
  %a = hlo.broadcast_in_dim %e, dims = [0] : (tensor<130xf32>) -> tensor<130x130xf32>
  %b = hlo.broadcast_in_dim %e, dims = [1] : (tensor<130xf32>) -> tensor<130x130xf32>
  %s = hlo.subtract %a, %b : tensor<130x130xf32>
  return %s : tensor<130x130xf32>
}
