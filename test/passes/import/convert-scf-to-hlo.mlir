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

// -----

// A do-while (work before the exit test) is rotated: its first part runs
// once ahead of the loop, which carries what it forwards and the test.
// CHECK-LABEL: func.func @do_while
// CHECK: %[[W0:.*]] = hlo.abs %arg0
// CHECK: %[[R:.*]]:2 = hlo.while(%[[V:.*]] = %[[W0]], %[[P:.*]] = %arg1) : tensor<4xf32>, tensor<i1>
// CHECK-NEXT: cond {
// CHECK-NEXT: hlo.yield %[[P]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %[[N:.*]] = hlo.exponential %[[V]]
// CHECK-NEXT: %[[W:.*]] = hlo.abs %[[N]]
// CHECK-NEXT: hlo.yield %[[W]], %arg1 : tensor<4xf32>, tensor<i1>
// CHECK-NOT: tensor.extract
// CHECK: return %[[R]]#0
func.func @do_while(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %r = scf.while (%v = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %c = tensor.extract %p[] : tensor<i1>
    %w = tosa.abs %v : (tensor<4xf32>) -> tensor<4xf32>
    scf.condition(%c) %w : tensor<4xf32>
  } do {
  ^bb0(%w: tensor<4xf32>):
    %n = tosa.exp %w : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// What lift-cf-to-scf makes of `while (v >= 1) v *= 0.5` written with
// branches: a poison placeholder, i32 flags out of an scf.if and a
// truncation to the exit test. The flags are redone on rank-0 tensors
// (trunci to i1 tests the low bit); the poison becomes zeros.
// CHECK-LABEL: func.func @lifted
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[IF:.*]]:3 = hlo.if
// CHECK: %[[LOW:.*]] = hlo.and %[[IF]]#2, %{{.*}} : tensor<i32>
// CHECK: %[[TEST:.*]] = hlo.compare NE, %[[LOW]], %{{.*}} : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: %[[R:.*]]:3 = hlo.while(%{{.*}} = %[[IF]]#0, %{{.*}} = %arg0, %{{.*}} = %[[TEST]]) : tensor<f32>, tensor<f32>, tensor<i1>
// CHECK: } do {
// CHECK: hlo.if
// CHECK: hlo.and
// CHECK: hlo.compare NE
// CHECK: hlo.yield
// CHECK-NOT: ub.poison
// CHECK-NOT: arith.
// CHECK-NOT: tensor.extract
// CHECK: return %[[R]]#1
func.func @lifted(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = ub.poison : tensor<f32>
  %c1_i32 = arith.constant 1 : i32
  %c0_i32 = arith.constant 0 : i32
  %1:2 = scf.while (%arg1 = %arg0, %arg2 = %0) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) {
    %2 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = tosa.greater_equal %arg1, %2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %extracted = tensor.extract %3[] : tensor<i1>
    %4:3 = scf.if %extracted -> (tensor<f32>, i32, i32) {
      %6 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
      %7 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
      %8 = tosa.mul %arg1, %6, %7 : (tensor<f32>, tensor<f32>, tensor<1xi8>) -> tensor<f32>
      scf.yield %8, %c0_i32, %c1_i32 : tensor<f32>, i32, i32
    } else {
      scf.yield %0, %c1_i32, %c0_i32 : tensor<f32>, i32, i32
    }
    %5 = arith.trunci %4#2 : i32 to i1
    scf.condition(%5) %4#0, %arg1 : tensor<f32>, tensor<f32>
  } do {
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    scf.yield %arg1, %arg2 : tensor<f32>, tensor<f32>
  }
  return %1#1 : tensor<f32>
}

// -----

// Scalar arith on extracted flags: unsigned order is signed order with the
// sign bit flipped; an i1 widens through hlo.convert.
// CHECK-LABEL: func.func @flags
// CHECK: %[[SIGN:.*]] = hlo.constant dense<-2147483648> : tensor<i32>
// CHECK: %[[A:.*]] = hlo.xor %arg0, %[[SIGN]]
// CHECK: %[[B:.*]] = hlo.xor %arg1, %{{.*}}
// CHECK: %[[LT:.*]] = hlo.compare LT, %[[A]], %[[B]]
// CHECK: %[[W:.*]] = hlo.convert %[[LT]] : (tensor<i1>) -> tensor<i32>
// CHECK: %[[EQ:.*]] = hlo.compare EQ, %[[W]], %{{.*}}
// CHECK: hlo.if %[[EQ]]
func.func @flags(%a: tensor<i32>, %b: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %sa = tensor.extract %a[] : tensor<i32>
  %sb = tensor.extract %b[] : tensor<i32>
  %lt = arith.cmpi ult, %sa, %sb : i32
  %w = arith.extui %lt : i1 to i32
  %c1 = arith.constant 1 : i32
  %eq = arith.cmpi eq, %w, %c1 : i32
  %r = scf.if %eq -> (tensor<4xf32>) {
    %n = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
