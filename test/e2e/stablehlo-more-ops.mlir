// StableHLO ops imported as compositions of hlo ops: batch normalization
// (inference, training and its gradient), map, the legacy broadcast,
// optimization_barrier, get_dimension_size and composite. Every input is a
// run-time argument. Checked against hand-computed values (batch_norm_grad's
// from NumPy in float64, to the digits printed) and, on generated inputs,
// against the evaluator.
// RUN: tpu-run %s --function=bn_inference --input="2x2xf32=[1 2][3 4]" --input="2xf32=2,1" --input="2xf32=0.5,-1" --input="2xf32=2,3" --input="2xf32=1,4" | FileCheck %s --check-prefix=INF
// INF: result[0]: 2x2xf32=[-1.5 -1.5][2.5 -0.5]
// RUN: tpu-run %s --function=bn_training --input="3x2xf32=[1 2][3 6][5 4]" --input="2xf32=1,2" --input="2xf32=0,1" | FileCheck %s --check-prefix=TRAIN
// TRAIN: result[0]: 3x2xf32=[-1.224745 -1.44949][0 3.44949][1.224745 1]
// TRAIN: result[1]: 2xf32=3 4
// TRAIN: result[2]: 2xf32=2.666667 2.666667
// RUN: tpu-run %s --function=bn_grad --input="3x2xf32=[1 2][3 6][5 4]" --input="2xf32=1,2" --input="2xf32=3,4" --input="2xf32=2.6666667,2.6666667" --input="3x2xf32=[1 0][2 1][0 3]" | FileCheck %s --check-prefix=GRAD
// GRAD: result[0]: 3x2xf32=[-0.306186{{[12]}} -1.020621][0.6123724 -1.020621][-0.306186{{[12]}} 2.041241]
// GRAD: result[1]: 2xf32=-1.224745 1.224745
// GRAD: result[2]: 2xf32=3 4
// RUN: tpu-run %s --function=misc --input="2x3xf32=[1 2 3][4 5 6]" --input="2x3xf32=[1 0 -1][2 2 2]" --input="3xi32=7,8,9" | FileCheck %s --check-prefix=MISC
// MISC: result[0]: 2x3xf32=[2 2 0][12 15 18]
// MISC: result[1]: 2x3xi32=[7 8 9][7 8 9]
// MISC: result[2]: 2x3xf32=[1 0 -1][2 2 2]
// MISC: result[3]: i32=3
// MISC: result[4]: 2x3xf32=[4 5 6][7 8 9]
// The shape-operand ops with constant shapes (index and i64), and einsum
// as a matmul and as a batched contraction into a transposed result.
// RUN: tpu-run %s --function=shapes --input="2x3xf32=[1 2 3][4 5 6]" --input="2x3xf32=[1 0 2][0 1 1]" --input="3x4xf32=[1 2 3 4][5 6 7 8][9 10 11 12]" --input="2x3x5xf32=[[1 1 1 1 1][2 2 2 2 2][3 3 3 3 3]][[1 2 3 4 5][0 0 0 0 0][1 1 1 1 1]]" | FileCheck %s --check-prefix=SHAPES
// SHAPES: result[0]: 3x2xi32=[0 1][0 1][0 1]
// SHAPES: result[1]: 3x2xf32=[1 2][3 4][5 6]
// SHAPES: result[2]: 4x2x3xf32={{(\[\[1 2 3\]\[4 5 6\]\]){4}$}}
// SHAPES: result[3]: 2x4xf32=[19 22 25 28][14 16 18 20]
// SHAPES: result[4]: 5x2xf32=[7 1][7 1][7 1][7 1][7 1]
// cholesky, lower and upper (only that triangle read) and batched.
// RUN: tpu-run %s --function=cholesky --input="3x3xf32=[4 12 -16][12 37 -43][-16 -43 98]" --input="2x2x2xf32=[[4 2][2 5]][[1 0][0 9]]" | FileCheck %s --check-prefix=CHOL
// CHOL: result[0]: 3x3xf32=[2 0 0][6 1 0][-8 5 3]
// CHOL: result[1]: 3x3xf32=[2 6 -8][0 1 5][0 0 3]
// CHOL: result[2]: 2x2x2xf32={{\[\[2 0\]\[1 2\]\]\[\[1 0\]\[0 3\]\]$}}
// Tuples taken apart where they are built, nested ones too.
// RUN: tpu-run %s --function=tuples --input="2xf32=1,2" --input="3xi32=4,5,6" | FileCheck %s --check-prefix=TUPLE
// TUPLE: result[0]: 3xi32=4 5 6
// TUPLE: result[1]: 2xf32=-1 -2
// A tuple argument and a tuple result, flattened into their leaves as XLA
// flattens an entry computation's: three inputs, three results.
// RUN: tpu-run %s --function=tuple_signature --input="2xf32=1,2" --input="3xi32=4,5,6" --input="2xf32=10,20" | FileCheck %s --check-prefix=TUPSIG
// TUPSIG: result[0]: 3xi32=4 5 6
// TUPSIG: result[1]: 2xf32=9 18
// TUPSIG: result[2]: 2xf32=1 2
// chlo.mulhi at the extremes, against Python's exact (a * b) >> w.
// RUN: tpu-run %s --function=mulhi --input="4xi64=-9223372036854775808,9223372036854775807,-5,123456789012345678" --input="4xi64=3,9223372036854775807,-7,-987654321098765432" --input="4xui64=18446744073709551615,9223372036854775808,12345678901234567890,1" --input="4xui64=18446744073709551615,4,9876543210987654321,18446744073709551615" --input="3xi32=-2147483648,2147483647,-3" --input="3xi32=-2147483648,2147483647,5" | FileCheck %s --check-prefix=MULHI
// MULHI: result[0]: 4xi64=-2 4611686018427387903 0 -6609981178781635
// MULHI: result[1]: 4xui64=18446744073709551614 2 6609981178781634653 0
// MULHI: result[2]: 3xi32=1073741824 1073741823 -1
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @bn_inference: result 0: 2x2xf32 {{exact|close}}
// REF: @bn_training: result 0: 3x2xf32 {{exact|close}}
// REF: @bn_training: result 1: 2xf32 {{exact|close}}
// REF: @bn_training: result 2: 2xf32 {{exact|close}}
// REF: @bn_grad: result 0: 3x2xf32 {{exact|close}}
// REF: @bn_grad: result 1: 2xf32 {{exact|close}}
// REF: @bn_grad: result 2: 2xf32 {{exact|close}}
// REF: @misc: result 0: 2x3xf32 exact
// REF: @misc: result 1: 2x3xi32 exact
// REF: @misc: result 2: 2x3xf32 exact
// REF: @misc: result 3: i32 exact
// REF: @misc: result 4: 2x3xf32 exact
// REF: @shapes: result 0: 3x2xi32 exact
// REF: @shapes: result 1: 3x2xf32 exact
// REF: @shapes: result 2: 4x2x3xf32 exact
// REF: @shapes: result 3: 2x4xf32 {{exact|close}}
// REF: @shapes: result 4: 5x2xf32 {{exact|close}}
// REF: @cholesky: result 0: 3x3xf32 {{exact|close}}
// REF: @cholesky: result 1: 3x3xf32 {{exact|close}}
// REF: @cholesky: result 2: 2x2x2xf32 {{exact|close}}
// REF: @tuple_signature: result 0: 3xi32 exact
// REF: @tuple_signature: result 1: 2xf32 exact
// REF: @tuple_signature: result 2: 2xf32 exact
// REF: @tuples: result 0: 3xi32 exact
// REF: @tuples: result 1: 2xf32 exact
// REF: @mulhi: result 0: 4xi64 exact
// REF: @mulhi: result 1: 4xui64 exact
// REF: @mulhi: result 2: 3xi32 exact

// JAX's argmax and argmin of booleans (false < true): the first true
// (first false), 0 when there is none, and the best value itself.
// RUN: tpu-run %s --function=bool_args --input="2x5xi1=[0 0 1 0 1][0 0 0 0 0]" | FileCheck %s --check-prefix=BOOL
// BOOL: result[0]: 2xi32=2 0
// BOOL: result[1]: 2xi1=1 0
// BOOL: result[2]: 2xi32=0 0
// BOOL: result[3]: 2xi1=0 0

// reduce_window's dilations and select_and_scatter's padding. A window of
// 2 taps 2 apart sums x0 + x2 and x1 + x3; base dilation 2 puts the init
// value (10) between the elements, [1 10 2 10 3 10 4], and a window of 2
// sums neighbours plus the init once: 1 + 10 + 10 = 21, ... Padding by 1
// on each side gives windows (pad, -1), (5, 3), (-2, pad): a padding
// element is never selected, so -1 and -2 get their windows' sources.
// RUN: tpu-run %s --function=windows --input="4xf32=1,2,3,4" --input="f32=10" --input="4xf32=-1,5,3,-2" --input="3xf32=10,20,30" | FileCheck %s --check-prefix=WIN
// WIN: result[0]: 2xf32=4 6
// WIN: result[1]: 6xf32=21 22 22 23 23 24
// WIN: result[2]: 4xf32=10 20 0 30

func.func @bn_inference(%x: tensor<2x2xf32>, %scale: tensor<2xf32>, %offset: tensor<2xf32>, %mean: tensor<2xf32>, %var: tensor<2xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

func.func @bn_training(%x: tensor<3x2xf32>, %scale: tensor<2xf32>, %offset: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1, %0#2 : tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>
}

func.func @bn_grad(%x: tensor<3x2xf32>, %scale: tensor<2xf32>, %mean: tensor<2xf32>, %var: tensor<2xf32>, %dy: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1, %0#2 : tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>
}

func.func private @plus_three(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = stablehlo.constant dense<3.0> : tensor<2x3xf32>
  %0 = stablehlo.add %a, %c : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// map: a * b + a; broadcast prepends a dimension; the barrier passes its
// operands through; get_dimension_size reads the shape; composite runs its
// decomposition.
func.func @misc(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %v: tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<i32>, tensor<2x3xf32>) {
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = stablehlo.multiply %x, %y : tensor<f32>
    %s = stablehlo.add %p, %x : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast %v, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  %2:2 = stablehlo.optimization_barrier %b, %a : tensor<2x3xf32>, tensor<2x3xf32>
  %3 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  %4 = stablehlo.composite "my.plus_three" %a {decomposition = @plus_three} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2#0, %3, %4 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<i32>, tensor<2x3xf32>
}

func.func @shapes(%x: tensor<2x3xf32>, %a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x3x5xf32>) -> (tensor<3x2xi32>, tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<2x4xf32>, tensor<5x2xf32>) {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xindex>
  %0 = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xindex>) -> tensor<3x2xi32>
  %1 = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  %t = stablehlo.constant dense<[4, 2, 3]> : tensor<3xi64>
  %2 = stablehlo.dynamic_broadcast_in_dim %x, %t, dims = [1, 2] : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
  %3 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %4 = stablehlo.einsum %c, %a, config = "bkj,bk->jb" : (tensor<2x3x5xf32>, tensor<2x3xf32>) -> tensor<5x2xf32>
  return %0, %1, %2, %3, %4 : tensor<3x2xi32>, tensor<3x2xf32>, tensor<4x2x3xf32>, tensor<2x4xf32>, tensor<5x2xf32>
}

func.func @cholesky(%a: tensor<3x3xf32>, %b: tensor<2x2x2xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<2x2x2xf32>) {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  %1 = stablehlo.cholesky %a : tensor<3x3xf32>
  %2 = stablehlo.cholesky %b, lower = true : tensor<2x2x2xf32>
  return %0, %1, %2 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<2x2x2xf32>
}

func.func @tuple_signature(%t: tuple<tensor<2xf32>, tensor<3xi32>>, %b: tensor<2xf32>) -> (tuple<tensor<3xi32>, tensor<2xf32>>, tensor<2xf32>) {
  %a = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<2xf32>
  %c = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
  %0 = stablehlo.subtract %b, %a : tensor<2xf32>
  %r = stablehlo.tuple %c, %0 : tuple<tensor<3xi32>, tensor<2xf32>>
  return %r, %a : tuple<tensor<3xi32>, tensor<2xf32>>, tensor<2xf32>
}

func.func @tuples(%a: tensor<2xf32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<2xf32>) {
  %t = stablehlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<3xi32>>
  %n = stablehlo.tuple %t, %a : tuple<tuple<tensor<2xf32>, tensor<3xi32>>, tensor<2xf32>>
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<3xi32>
  %i = stablehlo.get_tuple_element %n[0] : (tuple<tuple<tensor<2xf32>, tensor<3xi32>>, tensor<2xf32>>) -> tuple<tensor<2xf32>, tensor<3xi32>>
  %1 = stablehlo.get_tuple_element %i[0] : (tuple<tensor<2xf32>, tensor<3xi32>>) -> tensor<2xf32>
  %2 = stablehlo.negate %1 : tensor<2xf32>
  return %0, %2 : tensor<3xi32>, tensor<2xf32>
}

func.func @mulhi(%a: tensor<4xi64>, %b: tensor<4xi64>, %c: tensor<4xui64>, %d: tensor<4xui64>, %e: tensor<3xi32>, %f: tensor<3xi32>) -> (tensor<4xi64>, tensor<4xui64>, tensor<3xi32>) {
  %0 = "chlo.mulhi"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %1 = "chlo.mulhi"(%c, %d) : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  %2 = "chlo.mulhi"(%e, %f) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xui64>, tensor<3xi32>
}

func.func @bool_args(%x: tensor<2x5xi1>) -> (tensor<2xi32>, tensor<2xi1>, tensor<2xi32>, tensor<2xi1>) {
  %iota = stablehlo.iota dim = 1 : tensor<2x5xi32>
  %false = stablehlo.constant dense<false> : tensor<i1>
  %true = stablehlo.constant dense<true> : tensor<i1>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %false), (%iota init: %zero) across dimensions = [1] : (tensor<2x5xi1>, tensor<2x5xi32>, tensor<i1>, tensor<i32>) -> (tensor<2xi1>, tensor<2xi32>)
   reducer(%a: tensor<i1>, %b: tensor<i1>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %b,  UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %nan = stablehlo.compare  NE, %a, %a,  UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %better = stablehlo.or %gt, %nan : tensor<i1>
    %eq = stablehlo.compare  EQ, %a, %b,  UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %lt = stablehlo.compare  LT, %ai, %bi,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %pick = stablehlo.or %better, %tie : tensor<i1>
    %v = stablehlo.select %better, %a, %b : tensor<i1>, tensor<i1>
    %i = stablehlo.select %pick, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<i1>, tensor<i32>
  }
  %1:2 = stablehlo.reduce(%x init: %true), (%iota init: %zero) across dimensions = [1] : (tensor<2x5xi1>, tensor<2x5xi32>, tensor<i1>, tensor<i32>) -> (tensor<2xi1>, tensor<2xi32>)
   reducer(%a: tensor<i1>, %b: tensor<i1>) (%ai: tensor<i32>, %bi: tensor<i32>)  {
    %lt = stablehlo.compare  LT, %a, %b,  UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %nan = stablehlo.compare  NE, %a, %a,  UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %better = stablehlo.or %lt, %nan : tensor<i1>
    %eq = stablehlo.compare  EQ, %a, %b,  UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %lti = stablehlo.compare  LT, %ai, %bi,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lti : tensor<i1>
    %pick = stablehlo.or %better, %tie : tensor<i1>
    %v = stablehlo.select %better, %a, %b : tensor<i1>, tensor<i1>
    %i = stablehlo.select %pick, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<i1>, tensor<i32>
  }
  return %0#1, %0#0, %1#1, %1#0 : tensor<2xi32>, tensor<2xi1>, tensor<2xi32>, tensor<2xi1>
}

func.func @windows(%x: tensor<4xf32>, %c: tensor<f32>, %y: tensor<4xf32>, %s: tensor<3xf32>) -> (tensor<2xf32>, tensor<6xf32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2>, window_dilations = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>, base_dilations = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  %2 = "stablehlo.select_and_scatter"(%y, %s, %zero) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %t : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<6xf32>, tensor<4xf32>
}
