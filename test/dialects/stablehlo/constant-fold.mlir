// stablehlo.constant is ConstantLike and folds to its value, as MLIR's
// folding and m_Constant require: canonicalization merges equal constants
// (without the folder it crashed).
// RUN: tpu-opt %s -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @equal_constants
// CHECK-COUNT-1: stablehlo.constant
// CHECK-NOT: stablehlo.constant
func.func @equal_constants() -> (tensor<2xi32>, tensor<2xi32>) {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}
