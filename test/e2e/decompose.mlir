// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e --layout-mode=min-padding | FileCheck %s

// The programs hlo-decompose rewrites, on the simulated TPU against the
// evaluator: dot_generals outside the MXU's form, matrix-vector products on
// the vector unit, and interior padding (each refused by the lowering
// before).

// CHECK: @matrix_vector: result 0: 37xf32 {{exact|close}}
func.func @matrix_vector(%a: tensor<37x130xf32>, %v: tensor<130xf32>) -> tensor<37xf32> {
  %d = hlo.dot_general %a, %v, contracting_dims = [1] x [0] : (tensor<37x130xf32>, tensor<130xf32>) -> tensor<37xf32>
  return %d : tensor<37xf32>
}

// CHECK: @vector_matrix_bf16: result 0: 10xf32 {{exact|close}}
func.func @vector_matrix_bf16(%v: tensor<5xbf16>, %a: tensor<5x10xbf16>) -> tensor<10xf32> {
  %d = hlo.dot_general %v, %a, contracting_dims = [0] x [0] : (tensor<5xbf16>, tensor<5x10xbf16>) -> tensor<10xf32>
  return %d : tensor<10xf32>
}

// CHECK: @vector_dot_i32: result 0: i32 exact
func.func @vector_dot_i32(%a: tensor<9xi32>, %b: tensor<9xi32>) -> tensor<i32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<9xi32>, tensor<9xi32>) -> tensor<i32>
  return %d : tensor<i32>
}

// Wraps: 37 products of up to 64 overflow i8.
// CHECK: @batched_matrix_vector_i8: result 0: 4x3xi8 exact
func.func @batched_matrix_vector_i8(%a: tensor<4x3x37xi8>, %b: tensor<37x4xi8>) -> tensor<4x3xi8> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<4x3x37xi8>, tensor<37x4xi8>) -> tensor<4x3xi8>
  return %d : tensor<4x3xi8>
}

// CHECK: @two_contracting_batched: result 0: 2x3x6xf32 {{exact|close}}
func.func @two_contracting_batched(%a: tensor<2x3x4x5xf32>, %b: tensor<5x4x2x6xf32>) -> tensor<2x3x6xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [2], contracting_dims = [2, 3] x [1, 0] : (tensor<2x3x4x5xf32>, tensor<5x4x2x6xf32>) -> tensor<2x3x6xf32>
  return %d : tensor<2x3x6xf32>
}

// CHECK: @two_free: result 0: 3x5x7xf32 {{exact|close}}
func.func @two_free(%a: tensor<3x5x8xf32>, %b: tensor<8x7xf32>) -> tensor<3x5x7xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<3x5x8xf32>, tensor<8x7xf32>) -> tensor<3x5x7xf32>
  return %d : tensor<3x5x7xf32>
}

// CHECK: @interior_pad: result 0: 10x24xf32 exact
func.func @interior_pad(%x: tensor<5x10xf32>, %z: tensor<f32>) -> tensor<10x24xf32> {
  %p = hlo.pad %x, %z, low = [1, -2], high = [0, 7], interior = [1, 1] : (tensor<5x10xf32>, tensor<f32>) -> tensor<10x24xf32>
  return %p : tensor<10x24xf32>
}

// Interior padding then a reduction: the interior elements hold the pad
// value and are summed; the tile padding is not.
// CHECK: @interior_pad_reduce: result 0: 3xi32 exact
func.func @interior_pad_reduce(%x: tensor<3x7xi32>, %z: tensor<i32>) -> tensor<3xi32> {
  %p = hlo.pad %x, %z, low = [0, 2], high = [0, -1], interior = [0, 2] : (tensor<3x7xi32>, tensor<i32>) -> tensor<3x20xi32>
  %s = hlo.reduce sum %p, dims = [1] : (tensor<3x20xi32>) -> tensor<3xi32>
  return %s : tensor<3xi32>
}

// Integer matmuls run on the vector unit (the MXU multiplies floats):
// products and sums wrap in the result type.
// CHECK: @matmul_i32: result 0: 37x130xi32 exact
func.func @matmul_i32(%a: tensor<37x20xi32>, %b: tensor<20x130xi32>) -> tensor<37x130xi32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<37x20xi32>, tensor<20x130xi32>) -> tensor<37x130xi32>
  return %d : tensor<37x130xi32>
}

// CHECK: @batched_matmul_i8_wraps: result 0: 3x5x9xi8 exact
func.func @batched_matmul_i8_wraps(%a: tensor<3x5x40xi8>, %b: tensor<40x3x9xi8>) -> tensor<3x5x9xi8> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<3x5x40xi8>, tensor<40x3x9xi8>) -> tensor<3x5x9xi8>
  return %d : tensor<3x5x9xi8>
}

// CHECK: @matmul_i8_into_i32: result 0: 8x16xi32 exact
func.func @matmul_i8_into_i32(%a: tensor<8x300xi8>, %b: tensor<16x300xi8>) -> tensor<8x16xi32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<8x300xi8>, tensor<16x300xi8>) -> tensor<8x16xi32>
  return %d : tensor<8x16xi32>
}
