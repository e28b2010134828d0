// The README's example program stays valid and round-trips.
// RUN: tpu-opt %tpu_src_root/docs/examples/mnist_mlp.mlir | FileCheck %s
// RUN: tpu-opt %tpu_src_root/docs/examples/mnist_mlp.mlir | tpu-opt | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-COUNT-3: hlo.dot_general
// CHECK: hlo.reduce max
// CHECK: hlo.exponential
// CHECK: hlo.reduce sum
// CHECK: hlo.divide
// CHECK: return
