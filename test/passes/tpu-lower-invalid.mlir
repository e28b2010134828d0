// RUN: tpu-opt %s -split-input-file -verify-diagnostics --tpu-compile="compile-to=lower"

// A grouped convolution is not lowered yet: a clear error, not a crash.
func.func @grouped_convolution(%x: tensor<8x16x16x128xf32>, %k: tensor<3x3x64x128xf32>) -> tensor<8x14x14x128xf32> {
  // expected-error@+1 {{tpu-lower: grouped convolutions (feature_group_count > 1) are not lowered yet}}
  %y = hlo.convolution %x, %k, feature_group_count = 2 : (tensor<8x16x16x128xf32>, tensor<3x3x64x128xf32>) -> tensor<8x14x14x128xf32>
  return %y : tensor<8x14x14x128xf32>
}

// -----

// Input dilation (a transposed convolution) is not lowered yet.
func.func @lhs_dilation(%x: tensor<8x4x4x128xf32>, %k: tensor<3x3x128x128xf32>) -> tensor<8x5x5x128xf32> {
  // expected-error@+1 {{tpu-lower: input dilation (a transposed convolution) is not lowered yet}}
  %y = hlo.convolution %x, %k, window = {lhs_dilate = [2, 2]} : (tensor<8x4x4x128xf32>, tensor<3x3x128x128xf32>) -> tensor<8x5x5x128xf32>
  return %y : tensor<8x5x5x128xf32>
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
