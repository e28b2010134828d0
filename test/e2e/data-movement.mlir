// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=min-padding | FileCheck %s

// Data movement on the simulated TPU against the evaluator: slices and
// pads shift and stride DMA windows, transposes are permuted vector maps,
// concatenations select between shifted inputs. Results must be exact.

// CHECK: @slice_offset: result 0: 8x100xf32 exact
func.func @slice_offset(%x: tensor<16x300xf32>) -> tensor<8x100xf32> {
  %s = hlo.slice %x [8:16, 128:228] : (tensor<16x300xf32>) -> tensor<8x100xf32>
  return %s : tensor<8x100xf32>
}

// CHECK: @slice_strided_fused: result 0: 5x40xf32 exact
func.func @slice_strided_fused(%x: tensor<20x130xf32>) -> tensor<5x40xf32> {
  %n = hlo.negate %x : tensor<20x130xf32>
  %s = hlo.slice %n [1:20:4, 3:123:3] : (tensor<20x130xf32>) -> tensor<5x40xf32>
  %a = hlo.abs %s : tensor<5x40xf32>
  return %a : tensor<5x40xf32>
}

// CHECK: @pad_low_high: result 0: 12x140xf32 exact
func.func @pad_low_high(%x: tensor<9x130xf32>) -> tensor<12x140xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %z, low = [2, 7], high = [1, 3], interior = [0, 0] : (tensor<9x130xf32>, tensor<f32>) -> tensor<12x140xf32>
  return %p : tensor<12x140xf32>
}

// CHECK: @pad_value_computed: result 0: 6x20xf32 exact
func.func @pad_value_computed(%x: tensor<4x16xf32>, %v: tensor<f32>) -> tensor<6x20xf32> {
  %e = hlo.negate %x : tensor<4x16xf32>
  %p = hlo.pad %e, %v, low = [1, 0], high = [1, 4], interior = [0, 0] : (tensor<4x16xf32>, tensor<f32>) -> tensor<6x20xf32>
  return %p : tensor<6x20xf32>
}

// CHECK: @pad_crop: result 0: 6x10xi32 exact
func.func @pad_crop(%x: tensor<8x12xi32>) -> tensor<6x10xi32> {
  %z = hlo.constant dense<-1> : tensor<i32>
  %p = hlo.pad %x, %z, low = [-2, 1], high = [0, -3], interior = [0, 0] : (tensor<8x12xi32>, tensor<i32>) -> tensor<6x10xi32>
  return %p : tensor<6x10xi32>
}

// CHECK: @transpose_2d: result 0: 300x20xf32 exact
func.func @transpose_2d(%x: tensor<20x300xf32>) -> tensor<300x20xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<20x300xf32>) -> tensor<300x20xf32>
  return %t : tensor<300x20xf32>
}

// CHECK: @transpose_3d_fused: result 0: 4x6x3xf32 exact
func.func @transpose_3d_fused(%x: tensor<3x4x6xf32>, %y: tensor<4x6x3xf32>) -> tensor<4x6x3xf32> {
  %t = hlo.transpose %x, dims = [1, 2, 0] : (tensor<3x4x6xf32>) -> tensor<4x6x3xf32>
  %s = hlo.add %t, %y : tensor<4x6x3xf32>
  return %s : tensor<4x6x3xf32>
}

// CHECK: @concatenate: result 0: 7x130xf32 exact
func.func @concatenate(%a: tensor<2x130xf32>, %b: tensor<4x130xf32>, %c: tensor<1x130xf32>) -> tensor<7x130xf32> {
  %r = hlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x130xf32>, tensor<4x130xf32>, tensor<1x130xf32>) -> tensor<7x130xf32>
  return %r : tensor<7x130xf32>
}

// CHECK: @concatenate_lanes: result 0: 3x200xi32 exact
func.func @concatenate_lanes(%a: tensor<3x70xi32>, %b: tensor<3x130xi32>) -> tensor<3x200xi32> {
  %r = hlo.concatenate %a, %b, dim = 1 : (tensor<3x70xi32>, tensor<3x130xi32>) -> tensor<3x200xi32>
  return %r : tensor<3x200xi32>
}

// CHECK: @broadcast_iota: result 0: 4x5x6xi32 exact
func.func @broadcast_iota(%x: tensor<5xi32>) -> tensor<4x5x6xi32> {
  %b = hlo.broadcast_in_dim %x, dims = [1] : (tensor<5xi32>) -> tensor<4x5x6xi32>
  %i = hlo.iota dim = 2 : tensor<4x5x6xi32>
  %s = hlo.add %b, %i : tensor<4x5x6xi32>
  return %s : tensor<4x5x6xi32>
}

// A reverse is read by DMAs with stride -1, blocks walked from the far end;
// lanes (300, more than two 128-lane tiles) and sublanes both reversed.
// CHECK: @reverse_2d: result 0: 20x300xf32 exact
func.func @reverse_2d(%x: tensor<20x300xf32>) -> tensor<20x300xf32> {
  %r = hlo.reverse %x, dims = [0, 1] : tensor<20x300xf32>
  return %r : tensor<20x300xf32>
}

// A reverse of a computed value, then an elementwise consumer.
// CHECK: @reverse_fused: result 0: 3x5x130xi32 exact
func.func @reverse_fused(%x: tensor<3x5x130xi32>) -> tensor<3x5x130xi32> {
  %n = hlo.negate %x : tensor<3x5x130xi32>
  %r = hlo.reverse %n, dims = [1] : tensor<3x5x130xi32>
  %s = hlo.add %r, %x : tensor<3x5x130xi32>
  return %s : tensor<3x5x130xi32>
}

// A crop (negative high edge) feeding a reduction: the cropped elements end
// up in the result's tile padding and must be masked, not summed (issue 21:
// a row sum of ones gave 7 instead of 5). i32 keeps the sum exact.
// CHECK: @pad_crop_reduce: result 0: 4xi32 exact
func.func @pad_crop_reduce(%x: tensor<4x7xi32>) -> tensor<4xi32> {
  %z = hlo.constant dense<0> : tensor<i32>
  %p = hlo.pad %x, %z, low = [0, 1], high = [0, -3], interior = [0, 0] : (tensor<4x7xi32>, tensor<i32>) -> tensor<4x5xi32>
  %s = hlo.reduce sum %p, dims = [1] : (tensor<4x5xi32>) -> tensor<4xi32>
  return %s : tensor<4xi32>
}

// The same crop under a max: the cropped elements must not win.
// CHECK: @pad_crop_max: result 0: 9xf32 exact
func.func @pad_crop_max(%x: tensor<9x130xf32>) -> tensor<9xf32> {
  %z = hlo.constant dense<-1.0e30> : tensor<f32>
  %p = hlo.pad %x, %z, low = [0, 0], high = [0, -70], interior = [0, 0] : (tensor<9x130xf32>, tensor<f32>) -> tensor<9x60xf32>
  %m = hlo.reduce max %p, dims = [1] : (tensor<9x60xf32>) -> tensor<9xf32>
  return %m : tensor<9xf32>
}

// A value concatenated with itself: one buffer read through two windows.
// CHECK: @concatenate_self: result 0: 5x390xf32 exact
func.func @concatenate_self(%x: tensor<5x130xf32>) -> tensor<5x390xf32> {
  %c = hlo.concatenate %x, %x, %x, dim = 1 : (tensor<5x130xf32>, tensor<5x130xf32>, tensor<5x130xf32>) -> tensor<5x390xf32>
  return %c : tensor<5x390xf32>
}
