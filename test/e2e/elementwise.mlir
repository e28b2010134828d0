// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e | FileCheck %s

// Every elementwise hlo op on the vector unit against the evaluator.
// Float results agree to within one rounding (transcendentals are computed
// in double and rounded once on both sides); integer, comparison and select
// results must be exact.

// CHECK: @unary_f32: result 0: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 1: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 2: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 3: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 4: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 5: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 6: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 7: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @unary_f32: result 8: 9x130xf32 {{exact|close}}
func.func @unary_f32(%x: tensor<9x130xf32>) -> (tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>) {
  %a = hlo.abs %x : tensor<9x130xf32>
  %n = hlo.negate %x : tensor<9x130xf32>
  %e = hlo.exponential %x : tensor<9x130xf32>
  %one = hlo.constant dense<1.5> : tensor<9x130xf32>
  %pos = hlo.add %a, %one : tensor<9x130xf32>
  %l = hlo.log %pos : tensor<9x130xf32>
  %t = hlo.tanh %x : tensor<9x130xf32>
  %s = hlo.logistic %x : tensor<9x130xf32>
  %q = hlo.sqrt %pos : tensor<9x130xf32>
  %r = hlo.rsqrt %pos : tensor<9x130xf32>
  %c = hlo.copy %x : tensor<9x130xf32>
  return %a, %n, %e, %l, %t, %s, %q, %r, %c : tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>
}

// CHECK: @binary_f32: result 0: 3x5x7xf32 {{exact|close}}
func.func @binary_f32(%x: tensor<3x5x7xf32>, %y: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %a = hlo.add %x, %y : tensor<3x5x7xf32>
  %s = hlo.subtract %a, %y : tensor<3x5x7xf32>
  %m = hlo.multiply %s, %y : tensor<3x5x7xf32>
  %two = hlo.constant dense<2.0> : tensor<3x5x7xf32>
  %d = hlo.divide %m, %two : tensor<3x5x7xf32>
  %mx = hlo.maximum %d, %x : tensor<3x5x7xf32>
  %mn = hlo.minimum %mx, %y : tensor<3x5x7xf32>
  return %mn : tensor<3x5x7xf32>
}

// CHECK: @integer: result 0: 4x200xi32 exact
// CHECK-NEXT: @integer: result 1: 4x200xi32 exact
func.func @integer(%x: tensor<4x200xi32>, %y: tensor<4x200xi32>) -> (tensor<4x200xi32>, tensor<4x200xi32>) {
  %a = hlo.add %x, %y : tensor<4x200xi32>
  %m = hlo.multiply %a, %y : tensor<4x200xi32>
  %mx = hlo.maximum %m, %x : tensor<4x200xi32>
  %mn = hlo.minimum %mx, %y : tensor<4x200xi32>
  %n = hlo.negate %mn : tensor<4x200xi32>
  %ab = hlo.abs %n : tensor<4x200xi32>
  %s = hlo.subtract %ab, %x : tensor<4x200xi32>
  %c3 = hlo.constant dense<3> : tensor<4x200xi32>
  %d = hlo.divide %s, %c3 : tensor<4x200xi32>
  return %s, %d : tensor<4x200xi32>, tensor<4x200xi32>
}

// CHECK: @compare_select: result 0: 6x129xi1 exact
// CHECK-NEXT: @compare_select: result 1: 6x129xi1 exact
// CHECK-NEXT: @compare_select: result 2: 6x129xi1 exact
// CHECK-NEXT: @compare_select: result 3: 6x129xf32 exact
func.func @compare_select(%x: tensor<6x129xf32>, %y: tensor<6x129xf32>) -> (tensor<6x129xi1>, tensor<6x129xi1>, tensor<6x129xi1>, tensor<6x129xf32>) {
  %lt = hlo.compare LT, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %ge = hlo.compare GE, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %eq = hlo.compare EQ, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %ne = hlo.compare NE, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %le = hlo.compare LE, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %gt = hlo.compare GT, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %or = hlo.add %eq, %ne : tensor<6x129xi1>
  %and = hlo.multiply %le, %gt : tensor<6x129xi1>
  %s = hlo.select %lt, %x, %y : tensor<6x129xi1>, tensor<6x129xf32>
  return %ge, %or, %and, %s : tensor<6x129xi1>, tensor<6x129xi1>, tensor<6x129xi1>, tensor<6x129xf32>
}

// CHECK: @convert: result 0: 8x128xbf16 exact
// CHECK-NEXT: @convert: result 1: 8x128xi32 exact
// CHECK-NEXT: @convert: result 2: 8x128xf32 exact
// CHECK-NEXT: @convert: result 3: 8x128xi8 exact
func.func @convert(%x: tensor<8x128xf32>, %i: tensor<8x128xi32>) -> (tensor<8x128xbf16>, tensor<8x128xi32>, tensor<8x128xf32>, tensor<8x128xi8>) {
  %b = hlo.convert %x : (tensor<8x128xf32>) -> tensor<8x128xbf16>
  %eight = hlo.constant dense<8.0> : tensor<8x128xf32>
  %big = hlo.multiply %x, %eight : tensor<8x128xf32>
  %t = hlo.convert %big : (tensor<8x128xf32>) -> tensor<8x128xi32>
  %f = hlo.convert %i : (tensor<8x128xi32>) -> tensor<8x128xf32>
  %n = hlo.convert %i : (tensor<8x128xi32>) -> tensor<8x128xi8>
  return %b, %t, %f, %n : tensor<8x128xbf16>, tensor<8x128xi32>, tensor<8x128xf32>, tensor<8x128xi8>
}

// CHECK: @rounding_trig: result 0: 9x130xf32 exact
// CHECK-NEXT: @rounding_trig: result 1: 9x130xf32 exact
// CHECK-NEXT: @rounding_trig: result 2: 9x130xf32 exact
// CHECK-NEXT: @rounding_trig: result 3: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @rounding_trig: result 4: 9x130xf32 {{exact|close}}
// CHECK-NEXT: @rounding_trig: result 5: 9x130xf32 {{exact|close}}
func.func @rounding_trig(%x: tensor<9x130xf32>) -> (tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>) {
  %k = hlo.constant dense<7.5> : tensor<9x130xf32>
  %wide = hlo.multiply %x, %k : tensor<9x130xf32>
  %f = hlo.floor %wide : tensor<9x130xf32>
  %c = hlo.ceil %wide : tensor<9x130xf32>
  %r = hlo.round_nearest_even %wide : tensor<9x130xf32>
  %s = hlo.sine %wide : tensor<9x130xf32>
  %co = hlo.cosine %wide : tensor<9x130xf32>
  %e = hlo.erf %x : tensor<9x130xf32>
  return %f, %c, %r, %s, %co, %e : tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>, tensor<9x130xf32>
}

// CHECK: @bitwise: result 0: 5x140xi32 exact
// CHECK-NEXT: @bitwise: result 1: 5x140xi32 exact
// CHECK-NEXT: @bitwise: result 2: 5x140xi8 exact
// CHECK-NEXT: @bitwise: result 3: 5x140xi8 exact
func.func @bitwise(%x: tensor<5x140xi32>, %y: tensor<5x140xi32>) -> (tensor<5x140xi32>, tensor<5x140xi32>, tensor<5x140xi8>, tensor<5x140xi8>) {
  %a = hlo.and %x, %y : tensor<5x140xi32>
  %o = hlo.or %a, %x : tensor<5x140xi32>
  %xo = hlo.xor %o, %y : tensor<5x140xi32>
  %n = hlo.not %xo : tensor<5x140xi32>
  %seven = hlo.constant dense<7> : tensor<5x140xi32>
  %amount = hlo.and %y, %seven : tensor<5x140xi32>
  %l = hlo.shift_left %n, %amount : tensor<5x140xi32>
  %rl = hlo.shift_right_logical %l, %amount : tensor<5x140xi32>
  %ra = hlo.shift_right_arithmetic %l, %amount : tensor<5x140xi32>
  %bx = hlo.convert %x : (tensor<5x140xi32>) -> tensor<5x140xi8>
  %ba = hlo.convert %amount : (tensor<5x140xi32>) -> tensor<5x140xi8>
  %b1 = hlo.shift_right_logical %bx, %ba : tensor<5x140xi8>
  %b2 = hlo.not %b1 : tensor<5x140xi8>
  return %rl, %ra, %b1, %b2 : tensor<5x140xi32>, tensor<5x140xi32>, tensor<5x140xi8>, tensor<5x140xi8>
}

// CHECK: @logical: result 0: 6x129xi1 exact
// CHECK-NEXT: @logical: result 1: 6x129xi1 exact
func.func @logical(%x: tensor<6x129xf32>, %y: tensor<6x129xf32>) -> (tensor<6x129xi1>, tensor<6x129xi1>) {
  %lt = hlo.compare LT, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %gt = hlo.compare GT, %x, %y : (tensor<6x129xf32>, tensor<6x129xf32>) -> tensor<6x129xi1>
  %a = hlo.and %lt, %gt : tensor<6x129xi1>
  %o = hlo.or %a, %lt : tensor<6x129xi1>
  %xo = hlo.xor %o, %gt : tensor<6x129xi1>
  %n = hlo.not %xo : tensor<6x129xi1>
  return %xo, %n : tensor<6x129xi1>, tensor<6x129xi1>
}
