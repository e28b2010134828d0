// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @collectives
func.func @collectives(%x: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<16x4xf32>, tensor<4x4xf32>, tensor<4x8xf32>, tensor<8x4xf32>, tensor<ui32>) {
  // CHECK: hlo.all_reduce sum %{{.*}} {channel_id = 1 : i64, groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>} : tensor<8x4xf32>
  %r = hlo.all_reduce sum %x {groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_id = 1} : tensor<8x4xf32>
  // CHECK: hlo.all_gather %{{.*}}, dim = 0 {groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>} : (tensor<8x4xf32>) -> tensor<16x4xf32>
  %g = hlo.all_gather %x, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x4xf32>) -> tensor<16x4xf32>
  // CHECK: hlo.reduce_scatter max %{{.*}}, dim = 0
  %s = hlo.reduce_scatter max %x, dim = 0 {groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<8x4xf32>) -> tensor<4x4xf32>
  // CHECK: hlo.all_to_all %{{.*}}, split_dim = 0, concat_dim = 1
  %a = hlo.all_to_all %x, split_dim = 0, concat_dim = 1 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
  // CHECK: hlo.collective_permute %{{.*}} {pairs = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>} : tensor<8x4xf32>
  %p = hlo.collective_permute %x {pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : tensor<8x4xf32>
  // CHECK: hlo.device_id : tensor<ui32>
  %id = hlo.device_id : tensor<ui32>
  return %r, %g, %s, %a, %p, %id : tensor<8x4xf32>, tensor<16x4xf32>, tensor<4x4xf32>, tensor<4x8xf32>, tensor<8x4xf32>, tensor<ui32>
}
