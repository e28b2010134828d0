// chlo's elementwise ops keep their operand's type.
// RUN: tpu-opt %s -split-input-file -verify-diagnostics

func.func @result_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'chlo.sinh' op requires the same type for all operands and results}}
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
