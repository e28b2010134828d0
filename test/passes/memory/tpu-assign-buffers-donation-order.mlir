// RUN: tpu-opt %s -split-input-file -tpu-set-target -tpu-assign-layouts=relayout-entry=true -tpu-pad -tpu-assign-buffers | FileCheck %s
// RUN: tpu-opt %s -split-input-file -tpu-set-target -tpu-assign-layouts=relayout-entry=true -tpu-pad -tpu-assign-buffers -tpu-memory-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Donation of tile-padded state. tpu-pad computes on the padded shape:
// the argument is read through a zero-padding pad of its tile padding and
// the output is a slice dropping it, both the same bytes (bitcasts). The
// update still takes the argument's buffer: the program's only HBM is the
// pads' zero, a constant.
// CHECK-LABEL: func.func @padded_update
// CHECK:         hlo.subtract {{.*}} {tpu.donated_arguments = array<i64: 0>, tpu.hbm_offsets = array<i64: 0>} : tensor<16x128xf32
// CHECK:         %[[OUT:.*]] = hlo.slice
// CHECK:         return %[[OUT]]
// REPORT-LABEL:  @padded_update on v3:
// REPORT:        Output size 8.0K; shares 8.0K with arguments.
// REPORT:        Program hbm requirement 1.0K:
// REPORT-NEXT:     global             1.0K
func.func @padded_update(%w: tensor<10x32xf32> {jax.buffer_donor = true}, %g: tensor<10x32xf32>) -> tensor<10x32xf32> {
  %w2 = hlo.subtract %w, %g : tensor<10x32xf32>
  return %w2 : tensor<10x32xf32>
}

// -----

// The update comes first in program order and frees the most memory, but
// the transpose also reads the donated weights and does not depend on the
// update: it is scheduled first, so that the update may overwrite them.
// CHECK-LABEL: func.func @reader_first
// CHECK:         hlo.transpose %arg0
// CHECK:         hlo.subtract %arg0, %arg1 {tpu.donated_arguments = array<i64: 0>
// REPORT-LABEL:  @reader_first on v3:
// REPORT:        Output size 68.0K; shares 4.0K with arguments.
// REPORT-NOT:    warning
func.func @reader_first(%w: tensor<8x128xf32> {jax.buffer_donor = true}, %g: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<128x8xf32>) {
  %w2 = hlo.subtract %w, %g : tensor<8x128xf32>
  %t = hlo.transpose %w, dims = [1, 0] : (tensor<8x128xf32>) -> tensor<128x8xf32>
  return %w2, %t : tensor<8x128xf32>, tensor<128x8xf32>
}

// -----

// An optimizer's step count: the incremented count is returned (into the
// donated count) and read by the step's bias correction, which also reads
// the old count. Holding the increment back would hold back everything
// that reads it, so its readers get a copy of their own (it reads only
// arguments) and the returned increment runs last, in place.
// CHECK-LABEL: func.func @step_count
// CHECK:         %[[COPY:.*]] = hlo.add %arg0, %{{.*}} {tpu.hbm_offsets
// CHECK:         hlo.convert %[[COPY]]
// CHECK:         hlo.convert %arg0
// CHECK:         %[[NEXT:.*]] = hlo.add %arg0, %{{.*}} {tpu.donated_arguments = array<i64: 0>
// CHECK:         return %[[NEXT]]
// REPORT-LABEL:  @step_count on v3:
// REPORT:        Output size 5.0K; shares 1.0K with arguments.
func.func @step_count(%count: tensor<i32> {jax.buffer_donor = true}, %x: tensor<8x128xf32>) -> (tensor<i32>, tensor<8x128xf32>) {
  %one = hlo.constant dense<1> : tensor<i32>
  %next = hlo.add %count, %one : tensor<i32>
  %t = hlo.convert %next : (tensor<i32>) -> tensor<f32>
  %t0 = hlo.convert %count : (tensor<i32>) -> tensor<f32>
  %r = hlo.divide %t, %t0 : tensor<f32>
  %b = hlo.broadcast_in_dim %r, dims = [] : (tensor<f32>) -> tensor<8x128xf32>
  %y = hlo.multiply %x, %b : tensor<8x128xf32>
  return %next, %y : tensor<i32>, tensor<8x128xf32>
}
