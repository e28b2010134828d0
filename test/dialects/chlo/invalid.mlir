// chlo's elementwise ops keep their operand's type.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @result_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'chlo.sinh' op requires the same type for all operands and results}}
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @top_k_rank(%x: tensor<f32>) {
  // expected-error @+1 {{'chlo.top_k' op operand must have at least one dimension}}
  %v, %i = chlo.top_k(%x, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @top_k_k(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op k = 5 must be in [0, 4]}}
  %v, %i = chlo.top_k(%x, k = 5) : tensor<4xf32> -> (tensor<5xf32>, tensor<5xi32>)
  return
}

// -----

func.func @top_k_values(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op values must be the operand with its last dimension k}}
  %v, %i = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<3xf32>, tensor<2xi32>)
  return
}

// -----

func.func @top_k_indices(%x: tensor<4xf32>) {
  // expected-error @+1 {{'chlo.top_k' op indices must be i32 of the values' shape}}
  %v, %i = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi64>)
  return
}

// -----

func.func @is_inf_result(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.is_inf' op result #0 must be tensor of 1-bit signless integer values}}
  %0 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @is_inf_shape(%x: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'chlo.is_pos_inf' op requires the same shape for all operands and results}}
  %0 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @broadcast_mismatch(%a: tensor<3x4xf32>, %b: tensor<3xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_add' op operand dimensions 4 and 3 do not broadcast}}
  %0 = chlo.broadcast_add %a, %b : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @broadcast_result(%a: tensor<3x1xf32>, %b: tensor<4xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{'chlo.broadcast_subtract' op result type must be 'tensor<3x4xf32>', the operands broadcast, not 'tensor<3x1xf32>'}}
  %0 = chlo.broadcast_subtract %a, %b : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @broadcast_dims_count(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_maximum' op broadcast_dimensions must name 1 dimensions, one per dimension of the smaller operand}}
  %0 = chlo.broadcast_maximum %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @broadcast_dims_range(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'chlo.broadcast_minimum' op broadcast dimension 2 is not a dimension of the rank-2 operand}}
  %0 = chlo.broadcast_minimum %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @broadcast_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_power' op operands and result must have one element type}}
  %0 = chlo.broadcast_power %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @constant_like_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.constant_like' op value 1 : i32 must have the result's element type 'f32'}}
  %0 = "chlo.constant_like"(%a) {value = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scan_dimension(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op dimension 1 is outside 'tensor<4xf32>' (scanned inputs and outputs must have it)}}
  %0:2 = chlo.scan(%x) inits(%z) dimension=1 {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @scan_lengths(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{'chlo.scan' op scans 'tensor<5xf32>' of length 5 along dimension 0, but another of length 4}}
  %0:2 = chlo.scan(%x) inits(%z) dimension=0 {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<5xf32>, tensor<f32>)
  return %0#0 : tensor<5xf32>
}

// -----

func.func @scan_carry(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op carry 0 is initialized as 'tensor<f32>' but returned as 'tensor<i32>'}}
  %0:2 = chlo.scan(%x) inits(%z) dimension=0 {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<i32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @scan_few_results(%x: tensor<4xf32>, %z: tensor<f32>, %w: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'chlo.scan' op has 1 results, fewer than 2 carries}}
  %0 = chlo.scan(%x) inits(%z, %w) dimension=0 {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  } : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @scan_nothing(%z: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'chlo.scan' op scans no inputs and makes no outputs}}
  %0 = chlo.scan() inits(%z) dimension=0 {
  ^bb0(%b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  } : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @scan_body_args(%x: tensor<4x3xf32>, %z: tensor<3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'chlo.scan' op body must take each input's slice, then the carries: 'tensor<3xf32>', 'tensor<3xf32>', but takes 'tensor<4xf32>', 'tensor<3xf32>'}}
  %0:2 = chlo.scan(%x) inits(%z) dimension=0 {
  ^bb0(%a: tensor<4xf32>, %b: tensor<3xf32>):
    stablehlo.return %b, %b : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<4x3xf32>
}

// -----

func.func @scan_body_results(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.scan' op body must return each output's slice, then the carries: 'tensor<f32>', 'tensor<f32>', but returns 'tensor<f32>'}}
  %0:2 = chlo.scan(%x) inits(%z) dimension=0 {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @ragged_two_ragged(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op needs one lhs ragged dimension, not 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_no_group(%lhs: tensor<11x5xf32>, %rhs: tensor<5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op needs one rhs group dimension, as the lhs ragged dimension is not contracting or batch}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>} : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_contracting_group(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<3x11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op takes no rhs group dimension, as the lhs ragged dimension is contracting or batch}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return %0 : tensor<3x11x7xf32>
}

// -----

func.func @ragged_groups(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<4xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op has 4 groups but the rhs group dimension has size 3}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<4xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_contracting_sizes(%lhs: tensor<11x5xf32>, %rhs: tensor<3x4x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op contracting dimensions 1 and 1 differ in size}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x4x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_reused(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op rhs group dimension 1 is used twice}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [1]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_outside(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op lhs contracting dimension 2 is outside the operand of rank 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_sizes_type(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xf32>) -> tensor<11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op group_sizes must be a tensor of integers, not 'tensor<3xf32>'}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xf32>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @ragged_result(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x8xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op result shape must be 'tensor<11x7xf32>', not 'tensor<11x8xf32>'}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>
  return %0 : tensor<11x8xf32>
}

// -----

func.func @ragged_batch_count(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // expected-error @+1 {{'chlo.ragged_dot' op has 1 lhs and 0 rhs batching dimensions}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<2x11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @compare_result(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.broadcast_compare' op result must be of i1, not 'tensor<2x3xf32>'}}
  %c = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}

// -----

func.func @compare_elements(%x: tensor<2x3xf32>, %y: tensor<3xi32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op operands must have one element type}}
  %c = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xi1>
  return %c : tensor<2x3xi1>
}

// -----

func.func @compare_shape(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<3x3xi1> {
  // expected-error @+1 {{'chlo.broadcast_compare' op result type must be 'tensor<2x3xi1>', the operands broadcast, not 'tensor<3x3xi1>'}}
  %c = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xi1>
  return %c : tensor<3x3xi1>
}

// -----

func.func @select_pred(%p: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op pred must be of i1, not 'tensor<3xf32>'}}
  %s = chlo.broadcast_select %p, %x, %x : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

func.func @select_elements(%p: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xi32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op on_true, on_false and the result must have one element type}}
  %s = chlo.broadcast_select %p, %x, %y : (tensor<3xi1>, tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

func.func @select_shape(%p: tensor<2x1xi1>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'chlo.broadcast_select' op result type must be 'tensor<2x3xf32>', the operands broadcast, not 'tensor<3xf32>'}}
  %s = chlo.broadcast_select %p, %x, %x : (tensor<2x1xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}

// -----

func.func @polygamma_integers(%n: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.polygamma' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<4xi32>'}}
  %0 = chlo.polygamma %n, %n : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @zeta_types(%x: tensor<4xf32>, %q: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.zeta' op requires the same type for all operands and results}}
  %0 = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf16> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_zeta_integers(%x: tensor<4xi32>, %q: tensor<i32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.broadcast_zeta' op operand #0 must be ranked tensor of floating-point values, but got 'tensor<4xi32>'}}
  %0 = chlo.broadcast_zeta %x, %q : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @broadcast_polygamma_shape(%n: tensor<3xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'chlo.broadcast_polygamma' op operand dimensions 3 and 4 do not broadcast}}
  %0 = chlo.broadcast_polygamma %n, %x : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
