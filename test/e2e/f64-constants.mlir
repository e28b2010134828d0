// PyTorch exports write Python floats as f64 constants converted at once to
// the model's type; the import folds them (one rounding from f64) and the
// program runs on the TPU. Inputs are run-time arguments; the expected
// values are computed by hand.
// RUN: tpu-run %s --input=4xf32=1,2,-3,0.5 --input=4xbf16=0,0.5,-1,1 | FileCheck %s

// x * 0.125 + 1e-5 in f32: 0.12501, 0.25001, -0.37499, 0.06251.
// CHECK: result[0]: 4xf32=0.12501 0.25001 -0.37499 0.06251
// y + (1 + 2^-8 + 2^-30) in bf16: the constant rounds once to 1.0078125
// (rounded through f32 it would be 1: 1, 1.5, 0, 2), so 1.0078125,
// 1.5078125, 0.0078125, and 2.0078125 rounded to bf16's 8 bits: 2.
// CHECK: result[1]: 4xbf16=1.007812 1.507812 0.0078125 2
func.func @main(%x: tensor<4xf32>, %y: tensor<4xbf16>) -> (tensor<4xf32>, tensor<4xbf16>) {
  %scale = stablehlo.constant dense<0.125> : tensor<f64>
  %s32 = stablehlo.convert %scale : (tensor<f64>) -> tensor<f32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<f64>
  %e32 = stablehlo.convert %eps : (tensor<f64>) -> tensor<f32>
  %sb = stablehlo.broadcast_in_dim %s32, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %eb = stablehlo.broadcast_in_dim %e32, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %m = stablehlo.multiply %x, %sb : tensor<4xf32>
  %r0 = stablehlo.add %m, %eb : tensor<4xf32>
  %c = stablehlo.constant dense<1.0039062509313226> : tensor<f64>
  %cb = stablehlo.convert %c : (tensor<f64>) -> tensor<bf16>
  %cbb = stablehlo.broadcast_in_dim %cb, dims = [] : (tensor<bf16>) -> tensor<4xbf16>
  %r1 = stablehlo.add %y, %cbb : tensor<4xbf16>
  return %r0, %r1 : tensor<4xf32>, tensor<4xbf16>
}
