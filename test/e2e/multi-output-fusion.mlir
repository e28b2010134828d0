// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=xla-default | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=min-padding --target=v5e | FileCheck %s

// Output fusions with several results (hlo-fuse keeps a value its readers
// outside the fusion need as an extra result): one kernel writes each
// result's block from its own output slots. Shapes are awkward so that
// every result is masked at its edges.

// The matmul result itself beside its epilogue.
// CHECK: @matmul_and_epilogue: result 0: 37x130xf32 {{exact|close}}
// CHECK-NEXT: @matmul_and_epilogue: result 1: 37x130xf32 {{exact|close}}
func.func @matmul_and_epilogue(%a: tensor<37x70xf32>, %b: tensor<70x130xf32>, %bias: tensor<130xf32>) -> (tensor<37x130xf32>, tensor<37x130xf32>) {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<37x70xf32>, tensor<70x130xf32>) -> tensor<37x130xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<130xf32>) -> tensor<37x130xf32>
  %s = hlo.add %d, %bb : tensor<37x130xf32>
  %z = hlo.constant dense<0.0> : tensor<37x130xf32>
  %r = hlo.maximum %s, %z : tensor<37x130xf32>
  %t = hlo.tanh %r : tensor<37x130xf32>
  return %d, %t : tensor<37x130xf32>, tensor<37x130xf32>
}

// Three results, one of them read again by a later kernel (a residual).
// CHECK: @three_results_and_a_residual: result 0: 10x3x257xf32 {{exact|close}}
// CHECK-NEXT: @three_results_and_a_residual: result 1: 10x3x257xf32 {{exact|close}}
// CHECK-NEXT: @three_results_and_a_residual: result 2: 10x3x257xf32 {{exact|close}}
func.func @three_results_and_a_residual(%a: tensor<10x3x20xf32>, %b: tensor<10x20x257xf32>, %c: tensor<10x3x257xf32>) -> (tensor<10x3x257xf32>, tensor<10x3x257xf32>, tensor<10x3x257xf32>) {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<10x3x20xf32>, tensor<10x20x257xf32>) -> tensor<10x3x257xf32>
  %e = hlo.multiply %d, %d : tensor<10x3x257xf32>
  %f0 = hlo.add %e, %c : tensor<10x3x257xf32>
  %f = hlo.negate %e : tensor<10x3x257xf32>
  %g = hlo.add %f, %d : tensor<10x3x257xf32>
  %s = hlo.reduce sum %f0, dims = [1] : (tensor<10x3x257xf32>) -> tensor<10x257xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0, 2] : (tensor<10x257xf32>) -> tensor<10x3x257xf32>
  %h = hlo.subtract %g, %sb : tensor<10x3x257xf32>
  return %e, %h, %d : tensor<10x3x257xf32>, tensor<10x3x257xf32>, tensor<10x3x257xf32>
}

// A bf16 matmul whose f32 accumulator is converted into two results.
// CHECK: @bf16_results: result 0: 16x128xbf16 {{exact|close}}
// CHECK-NEXT: @bf16_results: result 1: 16x128xbf16 {{exact|close}}
func.func @bf16_results(%a: tensor<16x64xbf16>, %b: tensor<64x128xbf16>) -> (tensor<16x128xbf16>, tensor<16x128xbf16>) {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x64xbf16>, tensor<64x128xbf16>) -> tensor<16x128xbf16>
  %e = hlo.exponential %d : tensor<16x128xbf16>
  return %e, %d : tensor<16x128xbf16>, tensor<16x128xbf16>
}
