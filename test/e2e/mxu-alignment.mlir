// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e --layout-mode=xla-default | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v2 | FileCheck %s

// MXU operands keep their tile-padded sizes in HBM; tpu-lower aligns K and
// N to the systolic array in VMEM. Contracted dimensions meet at the
// smaller padded size of the two operands, so the wider one is read
// through a slice that drops tile padding. Here that padding is not zero
// (exp(0) = 1 in the padded features and columns), so a kernel that read
// past the logical K would be wrong.

// CHECK: @conv_chain: result 0: 2x8x8x64xf32 {{exact|close}}
func.func @conv_chain(%x: tensor<2x8x8x128xf32>, %w1: tensor<3x3x128x64xf32>, %w2: tensor<3x3x64x64xf32>) -> tensor<2x8x8x64xf32> {
  %c1 = hlo.convolution %x, %w1, window = {pad = [[1, 1], [1, 1]]}, precision = HIGHEST : (tensor<2x8x8x128xf32>, tensor<3x3x128x64xf32>) -> tensor<2x8x8x64xf32>
  %r1 = hlo.exponential %c1 : tensor<2x8x8x64xf32>
  %c2 = hlo.convolution %r1, %w2, window = {pad = [[1, 1], [1, 1]]}, precision = HIGHEST : (tensor<2x8x8x64xf32>, tensor<3x3x64x64xf32>) -> tensor<2x8x8x64xf32>
  return %c2 : tensor<2x8x8x64xf32>
}

// CHECK: @dot_chain: result 0: 8x130xf32 {{exact|close}}
func.func @dot_chain(%x: tensor<8x100xf32>, %w: tensor<100x100xf32>, %v: tensor<100x130xf32>) -> tensor<8x130xf32> {
  %h = hlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<8x100xf32>, tensor<100x100xf32>) -> tensor<8x100xf32>
  %e = hlo.exponential %h : tensor<8x100xf32>
  %y = hlo.dot_general %e, %v, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<8x100xf32>, tensor<100x130xf32>) -> tensor<8x130xf32>
  return %y : tensor<8x130xf32>
}

// f32 at HIGHEST, so that the evaluator's f32 products match exactly.
// K = 3 (an RGB stem) and N = 10 (a classifier) on the MXU.
// CHECK: @small_k_n: result 0: 37x10xf32 {{exact|close}}
func.func @small_k_n(%x: tensor<37x3xf32>, %w: tensor<3x10xf32>) -> tensor<37x10xf32> {
  %e = hlo.exponential %x : tensor<37x3xf32>
  %y = hlo.dot_general %e, %w, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<37x3xf32>, tensor<3x10xf32>) -> tensor<37x10xf32>
  return %y : tensor<37x10xf32>
}

// K = 100 meets at 104 (the second weights' sublanes): the first fusion's
// epilogue zeroes features 100 to 127 of its result, where exp(0) = 1.
// CHECK: @conv_chain_masked: result 0: 2x8x8x100xf32 {{exact|close}}
func.func @conv_chain_masked(%x: tensor<2x8x8x128xf32>, %w1: tensor<3x3x128x100xf32>, %w2: tensor<3x3x100x100xf32>) -> tensor<2x8x8x100xf32> {
  %c1 = hlo.convolution %x, %w1, window = {pad = [[1, 1], [1, 1]]}, precision = HIGHEST : (tensor<2x8x8x128xf32>, tensor<3x3x128x100xf32>) -> tensor<2x8x8x100xf32>
  %r1 = hlo.exponential %c1 : tensor<2x8x8x100xf32>
  %c2 = hlo.convolution %r1, %w2, window = {pad = [[1, 1], [1, 1]]}, precision = HIGHEST : (tensor<2x8x8x100xf32>, tensor<3x3x100x100xf32>) -> tensor<2x8x8x100xf32>
  return %c2 : tensor<2x8x8x100xf32>
}

// Free dimensions meet at the smallest padded size too: the weights' 16
// columns fill 128 lanes, the result keeps its 16 in sublanes under
// min-padding (the one-hot shape: 10 classes to 16 features).
// CHECK: @onehot_dot: result 0: 300x16xf32 {{exact|close}}
func.func @onehot_dot(%labels: tensor<300xi32>, %w: tensor<10x16xf32>) -> tensor<300x16xf32> {
  %iota = hlo.iota dim = 1 : tensor<300x10xi32>
  %b = hlo.broadcast_in_dim %labels, dims = [0] : (tensor<300xi32>) -> tensor<300x10xi32>
  %eq = hlo.compare EQ, %iota, %b : (tensor<300x10xi32>, tensor<300x10xi32>) -> tensor<300x10xi1>
  %one = hlo.constant dense<1.0> : tensor<300x10xf32>
  %zero = hlo.constant dense<0.0> : tensor<300x10xf32>
  %oh = hlo.select %eq, %one, %zero : tensor<300x10xi1>, tensor<300x10xf32>
  %y = hlo.dot_general %oh, %w, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<300x10xf32>, tensor<10x16xf32>) -> tensor<300x16xf32>
  return %y : tensor<300x16xf32>
}
