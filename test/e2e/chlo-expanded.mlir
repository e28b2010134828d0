// chlo ops that XLA expands into arithmetic, expanded the same way by the
// import (passes/import/ChloMath.cpp) and run on the simulated TPU with their
// inputs as arguments; hand-computed values.
//
// next_after on the bits: one step towards y in magnitude, the smallest
// subnormal signed like y from zero, y itself when equal, NaN from NaN.
// The bits of each result (0x3F800001 = 1065353217, ...):
// RUN: tpu-run %s --function=next_after --input="8xf32=1,1,0,0,-0,3,nan,-1" --input="8xf32=2,0,1,-1,0,3,1,-2" | FileCheck %s --check-prefix=NEXT
// NEXT: result[0]: 8xf32=1 0.9999999 1.401298e-45 -1.401298e-45 0 3 nan -1
// NEXT: result[1]: 8xi32=1065353217 1065353215 1 -2147483647 0 1077936128 2143289344 -1082130431
// In bf16: one step above 1 is 1 + 2^-7.
// RUN: tpu-run %s --function=next_after_bf16 --input="2xbf16=1,-2" --input="2xbf16=2,0" | FileCheck %s --check-prefix=NEXTBF16
// NEXTBF16: result[0]: 2xbf16=1.007812 -1.992188
//
// erf_inv by Giles' f32 approximation (XLA's ErfInv32) and one Newton step:
// 0.5 gives 0.4769363 (exactly 0.47693628); +-1 give +-inf, |x| > 1 NaN;
// f32(0.999) = 0.99900001 gives 2.326756, its exact 2.3267563 (Giles' alone:
// 2.326758). bf16 computes in f32 and rounds once. correctly-rounded.test
// holds it within 1 ULP of mpmath's value over the domain.
// RUN: tpu-run %s --function=erf_inv --input="7xf32=0,0.5,-0.5,1,-1,2,0.999" | FileCheck %s --check-prefix=ERFINV
// ERFINV: result[0]: 7xf32=0 0.4769363 -0.4769363 inf -inf nan 2.326756
// RUN: tpu-run %s --function=erf_inv_bf16 --input="3xbf16=0.5,-0.75,1" | FileCheck %s --check-prefix=ERFINVBF16
// ERFINVBF16: result[0]: 3xbf16=0.4765625 -0.8125 inf
// digamma by XLA's Lanczos derivative (f32 error about 3e-7 near 1),
// reflected below 0.5, NaN at the poles 0 and -2:
// RUN: tpu-run %s --function=digamma --input="8xf32=1,2,0.5,-0.5,0,-2,10,-2.5" | FileCheck %s --check-prefix=DIGAMMA
// DIGAMMA: result[0]: 8xf32=-0.5772154 0.4227846 -1.96351 0.03648994 nan nan 2.251753 1.103156
// polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x), digamma at n = 0, and
// Hurwitz's zeta(x, q), as XLA expands them (mpmath's values to 7 digits:
// polygamma(1, 1) = zeta(2, 1) = pi^2/6 = 1.644934, polygamma(2, 1) =
// -2.404114, polygamma(3, 0.5) = pi^4 = 97.40909, polygamma(2, 10.5) =
// -0.009975144, polygamma(4, 0.25) = -24584.38; zeta(3, 0.5) = 8.414398,
// zeta(1.5, 1) = 2.612375, zeta(4, 0.25) = 256.4637). NaN for a
// non-integral or negative n; zeta is NaN below x = 1, +inf at x = 1, and
// at the poles (q a non-positive integer) +inf for even x, NaN for odd x.
// RUN: tpu-run %s --function=polygamma_zeta --input="10xf32=1,2,0,3,1.5,-1,1,2,2,4" --input="10xf32=1,1,1,0.5,1,1,-1,-1,10.5,0.25" | FileCheck %s --check-prefix=POLYGAMMA
// POLYGAMMA: result[0]: 10xf32=1.644934 -2.404114 -0.5772154 97.4091 nan nan inf nan -0.009975145 -24584.37
// POLYGAMMA: result[1]: 10xf32=inf 1.644934 nan 8.414397 2.612375 nan nan inf 0.09991696 256.4637
// The broadcasting forms: n = 2 against three x; zeta(x, 2) = zeta(x) - 1;
// next_after one step towards 1 (the smallest subnormal from zeros).
// RUN: tpu-run %s --function=broadcast_special --input="f32=2" --input="3xf32=1,2.5,3" --input="3xf32=0,-0,1" --input="f32=1" | FileCheck %s --check-prefix=BSPECIAL
// BSPECIAL: result[0]: 3xf32=-2.404114 -0.2362041 -0.1541138
// BSPECIAL: result[1]: 3xf32=inf 0.3414872 0.2020569
// BSPECIAL: result[2]: 3xf32=1.401298e-45 1.401298e-45 1
// In bf16 through f32: polygamma(1, 1) = 1.644934 rounds to 1.648438.
// RUN: tpu-run %s --function=polygamma_bf16 --input="2xbf16=1,2" --input="2xbf16=1,3" | FileCheck %s --check-prefix=POLYBF16
// POLYBF16: result[0]: 2xbf16=1.648438 -0.1542969
// asin and acos by atan2 (XLA's expansions): the correctly rounded f32
// values of Python's math.asin and math.acos at these f32 inputs; NaN
// outside [-1, 1]; acos(-1) is pi. In bf16 through f32, rounded once.
// is_inf, is_pos_inf and is_neg_inf compare with the infinities.
// RUN: tpu-run %s --function=asin_acos --input="8xf32=0,0.5,-0.5,1,-1,0.999,inf,-inf" | FileCheck %s --check-prefix=ASIN
// ASIN: result[0]: 8xf32=0 0.5235988 -0.5235988 1.570796 -1.570796 1.526072 nan nan
// ASIN: result[1]: 8xf32=1.570796 1.047198 2.094395 0 3.141593 0.0447248 nan nan
// ASIN: result[2]: 8xi1=0 0 0 0 0 0 1 1
// ASIN: result[3]: 8xi1=0 0 0 0 0 0 1 0
// ASIN: result[4]: 8xi1=0 0 0 0 0 0 0 1
// RUN: tpu-run %s --function=asin_acos_bf16 --input="3xbf16=0.5,-0.75,1" | FileCheck %s --check-prefix=ASINBF16
// ASINBF16: result[0]: 3xbf16=0.5234375 -0.8476562 1.570312
// ASINBF16: result[1]: 3xbf16=1.046875 2.421875 0
// chlo's broadcasting binary ops (TensorFlow's): a row added to each row,
// a column (broadcast_dimensions = [0]) multiplying each column, a 1x4 and
// a 3x1 stretched to 3x4; constant_like a splat.
// RUN: tpu-run %s --function=broadcasting --input="3x4xf32=[1 2 3 4][5 6 7 8][9 10 11 12]" --input="4xf32=10,20,30,40" --input="3xf32=1,2,3" --input="1x4xi32=[1 2 3 4]" --input="3x1xi32=[10][20][30]" | FileCheck %s --check-prefix=BCAST
// BCAST: result[0]: 3x4xf32=[11 22 33 44][15 26 37 48][19 30 41 52]
// BCAST: result[1]: 3x4xf32=[1 2 3 4][10 12 14 16][27 30 33 36]
// BCAST: result[2]: 3x4xi32=[-9 -8 -7 -6][-19 -18 -17 -16][-29 -28 -27 -26]
// BCAST: result[3]: 3x4xf32=[2.5 2.5 2.5 2.5][2.5 2.5 2.5 2.5][2.5 2.5 2.5 2.5]
// broadcast_compare (IEEE, and total order: -0 < +0, +NaN above all) and
// broadcast_select with a column of predicates.
// RUN: tpu-run %s --function=broadcast_compare_select --input="2x3xf32=[1 -0 3][4 nan -1]" --input="3xf32=2,0,nan" --input="2x1xi1=1,0" | FileCheck %s --check-prefix=BCMP
// BCMP: result[0]: 2x3xi1=[1 0 0][0 0 0]
// BCMP: result[1]: 2x3xf32=[1 -0 3][2 0 nan]
// BCMP: result[2]: 2x3xi1=[0 0 0][1 1 0]

func.func @broadcasting(%a: tensor<3x4xf32>, %b: tensor<4xf32>, %c: tensor<3xf32>, %d: tensor<1x4xi32>, %e: tensor<3x1xi32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = chlo.broadcast_multiply %c, %a {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = chlo.broadcast_subtract %d, %e : (tensor<1x4xi32>, tensor<3x1xi32>) -> tensor<3x4xi32>
  %3 = "chlo.constant_like"(%a) {value = 2.5 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0, %1, %2, %3 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xf32>
}

func.func @broadcast_compare_select(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %p: tensor<2x1xi1>) -> (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xi1>) {
  %c = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %s = chlo.broadcast_select %p, %x, %y : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %t = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %c, %s, %t : tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xi1>
}

func.func @asin_acos(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %0 = chlo.asin %x : tensor<8xf32> -> tensor<8xf32>
  %1 = chlo.acos %x : tensor<8xf32> -> tensor<8xf32>
  %2 = chlo.is_inf %x : tensor<8xf32> -> tensor<8xi1>
  %3 = chlo.is_pos_inf %x : tensor<8xf32> -> tensor<8xi1>
  %4 = chlo.is_neg_inf %x : tensor<8xf32> -> tensor<8xi1>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

func.func @asin_acos_bf16(%x: tensor<3xbf16>) -> (tensor<3xbf16>, tensor<3xbf16>) {
  %0 = chlo.asin %x : tensor<3xbf16> -> tensor<3xbf16>
  %1 = chlo.acos %x : tensor<3xbf16> -> tensor<3xbf16>
  return %0, %1 : tensor<3xbf16>, tensor<3xbf16>
}

func.func @next_after(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0 = chlo.next_after %x, %y : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  %1 = stablehlo.bitcast_convert %0 : (tensor<8xf32>) -> tensor<8xi32>
  return %0, %1 : tensor<8xf32>, tensor<8xi32>
}

func.func @next_after_bf16(%x: tensor<2xbf16>, %y: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = chlo.next_after %x, %y : tensor<2xbf16>, tensor<2xbf16> -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

func.func @polygamma_zeta(%n: tensor<10xf32>, %x: tensor<10xf32>) -> (tensor<10xf32>, tensor<10xf32>) {
  %0 = chlo.polygamma %n, %x : tensor<10xf32>, tensor<10xf32> -> tensor<10xf32>
  %1 = chlo.zeta %n, %x : tensor<10xf32>, tensor<10xf32> -> tensor<10xf32>
  return %0, %1 : tensor<10xf32>, tensor<10xf32>
}

func.func @broadcast_special(%n: tensor<f32>, %x: tensor<3xf32>, %z: tensor<3xf32>, %one: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = chlo.broadcast_polygamma %n, %x : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = chlo.broadcast_zeta %x, %n : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %2 = chlo.broadcast_next_after %z, %one : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

func.func @polygamma_bf16(%n: tensor<2xbf16>, %x: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = chlo.polygamma %n, %x : tensor<2xbf16>, tensor<2xbf16> -> tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

func.func @erf_inv(%x: tensor<7xf32>) -> tensor<7xf32> {
  %0 = chlo.erf_inv %x : tensor<7xf32> -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

func.func @erf_inv_bf16(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = chlo.erf_inv %x : tensor<3xbf16> -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

func.func @digamma(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = chlo.digamma %x : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
