// RUN: tpu-opt %s -split-input-file -tpu-model-flops | FileCheck %s

// A dot counts 2 x result elements x contracting size, at the program's
// shapes: 2 * 8 * 4 * 16.
// CHECK-LABEL: func.func @dot
// CHECK-SAME:    tpu.model_flops = 1024 : i64
func.func @dot(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %d : tensor<8x4xf32>
}

// -----

// Batched, with two contracting dimensions: 2 * (3 * 5) * (2 * 7).
// CHECK-LABEL: func.func @batched_two_contracting
// CHECK-SAME:    tpu.model_flops = 420 : i64
func.func @batched_two_contracting(%a: tensor<3x2x7x5xf32>, %b: tensor<3x7x2xf32>) -> tensor<3x5xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1, 2] x [2, 1] : (tensor<3x2x7x5xf32>, tensor<3x7x2xf32>) -> tensor<3x5xf32>
  return %d : tensor<3x5xf32>
}

// -----

// A convolution: 2 x result elements x (window taps x input features):
// 2 * (1 * 4 * 4 * 8) * (3 * 3 * 2).
// CHECK-LABEL: func.func @conv
// CHECK-SAME:    tpu.model_flops = 4608 : i64
func.func @conv(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x8xf32>) -> tensor<1x4x4x8xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x8xf32>) -> tensor<1x4x4x8xf32>
  return %y : tensor<1x4x4x8xf32>
}

// -----

// Contractions inside fusions count; elementwise ops and reductions do
// not: 2 * 8 * 4 * 16 + 2 * 8 * 16.
// CHECK-LABEL: func.func @fused_and_vector_matrix
// CHECK-SAME:    tpu.model_flops = 1280 : i64
func.func @fused_and_vector_matrix(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %v: tensor<16xf32>, %m: tensor<16x8xf32>) -> (tensor<8x4xf32>, tensor<8xf32>) {
  %f = hlo.fusion kind = output (%p = %a, %q = %b) : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32> {
    %d = hlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    %e = hlo.exponential %d : tensor<8x4xf32>
    hlo.yield %e : tensor<8x4xf32>
  }
  %vm = hlo.dot_general %v, %m, contracting_dims = [0] x [0] : (tensor<16xf32>, tensor<16x8xf32>) -> tensor<8xf32>
  return %f, %vm : tensor<8x4xf32>, tensor<8xf32>
}

// -----

// No matmul or convolution: zero.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:    tpu.model_flops = 0 : i64
func.func @elementwise(%a: tensor<8x128xf32>) -> tensor<8xf32> {
  %e = hlo.exponential %a : tensor<8x128xf32>
  %s = hlo.reduce sum %e, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// A count past 2^63 - 1 saturates: 2 * 2^31 * 2^31 * 2^31 overflows.
// CHECK-LABEL: func.func @saturates
// CHECK-SAME:    tpu.model_flops = 9223372036854775807 : i64
func.func @saturates(%a: tensor<2147483648x2147483648xbf16>, %b: tensor<2147483648x2147483648xbf16>) -> tensor<2147483648x2147483648xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2147483648x2147483648xbf16>, tensor<2147483648x2147483648xbf16>) -> tensor<2147483648x2147483648xf32>
  return %d : tensor<2147483648x2147483648xf32>
}

// -----

// A counted loop's body counts once per trip: 3 * (2 * 8 * 8 * 8); a loop
// whose count depends on data counts its body once: 2 * 8 * 8 * 8.
// CHECK-LABEL: func.func @loops
// CHECK-SAME:    tpu.model_flops = 4096 : i64
func.func @loops(%x: tensor<8x8xf32>, %n: tensor<i32>) -> tensor<8x8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %h = %x) : tensor<i32>, tensor<8x8xf32>
   cond {
    %p = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %d = hlo.dot_general %h, %h, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.yield %i1, %d : tensor<i32>, tensor<8x8xf32>
  }
  %s:2 = hlo.while(%j = %zero, %g = %r#1) : tensor<i32>, tensor<8x8xf32>
   cond {
    %q = hlo.compare LT, %j, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %q : tensor<i1>
  } do {
    %e = hlo.dot_general %g, %g, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %j1 = hlo.add %j, %one : tensor<i32>
    hlo.yield %j1, %e : tensor<i32>, tensor<8x8xf32>
  }
  return %s#1 : tensor<8x8xf32>
}
