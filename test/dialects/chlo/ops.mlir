// The chlo input dialect reads the math ops JAX exports as chlo and prints
// them back the same way.
// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @math
// CHECK: chlo.lgamma %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
// CHECK: chlo.erf_inv %arg0 : tensor<20x20xf32> -> tensor<20x20xf32>
// CHECK: chlo.next_after %arg0, %arg0 : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
func.func @math(%x: tensor<20x20xf32>) -> tensor<20x20xf32> {
  %0 = chlo.lgamma %x : tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.erf_inv %x : tensor<20x20xf32> -> tensor<20x20xf32>
  %2 = chlo.next_after %x, %x : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  return %0 : tensor<20x20xf32>
}
