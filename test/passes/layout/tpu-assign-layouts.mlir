// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts | FileCheck %s --check-prefixes=CHECK,XLA
// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts=mode=min-padding | FileCheck %s --check-prefixes=CHECK,MIN
// RUN: tpu-opt %s -split-input-file '-tpu-assign-layouts=mode=min-padding relayout-entry=true' | FileCheck %s --check-prefixes=CHECK,ENTRY

// The seed's one-hot: XLA keeps the 10 classes in the 128 lanes (12.8x);
// min-padding puts them second-minor (1.6x). The result keeps the boundary
// layout unless relayout-entry=true, through an explicit copy.
// CHECK-LABEL: func.func @onehot
// XLA:   hlo.iota dim = 1 : tensor<1024x10xi32, #tpu.layout<{1,0:T(8,128)}>>
// XLA:   hlo.compare EQ, {{.*}} -> tensor<1024x10xi1, #tpu.layout<{1,0:T(8,128)E(32)}>>
// XLA-NOT: hlo.copy
// MIN:   hlo.iota dim = 1 : tensor<1024x10xi32, #tpu.layout<{0,1:T(8,128)}>>
// MIN:   hlo.broadcast_in_dim {{.*}} -> tensor<1024x10xi32, #tpu.layout<{0,1:T(8,128)}>>
// MIN:   %[[EQ:.+]] = hlo.compare EQ, {{.*}} -> tensor<1024x10xi1, #tpu.layout<{0,1:T(8,128)E(32)}>>
// MIN:   %[[C:.+]] = hlo.copy %[[EQ]] : (tensor<1024x10xi1, #tpu.layout<{0,1:T(8,128)E(32)}>>) -> tensor<1024x10xi1, #tpu.layout<{1,0:T(8,128)E(32)}>>
// MIN:   return %[[C]]
// ENTRY-SAME: -> tensor<1024x10xi1, #tpu.layout<{0,1:T(8,128)E(32)}>>
// ENTRY-NOT: hlo.copy
func.func @onehot(%labels: tensor<1024xi32>) -> tensor<1024x10xi1> {
  %iota = hlo.iota dim = 1 : tensor<1024x10xi32>
  %lb = hlo.broadcast_in_dim %labels, dims = [0] : (tensor<1024xi32>) -> tensor<1024x10xi32>
  %eq = hlo.compare EQ, %iota, %lb : (tensor<1024x10xi32>, tensor<1024x10xi32>) -> tensor<1024x10xi1>
  return %eq : tensor<1024x10xi1>
}

// -----

// XLA puts the batch of a convolution with batch >= 64 in the lanes
// ({0,3,2,1}), as in the seed's f32[128,256,896,18]{0,3,2,1:T(8,128)}; the
// elementwise epilogue follows. Min-padding decides the convolution's
// orientation (input and result together) by their padded bytes: 18
// features in the lanes pad 7x, batch-minor pads 18 to 24 sublanes, so it
// puts the batch minor too, and copies at the boundaries.
// CHECK-LABEL: func.func @conv_batch_128
// XLA:   %[[X:.+]] = hlo.copy %arg0 : (tensor<128x16x16x18xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>) -> tensor<128x16x16x18xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>
// XLA:   %[[Y:.+]] = hlo.convolution %[[X]], %arg1{{.*}} -> tensor<128x16x16x18xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>
// XLA:   hlo.maximum %[[Y]], %[[Y]] : tensor<128x16x16x18xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>
// XLA:   hlo.copy {{.*}} -> tensor<128x16x16x18xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>
// MIN:   hlo.copy %arg0
// MIN:   hlo.convolution {{.*}} -> tensor<128x16x16x18xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>
// ENTRY-SAME: (%arg0: tensor<128x16x16x18xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>
// ENTRY-NOT: hlo.copy
func.func @conv_batch_128(%x: tensor<128x16x16x18xf32>, %w: tensor<3x3x18x18xf32>) -> tensor<128x16x16x18xf32> {
  %y = hlo.convolution %x, %w, window = {pad = [[1, 1], [1, 1]]} : (tensor<128x16x16x18xf32>, tensor<3x3x18x18xf32>) -> tensor<128x16x16x18xf32>
  %r = hlo.maximum %y, %y : tensor<128x16x16x18xf32>
  return %r : tensor<128x16x16x18xf32>
}

// -----

// Below a batch of 64, XLA keeps NHWC.
// CHECK-LABEL: func.func @negative_conv_batch_8
// CHECK-NOT: hlo.copy
// CHECK: hlo.convolution {{.*}} -> tensor<8x16x16x18xf32, #tpu.layout<{3,2,1,0:T(8,128)}>>
func.func @negative_conv_batch_8(%x: tensor<8x16x16x18xf32>, %w: tensor<3x3x18x18xf32>) -> tensor<8x16x16x18xf32> {
  %y = hlo.convolution %x, %w, window = {pad = [[1, 1], [1, 1]]} : (tensor<8x16x16x18xf32>, tensor<3x3x18x18xf32>) -> tensor<8x16x16x18xf32>
  return %y : tensor<8x16x16x18xf32>
}

// -----

// MXU operands keep batch dimensions major; within that, min-padding puts
// M=8 in the lanes rather than K=3.
// CHECK-LABEL: func.func @dot_batch_major
// XLA-SAME:   (%arg0: tensor<4x8x3xf32, #tpu.layout<{2,1,0:T(8,128)}>>, %arg1: tensor<4x3x16xf32, #tpu.layout<{2,1,0:T(4,128)}>>)
// MIN-SAME:   (%arg0: tensor<4x8x3xf32, #tpu.layout<{2,1,0:T(8,128)}>>
// ENTRY-SAME: (%arg0: tensor<4x8x3xf32, #tpu.layout<{1,2,0:T(4,128)}>>
// CHECK-NOT: hlo.copy
// CHECK: hlo.dot_general
func.func @dot_batch_major(%a: tensor<4x8x3xf32>, %b: tensor<4x3x16xf32>) -> tensor<4x8x16xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x3xf32>, tensor<4x3x16xf32>) -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

// -----

// A layout written on an argument is kept even with relayout-entry=true.
// With the result fixed as well, two copies would cost more than {0,1}
// saves; with a free result, one copy into {0,1} pays for itself:
// 3 x 64K + (512K + 512K + 64K) < 3 x 512K.
// CHECK-LABEL: func.func @pinned_argument
// CHECK-SAME: (%arg0: tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>)
// XLA-NOT: hlo.copy
// MIN-NOT: hlo.copy
// ENTRY: hlo.copy %arg0 : (tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<1024x10xf32, #tpu.layout<{0,1:T(8,128)}>>
func.func @pinned_argument(%x: tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<1024x10xf32> {
  %0 = hlo.exponential %x : (tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<1024x10xf32>
  %1 = hlo.negate %0 : tensor<1024x10xf32>
  return %1 : tensor<1024x10xf32>
}

// -----

// Already tile-aligned values keep row-major in every mode.
// CHECK-LABEL: func.func @negative_aligned
// CHECK-SAME: tensor<128x256xf32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK-NOT: hlo.copy
func.func @negative_aligned(%x: tensor<128x256xf32>) -> tensor<128x256xf32> {
  %0 = hlo.tanh %x : tensor<128x256xf32>
  return %0 : tensor<128x256xf32>
}

// -----

// A called function keeps its boundary layouts even with relayout-entry;
// declarations get the default ones, matching their call sites.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK-LABEL: func.func @caller
// CHECK: call @callee(%{{.+}}) : (tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<1024x10xf32, #tpu.layout<{1,0:T(8,128)}>>
func.func private @callee(tensor<1024x10xf32>) -> tensor<1024x10xf32>
func.func @caller(%x: tensor<1024x10xf32>) -> tensor<1024x10xf32> {
  %0 = func.call @callee(%x) : (tensor<1024x10xf32>) -> tensor<1024x10xf32>
  %1 = hlo.negate %0 : tensor<1024x10xf32>
  return %1 : tensor<1024x10xf32>
}

// -----

// Scalars and vectors take the 1-D and scalar tiles.
// CHECK-LABEL: func.func @scalars_and_vectors
// CHECK-SAME: tensor<300xf32, #tpu.layout<{0:T(512)}>>
// CHECK: hlo.reduce sum {{.*}} -> tensor<f32, #tpu.layout<{:T(256)}>>
func.func @scalars_and_vectors(%x: tensor<300xf32>) -> tensor<f32> {
  %0 = hlo.reduce sum %x, dims = [0] : (tensor<300xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A fusion's parameters take its operands' layouts and its results those of
// the values it yields; the dot inside still gets MXU layouts.
// CHECK-LABEL: func.func @fusion
// MIN:           hlo.fusion kind = output (%[[Q0:[a-z_0-9]+]] = %arg0, %[[Q1:[a-z_0-9]+]] = %arg1, %[[Q2:[a-z_0-9]+]] = %arg2) : (tensor<8x100xf32, #tpu.layout<{1,0:T(8,128)}>>, tensor<100x30xf32, #tpu.layout<{1,0:T(8,128)}>>, tensor<30xf32, #tpu.layout<{0:T(128)}>>)
// MIN:             hlo.dot_general %[[Q0]], %[[Q1]]
// XLA:           hlo.fusion kind = output (%[[P0:[a-z_0-9]+]] = %arg0, %[[P1:[a-z_0-9]+]] = %arg1, %[[P2:[a-z_0-9]+]] = %arg2) : (tensor<8x100xf32, #tpu.layout<{1,0:T(8,128)}>>, tensor<100x30xf32, #tpu.layout<{1,0:T(8,128)}>>, tensor<30xf32, #tpu.layout<{0:T(128)}>>) -> tensor<8x30xf32, #tpu.layout<{1,0:T(8,128)}>>
// XLA:             hlo.dot_general %[[P0]], %[[P1]]{{.*}} -> tensor<8x30xf32, #tpu.layout<{1,0:T(8,128)}>>
// XLA:             hlo.broadcast_in_dim %[[P2]], dims = [1] : (tensor<30xf32, #tpu.layout<{0:T(128)}>>) -> tensor<8x30xf32, #tpu.layout<{1,0:T(8,128)}>>
// XLA:             hlo.yield %{{.+}} : tensor<8x30xf32, #tpu.layout<{1,0:T(8,128)}>>
func.func @fusion(%x: tensor<8x100xf32>, %w: tensor<100x30xf32>, %b: tensor<30xf32>) -> tensor<8x30xf32> {
  %0 = hlo.fusion kind = output (%p0 = %x, %p1 = %w, %p2 = %b) : (tensor<8x100xf32>, tensor<100x30xf32>, tensor<30xf32>) -> tensor<8x30xf32> {
    %d = hlo.dot_general %p0, %p1, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x30xf32>) -> tensor<8x30xf32>
    %bb = hlo.broadcast_in_dim %p2, dims = [1] : (tensor<30xf32>) -> tensor<8x30xf32>
    %a = hlo.add %d, %bb : tensor<8x30xf32>
    hlo.yield %a : tensor<8x30xf32>
  }
  return %0 : tensor<8x30xf32>
}

// -----

// A dot in a fusion that reads a parameter in a layout the MXU cannot take
// (the batch dimension in the lanes, fixed by the entry layout) reads a
// relayout copy made before the fusion, as XLA's copies are; a transpose
// between the DMA and the MXU would need 128 lanes per batch element.
// CHECK-LABEL: func.func @mxu_operand_copied_before_fusion
// XLA:           %[[C:.+]] = hlo.copy %arg1 : (tensor<128x37x10xf32, #tpu.layout<{2,1,0:T(8,128)}>>) -> tensor<128x37x10xf32, #tpu.layout<{0,1,2:T(8,128)}>>
// XLA:           hlo.fusion kind = output (%[[P0:[a-z_0-9]+]] = %arg0, %[[P1:[a-z_0-9]+]] = %[[C]])
// XLA-NOT:       hlo.copy
// XLA:             hlo.dot_general %[[P0]], %[[P1]]
func.func @mxu_operand_copied_before_fusion(%x: tensor<10x128x16xf32>, %w: tensor<128x37x10xf32>) -> tensor<10x16x37xf32> {
  %0 = hlo.fusion kind = output (%p0 = %x, %p1 = %w) : (tensor<10x128x16xf32>, tensor<128x37x10xf32>) -> tensor<10x16x37xf32> {
    %d = hlo.dot_general %p0, %p1, batching_dims = [0] x [2], contracting_dims = [1] x [0] : (tensor<10x128x16xf32>, tensor<128x37x10xf32>) -> tensor<10x16x37xf32>
    %s = hlo.subtract %d, %d : tensor<10x16x37xf32>
    hlo.yield %s : tensor<10x16x37xf32>
  }
  return %0 : tensor<10x16x37xf32>
}
