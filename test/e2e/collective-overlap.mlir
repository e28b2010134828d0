// A collective runs beside the kernels that do not touch its buffers (XLA's
// asynchronous collectives): here the all-reduce of %g beside the matmul of
// %a and %b; the add that reads its result waits for it. Values are checked
// against the evaluator on 8 devices; the summary says how much of the
// collective's time the matmul hid.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v3-8 --default-precision=highest | FileCheck %s --check-prefix=E2E --implicit-check-not=FAIL
// E2E-COUNT-8: @overlap: result {{[0-7]}}: 256x256xf32 {{exact|close}}
// RUN: tpu-run %s --function=overlap --topology=v3-8 --timing-only | FileCheck %s
// CHECK: ICI {{.*}} collectives {{.*}}; {{[1-9][0-9.]*}}% of it hidden under kernels)
// RUN: tpu-run %s --function=overlap --topology=v3-8 --timing-only --stats-json=%t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "ici_hidden_s": {{[1-9]}}

func.func @overlap(%g: tensor<256x256xf32>, %a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = hlo.all_reduce sum %g {groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>} : tensor<256x256xf32>
  %m = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %t = hlo.tanh %m : tensor<256x256xf32>
  %m2 = hlo.dot_general %t, %b, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %s = hlo.add %r, %m2 : tensor<256x256xf32>
  return %s : tensor<256x256xf32>
}
