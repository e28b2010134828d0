// uniform_quantize and uniform_dequantize on !quant.uniform types, per
// tensor and per axis, and the elementwise ops on quantized tensors whose
// scales differ (the spec's dequantize_op_quantize ops): they parse, verify
// and print back (quant-invalid.mlir: the rules they break).
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @per_tensor
// CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
// CHECK: stablehlo.add %{{.*}}, %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
// CHECK: stablehlo.uniform_dequantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2xf32>
func.func @per_tensor(%x: tensor<2xf32>, %y: tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xf32> {
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  %s = "stablehlo.add"(%q, %y) : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %d = stablehlo.uniform_dequantize %s : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @per_axis
// CHECK: stablehlo.uniform_quantize %{{.*}} : (tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e-01:-30,5.000000e-01:-20,1.000000e+00}>>) -> tensor<2x3x!quant.uniform<i8:f32, 2.500000e-01>>
func.func @per_axis(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20,1.0:0}>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.25>> {
  %q = stablehlo.uniform_quantize %x : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20,1.0:0}>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.25>>
  return %q : tensor<2x3x!quant.uniform<i8:f32, 0.25>>
}
