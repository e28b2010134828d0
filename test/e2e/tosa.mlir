// TOSA programs run directly by tpu-run (imported by convert-tosa-to-hlo),
// checked against hand-computed values, and on generated inputs against
// the evaluator.
// RUN: tpu-run %s --function=conv --input="1x3x3x1xf32=1,2,3,4,5,6,7,8,9" | FileCheck %s --check-prefix=CONV
// CONV: result[0]: 1x2x2x1xf32={{\[\[\[6.5\]\[8.5\]\]\[\[12.5\]\[14.5\]\]\]}}
// RUN: tpu-run %s --function=matmul --input="1x2x3xf32=[[1 2 3][4 5 6]]" --input="1x3x2xf32=[[1 0][0 1][1 1]]" | FileCheck %s --check-prefix=MATMUL
// MATMUL: result[0]: 1x2x2xf32={{\[\[4 5\]\[10 11\]\]}}
// RUN: tpu-run %s --function=rows --input="2x3xf32=[1 9 3][7 5 6]" --input="1x3xf32=[10 20 30]" | FileCheck %s --check-prefix=ROWS
// ROWS: result[0]: 2x1xf32=[13][18]
// ROWS: result[1]: 2xi32=1 0
// ROWS: result[2]: 2x3xf32=[6 6 6][6 6 6]
// ROWS: result[3]: 3x2xf32=[1 7][9 5][3 6]
// RUN: tpu-run %s --function=movement --input="2x3xf32=[1 2 3][4 5 6]" --input="2x3xf32=[7 8 9][10 11 12]" | FileCheck %s --check-prefix=MOVE
// MOVE: result[0]: 2x5xf32=[0 2 3 0 0][0 5 6 0 0]
// MOVE: result[1]: 4x3xf32=[1 2 3][4 5 6][7 8 9][10 11 12]
// RUN: tpu-run %s --function=pool --input="1x3x3x1xf32=1,2,3,4,5,6,7,8,9" | FileCheck %s --check-prefix=POOL
// POOL: result[0]: 1x2x2x1xf32={{\[\[\[5\]\[6\]\]\[\[8\]\[9\]\]\]}}
// POOL: result[1]: 1x2x2x1xf32={{\[\[\[3\]\[4.5\]\]\[\[7.5\]\[9\]\]\]}}
// RUN: tpu-run %s --function=depthwise --input="1x2x2x2xf32=1,10,2,20,3,30,4,40" | FileCheck %s --check-prefix=DEPTHWISE
// DEPTHWISE: result[0]: 1x1x1x2xf32={{\[\[\[10.25 49\]\]\]}}
// RUN: tpu-run %s --function=shifts --input="4xi32=-8,5,1,-1" --input="4xi32=1,2,31,4" | FileCheck %s --check-prefix=SHIFTS
// SHIFTS: result[0]: 4xi32=-16 20 -2147483648 -16
// SHIFTS: result[1]: 4xi32=2147483644 1 0 268435455
// SHIFTS: result[2]: 4xi32=-4 1 0 -1
// RUN: tpu-run %s --function=gather_scatter --input="1x4x2xf32=[[1 -1][2 -0][3 -3][4 nan]]" --input="1x3xi32=[[2 0 3]]" --input="1x3x2xf32=[[10 11][12 13][14 15]]" | FileCheck %s --check-prefix=GATHER
// GATHER: result[0]: 1x3x2xf32={{\[\[3 -3\]\[1 -1\]\[4 nan\]\]}}
// GATHER: result[1]: 1x4x2xf32={{\[\[12 13\]\[2 -0\]\[10 11\]\[14 15\]\]}}
// Inputs as converters write them: gather indices and a reshape's shape as
// arith.constant, casts through a dynamic shape, expand/collapse_shape.
// RUN: tpu-run %s --function=converter_ops --input="1x4x2xf32=[[1 -1][2 -0][3 -3][4 5]]" --input="2x3xf32=[1 2 3][4 5 6]" | FileCheck %s --check-prefix=CONVERTER
// CONVERTER: result[0]: 1x3x2xf32={{\[\[4 5\]\[1 -1\]\[4 5\]\]}}
// CONVERTER: result[1]: 3x2xf32=[2 3][4 5][6 7]
// CONVERTER: result[2]: 6xf32=1 2 3 4 5 6
// CONVERTER: result[3]: 1x2x3xf32={{\[\[1 2 3\]\[4 5 6\]\]}}
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @conv: result 0: 1x2x2x1xf32 {{exact|close}}
// REF: @matmul: result 0: 1x2x2xf32 {{exact|close}}
// REF: @rows: result 0: 2x1xf32 {{exact|close}}
// REF: @rows: result 1: 2xi32 exact
// REF: @rows: result 2: 2x3xf32 {{exact|close}}
// REF: @rows: result 3: 3x2xf32 exact
// REF: @movement: result 0: 2x5xf32 exact
// REF: @movement: result 1: 4x3xf32 exact
// REF: @pool: result 0: 1x2x2x1xf32 exact
// REF: @pool: result 1: 1x2x2x1xf32 {{exact|close}}
// REF: @depthwise: result 0: 1x1x1x2xf32 {{exact|close}}
// REF: @shifts: result 0: 4xi32 exact
// REF: @shifts: result 1: 4xi32 exact
// REF: @shifts: result 2: 4xi32 exact
// REF: @gather_scatter: result 0: 1x3x2xf32 exact
// REF: @gather_scatter: result 1: 1x4x2xf32 exact

// out[i, j] = x[i, j] + x[i+1, j+1] + 0.5 (a diagonal 2x2 kernel).
func.func @conv(%x: tensor<1x3x3x1xf32>) -> tensor<1x2x2x1xf32> {
  %w = "tosa.const"() {values = dense<[[[[1.0], [0.0]], [[0.0], [1.0]]]]> : tensor<1x2x2x1xf32>} : () -> tensor<1x2x2x1xf32>
  %b = "tosa.const"() {values = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x3x3x1xf32>, tensor<1x2x2x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x1xf32>
  return %y : tensor<1x2x2x1xf32>
}

func.func @matmul(%a: tensor<1x2x3xf32>, %b: tensor<1x3x2xf32>) -> tensor<1x2x2xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = tosa.matmul %a, %b, %zp, %zp : (tensor<1x2x3xf32>, tensor<1x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
  return %m : tensor<1x2x2xf32>
}

// Row sums, argmax, a broadcast add clamped to [0, 6], a transpose.
func.func @rows(%x: tensor<2x3xf32>, %y: tensor<1x3xf32>) -> (tensor<2x1xf32>, tensor<2xi32>, tensor<2x3xf32>, tensor<3x2xf32>) {
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %a = tosa.argmax %x {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2xi32>
  %sum = tosa.add %x, %y : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %c = tosa.clamp %sum {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = tosa.transpose %x {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %s, %a, %c, %t : tensor<2x1xf32>, tensor<2xi32>, tensor<2x3xf32>, tensor<3x2xf32>
}

// Drop the first column, pad two zero columns on the right and one on the
// left; stack the two inputs.
func.func @movement(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<2x5xf32>, tensor<4x3xf32>) {
  %start = tosa.const_shape {values = dense<[0, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %s = tosa.slice %x, %start, %size : (tensor<2x3xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xf32>
  %pads = tosa.const_shape {values = dense<[0, 0, 1, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %zero = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %p = tosa.pad %s, %pads, %zero : (tensor<2x2xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<2x5xf32>
  %c = tosa.concat %x, %y {axis = 0 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %p, %c : tensor<2x5xf32>, tensor<4x3xf32>
}

// A 2x2 max pool at stride 1, and a 2x2 average pool at stride 2 padded at
// the bottom and right: padding is left out of the count, so the right
// column averages two values and the corner one.
func.func @pool(%x: tensor<1x3x3x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>) {
  %m = tosa.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x3x3x1xf32>) -> tensor<1x2x2x1xf32>
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %a = tosa.avg_pool2d %x, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>} : (tensor<1x3x3x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x1xf32>
  return %m, %a : tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>
}

// Channel 0 summed over the 2x2 window (1+2+3+4) plus 0.25; channel 1
// halved (0.5 * 100) minus 1.
func.func @depthwise(%x: tensor<1x2x2x2xf32>) -> tensor<1x1x1x2xf32> {
  %w = "tosa.const"() {values = dense<[[[[1.0], [0.5]], [[1.0], [0.5]]], [[[1.0], [0.5]], [[1.0], [0.5]]]]> : tensor<2x2x2x1xf32>} : () -> tensor<2x2x2x1xf32>
  %b = "tosa.const"() {values = dense<[0.25, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = tosa.depthwise_conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<2x2x2x1xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x2xf32>
  return %y : tensor<1x1x1x2xf32>
}

// Left, logical right and arithmetic right shifts of i32: -8 >>> 1 is
// 0x7FFFFFFC, 1 << 31 wraps to INT_MIN, -1 >>> 4 is 0x0FFFFFFF.
func.func @shifts(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %l = tosa.logical_left_shift %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %r = tosa.logical_right_shift %x, %y : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %a = tosa.arithmetic_right_shift %x, %y {round = false} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %l, %r, %a : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// gather picks rows 2, 0 and 3 (a NaN and a -0 come through unchanged);
// scatter writes the three update rows to rows 2, 0 and 3 and keeps row 1.
func.func @gather_scatter(%v: tensor<1x4x2xf32>, %i: tensor<1x3xi32>, %u: tensor<1x3x2xf32>) -> (tensor<1x3x2xf32>, tensor<1x4x2xf32>) {
  %g = tosa.gather %v, %i : (tensor<1x4x2xf32>, tensor<1x3xi32>) -> tensor<1x3x2xf32>
  %s = tosa.scatter %v, %i, %u : (tensor<1x4x2xf32>, tensor<1x3xi32>, tensor<1x3x2xf32>) -> tensor<1x4x2xf32>
  return %g, %s : tensor<1x3x2xf32>, tensor<1x4x2xf32>
}

func.func @converter_ops(%v: tensor<1x4x2xf32>, %x: tensor<2x3xf32>) -> (tensor<1x3x2xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<1x2x3xf32>) {
  %i = arith.constant dense<[[3, 0, 3]]> : tensor<1x3xi32>
  %g = tosa.gather %v, %i : (tensor<1x4x2xf32>, tensor<1x3xi32>) -> tensor<1x3x2xf32>
  %one = arith.constant dense<1.0> : tensor<2x3xf32>
  %a = tosa.add %x, %one : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %d = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %s = tensor.cast %d : tensor<?x3xf32> to tensor<2x3xf32>
  %shape = arith.constant dense<[3, 2]> : tensor<2xindex>
  %r = tensor.reshape %s(%shape) : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 2, 3] : tensor<2x3xf32> into tensor<1x2x3xf32>
  return %g, %r, %c, %e : tensor<1x3x2xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<1x2x3xf32>
}
