// chlo.ragged_dot (jax.lax.ragged_dot, the grouped matmul of mixture-of-
// experts layers) on the simulated TPU, in its three modes, with the group
// sizes a run-time argument: one dot_general of a masked lhs each
// (docs/stablehlo.md). Hand-computed values, then generated inputs against
// the evaluator.
// Mode 1: rows 0 | 1, 2 | 3 (past the groups, zero) take rhs groups 0, 1.
// RUN: tpu-run %s --function=rows --input="4x2xf32=[1 0][0 1][1 1][2 2]" --input="2x2x2xf32=[[1 2][3 4]][[10 0][0 10]]" --input="2xi64=1,2" | FileCheck %s --check-prefix=ROWS
// ROWS: result[0]: 4x2xf32=[1 2][0 10][10 10][0 0]
// Mode 2: contraction over k in {0, 1}, then over k = 2, one result each.
// RUN: tpu-run %s --function=contracting --input="2x3xf32=[1 2 3][4 5 6]" --input="3x2xf32=[1 0][0 1][1 1]" --input="2xi32=2,1" | FileCheck %s --check-prefix=CONTRACT
// CONTRACT: result[0]: 2x2x2xf32={{\[\[}}1 2][4 5]]{{\[\[}}3 3][6 6]]
// Mode 3: batches past the groups' total (2) are zero.
// RUN: tpu-run %s --function=batches --input="3x1x2xf32=[[1 2]][[3 4]][[5 6]]" --input="3x2x1xf32=[[1][1]][[1][0]][[1][1]]" --input="2xi64=1,1" | FileCheck %s --check-prefix=BATCH
// BATCH: result[0]: 3x1x1xf32={{\[\[}}3]]{{\[\[}}3]]{{\[\[}}0]]
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @rows: result 0: 4x2xf32
// REF: @contracting: result 0: 2x2x2xf32
// REF: @batches: result 0: 3x1x1xf32

func.func @rows(%lhs: tensor<4x2xf32>, %rhs: tensor<2x2x2xf32>, %gs: tensor<2xi64>) -> tensor<4x2xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>,
    precision_config = [#chlo<precision HIGHEST>, #chlo<precision HIGHEST>]
  } : (tensor<4x2xf32>, tensor<2x2x2xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

func.func @contracting(%lhs: tensor<2x3xf32>, %rhs: tensor<3x2xf32>, %gs: tensor<2xi32>) -> tensor<2x2x2xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>
  } : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}

func.func @batches(%lhs: tensor<3x1x2xf32>, %rhs: tensor<3x2x1xf32>, %gs: tensor<2xi64>) -> tensor<3x1x1xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>
  } : (tensor<3x1x2xf32>, tensor<3x2x1xf32>, tensor<2xi64>) -> tensor<3x1x1xf32>
  return %0 : tensor<3x1x1xf32>
}
