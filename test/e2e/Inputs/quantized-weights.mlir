// Int8 weights with one scale (and zero point) per output channel, as a
// quantized argument
// (the TPU receives its storage integers), dequantized for an f32 matmul:
// the last column is (q + 8) * 1.
func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0,0.25:0,0.125:0,1.0:-8}>>) -> tensor<2x4xf32> {
  %wf = stablehlo.uniform_dequantize %w : (tensor<3x4x!quant.uniform<i8:f32:1, {0.5:0,0.25:0,0.125:0,1.0:-8}>>) -> tensor<3x4xf32>
  %y = stablehlo.dot_general %x, %wf, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
