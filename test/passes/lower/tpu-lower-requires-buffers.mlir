// RUN: tpu-opt %s -verify-diagnostics -tpu-assign-layouts -tpu-lower
// RUN: not tpu-opt %s -tpu-set-target=target=v9 -tpu-lower 2>&1 | FileCheck %s --check-prefix=TARGET

// TARGET: unknown target 'v9'; expected v2, v3, v4, v5e, v5p or v6e

// tpu-lower places kernels' buffers where tpu-assign-buffers put them.
func.func @no_offsets(%a: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error@+1 {{tpu-lower needs HBM offsets; run -tpu-assign-buffers first}}
  %e = hlo.exponential %a : tensor<8x128xf32>
  return %e : tensor<8x128xf32>
}
