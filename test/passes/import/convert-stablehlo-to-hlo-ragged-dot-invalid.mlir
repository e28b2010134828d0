// group_sizes with batch dimensions (one list per batch) is not imported.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo -verify-diagnostics

func.func @batched_sizes(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<2x3xi64>) -> tensor<2x11x7xf32> {
  // expected-error @+1 {{chlo.ragged_dot is not supported by the TPU compiler: group_sizes of rank 2 (one list of groups for the whole product is)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}
