// RUN: tpu-opt %s -verify-diagnostics -tpu-compile="compile-to=lower"

// The MXU multiplies bf16, f32 and int8 (into i32). hlo-decompose makes
// other integer convolutions per-tap products on the vector unit, up to
// 1,024 taps; one of more taps (33x33 here) keeps its convolution, which has
// no kernel.
func.func @main(%x: tensor<1x40x40x1xi16>, %w: tensor<33x33x1x1xi16>) -> tensor<1x8x8x1xi32> {
  // expected-error@+1 {{'hlo.convolution' op tpu-lower: the MXU multiplies bf16, f32 or i8 operands of one type, not 'i16' x 'i16'}}
  %0 = hlo.convolution %x, %w : (tensor<1x40x40x1xi16>, tensor<33x33x1x1xi16>) -> tensor<1x8x8x1xi32>
  return %0 : tensor<1x8x8x1xi32>
}
