// stablehlo.gather with run-time indices on the simulated TPU: one DMA per
// index vector at a run-time offset (a dynamic slice), concatenated along
// the batch dimensions. Each start is clamped so that its slice fits, in
// the index's own type: an i64 index of 2^32 + 2 clamps to the last row
// instead of wrapping to 2, a negative one to 0. Hand-computed values, then
// generated inputs against the evaluator.
// RUN: tpu-run %s --function=embedding --input="6x4xf32=[0 1 2 3][10 11 12 13][20 21 22 23][30 31 32 33][40 41 42 43][50 51 52 53]" --input="3x1xi64=4294967298,-3,2" | FileCheck %s --check-prefix=EMB
// EMB: result[0]: 3x4xf32=[50 51 52 53][0 1 2 3][20 21 22 23]
// RUN: tpu-run %s --function=two_dims --input="4x5xf32=[0 1 2 3 4][10 11 12 13 14][20 21 22 23 24][30 31 32 33 34]" --input="2x3x2xi32=0,0,1,3,3,4,2,1,-1,2,3,0" | FileCheck %s --check-prefix=TWO
// TWO: result[0]: 2x3x2xf32={{\[\[0 1\]\[13 14\]\[33 34\]\]\[\[21 22\]\[2 3\]\[30 31\]\]}}
// scatter at run-time indices, its counterpart: windows applied in index
// order (a repeated index adds twice), one that does not fit skipped.
// RUN: tpu-run %s --function=scatter_add --input="5x2xf32=[1 1][2 2][3 3][4 4][5 5]" --input="3x1xi64=1,4,9" --input="3x2xf32=[10 20][30 40][50 60]" | FileCheck %s --check-prefix=SCATTER
// SCATTER: result[0]: 5x2xf32=[1 1][12 22][3 3][4 4][35 45]
// RUN: tpu-run %s --function=scatter_add --input="5x2xf32=[1 1][2 2][3 3][4 4][5 5]" --input="3x1xi64=1,4,1" --input="3x2xf32=[10 20][30 40][50 60]" | FileCheck %s --check-prefix=TWICE
// TWICE: result[0]: 5x2xf32=[1 1][62 82][3 3][4 4][35 45]
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @embedding: result 0: 3x4xf32 exact
// REF: @two_dims: result 0: 2x3x2xf32 exact
// REF: @columns: result 0: 10x10x5xf32 exact
// REF: @scatter_add: result 0: 5x2xf32 exact
// REF-NOT: FAIL

// jnp.take(table, ids, axis=0): rows of a table.
func.func @embedding(%table: tensor<6x4xf32>, %ids: tensor<3x1xi64>) -> tensor<3x4xf32> {
  %0 = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xf32>, tensor<3x1xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// Two index components (row, column) per position, positions 2x3.
func.func @two_dims(%x: tensor<4x5xf32>, %i: tensor<2x3x2xi32>) -> tensor<2x3x2xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>}> : (tensor<4x5xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2xf32>
  return %0 : tensor<2x3x2xf32>
}

// x[:, :, idx] (the suite's form): the batch dimension last.
func.func @columns(%x: tensor<10x10x10xf32>, %i: tensor<5x1xi64>) -> tensor<10x10x5xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [2], start_index_map = [2], index_vector_dim = 1>, slice_sizes = array<i64: 10, 10, 1>}> : (tensor<10x10x10xf32>, tensor<5x1xi64>) -> tensor<10x10x5xf32>
  return %0 : tensor<10x10x5xf32>
}

// x.at[idx].add(u) with idx computed at run time.
func.func @scatter_add(%x: tensor<5x2xf32>, %i: tensor<3x1xi64>, %u: tensor<3x2xf32>) -> tensor<5x2xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x2xf32>, tensor<3x1xi64>, tensor<3x2xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}
