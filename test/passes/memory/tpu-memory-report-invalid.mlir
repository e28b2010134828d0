// RUN: tpu-opt %s -tpu-memory-report -verify-diagnostics -o /dev/null
// RUN: tpu-opt %s -tpu-assign-layouts -tpu-assign-buffers -tpu-pad -tpu-memory-report -verify-diagnostics -o /dev/null

// The report prints the plan of the tpu-assign-buffers that ran just before;
// without one, or after another pass changed the program, there is none.
// expected-error@+1 {{tpu-memory-report prints the plan of tpu-assign-buffers; run -tpu-assign-buffers right before it}}
module {
  func.func @f(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
    %y = hlo.exponential %x : tensor<8x128xf32>
    return %y : tensor<8x128xf32>
  }
}
