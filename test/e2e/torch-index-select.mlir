// stablehlo.torch_index_select (BERT exports' embedding lookups) imported
// as a gather and run on the TPU; inputs are run-time arguments and the
// expected values are written by hand.

// RUN: tpu-run %s --function=rows --input=5x3xf32=0,1,2,10,11,12,20,21,22,30,31,32,40,41,42 --input=2x2xi32=4,0,2,2 | FileCheck %s --check-prefix=ROWS
// ROWS: result[0]: 2x2x3xf32={{\[\[40 41 42\]\[0 1 2\]\]\[\[20 21 22\]\[20 21 22\]\]}}
func.func @rows(%table: tensor<5x3xf32>, %ids: tensor<2x2xi32>) -> tensor<2x2x3xf32> {
  %0 = "stablehlo.torch_index_select"(%table, %ids) {batch_dims = 0 : i64, dim = 0 : i64} : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// The middle dimension (a negative dim counts from the end), a scalar
// index dropping it.
// RUN: tpu-run %s --function=middle --input=2x3x2xi32=0,1,2,3,4,5,6,7,8,9,10,11 --input=i32=2 | FileCheck %s --check-prefix=MIDDLE
// MIDDLE: result[0]: 2x2xi32=[4 5][10 11]
func.func @middle(%x: tensor<2x3x2xi32>, %i: tensor<i32>) -> tensor<2x2xi32> {
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = -2 : i64} : (tensor<2x3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// One batch dimension shared by the operand and the index: row b of the
// result picks from row b of the operand.
// RUN: tpu-run %s --function=batched --input=2x2xi32=6,7,8,9 --input=2x3xi32=0,1,1,1,0,0 | FileCheck %s --check-prefix=BATCHED
// BATCHED: result[0]: 2x3xi32=[6 7 7][9 8 8]
func.func @batched(%x: tensor<2x2xi32>, %i: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<2x2xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// The same against the reference evaluator, with generated inputs.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=E2E
// E2E: @rows: result 0: 2x2x3xf32 exact
// E2E: @middle: result 0: 2x2xi32 exact
// E2E: @batched: result 0: 2x3xi32 exact
