// Sorting as JAX exports it (jnp.sort, argsort through a multi-operand sort,
// lax.top_k) runs on the simulated TPU as a bitonic network: checked against
// hand-computed values, then every function on generated inputs against the
// reference evaluator's merge sort.
//
// jnp.sort's comparator: NaN after +inf, -0 equal to +0 (canonicalized),
// TOTALORDER otherwise; stable, so equal keys keep their order in argsort.
// RUN: tpu-run %s --function=argsort --input="6xf32=3,nan,-0,1,0,-inf" | FileCheck %s --check-prefix=ARGSORT
// ARGSORT: result[0]: 6xf32=-inf -0 0 1 3 nan
// ARGSORT: result[1]: 6xi32=5 2 4 3 0 1
// The evaluator's merge sort gives the same hand-computed order:
// RUN: tpu-run %s --reference --function=argsort --input="6xf32=3,nan,-0,1,0,-inf" | FileCheck %s --check-prefix=ARGSORT
// RUN: tpu-run %s --reference --function=top3 --input="2x5xf32=[1 4 4 nan 2][-1 -0 0 -1 -5]" | FileCheck %s --check-prefix=TOPK
// Descending integers along dimension 0 of a matrix; 5 rows pad to 8.
// RUN: tpu-run %s --function=descending_rows --input="5x2xi32=[1 9][7 -3][7 4][-2 0][5 5]" | FileCheck %s --check-prefix=DESC
// DESC: result[0]: 5x2xi32=[7 9][7 5][5 4][1 0][-2 -3]
// top_k: the larger first in total order (NaN largest), ties by index.
// RUN: tpu-run %s --function=top3 --input="2x5xf32=[1 4 4 nan 2][-1 -0 0 -1 -5]" | FileCheck %s --check-prefix=TOPK
// TOPK: result[0]: 2x3xf32=[nan 4 4][0 -0 -1]
// TOPK: result[1]: 2x3xi32=[3 1 2][2 1 0]
// Every function against the evaluator on generated inputs.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @argsort: result 0: {{.*}}exact
// REF: @argsort: result 1: {{.*}}exact
// REF: @descending_rows: result 0: {{.*}}exact
// REF: @top3: result 0: {{.*}}exact
// REF: @top3: result 1: {{.*}}exact
// REF: @long_pairs: result 0: {{.*}}exact
// REF: @long_pairs: result 1: {{.*}}exact
// The network: a 6-element sort pads to 8, 3 rounds of 6 steps.
// RUN: tpu-opt %s --convert-stablehlo-to-hlo --hlo-decompose | FileCheck %s --check-prefix=NET
// NET-LABEL: func.func @argsort
// NET-NOT: hlo.sort
// NET: hlo.iota dim = 0 : tensor<8xi32>
// NET: return

func.func @argsort(%x: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xi32>) {
  %i = stablehlo.iota dim = 0 : tensor<6xi32>
  %0:2 = "stablehlo.sort"(%x, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare  EQ, %a, %zero,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %zero, %a : tensor<i1>, tensor<f32>
    %3 = stablehlo.compare  NE, %a, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.select %3, %nan, %2 : tensor<i1>, tensor<f32>
    %5 = stablehlo.compare  EQ, %b, %zero,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.select %5, %zero, %b : tensor<i1>, tensor<f32>
    %7 = stablehlo.compare  NE, %b, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.select %7, %nan, %6 : tensor<i1>, tensor<f32>
    %9 = stablehlo.compare  LT, %4, %8,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %9 : tensor<i1>
  }) : (tensor<6xf32>, tensor<6xi32>) -> (tensor<6xf32>, tensor<6xi32>)
  return %0#0, %0#1 : tensor<6xf32>, tensor<6xi32>
}

func.func @descending_rows(%x: tensor<5x2xi32>) -> tensor<5x2xi32> {
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.compare  GT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<5x2xi32>) -> tensor<5x2xi32>
  return %0 : tensor<5x2xi32>
}

func.func @top3(%x: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %values, %indices = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %values, %indices : tensor<2x3xf32>, tensor<2x3xi32>
}

// 300 keys (bf16, many ties) with f32 payloads along the last dimension of
// 3 rows: 512 positions, 45 steps.
func.func @long_pairs(%k: tensor<3x300xbf16>, %v: tensor<3x300xf32>) -> (tensor<3x300xbf16>, tensor<3x300xf32>) {
  %0:2 = "stablehlo.sort"(%k, %v) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>, %c: tensor<f32>, %d: tensor<f32>):
    %1 = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<3x300xbf16>, tensor<3x300xf32>) -> (tensor<3x300xbf16>, tensor<3x300xf32>)
  return %0#0, %0#1 : tensor<3x300xbf16>, tensor<3x300xf32>
}
