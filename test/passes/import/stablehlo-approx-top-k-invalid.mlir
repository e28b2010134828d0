// RUN: tpu-opt %s -stablehlo-approx-top-k -split-input-file -verify-diagnostics

func.func @no_config(%x: tensor<7xf32>) -> tensor<3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{stablehlo.custom_call is not supported by the TPU compiler: @ApproxTopK needs its backend_config dictionary (top_k, reduction_dim)}}
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {called_computations = [@gt]} : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @no_top_k(%x: tensor<7xf32>) -> tensor<3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{its backend_config has no integer top_k}}
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {called_computations = [@gt], mhlo.backend_config = {reduction_dim = 0 : i64}} : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @no_init(%x: tensor<7xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{@ApproxTopK takes N operands and N initial values for its N results}}
  %0 = stablehlo.custom_call @ApproxTopK(%x) {called_computations = [@gt], mhlo.backend_config = {top_k = 3 : i64, reduction_dim = 0 : i64}} : (tensor<7xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @bad_dim(%x: tensor<7xf32>) -> tensor<3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{reduction_dim 1 is out of range for rank 1}}
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {called_computations = [@gt], mhlo.backend_config = {top_k = 3 : i64, reduction_dim = 1 : i64}} : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @wrong_result(%x: tensor<7xf32>) -> tensor<4xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{top_k 3 with results of 4 entries does not fit reduction_dim's 7}}
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {called_computations = [@gt], mhlo.backend_config = {top_k = 3 : i64, reduction_dim = 0 : i64}} : (tensor<7xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @mixed_types(%x: tensor<7xf32>) -> tensor<3xf32> {
  %i = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{operand, initial value and result #0 must be a tensor of the operands' shape, a scalar and the tensor's top entries along reduction_dim, of one element type}}
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {called_computations = [@gt], mhlo.backend_config = {top_k = 3 : i64, reduction_dim = 0 : i64}} : (tensor<7xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @gt(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @no_comparator(%x: tensor<7xf32>) -> tensor<3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{@ApproxTopK needs one comparator in called_computations}}
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {mhlo.backend_config = {top_k = 3 : i64, reduction_dim = 0 : i64}} : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @comparator_types(%x: tensor<7xf32>) -> tensor<3xf32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{its comparator @gt must take two scalars of each operand's element type and return one tensor<i1>}}
  %0 = stablehlo.custom_call @ApproxTopK(%x, %i) {called_computations = [@gt], mhlo.backend_config = {top_k = 3 : i64, reduction_dim = 0 : i64}} : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @gt(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<i1>
}
