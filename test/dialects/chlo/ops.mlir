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

// -----

// CHECK-LABEL: func.func @top_k
// CHECK: %{{.*}}, %{{.*}} = chlo.top_k(%{{.*}}, k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
func.func @top_k(%x: tensor<5x3xbf16>) -> (tensor<5x2xbf16>, tensor<5x2xi32>) {
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
  return %values, %indices : tensor<5x2xbf16>, tensor<5x2xi32>
}
