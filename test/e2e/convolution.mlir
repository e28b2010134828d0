// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e | FileCheck %s

// Convolutions on the MXU against the evaluator: padding, strides,
// dilation, unaligned channels, bf16, the batch-minor layout, an epilogue.

// CHECK: @same_relu: result 0: 2x10x10x16xf32 {{exact|close}}
func.func @same_relu(%x: tensor<2x10x10x3xf32>, %w: tensor<3x3x3x16xf32>, %b: tensor<16xf32>) -> tensor<2x10x10x16xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<2x10x10x3xf32>, tensor<3x3x3x16xf32>) -> tensor<2x10x10x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<16xf32>) -> tensor<2x10x10x16xf32>
  %z = hlo.add %y, %bb : tensor<2x10x10x16xf32>
  %c0 = hlo.constant dense<0.0> : tensor<2x10x10x16xf32>
  %r = hlo.maximum %z, %c0 : tensor<2x10x10x16xf32>
  return %r : tensor<2x10x10x16xf32>
}

// CHECK: @strided_batch_minor: result 0: 64x4x4x7xf32 {{exact|close}}
func.func @strided_batch_minor(%x: tensor<64x9x9x5xf32>, %w: tensor<3x3x5x7xf32>) -> tensor<64x4x4x7xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} : (tensor<64x9x9x5xf32>, tensor<3x3x5x7xf32>) -> tensor<64x4x4x7xf32>
  return %y : tensor<64x4x4x7xf32>
}

// CHECK: @dilated_bf16: result 0: 3x10x12x20xf32 {{exact|close}}
func.func @dilated_bf16(%x: tensor<3x12x11x130xbf16>, %w: tensor<2x3x130x20xbf16>) -> tensor<3x10x12x20xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[0, 0], [1, 2]], rhs_dilate = [2, 1]} : (tensor<3x12x11x130xbf16>, tensor<2x3x130x20xbf16>) -> tensor<3x10x12x20xbf16>
  %z = hlo.convert %y : (tensor<3x10x12x20xbf16>) -> tensor<3x10x12x20xf32>
  return %z : tensor<3x10x12x20xf32>
}

// CHECK: @conv1d_highest: result 0: 4x30x8xf32 {{exact|close}}
func.func @conv1d_highest(%x: tensor<4x32x6xf32>, %w: tensor<3x6x8xf32>) -> tensor<4x30x8xf32> {
  %y = hlo.convolution %x, %w, precision = HIGHEST : (tensor<4x32x6xf32>, tensor<3x6x8xf32>) -> tensor<4x30x8xf32>
  return %y : tensor<4x30x8xf32>
}

// A transposed convolution (input dilation, as JAX's conv_transpose with
// stride 2 writes it), with a negative edge pad.
// CHECK: @transposed: result 0: 2x9x8x6xf32 {{exact|close}}
func.func @transposed(%x: tensor<2x5x5x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<2x9x8x6xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 0]], lhs_dilate = [2, 2]} : (tensor<2x5x5x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x9x8x6xf32>
  return %y : tensor<2x9x8x6xf32>
}

// Grouped convolutions (hlo-decompose): depthwise ones per tap on the
// vector unit (MobileNet's 3x3 with padding; a channel multiplier with a
// stride; bf16), groups of several features as one convolution each, and
// an i32 convolution as per-tap products on the vector unit. The evaluator
// convolves the groups itself.
// CHECK: @depthwise_same: result 0: 2x12x12x32xf32 {{exact|close}}
func.func @depthwise_same(%x: tensor<2x12x12x32xf32>, %w: tensor<3x3x1x32xf32>) -> tensor<2x12x12x32xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}, feature_group_count = 32 : (tensor<2x12x12x32xf32>, tensor<3x3x1x32xf32>) -> tensor<2x12x12x32xf32>
  return %y : tensor<2x12x12x32xf32>
}

// CHECK: @depthwise_multiplier_strided: result 0: 1x5x5x16xf32 {{exact|close}}
func.func @depthwise_multiplier_strided(%x: tensor<1x11x11x8xf32>, %w: tensor<3x3x1x16xf32>) -> tensor<1x5x5x16xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [2, 2]}, feature_group_count = 8, precision = HIGHEST : (tensor<1x11x11x8xf32>, tensor<3x3x1x16xf32>) -> tensor<1x5x5x16xf32>
  return %y : tensor<1x5x5x16xf32>
}

// CHECK: @depthwise_bf16: result 0: 1x8x8x64xbf16 {{exact|close}}
func.func @depthwise_bf16(%x: tensor<1x8x8x64xbf16>, %w: tensor<5x5x1x64xbf16>) -> tensor<1x8x8x64xbf16> {
  %y = hlo.convolution %x, %w, window = {pad = [[2, 2], [2, 2]]}, feature_group_count = 64 : (tensor<1x8x8x64xbf16>, tensor<5x5x1x64xbf16>) -> tensor<1x8x8x64xbf16>
  return %y : tensor<1x8x8x64xbf16>
}

// CHECK: @four_groups: result 0: 2x6x6x24xf32 {{exact|close}}
func.func @four_groups(%x: tensor<2x8x8x16xf32>, %w: tensor<3x3x4x24xf32>) -> tensor<2x6x6x24xf32> {
  %y = hlo.convolution %x, %w, feature_group_count = 4 : (tensor<2x8x8x16xf32>, tensor<3x3x4x24xf32>) -> tensor<2x6x6x24xf32>
  return %y : tensor<2x6x6x24xf32>
}

// CHECK: @int32_taps: result 0: 2x4x4x3xi32 exact
func.func @int32_taps(%x: tensor<2x6x6x5xi32>, %w: tensor<3x3x5x3xi32>) -> tensor<2x4x4x3xi32> {
  %y = hlo.convolution %x, %w : (tensor<2x6x6x5xi32>, tensor<3x3x5x3xi32>) -> tensor<2x4x4x3xi32>
  return %y : tensor<2x4x4x3xi32>
}
