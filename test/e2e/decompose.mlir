// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e --layout-mode=min-padding | FileCheck %s

// The programs hlo-decompose rewrites, on the simulated TPU against the
// evaluator: dot_generals outside the MXU's form and interior padding (each
// refused by the lowering before).

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
