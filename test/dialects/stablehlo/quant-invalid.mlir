// The rules of uniform_quantize, uniform_dequantize and of elementwise ops
// on quantized tensors, each refused at its op.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @quantize_to_float(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{(uniform_quantize) the result must be of a !quant.uniform type, not 'f32'}}
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2xf32>
  return %q : tensor<2xf32>
}

// -----

func.func @quantize_integer(%x: tensor<2xi32>) -> tensor<2x!quant.uniform<i8:f32, 0.1>> {
  // expected-error @+1 {{(uniform_quantize) the operand must be of a float or !quant.uniform type, not 'i32'}}
  %q = stablehlo.uniform_quantize %x : (tensor<2xi32>) -> tensor<2x!quant.uniform<i8:f32, 0.1>>
  return %q : tensor<2x!quant.uniform<i8:f32, 0.1>>
}

// -----

func.func @quantize_c2(%x: tensor<2xbf16>) -> tensor<2x!quant.uniform<i8:f32, 0.1>> {
  // expected-error @+1 {{(uniform_quantize_c2) the result's expressed type 'f32' must be the operand's element type 'bf16'}}
  %q = stablehlo.uniform_quantize %x : (tensor<2xbf16>) -> tensor<2x!quant.uniform<i8:f32, 0.1>>
  return %q : tensor<2x!quant.uniform<i8:f32, 0.1>>
}

// -----

func.func @quantize_shape(%x: tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1>> {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1>>
  return %q : tensor<3x!quant.uniform<i8:f32, 0.1>>
}

// -----

func.func @per_axis_scales(%x: tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.1,0.2}>> {
  // expected-error @+1 {{quantized dimension 1 of 'tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>' has size 3 but 2 scales}}
  %q = stablehlo.uniform_quantize %x : (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.1,0.2}>>
  return %q : tensor<2x3x!quant.uniform<i8:f32:1, {0.1,0.2}>>
}

// -----

func.func @per_axis_rank(%x: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:1, {0.1,0.2}>> {
  // expected-error @+1 {{quantized dimension 1 of 'tensor<2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>' is not below its rank}}
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:1, {0.1,0.2}>>
  return %q : tensor<2x!quant.uniform<i8:f32:1, {0.1,0.2}>>
}

// -----

func.func @dequantize_float(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{(uniform_dequantize) the operand must be of a !quant.uniform type, not 'f32'}}
  %d = stablehlo.uniform_dequantize %x : (tensor<2xf32>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}

// -----

func.func @dequantize_c2(%x: tensor<2x!quant.uniform<i8:f32, 0.1>>) -> tensor<2xbf16> {
  // expected-error @+1 {{(uniform_dequantize_c2) the result's element type 'bf16' must be the operand's expressed type 'f32'}}
  %d = stablehlo.uniform_dequantize %x : (tensor<2x!quant.uniform<i8:f32, 0.1>>) -> tensor<2xbf16>
  return %d : tensor<2xbf16>
}

// -----

func.func @add_mixed(%x: tensor<2x!quant.uniform<i8:f32, 0.1>>, %y: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{requires one type for all operands and results, or quantized tensors of one shape, storage type and expressed type, but has 'tensor<2x!quant.uniform<i8:f32, 1.000000e-01>>' and 'tensor<2xf32>'}}
  %s = "stablehlo.add"(%x, %y) : (tensor<2x!quant.uniform<i8:f32, 0.1>>, tensor<2xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

func.func @add_storage(%x: tensor<2x!quant.uniform<i8:f32, 0.1>>, %y: tensor<2x!quant.uniform<i16:f32, 0.1>>) -> tensor<2x!quant.uniform<i8:f32, 0.1>> {
  // expected-error @+1 {{requires one type for all operands and results, or quantized tensors of one shape, storage type and expressed type}}
  %s = "stablehlo.add"(%x, %y) : (tensor<2x!quant.uniform<i8:f32, 0.1>>, tensor<2x!quant.uniform<i16:f32, 0.1>>) -> tensor<2x!quant.uniform<i8:f32, 0.1>>
  return %s : tensor<2x!quant.uniform<i8:f32, 0.1>>
}

// -----

func.func @add_plain(%x: tensor<2xf32>, %y: tensor<2xbf16>) -> tensor<2xf32> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %s = "stablehlo.add"(%x, %y) : (tensor<2xf32>, tensor<2xbf16>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
