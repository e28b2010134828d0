// chlo.scan imported as a while loop over positions: an i32 counter, the
// carries, the outputs (zeros at first) and the inputs carried; each
// iteration slices the inputs at the position (counted down from the end
// when is_reverse), runs the body and writes the output slices in place.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo | FileCheck %s

// CHECK-LABEL: func.func @reverse_cumsum
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK: %[[OUT:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[W:.*]]:4 = hlo.while(%[[I:.*]] = %[[ZERO]], %[[ACC:.*]] = %arg1, %[[O:.*]] = %[[OUT]], %[[X:.*]] = %arg0)
// CHECK: cond {
// CHECK: %[[N:.*]] = hlo.constant dense<4> : tensor<i32>
// CHECK: hlo.compare LT, %[[I]], %[[N]]
// CHECK: } do {
// CHECK: %[[LAST:.*]] = hlo.constant dense<3> : tensor<i32>
// CHECK: %[[P:.*]] = hlo.subtract %[[LAST]], %[[I]]
// CHECK: %[[S:.*]] = hlo.dynamic_slice %[[X]][%[[P]]], sizes = [1]
// CHECK: %[[E:.*]] = hlo.reshape %[[S]] : (tensor<1xf32>) -> tensor<f32>
// CHECK: %[[SUM:.*]] = hlo.add %[[E]], %[[ACC]] : tensor<f32>
// CHECK: %[[NEXT:.*]] = hlo.add %[[I]]
// CHECK: %[[PIECE:.*]] = hlo.reshape %[[SUM]] : (tensor<f32>) -> tensor<1xf32>
// CHECK: %[[U:.*]] = hlo.dynamic_update_slice %[[O]][%[[P]]], %[[PIECE]]
// CHECK: hlo.yield %[[NEXT]], %[[SUM]], %[[U]], %[[X]]
// CHECK: return %[[W]]#2, %[[W]]#1
func.func @reverse_cumsum(%x: tensor<4xf32>, %x0: tensor<f32>) -> (tensor<4xf32>, tensor<f32>) {
  %0:2 = chlo.scan(%x) inits(%x0) dimension=0 attributes {is_reverse = true} {
  ^bb0(%xi: tensor<f32>, %acc: tensor<f32>):
    %s = stablehlo.add %xi, %acc : tensor<f32>
    stablehlo.return %s, %s : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<f32>
}

// -----

// A scan inside another's body becomes a loop inside the outer loop.
// CHECK-LABEL: func.func @nested
// CHECK: hlo.while
// CHECK: } do {
// CHECK: hlo.while
// CHECK-NOT: chlo.scan
func.func @nested(%x: tensor<3x2xf32>, %z: tensor<f32>) -> tensor<3x2xf32> {
  %0:2 = chlo.scan(%x) inits(%z) dimension=0 {
  ^bb0(%row: tensor<2xf32>, %acc: tensor<f32>):
    %1:2 = chlo.scan(%row) inits(%acc) dimension=0 {
    ^bb0(%e: tensor<f32>, %a: tensor<f32>):
      %s = stablehlo.add %e, %a : tensor<f32>
      stablehlo.return %s, %s : tensor<f32>, tensor<f32>
    } : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<f32>)
    stablehlo.return %1#0, %1#1 : tensor<2xf32>, tensor<f32>
  } : (tensor<3x2xf32>, tensor<f32>) -> (tensor<3x2xf32>, tensor<f32>)
  return %0#0 : tensor<3x2xf32>
}
