// chlo.scan on the simulated TPU: a while loop over positions, each
// position's slices read by DMA, the body's ops run, the outputs written in
// place (docs/stablehlo.md). A cumulative sum, a reverse one along the
// minor dimension of a matrix, and JAX's cummax with its argmax (two inputs,
// two carries). Inputs are run-time arguments; hand-computed values, then
// generated inputs against the evaluator.
// RUN: tpu-run %s --function=cumsum --input="4xf32=1,2,3,4" --input="f32=0.5" | FileCheck %s --check-prefix=SUM
// SUM: result[0]: 4xf32=1.5 3.5 6.5 10.5
// SUM: result[1]: f32=10.5
// RUN: tpu-run %s --function=suffix --input="2x3xi32=[1 2 3][4 5 6]" | FileCheck %s --check-prefix=SUFFIX
// SUFFIX: result[0]: 2x3xi32=[6 5 3][15 11 6]
// SUFFIX: result[1]: 2xi32=6 15
// RUN: tpu-run %s --function=cummax --input="5xf32=3,1,4,1,5" --input="5xi32=0,1,2,3,4" | FileCheck %s --check-prefix=MAX
// MAX: result[0]: 5xf32=3 3 4 4 5
// MAX: result[1]: 5xi32=0 0 2 2 4
// A scan inside a scan's body: a running sum over the rows, in order.
// RUN: tpu-run %s --function=nested --input="3x2xf32=[1 2][3 4][5 6]" --input="f32=0" | FileCheck %s --check-prefix=NESTED
// NESTED: result[0]: 3x2xf32=[1 3][6 10][15 21]
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @cumsum: result 0: 4xf32 exact
// REF: @suffix: result 0: 2x3xi32 exact
// REF: @cummax: result 1: 5xi32 exact
// REF: @nested: result 0: 3x2xf32 exact

func.func @cumsum(%x: tensor<4xf32>, %x0: tensor<f32>) -> (tensor<4xf32>, tensor<f32>) {
  %0:2 = chlo.scan(%x) inits(%x0) dimension=0 {
  ^bb0(%xi: tensor<f32>, %acc: tensor<f32>):
    %s = stablehlo.add %xi, %acc : tensor<f32>
    stablehlo.return %s, %s : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<f32>
}

func.func @suffix(%x: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<2xi32>
  %0:2 = chlo.scan(%x) inits(%zero) dimension=1 attributes {is_reverse = true} {
  ^bb0(%xi: tensor<2xi32>, %acc: tensor<2xi32>):
    %s = stablehlo.add %xi, %acc : tensor<2xi32>
    stablehlo.return %s, %s : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2x3xi32>, tensor<2xi32>
}

func.func @cummax(%x: tensor<5xf32>, %iota: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %low = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:4 = chlo.scan(%x, %iota) inits(%low, %zero) dimension=0 {
  ^bb0(%v: tensor<f32>, %i: tensor<i32>, %best: tensor<f32>, %at: tensor<i32>):
    %m = stablehlo.maximum %best, %v : tensor<f32>
    %gt = stablehlo.compare GT, %best, %v : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %j = stablehlo.select %gt, %at, %i : tensor<i1>, tensor<i32>
    stablehlo.return %m, %j, %m, %j : tensor<f32>, tensor<i32>, tensor<f32>, tensor<i32>
  } : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

func.func @nested(%x: tensor<3x2xf32>, %z: tensor<f32>) -> tensor<3x2xf32> {
  %0:2 = chlo.scan(%x) inits(%z) dimension=0 {
  ^bb0(%row: tensor<2xf32>, %acc: tensor<f32>):
    %1:2 = chlo.scan(%row) inits(%acc) dimension=0 {
    ^bb0(%e: tensor<f32>, %a: tensor<f32>):
      %s = stablehlo.add %e, %a : tensor<f32>
      stablehlo.return %s, %s : tensor<f32>, tensor<f32>
    } : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<f32>)
    stablehlo.return %1#0, %1#1 : tensor<2xf32>, tensor<f32>
  } : (tensor<3x2xf32>, tensor<f32>) -> (tensor<3x2xf32>, tensor<f32>)
  return %0#0 : tensor<3x2xf32>
}
