// stablehlo.triangular_solve on the simulated TPU, against hand-computed
// solutions: the unread triangle holds 100s (and unit_diagonal's ignored
// diagonal 7s), which must not change a bit. Then generated inputs against
// the evaluator, with a unit diagonal so that no system is singular.
// RUN: tpu-run %s --function=left_lower --input="3x3xf32=[2 100 100][1 1 100][3 -1 4]" --input="3x2xf32=[2 4][3 2][9 8]" | FileCheck %s --check-prefix=LL
// LL: result[0]: 3x2xf32=[1 2][2 0][2 0.5]
// RUN: tpu-run %s --function=right_upper --input="3x3xf32=[2 1 3][100 1 -1][100 100 4]" --input="2x3xf32=[2 3 9][4 2 8]" | FileCheck %s --check-prefix=RU
// RU: result[0]: 2x3xf32=[1 2 2][2 0 0.5]
// RUN: tpu-run %s --function=left_transposed --input="3x3xf32=[2 100 100][1 1 100][3 -1 4]" --input="3x1xf32=10,0,8" | FileCheck %s --check-prefix=LT
// LT: result[0]: 3x1xf32=[1][2][2]
// RUN: tpu-run %s --function=unit --input="3x3xf32=[7 100 100][1 7 100][3 -1 7]" --input="3x1xf32=1,3,3" | FileCheck %s --check-prefix=UNIT
// UNIT: result[0]: 3x1xf32=[1][2][2]
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @left_lower: result 0: 3x2xf32 {{exact|close}}
// REF: @batched: result 0: 2x5x4xf32 {{exact|close}}
// REF-NOT: FAIL

func.func @left_lower(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

func.func @right_upper(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @left_transposed(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

func.func @unit(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true}> : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// Unit diagonal, so that the generated matrices are never singular.
func.func @batched(%a: tensor<2x4x4xf32>, %b: tensor<2x5x4xf32>) -> tensor<2x5x4xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<2x4x4xf32>, tensor<2x5x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}
