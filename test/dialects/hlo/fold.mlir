// RUN: tpu-opt %s -split-input-file -canonicalize | FileCheck %s
// The hlo folders (dialects/hlo/HLOFold.cpp): what folds, what does not,
// and the edge cases of docs/dialects/hlo.md's semantics. Expected values
// are worked out by hand.

// inf + 1 = inf, NaN + 1 = NaN, -0 + +0 = +0.
// CHECK-LABEL: func.func @float_add
// CHECK-NEXT: %[[C:.+]] = hlo.constant dense<[4.000000e+00, 0x7F800000, 0x7FC00000, 0.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: return %[[C]]
func.func @float_add() -> tensor<4xf32> {
  %a = hlo.constant dense<[3.0, 0x7F800000, 0x7FC00000, -0.0]> : tensor<4xf32>
  %b = hlo.constant dense<[1.0, 1.0, 1.0, 0.0]> : tensor<4xf32>
  %s = hlo.add %a, %b : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// 1/+0 = inf, 1/-0 = -inf, -1/+0 = -inf, 0/0 = NaN.
// CHECK-LABEL: func.func @float_divide_by_zero
// CHECK-NEXT: %[[C:.+]] = hlo.constant dense<[0x7F800000, 0xFF800000, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
// CHECK-NEXT: return %[[C]]
func.func @float_divide_by_zero() -> tensor<4xf32> {
  %a = hlo.constant dense<[1.0, 1.0, -1.0, 0.0]> : tensor<4xf32>
  %b = hlo.constant dense<[0.0, -0.0, 0.0, 0.0]> : tensor<4xf32>
  %q = hlo.divide %a, %b : tensor<4xf32>
  return %q : tensor<4xf32>
}

// -----

// IEEE 754 maximum and minimum: +0 is above -0 whatever the operand order;
// NaN propagates.
// CHECK-LABEL: func.func @signed_zeros_and_nan
// CHECK-DAG: hlo.constant dense<[0.000000e+00, 0.000000e+00, 0x7FC00000, 2.000000e+00]> : tensor<4xf32>
// CHECK-DAG: hlo.constant dense<[-0.000000e+00, -0.000000e+00, 0x7FC00000, 1.000000e+00]> : tensor<4xf32>
// CHECK-NOT: hlo.maximum
// CHECK-NOT: hlo.minimum
func.func @signed_zeros_and_nan() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hlo.constant dense<[-0.0, 0.0, 0x7FC00000, 1.0]> : tensor<4xf32>
  %b = hlo.constant dense<[0.0, -0.0, 1.0, 2.0]> : tensor<4xf32>
  %max = hlo.maximum %a, %b : tensor<4xf32>
  %min = hlo.minimum %a, %b : tensor<4xf32>
  return %max, %min : tensor<4xf32>, tensor<4xf32>
}

// -----

// bf16 keeps 8 significant bits: 1 + 2^-8 is halfway between 1 and
// 1 + 2^-7 and rounds to the even 1; (1 + 2^-7) + 2^-8 rounds up to
// 1 + 2^-6.
// CHECK-LABEL: func.func @bf16_rounding
// CHECK-NEXT: %[[C:.+]] = hlo.constant dense<[1.000000e+00, 1.015630e+00]> : tensor<2xbf16>
// CHECK-NEXT: return %[[C]]
func.func @bf16_rounding() -> tensor<2xbf16> {
  %a = hlo.constant dense<[1.0, 1.0078125]> : tensor<2xbf16>
  %b = hlo.constant dense<0.00390625> : tensor<2xbf16>
  %s = hlo.add %a, %b : tensor<2xbf16>
  return %s : tensor<2xbf16>
}

// -----

// Round half to even, floor and ceil keep the sign of zero.
// CHECK-LABEL: func.func @round_to_integers
// CHECK-DAG: hlo.constant dense<[2.000000e+00, -2.000000e+00, 0.000000e+00, -0.000000e+00]> : tensor<4xf32>
// CHECK-DAG: hlo.constant dense<[2.000000e+00, -3.000000e+00, 0.000000e+00, -1.000000e+00]> : tensor<4xf32>
// CHECK-DAG: hlo.constant dense<[3.000000e+00, -2.000000e+00, 1.000000e+00, -0.000000e+00]> : tensor<4xf32>
func.func @round_to_integers() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = hlo.constant dense<[2.5, -2.5, 0.5, -0.5]> : tensor<4xf32>
  %r = hlo.round_nearest_even %x : tensor<4xf32>
  %f = hlo.floor %x : tensor<4xf32>
  %c = hlo.ceil %x : tensor<4xf32>
  return %r, %f, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Float to integer truncates toward zero and saturates, NaN to 0; integer
// to integer wraps; to i1 compares with zero (NaN is not zero); i1 is 0/1.
// CHECK-LABEL: func.func @conversions
// CHECK-DAG: hlo.constant dense<[2147483647, -2147483648, 0, -2]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<[44, 127, -1, 0]> : tensor<4xi8>
// CHECK-DAG: hlo.constant dense<[true, false, true, true]> : tensor<4xi1>
// CHECK-DAG: hlo.constant dense<[1, 0]> : tensor<2xi32>
// CHECK-DAG: hlo.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK-NOT: hlo.convert
func.func @conversions() -> (tensor<4xi32>, tensor<4xi8>, tensor<4xi1>, tensor<2xi32>, tensor<2xf32>) {
  %f = hlo.constant dense<[1.0e10, -1.0e10, 0x7FC00000, -2.7]> : tensor<4xf32>
  %fi = hlo.convert %f : (tensor<4xf32>) -> tensor<4xi32>
  %i = hlo.constant dense<[300, -129, 255, 256]> : tensor<4xi32>
  %ii = hlo.convert %i : (tensor<4xi32>) -> tensor<4xi8>
  %g = hlo.constant dense<[-1.0, 0.0, 0x7FC00000, 0.5]> : tensor<4xf32>
  %gb = hlo.convert %g : (tensor<4xf32>) -> tensor<4xi1>
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %pi = hlo.convert %p : (tensor<2xi1>) -> tensor<2xi32>
  %pf = hlo.convert %p : (tensor<2xi1>) -> tensor<2xf32>
  return %fi, %ii, %gb, %pi, %pf : tensor<4xi32>, tensor<4xi8>, tensor<4xi1>, tensor<2xi32>, tensor<2xf32>
}

// -----

// Integers wrap; x / 0 is -1 and MIN / -1 is MIN (XLA's choices); abs and
// negate of MIN are MIN.
// CHECK-LABEL: func.func @integer_edges
// CHECK-DAG: hlo.constant dense<[-2147483648, 0]> : tensor<2xi32>
// CHECK-DAG: hlo.constant dense<[3, -1, -2, -2147483648]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<-128> : tensor<2xi8>
func.func @integer_edges() -> (tensor<2xi32>, tensor<4xi32>, tensor<2xi8>, tensor<2xi8>) {
  %max = hlo.constant dense<[2147483647, -1]> : tensor<2xi32>
  %one = hlo.constant dense<1> : tensor<2xi32>
  %sum = hlo.add %max, %one : tensor<2xi32>
  %n = hlo.constant dense<[7, 5, -5, -2147483648]> : tensor<4xi32>
  %d = hlo.constant dense<[2, 0, 2, -1]> : tensor<4xi32>
  %q = hlo.divide %n, %d : tensor<4xi32>
  %min = hlo.constant dense<-128> : tensor<2xi8>
  %abs = hlo.abs %min : tensor<2xi8>
  %neg = hlo.negate %min : tensor<2xi8>
  return %sum, %q, %abs, %neg : tensor<2xi32>, tensor<4xi32>, tensor<2xi8>, tensor<2xi8>
}

// -----

// An amount outside [0, width) shifts every bit out (the sign fills for an
// arithmetic shift).
// CHECK-LABEL: func.func @shifts
// CHECK-DAG: hlo.constant dense<[8, 0, 0, -128]> : tensor<4xi8>
// CHECK-DAG: hlo.constant dense<[-64, -1, -1, 1]> : tensor<4xi8>
// CHECK-DAG: hlo.constant dense<[64, 0, 0, 1]> : tensor<4xi8>
func.func @shifts() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %x = hlo.constant dense<[1, 1, 1, -1]> : tensor<4xi8>
  %by = hlo.constant dense<[3, 8, -1, 7]> : tensor<4xi8>
  %l = hlo.shift_left %x, %by : tensor<4xi8>
  %y = hlo.constant dense<[-128, -128, -128, 2]> : tensor<4xi8>
  %r = hlo.constant dense<[1, 9, -1, 1]> : tensor<4xi8>
  %a = hlo.shift_right_arithmetic %y, %r : tensor<4xi8>
  %g = hlo.shift_right_logical %y, %r : tensor<4xi8>
  return %l, %a, %g : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// -----

// Any comparison with NaN is false but NE; -0 equals +0; integers compare
// signed, i1 as 0 and 1; add and multiply on i1 are or and and.
// CHECK-LABEL: func.func @compare_and_i1
// CHECK-DAG: hlo.constant dense<[false, true, false, true]> : tensor<4xi1>
// CHECK-DAG: hlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG: hlo.constant dense<[true, true, true, false]> : tensor<4xi1>
// CHECK-DAG: hlo.constant dense<[true, false, false, false]> : tensor<4xi1>
func.func @compare_and_i1() -> (tensor<4xi1>, tensor<2xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = hlo.constant dense<[0x7FC00000, 0x7FC00000, -0.0, -0.0]> : tensor<4xf32>
  %b = hlo.constant dense<[1.0, 1.0, 0.0, 0.0]> : tensor<4xf32>
  %c = hlo.compare EQ, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %d = hlo.compare NE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %e = hlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %f = hlo.compare GE, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // [NaN==1, NaN!=1, -0<0, -0>=0] picked from the four comparisons.
  %p0 = hlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %cd = hlo.select %p0, %c, %d : tensor<4xi1>, tensor<4xi1>
  %p1 = hlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %ef = hlo.select %p1, %cd, %e : tensor<4xi1>, tensor<4xi1>
  %p2 = hlo.constant dense<[true, true, true, false]> : tensor<4xi1>
  %all = hlo.select %p2, %ef, %f : tensor<4xi1>, tensor<4xi1>
  %i = hlo.constant dense<[-1, 0]> : tensor<2xi32>
  %j = hlo.constant dense<[1, 0]> : tensor<2xi32>
  %lt = hlo.compare LT, %i, %j : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %t = hlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %u = hlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %or = hlo.add %t, %u : tensor<4xi1>
  %and = hlo.multiply %t, %u : tensor<4xi1>
  return %all, %lt, %or, %and : tensor<4xi1>, tensor<2xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// false < true when i1 compares.
// CHECK-LABEL: func.func @compare_i1
// CHECK-NEXT: %[[C:.+]] = hlo.constant dense<[true, false, false]> : tensor<3xi1>
func.func @compare_i1() -> tensor<3xi1> {
  %a = hlo.constant dense<[false, true, true]> : tensor<3xi1>
  %b = hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %lt = hlo.compare LT, %a, %b : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return %lt : tensor<3xi1>
}

// -----

// Transcendentals never fold: the TPU computes them.
// CHECK-LABEL: func.func @transcendentals_stay
// CHECK: hlo.exponential
// CHECK: hlo.log
// CHECK: hlo.tanh
// CHECK: hlo.rsqrt
func.func @transcendentals_stay() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %x = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = hlo.exponential %x : tensor<2xf32>
  %l = hlo.log %x : tensor<2xf32>
  %t = hlo.tanh %x : tensor<2xf32>
  %r = hlo.rsqrt %x : tensor<2xf32>
  return %e, %l, %t, %r : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// Shape ops of constants; splats fold at any size, other results only up
// to 65536 elements.
// CHECK-LABEL: func.func @shape_ops
// CHECK-DAG: hlo.constant dense<{{\[}}[1, 2], [1, 2], [1, 2]{{\]}}> : tensor<3x2xi32>
// CHECK-DAG: hlo.constant dense<{{\[}}[1, 3], [2, 4]{{\]}}> : tensor<2x2xi32>
// CHECK-DAG: hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<7> : tensor<1024x1024xi32>
// CHECK:     hlo.broadcast_in_dim %{{.*}} -> tensor<2x65537xi32>
func.func @shape_ops() -> (tensor<3x2xi32>, tensor<2x2xi32>, tensor<4xi32>, tensor<1024x1024xi32>, tensor<2x65537xi32>) {
  %v = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<2xi32>) -> tensor<3x2xi32>
  %m = hlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %t = hlo.transpose %m, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = hlo.reshape %m : (tensor<2x2xi32>) -> tensor<4xi32>
  %s = hlo.constant dense<7> : tensor<1024xi32>
  %big = hlo.broadcast_in_dim %s, dims = [1] : (tensor<1024xi32>) -> tensor<1024x1024xi32>
  %over = hlo.broadcast_in_dim %v, dims = [0] : (tensor<2xi32>) -> tensor<2x65537xi32>
  return %b, %t, %r, %big, %over : tensor<3x2xi32>, tensor<2x2xi32>, tensor<4xi32>, tensor<1024x1024xi32>, tensor<2x65537xi32>
}

// -----

// Identities fold to the operand, constant or not.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>, %[[Y:.+]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[Y]], %[[X]]
func.func @identities(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %c = hlo.convert %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %f = hlo.constant dense<false> : tensor<2x3xi1>
  %s = hlo.select %f, %x, %y : tensor<2x3xi1>, tensor<2x3xf32>
  %p = hlo.compare LT, %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %same = hlo.select %p, %x, %x : tensor<2x3xi1>, tensor<2x3xf32>
  return %c, %r, %t, %b, %s, %same : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A transpose that changes the layout is not an identity.
// CHECK-LABEL: func.func @layout_change_stays
// CHECK: hlo.transpose
func.func @layout_change_stays(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8x128xf32, #tpu.layout<{0,1:T(8,128)}>> {
  %t = hlo.transpose %x, dims = [0, 1] : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8x128xf32, #tpu.layout<{0,1:T(8,128)}>>
  return %t : tensor<8x128xf32, #tpu.layout<{0,1:T(8,128)}>>
}

// -----

// Unsigned elements order, divide and widen as unsigned: 200 > 100,
// 200 / 2 = 100 and max(200, 3) = 200 (as i8, 200 is -56); x / 0 is all
// ones; ui8 200 widens to i32 200.
// CHECK-LABEL: func.func @unsigned
// CHECK-DAG: hlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG: hlo.constant dense<[100, 255]> : tensor<2xui8>
// CHECK-DAG: hlo.constant dense<[200, 255]> : tensor<2xui8>
// CHECK-DAG: hlo.constant dense<[200, 255]> : tensor<2xi32>
// CHECK-NOT: hlo.compare
// CHECK-NOT: hlo.divide
// CHECK-NOT: hlo.maximum
// CHECK-NOT: hlo.convert
func.func @unsigned() -> (tensor<2xi1>, tensor<2xui8>, tensor<2xui8>, tensor<2xi32>) {
  %a = hlo.constant dense<[200, 255]> : tensor<2xui8>
  %b = hlo.constant dense<[100, 255]> : tensor<2xui8>
  %c = hlo.constant dense<[2, 0]> : tensor<2xui8>
  %d = hlo.constant dense<[3, 100]> : tensor<2xui8>
  %gt = hlo.compare GT, %a, %b : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  %q = hlo.divide %a, %c : tensor<2xui8>
  %m = hlo.maximum %a, %d : tensor<2xui8>
  %w = hlo.convert %a : (tensor<2xui8>) -> tensor<2xi32>
  return %gt, %q, %m, %w : tensor<2xi1>, tensor<2xui8>, tensor<2xui8>, tensor<2xi32>
}

// -----

// Floats convert to unsigned integers by truncation, saturating at 0 and
// 2^n - 1; NaN becomes 0. f16 rounds to nearest even: 2049 -> 2048.
// CHECK-LABEL: func.func @float_to_unsigned
// CHECK-DAG: hlo.constant dense<[0, 255, 2, 0]> : tensor<4xui8>
// CHECK-DAG: hlo.constant dense<[2.048000e+03, 6.550400e+04]> : tensor<2xf16>
func.func @float_to_unsigned() -> (tensor<4xui8>, tensor<2xf16>) {
  %a = hlo.constant dense<[-3.5, 300.0, 2.9, 0x7FC00000]> : tensor<4xf32>
  %u = hlo.convert %a : (tensor<4xf32>) -> tensor<4xui8>
  %b = hlo.constant dense<[2049.0, 65504.0]> : tensor<2xf32>
  %h = hlo.convert %b : (tensor<2xf32>) -> tensor<2xf16>
  return %u, %h : tensor<4xui8>, tensor<2xf16>
}
