// RUN: tpu-opt %s -split-input-file --hlo-spmd-partition=devices=4 | FileCheck %s
// RUN: tpu-opt %s -split-input-file --hlo-spmd-partition=devices=1 | FileCheck %s --check-prefix=ONE
// Each function becomes the program of every one of 4 devices.
// On one device the annotations are dropped and nothing else changes.
// ONE-NOT: hlo.sharding
// ONE-NOT: all_gather
// ONE-NOT: reduce_scatter
// ONE-NOT: device_id

// Both operands cut along the contracted batch: partial sums, all-reduced.
// CHECK-LABEL: func.func @dp_grad
// CHECK-SAME: %{{.*}}: tensor<2x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// CHECK-SAME: -> (tensor<16x32xf32> {hlo.sharding = #hlo.sharding<"{replicated}">})
// CHECK: %[[P:.*]] = hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [0] x [0] : (tensor<2x16xf32>, tensor<2x32xf32>) -> tensor<16x32xf32>
// CHECK: hlo.all_reduce sum %[[P]] {groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>} : tensor<16x32xf32>
func.func @dp_grad(%x: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                   %dy: tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<16x32xf32> {
  %g = hlo.dot_general %x, %dy, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  return %g : tensor<16x32xf32>
}

// -----

// The sum feeds a cut state: each device keeps its rows of it, in the
// state's device order.
// CHECK-LABEL: func.func @zero_update
// CHECK: hlo.reduce_scatter sum %{{.*}}, dim = 0 {groups = dense<{{\[\[}}3, 2, 1, 0]]> : tensor<1x4xi64>} : (tensor<16x32xf32>) -> tensor<4x32xf32>
// CHECK-NOT: all_reduce
func.func @zero_update(%x: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                       %dy: tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                       %m: tensor<16x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]3,2,1,0}">}) -> tensor<16x32xf32> {
  %g = hlo.dot_general %x, %dy, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  %n = hlo.add %m, %g : tensor<16x32xf32>
  return %n : tensor<16x32xf32>
}

// -----

// Column- then row-parallel: no traffic until the one all-reduce.
// CHECK-LABEL: func.func @megatron
// CHECK-SAME: tensor<16x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}
// CHECK-NOT: all_gather
// CHECK: hlo.dot_general {{.*}} -> tensor<8x16xf32>
// CHECK: hlo.dot_general {{.*}} -> tensor<8x16xf32>
// CHECK: hlo.all_reduce sum
func.func @megatron(%x: tensor<8x16xf32>,
                    %w1: tensor<16x64xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">},
                    %w2: tensor<64x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<8x16xf32> {
  %h = hlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
  %y = hlo.dot_general %h, %w2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// -----

// Rows to columns: gather the rows, cut the columns at offsets read by
// device id.
// CHECK-LABEL: func.func @reshard
// CHECK-SAME: -> (tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">})
// CHECK: %[[ID:.*]] = hlo.device_id : tensor<ui32>
// CHECK: %[[I:.*]] = hlo.convert %[[ID]] : (tensor<ui32>) -> tensor<i32>
// CHECK: %[[G:.*]] = hlo.all_gather %{{.*}}, dim = 0 {{.*}} : (tensor<2x32xf32>) -> tensor<8x32xf32>
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK: %[[T:.*]] = hlo.constant dense<[0, 8, 16, 24]> : tensor<4xi32>
// CHECK: %[[S:.*]] = hlo.dynamic_slice %[[T]][%[[I]]], sizes = [1]
// CHECK: %[[O:.*]] = hlo.reshape %[[S]] : (tensor<1xi32>) -> tensor<i32>
// CHECK: hlo.dynamic_slice %[[G]][%[[ZERO]], %[[O]]], sizes = [8, 8] : (tensor<8x32xf32>, tensor<i32>, tensor<i32>) -> tensor<8x8xf32>
func.func @reshard(%x: tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">})
    -> (tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}) {
  return %x : tensor<8x32xf32>
}

// -----

// A 2x2 grid reduced along its columns: the two devices of each row
// combine their maxima; the result is cut in rows and held twice.
// CHECK-LABEL: func.func @reduce_max
// CHECK-SAME: -> (tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[4] last_tile_dim_replicate}">})
// CHECK: hlo.reduce max %{{.*}}, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK: hlo.all_reduce max %{{.*}} {groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>} : tensor<4xf32>
func.func @reduce_max(%x: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[4]}">}) -> tensor<8xf32> {
  %m = hlo.reduce max %x, dims = [1] : (tensor<8x16xf32>) -> tensor<8xf32>
  return %m : tensor<8xf32>
}

// -----

// An op without a rule computes the whole tensor.
// CHECK-LABEL: func.func @fallback
// CHECK: %[[G:.*]] = hlo.all_gather
// CHECK: hlo.reverse %[[G]], dims = [0] : tensor<8x8xf32>
func.func @fallback(%x: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<8x8xf32> {
  %r = hlo.reverse %x, dims = [0] : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// Private functions are called with whole tensors: annotations dropped.
// CHECK-LABEL: func.func private @helper(%{{.*}}: tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return
func.func private @helper(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = hlo.sharding_constraint %x {sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">} : tensor<8x8xf32>
  return %c : tensor<8x8xf32>
}

// -----

// A program with its own collectives is written per device: left alone.
// CHECK-LABEL: func.func @pmap(%{{.*}}: tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: hlo.all_reduce
func.func @pmap(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = hlo.all_reduce sum %x {groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A convolution cut along its batch: each device convolves its images with
// the whole kernel, no traffic.
// CHECK-LABEL: func.func @conv
// CHECK-SAME: -> (tensor<1x6x6x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1,1,1]<=[4]}">})
// CHECK-NOT: all_gather
// CHECK: hlo.convolution {{.*}} : (tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
func.func @conv(%x: tensor<4x8x8x2xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1,1,1]<=[4]}">}, %k: tensor<3x3x2x4xf32>) -> tensor<4x6x6x4xf32> {
  %y = hlo.convolution %x, %k, window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} : (tensor<4x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<4x6x6x4xf32>
  return %y : tensor<4x6x6x4xf32>
}
