// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v4 | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e | FileCheck %s

// Convolutions whose window taps fold into the MXU's K (few input channels,
// docs/lowering.md "Few channels: taps folded into K"), against the
// evaluator with run-time inputs: each tap's DMA places its channels in its
// rows of one VMEM block, the rest of K stays zero. Strides, padding that
// the taps' windows overlap on both sides, dilation, 1-D and 3-D windows,
// the batch-minor layout, bf16, a K of five MXU tiles, an input read
// through a slice, and epilogues.

// A stem: 3 channels, stride 2, "same" padding, bias and ReLU.
// CHECK: @stem_relu: result 0: 4x8x8x32xf32 {{exact|close}}
func.func @stem_relu(%x: tensor<4x16x16x3xf32>, %w: tensor<3x3x3x32xf32>, %b: tensor<32xf32>) -> tensor<4x8x8x32xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} : (tensor<4x16x16x3xf32>, tensor<3x3x3x32xf32>) -> tensor<4x8x8x32xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<32xf32>) -> tensor<4x8x8x32xf32>
  %z = hlo.add %y, %bb : tensor<4x8x8x32xf32>
  %c0 = hlo.constant dense<0.0> : tensor<4x8x8x32xf32>
  %r = hlo.maximum %z, %c0 : tensor<4x8x8x32xf32>
  return %r : tensor<4x8x8x32xf32>
}

// Batch 64 puts the batch in the lanes and the folded K in the sublanes.
// CHECK: @batch_minor_bf16: result 0: 64x9x9x16xf32 {{exact|close}}
func.func @batch_minor_bf16(%x: tensor<64x9x9x3xbf16>, %w: tensor<3x3x3x16xbf16>) -> tensor<64x9x9x16xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<64x9x9x3xbf16>, tensor<3x3x3x16xbf16>) -> tensor<64x9x9x16xf32>
  return %y : tensor<64x9x9x16xf32>
}

// 64 channels: K = 9 * 64 = 576 rows, five 128-row passes instead of nine.
// CHECK: @channels_64: result 0: 2x6x6x128xf32 {{exact|close}}
func.func @channels_64(%x: tensor<2x8x8x64xf32>, %w: tensor<3x3x64x128xf32>) -> tensor<2x6x6x128xf32> {
  %y = hlo.convolution %x, %w : (tensor<2x8x8x64xf32>, tensor<3x3x64x128xf32>) -> tensor<2x6x6x128xf32>
  return %y : tensor<2x6x6x128xf32>
}

// A dilated 1-D window, padded low and cut (negative padding) high.
// CHECK: @dilated_1d: result 0: 3x17x8xf32 {{exact|close}}
func.func @dilated_1d(%x: tensor<3x20x5xf32>, %w: tensor<3x5x8xf32>) -> tensor<3x17x8xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [1], pad = [[2, -1]], rhs_dilate = [2]} : (tensor<3x20x5xf32>, tensor<3x5x8xf32>) -> tensor<3x17x8xf32>
  return %y : tensor<3x17x8xf32>
}

// A 3-D window: 8 taps of 2 channels.
// CHECK: @window_3d: result 0: 2x4x5x3x8xf32 {{exact|close}}
func.func @window_3d(%x: tensor<2x5x6x4x2xf32>, %w: tensor<2x2x2x2x8xf32>) -> tensor<2x4x5x3x8xf32> {
  %y = hlo.convolution %x, %w : (tensor<2x5x6x4x2xf32>, tensor<2x2x2x2x8xf32>) -> tensor<2x4x5x3x8xf32>
  return %y : tensor<2x4x5x3x8xf32>
}

// OHWI weights transposed to HWIO, and a ReLU: the convolution's fusion
// reads its input through the slice that drops the input's padded lanes
// (tpu-pad), so the taps' DMAs read the slice's window of the buffer.
// CHECK: @through_slice: result 0: 2x6x5x16xf32 {{exact|close}}
func.func @through_slice(%x: tensor<2x11x11x4xf32>, %w: tensor<16x3x2x4xf32>) -> tensor<2x6x5x16xf32> {
  %t = hlo.transpose %w, dims = [2, 1, 3, 0] : (tensor<16x3x2x4xf32>) -> tensor<2x3x4x16xf32>
  %y = hlo.convolution %x, %t, window = {stride = [2, 2], pad = [[0, 1], [1, 0]]} : (tensor<2x11x11x4xf32>, tensor<2x3x4x16xf32>) -> tensor<2x6x5x16xf32>
  %c0 = hlo.constant dense<0.0> : tensor<2x6x5x16xf32>
  %r = hlo.maximum %y, %c0 : tensor<2x6x5x16xf32>
  return %r : tensor<2x6x5x16xf32>
}
