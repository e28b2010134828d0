// RUN: tpu-opt %s -verify-diagnostics --tpu-compile="compile-to=buffers" -tpu-lower=max-read-copies=0

// With no copies allowed, a value read through two index maps in one
// kernel is a located error (the default budget, 4 x the kernel's ops + 8,
// covers every program the tests and the differential tester generate).
func.func @outer_sum(%v: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{tpu-lower: a value is read through two different index maps in one kernel, and the kernel has made as many copies of such values as max-read-copies allows}}
  %a = hlo.broadcast_in_dim %v, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<3x3xf32>
  %s = hlo.add %a, %b : tensor<3x3xf32>
  return %s : tensor<3x3xf32>
}
