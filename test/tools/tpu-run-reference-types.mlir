// tpu-run --reference checks its inputs against the function's arguments
// as the simulated run does; an argument of a type the evaluator does not
// take (i3 here, which no hlo op accepts, so it can only be passed
// through) is an error naming it, exit 1.
// RUN: not tpu-run %s --reference --input=2xf32=1 --input=2xf32=1 2>&1 | FileCheck %s
// CHECK: tpu-run: the reference evaluator takes f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1 tensors, not tensor<2xi3>
// RUN: sh -c 'tpu-run %s --reference --input=2xf32=1 --input=2xf32=1 2>/dev/null; test $? -eq 1'

func.func @main(%narrow: tensor<2xi3>, %x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
