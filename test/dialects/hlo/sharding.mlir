// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s
// #hlo.sharding reads XLA's syntax and prints it back canonically: an iota
// device array as <=[N], any other as its list.

// CHECK-LABEL: func.func @forms
// CHECK-SAME: hlo.sharding = #hlo.sharding<"{replicated}">
// CHECK-SAME: hlo.sharding = #hlo.sharding<"{maximal device=3}">
// CHECK-SAME: hlo.sharding = #hlo.sharding<"{devices=[2,4]<=[8]}">
// CHECK-SAME: hlo.sharding = #hlo.sharding<"{devices=[2,4]<=[8]}">
// CHECK-SAME: hlo.sharding = #hlo.sharding<"{devices=[2,2]0,2,1,3}">
// CHECK-SAME: hlo.sharding = #hlo.sharding<"{devices=[2,1,2]3,2,1,0 last_tile_dim_replicate}">
// CHECK-SAME: hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">
func.func @forms(%a: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{replicated}">},
                 %b: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{maximal device=3}">},
                 %c: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,4]<=[8]}">},
                 %d: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,4]0,1,2,3,4,5,6,7}">},
                 %e: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[2,2]T(1,0)}">},
                 %f: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,1,2]3,2,1,0 last_tile_dim_replicate}">},
                 %g: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<" { devices=[4,1]<=[4] metadata={op_name=\"x\"} } ">}) {
  return
}

// -----

// CHECK-LABEL: func.func @constraint
// CHECK: hlo.sharding_constraint %{{.*}} {sharding = #hlo.sharding<"{devices=[1,2]<=[2]}">} : tensor<4x6xf32>
// CHECK: hlo.sharding_constraint %{{.*}} {sharding = #hlo.sharding<"{replicated}">} : tensor<4x6xf32>
func.func @constraint(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %y = hlo.sharding_constraint %x {sharding = #hlo.sharding<"{devices=[1,2]<=[2]}">} : tensor<4x6xf32>
  %z = hlo.sharding_constraint %y {sharding = #hlo.sharding<"{replicated}">} : tensor<4x6xf32>
  return %z : tensor<4x6xf32>
}

// -----

// A manual computation: tiles in, tiles out; its body's collectives are
// per device.
// CHECK-LABEL: func.func @manual
// CHECK: %[[R:.*]] = hlo.manual_computation(%{{.*}}) devices = 2 in_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] out_shardings = [#hlo.sharding<"{replicated}">] {
// CHECK-NEXT: ^bb0(%[[T:.*]]: tensor<2x6xf32>):
// CHECK-NEXT: %[[S:.*]] = hlo.all_reduce sum %[[T]]
// CHECK-NEXT: hlo.yield %[[S]] : tensor<2x6xf32>
// CHECK-NEXT: } : (tensor<4x6xf32>) -> tensor<2x6xf32>
func.func @manual(%x: tensor<4x6xf32>) -> tensor<2x6xf32> {
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] out_shardings = [#hlo.sharding<"{replicated}">] {
  ^bb0(%t: tensor<2x6xf32>):
    %s = hlo.all_reduce sum %t {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : tensor<2x6xf32>
    hlo.yield %s : tensor<2x6xf32>
  } : (tensor<4x6xf32>) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}
