// RUN: tpu-opt %s -convert-stablehlo-to-hlo -split-input-file | FileCheck %s

// LU: one argmax per column picks the pivot; the tuple the custom call
// returns is taken apart by get_tuple_element.
// CHECK-LABEL: func.func @lu
// CHECK-COUNT-2: hlo.argmax
// CHECK-NOT: hlo.argmax
// CHECK-NOT: stablehlo.
// CHECK: return
func.func @lu(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) {
  %0 = stablehlo.custom_call @LuDecomposition(%a) : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>>) -> tensor<2x3xf32>
  %2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>>) -> tensor<2xi32>
  %3 = stablehlo.get_tuple_element %0[2] : (tuple<tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>>) -> tensor<2xi32>
  return %1, %2, %3 : tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// A tall LU unrolls one step per column, however many rows there are.
// CHECK-LABEL: func.func @lu_tall
// CHECK-COUNT-3: hlo.argmax
// CHECK-NOT: hlo.argmax
// CHECK: return
func.func @lu_tall(%a: tensor<2000x3xf32>) -> (tensor<2000x3xf32>, tensor<3xi32>, tensor<2000xi32>) {
  %0:3 = stablehlo.custom_call @LuDecomposition(%a) : (tensor<2000x3xf32>) -> (tensor<2000x3xf32>, tensor<3xi32>, tensor<2000xi32>)
  return %0#0, %0#1, %0#2 : tensor<2000x3xf32>, tensor<3xi32>, tensor<2000xi32>
}

// -----

// QR: a norm (a sum of squares and a square root) per column.
// CHECK-LABEL: func.func @qr
// CHECK-COUNT-2: hlo.sqrt
// CHECK-NOT: hlo.sqrt
// CHECK: return
func.func @qr(%a: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>) {
  %0:2 = stablehlo.custom_call @Qr(%a) : (tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<2xf32>
}

// -----

// Eigh: one hlo.while of sweeps, each sweep's rounds two matmuls of the
// rotations (n = 4: three rounds), then a sort of V's columns by the
// eigenvalues.
// CHECK-LABEL: func.func @eigh
// CHECK: hlo.while
// CHECK-COUNT-9: hlo.dot_general
// CHECK-NOT: hlo.dot_general
// CHECK: hlo.sort
func.func @eigh(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>) {
  %0:2 = stablehlo.custom_call @Eigh(%a) {backend_config = "1,1,15,0.000010"} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<4x4xf32>, tensor<4xf32>
}

// -----

// Unsorted: no sort.
// CHECK-LABEL: func.func @eigh_unsorted
// CHECK: hlo.while
// CHECK-NOT: hlo.sort
func.func @eigh_unsorted(%a: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>) {
  %0:2 = stablehlo.custom_call @Eigh(%a) {backend_config = "1,0,15,0.000010"} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2xf32>
}
