// The chlo input dialect reads the math ops JAX exports as chlo and prints
// them back the same way.
// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @math
// CHECK: chlo.lgamma %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
// CHECK: chlo.erf_inv %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
// CHECK: chlo.next_after %arg0, %arg0 : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
func.func @math(%x: tensor<20x20xf32>) -> tensor<20x20xf32> {
  %0 = chlo.lgamma %x : tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.erf_inv %x : tensor<20x20xf32> -> tensor<20x20xf32>
  %2 = chlo.next_after %x, %x : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  return %0 : tensor<20x20xf32>
}

// -----

// CHECK-LABEL: func.func @special_functions
// CHECK: chlo.polygamma %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.zeta %arg1, %arg0 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.broadcast_polygamma %arg2, %arg0 : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: chlo.broadcast_zeta %arg0, %arg2 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: chlo.broadcast_next_after %arg0, %arg2 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
func.func @special_functions(%n: tensor<4xf32>, %x: tensor<4xf32>, %s: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.polygamma %n, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.zeta %x, %n : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.broadcast_polygamma %s, %n : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = chlo.broadcast_zeta %n, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %4 = chlo.broadcast_next_after %n, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @top_k
// CHECK: %{{.*}}, %{{.*}} = chlo.top_k(%{{.*}}, k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
func.func @top_k(%x: tensor<5x3xbf16>) -> (tensor<5x2xbf16>, tensor<5x2xi32>) {
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
  return %values, %indices : tensor<5x2xbf16>, tensor<5x2xi32>
}

// -----

// CHECK-LABEL: func.func @inverse_and_classify
// CHECK: chlo.asin %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.acos %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.is_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
// CHECK: chlo.is_pos_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
// CHECK: chlo.is_neg_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
func.func @inverse_and_classify(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.acos %x : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  %3 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<4xi1>
  %4 = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @broadcasting
// CHECK: chlo.broadcast_add %arg0, %arg1 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: chlo.broadcast_multiply %arg2, %arg0 {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: "chlo.constant_like"(%arg0) <{value = 2.500000e+00 : f32}> : (tensor<3x4xf32>) -> tensor<3x4xf32>
func.func @broadcasting(%a: tensor<3x4xf32>, %b: tensor<4xf32>, %c: tensor<3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = chlo.broadcast_add %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = chlo.broadcast_multiply %c, %a {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = "chlo.constant_like"(%a) {value = 2.5 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @scan
// CHECK: %{{.*}}:4 = chlo.scan(%arg0, %arg1) inits(%arg2, %arg3) dimension = 1 attributes {is_reverse = true} {
// CHECK: stablehlo.return
// CHECK: } : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<2xf32>, tensor<2xi32>) -> (tensor<2x5xf32>, tensor<2x5xi32>, tensor<2xf32>, tensor<2xi32>)
func.func @scan(%x: tensor<2x5xf32>, %n: tensor<2x5xi32>, %x0: tensor<2xf32>, %n0: tensor<2xi32>) -> tensor<2x5xf32> {
  %0:4 = chlo.scan(%x, %n) inits(%x0, %n0) dimension=1 attributes {is_reverse = true} {
  ^bb0(%xi: tensor<2xf32>, %ni: tensor<2xi32>, %acc: tensor<2xf32>, %cnt: tensor<2xi32>):
    %s = stablehlo.add %xi, %acc : tensor<2xf32>
    %c = stablehlo.add %ni, %cnt : tensor<2xi32>
    stablehlo.return %s, %c, %s, %c : tensor<2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xi32>
  } : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<2xf32>, tensor<2xi32>) -> (tensor<2x5xf32>, tensor<2x5xi32>, tensor<2xf32>, tensor<2xi32>)
  return %0#0 : tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func.func @ragged_dot
// CHECK: "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
func.func @ragged_dot(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_compare_select
// CHECK: chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK: chlo.broadcast_compare %arg2, %arg3 {broadcast_dimensions = array<i64: 0>, compare_type = #chlo<comparison_type UNSIGNED>, comparison_direction = #chlo<comparison_direction GE>} : (tensor<2xui32>, tensor<2x3xui32>) -> tensor<2x3xi1>
// CHECK: chlo.broadcast_select %{{.*}}, %arg0, %arg1 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @broadcast_compare_select(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %u: tensor<2xui32>, %v: tensor<2x3xui32>) -> tensor<2x3xf32> {
  %c = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %d = chlo.broadcast_compare %u, %v {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type UNSIGNED>} : (tensor<2xui32>, tensor<2x3xui32>) -> tensor<2x3xi1>
  %s = chlo.broadcast_select %c, %x, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
