// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo | FileCheck %s

// f64 constants whose every use converts them to a narrower type (PyTorch's
// Python floats) are folded into constants of each convert's type, each
// value rounded once from f64.

// CHECK-LABEL: func.func @scalar_to_f32
// CHECK: %[[C:.*]] = hlo.constant dense<1.000000e-01> : tensor<f32>
// CHECK-NOT: f64
// CHECK: hlo.broadcast_in_dim %[[C]]
func.func @scalar_to_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0.1> : tensor<f64>
  %f = stablehlo.convert %c : (tensor<f64>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %y = stablehlo.multiply %x, %b : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// One rounding, not two: 1 + 2^-8 + 2^-30 is above the midpoint of 1 and
// 1 + 2^-7 in bf16 (1.0078125), but in f32 it is the midpoint itself,
// which bf16 would then round to even (1.0).
// CHECK-LABEL: func.func @once_to_bf16
// CHECK: hlo.constant dense<1.007810e+00> : tensor<bf16>
// CHECK: %[[F:.*]] = hlo.constant dense<1.00390625> : tensor<f32>
// CHECK: hlo.convert %[[F]] : (tensor<f32>) -> tensor<bf16>
func.func @once_to_bf16() -> (tensor<bf16>, tensor<bf16>) {
  %c = stablehlo.constant dense<1.0039062509313226> : tensor<f64>
  %direct = stablehlo.convert %c : (tensor<f64>) -> tensor<bf16>
  %f = stablehlo.convert %c : (tensor<f64>) -> tensor<f32>
  %twice = stablehlo.convert %f : (tensor<f32>) -> tensor<bf16>
  return %direct, %twice : tensor<bf16>, tensor<bf16>
}

// -----

// To integers: toward zero, saturating, NaN to 0; to i1: non-zero.
// CHECK-LABEL: func.func @to_integers
// CHECK: hlo.constant dense<[2, -2, 2147483647, -2147483648, 0, 0]> : tensor<6xi32>
// CHECK: hlo.constant dense<[2, 0, 255, 0, 0, 0]> : tensor<6xui8>
// CHECK: hlo.constant dense<[true, true, true, true, true, false]> : tensor<6xi1>
func.func @to_integers() -> (tensor<6xi32>, tensor<6xui8>, tensor<6xi1>) {
  %c = stablehlo.constant dense<[2.7, -2.7, 1.0e20, -1.0e20, 0x7FF8000000000000, 0.0]> : tensor<6xf64>
  %i = stablehlo.convert %c : (tensor<6xf64>) -> tensor<6xi32>
  %u = stablehlo.convert %c : (tensor<6xf64>) -> tensor<6xui8>
  %p = stablehlo.convert %c : (tensor<6xf64>) -> tensor<6xi1>
  return %i, %u, %p : tensor<6xi32>, tensor<6xui8>, tensor<6xi1>
}
