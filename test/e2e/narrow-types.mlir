// Element types narrower than a byte, and the f8, f6 and f4 float formats,
// on the simulated TPU. i4, ui4 and i2 wrap modulo 2^n and are packed in HBM
// as XLA:TPU packs them (E(4): two to a byte, the memory report counts
// 2.0K for s4[16,256]); each f8 result is the exact result rounded once to
// nearest even in its format (1.3 is 1.25 and 1.25 x 3.5 = 4.375 is 4.5 in
// f8E4M3FN; 448 x 2 overflows to NaN, as f8E4M3FN has no infinity; 57344
// converted from f8E5M2 is NaN too), an f8 matmul runs on the MXU in bf16
// with f32 accumulation and rounds once at the end (451.1 x 0.3125 =
// 140.97 becomes 144), and f4E2M1FN saturates at 6 and keeps 0, 0.5, 1,
// 1.5, 2, 3, 4 and 6.
// Hand-computed values first, then generated inputs against the evaluator.
// RUN: tpu-run %s --function=int4 --input="2x4xi4=[7 -8 3 -1][0 1 2 3]" --input="2x4xi4=[1 -1 6 -1][5 5 5 5]" --input="2x4xui4=[15 8 0 9][1 2 3 4]" | FileCheck %s --check-prefix=I4
// I4: result[0]: 2x4xi4=[-8 7 -7 -2][5 6 7 -8]
// I4: result[1]: 2x4xi4=[7 -8 2 1][0 5 -6 -1]
// I4: result[2]: 2x4xi32=[-1 -1 -5 -1][5 3 -3 7]
// I4: result[3]: 2x4xui4=[14 0 0 2][2 4 6 8]
// I4: result[4]: 2x4xi2=[-1 0 -1 -1][0 1 -2 -1]
// RUN: tpu-run %s --function=float8 --input="2x3xf8E4M3FN=1.3,1,-2,448,0.1,3" --input="2x3xf8E5M2=3.3,-0.5,1e-7,2,57344,1.5" --input="3x2xf8E4M3FN=0.3,1,0.3,1,0.3,1" | FileCheck %s --check-prefix=F8
// F8: result[0]: 2x3xf8E4M3FN=[4.5 -0.5 -0][nan nan 4.5]
// F8: result[1]: 2x3xf32=[4.5 -0.5 -0][nan nan 4.5]
// F8: result[2]: 2x2xf8E4M3FN=[0.078125 0.25][144 448]
// F8: result[3]: 2x3xf4E2M1FN=[1 1 -2][6 0 3]
// RUN: tpu-compile %s -o %t.tpu --memory-report --memory-report-top=8 2>&1 | FileCheck %s --check-prefix=MEM
// MEM-LABEL: @main on v3
// MEM: Size: 2.0K
// MEM-NEXT: Shape: s4[16,256]{1,0:T(8,128)(8,1)E(4)}
// MEM-NEXT: Unpadded size: 2.0K
// MEM: Size: 1.0K
// MEM-NEXT: Shape: s2[16,256]{1,0:T(8,128)(16,1)E(2)}
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @int4: result 0: 2x4xi4 exact
// REF: @int4: result 4: 2x4xi2 exact
// REF: @float8: result 0: 2x3xf8E4M3FN exact
// REF: @float8: result 2: 2x2xf8E4M3FN exact
// REF: @float8: result 3: 2x3xf4E2M1FN exact
// REF: @main: result 0: 16x256xi4 exact
// REF: @main: result 1: 16x256xi2 exact
// REF: @main: result 2: 16x256xf8E5M2 exact

func.func @int4(%x: tensor<2x4xi4>, %y: tensor<2x4xi4>, %u: tensor<2x4xui4>) -> (tensor<2x4xi4>, tensor<2x4xi4>, tensor<2x4xi32>, tensor<2x4xui4>, tensor<2x4xi2>) {
  %0 = stablehlo.add %x, %y : tensor<2x4xi4>
  %1 = stablehlo.multiply %x, %y : tensor<2x4xi4>
  %2 = stablehlo.xor %0, %1 : tensor<2x4xi4>
  %3 = stablehlo.convert %2 : (tensor<2x4xi4>) -> tensor<2x4xi32>
  %4 = stablehlo.add %u, %u : tensor<2x4xui4>
  %5 = stablehlo.convert %x : (tensor<2x4xi4>) -> tensor<2x4xi2>
  return %0, %1, %3, %4, %5 : tensor<2x4xi4>, tensor<2x4xi4>, tensor<2x4xi32>, tensor<2x4xui4>, tensor<2x4xi2>
}

func.func @float8(%a: tensor<2x3xf8E4M3FN>, %b: tensor<2x3xf8E5M2>, %w: tensor<3x2xf8E4M3FN>) -> (tensor<2x3xf8E4M3FN>, tensor<2x3xf32>, tensor<2x2xf8E4M3FN>, tensor<2x3xf4E2M1FN>) {
  %bb = stablehlo.convert %b : (tensor<2x3xf8E5M2>) -> tensor<2x3xf8E4M3FN>
  %0 = stablehlo.multiply %a, %bb : tensor<2x3xf8E4M3FN>
  %1 = stablehlo.convert %0 : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf32>
  %2 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<2x3xf8E4M3FN>, tensor<3x2xf8E4M3FN>) -> tensor<2x2xf8E4M3FN>
  %3 = stablehlo.convert %a : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf4E2M1FN>
  return %0, %1, %2, %3 : tensor<2x3xf8E4M3FN>, tensor<2x3xf32>, tensor<2x2xf8E4M3FN>, tensor<2x3xf4E2M1FN>
}

// Tile-sized operands: packed DMAs of whole (8,128) tiles.
func.func @main(%x: tensor<16x256xi4>, %y: tensor<16x256xi4>, %f: tensor<16x256xf8E5M2>) -> (tensor<16x256xi4>, tensor<16x256xi2>, tensor<16x256xf8E5M2>) {
  %0 = stablehlo.multiply %x, %y : tensor<16x256xi4>
  %1 = stablehlo.convert %0 : (tensor<16x256xi4>) -> tensor<16x256xi2>
  %2 = stablehlo.convert %x : (tensor<16x256xi4>) -> tensor<16x256xf8E5M2>
  %3 = stablehlo.multiply %2, %f : tensor<16x256xf8E5M2>
  return %0, %1, %3 : tensor<16x256xi4>, tensor<16x256xi2>, tensor<16x256xf8E5M2>
}
