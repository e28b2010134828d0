// RUN: tpu-opt %s -split-input-file --hlo-propagate-sharding=devices=4 | FileCheck %s
// Layouts carried from the annotations, forward and backward.

// CHECK-LABEL: func.func @forward
// CHECK: hlo.dot_general {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// The bias is broadcast into rows the add wants cut (backward).
// CHECK: hlo.broadcast_in_dim {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// CHECK: hlo.add {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// CHECK: hlo.transpose {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}
// The reduced dimension was not the cut one: the result stays cut.
// CHECK: hlo.reduce sum {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}
func.func @forward(%x: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<8xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
  %s = hlo.add %y, %bb : tensor<8x32xf32>
  %t = hlo.transpose %s, dims = [1, 0] : (tensor<8x32xf32>) -> tensor<32x8xf32>
  %r = hlo.reduce sum %t, dims = [0] : (tensor<32x8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @backward
// Columns cannot go back through a flattening reshape: nothing before it
// gets a layout.
// CHECK: hlo.negate %{{[^ ]*}} :
// CHECK: hlo.reshape %{{[^ ]*}} :
// CHECK: hlo.reshape {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}
// CHECK: hlo.exponential {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}
func.func @backward(%x: tensor<8x16xf32>) -> (tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}) {
  %n = hlo.negate %x : tensor<8x16xf32>
  %r = hlo.reshape %n : (tensor<8x16xf32>) -> tensor<128xf32>
  %b = hlo.reshape %r : (tensor<128xf32>) -> tensor<8x16xf32>
  %e = hlo.exponential %b : tensor<8x16xf32>
  return %e : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @constraint
// CHECK: hlo.negate {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[4]}">}
// CHECK: hlo.exponential {{.*}} {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[4]}">}
func.func @constraint(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %n = hlo.negate %x : tensor<8x16xf32>
  %c = hlo.sharding_constraint %n {sharding = #hlo.sharding<"{devices=[2,2]<=[4]}">} : tensor<8x16xf32>
  %e = hlo.exponential %c : tensor<8x16xf32>
  return %e : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func @uneven
// 8 rows in 4 tiles of 2 are 12 elements each: 6x8's rows of 8 do not
// keep them whole.
// CHECK: hlo.reshape %{{[^ ]*}} :
func.func @uneven(%x: tensor<8x6xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<6x8xf32> {
  %r = hlo.reshape %x : (tensor<8x6xf32>) -> tensor<6x8xf32>
  return %r : tensor<6x8xf32>
}

