// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=xla-default | FileCheck %s
// RUN: %if !asan %{ %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=min-padding --target=v6e | FileCheck %s %}
// `%if !asan`: a repeated configuration or a full size, run in Release only
// (docs/development.md, "What CI runs where").

// Wrong results the differential tester (tools/fuzz/difftest.py) found,
// reduced to the ops that matter, against the evaluator.

// A product over a dimension along which its operand is a broadcast: the
// kernel read the one copy it holds instead of eight (x instead of x^8).
// CHECK: @product_over_broadcast: result 0: 3x2x2xf32 {{exact|close}}
func.func @product_over_broadcast(%x: tensor<f32>) -> tensor<3x2x2xf32> {
  %b = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
  %c = hlo.broadcast_in_dim %b, dims = [0, 1] : (tensor<8x3xf32>) -> tensor<8x3x2x2xf32>
  %p = hlo.reduce product %c, dims = [0] : (tensor<8x3x2x2xf32>) -> tensor<3x2x2xf32>
  return %p : tensor<3x2x2xf32>
}

// The same with a sum, which must count every copy too.
// CHECK: @sum_over_broadcast_in_kernel: result 0: 3xi32 exact
func.func @sum_over_broadcast_in_kernel(%x: tensor<3xi32>, %y: tensor<8x3xi32>) -> tensor<3xi32> {
  %b = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi32>) -> tensor<8x3xi32>
  %m = hlo.multiply %b, %y : tensor<8x3xi32>
  %s = hlo.reduce sum %m, dims = [0] : (tensor<8x3xi32>) -> tensor<3xi32>
  return %s : tensor<3xi32>
}

// An i8 iota past 127 wraps (the evaluator kept 128).
// CHECK: @iota_i8_wraps: result 0: 2x130xi8 exact
func.func @iota_i8_wraps(%x: tensor<2x130xi8>) -> tensor<2x130xi8> {
  %i = hlo.iota dim = 1 : tensor<2x130xi8>
  %s = hlo.add %i, %x : tensor<2x130xi8>
  return %s : tensor<2x130xi8>
}

// A reduction whose [1] result grows to its 128-lane tile inside the kernel,
// read whole by a second reduction: the padding must be masked, not summed
// (it held whatever the buffer held before).
// CHECK: @reduction_of_reduction: result 0: i32 exact
func.func @reduction_of_reduction(%a: tensor<1x16x1xi32>, %b: tensor<16x1x1xi32>, %c: tensor<10x128xi32>) -> (tensor<i32>, tensor<10x128xi32>) {
  %n = hlo.negate %c : tensor<10x128xi32>
  %d = hlo.dot_general %a, %b, batching_dims = [2] x [2], contracting_dims = [0, 1] x [1, 0] : (tensor<1x16x1xi32>, tensor<16x1x1xi32>) -> tensor<1xi32>
  %e = hlo.dot_general %d, %d, contracting_dims = [0] x [0] : (tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  return %e, %n : tensor<i32>, tensor<10x128xi32>
}

// Blocks aligned to both tilings of this transpose overflow VMEM under
// XLA's default layouts; the planner goes below the tile alignment
// (test/passes/lower/tpu-lower-blocks.mlir) and the masked edges stay right.
// CHECK: @transpose_minor_to_major: result 0: 51x16x16x2xi32 exact
func.func @transpose_minor_to_major(%x: tensor<2x16x16x51xi32>) -> tensor<51x16x16x2xi32> {
  %t = hlo.transpose %x, dims = [3, 2, 1, 0] : (tensor<2x16x16x51xi32>) -> tensor<51x16x16x2xi32>
  return %t : tensor<51x16x16x2xi32>
}

// Seed 2049: a loop fusion whose i1 result had the same byte size as its
// i8 operand, [8,1280] tile-padded, took over the operand's buffer, but the
// fusion read the operand through a slice (rows 0:2 of the eight that
// tpu-pad made), not element for element: its last block read bytes
// earlier blocks had overwritten. Buffers are now shared only with an
// operand of the result's shape, layout and width read elementwise.
// CHECK: @no_in_place_through_a_slice: result 0: 1x1184xi1 exact
func.func @no_in_place_through_a_slice(%x: tensor<37x2x16xi8>) -> tensor<1x1184xi1> {
  %c = hlo.constant dense<5> : tensor<37x2x16xi8>
  %m = hlo.multiply %c, %x : tensor<37x2x16xi8>
  %r = hlo.reshape %m : (tensor<37x2x16xi8>) -> tensor<1x1184xi8>
  %b = hlo.convert %r : (tensor<1x1184xi8>) -> tensor<1x1184xi1>
  %n = hlo.minimum %b, %b : tensor<1x1184xi1>
  return %n : tensor<1x1184xi1>
}

// A sum over a dimension whose blocks overhang its end (130 rows) of a
// value that is not zero where the masked DMAs zero-fill (cos(0) = 1): the
// overhanging rows were summed. Seed 21005; such sums now take blocks that
// divide the dimension, as other reductions do.
// CHECK: @sum_of_cos_overhang: result 0: f32 {{exact|close}}
func.func @sum_of_cos_overhang(%x: tensor<130x16x128xf32>) -> tensor<f32> {
  %c = hlo.cosine %x : tensor<130x16x128xf32>
  %s = hlo.reduce sum %c, dims = [0, 1, 2] : (tensor<130x16x128xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

// The same with a constant added: x + 1 is 1 where x reads zero.
// CHECK: @sum_of_shifted_overhang: result 0: 16x128xf32 {{exact|close}}
func.func @sum_of_shifted_overhang(%x: tensor<130x16x128xf32>) -> tensor<16x128xf32> {
  %one = hlo.constant dense<1.0> : tensor<130x16x128xf32>
  %a = hlo.add %x, %one : tensor<130x16x128xf32>
  %s = hlo.reduce sum %a, dims = [0] : (tensor<130x16x128xf32>) -> tensor<16x128xf32>
  return %s : tensor<16x128xf32>
}

// An integer has no negative zero: convert(-0.125) to i8 is 0, so y / 0 is
// +inf for y > 0. The evaluator kept trunc(-0.125) = -0.0 (seed 21044).
// CHECK: @integer_has_no_negative_zero: result 0: 4x37xf32 exact
func.func @integer_has_no_negative_zero(%x: tensor<4x37xf32>, %y: tensor<4x37xf32>) -> tensor<4x37xf32> {
  %i = hlo.convert %x : (tensor<4x37xf32>) -> tensor<4x37xi8>
  %f = hlo.convert %i : (tensor<4x37xi8>) -> tensor<4x37xf32>
  %q = hlo.divide %y, %f : tensor<4x37xf32>
  return %q : tensor<4x37xf32>
}

// A matmul-epilogue fusion whose results share a logical shape but not a
// tile: bf16 pads 1x10 to T(4,128), i1 to T(2,128). The kernel iterates
// over the larger and writes the smaller masked (seeds 21226, 23300).
// CHECK: @multi_output_tiles_differ: result 0: 1x10xbf16
// CHECK: @multi_output_tiles_differ: result 1: 1x10xi1 exact
func.func @multi_output_tiles_differ(%x: tensor<1x72xbf16>, %w: tensor<72x10xbf16>) -> (tensor<1x10xbf16>, tensor<1x10xi1>) {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<1x72xbf16>, tensor<72x10xbf16>) -> tensor<1x10xbf16>
  %m = hlo.minimum %d, %d : tensor<1x10xbf16>
  %c = hlo.compare GT, %m, %m : (tensor<1x10xbf16>, tensor<1x10xbf16>) -> tensor<1x10xi1>
  return %m, %c : tensor<1x10xbf16>, tensor<1x10xi1>
}

// A batched matmul whose batch dimension lies in the lanes of its lhs:
// K (10) is shorter than a tile, and the planner left it at 10, which the
// MXU cannot take; M, K and N blocks are whole MXU tiles (seeds 22109,
// 22762).
// CHECK: @matmul_batch_in_lanes: result 0: 1x130x2xf32
// CHECK: @matmul_batch_in_lanes: result 1: 1x130x2xi1 exact
func.func @matmul_batch_in_lanes(%a: tensor<130x10x1xf32>, %b: tensor<2x1x10xf32>) -> (tensor<1x130x2xf32>, tensor<1x130x2xi1>) {
  %e = hlo.exponential %a : tensor<130x10x1xf32>
  %d = hlo.dot_general %e, %b, batching_dims = [2] x [1], contracting_dims = [1] x [2], precision = HIGHEST : (tensor<130x10x1xf32>, tensor<2x1x10xf32>) -> tensor<1x130x2xf32>
  %c = hlo.compare GT, %d, %d : (tensor<1x130x2xf32>, tensor<1x130x2xf32>) -> tensor<1x130x2xi1>
  return %d, %c : tensor<1x130x2xf32>, tensor<1x130x2xi1>
}

// A full contraction of i32 (a multiply and a sum) over 74 rows: no
// multiple of 8 divides 74, and the planner grew the reduced block to all
// 74, past VMEM (seed 23250); it takes 37 rows in partly filled tiles.
// CHECK: @product_of_74_rows: result 0: i32 exact
func.func @product_of_74_rows(%a: tensor<37x74x16xi32>, %b: tensor<16x74x37xi32>) -> tensor<i32> {
  %t = hlo.transpose %a, dims = [1, 2, 0] : (tensor<37x74x16xi32>) -> tensor<74x16x37xi32>
  %d = hlo.dot_general %t, %b, contracting_dims = [0, 2, 1] x [1, 2, 0] : (tensor<74x16x37xi32>, tensor<16x74x37xi32>) -> tensor<i32>
  return %d : tensor<i32>
}

// The same with the batch dimension in the lanes of the rhs, an entry
// parameter: transposed in VMEM, its blocks needed 24M (f32) on v3; the
// fusion now reads a relayout copy made before it (seed 24986).
// CHECK: @matmul_batch_in_rhs_lanes: result 0: 10x16x37xf32
func.func @matmul_batch_in_rhs_lanes(%x: tensor<10x128x16xf32>, %w: tensor<128x37x10xf32>) -> tensor<10x16x37xf32> {
  %d = hlo.dot_general %x, %w, batching_dims = [0] x [2], contracting_dims = [1] x [0], precision = HIGHEST : (tensor<10x128x16xf32>, tensor<128x37x10xf32>) -> tensor<10x16x37xf32>
  %s = hlo.subtract %d, %d : tensor<10x16x37xf32>
  return %s : tensor<10x16x37xf32>
}

// A bf16 vector-matrix product runs on the vector unit as a multiply and a
// sum, which rounded every product and partial sum to bf16 (12.875 for
// 12.9355, seed 25697): they compute in f32, as the MXU accumulates, and
// the sum rounds once. Inputs of eight bits make the f32 sums exact, so
// the check is exact.
// CHECK: @bf16_vector_matrix_sums_in_f32: result 0: 3xbf16 exact
func.func @bf16_vector_matrix_sums_in_f32(%v: tensor<8xbf16>, %m: tensor<8x3xbf16>) -> tensor<3xbf16> {
  %a = hlo.multiply %v, %v : tensor<8xbf16>
  %d = hlo.dot_general %a, %m, contracting_dims = [0] x [0] : (tensor<8xbf16>, tensor<8x3xbf16>) -> tensor<3xbf16>
  return %d : tensor<3xbf16>
}

// A sum whose blocks overhang its reduced extent (258 rows in blocks of
// 64) took the overhang's masked-DMA zeros as the zeros of what it sums,
// but x + a broadcast scalar is the scalar there: 62 rows too many
// (seed 29522). Only leaves that step along the dimension read zeros past
// its end.
// CHECK: @sum_overhang_of_broadcast_scalar: result 0: 6xbf16 exact
func.func @sum_overhang_of_broadcast_scalar(%x: tensor<258x35x6xbf16>, %s: tensor<bf16>) -> tensor<6xbf16> {
  %b = hlo.broadcast_in_dim %s, dims = [] : (tensor<bf16>) -> tensor<258x35x6xbf16>
  %a = hlo.add %x, %b : tensor<258x35x6xbf16>
  %r = hlo.reduce sum %a, dims = [0, 1] : (tensor<258x35x6xbf16>) -> tensor<6xbf16>
  return %r : tensor<6xbf16>
}

// A bf16 sum over several blocks accumulates in f32 and rounds once, as
// XLA's does: partial sums kept in bf16 lose a bit per block. Squares of
// multiples of 1/8 keep the f32 sums exact, so the check is exact.
// CHECK: @bf16_sum_accumulates_in_f32: result 0: 256xbf16 exact
func.func @bf16_sum_accumulates_in_f32(%x: tensor<2048x256xbf16>) -> tensor<256xbf16> {
  %m = hlo.multiply %x, %x : tensor<2048x256xbf16>
  %r = hlo.reduce sum %m, dims = [0] : (tensor<2048x256xbf16>) -> tensor<256xbf16>
  return %r : tensor<256xbf16>
}

// An i8 vector-matrix product with two contracting dims runs on the vector
// unit over 130x80x128 blocks, whose pad masks (an i32 iota and an i1 mask
// per block) the block planner did not count: the kernel allocated 16.53M
// of v3's 16M of VMEM (seed 30107). The footprint counts them now.
// CHECK: @vector_matrix_pad_masks_fit: result 0: 130xi8 exact
func.func @vector_matrix_pad_masks_fit(%x: tensor<3x130xi8>, %w: tensor<130x5x78xi8>) -> tensor<130xi8> {
  %r = hlo.reshape %x : (tensor<3x130xi8>) -> tensor<78x5xi8>
  %d = hlo.dot_general %r, %w, contracting_dims = [0, 1] x [2, 1] : (tensor<78x5xi8>, tensor<130x5x78xi8>) -> tensor<130xi8>
  return %d : tensor<130xi8>
}

// A product over a dimension along which its operand is a broadcast of a
// value with a unit dimension (2x1 to 3x2x2x37): the copies are spread
// first, and the unit dimension is read at index 0; the reduction read
// the 2x1 block as it was, with no dimension to reduce (seed 30749).
// CHECK: @product_over_broadcast_of_unit_dim: result 0: 2x2x37xi32 exact
func.func @product_over_broadcast_of_unit_dim(%a: tensor<2x1xi32>) -> tensor<2x2x37xi32> {
  %b = hlo.broadcast_in_dim %a, dims = [2, 3] : (tensor<2x1xi32>) -> tensor<3x2x2x37xi32>
  %n = hlo.not %b : tensor<3x2x2x37xi32>
  %p = hlo.reduce product %n, dims = [0] : (tensor<3x2x2x37xi32>) -> tensor<2x2x37xi32>
  return %p : tensor<2x2x37xi32>
}

// Two rows of one argument, each sliced out and broadcast, in one kernel
// (triangular_solve's substitution found it): the DMA read a broadcast
// dimension at index 0, ignoring the slice's start, so both were row 0.
// CHECK: @rows_broadcast_in_kernel: result 0: 3x2xf32 exact
// CHECK: @rows_broadcast_in_kernel: result 1: 3x2xf32 exact
func.func @rows_broadcast_in_kernel(%b: tensor<3x2xf32>, %x: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %i = hlo.iota dim = 0 : tensor<3x2xi32>
  %s0 = hlo.slice %b [0:1, 0:2] : (tensor<3x2xf32>) -> tensor<1x2xf32>
  %w0 = hlo.broadcast_in_dim %s0, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<3x2xf32>
  %c0 = hlo.constant dense<0> : tensor<3x2xi32>
  %m0 = hlo.compare EQ, %i, %c0 : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi1>
  %x1 = hlo.select %m0, %w0, %x : tensor<3x2xi1>, tensor<3x2xf32>
  %s1 = hlo.slice %b [1:2, 0:2] : (tensor<3x2xf32>) -> tensor<1x2xf32>
  %w1 = hlo.broadcast_in_dim %s1, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<3x2xf32>
  %c1 = hlo.constant dense<1> : tensor<3x2xi32>
  %m1 = hlo.compare EQ, %i, %c1 : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi1>
  %x2 = hlo.select %m1, %w1, %x1 : tensor<3x2xi1>, tensor<3x2xf32>
  return %x1, %x2 : tensor<3x2xf32>, tensor<3x2xf32>
}

// A column past the first, broadcast along the rows and padded below: the
// broadcast dimension's offset reaches the DMA, masked where it is negative.
// CHECK: @column_broadcast_padded: result 0: 4x3xf32 exact
func.func @column_broadcast_padded(%b: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %s = hlo.slice %b [0:2, 2:3] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %s, %z, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<2x1xf32>, tensor<f32>) -> tensor<4x1xf32>
  %w = hlo.broadcast_in_dim %p, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x3xf32>
  return %w : tensor<4x3xf32>
}

// A strided slice of a pad fused into one kernel: the mask of the padded
// positions counted lanes one by one instead of by the stride, so row 3
// (high padding, -4) read as row 2 (an input row, whose tile padding is 0).
// Found by the quantized TOSA harness (depthwise convolution, zero point -4).
// CHECK: @strided_slice_of_pad: result 0: 2x2x2x3xi32 exact
func.func @strided_slice_of_pad(%x: tensor<2x3x4x3xi8>) -> tensor<2x2x2x3xi32> {
  %v = hlo.constant dense<-4> : tensor<i8>
  %p = hlo.pad %x, %v, low = [0, 0, 1, 0], high = [0, 1, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x3x4x3xi8>, tensor<i8>) -> tensor<2x4x5x3xi8>
  %s = hlo.slice %p [0:2, 1:4:2, 0:3:2, 0:3] : (tensor<2x4x5x3xi8>) -> tensor<2x2x2x3xi8>
  %c = hlo.convert %s : (tensor<2x2x2x3xi8>) -> tensor<2x2x2x3xi32>
  return %c : tensor<2x2x2x3xi32>
}

// A strided slice of an iota counts by the stride.
// CHECK: @strided_slice_of_iota: result 0: 3x4xi32 exact
func.func @strided_slice_of_iota(%x: tensor<3x4xi32>) -> tensor<3x4xi32> {
  %i = hlo.iota dim = 1 : tensor<3x11xi32>
  %s = hlo.slice %i [0:3, 1:11:3] : (tensor<3x11xi32>) -> tensor<3x4xi32>
  %a = hlo.add %s, %x : tensor<3x4xi32>
  return %a : tensor<3x4xi32>
}

// A reduction's result padded on the high side: the kernel's iteration
// space was the operand's (300x2 in T(2,128) tiles keeps 2 lanes), so the
// padding past element 2 was never written (read 0, or a stale value).
// CHECK: @reduce_then_high_pad: result 0: 7xf32 exact
// CHECK: @reduce_then_high_pad: result 1: 7xf32 exact
// CHECK: @reduce_then_high_pad: result 2: 7xf32 exact
// CHECK: @reduce_then_high_pad: result 3: 7xi32 exact
func.func @reduce_then_high_pad(%x: tensor<300x2xf32>) -> (tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xi32>) {
  %v = hlo.constant dense<-3.0> : tensor<f32>
  %z = hlo.constant dense<0> : tensor<i32>
  %s = hlo.reduce sum %x, dims = [0] : (tensor<300x2xf32>) -> tensor<2xf32>
  %ps = hlo.pad %s, %v, low = [0], high = [5], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<7xf32>
  %mn = hlo.reduce min %x, dims = [0] : (tensor<300x2xf32>) -> tensor<2xf32>
  %pmn = hlo.pad %mn, %v, low = [0], high = [5], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<7xf32>
  %mx = hlo.reduce max %x, dims = [0] : (tensor<300x2xf32>) -> tensor<2xf32>
  %pmx = hlo.pad %mx, %v, low = [1], high = [4], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<7xf32>
  %am = hlo.argmax %x, dim = 0 : (tensor<300x2xf32>) -> tensor<2xi32>
  %pam = hlo.pad %am, %z, low = [0], high = [5], interior = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<7xi32>
  return %ps, %pmn, %pmx, %pam : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xi32>
}

// A zero padding value that another op of the kernel also reads: the pad
// marked it as not read, and the other op found no buffer (a crash on v6e,
// where both land in one fusion).
// CHECK: @zero_pad_value_read_elsewhere: result 0: 255xf32 exact
func.func @zero_pad_value_read_elsewhere(%x: tensor<65xf32>) -> tensor<255xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %z, low = [-2], high = [0], interior = [3] : (tensor<65xf32>, tensor<f32>) -> tensor<255xf32>
  %b = hlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<255xf32>
  %e = hlo.exponential %b : tensor<255xf32>
  %d = hlo.divide %p, %e : tensor<255xf32>
  return %d : tensor<255xf32>
}
