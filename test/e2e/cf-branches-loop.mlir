// Loops made of branches, as TensorFlow and torch-mlir export while loops:
// upstream's lift-cf-to-scf makes each a do-while whose exit test is a
// scalar flag computed in its body, and convert-scf-to-hlo rotates it into
// an hlo.while (docs/control-flow.md). Inputs are run-time arguments;
// hand-computed values, then the evaluator on generated inputs.
// RUN: tpu-run %s --function=halve --input=f32=100 | FileCheck %s --check-prefix=HALVE
// HALVE: result[0]: f32=0.78125
// RUN: tpu-run %s --function=halve --input=f32=0.5 | FileCheck %s --check-prefix=HALVE0
// HALVE0: result[0]: f32=0.5
// RUN: tpu-run %s --function=collatz --input=i32=27 | FileCheck %s --check-prefix=C27
// C27: result[0]: i32=111
// RUN: tpu-run %s --function=collatz --input=i32=1 | FileCheck %s --check-prefix=C1
// C1: result[0]: i32=0
// RUN: tpu-run %s --function=collatz --input=i32=6 | FileCheck %s --check-prefix=C6
// C6: result[0]: i32=8
// RUN: tpu-run %s --function=do_while --input=4xf32=1,2,3,4 --input=4xf32=0.5 | FileCheck %s --check-prefix=DO
// DO: result[0]: 4xf32=23 38 53 68{{$}}
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --function=do_while | FileCheck %s --check-prefix=REF
// REF: @do_while: result 0: {{.*}}exact

// Halves x until it is below 1 (the test at the head: zero iterations for
// x < 1).
func.func @halve(%x: tensor<f32>) -> tensor<f32> {
  cf.br ^head(%x : tensor<f32>)
^head(%v: tensor<f32>):
  %one = "tosa.const"() <{values = dense<1.0> : tensor<f32>}> : () -> tensor<f32>
  %big = tosa.greater_equal %v, %one : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %c = tensor.extract %big[] : tensor<i1>
  cf.cond_br %c, ^body, ^exit
^body:
  %half = "tosa.const"() <{values = dense<0.5> : tensor<f32>}> : () -> tensor<f32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %h = tosa.mul %v, %half, %shift : (tensor<f32>, tensor<f32>, tensor<1xi8>) -> tensor<f32>
  cf.br ^head(%h : tensor<f32>)
^exit:
  return %v : tensor<f32>
}

// Collatz steps to reach 1, a branch diamond inside the loop.
func.func @collatz(%n0: tensor<i32>) -> tensor<i32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  cf.br ^head(%n0, %zero : tensor<i32>, tensor<i32>)
^head(%n: tensor<i32>, %steps: tensor<i32>):
  %one = stablehlo.constant dense<1> : tensor<i32>
  %done = stablehlo.compare EQ, %n, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %d = tensor.extract %done[] : tensor<i1>
  cf.cond_br %d, ^exit, ^body
^body:
  %two = stablehlo.constant dense<2> : tensor<i32>
  %r = stablehlo.remainder %n, %two : tensor<i32>
  %even = stablehlo.compare EQ, %r, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %e = tensor.extract %even[] : tensor<i1>
  cf.cond_br %e, ^even, ^odd
^even:
  %h = stablehlo.divide %n, %two : tensor<i32>
  cf.br ^next(%h : tensor<i32>)
^odd:
  %three = stablehlo.constant dense<3> : tensor<i32>
  %t = stablehlo.multiply %n, %three : tensor<i32>
  %t1 = stablehlo.add %t, %one : tensor<i32>
  cf.br ^next(%t1 : tensor<i32>)
^next(%m: tensor<i32>):
  %s = stablehlo.add %steps, %one : tensor<i32>
  cf.br ^head(%m, %s : tensor<i32>, tensor<i32>)
^exit:
  return %steps : tensor<i32>
}

// A do-while: the body runs before the test (acc = 2 acc + x, four
// times), as an RNN's step loop is exported.
func.func @do_while(%x: tensor<4xf32>, %acc0: tensor<4xf32>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  cf.br ^body(%acc0, %zero : tensor<4xf32>, tensor<i32>)
^body(%acc: tensor<4xf32>, %i: tensor<i32>):
  %twice = stablehlo.add %acc, %acc : tensor<4xf32>
  %next = stablehlo.add %twice, %x : tensor<4xf32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %i1 = stablehlo.add %i, %one : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %more = stablehlo.compare LT, %i1, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %m = tensor.extract %more[] : tensor<i1>
  cf.cond_br %m, ^body(%next, %i1 : tensor<4xf32>, tensor<i32>), ^exit
^exit:
  return %next : tensor<4xf32>
}
