// An SPMD program's memory is each device's, as XLA reports it: the report
// names the slice, and running out of memory says every device does.
// RUN: tpu-opt %s -tpu-set-target="topology=v3-8" -tpu-assign-layouts -tpu-assign-buffers -tpu-memory-report -o /dev/null | FileCheck %s
// RUN: tpu-opt %s -tpu-set-target="topology=v3-8 hbm-limit=1M" -tpu-assign-layouts -tpu-assign-buffers -verify-diagnostics -o /dev/null
// CHECK: @main on v3-8 (each of 8 devices): uses 8.00M of 15.48G hbm (64.00M on all 8 devices).

// expected-error @+3 {{Ran out of memory in memory space hbm. Used 8.00M of 1.00M hbm. Exceeded hbm capacity by 7.00M.}}
// expected-note @unknown {{every one of the 8 devices of v3-8 runs this program in its own HBM: each is out of memory}}
// expected-note @unknown {{Total hbm usage >= 538.00M:}}
func.func @main(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = hlo.exponential %x : tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
