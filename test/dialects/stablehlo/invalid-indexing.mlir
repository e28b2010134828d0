// The stablehlo verifiers of ops that index at run time (dynamic_slice,
// dynamic_update_slice, gather's and scatter's batching and ordering rules)
// and of the remaining elementwise and call ops, each rule at its location.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @dynamic_slice_count(%x: tensor<3x4xi32>, %i: tensor<i64>) -> tensor<1x4xi32> {
  // expected-error @+1 {{(dynamic_slice_c2) needs one start index per operand dimension (2), but has 1}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [1, 4] : (tensor<3x4xi32>, tensor<i64>) -> tensor<1x4xi32>
  return %0 : tensor<1x4xi32>
}

// -----

func.func @dynamic_slice_types(%x: tensor<3x4xi32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<1x4xi32> {
  // expected-error @+1 {{(dynamic_slice_c3) start indices must have one type, but have 'tensor<i64>' and 'tensor<i32>'}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 4] : (tensor<3x4xi32>, tensor<i64>, tensor<i32>) -> tensor<1x4xi32>
  return %0 : tensor<1x4xi32>
}

// -----

func.func @dynamic_slice_sizes_count(%x: tensor<3x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<1xi32> {
  // expected-error @+1 {{(dynamic_slice_c2) slice_sizes needs one entry per operand dimension (2), but has 1}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// -----

func.func @dynamic_slice_size(%x: tensor<3x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<1x10xi32> {
  // expected-error @+1 {{(dynamic_slice_c4) slice size 10 of dimension 1 must be in [0, 4]}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 10] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<1x10xi32>
  return %0 : tensor<1x10xi32>
}

// -----

func.func @dynamic_slice_result(%x: tensor<3x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<1x3xi32> {
  // expected-error @+1 {{(dynamic_slice_c1, c5) the result must be 'tensor<1x4xi32>', but is 'tensor<1x3xi32>'}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 4] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<1x3xi32>
  return %0 : tensor<1x3xi32>
}

// -----

func.func @dus_result(%x: tensor<3x4xi64>, %u: tensor<1x4xi64>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x5xi64> {
  // expected-error @+1 {{(dynamic_update_slice_c1) the result must have the operand's type 'tensor<3x4xi64>', but is 'tensor<3x5xi64>'}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x4xi64>, tensor<1x4xi64>, tensor<i64>, tensor<i64>) -> tensor<3x5xi64>
  return %0 : tensor<3x5xi64>
}

// -----

func.func @dus_update_type(%x: tensor<3x4xi64>, %u: tensor<1x4xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xi64> {
  // expected-error @+1 {{(dynamic_update_slice_c2) the update must have the operand's element type 'i64'}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x4xi64>, tensor<1x4xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

func.func @dus_count(%x: tensor<3x4xi64>, %u: tensor<1x4xi64>, %i: tensor<i64>) -> tensor<3x4xi64> {
  // expected-error @+1 {{(dynamic_update_slice_c4) needs one start index per operand dimension (2), but has 1}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<3x4xi64>, tensor<1x4xi64>, tensor<i64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

func.func @dus_update_size(%x: tensor<3x4xi64>, %u: tensor<1x5xi64>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xi64> {
  // expected-error @+1 {{(dynamic_update_slice_c6) update dimension 1 (5) exceeds the operand's (4)}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x4xi64>, tensor<1x5xi64>, tensor<i64>, tensor<i64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

func.func @dus_index_types(%x: tensor<3x4xi64>, %u: tensor<1x4xi64>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<3x4xi64> {
  // expected-error @+1 {{(dynamic_update_slice_c5) start indices must have one type, but have 'tensor<i32>' and 'tensor<i64>'}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x4xi64>, tensor<1x4xi64>, tensor<i32>, tensor<i64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

func.func @gather_collapsed_sorted(%x: tensor<2x4x9xi32>, %i: tensor<1x5x2xi32>) -> tensor<1x5x8xi32> {
  // expected-error @+1 {{(gather_c7) collapsed_slice_dims [1, 0] must be sorted}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 0], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>} : (tensor<2x4x9xi32>, tensor<1x5x2xi32>) -> tensor<1x5x8xi32>
  return %0 : tensor<1x5x8xi32>
}

// -----

func.func @gather_batching_repeat(%x: tensor<2x4x9xi32>, %i: tensor<4x2xi32>) -> tensor<4x2x8xi32> {
  // expected-error @+1 {{(gather_c13) start_indices_batching_dims [1, 0, 1] repeats dimension 1}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [1, 0, 1], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>} : (tensor<2x4x9xi32>, tensor<4x2xi32>) -> tensor<4x2x8xi32>
  return %0 : tensor<4x2x8xi32>
}

// -----

func.func @gather_batching_ivd(%x: tensor<2x4x9xi32>, %i: tensor<2x5x1xi32>) -> tensor<2x5x8xi32> {
  // expected-error @+1 {{(gather_c15) start_indices_batching_dims must not include index_vector_dim 2}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>} : (tensor<2x4x9xi32>, tensor<2x5x1xi32>) -> tensor<2x5x8xi32>
  return %0 : tensor<2x5x8xi32>
}

// -----

func.func @gather_batching_sizes(%x: tensor<2x4x9xi32>, %i: tensor<3x5x1xi32>) -> tensor<3x5x8xi32> {
  // expected-error @+1 {{(gather_c17) operand dimension 0 (2) and indices dimension 0 (3) must have one size}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>} : (tensor<2x4x9xi32>, tensor<3x5x1xi32>) -> tensor<3x5x8xi32>
  return %0 : tensor<3x5x8xi32>
}

// -----

func.func @gather_map_batching(%x: tensor<2x4x9xi32>, %i: tensor<2x5x2xi32>) -> tensor<2x5x8xi32> {
  // expected-error @+1 {{(gather_c18) start_index_map and operand_batching_dims both name dimension 0}}
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 8>} : (tensor<2x4x9xi32>, tensor<2x5x2xi32>) -> tensor<2x5x8xi32>
  return %0 : tensor<2x5x8xi32>
}

// -----

func.func @gather_duplicated_entry() attributes {
  g = #stablehlo.gather<collapsed_slice_dims = [0],
    // expected-error @+1 {{duplicated `collapsed_slice_dims` entry}}
    collapsed_slice_dims = [0]>} {
  return
}

// -----

func.func @scatter_window_sorted(%x: tensor<2x3x4xf32>, %i: tensor<1xi32>, %u: tensor<2x4x3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{(scatter_c7) update_window_dims [0, 2, 1] must be sorted}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 2, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 0>} : (tensor<2x3x4xf32>, tensor<1xi32>, tensor<2x4x3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @scatter_window_bound(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x301xf32>) -> tensor<200x100x300xf32> {
  // expected-error @+1 {{(scatter_c4) update window dimension 1 (301) exceeds the operand's dimension (300)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x301xf32>) -> tensor<200x100x300xf32>
  return %0 : tensor<200x100x300xf32>
}

// -----

func.func @scatter_map_batching(%x: tensor<200x10x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) -> tensor<200x10x300xf32> {
  // expected-error @+1 {{(scatter_c20) scatter_dims_to_operand_dims and input_batching_dims both name dimension 1}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [1], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<200x10x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x10x300xf32>
  return %0 : tensor<200x10x300xf32>
}

// -----

func.func @scatter_update_type(%x: tensor<3xi32>, %i: tensor<1x1xi32>, %u: tensor<1xi64>) -> tensor<3xi32> {
  // expected-error @+1 {{(scatter_c6) update #0 must have its input's element type 'i32'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1,>} : (tensor<3xi32>, tensor<1x1xi32>, tensor<1xi64>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @abs_type(%x: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{(abs_c2) the result element type must be 'f32', but is 'f64'}}
  %0 = stablehlo.abs %x : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @real_type(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{(real_c2) the result element type must be 'f32', but is 'complex<f32>'}}
  %0 = stablehlo.real %x : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @is_finite_int(%x: tensor<2xi32>) -> tensor<2xi1> {
  // expected-error @+1 {{(is_finite) the operand must be floating-point, but is 'tensor<2xi32>'}}
  %0 = stablehlo.is_finite %x : (tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @is_finite_result(%x: tensor<2xf32>) -> tensor<2xi8> {
  // expected-error @+1 {{(is_finite_c1) the result must be of i1, but is 'tensor<2xi8>'}}
  %0 = stablehlo.is_finite %x : (tensor<2xf32>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

func.func @bitcast_shape(%x: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{(bitcast_convert_c1) cannot reinterpret 'tensor<2xf32>' as 'tensor<3xi32>'}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @bitcast_narrow(%x: tensor<2xf32>) -> tensor<2x4xi16> {
  // expected-error @+1 {{(bitcast_convert_c1) cannot reinterpret 'tensor<2xf32>' as 'tensor<2x4xi16>'}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x4xi16>
  return %0 : tensor<2x4xi16>
}

// -----

func.func @bitcast_complex(%x: tensor<2xi64>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{(bitcast_convert_c2) cannot convert between complex and other element types}}
  %0 = stablehlo.bitcast_convert %x : (tensor<2xi64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @transpose_rank(%x: tensor<1x2x3x4xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{(transpose_c4) the result must have rank 4, but has rank 1}}
  %0 = stablehlo.transpose %x, dims = [1, 0, 3, 2] : (tensor<1x2x3x4xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @reduce_init_type(%x: tensor<4x4xi32>, %i: tensor<i8>) -> tensor<4xi8> {
  // expected-error @+1 {{(reduce_c2) input #0 ('i32') and its init value ('i8') must have one element type}}
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : (tensor<4x4xi32>, tensor<i8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @custom_call_layout(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(custom_call) layout [0, 1, 2] for 'tensor<2x3xf32>' must be a permutation of [0, 2)}}
  stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[0, 1, 2]> : tensor<3xindex>], result_layouts = []} : (tensor<2x3xf32>) -> ()
  return
}

// -----

func.func @custom_call_layout_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(custom_call) operand_layouts must have one layout per operand (1), but has 0}}
  stablehlo.custom_call @foo(%x) {operand_layouts = [], result_layouts = []} : (tensor<2x3xf32>) -> ()
  return
}

// -----

func.func @custom_call_layouts_together(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(custom_call) operand_layouts and result_layouts must be given together}}
  stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> ()
  return
}

// -----

func.func @custom_call_ffi_config() {
  // expected-error @+1 {{(custom_call) backend_config must be a dictionary for API_VERSION_TYPED_FFI}}
  stablehlo.custom_call @foo() {api_version = 4 : i32, backend_config = "bar=42"} : () -> ()
  return
}

// -----

func.func @custom_call_string_config() {
  // expected-error @+1 {{(custom_call) backend_config must be a string for api_version before API_VERSION_TYPED_FFI}}
  stablehlo.custom_call @foo() {api_version = 2 : i32, backend_config = {bar = 42 : i32}} : () -> ()
  return
}

// -----

func.func @all_to_all_group_size(%x: tensor<4x16xf32>) -> tensor<16x4xf32> {
  // expected-error @+1 {{(all_to_all_c8) each replica group must have split_count (4) members, but has 3}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 2, 4], [1, 3, 5]]> : tensor<2x3xi64>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}
