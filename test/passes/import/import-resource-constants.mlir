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

// Weights printed elided get placeholder values: varied (a splat would
// fold and be stored as an immediate, not as the HBM buffer the weight is)
// and deterministic, (i * 37 mod 101 - 50) / 64 for floats, i * 37 mod 101
// for integers, its parity for i1. The function records where each was.
// CHECK-LABEL: func.func @elided
// CHECK-SAME: tpu.elided_constants = ["{{.*}}import-resource-constants.mlir:{{[0-9]+}}:{{[0-9]+}} tensor<2x2xf32>", "{{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}} tensor<3xi32>", "{{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}} tensor<3xi1>", "{{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}} tensor<2xbf16>"]
// CHECK: hlo.constant dense<{{\[\[}}-7.812500e-01, -2.031250e-01], [3.750000e-01, -6.250000e-01]]> : tensor<2x2xf32>
// CHECK: hlo.constant dense<[0, 37, 74]> : tensor<3xi32>
// CHECK: hlo.constant dense<[false, true, false]> : tensor<3xi1>
// CHECK: hlo.constant dense<[-7.812500e-01, -2.031250e-01]> : tensor<2xbf16>
// expected-remark@+1 {{4 constants have no values (weights printed elided, first at}}
func.func @elided() -> (tensor<2x2xf32>, tensor<3xi32>, tensor<3xi1>, tensor<2xbf16>) {
  %c = stablehlo.constant dense_resource<__elided__> : tensor<2x2xf32>
  %i = stablehlo.constant dense_resource<__elided__> : tensor<3xi32>
  %p = stablehlo.constant dense_resource<__elided__> : tensor<3xi1>
  %h = stablehlo.constant dense_resource<__elided__> : tensor<2xbf16>
  return %c, %i, %p, %h : tensor<2x2xf32>, tensor<3xi32>, tensor<3xi1>, tensor<2xbf16>
}

// -----

// TOSA's too, one remark per function.
// CHECK-LABEL: func.func @tosa_elided
// CHECK-SAME: tpu.elided_constants = ["{{.*}}.mlir:{{[0-9]+}}:{{[0-9]+}} tensor<4xi8>"]
// CHECK: hlo.constant dense<[0, 37, 74, 10]> : tensor<4xi8>
// expected-remark@+1 {{1 constant has no values (weights printed elided, first at}}
func.func @tosa_elided() -> tensor<4xi8> {
  %w = "tosa.const"() <{values = dense_resource<__elided__> : tensor<4xi8>}> : () -> tensor<4xi8>
  return %w : tensor<4xi8>
}
