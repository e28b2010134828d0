// RUN: tpu-opt %s -split-input-file -tpu-compile="compile-to=buffers" | FileCheck %s

// A loop's callees are assigned first: their heaps go in one frame of the
// caller's heap, live only at the loop (the body's and the condition's
// share it: one runs at a time), and their dense constants in the caller's
// global region after its own. tpu.frame holds the frame's offset, then
// each callee's constants' offset.
// CHECK-LABEL: func.func @loop
// CHECK-SAME: tpu.global_bytes = 5120
// CHECK: hlo.while_call @loop.while0.cond, @loop.while0.body
// CHECK-SAME: tpu.frame = array<i64: {{[0-9]+}}, 1024, 1024>
// CHECK-LABEL: func.func private @loop.while0.cond
// CHECK-SAME: tpu.global_bytes = 0
// CHECK-LABEL: func.func private @loop.while0.body
// The body's table (4 KiB) and the caller's counter (1 KiB) are constants.
// CHECK-SAME: tpu.global_bytes = 4096
func.func @loop(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<8x128xf32>
   cond {
    %p = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %t = hlo.iota dim = 1 : tensor<8x128xf32>
    %table = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]]> : tensor<1x128xf32>
    %tb = hlo.broadcast_in_dim %table, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<8x128xf32>
    %m = hlo.multiply %acc, %tb : tensor<8x128xf32>
    %a = hlo.add %m, %t : tensor<8x128xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.yield %i1, %a : tensor<i32>, tensor<8x128xf32>
  }
  return %r#1 : tensor<8x128xf32>
}

// -----

// Dynamic update slices write in place: in a loop body, a chain of them
// over the carried value runs in the carried value's own buffer (the
// argument the body returns it as), so each writes one row, not the whole
// table; tpu.donated_arguments names that argument for each link.
// CHECK-LABEL: func.func private @rows.while0.body
// CHECK: hlo.dynamic_update_slice %arg1{{.*}}tpu.donated_arguments = array<i64: 1>
// CHECK: hlo.dynamic_update_slice {{.*}}tpu.donated_arguments = array<i64: 1>
// CHECK: hlo.yield
func.func @rows(%x: tensor<1024x128xf32>, %u: tensor<1x128xf32>) -> tensor<1024x128xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %three = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<1024x128xf32>
   cond {
    %p = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %a = hlo.dynamic_update_slice %acc[%i, %zero], %u : (tensor<1024x128xf32>, tensor<1x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x128xf32>
    %j = hlo.add %i, %three : tensor<i32>
    %b = hlo.dynamic_update_slice %a[%j, %zero], %u : (tensor<1024x128xf32>, tensor<1x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x128xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.yield %i1, %b : tensor<i32>, tensor<1024x128xf32>
  }
  return %r#1 : tensor<1024x128xf32>
}

// -----

// Outside a loop, a chain of dynamic update slices shares one heap buffer
// (the first copies the argument, which is not donated; the others write
// their box only).
// CHECK-LABEL: func.func @chain
// CHECK: hlo.dynamic_update_slice %arg0{{.*}}tpu.hbm_offsets = array<i64: [[OFF:[0-9]+]]>
// CHECK: hlo.dynamic_update_slice {{.*}}tpu.hbm_offsets = array<i64: [[OFF]]>
func.func @chain(%x: tensor<1024x128xf32>, %u: tensor<1x128xf32>, %i: tensor<i32>) -> tensor<1024x128xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %a = hlo.dynamic_update_slice %x[%i, %zero], %u : (tensor<1024x128xf32>, tensor<1x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x128xf32>
  %b = hlo.dynamic_update_slice %a[%zero, %zero], %u : (tensor<1024x128xf32>, tensor<1x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x128xf32>
  %c = hlo.add %b, %b : tensor<1024x128xf32>
  return %c : tensor<1024x128xf32>
}
