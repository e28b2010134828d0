// Gathers and scatters over many index vectors and with batching
// dimensions. The large ones run as loops over chunks of 256 index vectors
// (passes/import/StablehloIndexLoops.cpp); their results are compared with
// Python's evaluation of the same formulas, and with the evaluator.
//
// A gather of 600 rows of t[j] = j + a at (7 r + off) mod 50: 600 = two
// chunks in the loop and 88 rows after it.
// RUN: tpu-run %s --function=big_gather --input="f32=0.5" --input="i32=3" | grep "result\[0\]" > %t.gather
// RUN: %python -c "print('result[0]: 600xf32=' + ' '.join('%g' % ((7 * r + 3) % 50 + 0.5) for r in range(600)))" > %t.gather.want
// RUN: diff %t.gather.want %t.gather
//
// The gradient of that lookup: a scatter-add of 300 updates u[r] = r into
// 50 rows of z at the same indices, serially (repeated indices add up).
// RUN: tpu-run %s --function=big_scatter --input="f32=-1" --input="i32=3" | grep "result\[0\]" > %t.scatter
// RUN: %python -c "s = [-1.0] * 50; [s.__setitem__((7 * r + 3) % 50, s[(7 * r + 3) % 50] + r) for r in range(300)]; print('result[0]: 50xf32=' + ' '.join('%g' % v for v in s))" > %t.scatter.want
// RUN: diff %t.scatter.want %t.scatter
//
// A scatter at 300 compile-time indices (3 r mod 50) that replaces: the
// last write wins, in index order.
// RUN: tpu-run %s --function=constant_scatter --input="f32=-1" | grep "result\[0\]" > %t.constant
// RUN: %python -c "s = [-1.0] * 50; [s.__setitem__((3 * r) % 50, float(r)) for r in range(300)]; print('result[0]: 50xf32=' + ' '.join('%g' % v for v in s))" > %t.constant.want
// RUN: diff %t.constant.want %t.constant
//
// Batching dimensions: batch b reads (writes) row i[b] of its own slice.
// RUN: tpu-run %s --function=batching --input="2x5x3xf32=[[0 1 2][3 4 5][6 7 8][9 10 11][12 13 14]][[15 16 17][18 19 20][21 22 23][24 25 26][27 28 29]]" --input="2x1xi32=[4][1]" --input="2x3xf32=[-1 -2 -3][-4 -5 -6]" | FileCheck %s --check-prefix=BATCH
// BATCH: result[0]: 2x3xf32=[12 13 14][18 19 20]
// BATCH: result[1]: 2x5x3xf32=
// BATCH-SAME: {{\[\[}}0 1 2][3 4 5][6 7 8][9 10 11][-1 -2 -3]]{{\[\[}}15 16 17][-4 -5 -6][21 22 23][24 25 26][27 28 29]]
//
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL
// REF: @big_gather: result 0: {{.*}}exact
// REF: @big_scatter: result 0: {{.*}}exact
// REF: @constant_scatter: result 0: {{.*}}exact
// REF: @batching: result 0: {{.*}}exact
// REF: @batching: result 1: {{.*}}exact

func.func @big_gather(%a: tensor<f32>, %off: tensor<i32>) -> tensor<600xf32> {
  %t0 = stablehlo.iota dim = 0 : tensor<50xf32>
  %ab = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<50xf32>
  %t = stablehlo.add %t0, %ab : tensor<50xf32>
  %r = stablehlo.iota dim = 0 : tensor<600x1xi32>
  %seven = stablehlo.constant dense<7> : tensor<600x1xi32>
  %fifty = stablehlo.constant dense<50> : tensor<600x1xi32>
  %ob = stablehlo.broadcast_in_dim %off, dims = [] : (tensor<i32>) -> tensor<600x1xi32>
  %m = stablehlo.multiply %r, %seven : tensor<600x1xi32>
  %s = stablehlo.add %m, %ob : tensor<600x1xi32>
  %i = stablehlo.remainder %s, %fifty : tensor<600x1xi32>
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<50xf32>, tensor<600x1xi32>) -> tensor<600xf32>
  return %0 : tensor<600xf32>
}

func.func @big_scatter(%z: tensor<f32>, %off: tensor<i32>) -> tensor<50xf32> {
  %base = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<50xf32>
  %r = stablehlo.iota dim = 0 : tensor<300x1xi32>
  %seven = stablehlo.constant dense<7> : tensor<300x1xi32>
  %fifty = stablehlo.constant dense<50> : tensor<300x1xi32>
  %ob = stablehlo.broadcast_in_dim %off, dims = [] : (tensor<i32>) -> tensor<300x1xi32>
  %m = stablehlo.multiply %r, %seven : tensor<300x1xi32>
  %s = stablehlo.add %m, %ob : tensor<300x1xi32>
  %i = stablehlo.remainder %s, %fifty : tensor<300x1xi32>
  %u = stablehlo.iota dim = 0 : tensor<300xf32>
  %0 = "stablehlo.scatter"(%base, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) : (tensor<50xf32>, tensor<300x1xi32>, tensor<300xf32>) -> tensor<50xf32>
  return %0 : tensor<50xf32>
}

func.func @constant_scatter(%z: tensor<f32>) -> tensor<50xf32> {
  %base = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<50xf32>
  %i = stablehlo.constant dense<[[0], [3], [6], [9], [12], [15], [18], [21], [24], [27], [30], [33], [36], [39], [42], [45], [48], [1], [4], [7], [10], [13], [16], [19], [22], [25], [28], [31], [34], [37], [40], [43], [46], [49], [2], [5], [8], [11], [14], [17], [20], [23], [26], [29], [32], [35], [38], [41], [44], [47], [0], [3], [6], [9], [12], [15], [18], [21], [24], [27], [30], [33], [36], [39], [42], [45], [48], [1], [4], [7], [10], [13], [16], [19], [22], [25], [28], [31], [34], [37], [40], [43], [46], [49], [2], [5], [8], [11], [14], [17], [20], [23], [26], [29], [32], [35], [38], [41], [44], [47], [0], [3], [6], [9], [12], [15], [18], [21], [24], [27], [30], [33], [36], [39], [42], [45], [48], [1], [4], [7], [10], [13], [16], [19], [22], [25], [28], [31], [34], [37], [40], [43], [46], [49], [2], [5], [8], [11], [14], [17], [20], [23], [26], [29], [32], [35], [38], [41], [44], [47], [0], [3], [6], [9], [12], [15], [18], [21], [24], [27], [30], [33], [36], [39], [42], [45], [48], [1], [4], [7], [10], [13], [16], [19], [22], [25], [28], [31], [34], [37], [40], [43], [46], [49], [2], [5], [8], [11], [14], [17], [20], [23], [26], [29], [32], [35], [38], [41], [44], [47], [0], [3], [6], [9], [12], [15], [18], [21], [24], [27], [30], [33], [36], [39], [42], [45], [48], [1], [4], [7], [10], [13], [16], [19], [22], [25], [28], [31], [34], [37], [40], [43], [46], [49], [2], [5], [8], [11], [14], [17], [20], [23], [26], [29], [32], [35], [38], [41], [44], [47], [0], [3], [6], [9], [12], [15], [18], [21], [24], [27], [30], [33], [36], [39], [42], [45], [48], [1], [4], [7], [10], [13], [16], [19], [22], [25], [28], [31], [34], [37], [40], [43], [46], [49], [2], [5], [8], [11], [14], [17], [20], [23], [26], [29], [32], [35], [38], [41], [44], [47]]> : tensor<300x1xi64>
  %u = stablehlo.iota dim = 0 : tensor<300xf32>
  %0 = "stablehlo.scatter"(%base, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %y : tensor<f32>
  }) : (tensor<50xf32>, tensor<300x1xi64>, tensor<300xf32>) -> tensor<50xf32>
  return %0 : tensor<50xf32>
}

func.func @batching(%x: tensor<2x5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x5x3xf32>) {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<2x5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  %1 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<2x5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<2x5x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x5x3xf32>
}
