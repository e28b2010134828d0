// RUN: tpu-opt %s --hlo-spmd-partition=devices=1 | FileCheck %s
// On one device, a manual computation written for one device is its body,
// sharding constraints inside it dropped as every other.
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[N:.*]] = hlo.negate %arg0 : tensor<8xf32>
// CHECK-NEXT: return %[[N]]
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = hlo.manual_computation(%x) devices = 1 in_shardings = [#hlo.sharding<"{replicated}">] out_shardings = [#hlo.sharding<"{replicated}">] {
  ^bb0(%t: tensor<8xf32>):
    %c = hlo.sharding_constraint %t {sharding = #hlo.sharding<"{replicated}">} : tensor<8xf32>
    %n = hlo.negate %c : tensor<8xf32>
    hlo.yield %n : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
