// RUN: tpu-opt %s -convert-stablehlo-to-hlo -split-input-file -verify-diagnostics

func.func @lu_int(%a: tensor<3x3xi32>) -> (tensor<3x3xi32>, tensor<3xi32>, tensor<3xi32>) {
  // expected-error @+1 {{stablehlo.custom_call is not supported by the TPU compiler: @LuDecomposition takes a matrix of f32, bf16 or f16}}
  %0:3 = stablehlo.custom_call @LuDecomposition(%a) : (tensor<3x3xi32>) -> (tensor<3x3xi32>, tensor<3xi32>, tensor<3xi32>)
  return %0#0, %0#1, %0#2 : tensor<3x3xi32>, tensor<3xi32>, tensor<3xi32>
}

// -----

func.func @lu_results(%a: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>) {
  // expected-error @+1 {{@LuDecomposition of 'tensor<3x3xf32>' returns ('tensor<3x3xf32>', 'tensor<3xi32>', 'tensor<3xi32>')}}
  %0:2 = stablehlo.custom_call @LuDecomposition(%a) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<3x3xf32>, tensor<3xi32>
}

// -----

func.func @qr_vector(%a: tensor<3xf32>) -> (tensor<3xf32>) {
  // expected-error @+1 {{@Qr takes a matrix}}
  %0 = stablehlo.custom_call @Qr(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @householder_taus(%a: tensor<3x2xf32>, %t: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{@ProductOfElementaryHouseholderReflectors takes a matrix and at most min(rows, columns) taus of its type and batch}}
  %0 = stablehlo.custom_call @ProductOfElementaryHouseholderReflectors(%a, %t) : (tensor<3x2xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @eigh_square(%a: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{@Eigh takes a square matrix}}
  %0:2 = stablehlo.custom_call @Eigh(%a) : (tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<4xf32>
}

// -----

func.func @eigh_config(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{@Eigh's backend_config "1,1,fifteen,0.1" is not "lower,sort,max_iter,tol"}}
  %0:2 = stablehlo.custom_call @Eigh(%a) {backend_config = "1,1,fifteen,0.1"} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4x4xf32>, tensor<4xf32>
}

// -----

func.func @eigh_large(%a: tensor<1100x1100xf32>) -> (tensor<1100x1100xf32>, tensor<1100xf32>) {
  // expected-error @+1 {{@Eigh of 'tensor<1100x1100xf32>' takes 1100 steps (at most 1024 are expanded)}}
  %0:2 = stablehlo.custom_call @Eigh(%a) : (tensor<1100x1100xf32>) -> (tensor<1100x1100xf32>, tensor<1100xf32>)
  return %0#0, %0#1 : tensor<1100x1100xf32>, tensor<1100xf32>
}

// -----

func.func @unknown(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{the custom call target @Svd is unknown to it}}
  %0 = stablehlo.custom_call @Svd(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @qr_wide(%a: tensor<1100x1500xf32>) -> (tensor<1100x1500xf32>, tensor<1100xf32>) {
  // expected-error @+1 {{@Qr of 'tensor<1100x1500xf32>' takes 1100 steps (at most 1024 are expanded)}}
  %0:2 = stablehlo.custom_call @Qr(%a) : (tensor<1100x1500xf32>) -> (tensor<1100x1500xf32>, tensor<1100xf32>)
  return %0#0, %0#1 : tensor<1100x1500xf32>, tensor<1100xf32>
}
