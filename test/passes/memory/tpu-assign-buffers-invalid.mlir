// RUN: tpu-opt %s -split-input-file -allow-unregistered-dialect -tpu-assign-buffers -verify-diagnostics
// RUN: not tpu-opt %s -split-input-file -allow-unregistered-dialect -tpu-set-target=target=v9 -tpu-assign-buffers 2>&1 | FileCheck %s --check-prefix=TARGET

// TARGET: error: unknown target 'v9'; expected v2, v3, v4, v5e, v5p or v6e

// expected-error @+1 {{tpu-assign-buffers needs every tensor to carry a #tpu.layout, but found 'tensor<4x4xf32>'; run -tpu-assign-layouts first}}
func.func @no_layout(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  return %x : tensor<4x4xf32>
}

// -----

!t = tensor<4x4xf32, #tpu.layout<{1,0:T(4,128)}>>
// expected-error @+1 {{'func.func' op tpu-assign-buffers supports single-block functions only}}
func.func @blocks(%x: !t) -> !t {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %x : !t
}

// -----

!t = tensor<4x4xf32, #tpu.layout<{1,0:T(4,128)}>>
func.func @not_a_tensor(%x: !t) -> !t {
  // expected-error @+1 {{tpu-assign-buffers supports tensor values only, but found 'i32'}}
  %i = "test.index"() : () -> i32
  return %x : !t
}
