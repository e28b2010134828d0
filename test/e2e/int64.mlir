// 64-bit integers on the simulated TPU, which XLA:TPU emulates with 32-bit
// word pairs: every value is exact (2^53 + 1 and 2^63 - 1 included), sums
// and products wrap modulo 2^64, MIN / -1 wraps to MIN, x / 0 is all ones
// and x rem 0 is x, ui64 compares and divides as unsigned, and i64 -> f32
// rounds once (2^62 + 2^38 + 1 rounds up; through a double it would tie
// and round down). Hand-computed values first, then generated inputs
// (every third one using all 64 bits) against the evaluator.
// RUN: tpu-run %s --function=signed --input="4xi64=9223372036854775807,-9223372036854775808,9007199254740993,-7" --input="4xi64=1,-1,4,0" | FileCheck %s --check-prefix=S64
// S64: result[0]: 4xi64=-9223372036854775808 9223372036854775807 9007199254740997 -7
// S64: result[1]: 4xi64=9223372036854775807 -9223372036854775808 36028797018963972 0
// S64: result[2]: 4xi64=9223372036854775807 -9223372036854775808 2251799813685248 -1
// S64: result[3]: 4xi64=0 0 1 -7
// S64: result[4]: 4xi1=0 1 0 1
// S64: result[5]: 4xi64=1 -2 0 -1
// S64: result[6]: i64=9223372036854775807
// RUN: tpu-run %s --function=convert --input="3xi64=16777217,4611686293305294849,-4611686293305294849" | FileCheck %s --check-prefix=CVT
// CVT: result[0]: 3xi64=16777216 4611686568183201792 -4611686568183201792
// CVT: result[1]: 3xi32=16777217 1 -1
// CVT: result[2]: 3xi64=16777217 1 -1
// RUN: tpu-run %s --function=unsigned --input="3xui64=18446744073709551615,9223372036854775808,5" --input="3xui64=2,9223372036854775809,0" | FileCheck %s --check-prefix=U64
// U64: result[0]: 3xui64=1 1 5
// U64: result[1]: 3xui64=9223372036854775807 0 18446744073709551615
// U64: result[2]: 3xui64=1 9223372036854775808 5
// U64: result[3]: 3xi1=0 1 0
// U64: result[4]: 3xui64=18446744073709551615 9223372036854775809 5
// U64: result[5]: ui64=9223372036854775812
// U64: result[6]: ui64=18446744073709551615
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @signed: result 0: 4xi64 exact
// REF: @signed: result 6: i64 exact
// REF: @convert: result 0: 3xi64 exact
// REF: @convert: result 2: 3xi64 exact
// REF: @unsigned: result 6: ui64 exact
// REF: @wide_ops: result 0: 8x300xi64 exact
// REF: @wide_ops: result 6: 8xi64 exact
// REF-NOT: FAIL
// The emulation's cost, from the profile: the i64 multiply's two blocks of
// 128 registers take 12 passes each (1536 cycles = 1.634 us at 0.94 GHz),
// the f32 multiply's one block of 256 registers one (256 cycles).
// RUN: tpu-run %s --function=mul64 --timing-only --profile=%t.mul64.json > /dev/null
// RUN: FileCheck %s --check-prefix=COST64 < %t.mul64.json
// COST64-COUNT-2: "name": "multiply_0/vector", {{.*}} "dur": 1.6340,
// COST64-NOT: multiply_0/vector
// RUN: tpu-run %s --function=mul32 --timing-only --profile=%t.mul32.json > /dev/null
// RUN: FileCheck %s --check-prefix=COST32 < %t.mul32.json
// COST32: "name": "multiply_0/vector", {{.*}} "dur": 0.2723,

func.func @signed(%x: tensor<4xi64>, %y: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi1>, tensor<4xi64>, tensor<i64>) {
  %add = hlo.add %x, %y : tensor<4xi64>
  %mul = hlo.multiply %x, %y : tensor<4xi64>
  %div = hlo.divide %x, %y : tensor<4xi64>
  %rem = hlo.remainder %x, %y : tensor<4xi64>
  %lt = hlo.compare LT, %x, %y : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  %c62 = hlo.constant dense<62> : tensor<4xi64>
  %sra = hlo.shift_right_arithmetic %x, %c62 : tensor<4xi64>
  %max = hlo.reduce max %x, dims = [0] : (tensor<4xi64>) -> tensor<i64>
  return %add, %mul, %div, %rem, %lt, %sra, %max : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi1>, tensor<4xi64>, tensor<i64>
}

func.func @convert(%x: tensor<3xi64>) -> (tensor<3xi64>, tensor<3xi32>, tensor<3xi64>) {
  %f = hlo.convert %x : (tensor<3xi64>) -> tensor<3xf32>
  %back = hlo.convert %f : (tensor<3xf32>) -> tensor<3xi64>
  %narrow = hlo.convert %x : (tensor<3xi64>) -> tensor<3xi32>
  %wide = hlo.convert %narrow : (tensor<3xi32>) -> tensor<3xi64>
  return %back, %narrow, %wide : tensor<3xi64>, tensor<3xi32>, tensor<3xi64>
}

func.func @unsigned(%x: tensor<3xui64>, %y: tensor<3xui64>) -> (tensor<3xui64>, tensor<3xui64>, tensor<3xui64>, tensor<3xi1>, tensor<3xui64>, tensor<ui64>, tensor<ui64>) {
  %add = hlo.add %x, %y : tensor<3xui64>
  %div = hlo.divide %x, %y : tensor<3xui64>
  %rem = hlo.remainder %x, %y : tensor<3xui64>
  %lt = hlo.compare LT, %x, %y : (tensor<3xui64>, tensor<3xui64>) -> tensor<3xi1>
  %max = hlo.maximum %x, %y : tensor<3xui64>
  %sum = hlo.reduce sum %x, dims = [0] : (tensor<3xui64>) -> tensor<ui64>
  %top = hlo.reduce max %x, dims = [0] : (tensor<3xui64>) -> tensor<ui64>
  return %add, %div, %rem, %lt, %max, %sum, %top : tensor<3xui64>, tensor<3xui64>, tensor<3xui64>, tensor<3xi1>, tensor<3xui64>, tensor<ui64>, tensor<ui64>
}

// Tiled blocks (8x300 crosses a 128-lane tile) through fusion, a
// transpose, a dot (on the vector unit: the MXU has no integer path) and
// reductions, against the evaluator.
func.func @wide_ops(%x: tensor<8x300xi64>, %y: tensor<8x300xi64>, %m: tensor<300x5xi64>) -> (tensor<8x300xi64>, tensor<8x300xi1>, tensor<300x8xi64>, tensor<8x5xi64>, tensor<8x300xf32>, tensor<8xi64>, tensor<8xi64>) {
  %s = hlo.subtract %x, %y : tensor<8x300xi64>
  %p = hlo.multiply %s, %x : tensor<8x300xi64>
  %c = hlo.compare GE, %x, %y : (tensor<8x300xi64>, tensor<8x300xi64>) -> tensor<8x300xi1>
  %t = hlo.transpose %p, dims = [1, 0] : (tensor<8x300xi64>) -> tensor<300x8xi64>
  %d = hlo.dot_general %x, %m, contracting_dims = [1] x [0] : (tensor<8x300xi64>, tensor<300x5xi64>) -> tensor<8x5xi64>
  %f = hlo.convert %p : (tensor<8x300xi64>) -> tensor<8x300xf32>
  %sum = hlo.reduce sum %p, dims = [1] : (tensor<8x300xi64>) -> tensor<8xi64>
  %min = hlo.reduce min %p, dims = [1] : (tensor<8x300xi64>) -> tensor<8xi64>
  return %p, %c, %t, %d, %f, %sum, %min : tensor<8x300xi64>, tensor<8x300xi1>, tensor<300x8xi64>, tensor<8x5xi64>, tensor<8x300xf32>, tensor<8xi64>, tensor<8xi64>
}

func.func @mul64(%x: tensor<512x512xi64>, %y: tensor<512x512xi64>) -> tensor<512x512xi64> {
  %p = hlo.multiply %x, %y : tensor<512x512xi64>
  return %p : tensor<512x512xi64>
}

func.func @mul32(%x: tensor<512x512xf32>, %y: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %p = hlo.multiply %x, %y : tensor<512x512xf32>
  return %p : tensor<512x512xf32>
}
