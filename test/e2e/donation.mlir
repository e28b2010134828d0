// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e --layout-mode=xla-default | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --donate-arguments | FileCheck %s
// RUN: tpu-compile %s --compile-to=lower | FileCheck %s --check-prefix=LOWER
// RUN: tpu-compile %s --memory-report -o /dev/null | FileCheck %s --check-prefix=MEMORY

// Donated state is updated in place and the numbers do not change: the
// kernels write the new weights into the old weights' HBM buffer, which
// the runtime returns as the result.

// A momentum SGD step: weights and velocity donated, both updated. The
// fused update reads each argument element by element, so each output
// takes a donated buffer and the program allocates nothing of its own.
// CHECK: @momentum_step: result 0: 64x256xf32 {{exact|close}}
// CHECK: @momentum_step: result 1: 64x256xf32 {{exact|close}}
// LOWER-LABEL: func.func @momentum_step
// LOWER:         return %arg0, %arg2
// MEMORY-LABEL: @momentum_step on v3: uses 192.0K of 15.48G hbm.
// MEMORY:       Output size 128.0K; shares 128.0K with arguments.
// MEMORY:       Program hbm requirement 0B
func.func @momentum_step(%w: tensor<64x256xf32> {jax.buffer_donor = true}, %g: tensor<64x256xf32>, %v: tensor<64x256xf32> {jax.buffer_donor = true}) -> (tensor<64x256xf32>, tensor<64x256xf32>) {
  %mu = hlo.constant dense<0.875> : tensor<64x256xf32>
  %lr = hlo.constant dense<0.125> : tensor<64x256xf32>
  %v1 = hlo.multiply %v, %mu : tensor<64x256xf32>
  %v2 = hlo.add %v1, %g : tensor<64x256xf32>
  %s = hlo.multiply %v2, %lr : tensor<64x256xf32>
  %w2 = hlo.subtract %w, %s : tensor<64x256xf32>
  return %w2, %v2 : tensor<64x256xf32>, tensor<64x256xf32>
}

// A matmul layer whose output has the shape of a donated input: the
// weights are read by the MXU kernel, not element by element, so the
// output goes to the activations' buffer only once they are dead.
// CHECK: @residual_layer: result 0: 128x128xf32 {{exact|close}}
// MEMORY-LABEL: @residual_layer on v3:
// MEMORY:       Output size 64.0K; shares 64.0K with arguments.
func.func @residual_layer(%x: tensor<128x128xf32> {jax.buffer_donor = true}, %w: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = hlo.add %y, %x : tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
