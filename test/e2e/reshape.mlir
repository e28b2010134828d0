// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=min-padding --target=v6e | FileCheck %s

// Reshapes on the simulated TPU against the evaluator: bitcasts share a
// buffer, the rest are relayout copies through VMEM. Results are exact.

// Whole tiles regrouped: a bitcast of a computed value, a relayout copy of
// an argument (whose buffer is the caller's).
// CHECK: @merge_computed: result 0: 32x128xf32 exact
func.func @merge_computed(%x: tensor<4x8x128xf32>) -> tensor<32x128xf32> {
  %n = hlo.negate %x : tensor<4x8x128xf32>
  %r = hlo.reshape %n : (tensor<4x8x128xf32>) -> tensor<32x128xf32>
  %a = hlo.abs %r : tensor<32x128xf32>
  return %a : tensor<32x128xf32>
}

// CHECK: @merge_leading: result 0: 32x128xf32 exact
func.func @merge_leading(%x: tensor<4x8x128xf32>) -> tensor<32x128xf32> {
  %r = hlo.reshape %x : (tensor<4x8x128xf32>) -> tensor<32x128xf32>
  %n = hlo.negate %r : tensor<32x128xf32>
  return %n : tensor<32x128xf32>
}

// A flatten: the batch is kept, the rest moves in one run per image.
// CHECK: @flatten: result 0: 2x105xf32 exact
func.func @flatten(%x: tensor<2x3x5x7xf32>) -> tensor<2x105xf32> {
  %n = hlo.negate %x : tensor<2x3x5x7xf32>
  %r = hlo.reshape %n : (tensor<2x3x5x7xf32>) -> tensor<2x105xf32>
  return %r : tensor<2x105xf32>
}

// Splitting heads: [batch, seq, 12 x 64] -> [batch, seq, 12, 64].
// CHECK: @split_heads: result 0: 2x16x12x64xbf16 exact
func.func @split_heads(%x: tensor<2x16x768xbf16>) -> tensor<2x16x12x64xbf16> {
  %r = hlo.reshape %x : (tensor<2x16x768xbf16>) -> tensor<2x16x12x64xbf16>
  return %r : tensor<2x16x12x64xbf16>
}

// No dimension kept: runs of gcd-like length 2 cross both shapes.
// CHECK: @regroup: result 0: 4x6xi32 exact
func.func @regroup(%x: tensor<6x4xi32>) -> tensor<4x6xi32> {
  %r = hlo.reshape %x : (tensor<6x4xi32>) -> tensor<4x6xi32>
  return %r : tensor<4x6xi32>
}

// CHECK: @regroup_3d: result 0: 6x35xf32 exact
func.func @regroup_3d(%x: tensor<2x3x5x7xf32>) -> tensor<6x35xf32> {
  %r = hlo.reshape %x : (tensor<2x3x5x7xf32>) -> tensor<6x35xf32>
  return %r : tensor<6x35xf32>
}

// Unit dimensions appear and disappear; rank 0 and 1.
// CHECK: @unit_dims: result 0: 3x1x5xf32 exact
func.func @unit_dims(%x: tensor<1x3x5x1xf32>) -> tensor<3x1x5xf32> {
  %r = hlo.reshape %x : (tensor<1x3x5x1xf32>) -> tensor<3x1x5xf32>
  return %r : tensor<3x1x5xf32>
}

// CHECK: @to_scalar: result 0: f32 exact
func.func @to_scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %r = hlo.reshape %x : (tensor<1x1xf32>) -> tensor<f32>
  return %r : tensor<f32>
}

// CHECK: @to_vector: result 0: 300xi1 exact
func.func @to_vector(%x: tensor<3x100xi1>) -> tensor<300xi1> {
  %r = hlo.reshape %x : (tensor<3x100xi1>) -> tensor<300xi1>
  return %r : tensor<300xi1>
}

// A reshape between fused work on both sides.
// CHECK: @between_fusions: result 0: 8x96xf32 exact
func.func @between_fusions(%x: tensor<8x4x24xf32>, %y: tensor<8x96xf32>) -> tensor<8x96xf32> {
  %a = hlo.abs %x : tensor<8x4x24xf32>
  %r = hlo.reshape %a : (tensor<8x4x24xf32>) -> tensor<8x96xf32>
  %s = hlo.add %r, %y : tensor<8x96xf32>
  return %s : tensor<8x96xf32>
}
