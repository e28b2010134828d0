// jax.lax.approx_max_k and approx_min_k as JAX exports them for the TPU
// (custom_call @ApproxTopK with a comparator function), run on the
// simulated TPU. The compiler answers with the exact top-k (recall 1, which
// meets any recall_target). Inputs are run-time arguments; the expected
// values are JAX's recorded TPU results for its example and hand-computed
// for the others.

// RUN: tpu-run %s --function=main --input=7xf32=3,1,4,2,5,6,7 | FileCheck %s --check-prefix=MAX
// MAX: result[0]: 3xf32=7 6 5
// MAX: result[1]: 3xi32=6 5 4
func.func @top_k_gt_f32_comparator(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func public @main(%x: tensor<7xf32>) -> (tensor<3xf32> {jax.result_info = "[0]"}, tensor<3xi32> {jax.result_info = "[1]"}) {
  %1 = stablehlo.iota dim = 0 : tensor<7xi32>
  %2 = stablehlo.constant dense<-1> : tensor<i32>
  %3 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %4 = stablehlo.convert %3 : (tensor<f64>) -> tensor<f32>
  %5:2 = stablehlo.custom_call @ApproxTopK(%x, %1, %4, %2) {called_computations = [@top_k_gt_f32_comparator], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.949999988 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 3 : i64}} : (tensor<7xf32>, tensor<7xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  return %5#0, %5#1 : tensor<3xf32>, tensor<3xi32>
}

// approx_min_k along the rows of a matrix (reduction_dim 1), ties keeping
// the smaller index first.
// RUN: tpu-run %s --function=min_k --input=2x6xf32=5,-1,3,-1,8,0,2,2,9,-4,7,1 | FileCheck %s --check-prefix=MIN
// MIN: result[0]: 2x2xf32=[-1 -1][-4 1]
// MIN: result[1]: 2x2xi32=[1 3][3 5]
func.func @top_k_lt_f32_comparator(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare  LT, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func public @min_k(%x: tensor<2x6xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %1 = stablehlo.iota dim = 1 : tensor<2x6xi32>
  %2 = stablehlo.constant dense<-1> : tensor<i32>
  %3 = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %5:2 = stablehlo.custom_call @ApproxTopK(%x, %1, %3, %2) {called_computations = [@top_k_lt_f32_comparator], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.949999988 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64, top_k = 2 : i64}} : (tensor<2x6xf32>, tensor<2x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %5#0, %5#1 : tensor<2x2xf32>, tensor<2x2xi32>
}
