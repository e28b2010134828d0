// The stablehlo input dialect reads StableHLO's printed text (the forms JAX
// exports) and prints it back the same way; the printed form parses again.
// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @elementwise
// CHECK: stablehlo.add %arg0, %arg1 : tensor<2x3xf32>
// CHECK: stablehlo.compare  GE, %arg0, %arg1,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: stablehlo.compare  EQ, %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: stablehlo.select %{{.*}}, %arg0, %arg1 : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK: stablehlo.select %{{.*}}, %arg0, %arg1 : tensor<i1>, tensor<2x3xf32>
// CHECK: stablehlo.convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK: stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK: stablehlo.clamp %{{.*}}, %arg0, %{{.*}} : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: stablehlo.is_finite %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2x3xf32>
// CHECK: stablehlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xui32>
func.func @elementwise(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  %1 = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %2 = stablehlo.compare EQ, %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %3 = stablehlo.select %1, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>
  %p = stablehlo.constant dense<true> : tensor<i1>
  %4 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<2x3xf32>
  %5 = stablehlo.convert %a : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %lo = stablehlo.constant dense<1.0> : tensor<f32>
  %6 = stablehlo.clamp %lo, %a, %lo : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %7 = stablehlo.is_finite %a : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %8 = stablehlo.reduce_precision %a, format = e5m10 : tensor<2x3xf32>
  %9 = stablehlo.bitcast_convert %a : (tensor<2x3xf32>) -> tensor<2x3xui32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @movement
// CHECK: stablehlo.iota dim = 1 : tensor<2x3xi32>
// CHECK: stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: stablehlo.reverse %{{.*}}, dims = [0] : tensor<2x3xf32>
// CHECK: stablehlo.slice %{{.*}} [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [1, 0], high = [0, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x2xf32>
// CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
func.func @movement(%v: tensor<3xf32>, %s: tensor<f32>) -> tensor<4x3xf32> {
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.reshape %0 : (tensor<2x3xf32>) -> tensor<6xf32>
  %2 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = stablehlo.reverse %0, dims = [0] : tensor<2x3xf32>
  %4 = stablehlo.slice %0 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %5 = stablehlo.pad %0, %s, low = [1, 0], high = [0, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x2xf32>
  %6 = stablehlo.concatenate %0, %3, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %6 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @contractions
// CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK: stablehlo.dot %{{.*}}, %{{.*}} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
// CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [2, 1], pad = {{\[\[}}1, 1], [0, 0]], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
func.func @contractions(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %x: tensor<1x2x8x8xf32>, %w: tensor<4x2x3x3xf32>, %m: tensor<3x4xf32>, %v: tensor<4xf32>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot %m, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %2 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 0]], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Both spellings of reduce: `applies` for one binary op, `reducer` for
// anything else (JAX's argmax).
// CHECK-LABEL: func.func @reductions
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}), (%arg1 init: %{{.*}}) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT: reducer(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>) (%[[C:.*]]: tensor<i32>, %[[D:.*]]: tensor<i32>)
// CHECK: stablehlo.compare  GT, %[[A]], %[[B]]
// CHECK: stablehlo.return %{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>
func.func @reductions(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %lowest = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1:2 = stablehlo.reduce(%x init: %lowest), (%i init: %c0) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %j = stablehlo.select %gt, %c, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  return %0 : tensor<4xf32>
}

// -----

// The generic form parses too, with StableHLO's attribute syntax.
// CHECK-LABEL: func.func @generic
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.compare  LT, %arg0, %arg0,  TOTALORDER
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.maximum across dimensions = [0]
func.func @generic(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "stablehlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type TOTALORDER>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %init = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %2 = "stablehlo.reduce"(%a, %init) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = "stablehlo.maximum"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Exporters' module, argument and result attributes and name-scope
// locations are kept as they are; custom calls print with their target.
// CHECK-LABEL: module @jit_f attributes {mhlo.num_partitions = 1 : i32
// CHECK: func.func public @main(%arg0: tensor<2xf32> {mhlo.layout_mode = "default"}) -> (tensor<2xf32> {jax.result_info = ""})
// CHECK: stablehlo.custom_call @check.expect_close(%arg0, %arg0) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<2xf32> {mhlo.layout_mode = "default"}) -> (tensor<2xf32> {jax.result_info = ""}) {
    stablehlo.custom_call @check.expect_close(%x, %x) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    %0 = stablehlo.abs %x : tensor<2xf32> loc("jit(f)/abs")
    return %0 : tensor<2xf32>
  }
}

// -----

// reduce_window prints in the generic form, as StableHLO's printer does.
// CHECK-LABEL: func.func @cumsum
// CHECK: "stablehlo.reduce_window"(%arg0, %{{.*}}) <{padding = dense<{{\[\[}}7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
// CHECK: stablehlo.add
func.func @cumsum(%x: tensor<8x9xi32>) -> tensor<8x9xi32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %c) <{padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<8x9xi32>, tensor<i32>) -> tensor<8x9xi32>
  return %0 : tensor<8x9xi32>
}

// -----

// scatter prints in the generic form, with #stablehlo.scatter dimension
// numbers that leave out empty lists and an index_vector_dim of 0.
// CHECK-LABEL: func.func @scatter
// CHECK: "stablehlo.scatter"(%arg0, %{{.*}}, %arg1) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
func.func @scatter(%x: tensor<5x3xf32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %i = stablehlo.constant dense<[[4], [1]]> : tensor<2x1xi64>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Control flow parses (the import then says it does not compile it yet).
// CHECK-LABEL: func.func @loop
// CHECK: %[[R:.*]]:2 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[A:.*]] = %arg0) : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: cond {
// CHECK: stablehlo.compare  LT, %[[I]], %{{.*}}
// CHECK: } do {
// CHECK: stablehlo.add %[[A]], %[[A]]
// CHECK: "stablehlo.if"(%{{.*}}) ({
// CHECK: "stablehlo.case"(%{{.*}}) ({
func.func @loop(%x: tensor<4xf32>, %p: tensor<i1>, %k: tensor<i32>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<4xf32>
   cond {
    %c = stablehlo.compare  LT, %i, %ten,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %a1 = stablehlo.add %acc, %acc : tensor<4xf32>
    stablehlo.return %i1, %a1 : tensor<i32>, tensor<4xf32>
  }
  %1 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    stablehlo.return %0#1 : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  %2 = "stablehlo.case"(%k) ({
    stablehlo.return %x : tensor<4xf32>
  }, {
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// gather prints in the generic form, with #stablehlo.gather dimension
// numbers (empty lists and index_vector_dim = 0 left out).
// CHECK-LABEL: func.func @gather
// CHECK: "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3, 2>}> : (tensor<2x3x3xf32>, tensor<2x3xi64>) -> tensor<2x3x2xf32>
// CHECK: #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0]>
func.func @gather(%x: tensor<2x3x3xf32>, %i: tensor<2x3xi64>, %v: tensor<5xf32>, %j: tensor<i32>) -> (tensor<2x3x2xf32>, tensor<f32>) {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3, 2>}> : (tensor<2x3x3xf32>, tensor<2x3xi64>) -> tensor<2x3x2xf32>
  %1 = "stablehlo.gather"(%v, %j) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0]>, slice_sizes = array<i64: 1>}> : (tensor<5xf32>, tensor<i32>) -> tensor<f32>
  return %0, %1 : tensor<2x3x2xf32>, tensor<f32>
}

// -----

// JAX writes an i1 tensor's hex data one byte per element; tpu-opt reads it
// as MLIR 22's packed bits (elements 0, 2 and 9 true).
// CHECK-LABEL: func.func @bool_hex
// CHECK: stablehlo.constant dense<[true, false, true, false, false, false, false, false, false, true]> : tensor<10xi1>
func.func @bool_hex() -> tensor<10xi1> {
  %c = stablehlo.constant dense<"0x01000100000000000001"> : tensor<10xi1>
  return %c : tensor<10xi1>
}

// -----

// triangular_solve prints in the generic form with #stablehlo<transpose>.
// CHECK-LABEL: func.func @triangular_solve
// CHECK: "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x8x8xf32>, tensor<2x10x8xf32>) -> tensor<2x10x8xf32>
func.func @triangular_solve(%a: tensor<2x8x8xf32>, %b: tensor<2x10x8xf32>) -> tensor<2x10x8xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x8x8xf32>, tensor<2x10x8xf32>) -> tensor<2x10x8xf32>
  return %0 : tensor<2x10x8xf32>
}

// -----

// dot_general's algorithm prints in StableHLO's pretty form, after the
// precision config; the attribute's generic spelling reads the same.
// CHECK-LABEL: func.func @dot_algorithm
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> :
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> :
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16,
func.func @dot_algorithm(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %2 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %3 = stablehlo.add %0, %1 : tensor<3x5xf32>
  %4 = stablehlo.add %3, %2 : tensor<3x5xf32>
  return %4 : tensor<3x5xf32>
}

// -----

// The legacy broadcast, optimization_barrier, get_dimension_size and
// composite print in StableHLO's pretty forms; map and batch norm in the
// generic one, as StableHLO prints them.
// CHECK-LABEL: func.func @misc_ops
// CHECK: stablehlo.broadcast %arg0, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %{{.*}}:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<3xf32>, tensor<3xf32>
// CHECK: stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<3xf32>) -> tensor<i32>
// CHECK: stablehlo.composite "my.neg" %arg0 {decomposition = @neg} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: "stablehlo.map"(%arg0, %arg1) <{dimensions = array<i64: 0>}> ({
// CHECK: "stablehlo.batch_norm_inference"(%arg2, %arg0, %arg0, %arg0, %arg1) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
// CHECK: = "stablehlo.batch_norm_training"(%arg2, %arg0, %arg1) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
// CHECK: = "stablehlo.batch_norm_grad"(%arg2, %arg0, %arg0, %arg1, %arg2) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
func.func private @neg(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.negate %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @misc_ops(%a: tensor<3xf32>, %b: tensor<3xf32>, %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast %a, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1:2 = stablehlo.optimization_barrier %a, %b : tensor<3xf32>, tensor<3xf32>
  %2 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<3xf32>) -> tensor<i32>
  %3 = stablehlo.composite "my.neg" %a {decomposition = @neg} : (tensor<3xf32>) -> tensor<3xf32>
  %4 = "stablehlo.map"(%a, %b) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %5 = "stablehlo.batch_norm_inference"(%x, %a, %a, %a, %b) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6:3 = "stablehlo.batch_norm_training"(%x, %a, %b) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %7:3 = "stablehlo.batch_norm_grad"(%x, %a, %a, %b, %x) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

// The random ops in StableHLO's pretty forms; the generic enum attributes
// read the same.
// CHECK-LABEL: func.func @random
// CHECK: %{{.*}}, %{{.*}} = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
// CHECK: stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xf32>)
// CHECK: stablehlo.rng %arg1, %arg2, %{{.*}}, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
func.func @random(%s: tensor<2xui64>, %a: tensor<f32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  %2, %3 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xf32>)
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %4 = "stablehlo.rng"(%a, %b, %shape) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %4 : tensor<2x3xf32>
}

// -----

// Ops whose result shape is an operand, and einsum, in StableHLO's pretty
// forms.
// CHECK-LABEL: func.func @shape_operands
// CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<2xi64>) -> tensor<4x2xi32>
// CHECK: stablehlo.dynamic_reshape %arg0, %{{.*}} : (tensor<2x4xf32>, tensor<2xi64>) -> tensor<4x2xf32>
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %{{.*}}, dims = [1, 2] : (tensor<2x4xf32>, tensor<3xi64>) -> tensor<3x2x4xf32>
// CHECK: stablehlo.einsum %arg0, %arg1, config = "ab,bc->ac" : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
func.func @shape_operands(%x: tensor<2x4xf32>, %y: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<4x2xi32>
  %1 = stablehlo.dynamic_reshape %x, %s : (tensor<2x4xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  %t = stablehlo.constant dense<[3, 2, 4]> : tensor<3xi64>
  %2 = "stablehlo.dynamic_broadcast_in_dim"(%x, %t) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x4xf32>, tensor<3xi64>) -> tensor<3x2x4xf32>
  %3 = "stablehlo.einsum"(%x, %y) {einsum_config = "ab,bc->ac"} : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @cholesky
// CHECK: stablehlo.cholesky %arg0 : tensor<2x2xf32>
// CHECK: stablehlo.cholesky %arg0, lower = true : tensor<2x2xf32>
func.func @cholesky(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.cholesky"(%a) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @tuples
// CHECK: %[[T:.*]] = stablehlo.tuple %arg0, %arg1 : tuple<tensor<2xf32>, tensor<i32>>
// CHECK: stablehlo.get_tuple_element %[[T]][1] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
func.func @tuples(%a: tensor<2xf32>, %b: tensor<i32>) -> tensor<i32> {
  %t = "stablehlo.tuple"(%a, %b) : (tensor<2xf32>, tensor<i32>) -> tuple<tensor<2xf32>, tensor<i32>>
  %0 = "stablehlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @rooted_collectives
// CHECK: "stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}>
// CHECK: "stablehlo.collective_broadcast"(%arg0, %arg1) <{has_dynamic_root, replica_groups
// CHECK: "stablehlo.collective_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups
// CHECK: stablehlo.add
func.func @rooted_collectives(%a: tensor<4xf32>, %root: tensor<1xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.collective_broadcast"(%a, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  %2 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @mesh_axes
// CHECK: replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>
func.func private @mesh()
func.func @mesh_axes(%a: tensor<16x8xf32>) -> tensor<16x16xf32> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "y">]>} : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func @constant_operand_ops
// CHECK: stablehlo.set_dimension_size %arg0, %arg1, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
// CHECK: "stablehlo.dynamic_gather"(%arg2, %arg3, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>
// CHECK: "stablehlo.dynamic_conv"(%arg4, %arg5, %{{.*}}) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64
// CHECK: stablehlo.dynamic_pad %arg0, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x2xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x3xf32>
func.func @constant_operand_ops(%a: tensor<4x2xf32>, %s: tensor<i32>, %g: tensor<2x4x9xi32>, %i: tensor<1x5x2xi32>, %x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x16xf32>) -> (tensor<4x2xf32>, tensor<1x5x8xi32>, tensor<1x8x8x16xf32>) {
  %0 = "stablehlo.set_dimension_size"(%a, %s) {dimension = 1 : i64} : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
  %sizes = stablehlo.constant dense<[1, 1, 8]> : tensor<3xi32>
  %1 = "stablehlo.dynamic_gather"(%g, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<2x4x9xi32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x5x8xi32>
  %pad = stablehlo.constant dense<1> : tensor<2x2xi64>
  %2 = "stablehlo.dynamic_conv"(%x, %k, %pad) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>, tensor<2x2xi64>) -> tensor<1x8x8x16xf32>
  %v = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %q = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %z = stablehlo.constant dense<0> : tensor<2xi64>
  %3 = "stablehlo.dynamic_pad"(%a, %v, %p, %q, %z) : (tensor<4x2xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x3xf32>
  return %0, %1, %2 : tensor<4x2xf32>, tensor<1x5x8xi32>, tensor<1x8x8x16xf32>
}

// -----

// CHECK-LABEL: func.func @aliases_and_accuracy
// CHECK: output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]
// CHECK: stablehlo.cosine %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<f32>
func.func @aliases_and_accuracy(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  %1 = "stablehlo.cosine"(%a) {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-5, rtol = 0.0, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : (tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}

// -----

// Tuple operands and results of custom_call (XLA:TPU's linear-algebra
// targets return one tuple); an alias along tuple paths, and one picking
// a result of several by its first output index.
// CHECK-LABEL: func.func @tuple_calls
// CHECK: stablehlo.custom_call @LuDecomposition(%arg0) : (tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>
// CHECK: output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>]
// CHECK: output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>]
func.func @tuple_calls(%a: tensor<3x3xf32>, %t: tuple<tensor<1xf32>, tensor<3x3xf32>>) -> tensor<3x3xf32> {
  %0 = stablehlo.custom_call @LuDecomposition(%a) : (tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<3xi32>>
  %1 = stablehlo.custom_call @foo(%t) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<1xf32>, tensor<3x3xf32>>) -> tuple<tensor<3x3xf32>>
  %2:2 = stablehlo.custom_call @bar(%t, %a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>]} : (tuple<tensor<1xf32>, tensor<3x3xf32>>, tensor<3x3xf32>) -> (tensor<1xf32>, tensor<3x3xf32>)
  return %2#1 : tensor<3x3xf32>
}
