// The verifiers of collective_broadcast, collective_reduce,
// set_dimension_size, dynamic_gather, dynamic_conv, custom_call's
// output_operand_aliases, replica groups as mesh axes and result_accuracy:
// each rule refused at the op (or the attribute) that breaks it.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @broadcast_no_data(%root: tensor<1xi32>) {
  // expected-error @+1 {{collective_broadcast with has_dynamic_root=true requires at least two operands (data + root)}}
  "stablehlo.collective_broadcast"(%root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1xi32>) -> ()
  return
}

// -----

func.func @broadcast_root_type(%a: tensor<4xf32>, %root: tensor<1xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{last operand of collective_broadcast with has_dynamic_root=true must be a rank-1 i32 tensor, but is 'tensor<1xi64>'}}
  %0 = "stablehlo.collective_broadcast"(%a, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_result_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected one result per data operand (1), but has 0}}
  "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @broadcast_result_type(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{result type 'tensor<4xi32>' must be the operand's, 'tensor<4xf32>'}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @broadcast_duplicate(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica id #1 seen more than once}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_negative(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{invalid replica id -1}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_groups_rank(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica groups should be a rank 2 tensor}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_body(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(collective_reduce_c5) body argument #1 must be 'tensor<f32>', but is 'tensor<i32>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<i32>):
    stablehlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_mixed(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // expected-error @+1 {{(collective_reduce_c5) one computation reduces every operand, so they must have one element type}}
  %0:2 = "stablehlo.collective_reduce"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

func.func @reduce_root_only(%root: tensor<1xi32>) {
  // expected-error @+1 {{collective_reduce with has_dynamic_root=true requires at least two operands (data + root)}}
  "stablehlo.collective_reduce"(%root) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1xi32>) -> ()
  return
}

// -----

func.func @set_dimension_size_dim(%a: tensor<4x2xf32>, %s: tensor<i32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{(set_dimension_size_c1) dimension 2 is not a dimension of a rank-2 operand}}
  %0 = stablehlo.set_dimension_size %a, %s, dim = 2 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @set_dimension_size_other_dim(%a: tensor<4x2xf32>, %s: tensor<i32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{(set_dimension_size_c3) result dimension 0 must be the operand's (4), but is 3}}
  %0 = stablehlo.set_dimension_size %a, %s, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @set_dimension_size_grows(%a: tensor<4x2xf32>, %s: tensor<i32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{(set_dimension_size_c3) result dimension 1 (3) cannot exceed the operand's (2)}}
  %0 = stablehlo.set_dimension_size %a, %s, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @set_dimension_size_element(%a: tensor<4x2xf32>, %s: tensor<i32>) -> tensor<4x2xi32> {
  // expected-error @+1 {{(set_dimension_size_c3) the result must have the operand's rank and element type}}
  %0 = stablehlo.set_dimension_size %a, %s, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

func.func @set_dimension_size_rank(%a: tensor<4x2xf32>, %s: tensor<1xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{(set_dimension_size_c2) size must be a rank-0 tensor of i32}}
  %0 = stablehlo.set_dimension_size %a, %s, dim = 1 : (tensor<4x2xf32>, tensor<1xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @set_dimension_size_constant(%a: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %s = stablehlo.constant dense<3> : tensor<i32>
  // expected-error @+1 {{(set_dimension_size_c3) size 3 must be in [0, 2]}}
  %0 = stablehlo.set_dimension_size %a, %s, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @dynamic_gather_sizes_count(%a: tensor<2x4x9xi32>, %i: tensor<1x5x2xi32>, %s: tensor<2xi32>) -> tensor<1x5x8xi32> {
  // expected-error @+1 {{(dynamic_gather_c20) slice_sizes must have 3 entries, one per operand dimension, but has 2}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>} : (tensor<2x4x9xi32>, tensor<1x5x2xi32>, tensor<2xi32>) -> tensor<1x5x8xi32>
  return %0 : tensor<1x5x8xi32>
}

// -----

func.func @dynamic_gather_size_bound(%a: tensor<2x4x9xi32>, %i: tensor<1x5x2xi32>) -> tensor<1x5x10xi32> {
  %s = stablehlo.constant dense<[1, 1, 10]> : tensor<3xi32>
  // expected-error @+1 {{(gather_c21) slice size 10 of dimension 2 must be in [0, 9]}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>} : (tensor<2x4x9xi32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x5x10xi32>
  return %0 : tensor<1x5x10xi32>
}

// -----

func.func @dynamic_gather_result(%a: tensor<2x4x9xi32>, %i: tensor<1x5x2xi32>) -> tensor<1x5x7xi32> {
  %s = stablehlo.constant dense<[1, 1, 8]> : tensor<3xi32>
  // expected-error @+1 {{(gather_c22) the result shape must be [1, 5, 8], but is [1, 5, 7]}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>} : (tensor<2x4x9xi32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x5x7xi32>
  return %0 : tensor<1x5x7xi32>
}

// -----

func.func @dynamic_gather_batch(%a: tensor<2x4x9xi32>, %i: tensor<1x5x2xi32>, %s: tensor<3xi32>) -> tensor<1x6x8xi32> {
  // expected-error @+1 {{(gather_c22) the result shape must be [1, 5, ?], but is [1, 6, 8]}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>} : (tensor<2x4x9xi32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x6x8xi32>
  return %0 : tensor<1x6x8xi32>
}

// -----

func.func @dynamic_conv_padding_shape(%a: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x16xf32>, %p: tensor<3x2xi64>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{(dynamic_conv_c4) padding must be a 2x2 tensor of (low, high) pairs, but is 'tensor<3x2xi64>'}}
  %0 = "stablehlo.dynamic_conv"(%a, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>, tensor<3x2xi64>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

func.func @dynamic_conv_result(%a: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x16xf32>) -> tensor<1x8x8x16xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error @+1 {{(convolution_c25) the result shape must be [1, 6, 6, 16], but is [1, 8, 8, 16]}}
  %0 = "stablehlo.dynamic_conv"(%a, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>, tensor<2x2xi64>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

func.func @dynamic_conv_features(%a: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x8x8x15xf32> {
  // expected-error @+1 {{(convolution_c25) the result shape must be [1, 8, 8, 16], but is [1, 8, 8, 15]}}
  %0 = "stablehlo.dynamic_conv"(%a, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>, tensor<2x2xi64>) -> tensor<1x8x8x15xf32>
  return %0 : tensor<1x8x8x15xf32>
}

// -----

func.func @convolution_element_types(%a: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x16xbf16>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{(convolution_c27) lhs and rhs must have one element type, but have 'f32' and 'bf16'}}
  %0 = "stablehlo.convolution"(%a, %k) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xbf16>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @alias_operand(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(custom_call) output_operand_aliases names operand 1, but the call has 1}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @alias_tuple(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(custom_call) output_operand_aliases' output_tuple_indices [0] name no result}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @alias_type(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{(custom_call) the result aliases operand 0, so its type must be 'tensor<f32>', not 'tensor<i32>'}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @alias_results(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(custom_call) output_operand_aliases' output_tuple_indices [] name no result}}
  %0:2 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %0#0 : tensor<f32>
}

// -----

func.func private @mesh()
func.func @mesh_axis_kind(%a: tensor<16x8xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{replica_group_mesh_axes: each axis must be a #stablehlo.axis_ref, not "x"}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = ["x"]>} : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

func.func private @mesh()
func.func @mesh_axis_twice(%a: tensor<16x8xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{replica_group_mesh_axes: axis "x" appears twice}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">, #stablehlo.axis_ref<name = "x">]>} : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

func.func @accuracy_highest(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{result_accuracy with mode HIGHEST takes no tolerances: atol, rtol and ulps must be 0}}
  %0 = stablehlo.sqrt %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @accuracy_negative(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{result_accuracy tolerances must not be negative}}
  %0 = stablehlo.tanh %a {result_accuracy = #stablehlo.result_accuracy<ulps = -1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @accuracy_field(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{unknown result_accuracy field 'eps'}}
  %0 = stablehlo.tanh %a {result_accuracy = #stablehlo.result_accuracy<eps = 1>} : tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dynamic_pad_count(%x: tensor<2x3xf32>, %v: tensor<f32>, %p: tensor<2xi64>, %q: tensor<3xi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(dynamic_pad_c2) each padding must have 2 entries, one per dimension, but has 3}}
  %0 = stablehlo.dynamic_pad %x, %v, %p, %q, %p : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<3xi64>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_pad_result(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x9xf32> {
  %low = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %interior = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  // expected-error @+1 {{result dimension 1 must be 8 (interior padding must not be negative)}}
  %0 = stablehlo.dynamic_pad %x, %v, %low, %high, %interior : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xf32>
  return %0 : tensor<5x9xf32>
}

// -----

func.func @pad_element_type(%x: tensor<2xf32>, %v: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{(pad_c1) operand, padding_value and result must have one element type}}
  %0 = stablehlo.pad %x, %v, low = [1], high = [1], interior = [0] : (tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @alias_operand_path(%t: tuple<tensor<f32>>) -> tensor<f32> {
  // expected-error @+1 {{(custom_call) output_operand_aliases' operand_tuple_indices [1] name no part of operand 0}}
  %0 = stablehlo.custom_call @foo(%t) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<f32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @alias_tuple_type(%t: tuple<tensor<f32>, tensor<i32>>) -> tuple<tensor<f32>> {
  // expected-error @+1 {{(custom_call) the result aliases operand 0, so its type must be 'tensor<i32>', not 'tensor<f32>'}}
  %0 = stablehlo.custom_call @foo(%t) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<f32>, tensor<i32>>) -> tuple<tensor<f32>>
  return %0 : tuple<tensor<f32>>
}
