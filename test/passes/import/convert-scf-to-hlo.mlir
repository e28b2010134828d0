// RUN: tpu-opt %s -split-input-file -convert-tosa-to-hlo -convert-scf-to-hlo | FileCheck %s
// Values are checked end to end in test/e2e/scf.mlir.

// CHECK-LABEL: func.func @while
// CHECK: %[[R:.*]]:2 = hlo.while(%[[I:.*]] = %arg0, %[[V:.*]] = %arg1) : tensor<i32>, tensor<4xf32>
// CHECK: %[[P:.*]] = hlo.compare GT, %[[I]]
// CHECK: hlo.yield %[[P]] : tensor<i1>
// CHECK: } do {
// CHECK: hlo.yield
// CHECK-NOT: tensor.extract
// CHECK: return %[[R]]#1
func.func @while(%n: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = scf.while (%i = %n, %v = %x) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
    %zero = "tosa.const"() <{values = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %p = tosa.greater %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c = tensor.extract %p[] : tensor<i1>
    scf.condition(%c) %i, %v : tensor<i32>, tensor<4xf32>
  } do {
  ^bb0(%i: tensor<i32>, %v: tensor<4xf32>):
    %one = "tosa.const"() <{values = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %i1 = tosa.sub %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    scf.yield %i1, %v : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// A for loop: an i32 counter carried first, compared with the bound; the
// induction variable read as a tensor is the counter.
// CHECK-LABEL: func.func @for
// CHECK-DAG: %[[LB:.*]] = hlo.constant dense<2> : tensor<i32>
// CHECK: %[[R:.*]]:2 = hlo.while(%[[I:.*]] = %[[LB]], %[[A:.*]] = %arg0) : tensor<i32>, tensor<i32>
// CHECK: %[[UB:.*]] = hlo.constant dense<10> : tensor<i32>
// CHECK: hlo.compare LT, %[[I]], %[[UB]]
// CHECK: } do {
// CHECK: %[[S:.*]] = hlo.add %[[A]], %[[I]]
// CHECK: %[[STEP:.*]] = hlo.constant dense<3> : tensor<i32>
// CHECK: %[[N:.*]] = hlo.add %[[I]], %[[STEP]]
// CHECK: hlo.yield %[[N]], %[[S]]
// CHECK-NOT: arith.
// CHECK: return %[[R]]#1
func.func @for(%x: tensor<i32>) -> tensor<i32> {
  %lb = arith.constant 2 : index
  %ub = arith.constant 10 : index
  %step = arith.constant 3 : index
  %r = scf.for %iv = %lb to %ub step %step iter_args(%a = %x) -> (tensor<i32>) {
    %i = arith.index_cast %iv : index to i32
    %t = tensor.from_elements %i : tensor<i32>
    %s = tosa.add %a, %t : (tensor<i32>, tensor<i32>) -> tensor<i32>
    scf.yield %s : tensor<i32>
  }
  return %r : tensor<i32>
}
