// RUN: tpu-opt %s -stablehlo-approx-top-k -split-input-file | FileCheck %s

// JAX's export of approx_max_k: the comparator becomes the sort's region,
// the results the sort's first top_k entries, and the comparator, unused
// now, is erased.
// CHECK-LABEL: func.func public @max_k
// CHECK-NOT: @top_k_gt_f32_comparator
// CHECK: %[[S:.*]]:2 = "stablehlo.sort"(%arg0, %{{.*}}) <{dimension = 0 : i64, is_stable = true}>
// CHECK: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK: %[[GT:.*]] = stablehlo.compare GT, %[[A]], %[[B]]
// CHECK: stablehlo.return %[[GT]]
// CHECK: stablehlo.slice %[[S]]#0 [0:3]
// CHECK: stablehlo.slice %[[S]]#1 [0:3]
// CHECK-NOT: custom_call
func.func @top_k_gt_f32_comparator(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func public @max_k(%x: tensor<7xf32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %1 = stablehlo.iota dim = 0 : tensor<7xi32>
  %2 = stablehlo.constant dense<-1> : tensor<i32>
  %3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %5:2 = stablehlo.custom_call @ApproxTopK(%x, %1, %3, %2) {called_computations = [@top_k_gt_f32_comparator], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.949999988 : f32, reduction_dim = 0 : i64, reduction_input_size_override = -1 : i64, top_k = 3 : i64}} : (tensor<7xf32>, tensor<7xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  return %5#0, %5#1 : tensor<3xf32>, tensor<3xi32>
}

// -----

// Typed-FFI config, one operand, reduction along the last dimension,
// aggregate_to_topk false (results of 4 entries for top_k 2); a comparator
// that something else still calls stays.
// CHECK-LABEL: func.func @min_k
// CHECK: "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}>
// CHECK: stablehlo.compare LT
// CHECK: stablehlo.slice %{{.*}} [0:2, 0:4]
// CHECK: func.func @lt
func.func @min_k(%x: tensor<2x9xbf16>) -> tensor<2x4xbf16> {
  %i = stablehlo.constant dense<0x7F80> : tensor<bf16>
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {api_version = 4 : i32, called_computations = [@lt], backend_config = {top_k = 2 : i64, reduction_dim = 1 : i64, aggregate_to_topk = false}} : (tensor<2x9xbf16>, tensor<bf16>) -> tensor<2x4xbf16>
  %1 = call @lt(%i, %i) : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  return %0 : tensor<2x4xbf16>
}
func.func @lt(%a: tensor<bf16>, %b: tensor<bf16>) -> tensor<i1> {
  %0 = stablehlo.compare  LT, %a, %b : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  return %0 : tensor<i1>
}
