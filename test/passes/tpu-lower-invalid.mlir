// RUN: tpu-opt %s -split-input-file -verify-diagnostics --tpu-compile="compile-to=lower"

// A grouped convolution is not lowered yet: a clear error, not a crash.
func.func @grouped_convolution(%x: tensor<8x16x16x128xf32>, %k: tensor<3x3x64x128xf32>) -> tensor<8x14x14x128xf32> {
  // expected-error@+1 {{tpu-lower: grouped convolutions (feature_group_count > 1) are not lowered yet}}
  %y = hlo.convolution %x, %k, feature_group_count = 2 : (tensor<8x16x16x128xf32>, tensor<3x3x64x128xf32>) -> tensor<8x14x14x128xf32>
  return %y : tensor<8x14x14x128xf32>
}

// -----

// Input dilation (a transposed convolution) is rewritten by hlo-decompose
// into a padded input, but only before layouts: a program that arrives
// with them keeps it, and tpu-lower says why it stops.
func.func @lhs_dilation(%x: tensor<8x4x4x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>, %k: tensor<3x3x128x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>) -> tensor<8x5x5x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>> {
  // expected-error@+1 {{tpu-lower: input dilation (a transposed convolution) runs as the padded input hlo-decompose makes before layouts are assigned; this convolution came with layouts}}
  %y = hlo.convolution %x, %k, window = {lhs_dilate = [2, 2]} : (tensor<8x4x4x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>, tensor<3x3x128x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>) -> tensor<8x5x5x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>
  return %y : tensor<8x5x5x128xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>
}

// -----

// -----

// The results of one kernel are written by the same blocks: each must fit
// in the largest one's shape, whose blocks the smaller ones take masked
// (hlo-fuse never makes any other multi-output fusion).
func.func @results_of_two_shapes(%a: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<128x8xf32>) {
  // expected-error@+1 {{tpu-lower: the results of a multi-output kernel must fit in the largest one's shape; 'tensor<128x8xf32, #tpu.layout<{0,1:T(8,128)}>>' does not fit}}
  %f:2 = hlo.fusion kind = loop (%p = %a) : (tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<128x8xf32>) {
    %e = hlo.exponential %p : tensor<8x128xf32>
    %t = hlo.transpose %e, dims = [1, 0] : (tensor<8x128xf32>) -> tensor<128x8xf32>
    hlo.yield %e, %t : tensor<8x128xf32>, tensor<128x8xf32>
  }
  return %f#0, %f#1 : tensor<8x128xf32>, tensor<128x8xf32>
}
