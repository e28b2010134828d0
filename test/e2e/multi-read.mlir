// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=min-padding | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e | FileCheck %s
// RUN: tpu-run %s --function=outer_sum --input="3xf32=1,2,3" | FileCheck %s --check-prefix=OUTER
// OUTER: result[0]: 3x3xf32=[2 3 4][3 4 5][4 5 6]

// One value read through several index maps in one kernel: tpu-lower gives
// each disagreeing read its own copy (a parameter bound to the same HBM
// buffer, or a recomputed op), as XLA's loop fusion computes each element
// from its own index. Checked against the reference evaluator.

// CHECK: @outer_sum: result 0: 3x3xf32 exact
// The pairwise sum x[i] + x[j] (a distance matrix's first step).
func.func @outer_sum(%v: tensor<3xf32>) -> tensor<3x3xf32> {
  %a = hlo.broadcast_in_dim %v, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<3x3xf32>
  %s = hlo.add %a, %b : tensor<3x3xf32>
  return %s : tensor<3x3xf32>
}

// CHECK: @outer_of_computed: result 0: 130x130xf32 exact
// A computed value (exp) read through two maps is recomputed per read.
func.func @outer_of_computed(%v: tensor<130xf32>) -> tensor<130x130xf32> {
  %e = hlo.exponential %v : tensor<130xf32>
  %a = hlo.broadcast_in_dim %e, dims = [0] : (tensor<130xf32>) -> tensor<130x130xf32>
  %b = hlo.broadcast_in_dim %e, dims = [1] : (tensor<130xf32>) -> tensor<130x130xf32>
  %s = hlo.subtract %a, %b : tensor<130x130xf32>
  return %s : tensor<130x130xf32>
}

// CHECK: @symmetric_part: result 0: 37x37xf32 exact
func.func @symmetric_part(%x: tensor<37x37xf32>) -> tensor<37x37xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<37x37xf32>) -> tensor<37x37xf32>
  %s = hlo.add %x, %t : tensor<37x37xf32>
  return %s : tensor<37x37xf32>
}

// CHECK: @gram: result 0: 10x10xf32 exact
// x . x^T: the matmul reads one value as both operands.
func.func @gram(%x: tensor<10x37xf32>) -> tensor<10x10xf32> {
  %g = hlo.dot_general %x, %x, contracting_dims = [1] x [1] : (tensor<10x37xf32>, tensor<10x37xf32>) -> tensor<10x10xf32>
  return %g : tensor<10x10xf32>
}

// CHECK: @stencil: result 0: 8x128xf32 exact
// A 3-point stencil: three shifted windows of one value.
func.func @stencil(%x: tensor<8x130xf32>) -> tensor<8x128xf32> {
  %l = hlo.slice %x [0:8, 0:128] : (tensor<8x130xf32>) -> tensor<8x128xf32>
  %c = hlo.slice %x [0:8, 1:129] : (tensor<8x130xf32>) -> tensor<8x128xf32>
  %r = hlo.slice %x [0:8, 2:130] : (tensor<8x130xf32>) -> tensor<8x128xf32>
  %lc = hlo.add %l, %c : tensor<8x128xf32>
  %s = hlo.add %lc, %r : tensor<8x128xf32>
  return %s : tensor<8x128xf32>
}

// CHECK: @reverse_sum: result 0: 5x37xi32 exact
func.func @reverse_sum(%x: tensor<5x37xi32>) -> tensor<5x37xi32> {
  %r = hlo.reverse %x, dims = [1] : tensor<5x37xi32>
  %s = hlo.add %x, %r : tensor<5x37xi32>
  return %s : tensor<5x37xi32>
}

// CHECK: @row_col_max: result 0: 16xf32 exact
// A reduction's input read through two maps (x[i, j] * x[j, i], summed).
func.func @row_col_max(%x: tensor<16x16xf32>) -> tensor<16xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %p = hlo.multiply %x, %t : tensor<16x16xf32>
  %r = hlo.reduce max %p, dims = [1] : (tensor<16x16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// A stencil of a computed value: hlo-fuse puts the slices and pads in the
// reading kernel as window reads of x, which its own kernel writes.
// CHECK: @shifted_stencil: result 0: 300x200xf32 exact
// CHECK: @shifted_stencil: result 1: 300x200xf32 exact
func.func @shifted_stencil(%a: tensor<300x200xf32>, %b: tensor<300x200xf32>) -> (tensor<300x200xf32>, tensor<300x200xf32>) {
  %x = hlo.exponential %a : tensor<300x200xf32>
  %y = hlo.multiply %x, %b : tensor<300x200xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %l = hlo.slice %x [0:299, 0:200] : (tensor<300x200xf32>) -> tensor<299x200xf32>
  %left = hlo.pad %l, %zero, low = [1, 0], high = [0, 0], interior = [0, 0] : (tensor<299x200xf32>, tensor<f32>) -> tensor<300x200xf32>
  %r = hlo.slice %x [0:300, 3:200] : (tensor<300x200xf32>) -> tensor<300x197xf32>
  %right = hlo.pad %r, %zero, low = [0, 0], high = [0, 3], interior = [0, 0] : (tensor<300x197xf32>, tensor<f32>) -> tensor<300x200xf32>
  %s = hlo.add %left, %right : tensor<300x200xf32>
  return %s, %y : tensor<300x200xf32>, tensor<300x200xf32>
}
