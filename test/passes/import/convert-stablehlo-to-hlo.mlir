// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo | FileCheck %s

// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: hlo.add %arg0, %arg1 : tensor<2x3xf32>
// CHECK-DAG: hlo.compare GE, %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-DAG: hlo.convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK-NOT: stablehlo.
func.func @elementwise(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi32>) {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  %1 = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %2 = stablehlo.convert %a : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi32>
}

// -----

// Scalar predicates and bounds are broadcast: hlo broadcasts explicitly.
// CHECK-LABEL: func.func @scalars
// CHECK: %[[P:.*]] = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<i1>) -> tensor<4xi1>
// CHECK: hlo.select %[[P]], %arg1, %arg1
// CHECK: %[[LO:.*]] = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK: %[[HI:.*]] = hlo.broadcast_in_dim %arg2, dims = []
// CHECK: %[[UP:.*]] = hlo.maximum %arg1, %[[LO]]
// CHECK: hlo.minimum %[[UP]], %[[HI]]
func.func @scalars(%p: tensor<i1>, %x: tensor<4xf32>, %s: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.select %p, %x, %x : tensor<i1>, tensor<4xf32>
  %1 = stablehlo.clamp %s, %x, %s : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// sign keeps ±0 and NaN (the select falls through to x); is_finite is
// x - x == 0.
// CHECK-LABEL: func.func @sign_finite
// CHECK-DAG: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[LT:.*]] = hlo.compare LT, %arg0, %{{.*}}
// CHECK-DAG: %[[NEG:.*]] = hlo.select %[[LT]], %{{.*}}, %arg0
// CHECK-DAG: %[[GT:.*]] = hlo.compare GT, %arg0
// CHECK-DAG: hlo.select %[[GT]], %{{.*}}, %[[NEG]]
// CHECK-DAG: %[[D:.*]] = hlo.subtract %arg0, %arg0
// CHECK-DAG: hlo.compare EQ, %[[D]], %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
func.func @sign_finite(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>) {
  %0 = stablehlo.sign %x : tensor<4xf32>
  %1 = stablehlo.is_finite %x : (tensor<4xf32>) -> tensor<4xi1>
  return %0, %1 : tensor<4xf32>, tensor<4xi1>
}

// -----

// reduce_precision to bf16's or f16's format is a convert there and back;
// to a format at least as wide as the element type's it is nothing.
// bitcast_convert keeps its meaning.
// CHECK-LABEL: func.func @precision_and_bits
// CHECK-DAG: %[[B:.*]] = hlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-DAG: hlo.convert %[[B]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK-DAG: hlo.bitcast_convert %arg1 : (tensor<4xf16>) -> tensor<4xi16>
// CHECK-NOT: tensor<4xf64>
// CHECK: return %{{.*}}, %arg1, %{{.*}}
func.func @precision_and_bits(%x: tensor<4xf32>, %h: tensor<4xf16>) -> (tensor<4xf32>, tensor<4xf16>, tensor<4xi16>) {
  %0 = stablehlo.reduce_precision %x, format = e8m7 : tensor<4xf32>
  %1 = stablehlo.reduce_precision %h, format = e11m52 : tensor<4xf16>
  %2 = stablehlo.bitcast_convert %h : (tensor<4xf16>) -> tensor<4xi16>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf16>, tensor<4xi16>
}

// -----

// Unsigned elements compare UNSIGNED, which is how hlo orders them; the sign
// of an unsigned value is 0 or 1 (one compare, no negative branch).
// CHECK-LABEL: func.func @unsigned
// CHECK-DAG: hlo.compare LT, %arg0, %arg1 : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
// CHECK-DAG: %[[GT:.*]] = hlo.compare GT, %arg2, %{{.*}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
// CHECK-DAG: hlo.select %[[GT]], %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xui8>
// CHECK-NOT: hlo.compare LT, %arg2
func.func @unsigned(%a: tensor<4xui32>, %b: tensor<4xui32>, %c: tensor<4xui8>) -> (tensor<4xi1>, tensor<4xui8>) {
  %0 = stablehlo.compare  LT, %a, %b,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %1 = stablehlo.sign %c : tensor<4xui8>
  return %0, %1 : tensor<4xi1>, tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @movement
// CHECK: hlo.iota dim = 1 : tensor<2x3xi32>
// CHECK: hlo.broadcast_in_dim %arg0, dims = [1]
// CHECK: hlo.reshape
// CHECK: hlo.transpose %{{.*}}, dims = [1, 0]
// CHECK: hlo.reverse %{{.*}}, dims = [0]
// CHECK: hlo.slice %{{.*}} [0:2, 1:3:2]
// CHECK: hlo.pad %{{.*}}, %arg1, low = [1, 0], high = [0, -1], interior = [1, 0]
// CHECK: hlo.concatenate %{{.*}}, %{{.*}}, dim = 0
func.func @movement(%v: tensor<3xf32>, %s: tensor<f32>) -> (tensor<2x3xi32>, tensor<6xf32>, tensor<3x2xf32>, tensor<2x1xf32>, tensor<4x2xf32>, tensor<4x3xf32>) {
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.reshape %0 : (tensor<2x3xf32>) -> tensor<6xf32>
  %2 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = stablehlo.reverse %0, dims = [0] : tensor<2x3xf32>
  %4 = stablehlo.slice %0 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %5 = stablehlo.pad %0, %s, low = [1, 0], high = [0, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x2xf32>
  %6 = stablehlo.concatenate %0, %3, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %i, %1, %2, %4, %5, %6 : tensor<2x3xi32>, tensor<6xf32>, tensor<3x2xf32>, tensor<2x1xf32>, tensor<4x2xf32>, tensor<4x3xf32>
}

// -----

// DEFAULT precision leaves the choice to the compiler; HIGH and HIGHEST
// become HIGHEST. The deprecated dot contracts lhs's last dimension.
// A dot_general's algorithm: one bf16 pass (or f8 operands) is the MXU's
// DEFAULT; several passes or operands wider than bf16 become HIGHEST.
// CHECK-LABEL: func.func @dot_algorithms
// CHECK: hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x4xf32>
// CHECK: hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = HIGHEST
// CHECK: hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = HIGHEST
// CHECK: hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = HIGHEST
func.func @dot_algorithms(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %2 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %3 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] {algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0, %1, %2, %3 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func @dots
// CHECK: hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>
// CHECK: hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = HIGHEST
// CHECK: hlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
func.func @dots(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<3x4xf32>, %v: tensor<4xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<3xf32>) {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = stablehlo.dot %m, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0, %1, %2 : tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<3xf32>
}

// -----

// NCHW input, OIHW kernel, NHWC output: transposes around hlo's
// NHWC/HWIO convolution; a reversed window reverses the kernel.
// CHECK-LABEL: func.func @convolution
// CHECK: %[[X:.*]] = hlo.transpose %arg0, dims = [0, 2, 3, 1] : (tensor<1x2x8x8xf32>) -> tensor<1x8x8x2xf32>
// CHECK: %[[W:.*]] = hlo.transpose %arg1, dims = [2, 3, 1, 0] : (tensor<4x2x3x3xf32>) -> tensor<3x3x2x4xf32>
// CHECK: %[[R:.*]] = hlo.reverse %[[W]], dims = [1]
// CHECK: hlo.convolution %[[X]], %[[R]], window = {stride = [2, 1], pad = {{\[\[}}1, 1], [0, 0]], rhs_dilate = [1, 2]} : (tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NOT: hlo.transpose
func.func @convolution(%x: tensor<1x2x8x8xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 0]], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// A reduce body of one op is an hlo.reduce of that kind; an init value
// that is not the kind's identity is applied once after it. or on i1 is
// hlo's sum.
// CHECK-LABEL: func.func @reductions
// CHECK: hlo.reduce sum %arg0, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK: %[[M:.*]] = hlo.reduce max %arg0, dims = [1]
// CHECK: %[[I:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK: hlo.maximum %[[M]], %[[I]]
// CHECK: hlo.reduce sum %arg1, dims = [0, 1] : (tensor<4x8xi1>) -> tensor<i1>
func.func @reductions(%x: tensor<4x8xf32>, %p: tensor<4x8xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<i1>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %false = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%x init: %one) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = stablehlo.reduce(%p init: %false) applies stablehlo.or across dimensions = [0, 1] : (tensor<4x8xi1>, tensor<i1>) -> tensor<i1>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<i1>
}

// -----

// Functions without StableHLO are left alone.
// CHECK-LABEL: func.func @hlo_only
// CHECK-NEXT: hlo.negate %arg0
func.func @hlo_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// JAX's argmax: a reduce over values and an iota whose body keeps the
// larger value (NaN wins) and, on ties, the smaller index: hlo.reduce max
// for the value and hlo.argmax for the index.
// CHECK-LABEL: func.func @argmax
// CHECK-DAG: %[[I:.*]] = hlo.argmax %arg0, dim = 1 : (tensor<4x8xf32>) -> tensor<4xi32>
// CHECK-DAG: %[[V:.*]] = hlo.reduce max %arg0, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK: return %[[V]], %[[I]]
func.func @argmax(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %iota = stablehlo.iota dim = 1 : tensor<4x8xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %c0) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%v: tensor<f32>, %w: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>)  {
    %1 = stablehlo.compare  GT, %v, %w,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.compare  NE, %v, %v,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.or %1, %2 : tensor<i1>
    %4 = stablehlo.compare  EQ, %v, %w,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare  LT, %i, %j,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %3, %6 : tensor<i1>
    %8 = stablehlo.select %3, %v, %w : tensor<i1>, tensor<f32>
    %9 = stablehlo.select %7, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %8, %9 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// With x64 enabled JAX's argmax counts in ui64 (or i64): hlo.argmax
// gives i32 and a convert widens it.
// CHECK-LABEL: func.func @argmax_ui64
// CHECK: %[[I:.*]] = hlo.argmax %arg0, dim = 0 : (tensor<15xf32>) -> tensor<i32>
// CHECK: %[[W:.*]] = hlo.convert %[[I]] : (tensor<i32>) -> tensor<ui64>
// CHECK: return %[[W]]
func.func @argmax_ui64(%x: tensor<15xf32>) -> tensor<ui64> {
  %iota = stablehlo.iota dim = 0 : tensor<15xui64>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c0 = stablehlo.constant dense<0> : tensor<ui64>
  %0:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %c0) across dimensions = [0] : (tensor<15xf32>, tensor<15xui64>, tensor<f32>, tensor<ui64>) -> (tensor<f32>, tensor<ui64>)
   reducer(%v: tensor<f32>, %w: tensor<f32>) (%i: tensor<ui64>, %j: tensor<ui64>)  {
    %1 = stablehlo.compare  GT, %v, %w,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.compare  NE, %v, %v,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.or %1, %2 : tensor<i1>
    %4 = stablehlo.compare  EQ, %v, %w,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare  LT, %i, %j,  UNSIGNED : (tensor<ui64>, tensor<ui64>) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %3, %6 : tensor<i1>
    %8 = stablehlo.select %3, %v, %w : tensor<i1>, tensor<f32>
    %9 = stablehlo.select %7, %i, %j : tensor<i1>, tensor<ui64>
    stablehlo.return %8, %9 : tensor<f32>, tensor<ui64>
  }
  return %0#1 : tensor<ui64>
}

// -----

// CHECK-LABEL: func.func @argmin
// CHECK: hlo.argmin %arg0, dim = 0 : (tensor<15xi32>) -> tensor<i32>
func.func @argmin(%x: tensor<15xi32>) -> tensor<i32> {
  %iota = stablehlo.iota dim = 0 : tensor<15xi32>
  %max = stablehlo.constant dense<2147483647> : tensor<i32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %max), (%iota init: %c0) across dimensions = [0] : (tensor<15xi32>, tensor<15xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
   reducer(%v: tensor<i32>, %w: tensor<i32>) (%i: tensor<i32>, %j: tensor<i32>)  {
    %1 = stablehlo.compare  LT, %v, %w,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.compare  NE, %v, %v,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.or %1, %2 : tensor<i1>
    %4 = stablehlo.compare  EQ, %v, %w,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.compare  LT, %i, %j,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %3, %6 : tensor<i1>
    %8 = stablehlo.select %3, %v, %w : tensor<i1>, tensor<i32>
    %9 = stablehlo.select %7, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %8, %9 : tensor<i32>, tensor<i32>
  }
  return %0#1 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @math
// CHECK: hlo.remainder %arg0, %arg1 : tensor<4xf32>
// CHECK: hlo.power %arg0, %arg1
// CHECK: hlo.atan2 %arg0, %arg1
// CHECK: hlo.cbrt %arg0
// CHECK: hlo.exponential_minus_one %arg0
// CHECK: hlo.log_plus_one %arg0
// CHECK: hlo.tan %arg0
// CHECK: hlo.round_nearest_afz %arg0
// CHECK: hlo.popcnt %arg2 : tensor<4xi32>
// CHECK: hlo.count_leading_zeros %arg2
func.func @math(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = stablehlo.remainder %x, %y : tensor<4xf32>
  %1 = stablehlo.power %x, %y : tensor<4xf32>
  %2 = stablehlo.atan2 %x, %y : tensor<4xf32>
  %3 = stablehlo.cbrt %x : tensor<4xf32>
  %4 = stablehlo.exponential_minus_one %x : tensor<4xf32>
  %5 = stablehlo.log_plus_one %x : tensor<4xf32>
  %6 = stablehlo.tan %x : tensor<4xf32>
  %7 = stablehlo.round_nearest_afz %x : tensor<4xf32>
  %8 = stablehlo.popcnt %i : tensor<4xi32>
  %9 = stablehlo.count_leading_zeros %i : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// reduce_window: the input padded with the init value, one strided slice
// per window position, combined in row-major window order.
// CHECK-LABEL: func.func @pool
// CHECK: %[[P:.*]] = hlo.pad %arg0, %{{.*}}, low = [0, 0], high = [1, 1], interior = [0, 0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<5x5xf32>
// CHECK: %[[A:.*]] = hlo.slice %[[P]] [0:3:2, 0:3:2]
// CHECK: %[[B:.*]] = hlo.slice %[[P]] [0:3:2, 1:4:2]
// CHECK: %[[M:.*]] = hlo.maximum %[[A]], %[[B]]
// CHECK: hlo.slice %[[P]] [2:5:2, 2:5:2]
// CHECK: %[[LAST:.*]] = hlo.maximum
// CHECK-NEXT: return %[[LAST]] : tensor<2x2xf32>
func.func @pool(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) <{padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Scatter at constant indices (JAX's i64 constants, read at compile time):
// per update window a slice, a reshape to the operand's rank, a pad to the
// operand's shape at the window's start, the update computation, and a
// select by the padded mask, in index order.
// CHECK-LABEL: func.func @scatter_add
// CHECK-NOT: stablehlo.
// CHECK: %[[W0:.*]] = hlo.slice %arg1 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK: %[[P0:.*]] = hlo.pad %{{.*}}, %{{.*}}, low = [4, 0], high = [0, 0], interior = [0, 0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<5x3xf32>
// CHECK: %[[S0:.*]] = hlo.add %arg0, %[[P0]]
// CHECK: %[[M0:.*]] = hlo.pad %{{.*}}, %{{.*}}, low = [4, 0], high = [0, 0], interior = [0, 0] : (tensor<1x3xi1>, tensor<i1>) -> tensor<5x3xi1>
// CHECK: %[[R0:.*]] = hlo.select %[[M0]], %[[S0]], %arg0
// CHECK: hlo.slice %arg1 [1:2, 0:3]
// CHECK: low = [1, 0], high = [3, 0]
// CHECK: %[[R1:.*]] = hlo.select
// CHECK: return %[[R1]]
func.func @scatter_add(%x: tensor<5x3xf32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %i = stablehlo.constant dense<[[4], [1]]> : tensor<2x1xi64>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// A window that does not fit the operand is skipped (index 5 of 5 rows); a
// replacement body selects the update itself.
// CHECK-LABEL: func.func @scatter_set
// CHECK: %[[P:.*]] = hlo.pad %{{.*}}, %{{.*}}, low = [0, 0], high = [4, 0]
// CHECK: %[[M:.*]] = hlo.pad %{{.*}}, %{{.*}}, low = [0, 0], high = [4, 0]
// CHECK: %[[R:.*]] = hlo.select %[[M]], %[[P]], %arg0
// CHECK-NOT: hlo.select
// CHECK: return %[[R]]
func.func @scatter_set(%x: tensor<5x3xf32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %i = stablehlo.constant dense<[[0], [5]]> : tensor<2x1xi64>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// select_and_scatter: per tap, a strided slice and a running (best, tap)
// pair by the select body's compare; then, last tap first, the source
// values where the tap was chosen are padded back into place (interior
// stride - 1) and added onto the init value.
// CHECK-LABEL: func.func @select_and_scatter
// CHECK-DAG: %[[T0:.*]] = hlo.slice %arg0 [0:3:2] : (tensor<4xf32>) -> tensor<2xf32>
// CHECK-DAG: %[[T1:.*]] = hlo.slice %arg0 [1:4:2] : (tensor<4xf32>) -> tensor<2xf32>
// CHECK-DAG: %[[KEEP:.*]] = hlo.compare GE, %[[T0]], %[[T1]]
// CHECK-DAG: %[[TAP:.*]] = hlo.select %[[KEEP]], %{{.*}}, %{{.*}} : tensor<2xi1>, tensor<2xi32>
// CHECK-DAG: %[[IS1:.*]] = hlo.compare EQ, %[[TAP]], %{{.*}} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK-DAG: %[[V1:.*]] = hlo.select %[[IS1]], %arg1, %{{.*}} : tensor<2xi1>, tensor<2xf32>
// CHECK-DAG: hlo.pad %[[V1]], %{{.*}}, low = [1], high = [0], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-DAG: hlo.pad %{{.*}}, %{{.*}}, low = [0], high = [1], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NOT: stablehlo.
func.func @select_and_scatter(%x: tensor<4xf32>, %s: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// chlo's math maps to the hlo functions of the same name; atan is
// atan2(x, 1).
// CHECK-LABEL: func.func @chlo
// CHECK-DAG: hlo.sinh %arg0 : tensor<4xf32>
// CHECK-DAG: hlo.lgamma %arg0 : tensor<4xf32>
// CHECK-DAG: hlo.erfc %arg0 : tensor<4xf32>
// CHECK-DAG: %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-DAG: hlo.atan2 %arg0, %[[ONE]] : tensor<4xf32>
// CHECK-NOT: chlo.
func.func @chlo(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  %3 = chlo.atan %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// TOTALORDER compares the floats' total-order keys: the bits as a signed
// integer, with all but the sign flipped where the sign is set.
// CHECK-LABEL: func.func @total_order
// CHECK: %[[BITS:.*]] = hlo.bitcast_convert %arg0 : (tensor<4xbf16>) -> tensor<4xi16>
// CHECK: %[[SIGN:.*]] = hlo.shift_right_arithmetic %[[BITS]], %{{.*}} : tensor<4xi16>
// CHECK: %[[FLIP:.*]] = hlo.and %[[SIGN]], %{{.*}} : tensor<4xi16>
// CHECK: %[[KEY:.*]] = hlo.xor %[[BITS]], %[[FLIP]] : tensor<4xi16>
// CHECK: hlo.compare LT, %[[KEY]], %{{.*}} : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
func.func @total_order(%x: tensor<4xbf16>, %y: tensor<4xbf16>) -> tensor<4xi1> {
  %0 = stablehlo.compare  LT, %x, %y,  TOTALORDER : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// sort keeps its comparator, imported op by op; a negative dimension counts
// from the end.
// CHECK-LABEL: func.func @sort
// CHECK: %[[S:.*]]:2 = hlo.sort(%arg0, %arg1) dim = 1 stable : (tensor<2x5xi32>, tensor<2x5xf32>) -> (tensor<2x5xi32>, tensor<2x5xf32>) {
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
// CHECK:   %[[GT:.*]] = hlo.compare GT, %{{.*}}, %{{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK:   hlo.yield %[[GT]] : tensor<i1>
// CHECK: return %[[S]]#1, %[[S]]#0
func.func @sort(%k: tensor<2x5xi32>, %v: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xi32>) {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = -1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare  GT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<2x5xi32>, tensor<2x5xf32>) -> (tensor<2x5xi32>, tensor<2x5xf32>)
  return %0#1, %0#0 : tensor<2x5xf32>, tensor<2x5xi32>
}

// -----

// top_k: a stable sort of the operand and its indices, larger first in
// total order, sliced to k.
// CHECK-LABEL: func.func @top_k
// CHECK: %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<3x6xi32>
// CHECK: %[[S:.*]]:2 = hlo.sort(%arg0, %[[IOTA]]) dim = 1 stable
// CHECK:   hlo.bitcast_convert
// CHECK:   hlo.compare GT
// CHECK-DAG: %[[V:.*]] = hlo.slice %[[S]]#0 [0:3, 0:2] : (tensor<3x6xf32>) -> tensor<3x2xf32>
// CHECK-DAG: %[[I:.*]] = hlo.slice %[[S]]#1 [0:3, 0:2] : (tensor<3x6xi32>) -> tensor<3x2xi32>
// CHECK: return %[[V]], %[[I]]
func.func @top_k(%x: tensor<3x6xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<3x6xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %values, %indices : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

// Start indices become i32: a narrower integer converts.
// CHECK-LABEL: func.func @dynamic_slice_i8
// CHECK-DAG: %[[I:.*]] = hlo.convert %arg1 : (tensor<i8>) -> tensor<i32>
// CHECK-DAG: %[[J:.*]] = hlo.convert %arg2 : (tensor<i8>) -> tensor<i32>
// CHECK: hlo.dynamic_slice %arg0[%[[I]], %[[J]]], sizes = [2, 3] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
func.func @dynamic_slice_i8(%x: tensor<4x8xf32>, %i: tensor<i8>, %j: tensor<i8>) -> tensor<2x3xf32> {
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x8xf32>, tensor<i8>, tensor<i8>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An unsigned 32-bit start index is first clamped in its own type to the
// largest start (4 - 2 = 2, 8 - 3 = 5), since its value may not fit an i32.
// CHECK-LABEL: func.func @dynamic_slice_ui32
// CHECK-DAG: %[[TWO:.*]] = hlo.constant dense<2> : tensor<ui32>
// CHECK-DAG: %[[FIVE:.*]] = hlo.constant dense<5> : tensor<ui32>
// CHECK-DAG: %[[CI:.*]] = hlo.minimum %arg1, %[[TWO]] : tensor<ui32>
// CHECK-DAG: %[[CJ:.*]] = hlo.minimum %arg2, %[[FIVE]] : tensor<ui32>
// CHECK-DAG: %[[I:.*]] = hlo.convert %[[CI]] : (tensor<ui32>) -> tensor<i32>
// CHECK-DAG: %[[J:.*]] = hlo.convert %[[CJ]] : (tensor<ui32>) -> tensor<i32>
// CHECK: hlo.dynamic_slice %arg0[%[[I]], %[[J]]], sizes = [2, 3] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
func.func @dynamic_slice_ui32(%x: tensor<4x8xf32>, %i: tensor<ui32>, %j: tensor<ui32>) -> tensor<2x3xf32> {
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x8xf32>, tensor<ui32>, tensor<ui32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK: hlo.dynamic_update_slice %arg0[%arg2], %arg1 : (tensor<8xbf16>, tensor<3xbf16>, tensor<i32>) -> tensor<8xbf16>
func.func @dynamic_update_slice(%x: tensor<8xbf16>, %u: tensor<3xbf16>, %i: tensor<i32>) -> tensor<8xbf16> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<8xbf16>, tensor<3xbf16>, tensor<i32>) -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// -----

// erf_inv is XLA's f32 polynomial in log1p(-x^2) (bf16 converts around
// it); next_after steps the bits.
// CHECK-LABEL: func.func @chlo_expanded
// CHECK: %[[X:.*]] = hlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: hlo.log_plus_one
// CHECK: hlo.sqrt
// CHECK: %[[R:.*]] = hlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: hlo.bitcast_convert %arg1 : (tensor<4xf32>) -> tensor<4xi32>
// CHECK: %[[N:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<4xi32>) -> tensor<4xf32>
// CHECK: return %[[R]], %[[N]]
// CHECK-NOT: chlo.
func.func @chlo_expanded(%x: tensor<4xbf16>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xbf16>, tensor<4xf32>) {
  %0 = chlo.erf_inv %x : tensor<4xbf16> -> tensor<4xbf16>
  %1 = chlo.next_after %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xbf16>, tensor<4xf32>
}

// -----

// gather: per index vector, its components sliced out of start_indices,
// clamped in their own type when i32 could not hold them (i64: below at
// 0, above at the last start that fits), a dynamic_slice, and the slices
// concatenated along the batch dimension.
// CHECK-LABEL: func.func @gather_rows
// CHECK:       %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK:       %[[E0:.*]] = hlo.slice %arg1 [0:1, 0:1] : (tensor<2x1xi64>) -> tensor<1x1xi64>
// CHECK:       %[[S0:.*]] = hlo.reshape %[[E0]] : (tensor<1x1xi64>) -> tensor<i64>
// CHECK:       %[[LO:.*]] = hlo.maximum %[[S0]]
// CHECK:       %[[LAST:.*]] = hlo.constant dense<5> : tensor<i64>
// CHECK:       %[[HI:.*]] = hlo.minimum %[[LO]], %[[LAST]]
// CHECK:       %[[I0:.*]] = hlo.convert %[[HI]] : (tensor<i64>) -> tensor<i32>
// CHECK:       %[[D0:.*]] = hlo.dynamic_slice %arg0[%[[I0]], %[[ZERO]]], sizes = [1, 3]
// CHECK:       hlo.slice %arg1 [1:2, 0:1]
// CHECK:       %[[D1:.*]] = hlo.dynamic_slice %arg0
// CHECK:       %[[C:.*]] = hlo.concatenate %[[D0]], %[[D1]], dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK:       return %[[C]]
func.func @gather_rows(%x: tensor<6x3xf32>, %i: tensor<2x1xi64>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<6x3xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An i32 index needs no clamp of its own (the dynamic slice clamps); a
// scalar index (index_vector_dim = rank) gathers one slice, reshaped to
// drop the collapsed dimension.
// CHECK-LABEL: func.func @gather_scalar_index
// CHECK-NOT:   hlo.minimum
// CHECK:       %[[D:.*]] = hlo.dynamic_slice %arg0[%{{.*}}], sizes = [1] : (tensor<5xf32>, tensor<i32>) -> tensor<1xf32>
// CHECK:       %[[R:.*]] = hlo.reshape %[[D]] : (tensor<1xf32>) -> tensor<f32>
// CHECK:       return %[[R]]
func.func @gather_scalar_index(%v: tensor<5xf32>, %j: tensor<i32>) -> tensor<f32> {
  %0 = "stablehlo.gather"(%v, %j) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1>}> : (tensor<5xf32>, tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A reduce of several inputs whose body reduces each on its own (jax's
// tree reductions) is one hlo.reduce per input; an init that is not the
// identity is combined after.
// CHECK-LABEL: func.func @variadic_separate
// CHECK-DAG:   %[[M:.*]] = hlo.reduce max %arg0, dims = [0] : (tensor<4x6xbf16>) -> tensor<6xbf16>
// CHECK-DAG:   %[[THREE:.*]] = hlo.broadcast_in_dim
// CHECK-DAG:   %[[MI:.*]] = hlo.maximum %[[M]], %[[THREE]]
// CHECK-DAG:   %[[N:.*]] = hlo.reduce min %arg1, dims = [0] : (tensor<4x6xi32>) -> tensor<6xi32>
// CHECK:       return %[[MI]], %[[N]]
func.func @variadic_separate(%x: tensor<4x6xbf16>, %y: tensor<4x6xi32>) -> (tensor<6xbf16>, tensor<6xi32>) {
  %cst = stablehlo.constant dense<3.000000e+00> : tensor<bf16>
  %c = stablehlo.constant dense<2147483647> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %cst), (%y init: %c) across dimensions = [0] : (tensor<4x6xbf16>, tensor<4x6xi32>, tensor<bf16>, tensor<i32>) -> (tensor<6xbf16>, tensor<6xi32>)
   reducer(%a: tensor<bf16>, %b: tensor<bf16>) (%d: tensor<i32>, %e: tensor<i32>)  {
    %1 = stablehlo.maximum %a, %b : tensor<bf16>
    %2 = stablehlo.minimum %d, %e : tensor<i32>
    stablehlo.return %1, %2 : tensor<bf16>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<6xbf16>, tensor<6xi32>
}

// -----

// reduce_window over two inputs (JAX's select_and_gather_add, the gradient
// of a pooling by another tensor) and with a body of several ops: the body
// applied to whole tensors tap by tap, from the init values.
// CHECK-LABEL: func.func @window_pair
// CHECK:       %[[A0:.*]] = hlo.broadcast_in_dim %arg2
// CHECK:       %[[B0:.*]] = hlo.broadcast_in_dim %arg3
// CHECK:       %[[X0:.*]] = hlo.slice %arg0 [0:3]
// CHECK:       %[[Y0:.*]] = hlo.slice %arg1 [0:3]
// CHECK:       %[[LE:.*]] = hlo.compare LE, %[[A0]], %[[X0]]
// CHECK:       %[[A1:.*]] = hlo.select %[[LE]], %[[A0]], %[[X0]]
// CHECK:       %[[B1:.*]] = hlo.select %[[LE]], %[[B0]], %[[Y0]]
// CHECK:       hlo.slice %arg0 [1:4]
// CHECK:       hlo.compare LE, %[[A1]]
// CHECK:       %[[B2:.*]] = hlo.select {{.*}}, %[[B1]]
// CHECK:       return %[[B2]]
func.func @window_pair(%x: tensor<4xf32>, %y: tensor<4xf32>, %c: tensor<f32>, %d: tensor<f32>) -> tensor<3xf32> {
  %0:2 = "stablehlo.reduce_window"(%x, %y, %c, %d) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %e: tensor<f32>, %f: tensor<f32>):
    %p = stablehlo.compare  LE, %a, %e,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %s = stablehlo.select %p, %a, %e : tensor<i1>, tensor<f32>
    %t = stablehlo.select %p, %b, %f : tensor<i1>, tensor<f32>
    stablehlo.return %s, %t : tensor<f32>, tensor<f32>
  }) : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0#1 : tensor<3xf32>
}

// -----

// A body with a constant: the constant becomes a splat at the window grid.
// CHECK-LABEL: func.func @window_constant
// CHECK:       %[[HALF:.*]] = hlo.constant dense<5.000000e-01> : tensor<2xf32>
// CHECK:       hlo.multiply %{{.*}}, %[[HALF]]
func.func @window_constant(%x: tensor<3xf32>, %c: tensor<f32>) -> tensor<2xf32> {
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %h = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %s = stablehlo.add %a, %b : tensor<f32>
    %m = stablehlo.multiply %s, %h : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// triangular_solve, x a = b with a upper: a^T x^T = b^T, a lower system
// solved top down; a^T's strict lower triangle is masked in, one
// HIGHEST-precision dot per row with the rows solved so far, divided by
// the diagonal, selected into its row.
// CHECK-LABEL: func.func @triangular_solve
// CHECK:       %[[AT:.*]] = hlo.transpose %arg0, dims = [0, 2, 1]
// CHECK:       %[[BT:.*]] = hlo.transpose %arg1, dims = [0, 2, 1]
// CHECK:       %[[STRICT:.*]] = hlo.compare GT
// CHECK:       %[[M:.*]] = hlo.select %[[STRICT]], %[[AT]]
// CHECK:       %[[ROW:.*]] = hlo.slice %[[M]] [0:2, 0:1, 0:3]
// CHECK:       %[[DOT:.*]] = hlo.dot_general %[[ROW]], %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = HIGHEST
// CHECK:       %[[B0:.*]] = hlo.slice %[[BT]] [0:2, 0:1, 0:4]
// CHECK:       %[[R:.*]] = hlo.subtract %[[B0]], %[[DOT]]
// CHECK:       %[[D:.*]] = hlo.slice %[[AT]] [0:2, 0:1, 0:1]
// CHECK:       hlo.divide %[[R]]
// CHECK-COUNT-2: hlo.dot_general
// CHECK:       %[[X:.*]] = hlo.transpose %{{.*}}, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK:       return %[[X]]
func.func @triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// chlo.bessel_i1e in f32 for bf16: a power series below |x| = 15, Hankel's
// expansion above, odd in x.
// CHECK-LABEL: func.func @bessel_i1e
// CHECK:       %[[X:.*]] = hlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK:       hlo.exp
// CHECK:       hlo.sqrt
// CHECK:       %[[SERIES:.*]] = hlo.compare LE
// CHECK:       %[[M:.*]] = hlo.select %[[SERIES]]
// CHECK:       %[[NEG:.*]] = hlo.compare LT, %[[X]]
// CHECK:       %[[R:.*]] = hlo.select %[[NEG]]
// CHECK:       %[[B:.*]] = hlo.convert %[[R]] : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK:       return %[[B]]
func.func @bessel_i1e(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.bessel_i1e %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// scatter at indices computed at run time: per update window, its index
// read out of the indices, a dynamic slice of the operand there, the
// update (a replacement here), selected where the window fits (XLA skips
// the others), and a dynamic update slice back, window after window.
// CHECK-LABEL: func.func @scatter_runtime_indices
// CHECK:       %[[E0:.*]] = hlo.slice %arg1 [0:1, 0:1]
// CHECK:       %[[I0:.*]] = hlo.reshape %[[E0]] : (tensor<1x1xi32>) -> tensor<i32>
// CHECK:       %[[LO:.*]] = hlo.compare GE, %[[I0]]
// CHECK:       %[[HI:.*]] = hlo.compare LE, %[[I0]]
// CHECK:       %[[U0:.*]] = hlo.slice %arg2 [0:1, 0:3]
// CHECK:       %[[W0:.*]] = hlo.reshape %[[U0]] : (tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK:       %[[CUR:.*]] = hlo.dynamic_slice %arg0[%[[I0]], %{{.*}}], sizes = [1, 3]
// CHECK:       %[[PICK:.*]] = hlo.select %{{.*}}, %[[W0]], %[[CUR]]
// CHECK:       %[[R0:.*]] = hlo.dynamic_update_slice %arg0[%[[I0]], %{{.*}}], %[[PICK]]
// CHECK:       hlo.slice %arg1 [1:2, 0:1]
// CHECK:       %[[R1:.*]] = hlo.dynamic_update_slice %[[R0]]
// CHECK:       return %[[R1]]
func.func @scatter_runtime_indices(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// batch_norm_inference: the per-feature scale and shift first, then one
// multiply-add over the operand, broadcast along feature_index.
// CHECK-LABEL: func.func @batch_norm_inference
// CHECK: %[[EPS:.*]] = hlo.constant dense<1.000000e-03> : tensor<3xf32>
// CHECK: %[[VE:.*]] = hlo.add %arg4, %[[EPS]] : tensor<3xf32>
// CHECK: %[[INV:.*]] = hlo.rsqrt %[[VE]] : tensor<3xf32>
// CHECK: %[[SCALE:.*]] = hlo.multiply %arg1, %[[INV]] : tensor<3xf32>
// CHECK: %[[MS:.*]] = hlo.multiply %arg3, %[[SCALE]] : tensor<3xf32>
// CHECK: %[[SHIFT:.*]] = hlo.subtract %arg2, %[[MS]] : tensor<3xf32>
// CHECK: %[[BS:.*]] = hlo.broadcast_in_dim %[[SCALE]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[X:.*]] = hlo.multiply %arg0, %[[BS]] : tensor<2x3x4xf32>
// CHECK: %[[BSH:.*]] = hlo.broadcast_in_dim %[[SHIFT]], dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK: hlo.add %[[X]], %[[BSH]] : tensor<2x3x4xf32>
func.func @batch_norm_inference(%x: tensor<2x3x4xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>, %mean: tensor<3xf32>, %var: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// batch_norm_training: sums over every dimension but the feature's, the
// variance from the centered operand (two passes).
// CHECK-LABEL: func.func @batch_norm_training
// CHECK: %[[N:.*]] = hlo.constant dense<8.000000e+00> : tensor<3xf32>
// CHECK: %[[SUM:.*]] = hlo.reduce sum %arg0, dims = [0, 2] : (tensor<2x3x4xf32>) -> tensor<3xf32>
// CHECK: %[[MEAN:.*]] = hlo.divide %[[SUM]], %[[N]] : tensor<3xf32>
// CHECK: %[[BM:.*]] = hlo.broadcast_in_dim %[[MEAN]], dims = [1]
// CHECK: %[[C:.*]] = hlo.subtract %arg0, %[[BM]] : tensor<2x3x4xf32>
// CHECK: %[[SQ:.*]] = hlo.multiply %[[C]], %[[C]] : tensor<2x3x4xf32>
// CHECK: %[[SSQ:.*]] = hlo.reduce sum %[[SQ]], dims = [0, 2]
// CHECK: %[[VAR:.*]] = hlo.divide %[[SSQ]], %[[N]] : tensor<3xf32>
// CHECK: hlo.rsqrt
// CHECK: return %{{.*}}, %[[MEAN]], %[[VAR]]
func.func @batch_norm_training(%x: tensor<2x3x4xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// batch_norm_grad: grad_offset is the sum of grad_output, grad_scale the
// sum of grad_output times the normalized operand.
// CHECK-LABEL: func.func @batch_norm_grad
// CHECK: %[[NORM:.*]] = hlo.divide
// CHECK: %[[SDY:.*]] = hlo.reduce sum %arg4, dims = [0] : (tensor<2x3xf32>) -> tensor<3xf32>
// CHECK: %[[DN:.*]] = hlo.multiply %arg4, %[[NORM]] : tensor<2x3xf32>
// CHECK: %[[GS:.*]] = hlo.reduce sum %[[DN]], dims = [0] : (tensor<2x3xf32>) -> tensor<3xf32>
// CHECK: %[[GO:.*]] = hlo.multiply %{{.*}}, %{{.*}} : tensor<2x3xf32>
// CHECK-NEXT: return %[[GO]], %[[GS]], %[[SDY]]
func.func @batch_norm_grad(%x: tensor<2x3xf32>, %scale: tensor<3xf32>, %mean: tensor<3xf32>, %var: tensor<3xf32>, %dy: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// map applies its computation to whole tensors; the legacy broadcast is a
// broadcast_in_dim onto the trailing dimensions; the barrier's results are
// its operands; get_dimension_size is a constant.
// CHECK-LABEL: func.func @map_broadcast_barrier
// CHECK: %[[M:.*]] = hlo.multiply %arg0, %arg1 : tensor<2x3xf32>
// CHECK: %[[S:.*]] = hlo.add %[[M]], %arg0 : tensor<2x3xf32>
// CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg2, dims = [2] : (tensor<3xf32>) -> tensor<4x2x3xf32>
// CHECK: %[[D:.*]] = hlo.constant dense<3> : tensor<i32>
// CHECK: return %[[S]], %[[B]], %arg1, %arg0, %[[D]]
func.func @map_broadcast_barrier(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %v: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) {
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = stablehlo.multiply %x, %y : tensor<f32>
    %s = stablehlo.add %p, %x : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast %v, sizes = [4, 2] : (tensor<3xf32>) -> tensor<4x2x3xf32>
  %2:2 = stablehlo.optimization_barrier %b, %a : tensor<2x3xf32>, tensor<2x3xf32>
  %3 = stablehlo.get_dimension_size %v, dim = 0 : (tensor<3xf32>) -> tensor<i32>
  return %0, %1, %2#0, %2#1, %3 : tensor<2x3xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>
}

// -----

// batch_group_count: the input's batch and the kernel's output features in
// two groups, one convolution each, concatenated along the features.
// CHECK-LABEL: func.func @batch_groups
// CHECK: %[[L0:.*]] = hlo.slice %arg0 [0:1, 0:8, 0:1]
// CHECK: %[[R0:.*]] = hlo.slice %arg1 [0:3, 0:1, 0:1]
// CHECK: %[[C0:.*]] = hlo.convolution %[[L0]], %[[R0]]{{.*}} -> tensor<1x6x1xf32>
// CHECK: %[[L1:.*]] = hlo.slice %arg0 [1:2, 0:8, 0:1]
// CHECK: %[[R1:.*]] = hlo.slice %arg1 [0:3, 0:1, 1:2]
// CHECK: %[[C1:.*]] = hlo.convolution %[[L1]], %[[R1]]
// CHECK: hlo.concatenate %[[C0]], %[[C1]], dim = 2 : (tensor<1x6x1xf32>, tensor<1x6x1xf32>) -> tensor<1x6x2xf32>
func.func @batch_groups(%x: tensor<2x8x1xf32>, %w: tensor<3x1x2xf32>) -> tensor<1x6x2xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x8x1xf32>, tensor<3x1x2xf32>) -> tensor<1x6x2xf32>
  return %0 : tensor<1x6x2xf32>
}

// -----

// rng_bit_generator is integer arithmetic on the vector unit: Threefry's
// rotations are shift pairs on ui32 words of the counters, which count up
// from the state's counter (a ui64 iota).
// CHECK-LABEL: func.func @threefry
// CHECK-NOT: stablehlo.
// CHECK: hlo.iota dim = 2 : tensor<1x1x2xi32>
// CHECK: hlo.shift_left %{{.*}} : tensor<1x1x2xui32>
// CHECK: hlo.shift_right_logical %{{.*}} : tensor<1x1x2xui32>
// CHECK: hlo.concatenate %{{.*}}, %{{.*}}, dim = 1 : (tensor<1x1x2xui32>, tensor<1x1x2xui32>) -> tensor<1x2x2xui32>
// CHECK: hlo.reshape %{{.*}} : (tensor<1x2x2xui32>) -> tensor<2x2xui32>
func.func @threefry(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)
  return %0, %1 : tensor<2xui64>, tensor<2x2xui32>
}

// -----

// A width-changing bitcast_convert: the narrow elements are the wide one's
// bits, least significant first.
// CHECK-LABEL: func.func @bitcast_widths
// CHECK: %[[LO:.*]] = hlo.slice %arg0 [0:2, 0:1]
// CHECK: %[[HI:.*]] = hlo.slice %arg0 [0:2, 1:2]
// CHECK: %[[SH:.*]] = hlo.shift_left
// CHECK: %[[W:.*]] = hlo.or %{{.*}}, %[[SH]] : tensor<2xui64>
// CHECK: hlo.shift_right_logical %[[W]]
// CHECK: hlo.concatenate {{.*}} -> tensor<2x2xui32>
func.func @bitcast_widths(%x: tensor<2x2xui32>) -> (tensor<2xui64>, tensor<2x2xui32>) {
  %0 = stablehlo.bitcast_convert %x : (tensor<2x2xui32>) -> tensor<2xui64>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2xui64>) -> tensor<2x2xui32>
  return %0, %1 : tensor<2xui64>, tensor<2x2xui32>
}

// -----

// einsum: a label of one operand that the result drops ('z') is summed
// first; shared kept labels ('b') are batch dimensions, shared dropped ones
// ('k') contracted; the product (b, i, j) is transposed to (i, b, j).
// Shape-operand ops with static results are their static ops.
// CHECK-LABEL: func.func @einsum_and_shapes
// CHECK: %[[S:.*]] = hlo.reduce sum %arg0, dims = [3] : (tensor<2x3x4x5xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[D:.*]] = hlo.dot_general %[[S]], %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x6xf32>) -> tensor<2x3x6xf32>
// CHECK: hlo.transpose %[[D]], dims = [1, 0, 2]
// CHECK: hlo.iota dim = 1 : tensor<2x3xi32>
// CHECK: hlo.reshape %arg2 : (tensor<6xf32>) -> tensor<2x3xf32>
// CHECK-NOT: stablehlo.
func.func @einsum_and_shapes(%a: tensor<2x3x4x5xf32>, %b: tensor<2x4x6xf32>, %v: tensor<6xf32>) -> (tensor<3x2x6xf32>, tensor<2x3xi32>, tensor<2x3xf32>) {
  %0 = stablehlo.einsum %a, %b, config = "bikz,bkj->ibj" : (tensor<2x3x4x5xf32>, tensor<2x4x6xf32>) -> tensor<3x2x6xf32>
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xindex>
  %1 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xindex>) -> tensor<2x3xi32>
  %2 = stablehlo.dynamic_reshape %v, %s : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<3x2x6xf32>, tensor<2x3xi32>, tensor<2x3xf32>
}

// -----

// cholesky, column by column: a HIGHEST-precision dot of the solved
// columns with row j, the pivot's square root, the column divided by it.
// CHECK-LABEL: func.func @cholesky
// CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [1], precision = HIGHEST : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<2x1xf32>
// CHECK: hlo.sqrt %{{.*}} : tensor<1x1xf32>
// CHECK: hlo.divide
// CHECK-NOT: stablehlo.
func.func @cholesky(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// get_tuple_element of a tuple built in the function is that operand, also
// through nested tuples; the tuples leave no hlo.
// CHECK-LABEL: func.func @tuples
// CHECK: %[[N:.*]] = hlo.negate %arg0 : tensor<2xf32>
// CHECK: return %arg1, %[[N]]
func.func @tuples(%a: tensor<2xf32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<2xf32>) {
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<3xi32>>
  %n = stablehlo.tuple %t, %a : tuple<tuple<tensor<2xf32>, tensor<3xi32>>, tensor<2xf32>>
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
  %i = stablehlo.get_tuple_element %n[0] : (tuple<tuple<tensor<2xf32>, tensor<3xi32>>, tensor<2xf32>>) -> tuple<tensor<2xf32>, tensor<3xi32>>
  %1 = stablehlo.get_tuple_element %i[0] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<2xf32>
  %2 = stablehlo.negate %1 : tensor<2xf32>
  return %0, %2 : tensor<3xi32>, tensor<2xf32>
}

// -----

// Tuple arguments and results are flattened into their leaves, depth
// first, as XLA flattens an entry computation's; each leaf keeps its
// tuple's attributes.
// CHECK-LABEL: func.func @tuple_signature
// CHECK-SAME: (%arg0: tensor<2xf32> {jax.arg_info = "t"}, %arg1: tensor<3xi32> {jax.arg_info = "t"}, %arg2: tensor<f32> {jax.arg_info = "t"}, %arg3: tensor<2xf32>)
// CHECK-SAME: -> (tensor<2xf32>, tensor<3xi32> {jax.result_info = "r"}, tensor<f32> {jax.result_info = "r"})
// CHECK: %[[N:.*]] = hlo.negate %arg0 : tensor<2xf32>
// CHECK: %[[S:.*]] = hlo.add %[[N]], %arg3 : tensor<2xf32>
// CHECK: return %[[S]], %arg1, %arg2
func.func @tuple_signature(%t: tuple<tuple<tensor<2xf32>, tensor<3xi32>>, tensor<f32>> {jax.arg_info = "t"}, %b: tensor<2xf32>) -> (tensor<2xf32>, tuple<tensor<3xi32>, tensor<f32>> {jax.result_info = "r"}) {
  %i = stablehlo.get_tuple_element %t[0] : (tuple<tuple<tensor<2xf32>, tensor<3xi32>>, tensor<f32>>) -> tuple<tensor<2xf32>, tensor<3xi32>>
  %a = stablehlo.get_tuple_element %i[0] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<2xf32>
  %c = stablehlo.get_tuple_element %i[1] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
  %s = stablehlo.get_tuple_element %t[1] : (tuple<tuple<tensor<2xf32>, tensor<3xi32>>, tensor<f32>>) -> tensor<f32>
  %n = stablehlo.negate %a : tensor<2xf32>
  %0 = stablehlo.add %n, %b : tensor<2xf32>
  %r = stablehlo.tuple %c, %s : tuple<tensor<3xi32>, tensor<f32>>
  return %0, %r : tensor<2xf32>, tuple<tensor<3xi32>, tensor<f32>>
}

// -----

// chlo.mulhi on i32: the product in i64, shifted down arithmetically.
// CHECK-LABEL: func.func @mulhi
// CHECK: %[[A:.*]] = hlo.convert %arg0 : (tensor<2xi32>) -> tensor<2xi64>
// CHECK: %[[B:.*]] = hlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xi64>
// CHECK: %[[P:.*]] = hlo.multiply %[[A]], %[[B]] : tensor<2xi64>
// CHECK: %[[S:.*]] = hlo.shift_right_arithmetic %[[P]], %{{.*}} : tensor<2xi64>
// CHECK: hlo.convert %[[S]] : (tensor<2xi64>) -> tensor<2xi32>
func.func @mulhi(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "chlo.mulhi"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// Ops with a compile-time operand become their static op: set_dimension_size
// to the static size changes nothing, dynamic_gather is the gather of its
// constant slice sizes, dynamic_conv the convolution of its constant padding.
// CHECK-LABEL: func.func @constant_operand_ops
// CHECK-NOT: stablehlo.
// CHECK: hlo.convolution
// CHECK-SAME: pad = {{\[\[}}1, 1], [1, 1]]
// CHECK: return %arg0, %{{.*}}, %{{.*}} : tensor<4x2xf32>, tensor<5x8xi32>, tensor<1x8x8x16xf32>
func.func @constant_operand_ops(%a: tensor<4x2xf32>, %g: tensor<4x9xi32>, %i: tensor<5x1xi32>, %x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x16xf32>) -> (tensor<4x2xf32>, tensor<5x8xi32>, tensor<1x8x8x16xf32>) {
  %two = stablehlo.constant dense<2> : tensor<i32>
  %0 = stablehlo.set_dimension_size %a, %two, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
  %sizes = stablehlo.constant dense<[1, 8]> : tensor<2xi64>
  %1 = "stablehlo.dynamic_gather"(%g, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<4x9xi32>, tensor<5x1xi32>, tensor<2xi64>) -> tensor<5x8xi32>
  %pad = stablehlo.constant dense<1> : tensor<2x2xi32>
  %2 = "stablehlo.dynamic_conv"(%x, %k, %pad) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>, tensor<2x2xi32>) -> tensor<1x8x8x16xf32>
  return %0, %1, %2 : tensor<4x2xf32>, tensor<5x8xi32>, tensor<1x8x8x16xf32>
}

// -----

// Batching dimensions become index components: the position along the
// indices' batching dimension (an iota) starts the operand's batching
// dimension, which is then collapsed.
// CHECK-LABEL: func.func @gather_batching
// CHECK: %[[IOTA:.*]] = hlo.iota dim = 0 : tensor<2x1xi32>
// CHECK: %[[IDX:.*]] = hlo.concatenate %arg1, %[[IOTA]], dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
// CHECK: hlo.slice %[[IDX]] [0:1, 1:2]
// CHECK: hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}, %{{.*}}], sizes = [1, 1, 3]
// CHECK: hlo.concatenate {{.*}} -> tensor<2x3xf32>
func.func @gather_batching(%x: tensor<2x5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<2x5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// More index vectors than one chunk (256): full chunks in a counted loop
// whose body reads 256 rows at a run-time offset and writes 256 slices
// back at it; the last 600 - 512 = 88 rows after the loop.
// CHECK-LABEL: func.func @gather_chunks
// CHECK: %[[INIT:.*]] = hlo.constant dense<0.000000e+00> : tensor<600x3xf32>
// CHECK: %[[LOOP:.*]]:2 = hlo.while(%[[FIRST:.*]] = %{{.*}}, %[[ACC:.*]] = %[[INIT]]) : tensor<i32>, tensor<600x3xf32>
// CHECK:   hlo.constant dense<512> : tensor<i32>
// CHECK:   hlo.compare LT, %[[FIRST]]
// CHECK: } do {
// CHECK:   hlo.add %[[FIRST]]
// CHECK:   hlo.dynamic_slice %arg1[%[[FIRST]], %{{.*}}], sizes = [256, 1]
// CHECK-COUNT-256: hlo.dynamic_slice %arg0
// CHECK:   hlo.dynamic_update_slice %[[ACC]][%[[FIRST]], %{{.*}}]
// CHECK: }
// CHECK: hlo.slice %arg1 [512:600, 0:1]
// CHECK-COUNT-88: hlo.dynamic_slice %arg0
// CHECK: hlo.dynamic_update_slice %[[LOOP]]#1
func.func @gather_chunks(%x: tensor<6x3xf32>, %i: tensor<600x1xi32>) -> tensor<600x3xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<6x3xf32>, tensor<600x1xi32>) -> tensor<600x3xf32>
  return %0 : tensor<600x3xf32>
}

// -----

// chlo.asin and chlo.acos as XLA expands them: 2 atan2(x, 1 + sqrt((1 - x)
// (1 + x))) and 2 atan2(sqrt((1 - x)(1 + x)), 1 + x), pi at -1; bf16 in
// f32. is_inf compares with both infinities.
// CHECK-LABEL: func.func @asin_acos
// CHECK: %[[X:.*]] = hlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: %[[OP:.*]] = hlo.add %{{.*}}, %[[X]]
// CHECK: %[[OM:.*]] = hlo.subtract %{{.*}}, %[[X]]
// CHECK: %[[P:.*]] = hlo.multiply %[[OM]], %[[OP]]
// CHECK: %[[R:.*]] = hlo.sqrt %[[P]]
// CHECK: %[[D:.*]] = hlo.add %{{.*}}, %[[R]]
// CHECK: hlo.atan2 %[[X]], %[[D]]
// CHECK: hlo.convert {{.*}} -> tensor<4xbf16>
// CHECK: hlo.atan2 %{{.*}}, %{{.*}} : tensor<4xf32>
// CHECK: hlo.select
// CHECK: hlo.compare EQ, %arg1
// CHECK: hlo.compare EQ, %arg1
// CHECK: hlo.or
func.func @asin_acos(%x: tensor<4xbf16>, %y: tensor<4xf32>) -> (tensor<4xbf16>, tensor<4xf32>, tensor<4xi1>) {
  %0 = chlo.asin %x : tensor<4xbf16> -> tensor<4xbf16>
  %1 = chlo.acos %y : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.is_inf %y : tensor<4xf32> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xbf16>, tensor<4xf32>, tensor<4xi1>
}

// -----

// reduce_window's base dilation is interior padding with the init value,
// its window dilation the taps' spacing: taps at 0 and 2 of [1 c 2 c 3]
// (window 2, dilation 2, stride 1 over 7 elements: 5 windows).
// CHECK-LABEL: func.func @window_dilations
// CHECK: %[[P:.*]] = hlo.pad %arg0, %arg1, low = [0], high = [0], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
// CHECK: %[[T0:.*]] = hlo.slice %[[P]] [0:5] : (tensor<7xf32>) -> tensor<5xf32>
// CHECK: %[[T1:.*]] = hlo.slice %[[P]] [2:7] : (tensor<7xf32>) -> tensor<5xf32>
// CHECK: hlo.add %[[T0]], %[[T1]]
func.func @window_dilations(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>, window_dilations = array<i64: 2>, base_dilations = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// chlo's broadcasting binary ops: each operand that is not of the result's
// shape broadcast to it (trailing dimensions, or broadcast_dimensions), then
// the hlo op; constant_like is a splat.
// CHECK-LABEL: func.func @chlo_broadcasting
// CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: hlo.add %arg0, %[[B]] : tensor<3x4xf32>
// CHECK: %[[C:.*]] = hlo.broadcast_in_dim %arg2, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
// CHECK: hlo.multiply %[[C]], %arg0 : tensor<3x4xf32>
// CHECK: hlo.constant dense<2.500000e+00> : tensor<3x4xf32>
func.func @chlo_broadcasting(%a: tensor<3x4xf32>, %b: tensor<4xf32>, %c: tensor<3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = chlo.broadcast_multiply %c, %a {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = "chlo.constant_like"(%a) {value = 2.5 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}
