// RUN: tpu-opt %s -split-input-file --convert-tosa-to-hlo | FileCheck %s

// Elementwise ops; TOSA's rank-equal broadcasting becomes broadcast_in_dim.
// CHECK-LABEL: func.func @elementwise
// CHECK:         %[[B:.+]] = hlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK:         %[[ADD:.+]] = hlo.add %arg0, %[[B]] : tensor<4x8xf32>
// CHECK:         %[[SUB:.+]] = hlo.subtract %[[ADD]], %arg0
// CHECK:         %[[MUL:.+]] = hlo.multiply %[[SUB]], %arg0
// CHECK:         %[[MAX:.+]] = hlo.maximum %[[MUL]], %arg0
// CHECK:         %[[MIN:.+]] = hlo.minimum %[[MAX]], %arg0
// CHECK:         %[[NEG:.+]] = hlo.negate %[[MIN]]
// CHECK:         %[[ABS:.+]] = hlo.abs %[[NEG]]
// CHECK:         %[[EXP:.+]] = hlo.exponential %[[ABS]]
// CHECK:         %[[LOG:.+]] = hlo.log %[[EXP]]
// CHECK:         %[[TANH:.+]] = hlo.tanh %[[LOG]]
// CHECK:         %[[SIG:.+]] = hlo.logistic %[[TANH]]
// CHECK:         %[[ONE:.+]] = hlo.constant dense<1.000000e+00> : tensor<4x8xf32>
// CHECK:         %[[REC:.+]] = hlo.divide %[[ONE]], %[[SIG]]
// CHECK:         %[[RS:.+]] = hlo.rsqrt %[[REC]]
// CHECK-NOT:     tosa.
// CHECK:         return %[[RS]]
func.func @elementwise(%x: tensor<4x8xf32>, %b: tensor<1x8xf32>) -> tensor<4x8xf32> {
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = tosa.add %x, %b : (tensor<4x8xf32>, tensor<1x8xf32>) -> tensor<4x8xf32>
  %1 = tosa.sub %0, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %2 = tosa.mul %1, %x, %shift : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<1xi8>) -> tensor<4x8xf32>
  %3 = tosa.maximum %2, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %4 = tosa.minimum %3, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = tosa.negate %4, %zp, %zp : (tensor<4x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x8xf32>
  %6 = tosa.abs %5 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %7 = tosa.exp %6 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %8 = tosa.log %7 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %9 = tosa.tanh %8 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %10 = tosa.sigmoid %9 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %11 = tosa.reciprocal %10 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %12 = tosa.rsqrt %11 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %12 : tensor<4x8xf32>
}

// -----

// clamp is min then max against splats; comparisons and select broadcast.
// CHECK-LABEL: func.func @clamp_compare_select
// CHECK:         %[[LO:.+]] = hlo.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK:         %[[HI:.+]] = hlo.constant dense<6.000000e+00> : tensor<4x8xf32>
// CHECK:         %[[MIN:.+]] = hlo.minimum %arg0, %[[HI]]
// CHECK:         %[[C:.+]] = hlo.maximum %[[MIN]], %[[LO]]
// CHECK:         %[[Y:.+]] = hlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK:         %[[GT:.+]] = hlo.compare GT, %[[C]], %[[Y]]
// CHECK:         %[[Y2:.+]] = hlo.broadcast_in_dim %arg1
// CHECK:         %[[GE:.+]] = hlo.compare GE, %[[C]], %[[Y2]]
// CHECK:         %[[EQ:.+]] = hlo.compare EQ, %[[C]], %arg0
// CHECK:         hlo.select %[[GT]], %[[C]], %arg0
func.func @clamp_compare_select(%x: tensor<4x8xf32>, %y: tensor<4x1xf32>) -> (tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x8xi1>) {
  %c = tosa.clamp %x {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %gt = tosa.greater %c, %y : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xi1>
  %ge = tosa.greater_equal %c, %y : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xi1>
  %eq = tosa.equal %c, %x : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
  %s = tosa.select %gt, %c, %x : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s, %ge, %eq : tensor<4x8xf32>, tensor<4x8xi1>, tensor<4x8xi1>
}

// -----

// Casts: widening and narrowing are hlo.convert; to i1 is "not zero".
// CHECK-LABEL: func.func @casts
// CHECK:         hlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xf32>
// CHECK:         hlo.convert %arg1 : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK:         %[[Z:.+]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK:         hlo.compare NE, %arg0, %[[Z]]
func.func @casts(%i: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xbf16>, tensor<4xi1>) {
  %a = tosa.cast %i : (tensor<4xi32>) -> tensor<4xf32>
  %b = tosa.cast %f : (tensor<4xf32>) -> tensor<4xbf16>
  %c = tosa.cast %i : (tensor<4xi32>) -> tensor<4xi1>
  return %a, %b, %c : tensor<4xf32>, tensor<4xbf16>, tensor<4xi1>
}

// -----

// matmul is a dot_general batched over dimension 0.
// CHECK-LABEL: func.func @matmul
// CHECK:         %[[D:.+]] = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xbf16>, tensor<2x8x16xbf16>) -> tensor<2x4x16xf32>
// CHECK-NEXT:    return %[[D]]
func.func @matmul(%a: tensor<2x4x8xbf16>, %b: tensor<2x8x16xbf16>) -> tensor<2x4x16xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xbf16>} : () -> tensor<1xbf16>
  %m = tosa.matmul %a, %b, %zp, %zp : (tensor<2x4x8xbf16>, tensor<2x8x16xbf16>, tensor<1xbf16>, tensor<1xbf16>) -> tensor<2x4x16xf32>
  return %m : tensor<2x4x16xf32>
}

// -----

// conv2d: OHWI weights transposed to HWIO, pads [top, bottom, left, right]
// as low/high pairs, dilation on the kernel, the bias broadcast along the
// features.
// CHECK-LABEL: func.func @conv2d
// CHECK:         %[[K:.+]] = hlo.transpose %arg1, dims = [1, 2, 3, 0] : (tensor<16x3x3x4xf32>) -> tensor<3x3x4x16xf32>
// CHECK:         %[[C:.+]] = hlo.convolution %arg0, %[[K]], window = {stride = [2, 1], pad = {{\[\[1, 1\], \[2, 1\]\]}}, rhs_dilate = [1, 2]} : (tensor<2x9x9x4xf32>, tensor<3x3x4x16xf32>) -> tensor<2x5x8x16xf32>
// CHECK:         %[[B:.+]] = hlo.broadcast_in_dim %arg2, dims = [3] : (tensor<16xf32>) -> tensor<2x5x8x16xf32>
// CHECK:         hlo.add %[[C]], %[[B]]
func.func @conv2d(%x: tensor<2x9x9x4xf32>, %w: tensor<16x3x3x4xf32>, %b: tensor<16xf32>) -> tensor<2x5x8x16xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 2, 1>, stride = array<i64: 2, 1>, dilation = array<i64: 1, 2>} : (tensor<2x9x9x4xf32>, tensor<16x3x3x4xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x5x8x16xf32>
  return %y : tensor<2x5x8x16xf32>
}

// -----

// A zero bias adds nothing.
// CHECK-LABEL: func.func @conv2d_zero_bias
// CHECK:         %[[C:.+]] = hlo.convolution
// CHECK-NEXT:    return %[[C]]
func.func @conv2d_zero_bias(%x: tensor<1x4x4x8xf32>, %w: tensor<8x1x1x8xf32>) -> tensor<1x4x4x8xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %b = "tosa.const"() {values = dense<0.0> : tensor<8xf32>} : () -> tensor<8xf32>
  %y = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x4x4x8xf32>, tensor<8x1x1x8xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x8xf32>
  return %y : tensor<1x4x4x8xf32>
}

// -----

// Reductions keep the reduced dimension as 1: reduce, then reshape.
// argmax drops it.
// CHECK-LABEL: func.func @reductions
// CHECK:         %[[S:.+]] = hlo.reduce sum %arg0, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK:         hlo.reshape %[[S]] : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK:         hlo.reduce max %arg0, dims = [0]
// CHECK:         hlo.reduce min %arg0, dims = [1]
// CHECK:         hlo.reduce product %arg0, dims = [1]
// CHECK:         hlo.argmax %arg0, dim = 1 : (tensor<4x8xf32>) -> tensor<4xi32>
func.func @reductions(%x: tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<1x8xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4xi32>) {
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %m = tosa.reduce_max %x {axis = 0 : i32} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %n = tosa.reduce_min %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %p = tosa.reduce_product %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %a = tosa.argmax %x {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4xi32>
  return %s, %m, %n, %p, %a : tensor<4x1xf32>, tensor<1x8xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4xi32>
}

// -----

// Data movement: shapes come from tosa.const_shape; slice sizes become
// limits, pad pairs become low/high, the pad value a scalar.
// CHECK-LABEL: func.func @data_movement
// CHECK:         %[[R:.+]] = hlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<2x12xf32>
// CHECK:         %[[T:.+]] = hlo.transpose %[[R]], dims = [1, 0] : (tensor<2x12xf32>) -> tensor<12x2xf32>
// CHECK:         %[[S:.+]] = hlo.slice %[[T]] [1:11, 0:2] : (tensor<12x2xf32>) -> tensor<10x2xf32>
// CHECK:         %[[V:.+]] = hlo.reshape %{{.+}} : (tensor<1xf32>) -> tensor<f32>
// CHECK:         %[[P:.+]] = hlo.pad %[[S]], %[[V]], low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<10x2xf32>, tensor<f32>) -> tensor<13x5xf32>
// CHECK:         hlo.concatenate %[[P]], %[[P]], dim = 0 : (tensor<13x5xf32>, tensor<13x5xf32>) -> tensor<26x5xf32>
func.func @data_movement(%x: tensor<4x6xf32>) -> tensor<26x5xf32> {
  %s = tosa.const_shape {values = dense<[2, 12]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %x, %s : (tensor<4x6xf32>, !tosa.shape<2>) -> tensor<2x12xf32>
  %t = tosa.transpose %r {perms = array<i32: 1, 0>} : (tensor<2x12xf32>) -> tensor<12x2xf32>
  %start = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[10, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %sl = tosa.slice %t, %start, %size : (tensor<12x2xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<10x2xf32>
  %pads = tosa.const_shape {values = dense<[1, 2, 0, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %v = "tosa.const"() {values = dense<-1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %p = tosa.pad %sl, %pads, %v : (tensor<10x2xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<13x5xf32>
  %c = tosa.concat %p, %p {axis = 0 : i32} : (tensor<13x5xf32>, tensor<13x5xf32>) -> tensor<26x5xf32>
  return %c : tensor<26x5xf32>
}

// -----

// A function without TOSA is left alone.
// CHECK-LABEL: func.func @hlo_only
// CHECK-NEXT:    hlo.negate %arg0
func.func @hlo_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = hlo.negate %x : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// tile is a broadcast to [m0, s0, m1, s1] and a row-major reshape; identity
// is its operand; reverse keeps its axis.
// CHECK-LABEL: func.func @tile_identity_reverse
// CHECK:         %[[B:.+]] = hlo.broadcast_in_dim %arg0, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<2x2x3x3xf32>
// CHECK:         %[[T:.+]] = hlo.reshape %[[B]] : (tensor<2x2x3x3xf32>) -> tensor<4x9xf32>
// CHECK:         hlo.reverse %[[T]], dims = [1] : tensor<4x9xf32>
func.func @tile_identity_reverse(%x: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %m = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %t = tosa.tile %x, %m : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<4x9xf32>
  %i = tosa.identity %t : (tensor<4x9xf32>) -> tensor<4x9xf32>
  %r = tosa.reverse %i {axis = 1 : i32} : (tensor<4x9xf32>) -> tensor<4x9xf32>
  return %r : tensor<4x9xf32>
}

// -----

// Logical ops on i1 and bitwise ops on integers share the hlo ops; shifts,
// intdiv, rounding and trigonometric ops map one to one.
// CHECK-LABEL: func.func @logical_bitwise
// CHECK:         hlo.and %arg0, %arg1 : tensor<4xi1>
// CHECK:         hlo.or
// CHECK:         hlo.xor
// CHECK:         hlo.not %{{.+}} : tensor<4xi1>
// CHECK:         hlo.and %arg2, %arg3 : tensor<4xi32>
// CHECK:         hlo.or
// CHECK:         hlo.xor
// CHECK:         hlo.not %{{.+}} : tensor<4xi32>
// CHECK:         hlo.shift_left
// CHECK:         hlo.shift_right_logical
// CHECK:         hlo.shift_right_arithmetic
// CHECK:         hlo.divide %{{.+}}, %{{.+}} : tensor<4xi32>
func.func @logical_bitwise(%a: tensor<4xi1>, %b: tensor<4xi1>, %x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi32>) {
  %0 = tosa.logical_and %a, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %1 = tosa.logical_or %0, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %2 = tosa.logical_xor %1, %a : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = tosa.logical_not %2 : (tensor<4xi1>) -> tensor<4xi1>
  %4 = tosa.bitwise_and %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %5 = tosa.bitwise_or %4, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %6 = tosa.bitwise_xor %5, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %7 = tosa.bitwise_not %6 : (tensor<4xi32>) -> tensor<4xi32>
  %8 = tosa.logical_left_shift %7, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %9 = tosa.logical_right_shift %8, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %10 = tosa.arithmetic_right_shift %9, %y {round = false} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %11 = tosa.intdiv %10, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %3, %11 : tensor<4xi1>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @rounding_trig
// CHECK:         hlo.floor
// CHECK:         hlo.ceil
// CHECK:         hlo.sine
// CHECK:         hlo.cosine
// CHECK:         hlo.erf
// A float to integer cast rounds to nearest even first: hlo.convert
// truncates.
// CHECK:         %[[R:.+]] = hlo.round_nearest_even %{{.+}} : tensor<4xf32>
// CHECK:         hlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xi32>
func.func @rounding_trig(%x: tensor<4xf32>) -> tensor<4xi32> {
  %0 = tosa.floor %x : (tensor<4xf32>) -> tensor<4xf32>
  %1 = tosa.ceil %0 : (tensor<4xf32>) -> tensor<4xf32>
  %2 = tosa.sin %1 : (tensor<4xf32>) -> tensor<4xf32>
  %3 = tosa.cos %2 : (tensor<4xf32>) -> tensor<4xf32>
  %4 = tosa.erf %3 : (tensor<4xf32>) -> tensor<4xf32>
  %5 = tosa.cast %4 : (tensor<4xf32>) -> tensor<4xi32>
  return %5 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @pow_clz
// CHECK: hlo.power %arg0, %arg1 : tensor<4xf32>
// CHECK: hlo.count_leading_zeros %arg2 : tensor<4xi32>
func.func @pow_clz(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = tosa.pow %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = tosa.clz %i : (tensor<4xi32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// On i1, reduce_any is a sum (or) and reduce_all a product (and).
// CHECK-LABEL: func.func @any_all
// CHECK:         hlo.reduce sum %arg0, dims = [1] : (tensor<3x4xi1>) -> tensor<3xi1>
// CHECK:         hlo.reduce product %arg0, dims = [0] : (tensor<3x4xi1>) -> tensor<4xi1>
func.func @any_all(%x: tensor<3x4xi1>) -> (tensor<3x1xi1>, tensor<1x4xi1>) {
  %0 = tosa.reduce_any %x {axis = 1 : i32} : (tensor<3x4xi1>) -> tensor<3x1xi1>
  %1 = tosa.reduce_all %x {axis = 0 : i32} : (tensor<3x4xi1>) -> tensor<1x4xi1>
  return %0, %1 : tensor<3x1xi1>, tensor<1x4xi1>
}

// -----

// max_pool2d: the input padded with -inf, then the maximum of one strided
// slice per window tap.
// CHECK-LABEL: func.func @max_pool
// CHECK:         %[[P:.+]] = hlo.pad %arg0, %{{.+}}, low = [0, 1, 1, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<1x5x5x8xf32>, tensor<f32>) -> tensor<1x6x6x8xf32>
// CHECK:         %[[A:.+]] = hlo.slice %[[P]] [0:1, 0:5:2, 0:5:2, 0:8]
// CHECK:         %[[B:.+]] = hlo.slice %[[P]] [0:1, 0:5:2, 1:6:2, 0:8]
// CHECK:         %[[M:.+]] = hlo.maximum %[[A]], %[[B]]
// CHECK-COUNT-2: hlo.maximum
// CHECK-NOT:     hlo.maximum
func.func @max_pool(%x: tensor<1x5x5x8xf32>) -> tensor<1x3x3x8xf32> {
  %y = tosa.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 1, 0, 1, 0>} : (tensor<1x5x5x8xf32>) -> tensor<1x3x3x8xf32>
  return %y : tensor<1x3x3x8xf32>
}

// -----

// avg_pool2d: the sum of the zero-padded taps over a constant count of the
// taps inside the input (corner 1, edges 2, interior 4 here).
// CHECK-LABEL: func.func @avg_pool
// CHECK:         hlo.add
// CHECK:         %[[C:.+]] = hlo.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [2.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK:         %[[D:.+]] = hlo.broadcast_in_dim %[[C]], dims = [1, 2] : (tensor<2x2xf32>) -> tensor<1x2x2x8xf32>
// CHECK:         hlo.divide %{{.+}}, %[[D]]
func.func @avg_pool(%x: tensor<1x3x3x8xf32>) -> tensor<1x2x2x8xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 1, 0, 1, 0>} : (tensor<1x3x3x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x8xf32>
  return %y : tensor<1x2x2x8xf32>
}

// -----

// depthwise_conv2d with a channel multiplier of 2: per tap, the strided
// input slice widened to [.., C, M] and flattened, times that tap's filters
// broadcast along the features; the taps summed, then the bias.
// CHECK-LABEL: func.func @depthwise
// CHECK-COUNT-4: hlo.multiply
// CHECK-NOT:     hlo.multiply
// CHECK:         %[[B:.+]] = hlo.broadcast_in_dim %arg2, dims = [3] : (tensor<6xf32>) -> tensor<1x2x2x6xf32>
// CHECK:         hlo.add %{{.+}}, %[[B]]
func.func @depthwise(%x: tensor<1x3x3x3xf32>, %w: tensor<2x2x3x2xf32>, %bias: tensor<6xf32>) -> tensor<1x2x2x6xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.depthwise_conv2d %x, %w, %bias, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x3x3x3xf32>, tensor<2x2x3x2xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x6xf32>
  return %y : tensor<1x2x2x6xf32>
}

// -----

// gather: a masked maximum over the index range k of values[n, k, c] where
// indices[n, w] == k; scatter: the same over w, chosen where any w hits k.
// CHECK-LABEL: func.func @gather_scatter
// CHECK:         %[[I:.+]] = hlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x3x5x4xi32>
// CHECK:         %[[K:.+]] = hlo.iota dim = 2 : tensor<2x3x5x4xi32>
// CHECK:         %[[M:.+]] = hlo.compare EQ, %[[I]], %[[K]]
// CHECK:         %[[V:.+]] = hlo.broadcast_in_dim %arg0, dims = [0, 2, 3] : (tensor<2x5x4xf32>) -> tensor<2x3x5x4xf32>
// CHECK:         %[[L:.+]] = hlo.constant dense<0xFF800000> : tensor<2x3x5x4xf32>
// CHECK:         %[[S:.+]] = hlo.select %[[M]], %[[V]], %[[L]]
// CHECK:         hlo.reduce max %[[S]], dims = [2] : (tensor<2x3x5x4xf32>) -> tensor<2x3x4xf32>
// CHECK:         hlo.iota dim = 1 : tensor<2x5x3x4xi32>
// CHECK:         %[[U:.+]] = hlo.reduce max %{{.+}}, dims = [2] : (tensor<2x5x3x4xf32>) -> tensor<2x5x4xf32>
// CHECK:         %[[H:.+]] = hlo.reduce sum %{{.+}}, dims = [2] : (tensor<2x5x3x4xi1>) -> tensor<2x5x4xi1>
// CHECK:         hlo.select %[[H]], %[[U]], %arg0
func.func @gather_scatter(%v: tensor<2x5x4xf32>, %i: tensor<2x3xi32>, %u: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x5x4xf32>) {
  %g = tosa.gather %v, %i : (tensor<2x5x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  %s = tosa.scatter %v, %i, %u : (tensor<2x5x4xf32>, tensor<2x3xi32>, tensor<2x3x4xf32>) -> tensor<2x5x4xf32>
  return %g, %s : tensor<2x3x4xf32>, tensor<2x5x4xf32>
}

// -----

// Upstream ops converters write around TOSA: tensor constants become hlo
// constants (an index constant that only a reshape reads goes with it),
// tensor.empty a zero splat, casts (also through a dynamic shape) their
// static source, and the reshapes hlo.reshape.
// CHECK-LABEL: func.func @converter_ops
// CHECK-NOT:     arith.constant
// CHECK-NOT:     tensor.
// CHECK:         %[[C:.+]] = hlo.constant dense<1.000000e+00> : tensor<2x3xf32>
// CHECK:         %[[A:.+]] = hlo.add %arg0, %[[C]] : tensor<2x3xf32>
// CHECK:         %[[R:.+]] = hlo.reshape %[[A]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK:         %[[E:.+]] = hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
// CHECK:         %[[Z:.+]] = hlo.constant dense<0.000000e+00> : tensor<1x2x3xf32>
// CHECK:         %[[M:.+]] = hlo.maximum %[[E]], %[[Z]]
// CHECK:         %[[F:.+]] = hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK:         return %[[R]], %[[M]], %[[F]]
func.func @converter_ops(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<1x2x3xf32>, tensor<6xf32>) {
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %a = tosa.add %x, %one : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %d = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %s = tensor.cast %d : tensor<?x3xf32> to tensor<2x3xf32>
  %shape = arith.constant dense<[3, 2]> : tensor<2xindex>
  %r = tensor.reshape %s(%shape) : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 2, 3] : tensor<2x3xf32> into tensor<1x2x3xf32>
  %z = tensor.empty() : tensor<1x2x3xf32>
  %m = tosa.maximum %e, %z : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %f = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %r, %m, %f : tensor<3x2xf32>, tensor<1x2x3xf32>, tensor<6xf32>
}
