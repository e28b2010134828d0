// RUN: tpu-opt %s -split-input-file -hlo-outline-control-flow | FileCheck %s
// Values are checked end to end in test/e2e/control-flow.mlir.

// A counted loop: the condition and the body become functions taking the
// carried values, then what the regions read from above (%n, %x); the
// constant the body reads is cloned in; the trip count is recognized.
// CHECK-LABEL: func.func @fori
// CHECK: %[[R:.*]]:2 = hlo.while_call @fori.while0.cond, @fori.while0.body(%{{.*}}, %{{.*}}) invariants(%arg0) {trip_count = 5 : i64}
// CHECK: return %[[R]]#1
// CHECK-LABEL: func.func private @fori.while0.cond
// CHECK-SAME: (%[[I:.*]]: tensor<i32>, %{{.*}}: tensor<8xf32>, %{{.*}}: tensor<8xf32>) -> tensor<i1> attributes {tpu.outlined}
// CHECK: %[[FIVE:.*]] = hlo.constant dense<5>
// CHECK: %[[P:.*]] = hlo.compare LT, %[[I]], %[[FIVE]]
// CHECK: return %[[P]] : tensor<i1>
// CHECK-LABEL: func.func private @fori.while0.body
// CHECK-SAME: (%[[BI:.*]]: tensor<i32> {tpu.carried = 0 : i64}, %[[ACC:.*]]: tensor<8xf32> {tpu.carried = 1 : i64}, %[[X:.*]]: tensor<8xf32>)
// CHECK-NOT: hlo.constant dense<5>
// CHECK: hlo.add %[[ACC]], %[[X]]
// CHECK: return
func.func @fori(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %five = hlo.constant dense<5> : tensor<i32>
  %init = hlo.constant dense<0.0> : tensor<8xf32>
  %r:2 = hlo.while(%i = %zero, %acc = %init) : tensor<i32>, tensor<8xf32>
   cond {
    %p = hlo.compare LT, %i, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    %a = hlo.add %acc, %x : tensor<8xf32>
    %i1 = hlo.add %i, %one : tensor<i32>
    hlo.yield %i1, %a : tensor<i32>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// -----

// A bound read at run time: no trip count. Carried values that trade
// places are copied, so that updating one in place cannot clobber what the
// other reads.
// CHECK-LABEL: func.func @swap
// CHECK: hlo.while_call @swap.while0.cond, @swap.while0.body(%arg0, %arg1) invariants(%arg2) :
// CHECK-NOT: trip_count
// CHECK-LABEL: func.func private @swap.while0.body
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32> {tpu.carried = 0 : i64}, %[[B:.*]]: tensor<4xf32> {tpu.carried = 1 : i64}, %{{.*}}: tensor<i32>)
// CHECK-DAG: %[[CB:.*]] = hlo.copy %[[B]]
// CHECK-DAG: %[[CA:.*]] = hlo.copy %[[A]]
// CHECK: return %[[CB]], %[[CA]]
func.func @swap(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %r:2 = hlo.while(%x = %a, %y = %b) : tensor<4xf32>, tensor<4xf32>
   cond {
    %z = hlo.constant dense<0> : tensor<i32>
    %p = hlo.compare LT, %z, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.yield %p : tensor<i1>
  } do {
    hlo.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// An if: the false branch is branch 0, as an i1 index selects it; both
// branches take every value either reads.
// CHECK-LABEL: func.func @cond
// CHECK: hlo.case_call %arg0 [@cond.if0.false, @cond.if0.true](%arg1, %arg2) : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func private @cond.if0.false
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @cond.if0.true
// CHECK: hlo.negate
func.func @cond(%p: tensor<i1>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.if %p -> (tensor<4xf32>) {
    %n = hlo.negate %x : tensor<4xf32>
    hlo.yield %n : tensor<4xf32>
  } else {
    hlo.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A case, and a loop nested in a branch: outlined from the branch's
// function in turn.
// CHECK-LABEL: func.func @switch
// CHECK: hlo.case_call %arg0 [@switch.case0.b0, @switch.case0.b1](%arg1)
// CHECK-LABEL: func.func private @switch.case0.b0
// CHECK-LABEL: func.func private @switch.case0.b1
// CHECK: hlo.while_call @switch.case0.b1.while0.cond, @switch.case0.b1.while0.body
// CHECK-LABEL: func.func private @switch.case0.b1.while0.cond
// CHECK-LABEL: func.func private @switch.case0.b1.while0.body
func.func @switch(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %r = hlo.case %i -> (tensor<f32>) {
    hlo.yield %x : tensor<f32>
  }, {
    %w = hlo.while(%v = %x) : tensor<f32>
     cond {
      %c = hlo.constant dense<1.0> : tensor<f32>
      %p = hlo.compare LT, %v, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
      hlo.yield %p : tensor<i1>
    } do {
      %d = hlo.add %v, %v : tensor<f32>
      hlo.yield %d : tensor<f32>
    }
    hlo.yield %w : tensor<f32>
  }
  return %r : tensor<f32>
}
