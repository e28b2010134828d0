// Each stablehlo verifier rule and parse error, at its location.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @select_pred(%p: tensor<2xi32>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{pred must be an i1 scalar or an i1 tensor of the result's shape}}
  %0 = stablehlo.select %p, %a, %a : (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_types(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{on_true, on_false and the result must have one type}}
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_bounds(%lo: tensor<3xf32>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{min and max must be scalars or tensors of the operand's type}}
  %0 = stablehlo.clamp %lo, %a, %lo : (tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_operand(%lo: tensor<f32>, %a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{operand and result must have one type}}
  %0 = stablehlo.clamp %lo, %a, %lo : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @iota() -> tensor<2xi32> {
  // expected-error @+1 {{iota_dimension 1 is not a dimension of a rank-1 tensor}}
  %0 = stablehlo.iota dim = 1 : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @broadcast_count(%a: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions [0, 1] must name one result dimension per operand dimension (1)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_range(%a: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions [2] names dimension 2 of a rank-2 tensor}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_size(%a: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand dimension 0 (2) cannot broadcast to result dimension 1 (3)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_element(%a: tensor<2xf32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{operand and result element types differ}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xf32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @reshape(%a: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{operand and result must have the same number of elements}}
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @transpose_perm(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{permutation [0, 0] repeats dimension 0}}
  // expected-error @+1 {{permutation [0, 0] is not a permutation of 2 dimensions}}
  %0 = stablehlo.transpose %a, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_shape(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result dimension 0 must be operand dimension 1}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimensions [2] names dimension 2 of a rank-2 tensor}}
  %0 = stablehlo.reverse %a, dims = [2] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_bounds(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{dimension 0: start 3, limit 5 and stride 1 do not fit a dimension of size 4}}
  %0 = stablehlo.slice %a [3:5] : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_size(%a: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{result dimension 0 must be 2, not 3}}
  %0 = stablehlo.slice %a [0:4:2] : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @slice_rank(%a: tensor<4x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{expected one start, limit and stride per dimension (2)}}
  %0 = "stablehlo.slice"(%a) <{start_indices = array<i64: 0>, limit_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @pad_value(%a: tensor<4xf32>, %v: tensor<1xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{padding_value must be a scalar}}
  %0 = stablehlo.pad %a, %v, low = [1], high = [0], interior = [0] : (tensor<4xf32>, tensor<1xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @pad_rank(%a: tensor<4xf32>, %v: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{expected low, high and interior padding per dimension (1)}}
  %0 = stablehlo.pad %a, %v, low = [1, 0], high = [0], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @pad_size(%a: tensor<4xf32>, %v: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{result dimension 0 must be 8 (interior padding must not be negative)}}
  %0 = stablehlo.pad %a, %v, low = [1], high = [0], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @concatenate_dim(%a: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 1 is not a dimension of a rank-1 tensor}}
  %0 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_rank(%a: tensor<2xf32>, %b: tensor<2x1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{inputs must have the result's rank and element type}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_other_dim(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{inputs differ from the result in dimension 1}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @concatenate_sum(%a: tensor<2xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{the inputs' sizes along dimension 0 add up to 4, not 5}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @concatenate_none() -> tensor<0xf32> {
  // expected-error @+1 {{expected at least one input}}
  %0 = "stablehlo.concatenate"() <{dimension = 0 : i64}> : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @dot_counts(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{lhs and rhs must have as many batching and contracting dimensions as each other}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{lhs batching and contracting dimensions [2] names dimension 2 of a rank-2 tensor}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_precision(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{precision_config has more than 2 entries}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_precision_keyword(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{unknown precision 'FAST'; expected DEFAULT, HIGH or HIGHEST}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [FAST, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @reduce_dims(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimensions [2] names dimension 2 of a rank-2 tensor}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_result(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+1 {{init values must be scalars and results the inputs' shape without the reduced dimensions}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reduce_shapes(%x: tensor<4x8xf32>, %y: tensor<4x7xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{inputs must have one shape}}
  %0:2 = stablehlo.reduce(%x init: %c), (%y init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x7xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%d: tensor<f32>, %e: tensor<f32>) {
    stablehlo.return %a, %d : tensor<f32>, tensor<f32>
  }
  return %0#0 : tensor<4xf32>
}

// -----

func.func @reduce_body_types(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{(reduce_c6) body argument #0 must be 'tensor<f32>', but is 'tensor<i32>'}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    stablehlo.return %a : tensor<i32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_return(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{the body must end in stablehlo.return of 1 values}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_counts(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected as many inputs, init values and results, at least one}}
  %0:2 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4x8xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @reduce_args(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{the body must take 2 arguments}}
  %0 = "stablehlo.reduce"(%x, %c) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_applies_two(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'applies' takes one input; use 'reducer'}}
  %0:2 = stablehlo.reduce(%x init: %c), (%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @reduce_types(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 input types: the inputs, then the init values}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @conv_window(%x: tensor<1x8x1xf32>, %w: tensor<3x1x1xf32>) -> tensor<1x6x1xf32> {
  // expected-error @+1 {{unknown window entry 'strides'; expected stride, pad, lhs_dilate, rhs_dilate or reverse}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {strides = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x1xf32>, tensor<3x1x1xf32>) -> tensor<1x6x1xf32>
  return %0 : tensor<1x6x1xf32>
}

// -----

func.func @conv_dims(%x: tensor<1x8x1xf32>, %w: tensor<3x1x1xf32>) -> tensor<1x6x1xf32> {
  // expected-error @+1 {{unexpected 'f'; expected a spatial number, 'i' or 'o' once each}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, f, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x1xf32>, tensor<3x1x1xf32>) -> tensor<1x6x1xf32>
  return %0 : tensor<1x6x1xf32>
}

// -----

func.func @conv_spatial(%x: tensor<1x8x1xf32>, %w: tensor<3x1x1xf32>) -> tensor<1x6x1xf32> {
  // expected-error @+1 {{spatial dimensions must be numbered 0 to 0 once each}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 1, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x1xf32>, tensor<3x1x1xf32>) -> tensor<1x6x1xf32>
  return %0 : tensor<1x6x1xf32>
}

// -----

func.func @conv_reverse(%x: tensor<1x8x1xf32>, %w: tensor<3x1x1xf32>) -> tensor<1x6x1xf32> {
  // expected-error @+1 {{expected true or false}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [yes]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x1xf32>, tensor<3x1x1xf32>) -> tensor<1x6x1xf32>
  return %0 : tensor<1x6x1xf32>
}

// -----

func.func @dot_attr(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{unknown dot dimension numbers field 'lhs_contracting'}}
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting = [1]>}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @select_type(%p: tensor<i1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected a function type with 3 inputs and 1 result}}
  %0 = stablehlo.select %p, %a, %a : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @window_rank(%x: tensor<8x9xi32>, %c: tensor<i32>) -> tensor<8x9xi32> {
  // expected-error @+1 {{window_dimensions must have one entry per dimension (2)}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 8>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<8x9xi32>, tensor<i32>) -> tensor<8x9xi32>
  return %0 : tensor<8x9xi32>
}

// -----

func.func @window_stride(%x: tensor<8x9xi32>, %c: tensor<i32>) -> tensor<8x9xi32> {
  // expected-error @+1 {{window_strides must be positive}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<8x9xi32>, tensor<i32>) -> tensor<8x9xi32>
  return %0 : tensor<8x9xi32>
}

// -----

func.func @window_padding(%x: tensor<8x9xi32>, %c: tensor<i32>) -> tensor<8x9xi32> {
  // expected-error @+1 {{padding must be a 2x2 tensor of (low, high) pairs}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>, padding = dense<0> : tensor<2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<8x9xi32>, tensor<i32>) -> tensor<8x9xi32>
  return %0 : tensor<8x9xi32>
}

// -----

func.func @window_body(%x: tensor<8x9xi32>, %c: tensor<i32>) -> tensor<8x9xi32> {
  // expected-error @+1 {{the body must take 2 arguments}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<8x9xi32>, tensor<i32>) -> tensor<8x9xi32>
  return %0 : tensor<8x9xi32>
}

// -----

func.func @window_init(%x: tensor<8x9xi32>, %c: tensor<1xi32>) -> tensor<8x9xi32> {
  // expected-error @+1 {{init values must be scalars}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<8x9xi32>, tensor<1xi32>) -> tensor<8x9xi32>
  return %0 : tensor<8x9xi32>
}

// -----

func.func @window_counts(%x: tensor<8x9xi32>, %c: tensor<i32>) -> tensor<8x9xi32> {
  // expected-error @+1 {{expected as many inputs, init values and results, at least one}}
  %0:2 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) : (tensor<8x9xi32>, tensor<i32>) -> (tensor<8x9xi32>, tensor<8x9xi32>)
  return %0#0 : tensor<8x9xi32>
}

// -----

func.func @window_body_types(%x: tensor<8x9xi32>, %c: tensor<i32>) -> tensor<8x9xi32> {
  // expected-error @+1 {{(reduce_window_c13) body argument #0 must be 'tensor<i32>', but is 'tensor<f32>'}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<8x9xi32>, tensor<i32>) -> tensor<8x9xi32>
  return %0 : tensor<8x9xi32>
}

// -----

func.func @scatter_cover(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{(scatter_c2) update_window_dims, inserted_window_dims and input_batching_dims must have 2 entries between them, one per input dimension}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_update_dims(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // An index_vector_dim equal to the indices' rank leaves both of their
  // dimensions to the updates, which have one.
  // expected-error @+1 {{(scatter_c4) the updates must have rank 3 (2 scatter and 1 window dimensions), but have rank 2}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_vector(%x: tensor<5x3xf32>, %i: tensor<2x2xi64>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{scatter_dims_to_operand_dims must have one entry per index vector element (2)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x2xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_index_dim(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{(scatter_c22) index_vector_dim 3 must be in [0, 2]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_float_indices(%x: tensor<5x3xf32>, %i: tensor<2x1xf32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{the indices must be integers}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_result(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<5x3xi32> {
  // expected-error @+1 {{(scatter_c24, c25) result #0 must have its input's type 'tensor<5x3xf32>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xi32>
  return %0 : tensor<5x3xi32>
}

// -----

func.func @scatter_counts(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>) -> tensor<5x3xf32> {
  // expected-error @+1 {{(scatter_c5) needs as many inputs, updates and results, at least one}}
  %0 = "stablehlo.scatter"(%x, %i) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_body(%x: tensor<5x3xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{(scatter_c23) the body must take 2 arguments, but takes 1}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_attr(%x: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{unknown scatter dimension numbers field 'window_dims'}}
  %0 = "stablehlo.scatter"(%x, %x, %x) <{scatter_dimension_numbers = #stablehlo.scatter<window_dims = [1]>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @while_types(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 types, one per loop-carried value}}
  %0:2 = stablehlo.while(%i = %x, %j = %x) : tensor<4xf32>
   cond {
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %i, %j : tensor<4xf32>, tensor<4xf32>
  }
  return %0#0 : tensor<4xf32>
}

// -----

func.func @reduce_precision_c2(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op needs at least 1 exponent bit, not 0}}
  %0 = stablehlo.reduce_precision %x, format = e0m10 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_precision_c3(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op needs a non-negative number of mantissa bits, not -1}}
  %0 = "stablehlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_precision_c1(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{'stablehlo.reduce_precision' op rounds floats, not 'i32'}}
  %0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @reduce_precision_format(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected a format such as e5m10, not 'fp16'}}
  %0 = stablehlo.reduce_precision %x, format = fp16 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_and_scatter_window_rank(%x: tensor<4xf32>, %s: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.select_and_scatter' op window_dimensions must have one entry per dimension (1)}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_types(%x: tensor<4xf32>, %s: tensor<2xi32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{(select_and_scatter_c1) the source must have the operand's element type 'f32'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xi32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_body_types(%x: tensor<4xf32>, %s: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{(select_and_scatter_c9) select must have type (tensor<f32>, tensor<f32>) -> tensor<i1>}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_shapes(%x: tensor<4xf32>, %y: tensor<5xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op inputs must have one shape}}
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %lt = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>, tensor<5xf32>) -> (tensor<4xf32>, tensor<5xf32>)
  return
}

// -----

func.func @sort_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op results must have the inputs' types}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @sort_dimension(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op dimension -2 is out of range for rank 1}}
  %0 = "stablehlo.sort"(%x) <{dimension = -2 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @sort_comparator_arity(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op comparator must take two scalars per input}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>):
    %lt = stablehlo.compare  LT, %a, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @sort_comparator_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op comparator argument #1 must be a scalar of input #0's element type}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    %lt = stablehlo.compare  LT, %a, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @sort_comparator_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.sort' op comparator must return one tensor<i1>}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @gather_indices(%x: tensor<5x3xf32>, %i: tensor<2x1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{the indices must be integers}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_element(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xbf16> {
  // expected-error @+1 {{(gather_c23) the result element type 'bf16' must be the operand's 'f32'}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

func.func @gather_index_dim(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(gather_c2) index_vector_dim 3 must be in [0, 2]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_sizes_count(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{slice_sizes has 1 entries for a rank-2 operand}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_map_dims(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(gather_c19) start_index_map [2] must be in the range [0, 2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [2], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_size_fit(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{(gather_c21) slice size 4 of dimension 1 must be in [0, 3]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_collapsed(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(gather_c9, c12) collapsed or batching dimension 0 has slice size 2; at most 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_vector(%x: tensor<5x3xf32>, %i: tensor<2x2xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{start_index_map must have one entry per index vector element (2)}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_offsets(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(gather_c1) offset_dims, collapsed_slice_dims and operand_batching_dims must have 2 entries between them, one per operand dimension}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_rank(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x1x3xf32> {
  // expected-error @+1 {{(gather_c22) the result must have rank 2, but has rank 3}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x1x3xf32>
  return %0 : tensor<2x1x3xf32>
}

// -----

func.func @gather_shape(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{result shape must be [2, 3]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @gather_field(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{unknown gather dimension numbers field 'window_dims'}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<window_dims = [1]>, slice_sizes = array<i64: 1, 3>}> : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @triangular_rank(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{a and b must have one rank of at least 2, but have 1 and 1}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @triangular_square(%a: tensor<4x3xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{a must be square in its last two dimensions}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x3xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @triangular_batch(%a: tensor<2x3x3xf32>, %b: tensor<5x3x2xf32>) -> tensor<5x3x2xf32> {
  // expected-error @+1 {{a and b must have the same batch dimensions}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<5x3x2xf32>) -> tensor<5x3x2xf32>
  return %0 : tensor<5x3x2xf32>
}

// -----

func.func @triangular_side(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{b's columns (2) must match a's size (3)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = false, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @triangular_result(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xbf16> {
  // expected-error @+1 {{result type must be b's type 'tensor<3x2xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// -----

func.func @triangular_transpose(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{transpose_a must not be TRANSPOSE_INVALID}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @window_body_returns_nothing(%x: tensor<4xf32>, %y: tensor<4xi32>, %i0: tensor<f32>, %i1: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{(reduce_window_c13) the body must end in stablehlo.return of 2 values}}
  %0:2 = "stablehlo.reduce_window"(%x, %y, %i0, %i1) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):
    "stablehlo.return"() : () -> ()
  }) {window_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @window_body_result_type(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{(reduce_window_c13) the body's result #0 must be 'tensor<f32>', but is 'tensor<i32>'}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %i = stablehlo.convert %a : (tensor<f32>) -> tensor<i32>
    stablehlo.return %i : tensor<i32>
  }) {window_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @window_result_shape(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{(reduce_window_c15, c16) result #0 must be 'tensor<2xf32>', but is 'tensor<3xf32>'}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @window_init_element_type(%x: tensor<4xf32>, %c: tensor<i32>) -> tensor<4xi32> {
  // expected-error @+1 {{(reduce_window_c3) input #0 and its init value must have one element type}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  }) {window_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reduce_body_result_type(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(reduce_c6) the body's result #0 must be 'tensor<f32>', but is 'tensor<i32>'}}
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %i = stablehlo.convert %a : (tensor<f32>) -> tensor<i32>
    stablehlo.return %i : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @all_reduce_body(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(all_reduce_c5) the body must take 2 arguments, but takes 3}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_global_channel(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{channel_id must be at least 1 when use_global_device_ids is set, but is 0}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @replica_group_gap(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica id #1 not seen in replica groups}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @replica_group_twice(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{replica id #0 seen more than once}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @replica_group_padding(%x: tensor<4x16xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{invalid replica id -1}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, -1, 2, 1]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64} : (tensor<4x16xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @reduce_scatter_multiple(%x: tensor<4x16xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{(reduce_scatter_c8) the operand's scatter dimension has size 16, not a multiple of the result's 5}}
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 1 : i64} : (tensor<4x16xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @all_gather_result(%x: tensor<8x2xf32>) -> tensor<8x7xf32> {
  // expected-error @+1 {{(all_gather_c6) result dimension 1 (7) does not follow from the operand's (2)}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x2xf32>) -> tensor<8x7xf32>
  return %0 : tensor<8x7xf32>
}

// -----

func.func @all_to_all_result(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error @+1 {{(all_to_all_c9) result type must be 'tensor<16x4xf32>', but is 'tensor<4x16xf32>'}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

func.func @permute_duplicate_target(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(collective_permute_c3) duplicate targets not allowed: 1}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @permute_pairs_rank(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{(collective_permute_c1) source_target_pairs must have shape [N, 2], but has 'tensor<1x2x1xi64>'}}
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[[0], [1]]]> : tensor<1x2x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @torch_index_select_dim(%x: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op dim 2 is not a dimension of a rank-2 operand}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = 2 : i64} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @torch_index_select_batch(%x: tensor<4x3xf32>, %i: tensor<4x2xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op batch_dims 2 must count dimensions of the index before dim (1)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 2 : i64, dim = 1 : i64} : (tensor<4x3xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @torch_index_select_batch_size(%x: tensor<4x3xf32>, %i: tensor<5x2xi32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op batch dimension 0 of the index (5) differs from the operand's (4)}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<4x3xf32>, tensor<5x2xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @torch_index_select_shape(%x: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op the result's shape must be 'tensor<2x3xf32>', but the result is 'tensor<2x4xf32>'}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = 0 : i64} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @torch_index_select_element(%x: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{'stablehlo.torch_index_select' op the result's element type must be the operand's}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 0 : i64, dim = 0 : i64} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
