// scf.while, scf.if and scf.for around tensor ops (what upstream's
// tosa-to-scf and hand-written pipelines write) import as hlo control flow
// and run on the simulated TPU: hand-computed values, then the evaluator.
// Upstream's own tosa-to-scf output of tosa-control-flow.mlir's loop:
// RUN: mlir-opt %S/tosa-control-flow.mlir --tosa-to-scf -o %t.scf.mlir
// RUN: tpu-run %t.scf.mlir --function=count --input=i32=3 --input=4xf32=1 | FileCheck %s --check-prefix=COUNT
// COUNT: result[0]: 4xf32=8 8 8 8
// RUN: tpu-run %t.scf.mlir --function=select --input=i1=0 --input=f32=2 --input=f32=5 | FileCheck %s --check-prefix=ELSE
// ELSE: result[0]: f32=-3
// The sum of x * i over i in [1, 7) step 2: 1 + 3 + 5 = 9 times x.
// RUN: tpu-run %s --function=for_sum --input=4xf32=2 | FileCheck %s --check-prefix=FOR
// FOR: result[0]: 4xf32=18 18 18 18
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @for_sum: result 0: {{.*}}exact
// REF: @if_no_results: result 0: {{.*}}exact

func.func @for_sum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %lb = arith.constant 1 : index
  %ub = arith.constant 7 : index
  %step = arith.constant 2 : index
  %zero = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %r = scf.for %iv = %lb to %ub step %step iter_args(%acc = %zero) -> (tensor<4xf32>) {
    %i = arith.index_cast %iv : index to i32
    %t = tensor.from_elements %i : tensor<i32>
    %f = tosa.cast %t : (tensor<i32>) -> tensor<f32>
    %shape = tosa.const_shape {values = dense<1> : tensor<1xindex>} : () -> !tosa.shape<1>
    %f1 = tosa.reshape %f, %shape : (tensor<f32>, !tosa.shape<1>) -> tensor<1xf32>
    %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %m = tosa.mul %x, %f1, %shift : (tensor<4xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<4xf32>
    %a = tosa.add %acc, %m : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// An if without an else or results still runs; the function returns what
// it computed around it.
func.func @if_no_results(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %c = tensor.extract %p[] : tensor<i1>
  scf.if %c {
    %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  }
  %n = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}
