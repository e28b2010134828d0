// Unstructured branches (cf.cond_br, cf.br) around tensor ops are lifted to
// scf by upstream's lift-cf-to-scf at the head of the import, then become
// hlo control flow: a diamond, against hand-computed values and the
// evaluator.
// RUN: tpu-run %s --function=diamond --input=i1=0 --input=4xf32=1 | FileCheck %s --check-prefix=ELSE
// ELSE: result[0]: 4xf32=-1 -1 -1 -1
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @diamond: result 0: {{.*}}exact

func.func @diamond(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %c = tensor.extract %p[] : tensor<i1>
  cf.cond_br %c, ^then, ^else
^then:
  %e = tosa.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  cf.br ^join(%e : tensor<4xf32>)
^else:
  %n = tosa.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  %z = "tosa.const"() <{values = dense<0.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %m = tosa.sub %z, %n : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  cf.br ^join(%m : tensor<4xf32>)
^join(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}
