// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -tpu-assign-buffers | FileCheck %s
// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -tpu-assign-buffers -tpu-memory-report -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts '-tpu-assign-buffers=donate-arguments=true' | FileCheck %s --check-prefix=ALL

// An SGD step (gradients already scaled) with the weights donated, as
// JAX's donate_argnums marks them: the update is written into the weights'
// buffer, read element by element by the op that writes it. No heap
// buffer holds the output, so the program needs no HBM of its own (0B),
// where keeping the weights needs a 32K output buffer.
// CHECK-LABEL: func.func @sgd_step
// CHECK:         hlo.subtract %arg0, %arg1 {tpu.donated_arguments = array<i64: 0>, tpu.hbm_offsets = array<i64: 0>}
// REPORT-LABEL:  @sgd_step on v3: uses 64.0K of 15.48G hbm.
// REPORT:        Output size 32.0K; shares 32.0K with arguments.
// REPORT:        Program hbm requirement 0B
func.func @sgd_step(%w: tensor<64x128xf32> {jax.buffer_donor = true}, %g: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %w2 = hlo.subtract %w, %g : tensor<64x128xf32>
  return %w2 : tensor<64x128xf32>
}

// -----

// Without donation the update needs its own 32K buffer; donate-arguments
// donates every argument.
// CHECK-LABEL: func.func @sgd_step_kept
// CHECK-NOT:     tpu.donated_arguments
// REPORT-LABEL:  @sgd_step_kept on v3: uses 96.0K of 15.48G hbm.
// REPORT:        Output size 32.0K; shares 0B with arguments.
// REPORT:        HLO temp          32.0K
// ALL-LABEL:   func.func @sgd_step_kept
// ALL:           hlo.subtract %arg0, %arg1 {tpu.donated_arguments = array<i64: 0>
func.func @sgd_step_kept(%w: tensor<64x128xf32>, %g: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %w2 = hlo.subtract %w, %g : tensor<64x128xf32>
  return %w2 : tensor<64x128xf32>
}

// -----

// tf.aliasing_output = 1 gives the argument to output 1 only, although
// output 0 comes first and has the same type.
// CHECK-LABEL: func.func @aliasing_output
// CHECK:         hlo.exponential %arg0 {tpu.hbm_offsets
// CHECK:         hlo.negate %arg0 {tpu.donated_arguments = array<i64: 0>
func.func @aliasing_output(%x: tensor<8x128xf32> {tf.aliasing_output = 1 : i32}) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %e = hlo.exponential %x : tensor<8x128xf32>
  %n = hlo.negate %x : tensor<8x128xf32>
  return %e, %n : tensor<8x128xf32>, tensor<8x128xf32>
}
