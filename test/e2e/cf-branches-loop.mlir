// A loop made of branches lifts (lift-cf-to-scf) to a do-while whose
// condition forwards what its body computed, through scalar flags: it has
// no hlo form yet, and is refused where it is (docs/control-flow.md).
// RUN: not tpu-run %s --input=f32=100 2>&1 | FileCheck %s
// CHECK: error: scf.while is not supported by the TPU compiler: its scf.condition does not forward the loop-carried values unchanged

// Halves x until it is below 1: a loop made of branches.
func.func @main(%x: tensor<f32>) -> tensor<f32> {
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
