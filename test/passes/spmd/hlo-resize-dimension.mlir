// RUN: tpu-opt %s -split-input-file --hlo-resize-dimension="resize=x:0=32" | FileCheck %s
// RUN: tpu-opt %s -split-input-file --hlo-resize-dimension="resize=0:0=32" | FileCheck %s
// The batch of 8 becomes 32, with every dimension derived from it: by
// elementwise ops, broadcasts (the bias's expanded dimension, through the
// add that reads it), matmuls, reductions, reshapes (the batch merged into
// batch*4), full slices, splat constants and the function's type. The
// weights and what does not derive from the batch keep their sizes.

// CHECK-LABEL: func.func @mlp
// CHECK-SAME: (%{{.*}}: tensor<32x16xf32>, %{{.*}}: tensor<16x4xf32>, %{{.*}}: tensor<4xf32>) -> (tensor<32x4xf32>, tensor<128xf32>, tensor<4xf32>)
// CHECK: hlo.dot_general {{.*}} -> tensor<32x4xf32>
// CHECK: hlo.broadcast_in_dim {{.*}} -> tensor<32x4xf32>
// CHECK: hlo.constant dense<1.000000e+00> : tensor<32x4xf32>
// CHECK: hlo.slice %{{.*}} [0:32, 0:4] : (tensor<32x4xf32>) -> tensor<32x4xf32>
// CHECK: hlo.reshape {{.*}} -> tensor<128xf32>
// CHECK: hlo.reduce sum {{.*}} -> tensor<4xf32>
func.func @mlp(%x: tensor<8x16xf32> loc("x"), %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<32xf32>, tensor<4xf32>) {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %y = hlo.add %d, %bb : tensor<8x4xf32>
  %one = hlo.constant dense<1.0> : tensor<8x4xf32>
  %z = hlo.multiply %y, %one : tensor<8x4xf32>
  %s = hlo.slice %z [0:8, 0:4] : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = hlo.reshape %s : (tensor<8x4xf32>) -> tensor<32xf32>
  %sum = hlo.reduce sum %s, dims = [0] : (tensor<8x4xf32>) -> tensor<4xf32>
  return %s, %r, %sum : tensor<8x4xf32>, tensor<32xf32>, tensor<4xf32>
}

// -----

// A loop carrying the batch: its operands, regions and results.
// CHECK-LABEL: func.func @loop
// CHECK-SAME: -> tensor<32x4xf32>
// CHECK: hlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : tensor<i32>, tensor<32x4xf32>
// CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<32x4xf32>
func.func @loop(%x: tensor<8x4xf32> loc("x")) -> tensor<8x4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %n = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<8x4xf32>
   cond {
    %p = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %a1 = hlo.add %acc, %acc : tensor<8x4xf32>
    hlo.yield %i1, %a1 : tensor<i32>, tensor<8x4xf32>
  }
  return %r#1 : tensor<8x4xf32>
}
