// RUN: tpu-opt %s -split-input-file -hlo-fuse -tpu-assign-layouts -tpu-pad | FileCheck %s

// A convolution reads its input from memory straight into the MXU, so the
// padded features of the first convolution's result that the second
// contracts (100 to 104, where its weights' sublanes end) are zeroed where
// they are made: in that fusion's epilogue, not in front of the reader.
// CHECK-LABEL: func.func @conv_chain
// CHECK:      %[[F:.*]] = hlo.fusion kind = output
// CHECK:        %[[RELU:.*]] = hlo.maximum
// CHECK:        %[[IOTA:.*]] = hlo.iota dim = 3 : tensor<2x8x8x128xi32
// CHECK:        %[[IN:.*]] = hlo.compare LT, %[[IOTA]]
// CHECK:        %[[MASKED:.*]] = hlo.select %[[IN]], %[[RELU]]
// CHECK-NEXT:   hlo.yield %[[MASKED]]
// CHECK-NOT:  hlo.select
// CHECK:      %[[K:.*]] = hlo.slice %[[F]] [0:2, 0:8, 0:8, 0:104]
// CHECK-NOT:  hlo.select
// CHECK:      hlo.convolution %[[K]]
func.func @conv_chain(%x: tensor<2x8x8x128xf32>, %w1: tensor<3x3x128x100xf32>, %w2: tensor<3x3x100x100xf32>) -> tensor<2x8x8x100xf32> {
  %c1 = hlo.convolution %x, %w1, window = {pad = [[1, 1], [1, 1]]} : (tensor<2x8x8x128xf32>, tensor<3x3x128x100xf32>) -> tensor<2x8x8x100xf32>
  %zero = hlo.constant dense<0.0> : tensor<2x8x8x100xf32>
  %r1 = hlo.maximum %c1, %zero : tensor<2x8x8x100xf32>
  %c2 = hlo.convolution %r1, %w2, window = {pad = [[1, 1], [1, 1]]} : (tensor<2x8x8x100xf32>, tensor<3x3x100x100xf32>) -> tensor<2x8x8x100xf32>
  return %c2 : tensor<2x8x8x100xf32>
}

// -----

// The same inside a consumer fusion: the second convolution's epilogue
// fusion reads the first's result through a parameter.
// CHECK-LABEL: func.func @conv_chain_fused
// CHECK:      %[[F:.*]] = hlo.fusion kind = output
// CHECK:        hlo.select
// CHECK-NEXT:   hlo.yield
// CHECK:      hlo.fusion kind = output (%param_0 = %[[F]]
// CHECK-NOT:    hlo.select
// CHECK:        %[[K:.*]] = hlo.slice %param_0
// CHECK-NOT:    hlo.select
// CHECK:        hlo.convolution %[[K]]
func.func @conv_chain_fused(%x: tensor<2x8x8x128xf32>, %w1: tensor<3x3x128x100xf32>, %w2: tensor<3x3x100x100xf32>) -> tensor<2x8x8x100xf32> {
  %c1 = hlo.convolution %x, %w1, window = {pad = [[1, 1], [1, 1]]} : (tensor<2x8x8x128xf32>, tensor<3x3x128x100xf32>) -> tensor<2x8x8x100xf32>
  %zero = hlo.constant dense<0.0> : tensor<2x8x8x100xf32>
  %r1 = hlo.maximum %c1, %zero : tensor<2x8x8x100xf32>
  %c2 = hlo.convolution %r1, %w2, window = {pad = [[1, 1], [1, 1]]} : (tensor<2x8x8x100xf32>, tensor<3x3x100x100xf32>) -> tensor<2x8x8x100xf32>
  %r2 = hlo.maximum %c2, %zero : tensor<2x8x8x100xf32>
  return %r2 : tensor<2x8x8x100xf32>
}

// -----

// Negative: a producer that is not a fusion (a bare dot, whose padded
// columns meet real rows) keeps the mask in front of the contraction, on
// the 104 columns K meets at.
// CHECK-LABEL: func.func @unfused_producer
// CHECK:      %[[D:.*]] = hlo.dot_general
// CHECK:      %[[DK:.*]] = hlo.slice %[[D]] [0:8, 0:104]
// CHECK:      %[[M:.*]] = hlo.select %{{.*}}, %[[DK]]
// CHECK:      hlo.dot_general %[[M]]
func.func @unfused_producer(%x: tensor<8x100xf32>, %w: tensor<100x100xf32>, %v: tensor<100x128xf32>) -> tensor<8x128xf32> {
  %h = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x100xf32>) -> tensor<8x100xf32>
  %y = hlo.dot_general %h, %v, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x128xf32>) -> tensor<8x128xf32>
  return %y : tensor<8x128xf32>
}

// -----

// A splat constant fed to a fused convolution: its padding would hold the
// splat, and a mask in the reading fusion cannot be lowered, so the
// constant itself is rewritten with zeros where it was padded (features 3
// to 128, columns 3 to 8).
// CHECK-LABEL: func.func @splat_conv
// CHECK:      %[[ONES:.*]] = hlo.constant dense<"0x0101010000
// CHECK-SAME: tensor<1x3x8x128xi8
// CHECK:      hlo.fusion kind = output (%param_0 = %[[ONES]]
// CHECK-NOT:    hlo.select
// CHECK:        hlo.convolution
func.func @splat_conv(%w: tensor<2x2x3x2xi8>) -> tensor<1x3x3x2xi32> {
  %ones = hlo.constant dense<1> : tensor<1x3x3x3xi8>
  %0 = hlo.convolution %ones, %w, window = {pad = [[0, 1], [0, 1]]} : (tensor<1x3x3x3xi8>, tensor<2x2x3x2xi8>) -> tensor<1x3x3x2xi32>
  %two = hlo.constant dense<2> : tensor<1x3x3x2xi32>
  %1 = hlo.multiply %0, %two : tensor<1x3x3x2xi32>
  return %1 : tensor<1x3x3x2xi32>
}
