// The verifiers of the legacy broadcast, optimization_barrier,
// get_dimension_size, map, composite and the batch norm ops: each rule of
// the specification (the id in parentheses) refused at the op.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @broadcast_result(%a: tensor<3xi32>) -> tensor<2x1xi32> {
  // expected-error @+1 {{result type must be 'tensor<2x3xi32>' (broadcast_sizes, then the operand's shape), not 'tensor<2x1xi32>'}}
  %0 = stablehlo.broadcast %a, sizes = [2] : (tensor<3xi32>) -> tensor<2x1xi32>
  return %0 : tensor<2x1xi32>
}

// -----

func.func @broadcast_negative(%a: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{broadcast_sizes [-1] must not be negative}}
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: -1>} : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @barrier_types(%a: tensor<3xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{(optimization_barrier_c1) the results must have the operands' types}}
  %0 = "stablehlo.optimization_barrier"(%a) : (tensor<3xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @dimension_size_c1(%a: tensor<3xf32>) -> tensor<i32> {
  // expected-error @+1 {{(get_dimension_size_c1) dimension 1 is not a dimension of a rank-1 operand}}
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @dimension_size_rank(%a: tensor<3xf32>) -> tensor<1xi32> {
  // expected-error @+1 {{result must be a rank-0 tensor of i32}}
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<3xf32>) -> tensor<1xi32>
  return %0 : tensor<1xi32>
}

// -----

func.func @map_c1(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{(map_c1) inputs and result must have one shape}}
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    stablehlo.return %p : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map_c2() -> tensor<3xf32> {
  // expected-error @+1 {{(map_c2) needs at least one input}}
  %0 = "stablehlo.map"() ({
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) {dimensions = array<i64: 0>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map_c3(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(map_c3) dimensions must be [0, 1], not [1, 0]}}
  %0 = "stablehlo.map"(%a) ({
  ^bb0(%p: tensor<f32>):
    stablehlo.return %p : tensor<f32>
  }) {dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @map_c4_arity(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{(map_c4) the computation takes 1 arguments for 2 inputs}}
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%p: tensor<f32>):
    stablehlo.return %p : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map_c4_argument(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{(map_c4) computation argument #0 must be 'tensor<f32>', not 'tensor<i32>'}}
  %0 = "stablehlo.map"(%a) ({
  ^bb0(%p: tensor<i32>):
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map_c4_return(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{(map_c4) the computation must return one 'tensor<f32>'}}
  %0 = "stablehlo.map"(%a) ({
  ^bb0(%p: tensor<f32>):
    stablehlo.return %p, %p : tensor<f32>, tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func private @id(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @composite_c1(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(composite_c1) name must be a valid namespaced op name, not 'foo.'}}
  %0 = stablehlo.composite "foo." %a {decomposition = @id} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @composite_c2(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(composite_c2) 'missing' does not reference a valid function}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @missing} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @id(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @composite_c3_count(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{(composite_c3) has 2 operand(s), but decomposition has 1}}
  %0 = stablehlo.composite "my.op" %a, %a {decomposition = @id} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @id(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @composite_c3_type(%a: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{(composite_c3) operand at index 0 has type 'tensor<i32>', but decomposition has type 'tensor<f32>'}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @id} : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @id(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @composite_c4_count(%a: tensor<f32>) {
  // expected-error @+1 {{(composite_c4) has 0 result(s), but decomposition has 1}}
  stablehlo.composite "my.op" %a {decomposition = @id} : (tensor<f32>) -> ()
  return
}

// -----

func.func private @id(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @composite_c4_type(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{(composite_c4) result at index 0 has type 'tensor<i32>', but decomposition has type 'tensor<f32>'}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @id} : (tensor<f32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @batch_norm_c1(%x: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{(batch_norm_inference_c1) feature_index 2 is not a dimension of a rank-2 operand}}
  %0 = "stablehlo.batch_norm_inference"(%x, %v, %v, %v, %v) {epsilon = 0.001 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_float(%x: tensor<2x3xi32>, %v: tensor<3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{operand must have float elements, not 'i32'}}
  %0 = "stablehlo.batch_norm_inference"(%x, %v, %v, %v, %v) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @batch_norm_c2(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %h: tensor<3xf16>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{(batch_norm_training_c2) offset must have the operand's element type 'f32', not 'f16'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %v, %h) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf16>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_feature_size(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %w: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{mean must be rank 1 of the feature dimension's size (3), not 'tensor<2xf32>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %v, %w, %v, %x) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_full_shape(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %y: tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{grad_output must have the operand's shape, not 'tensor<4x3xf32>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %v, %v, %v, %y) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_means(%x: tensor<2x3xf32>, %v: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>) {
  // expected-error @+1 {{batch_mean must be rank 1 of the feature dimension's size (3), not 'tensor<2xf32>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %v, %v) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>
}

// -----

func.func @rng_bit_generator_c1(%s: tensor<2xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{(rng_bit_generator_c1) output_state must have initial_state's type 'tensor<2xui64>'}}
  %0, %1 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_c2_threefry(%s: tensor<3xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{(rng_bit_generator_c2) THREE_FRY takes a state of 2 elements (a key and a counter), not 3}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_c2_philox(%s: tensor<4xui64>) -> tensor<4xui32> {
  // expected-error @+1 {{(rng_bit_generator_c2) PHILOX takes a state of 2 or 3 elements (a key and a counter), not 4}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return %1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_state_type(%s: tensor<2xi32>) -> tensor<4xui32> {
  // expected-error @+1 {{initial_state must be a rank-1 tensor of ui64, not 'tensor<2xi32>'}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xi32>) -> (tensor<2xi32>, tensor<4xui32>)
  return %1 : tensor<4xui32>
}

// -----

func.func @rng_bit_generator_output(%s: tensor<2xui64>) -> tensor<4xi1> {
  // expected-error @+1 {{output must have integer or float elements, not 'i1'}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xi1>)
  return %1 : tensor<4xi1>
}

// -----

func.func @rng_c1(%a: tensor<f32>, %b: tensor<f16>) -> tensor<4xf32> {
  %s = stablehlo.constant dense<4> : tensor<1xi64>
  // expected-error @+1 {{(rng_c1) a, b and the result must have one element type, not 'f16' and 'f32'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f16>, tensor<1xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rng_c2(%a: tensor<i32>, %b: tensor<i32>) -> tensor<4xi32> {
  %s = stablehlo.constant dense<4> : tensor<1xi64>
  // expected-error @+1 {{(rng_c2) a NORMAL distribution has float elements, not 'i32'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @rng_c3(%a: tensor<f32>, %b: tensor<f32>) -> tensor<5xf32> {
  %s = stablehlo.constant dense<4> : tensor<1xi64>
  // expected-error @+1 {{(rng_c3) the result's shape must be [4], the one `shape` holds}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @rng_shape_operand(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<?xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #2 must be statically shaped 1-dimensional tensor of integer values, but got 'tensor<?xi64>'}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<?xi64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_iota_c1(%s: tensor<2xi64>) -> tensor<4x2xi32> {
  // expected-error @+1 {{(dynamic_iota_c1) iota_dimension 2 is not a dimension of a rank-2 result}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

func.func @dynamic_iota_shape_size(%s: tensor<3xi64>) -> tensor<4x2xi32> {
  // expected-error @+1 {{output_shape holds 3 sizes for a rank-2 result}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

func.func @dynamic_iota_constant_shape() -> tensor<4x2xi32> {
  %s = stablehlo.constant dense<[4, 3]> : tensor<2xi64>
  // expected-error @+1 {{output shape [4, 3] is incompatible with the result type 'tensor<4x2xi32>'}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

func.func @dynamic_reshape_c1(%x: tensor<8xf32>, %s: tensor<2xi64>) -> tensor<4x2xi32> {
  // expected-error @+1 {{(dynamic_reshape_c1) operand and result element types differ}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<8xf32>, tensor<2xi64>) -> tensor<4x2xi32>
  return %0 : tensor<4x2xi32>
}

// -----

func.func @dynamic_reshape_c2(%x: tensor<8xf32>, %s: tensor<2xi64>) -> tensor<4x3xf32> {
  // expected-error @+1 {{(dynamic_reshape_c2) operand and result must have the same number of elements, not 8 and 12}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<8xf32>, tensor<2xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dynamic_broadcast_c5(%x: tensor<1x3xi32>) -> tensor<?x?x?xi32> {
  %s = stablehlo.constant dense<[2, 1, 1]> : tensor<3xi32>
  // expected-error @+1 {{(dynamic_broadcast_in_dim_c5) size of operand dimension 1 (3) is not equal to 1 or value of shape at index 2 (1)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1, 2] : (tensor<1x3xi32>, tensor<3xi32>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}

// -----

func.func @dynamic_broadcast_rank(%x: tensor<2x3xi32>, %s: tensor<3xi64>) -> tensor<4x2x3xi32> {
  // expected-error @+1 {{broadcast_dimensions [1] must name one result dimension per operand dimension (2)}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<2x3xi32>, tensor<3xi64>) -> tensor<4x2x3xi32>
  return %0 : tensor<4x2x3xi32>
}

// -----

func.func @dynamic_broadcast_known(%x: tensor<2x3xi32>, %s: tensor<3xi64>) -> tensor<4x2x3xi32> {
  // expected-error @+1 {{known dimension 0 is not a distinct operand dimension}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = array<i64: 1, 2>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<3xi64>) -> tensor<4x2x3xi32>
  return %0 : tensor<4x2x3xi32>
}

// -----

func.func @einsum_config(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{einsum_config 'ab,bc' is not `lhs,rhs->result`}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_rank(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{rhs labels 'bcd' must name its 2 dimensions}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bcd->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_repeated(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{lhs labels 'aa' must be distinct letters}}
  %0 = stablehlo.einsum %a, %b, config = "aa,ac->ac" : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @einsum_unknown_label(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{result label 'z' labels no operand dimension}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->az" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_sizes(%a: tensor<2x3xf32>, %b: tensor<5x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{label 'b' has sizes 3 and 5}}
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<5x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @cholesky_c2(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{(cholesky_c2) a must have rank 2 or more, not 1}}
  %0 = stablehlo.cholesky %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @cholesky_c3(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{(cholesky_c3) a must be square in its last two dimensions}}
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @cholesky_float(%a: tensor<3x3xi32>) -> tensor<3x3xi32> {
  // expected-error @+1 {{a must have float elements, not 'i32'}}
  %0 = stablehlo.cholesky %a : tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// -----

func.func @cholesky_c1(%a: tensor<3x3xf32>) -> tensor<3x3xf16> {
  // expected-error @+1 {{all of {a, result} have same type}}
  %0 = "stablehlo.cholesky"(%a) : (tensor<3x3xf32>) -> tensor<3x3xf16>
  return %0 : tensor<3x3xf16>
}

// -----

func.func @tuple_c1(%a: tensor<2xf32>) -> tuple<tensor<3xf32>> {
  // expected-error @+1 {{(tuple_c1) the result must be the tuple of the operands' types}}
  %0 = "stablehlo.tuple"(%a) : (tensor<2xf32>) -> tuple<tensor<3xf32>>
  return %0 : tuple<tensor<3xf32>>
}

// -----

func.func @get_tuple_element_c1(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {
  // expected-error @+1 {{(get_tuple_element_c1) index 2 is not an element of a 2-element tuple}}
  %0 = stablehlo.get_tuple_element %t[2] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @get_tuple_element_c2(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {
  // expected-error @+1 {{(get_tuple_element_c2) the result must have the element's type 'tensor<i32>'}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return %0 : tensor<f32>
}
