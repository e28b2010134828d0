// RUN: tpu-opt %s -split-input-file -allow-unregistered-dialect -tpu-verify -verify-diagnostics | FileCheck %s

// Without require-registered, unregistered ops pass (tpu-opt users embed
// their own); registered ones are still verified.
// CHECK-LABEL: func.func @unregistered_allowed
// CHECK: "test.op"
func.func @unregistered_allowed(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "test.op"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
