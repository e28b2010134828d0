// RUN: tpu-opt %s -split-input-file --hlo-spmd-partition=devices=4 | FileCheck %s
// A manual computation's body is each device's program as written: its
// inputs are resharded to the tiles it takes, its results keep the layout
// it gives them, and the ops around it are partitioned as usual.

// (The exponential takes the layout the manual computation wants.)
// CHECK-LABEL: func.func @manual
// CHECK-SAME: (%[[X:.*]]: tensor<2x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">})
// CHECK-SAME: -> (tensor<8x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">})
// CHECK: %[[G:.*]] = hlo.all_gather %[[X]], dim = 0
// CHECK: %[[T:.*]] = hlo.dynamic_slice %[[G]]{{.*}} -> tensor<8x4xf32>
// CHECK: %[[E:.*]] = hlo.exponential %[[T]] : tensor<8x4xf32>
// CHECK: %[[S:.*]] = hlo.all_reduce sum %[[E]] {groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>} : tensor<8x4xf32>
// CHECK: %[[N:.*]] = hlo.negate %[[S]] : tensor<8x4xf32>
// CHECK-NOT: hlo.manual_computation
// CHECK: return %[[N]]
func.func @manual(%x: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<8x16xf32> {
  %e = hlo.exponential %x : tensor<8x16xf32>
  %r = hlo.manual_computation(%e) devices = 4 in_shardings = [#hlo.sharding<"{devices=[1,4]<=[4]}">] out_shardings = [#hlo.sharding<"{devices=[1,4]<=[4]}">] {
  ^bb0(%t: tensor<8x4xf32>):
    %s = hlo.all_reduce sum %t {groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : tensor<8x4xf32>
    hlo.yield %s : tensor<8x4xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n = hlo.negate %r : tensor<8x16xf32>
  return %n : tensor<8x16xf32>
}

// -----

// What the body reads from outside is whole on every device; a program with
// no annotation but a manual computation is partitioned too.
// CHECK-LABEL: func.func @captured
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}, %[[Y:.*]]: tensor<2xf32> {hlo.sharding = #hlo.sharding<"{replicated}">})
// CHECK: %[[A:.*]] = hlo.abs %[[X]] : tensor<2xf32>
// CHECK: %[[S:.*]] = hlo.add %[[A]], %[[Y]] : tensor<2xf32>
// CHECK: return %[[S]]
func.func @captured(%x: tensor<8xf32>, %y: tensor<2xf32>) -> tensor<8xf32> {
  %a = hlo.abs %x : tensor<8xf32>
  %r = hlo.manual_computation(%a) devices = 4 in_shardings = [#hlo.sharding<"{devices=[4]<=[4]}">] out_shardings = [#hlo.sharding<"{devices=[4]<=[4]}">] {
  ^bb0(%t: tensor<2xf32>):
    %s = hlo.add %t, %y : tensor<2xf32>
    hlo.yield %s : tensor<2xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
