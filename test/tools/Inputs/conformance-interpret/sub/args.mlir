// RUN: stablehlo-translate %s --interpret --args="[dense<[1, 2]> : tensor<2xi32>, dense<5> : tensor<2xi32>]" | FileCheck %s

func.func @main(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.subtract %arg1, %arg0 : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// CHECK:      tensor<2xi32> {
// CHECK-NEXT:   [4, 3]
// CHECK-NEXT: }
