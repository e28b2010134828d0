// chlo.ragged_dot imported as one dot_general of a masked lhs: the group
// starts are a strictly lower triangular matrix times group_sizes, each
// group's rows are kept in its copy of the lhs, and the group dimension is
// contracted with the rhs group dimension (mode 1).
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo | FileCheck %s

// CHECK-LABEL: func.func @rows
// CHECK: %[[LOWER:.*]] = hlo.compare LT
// CHECK: %[[TRI:.*]] = hlo.convert %[[LOWER]] : (tensor<3x3xi1>) -> tensor<3x3xi64>
// CHECK: %[[STARTS:.*]] = hlo.{{.*}}%[[TRI]]
// CHECK: %[[ENDS:.*]] = hlo.add %[[STARTS]], %arg2 : tensor<3xi64>
// CHECK: %[[WIDE:.*]] = hlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<11x5xf32>) -> tensor<3x11x5xf32>
// CHECK: hlo.compare GE
// CHECK: hlo.compare LT
// CHECK: %[[MASK:.*]] = hlo.and
// CHECK: %[[M:.*]] = hlo.select
// CHECK: hlo.dot_general %[[M]], %arg1, contracting_dims = [0, 2] x [0, 1]
// CHECK-SAME: -> tensor<11x7xf32>
func.func @rows(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}
