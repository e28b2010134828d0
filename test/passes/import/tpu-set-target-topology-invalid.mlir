// A topology that is not one, or that names another generation than the
// target, is an error at the module.
// RUN: tpu-opt %s -verify-diagnostics -tpu-set-target="topology=v5e:4x4x4"
// RUN: not tpu-opt %s -tpu-set-target="target=v3 topology=v5e-16" 2>&1 | FileCheck %s
// CHECK: error: target v3 differs from topology v5e-16's v5e
// expected-error @+1 {{invalid topology 'v5e:4x4x4': v5e chips form a 2D torus: give 2 axes}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
