// Sharded values meeting ops the partitioner has no tiled rule for (a
// loop, a sort, an argmax: computed whole from gathered operands), a
// convolution cut along its batch (and one whose result is wanted cut
// along features), an argument returned twice in two layouts, scalars and
// predicates. Against the evaluator running them unsharded.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v4-8 --default-precision=highest | FileCheck %s --implicit-check-not=FAIL
// CHECK: @loop: result 0: 8x4xf32 exact
// CHECK: @twice: result 0: 8x4xf32 exact
// CHECK: @twice: result 1: 8x4xf32 exact
// CHECK: @scalar: result 0: 8xf32 exact
// CHECK: @pred: result 0: 8xi1 exact
// CHECK: @conv: result 0: 4x6x6x4xf32 {{exact|close}}
// CHECK: @sorted: result 0: 8xf32 exact
// CHECK: @argmax: result 0: 8xi32 exact
// CHECK: @conv_features: result 0: 4x6x6x4xf32 {{exact|close}}

func.func @loop(%x: tensor<8x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}, %n: tensor<i32>) -> tensor<8x4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<8x4xf32>
    cond {
      %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.yield %c : tensor<i1>
    } do {
      %one = hlo.constant dense<1> : tensor<i32>
      %j = hlo.add %i, %one : tensor<i32>
      %w = hlo.add %v, %x : tensor<8x4xf32>
      hlo.yield %j, %w : tensor<i32>, tensor<8x4xf32>
    }
  return %r#1 : tensor<8x4xf32>
}
func.func @twice(%x: tensor<8x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">})
    -> (tensor<8x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}, tensor<8x4xf32>) {
  return %x, %x : tensor<8x4xf32>, tensor<8x4xf32>
}
func.func @scalar(%s: tensor<f32> {hlo.sharding = #hlo.sharding<"{replicated}">}, %x: tensor<8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}) -> tensor<8xf32> {
  %b = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %m = hlo.multiply %x, %b : tensor<8xf32>
  return %m : tensor<8xf32>
}
func.func @pred(%x: tensor<8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}, %y: tensor<8xf32>) -> tensor<8xi1> {
  %c = hlo.compare GT, %x, %y : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  return %c : tensor<8xi1>
}
func.func @conv(%x: tensor<4x8x8x2xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1,1,1]<=[4]}">}, %k: tensor<3x3x2x4xf32>) -> tensor<4x6x6x4xf32> {
  %y = hlo.convolution %x, %k, window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} : (tensor<4x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<4x6x6x4xf32>
  return %y : tensor<4x6x6x4xf32>
}
func.func @sorted(%x: tensor<8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}) -> tensor<8xf32> {
  %s = hlo.sort(%x) dim = 0 : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.yield %c : tensor<i1>
  }
  return %s : tensor<8xf32>
}
func.func @argmax(%x: tensor<8x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}) -> tensor<8xi32> {
  %a = hlo.argmax %x, dim = 1 : (tensor<8x4xf32>) -> tensor<8xi32>
  return %a : tensor<8xi32>
}
func.func @conv_features(%x: tensor<4x8x8x2xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1,1,1]<=[4]}">}, %k: tensor<3x3x2x4xf32>) -> tensor<4x6x6x4xf32> {
  %y = hlo.convolution %x, %k, window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} : (tensor<4x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<4x6x6x4xf32>
  %c = hlo.sharding_constraint %y {sharding = #hlo.sharding<"{devices=[1,1,1,4]<=[4]}">} : tensor<4x6x6x4xf32>
  %t = hlo.tanh %c : tensor<4x6x6x4xf32>
  return %t : tensor<4x6x6x4xf32>
}
