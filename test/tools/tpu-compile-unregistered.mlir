// RUN: not tpu-opt %s -allow-unregistered-dialect -tpu-compile 2>&1 | FileCheck %s

// The whole pipeline refuses an op of an unregistered dialect at its
// location (the StableHLO import segfaulted on it).
// CHECK: tpu-compile-unregistered.mlir:[[@LINE+2]]:8: error: test.op is not supported by the TPU compiler: its dialect is not registered
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "test.op"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
