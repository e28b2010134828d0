// StableHLO's quantized types on the simulated TPU: a !quant.uniform tensor
// holds its storage integers (i8 in HBM); uniform_quantize is
// clamp(round_nearest_even(x / s) + z), uniform_dequantize (q - z) * s,
// requantization both, per tensor or per axis, and an op on quantized
// tensors dequantizes, computes in f32 and quantizes its result. Weights as
// a quantized argument feed a matmul after dequantization. Hand-computed
// values (4 / 0.1 - 30 = 10, 15 / 0.5 - 20 = 10), then generated inputs
// against the evaluator.
// RUN: tpu-run %s --function=qdq --input="2xf32=4,15" | FileCheck %s --check-prefix=QDQ
// QDQ: result[0]: 2xi8=10 10
// QDQ: result[1]: 2xf32=4 15
// QDQ: result[2]: 2xi8=20 45
// RUN: tpu-run %s --function=qadd --input="2xf32=1,2" --input="2xf32=3,4" | FileCheck %s --check-prefix=ADD
// ADD: result[0]: 2xi8=-12 -8
// Out of range: 100 / 0.1 - 30 clamps at 127, -100 at -128.
// RUN: tpu-run %s --function=qdq --input="2xf32=100,-100" | FileCheck %s --check-prefix=CLAMP
// CLAMP: result[0]: 2xi8=127 -128
// RUN: tpu-run %S/Inputs/quantized-weights.mlir --input="2x3xf32=[1 1 1][1 2 3]" --input="3x4xi8=[2 2 2 2][2 2 2 2][2 2 2 -128]" | FileCheck %s --check-prefix=WEIGHTS
// WEIGHTS: result[0]: 2x4xf32=[3 1.5 0.75 -100][6 3 1.5 -330]
// A quantized dot_general of i8 storage runs on the MXU's int8 path: the
// i32 product of the integers with the zero points factored out, times
// s_l s_r. lhs (q - 3) * 0.5 = [[1 0 -2][3.5 -1.5 2]]; rhs per column:
// q * 0.25 = [1 -2 0], (q + 2) * 0.125 = [0.5 1 0]; the product
// [[1 0.5][6.5 0.25]], quantized at 0.25:-10 to [[-6 -8][16 -9]].
// RUN: tpu-run %s --function=qdot --input="2x3xi8=[5 3 -1][10 0 7]" --input="3x2xi8=[4 2][-8 6][0 -2]" | FileCheck %s --check-prefix=QDOT
// QDOT: result[0]: 2x2xf32=[1 0.5][6.5 0.25]
// QDOT: result[1]: 2x2xi8=[-6 -8][16 -9]
// A quantized convolution the same way: padding holds real zeros, so each
// zero-point correction is a convolution of ones (or of the zero points)
// that counts only the taps inside the input. A hand-written loop over the
// dequantized values, padding skipped, gives these (Python, exact).
// RUN: tpu-run %s --function=qconv --input="1x3x3x1xi8=[[[4][0][6]][[2][-2][8]][[10][3][2]]]" --input="2x2x1x2xi8=[[[[4 1]]][[[-4 3]]]][[[[0 -1]]][[[8 5]]]]" | FileCheck %s --check-prefix=QCONV
// QCONV: result[0]: 1x3x3x2xf32={{\[\[\[-2 -5\]\[3 10\]\[2 -3\]\]\[\[3 -5\]\[-5 2\.5\]\[3 0\]\]\[\[3\.5 0\.5\]\[0\.5 0\]\[0 0\]\]\]}}
// QCONV: result[1]: 1x3x3x2xi8={{\[\[\[-9 -15\]\[1 15\]\[-1 -11\]\]\[\[1 -15\]\[-15 0\]\[1 -5\]\]\[\[2 -4\]\[-4 -5\]\[-5 -5\]\]\]}}
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @qdq: result 0: 2xi8 exact
// REF: @qdq: result 1: 2xf32 exact
// REF: @qdq: result 2: 2xi8 exact
// REF: @qadd: result 0: 2xi8 exact
// REF: @qdot: result 0: 2x2xf32 exact
// REF: @qdot: result 1: 2x2xi8 exact
// REF: @qconv: result 0: 1x3x3x2xf32 exact
// REF: @qconv: result 1: 1x3x3x2xi8 exact

func.func @qdq(%x: tensor<2xf32>) -> (tensor<2xi8>, tensor<2xf32>, tensor<2xi8>) {
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  %b = stablehlo.bitcast_convert %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xi8>
  %d = stablehlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
  %r = stablehlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
  %rb = stablehlo.bitcast_convert %r : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>) -> tensor<2xi8>
  return %b, %d, %rb : tensor<2xi8>, tensor<2xf32>, tensor<2xi8>
}

func.func @qadd(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xi8> {
  %a = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  %b = stablehlo.uniform_quantize %y : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %s = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %r = stablehlo.bitcast_convert %s : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi8>
  return %r : tensor<2xi8>
}

func.func @qdot(%l: tensor<2x3x!quant.uniform<i8:f32, 0.5:3>>, %r: tensor<3x2x!quant.uniform<i8:f32:1, {0.25:0,0.125:-2}>>) -> (tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32, 0.25:-10>>) {
  %0 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:3>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.25:0,0.125:-2}>>) -> tensor<2x2xf32>
  %1 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:3>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.25:0,0.125:-2}>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.25:-10>>
  return %0, %1 : tensor<2x2xf32>, tensor<2x2x!quant.uniform<i8:f32, 0.25:-10>>
}

func.func @qconv(%l: tensor<1x3x3x1x!quant.uniform<i8:f32, 0.5:2>>, %k: tensor<2x2x1x2x!quant.uniform<i8:f32:3, {0.25:0,0.5:1}>>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x2x!quant.uniform<i8:f32, 0.5:-5>>) {
  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x1x!quant.uniform<i8:f32, 0.5:2>>, tensor<2x2x1x2x!quant.uniform<i8:f32:3, {0.25:0,0.5:1}>>) -> tensor<1x3x3x2xf32>
  %1 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x1x!quant.uniform<i8:f32, 0.5:2>>, tensor<2x2x1x2x!quant.uniform<i8:f32:3, {0.25:0,0.5:1}>>) -> tensor<1x3x3x2x!quant.uniform<i8:f32, 0.5:-5>>
  return %0, %1 : tensor<1x3x3x2xf32>, tensor<1x3x3x2x!quant.uniform<i8:f32, 0.5:-5>>
}
