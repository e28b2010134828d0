// What convert-stablehlo-to-hlo cannot express: one error at the op, naming
// it and why; nothing is rewritten.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo -verify-diagnostics

func.func @f64(%x: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{stablehlo.add is not supported by the TPU compiler: element type 'f64' (TPUs have no 'f64' arithmetic; XLA:TPU rejects it too)}}
  %0 = stablehlo.add %x, %x : tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @unsigned3(%x: tensor<2xui3>) -> tensor<2xui3> {
  // expected-error @+1 {{stablehlo.add is not supported by the TPU compiler: element type 'ui3' (the TPU compiler supports f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1)}}
  %0 = stablehlo.add %x, %x : tensor<2xui3>
  return %0 : tensor<2xui3>
}

// -----

func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{stablehlo.abs is not supported by the TPU compiler: it needs tensors of static shape, not 'tensor<?xf32>'}}
  %0 = stablehlo.abs %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @reduce_precision_fp8(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{stablehlo.reduce_precision is not supported by the TPU compiler: reduce_precision to e4m3 (the TPU rounds to bf16's e8m7 and f16's e5m10)}}
  %0 = stablehlo.reduce_precision %x, format = e4m3 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// hlo orders an integer by its type: a SIGNED compare of unsigned values
// (or UNSIGNED of signless ones) would need a bitcast first.
func.func @signed_compare_of_unsigned(%x: tensor<2xui16>) -> tensor<2xi1> {
  // expected-error @+1 {{stablehlo.compare is not supported by the TPU compiler: compare_type SIGNED on 'ui16' elements}}
  %0 = stablehlo.compare  LT, %x, %x,  SIGNED : (tensor<2xui16>, tensor<2xui16>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// TOTALORDER orders floats only.
func.func @total_order(%x: tensor<2xi32>) -> tensor<2xi1> {
  // expected-error @+1 {{stablehlo.compare is not supported by the TPU compiler: compare_type TOTALORDER on 'i32' elements}}
  %0 = stablehlo.compare  LT, %x, %x,  TOTALORDER : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @variadic_reduce(%x: tensor<4xf32>, %i: tensor<4xi32>, %c: tensor<f32>, %z: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{stablehlo.reduce is not supported by the TPU compiler: a reduce of 2 inputs that neither reduces each on its own nor is JAX's argmax or argmin (values and an iota along the one reduced dimension, the best value's first index)}}
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%d: tensor<i32>, %e: tensor<i32>) {
    stablehlo.return %a, %d : tensor<f32>, tensor<i32>
  }
  return %0#0 : tensor<f32>
}

// -----

// The body is JAX's argmax, but it starts from 5, not -inf.
func.func @argmax_init(%x: tensor<4xf32>) -> tensor<i32> {
  %iota = stablehlo.iota dim = 0 : tensor<4xi32>
  %five = stablehlo.constant dense<5.0> : tensor<f32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{stablehlo.reduce is not supported by the TPU compiler: an argmax or argmin whose init values are not the lowest (highest) value and index 0}}
  %0:2 = stablehlo.reduce(%x init: %five), (%iota init: %c0) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%v: tensor<f32>, %w: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>)  {
    %1 = stablehlo.compare  GT, %v, %w,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.compare  NE, %v, %v,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.or %1, %2 : tensor<i1>
    %4 = stablehlo.compare  EQ, %v, %w,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare  LT, %i, %j,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %3, %6 : tensor<i1>
    %8 = stablehlo.select %3, %v, %w : tensor<i1>, tensor<f32>
    %9 = stablehlo.select %7, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %8, %9 : tensor<f32>, tensor<i32>
  }
  return %0#1 : tensor<i32>
}

// -----

func.func @reduce_body(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{stablehlo.reduce is not supported by the TPU compiler: its body is not one add, multiply, maximum or minimum (or, and on i1) of its two arguments}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.subtract across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @bitwise_reduce(%x: tensor<4xi32>, %c: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{its body is not one add, multiply, maximum or minimum (or, and on i1) of its two arguments}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.or across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @custom_call(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{stablehlo.custom_call is not supported by the TPU compiler: the custom call target @SPMDFullToShardShape is unknown to it}}
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @iota_bool() -> tensor<2xi1> {
  // expected-error @+1 {{stablehlo.iota is not supported by the TPU compiler: an iota of i1 elements}}
  %0 = stablehlo.iota dim = 0 : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @sign_bool(%x: tensor<2xi1>) -> tensor<2xi1> {
  // expected-error @+1 {{stablehlo.sign is not supported by the TPU compiler: sign of i1 elements}}
  %0 = stablehlo.sign %x : tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @two_results(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{stablehlo.custom_call is not supported by the TPU compiler: the custom call target @pair is unknown to it}}
  %0:2 = stablehlo.custom_call @pair(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0 : tensor<2xf32>
}

// -----

// A window body works on scalars; a broadcast to a vector in it is not
// elementwise.
func.func @window_body(%x: tensor<4xf32>, %c: tensor<f32>) -> tensor<3xf32> {
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-error @+1 {{stablehlo.broadcast_in_dim is not supported by the TPU compiler: in a body applied elementwise, only elementwise ops on scalars}}
    %v = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %s = stablehlo.reduce(%v init: %b) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @scatter_body(%x: tensor<5x3xf32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %i = stablehlo.constant dense<[[4], [1]]> : tensor<2x1xi64>
  // expected-error @+1 {{stablehlo.scatter is not supported by the TPU compiler: its update computation is not a replacement or one add, multiply, maximum or minimum (or, and on i1)}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.subtract %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @scatter_two(%x: tensor<5x3xf32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %i = stablehlo.constant dense<[[4], [1]]> : tensor<2x1xi64>
  // expected-error @+1 {{stablehlo.scatter is not supported by the TPU compiler: a scatter of 2 inputs}}
  %0:2 = "stablehlo.scatter"(%x, %x, %i, %u, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    stablehlo.return %c, %d : tensor<f32>, tensor<f32>
  }) : (tensor<5x3xf32>, tensor<5x3xf32>, tensor<2x1xi64>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>)
  return %0#0 : tensor<5x3xf32>
}

// -----

// A loop carrying a type the TPU does not compute is refused at the loop.
func.func @while_f64(%x: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+1 {{stablehlo.while is not supported by the TPU compiler: element type 'f64'}}
  %0 = stablehlo.while(%a = %x) : tensor<4xf64>
   cond {
    %c = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %a : tensor<4xf64>
  }
  return %0 : tensor<4xf64>
}

// -----

// An op in a branch that does not convert is named where it is.
func.func @if_inner(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.if"(%p) ({
    // expected-error @+1 {{stablehlo.custom_call is not supported by the TPU compiler: the custom call target @foo is unknown to it}}
    %c = stablehlo.custom_call @foo(%x) : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %c : tensor<4xf32>
  }, {
    stablehlo.return %x : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_select_body(%x: tensor<4xf32>, %s: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.select_and_scatter is not supported by the TPU compiler: its select body is not one compare of its two arguments}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %b, %a,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_scatter_body(%x: tensor<4xf32>, %s: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.select_and_scatter is not supported by the TPU compiler: its scatter body is not one add of its two arguments}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_source_shape(%x: tensor<4xf32>, %s: tensor<3xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{(select_and_scatter_c2) the source must be 'tensor<2xf32>', one element per window, but is 'tensor<3xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An op the dialect parses (for complex numbers, which the TPU lacks) but
// the conversion does not take.
func.func @real(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.real is not supported by the TPU compiler: no conversion to hlo exists for it yet}}
  %0 = stablehlo.real %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_window_too_large(%x: tensor<2048xf32>, %s: tensor<1xf32>, %init: tensor<f32>) -> tensor<2048xf32> {
  // expected-error @+1 {{stablehlo.select_and_scatter is not supported by the TPU compiler: a window of 2048 elements (at most 1024 are expanded)}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2048>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<2048xf32>, tensor<1xf32>, tensor<f32>) -> tensor<2048xf32>
  return %0 : tensor<2048xf32>
}

// -----

func.func @dynamic_slice_vector_index(%x: tensor<4xf32>, %i: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{(dynamic_slice_c3) start indices must be 0-d integer tensors, but one is 'tensor<1xi32>'}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<4xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_update_slice_rank(%x: tensor<4xf32>, %u: tensor<1x1xf32>, %i: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{(dynamic_update_slice_c3) the update must have the operand's rank (1), but has rank 2}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<1x1xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Three inputs whose results mix them.
func.func @variadic_mixed(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{stablehlo.reduce is not supported by the TPU compiler: a reduce of several inputs whose body does not reduce each on its own}}
  %0:3 = stablehlo.reduce(%x init: %c), (%y init: %c), (%z init: %c) across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>)
   reducer(%a: tensor<f32>, %d: tensor<f32>) (%b: tensor<f32>, %e: tensor<f32>) (%f: tensor<f32>, %g: tensor<f32>) {
    %1 = stablehlo.add %a, %d : tensor<f32>
    %2 = stablehlo.add %a, %e : tensor<f32>
    %3 = stablehlo.add %f, %g : tensor<f32>
    stablehlo.return %1, %2, %3 : tensor<f32>, tensor<f32>, tensor<f32>
  }
  return %0#0 : tensor<f32>
}

// -----

func.func @triangular_integers(%a: tensor<3x3xi32>, %b: tensor<3x2xi32>) -> tensor<3x2xi32> {
  // expected-error @+1 {{stablehlo.triangular_solve is not supported by the TPU compiler: elements of type 'i32' (the spec solves float systems)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

func.func @triangular_large(%a: tensor<1025x1025xf32>, %b: tensor<1025x1xf32>) -> tensor<1025x1xf32> {
  // expected-error @+1 {{stablehlo.triangular_solve is not supported by the TPU compiler: a system of 1025 rows (at most 1024 are substituted)}}
  %0 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<1025x1025xf32>, tensor<1025x1xf32>) -> tensor<1025x1xf32>
  return %0 : tensor<1025x1xf32>
}

// -----

// A composite's decomposition is inlined before the import (the import
// pipeline's inliner treats it as a call); one left standing is refused.
func.func private @id(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @composite_not_inlined(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{stablehlo.composite is not supported by the TPU compiler: its decomposition @id was not inlined}}
  %0 = stablehlo.composite "my.id" %a {decomposition = @id} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// map's computation is applied to whole tensors, so it holds elementwise
// ops on scalars only.
func.func @map_region_op(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    // expected-error @+1 {{stablehlo.reduce is not supported by the TPU compiler: in a body applied elementwise, only elementwise ops on scalars}}
    %r = stablehlo.reduce(%x init: %x) applies stablehlo.add across dimensions = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// XLA's bit generators produce 32- and 64-bit words.
func.func @rng_bytes(%s: tensor<2xui64>) -> tensor<4xui8> {
  // expected-error @+1 {{stablehlo.rng_bit_generator is not supported by the TPU compiler: output elements of type 'ui8' (XLA's generators produce 32- and 64-bit elements)}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui8>)
  return %1 : tensor<4xui8>
}

// -----

// A tuple has no hlo value: one that reaches an op other than
// get_tuple_element (a call the inliner could not inline) is refused.
func.func private @consume(tuple<tensor<2xf32>>) -> tensor<2xf32>

func.func @tuple_to_call(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{stablehlo.tuple is not supported by the TPU compiler: its tuple is used by func.call (only get_tuple_element takes tuples apart)}}
  %t = stablehlo.tuple %a : tuple<tensor<2xf32>>
  %0 = func.call @consume(%t) : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A tuple such a call returns was not built here: it cannot be taken apart.
func.func private @produce() -> tuple<tensor<2xf32>>

func.func @tuple_from_call() -> tensor<2xf32> {
  %t = func.call @produce() : () -> tuple<tensor<2xf32>>
  // expected-error @+1 {{stablehlo.get_tuple_element is not supported by the TPU compiler: a tuple not built by stablehlo.tuple in this function}}
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @set_dimension_size_run_time(%a: tensor<4x2xf32>, %s: tensor<i32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{stablehlo.set_dimension_size is not supported by the TPU compiler: dimension 1 gets a size known only at run time (XLA's dynamic padding); the TPU compiler takes static shapes, so the size must be the constant 2}}
  %0 = stablehlo.set_dimension_size %a, %s, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @set_dimension_size_smaller(%a: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %one = stablehlo.constant dense<1> : tensor<i32>
  // expected-error @+1 {{so the size must be the constant 2}}
  %0 = stablehlo.set_dimension_size %a, %one, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @dynamic_gather_run_time(%g: tensor<4x9xi32>, %i: tensor<5x1xi32>, %sizes: tensor<2xi64>) -> tensor<5x8xi32> {
  // expected-error @+1 {{stablehlo.dynamic_gather is not supported by the TPU compiler: slice_sizes must be a constant}}
  %1 = "stablehlo.dynamic_gather"(%g, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<4x9xi32>, tensor<5x1xi32>, tensor<2xi64>) -> tensor<5x8xi32>
  return %1 : tensor<5x8xi32>
}

// -----

func.func @dynamic_conv_run_time(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x4x16xf32>, %pad: tensor<2x2xi32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{stablehlo.dynamic_conv is not supported by the TPU compiler: padding must be a constant}}
  %2 = "stablehlo.dynamic_conv"(%x, %k, %pad) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>, tensor<2x2xi32>) -> tensor<1x8x8x16xf32>
  return %2 : tensor<1x8x8x16xf32>
}

// -----

func.func @select_and_scatter_negative_padding(%x: tensor<4xf32>, %s: tensor<1xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.select_and_scatter is not supported by the TPU compiler: negative padding}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %init) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[-1, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4xf32>, tensor<1xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_pad_run_time(%x: tensor<2x3xf32>, %v: tensor<f32>, %p: tensor<2xi64>) -> tensor<4x5xf32> {
  // expected-error @+1 {{stablehlo.dynamic_pad is not supported by the TPU compiler: its paddings must be constants}}
  %0 = stablehlo.dynamic_pad %x, %v, %p, %p, %p : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// chlo.broadcast_compare's compare_type obeys compare's rules.
func.func @broadcast_compare_type(%x: tensor<2x3xf32>, %y: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{chlo.broadcast_compare is not supported by the TPU compiler: compare_type UNSIGNED on 'f32' elements}}
  %c = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type UNSIGNED>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %c : tensor<2x3xi1>
}

// -----

// An f64 constant is folded only when every use converts it to a narrower
// type; computing with it is refused as any f64 arithmetic.
func.func @f64_constant_computed(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{stablehlo.constant is not supported by the TPU compiler: element type 'f64'}}
  %c = stablehlo.constant dense<0.5> : tensor<f64>
  %d = stablehlo.add %c, %c : tensor<f64>
  %f = stablehlo.convert %c : (tensor<f64>) -> tensor<f32>
  %y = stablehlo.add %x, %f : tensor<f32>
  return %y : tensor<f32>
}
