// RUN: tpu-opt %s -split-input-file | FileCheck %s
// Round trip through the custom form:
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// Round trip through the generic form:
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @constant_iota
func.func @constant_iota() -> (tensor<2xf32>, tensor<4x10xi32>, tensor<i1>) {
  // CHECK: hlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %c = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: hlo.iota dim = 1 : tensor<4x10xi32>
  %i = hlo.iota dim = 1 : tensor<4x10xi32>
  // CHECK: hlo.constant dense<true> : tensor<i1>
  %t = hlo.constant dense<true> : tensor<i1>
  return %c, %i, %t : tensor<2xf32>, tensor<4x10xi32>, tensor<i1>
}

// -----

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[X:.+]]: tensor<8x128xf32>, %[[I:.+]]: tensor<4xi32>)
func.func @unary(%x: tensor<8x128xf32>, %i: tensor<4xi32>) -> tensor<8x128xf32> {
  // CHECK: hlo.abs %[[I]] : tensor<4xi32>
  %0 = hlo.abs %i : tensor<4xi32>
  // CHECK: hlo.negate %[[X]] : tensor<8x128xf32>
  %1 = hlo.negate %x : tensor<8x128xf32>
  // CHECK: hlo.exponential
  %2 = hlo.exponential %1 : tensor<8x128xf32>
  // CHECK: hlo.log
  %3 = hlo.log %2 : tensor<8x128xf32>
  // CHECK: hlo.tanh
  %4 = hlo.tanh %3 : tensor<8x128xf32>
  // CHECK: hlo.logistic
  %5 = hlo.logistic %4 : tensor<8x128xf32>
  // CHECK: hlo.sqrt
  %6 = hlo.sqrt %5 : tensor<8x128xf32>
  // CHECK: hlo.rsqrt {{.*}} : tensor<8x128xf32>
  %7 = hlo.rsqrt %6 : tensor<8x128xf32>
  return %7 : tensor<8x128xf32>
}

// -----

// CHECK-LABEL: func.func @convert
func.func @convert(%x: tensor<4xf32>) -> (tensor<4xbf16>, tensor<4xi8>, tensor<4xi1>) {
  // CHECK: hlo.convert %{{.+}} : (tensor<4xf32>) -> tensor<4xbf16>
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xbf16>
  // CHECK: hlo.convert %{{.+}} : (tensor<4xf32>) -> tensor<4xi8>
  %1 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi8>
  // CHECK: hlo.convert %{{.+}} : (tensor<4xf32>) -> tensor<4xi1>
  %2 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xbf16>, tensor<4xi8>, tensor<4xi1>
}

// -----

// The element types: f16, i16 and the unsigned integers, and bitcasts
// between types of one width.
// CHECK-LABEL: func.func @types_and_bitcasts
func.func @types_and_bitcasts(%x: tensor<4xf32>, %h: tensor<4xf16>, %u: tensor<4xui8>) -> (tensor<4xui32>, tensor<4xi16>, tensor<4xi8>, tensor<4xui16>) {
  // CHECK: hlo.bitcast_convert %{{.+}} : (tensor<4xf32>) -> tensor<4xui32>
  %0 = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xui32>
  // CHECK: hlo.bitcast_convert %{{.+}} : (tensor<4xf16>) -> tensor<4xi16>
  %1 = hlo.bitcast_convert %h : (tensor<4xf16>) -> tensor<4xi16>
  // CHECK: hlo.bitcast_convert %{{.+}} : (tensor<4xui8>) -> tensor<4xi8>
  %2 = hlo.bitcast_convert %u : (tensor<4xui8>) -> tensor<4xi8>
  // CHECK: hlo.convert %{{.+}} : (tensor<4xui8>) -> tensor<4xui16>
  %3 = hlo.convert %u : (tensor<4xui8>) -> tensor<4xui16>
  return %0, %1, %2, %3 : tensor<4xui32>, tensor<4xi16>, tensor<4xi8>, tensor<4xui16>
}

// -----

// CHECK-LABEL: func.func @hyperbolic_and_gamma
func.func @hyperbolic_and_gamma(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK: hlo.sinh %{{.+}} : tensor<4xf32>
  %0 = hlo.sinh %x : tensor<4xf32>
  // CHECK: hlo.cosh %{{.+}} : tensor<4xf32>
  %1 = hlo.cosh %x : tensor<4xf32>
  // CHECK: hlo.asinh %{{.+}} : tensor<4xf32>
  %2 = hlo.asinh %x : tensor<4xf32>
  // CHECK: hlo.acosh %{{.+}} : tensor<4xf32>
  %3 = hlo.acosh %x : tensor<4xf32>
  // CHECK: hlo.atanh %{{.+}} : tensor<4xf32>
  %4 = hlo.atanh %x : tensor<4xf32>
  // CHECK: hlo.erfc %{{.+}} : tensor<4xf32>
  %5 = hlo.erfc %x : tensor<4xf32>
  // CHECK: hlo.lgamma %{{.+}} : tensor<4xf32>
  %6 = hlo.lgamma %x : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[A:.+]]: tensor<2x3xbf16>, %[[B:.+]]: tensor<2x3xbf16>)
func.func @binary(%a: tensor<2x3xbf16>, %b: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  // CHECK: hlo.add %[[A]], %[[B]] : tensor<2x3xbf16>
  %0 = hlo.add %a, %b : tensor<2x3xbf16>
  // CHECK: hlo.subtract
  %1 = hlo.subtract %0, %b : tensor<2x3xbf16>
  // CHECK: hlo.multiply
  %2 = hlo.multiply %1, %b : tensor<2x3xbf16>
  // CHECK: hlo.divide
  %3 = hlo.divide %2, %b : tensor<2x3xbf16>
  // CHECK: hlo.maximum
  %4 = hlo.maximum %3, %b : tensor<2x3xbf16>
  // CHECK: hlo.minimum {{.*}} : tensor<2x3xbf16>
  %5 = hlo.minimum %4, %b : tensor<2x3xbf16>
  return %5 : tensor<2x3xbf16>
}

// -----

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // CHECK: %[[P:.+]] = hlo.compare GE, %{{.+}}, %{{.+}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %p = hlo.compare GE, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: hlo.select %[[P]], %{{.+}}, %{{.+}} : tensor<4xi1>, tensor<4xi32>
  %r = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xi32>
  // CHECK: hlo.compare EQ
  // CHECK: hlo.compare NE
  // CHECK: hlo.compare LT
  // CHECK: hlo.compare LE
  // CHECK: hlo.compare GT
  %0 = hlo.compare EQ, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = hlo.compare NE, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %2 = hlo.compare LT, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = hlo.compare LE, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = hlo.compare GT, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %r : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @shapes
func.func @shapes(%v: tensor<128xf32>, %x: tensor<2x3xf32>, %z: tensor<f32>)
    -> (tensor<8x128xf32>, tensor<6xf32>, tensor<3x2xf32>, tensor<2x1xf32>,
        tensor<4x6xf32>, tensor<4x3xf32>) {
  // CHECK: hlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  // CHECK: hlo.reshape %{{.+}} : (tensor<2x3xf32>) -> tensor<6xf32>
  %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: hlo.transpose %{{.+}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.slice %{{.+}} [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %s = hlo.slice %x [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  // CHECK: hlo.pad %{{.+}}, %{{.+}}, low = [0, 1], high = [2, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  %p = hlo.pad %x, %z, low = [0, 1], high = [2, 0], interior = [0, 1]
      : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  // CHECK: hlo.concatenate %{{.+}}, %{{.+}}, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %c = hlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %b, %r, %t, %s, %p, %c : tensor<8x128xf32>, tensor<6xf32>, tensor<3x2xf32>,
      tensor<2x1xf32>, tensor<4x6xf32>, tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general
func.func @dot_general(%a: tensor<4x8x16xbf16>, %b: tensor<4x16x32xbf16>,
                       %x: tensor<8x16xf32>, %y: tensor<16x128xf32>)
    -> (tensor<4x8x32xf32>, tensor<8x128xf32>) {
  // CHECK: hlo.dot_general %{{.+}}, %{{.+}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xbf16>, tensor<4x16x32xbf16>) -> tensor<4x8x32xf32>
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<4x8x16xbf16>, tensor<4x16x32xbf16>) -> tensor<4x8x32xf32>
  // CHECK: hlo.dot_general %{{.+}}, %{{.+}}, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<8x16xf32>, tensor<16x128xf32>) -> tensor<8x128xf32>
  %1 = hlo.dot_general %x, %y, contracting_dims = [1] x [0], precision = HIGHEST
      : (tensor<8x16xf32>, tensor<16x128xf32>) -> tensor<8x128xf32>
  return %0, %1 : tensor<4x8x32xf32>, tensor<8x128xf32>
}

// -----

// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<8x28x28x1xf32>, %w: tensor<3x3x1x16xf32>,
                       %g: tensor<2x9x9x4xf32>, %gw: tensor<3x3x2x6xf32>,
                       %s: tensor<1x16x2xf32>, %sw: tensor<3x2x2xf32>)
    -> (tensor<8x28x28x16xf32>, tensor<2x3x17x6xf32>, tensor<1x14x2xf32>) {
  // CHECK: hlo.convolution %{{.+}}, %{{.+}}, window = {stride = [1, 1], pad = {{\[}}[1, 1], [1, 1]]} : (tensor<8x28x28x1xf32>, tensor<3x3x1x16xf32>) -> tensor<8x28x28x16xf32>
  %0 = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}
      : (tensor<8x28x28x1xf32>, tensor<3x3x1x16xf32>) -> tensor<8x28x28x16xf32>
  // Height: 9 + 0 + 1 padded, window 3 dilated by 2 is 5, stride 2: (10 - 5) / 2 + 1 = 3.
  // Width: 9 dilated by 2 is 17, + 1 + 1 padded, window 3: (19 - 3) / 1 + 1 = 17.
  // CHECK: hlo.convolution %{{.+}}, %{{.+}}, window = {stride = [2, 1], pad = {{\[}}[0, 1], [1, 1]], lhs_dilate = [1, 2], rhs_dilate = [2, 1]}, feature_group_count = 2, precision = HIGHEST
  %1 = hlo.convolution %g, %gw, window = {stride = [2, 1], pad = [[0, 1], [1, 1]],
                                         lhs_dilate = [1, 2], rhs_dilate = [2, 1]},
      feature_group_count = 2, precision = HIGHEST
      : (tensor<2x9x9x4xf32>, tensor<3x3x2x6xf32>) -> tensor<2x3x17x6xf32>
  // One spatial dimension, no window attributes.
  // CHECK: hlo.convolution %{{.+}}, %{{.+}} : (tensor<1x16x2xf32>, tensor<3x2x2xf32>) -> tensor<1x14x2xf32>
  %2 = hlo.convolution %s, %sw : (tensor<1x16x2xf32>, tensor<3x2x2xf32>) -> tensor<1x14x2xf32>
  return %0, %1, %2 : tensor<8x28x28x16xf32>, tensor<2x3x17x6xf32>, tensor<1x14x2xf32>
}

// -----

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<4x8x16xf32>) -> (tensor<8xf32>, tensor<4x8xf32>,
    tensor<4x16xf32>, tensor<f32>, tensor<4x16xi32>, tensor<8x16xi32>) {
  // CHECK: hlo.reduce sum %{{.+}}, dims = [0, 2] : (tensor<4x8x16xf32>) -> tensor<8xf32>
  %0 = hlo.reduce sum %x, dims = [0, 2] : (tensor<4x8x16xf32>) -> tensor<8xf32>
  // CHECK: hlo.reduce max
  %1 = hlo.reduce max %x, dims = [2] : (tensor<4x8x16xf32>) -> tensor<4x8xf32>
  // CHECK: hlo.reduce min
  %2 = hlo.reduce min %x, dims = [1] : (tensor<4x8x16xf32>) -> tensor<4x16xf32>
  // CHECK: hlo.reduce product
  %3 = hlo.reduce product %x, dims = [0, 1, 2] : (tensor<4x8x16xf32>) -> tensor<f32>
  // CHECK: hlo.argmax %{{.+}}, dim = 1 : (tensor<4x8x16xf32>) -> tensor<4x16xi32>
  %4 = hlo.argmax %x, dim = 1 : (tensor<4x8x16xf32>) -> tensor<4x16xi32>
  // CHECK: hlo.argmin %{{.+}}, dim = 0 : (tensor<4x8x16xf32>) -> tensor<8x16xi32>
  %5 = hlo.argmin %x, dim = 0 : (tensor<4x8x16xf32>) -> tensor<8x16xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<4x8xf32>, tensor<4x16xf32>,
      tensor<f32>, tensor<4x16xi32>, tensor<8x16xi32>
}

// -----

// CHECK-LABEL: func.func @call
func.func private @callee(tensor<4xf32>) -> tensor<4xf32>
func.func @call(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: call @callee
  %0 = func.call @callee(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fusions
func.func @fusions(%x: tensor<8x128xf32>, %v: tensor<128xf32>,
                   %w: tensor<128x128xf32>) -> (tensor<8x128xf32>, tensor<8xf32>, tensor<8x128xf32>) {
  // CHECK: %[[LOOP:.+]] = hlo.fusion kind = loop (%[[P0:.+]] = %{{.+}}, %[[P1:.+]] = %{{.+}}) : (tensor<8x128xf32>, tensor<128xf32>) -> tensor<8x128xf32> {
  // CHECK-NEXT: hlo.broadcast_in_dim %[[P1]], dims = [1]
  // CHECK-NEXT: hlo.add %[[P0]],
  // CHECK-NEXT: hlo.yield %{{.+}} : tensor<8x128xf32>
  // CHECK-NEXT: }
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %v) : (tensor<8x128xf32>, tensor<128xf32>) -> tensor<8x128xf32> {
    %b = hlo.broadcast_in_dim %p1, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
    %s = hlo.add %p0, %b : tensor<8x128xf32>
    hlo.yield %s : tensor<8x128xf32>
  }
  // CHECK: hlo.fusion kind = input
  // CHECK: hlo.reduce max
  %1 = hlo.fusion kind = input (%p0 = %0) : (tensor<8x128xf32>) -> tensor<8xf32> {
    %e = hlo.exponential %p0 : tensor<8x128xf32>
    %m = hlo.reduce max %e, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
    hlo.yield %m : tensor<8xf32>
  }
  // CHECK: hlo.fusion kind = output
  // CHECK-SAME: attributes {note = "epilogue"}
  // CHECK: hlo.dot_general
  // CHECK: hlo.tanh
  %2 = hlo.fusion kind = output (%p0 = %x, %p1 = %w) attributes {note = "epilogue"} : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32> {
    %d = hlo.dot_general %p0, %p1, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
    %t = hlo.tanh %d : tensor<8x128xf32>
    hlo.yield %t : tensor<8x128xf32>
  }
  return %0, %1, %2 : tensor<8x128xf32>, tensor<8xf32>, tensor<8x128xf32>
}

// -----

// A multi-output loop fusion.
// CHECK-LABEL: func.func @multi_output
func.func @multi_output(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK: %[[F:.+]]:2 = hlo.fusion kind = loop
  // CHECK: hlo.yield %{{.+}}, %{{.+}} : tensor<4xf32>, tensor<4xf32>
  %0:2 = hlo.fusion kind = loop (%p = %x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %a = hlo.abs %p : tensor<4xf32>
    %n = hlo.negate %a : tensor<4xf32>
    hlo.yield %a, %n : tensor<4xf32>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Rounding, trigonometric and bitwise ops, and reverse.
// CHECK-LABEL: func.func @more_elementwise
func.func @more_elementwise(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>, %b: tensor<4x8xi1>) -> (tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi1>) {
  // CHECK: hlo.floor %{{.+}} : tensor<4x8xf32>
  // CHECK: hlo.ceil
  // CHECK: hlo.round_nearest_even
  // CHECK: hlo.sine
  // CHECK: hlo.cosine
  // CHECK: hlo.erf
  // CHECK: hlo.reverse %{{.+}}, dims = [0, 1] : tensor<4x8xf32>
  %0 = hlo.floor %x : tensor<4x8xf32>
  %1 = hlo.ceil %0 : tensor<4x8xf32>
  %2 = hlo.round_nearest_even %1 : tensor<4x8xf32>
  %3 = hlo.sine %2 : tensor<4x8xf32>
  %4 = hlo.cosine %3 : tensor<4x8xf32>
  %5 = hlo.erf %4 : tensor<4x8xf32>
  %6 = hlo.reverse %5, dims = [0, 1] : tensor<4x8xf32>
  // CHECK: hlo.and %{{.+}}, %{{.+}} : tensor<4x8xi32>
  // CHECK: hlo.or
  // CHECK: hlo.xor
  // CHECK: hlo.not
  // CHECK: hlo.shift_left
  // CHECK: hlo.shift_right_logical
  // CHECK: hlo.shift_right_arithmetic
  %7 = hlo.and %i, %i : tensor<4x8xi32>
  %8 = hlo.or %7, %i : tensor<4x8xi32>
  %9 = hlo.xor %8, %i : tensor<4x8xi32>
  %10 = hlo.not %9 : tensor<4x8xi32>
  %11 = hlo.shift_left %10, %i : tensor<4x8xi32>
  %12 = hlo.shift_right_logical %11, %i : tensor<4x8xi32>
  %13 = hlo.shift_right_arithmetic %12, %i : tensor<4x8xi32>
  // CHECK: hlo.and %{{.+}}, %{{.+}} : tensor<4x8xi1>
  // CHECK: hlo.not %{{.+}} : tensor<4x8xi1>
  %14 = hlo.and %b, %b : tensor<4x8xi1>
  %15 = hlo.not %14 : tensor<4x8xi1>
  return %6, %13, %15 : tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi1>
}

// -----

// CHECK-LABEL: func.func @math
func.func @math(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // CHECK: hlo.tan %{{.+}} : tensor<4xf32>
  // CHECK: hlo.cbrt
  // CHECK: hlo.exponential_minus_one
  // CHECK: hlo.log_plus_one
  // CHECK: hlo.round_nearest_afz
  // CHECK: hlo.remainder %{{.+}}, %{{.+}} : tensor<4xf32>
  // CHECK: hlo.power
  // CHECK: hlo.atan2
  // CHECK: hlo.popcnt %{{.+}} : tensor<4xi32>
  // CHECK: hlo.count_leading_zeros
  // CHECK: hlo.remainder %{{.+}}, %{{.+}} : tensor<4xi32>
  // CHECK: hlo.power %{{.+}}, %{{.+}} : tensor<4xi32>
  %0 = hlo.tan %x : tensor<4xf32>
  %1 = hlo.cbrt %0 : tensor<4xf32>
  %2 = hlo.exponential_minus_one %1 : tensor<4xf32>
  %3 = hlo.log_plus_one %2 : tensor<4xf32>
  %4 = hlo.round_nearest_afz %3 : tensor<4xf32>
  %5 = hlo.remainder %4, %x : tensor<4xf32>
  %6 = hlo.power %5, %x : tensor<4xf32>
  %7 = hlo.atan2 %6, %x : tensor<4xf32>
  %8 = hlo.popcnt %i : tensor<4xi32>
  %9 = hlo.count_leading_zeros %8 : tensor<4xi32>
  %10 = hlo.remainder %9, %i : tensor<4xi32>
  %11 = hlo.power %10, %i : tensor<4xi32>
  return %7, %11 : tensor<4xf32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @sort
// CHECK: hlo.sort(%{{.*}}, %{{.*}}) dim = 1 stable : (tensor<2x8xf32>, tensor<2x8xi32>) -> (tensor<2x8xf32>, tensor<2x8xi32>) {
// CHECK: hlo.compare LT
// CHECK: hlo.yield %{{.*}} : tensor<i1>
func.func @sort(%x: tensor<2x8xf32>, %i: tensor<2x8xi32>) -> (tensor<2x8xf32>, tensor<2x8xi32>) {
  %0:2 = hlo.sort(%x, %i) dim = 1 stable : (tensor<2x8xf32>, tensor<2x8xi32>) -> (tensor<2x8xf32>, tensor<2x8xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %lt : tensor<i1>
  }
  return %0#0, %0#1 : tensor<2x8xf32>, tensor<2x8xi32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slices
// CHECK: hlo.dynamic_slice %arg0[%arg1, %arg2], sizes = [2, 3] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
// CHECK: hlo.dynamic_update_slice %arg0[%arg1, %arg2], %{{.*}} : (tensor<4x8xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
func.func @dynamic_slices(%x: tensor<4x8xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x8xf32> {
  %s = hlo.dynamic_slice %x[%i, %j], sizes = [2, 3] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %u = hlo.dynamic_update_slice %x[%i, %j], %s : (tensor<4x8xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
  return %u : tensor<4x8xf32>
}
