// RUN: tpu-opt %s -split-input-file -verify-diagnostics --tpu-compile="compile-to=lower"

// A convolution is not lowered yet: a clear error, not a crash.
func.func @convolution(%x: tensor<8x16x16x128xf32>, %k: tensor<3x3x128x128xf32>) -> tensor<8x14x14x128xf32> {
  // expected-error@+1 {{tpu-lower: 'hlo.convolution' is not lowered to the TensorCore yet}}
  %y = hlo.convolution %x, %k : (tensor<8x16x16x128xf32>, tensor<3x3x128x128xf32>) -> tensor<8x14x14x128xf32>
  return %y : tensor<8x14x14x128xf32>
}

// -----

// A slice from a nonzero offset needs a shifted DMA window, not lowered yet.
func.func @offset_slice(%x: tensor<16x256xf32>) -> tensor<8x128xf32> {
  %e = hlo.exponential %x : tensor<16x256xf32>
  // expected-error@+1 {{tpu-lower: only slices from index 0 with stride 1 are lowered yet}}
  %s = hlo.slice %e [8:16, 128:256] : (tensor<16x256xf32>) -> tensor<8x128xf32>
  %t = hlo.tanh %s : tensor<8x128xf32>
  return %t : tensor<8x128xf32>
}
