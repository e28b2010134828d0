// RUN: tpu-opt %s -verify-diagnostics -tpu-compile="compile-to=lower"

// The MXU multiplies bf16, f32 and int8 (into i32); an i16 convolution,
// which no importer writes (TOSA's 16x8 ones become two int8 ones), has no
// kernel.
func.func @main(%x: tensor<1x4x4x8xi16>, %w: tensor<1x1x8x8xi16>) -> tensor<1x4x4x8xi32> {
  // expected-error@+1 {{'hlo.convolution' op tpu-lower: the MXU multiplies bf16, f32 or i8 operands of one type, not 'i16' x 'i16'}}
  %0 = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} : (tensor<1x4x4x8xi16>, tensor<1x1x8x8xi16>) -> tensor<1x4x4x8xi32>
  return %0 : tensor<1x4x4x8xi32>
}
