// RUN: tpu-opt %s -split-input-file | FileCheck %s
// Round trip through the custom form:
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// Round trip through the generic form:
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @while
// CHECK: %[[R:.*]]:2 = hlo.while(%[[I:.*]] = %{{.*}}, %[[A:.*]] = %arg0) : tensor<i32>, tensor<8xf32>
// CHECK-NEXT: cond {
// CHECK: hlo.compare LT, %[[I]], %arg1
// CHECK: hlo.yield %{{.*}} : tensor<i1>
// CHECK: } do {
// CHECK: hlo.add %[[A]], %[[A]] : tensor<8xf32>
// CHECK: hlo.yield %{{.*}}, %{{.*}} : tensor<i32>, tensor<8xf32>
// CHECK: return %[[R]]#1
func.func @while(%x: tensor<8xf32>, %n: tensor<i32>) -> tensor<8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<8xf32>
   cond {
    %p = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %i1 = hlo.add %i, %one : tensor<i32>
    %a1 = hlo.add %acc, %acc : tensor<8xf32>
    hlo.yield %i1, %a1 : tensor<i32>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// -----

// A loop with nothing carried.
// CHECK-LABEL: func.func @while_empty
// CHECK: hlo.while()
// CHECK-NEXT: cond {
func.func @while_empty() {
  hlo.while()
   cond {
    %p = hlo.constant dense<false> : tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    hlo.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @if
// CHECK: %[[R:.*]] = hlo.if %arg0 -> (tensor<4xf32>) {
// CHECK-NEXT: hlo.yield %arg1 : tensor<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[N:.*]] = hlo.negate %arg1
// CHECK-NEXT: hlo.yield %[[N]] : tensor<4xf32>
func.func @if(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.if %p -> (tensor<4xf32>) {
    hlo.yield %x : tensor<4xf32>
  } else {
    %n = hlo.negate %x : tensor<4xf32>
    hlo.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @case
// CHECK: hlo.case %arg0 -> (tensor<f32>) {
// CHECK-NEXT: hlo.yield %arg1 : tensor<f32>
// CHECK-NEXT: }, {
// CHECK-NEXT: hlo.yield %arg2 : tensor<f32>
// CHECK-NEXT: }, {
// CHECK: hlo.add
func.func @case(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %r = hlo.case %i -> (tensor<f32>) {
    hlo.yield %a : tensor<f32>
  }, {
    hlo.yield %b : tensor<f32>
  }, {
    %s = hlo.add %a, %b : tensor<f32>
    hlo.yield %s : tensor<f32>
  }
  return %r : tensor<f32>
}
