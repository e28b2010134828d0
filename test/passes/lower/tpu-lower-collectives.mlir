// RUN: tpu-opt %s -split-input-file -tpu-compile="compile-to=lower" | FileCheck %s
// Collectives are no kernels: the scalar core hands their HBM buffers to
// the ICI between kernels, with the logical tensors and layouts the runtime
// reads and writes through (so a 5x7 tensor needs no slice or pad around
// it), and the hlo op's attributes in plain form. Values are checked end to
// end in test/e2e/collectives.mlir.

// CHECK-LABEL: func.func @all_reduce
// CHECK: tpu.kernel "fusion"
// CHECK: %[[OUT:.*]] = tpu.hbm_buffer
// CHECK-NEXT: tpu.collective "all_reduce" from %{{.*}} : memref<8x128xf32, #tpu.memory_space<hbm>> into %[[OUT]] {dst_type = tensor<5x7xf32, #tpu.layout<{1,0:T(8,128)}>>, params = {groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, kind = "sum"}, src_type = tensor<5x7xf32, #tpu.layout<{1,0:T(8,128)}>>}
// CHECK-NOT: tpu.collective
// CHECK: tpu.kernel "fusion_0"
func.func @all_reduce(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %y = hlo.exponential %x : tensor<5x7xf32>
  %r = hlo.all_reduce sum %y {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : tensor<5x7xf32>
  %z = hlo.negate %r : tensor<5x7xf32>
  return %z : tensor<5x7xf32>
}

// -----

// CHECK-LABEL: func.func @gather_and_id
// CHECK: tpu.collective "device_id" into %{{.*}} {dst_type = tensor<ui32, #tpu.layout<{:T(256)}>>, params = {}} : memref<ui32, #tpu.memory_space<hbm>>
// CHECK: tpu.collective "all_gather" from %arg0 : memref<8x128xf32, #tpu.memory_space<hbm>> into %{{.*}} {dst_type = tensor<16x128xf32, #tpu.layout<{1,0:T(8,128)}>>, params = {dimension = 0 : i64, groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>}
func.func @gather_and_id(%x: tensor<8x128xf32>) -> (tensor<16x128xf32>, tensor<ui32>) {
  %id = hlo.device_id : tensor<ui32>
  %g = hlo.all_gather %x, dim = 0 {groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<8x128xf32>) -> tensor<16x128xf32>
  return %g, %id : tensor<16x128xf32>, tensor<ui32>
}
