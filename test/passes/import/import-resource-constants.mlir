// RUN: tpu-opt %s -split-input-file -verify-diagnostics -convert-stablehlo-to-hlo -convert-tosa-to-hlo | FileCheck %s
// Constants whose values are in the file's resource section (torch-mlir's
// and IREE's weights) are read at import; values are checked end to end in
// test/e2e/dense-resource.mlir.

// A blob starts with its alignment (4), then the elements, little-endian.
// CHECK-LABEL: func.func @stablehlo_f32
// CHECK: hlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
func.func @stablehlo_f32() -> tensor<2xf32> {
  %c = stablehlo.constant dense_resource<w> : tensor<2xf32>
  return %c : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// One byte per boolean in the blob.
// CHECK-LABEL: func.func @tosa_i1
// CHECK: hlo.constant dense<[true, false, true]> : tensor<3xi1>
func.func @tosa_i1() -> tensor<3xi1> {
  %c = "tosa.const"() <{values = dense_resource<flags> : tensor<3xi1>}> : () -> tensor<3xi1>
  return %c : tensor<3xi1>
}
{-#
  dialect_resources: {
    builtin: {
      flags: "0x01000000010001"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @i8_matrix
// CHECK: hlo.constant dense<{{\[\[}}1, -1], [127, -128]]> : tensor<2x2xi8>
func.func @i8_matrix() -> tensor<2x2xi8> {
  %c = stablehlo.constant dense_resource<m> : tensor<2x2xi8>
  return %c : tensor<2x2xi8>
}
{-#
  dialect_resources: {
    builtin: {
      m: "0x0100000001FF7F80"
    }
  }
#-}

// -----

func.func @wrong_size() -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.constant' op dense_resource<w> holds 4 bytes, which are not the elements of 'tensor<2xf32>'}}
  %c = stablehlo.constant dense_resource<w> : tensor<2xf32>
  return %c : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F"
    }
  }
#-}

// -----

func.func @elided() -> tensor<2xf32> {
  // expected-error@+1 {{'stablehlo.constant' op has no values: its dense_resource<__elided__> has no blob (weights printed elided); compile the program as exported, with its resource section}}
  %c = stablehlo.constant dense_resource<__elided__> : tensor<2xf32>
  return %c : tensor<2xf32>
}
