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
