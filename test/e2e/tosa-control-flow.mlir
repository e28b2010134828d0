// TOSA's control-flow extension (tosa.while_loop, tosa.cond_if), as TFLite
// converts while and cond: imported to hlo.while and hlo.if and run on the
// simulated TPU, against hand-computed values and the reference evaluator.
//
// RUN: tpu-run %s --function=count --input=i32=3 --input=4xf32=1 | FileCheck %s --check-prefix=COUNT
// COUNT: result[0]: 4xf32=8 8 8 8
// RUN: tpu-run %s --function=select --input=i1=1 --input=f32=2 --input=f32=5 | FileCheck %s --check-prefix=THEN
// THEN: result[0]: f32=7
// RUN: tpu-run %s --function=select --input=i1=0 --input=f32=2 --input=f32=5 | FileCheck %s --check-prefix=ELSE
// ELSE: result[0]: f32=-3
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @count: result 0: {{.*}}exact
// REF: @select: result 0: {{.*}}exact
// REF: @captured: result 0: {{.*}}exact

// Doubles x while the counter, from n down, stays positive.
func.func @count(%n: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = tosa.while_loop (%i = %n, %v = %x) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
    %zero = "tosa.const"() <{values = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %p = tosa.greater %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    tosa.yield %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %v: tensor<4xf32>):
    %one = "tosa.const"() <{values = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %i1 = tosa.sub %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %v1 = tosa.add %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    tosa.yield %i1, %v1 : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// The branches take the inputs as block arguments.
func.func @select(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %r = tosa.cond_if %p (%x = %a, %y = %b) : tensor<i1> (tensor<f32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = tosa.add %x, %y : (tensor<f32>, tensor<f32>) -> tensor<f32>
    tosa.yield %s : tensor<f32>
  } else {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %d = tosa.sub %x, %y : (tensor<f32>, tensor<f32>) -> tensor<f32>
    tosa.yield %d : tensor<f32>
  }
  return %r : tensor<f32>
}

// Branches that read values from above.
func.func @captured(%p: tensor<i1>, %a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = tosa.cond_if %p : tensor<i1> -> tensor<2x3xf32> {
    %e = tosa.exp %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
    tosa.yield %e : tensor<2x3xf32>
  } else {
    %n = tosa.abs %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
    tosa.yield %n : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}
