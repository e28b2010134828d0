// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e --layout-mode=min-padding | FileCheck %s

// Reductions on the vector unit and matmuls on the MXU against the
// evaluator.

// CHECK: @reduce_kinds: result 0: 10xf32 {{exact|close}}
// CHECK-NEXT: @reduce_kinds: result 1: 10xf32 {{exact|close}}
// CHECK-NEXT: @reduce_kinds: result 2: 300xf32 {{exact|close}}
// CHECK-NEXT: @reduce_kinds: result 3: 300xf32 {{exact|close}}
func.func @reduce_kinds(%x: tensor<10x300xf32>) -> (tensor<10xf32>, tensor<10xf32>, tensor<300xf32>, tensor<300xf32>) {
  %s = hlo.reduce sum %x, dims = [1] : (tensor<10x300xf32>) -> tensor<10xf32>
  %m = hlo.reduce max %x, dims = [1] : (tensor<10x300xf32>) -> tensor<10xf32>
  %n = hlo.reduce min %x, dims = [0] : (tensor<10x300xf32>) -> tensor<300xf32>
  %h = hlo.constant dense<0.5> : tensor<10x300xf32>
  %a = hlo.add %x, %h : tensor<10x300xf32>
  %p = hlo.reduce product %a, dims = [0] : (tensor<10x300xf32>) -> tensor<300xf32>
  return %s, %m, %n, %p : tensor<10xf32>, tensor<10xf32>, tensor<300xf32>, tensor<300xf32>
}

// CHECK: @softmax_rows: result 0: 16x1000xf32 {{exact|close}}
func.func @softmax_rows(%x: tensor<16x1000xf32>) -> tensor<16x1000xf32> {
  %m = hlo.reduce max %x, dims = [1] : (tensor<16x1000xf32>) -> tensor<16xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<16xf32>) -> tensor<16x1000xf32>
  %d = hlo.subtract %x, %mb : tensor<16x1000xf32>
  %e = hlo.exponential %d : tensor<16x1000xf32>
  %s = hlo.reduce sum %e, dims = [1] : (tensor<16x1000xf32>) -> tensor<16xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<16xf32>) -> tensor<16x1000xf32>
  %y = hlo.divide %e, %sb : tensor<16x1000xf32>
  return %y : tensor<16x1000xf32>
}

// CHECK: @reduce_all_i32: result 0: i32 exact
func.func @reduce_all_i32(%x: tensor<3x7x50xi32>) -> tensor<i32> {
  %s = hlo.reduce sum %x, dims = [0, 1, 2] : (tensor<3x7x50xi32>) -> tensor<i32>
  return %s : tensor<i32>
}

// CHECK: @dot_unaligned_bf16: result 0: 33x70xf32 {{exact|close}}
func.func @dot_unaligned_bf16(%x: tensor<33x200xbf16>, %w: tensor<200x70xbf16>) -> tensor<33x70xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<33x200xbf16>, tensor<200x70xbf16>) -> tensor<33x70xf32>
  return %y : tensor<33x70xf32>
}

// CHECK: @dot_batched_transposed: result 0: 4x24x40xf32 {{exact|close}}
func.func @dot_batched_transposed(%x: tensor<4x130x24xf32>, %w: tensor<4x40x130xf32>) -> tensor<4x24x40xf32> {
  %y = hlo.dot_general %x, %w, batching_dims = [0] x [0], contracting_dims = [1] x [2], precision = HIGHEST : (tensor<4x130x24xf32>, tensor<4x40x130xf32>) -> tensor<4x24x40xf32>
  return %y : tensor<4x24x40xf32>
}

// CHECK: @dot_bf16_result: result 0: 64x256xbf16 {{exact|close}}
func.func @dot_bf16_result(%x: tensor<64x300xbf16>, %w: tensor<300x256xbf16>) -> tensor<64x256xbf16> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x300xbf16>, tensor<300x256xbf16>) -> tensor<64x256xbf16>
  return %y : tensor<64x256xbf16>
}

// Index reductions: the inputs repeat values, so ties are exercised.
// CHECK: @argmax_rows: result 0: 6xi32 exact
func.func @argmax_rows(%x: tensor<6x700xf32>) -> tensor<6xi32> {
  %r = hlo.argmax %x, dim = 1 : (tensor<6x700xf32>) -> tensor<6xi32>
  return %r : tensor<6xi32>
}

// CHECK: @argmin_cols: result 0: 20xi32 exact
func.func @argmin_cols(%x: tensor<300x20xf32>) -> tensor<20xi32> {
  %r = hlo.argmin %x, dim = 0 : (tensor<300x20xf32>) -> tensor<20xi32>
  return %r : tensor<20xi32>
}

// CHECK: @argmax_3d_fused: result 0: 4x130xi32 exact
func.func @argmax_3d_fused(%x: tensor<4x9x130xbf16>) -> tensor<4x130xi32> {
  %n = hlo.negate %x : tensor<4x9x130xbf16>
  %r = hlo.argmax %n, dim = 1 : (tensor<4x9x130xbf16>) -> tensor<4x130xi32>
  return %r : tensor<4x130xi32>
}

// Under min-padding layouts the result's dimensions are ordered {0,1}
// against the input's kept {2,0}: the best values and indices accumulate
// in the input's order and are copied into the result block transposed.
// CHECK: @argmin_permuted_result: result 0: 10x5xi32 exact
func.func @argmin_permuted_result(%x: tensor<10x128x5xi32>) -> tensor<10x5xi32> {
  %a = hlo.argmin %x, dim = 1 : (tensor<10x128x5xi32>) -> tensor<10x5xi32>
  return %a : tensor<10x5xi32>
}

// CHECK: @argmax_i32: result 0: 5xi32 exact
func.func @argmax_i32(%x: tensor<5x1000xi32>) -> tensor<5xi32> {
  %r = hlo.argmax %x, dim = 1 : (tensor<5x1000xi32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}
