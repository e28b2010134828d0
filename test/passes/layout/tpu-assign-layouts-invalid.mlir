// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -verify-diagnostics
// RUN: not tpu-opt %s -tpu-set-target=target=v7 -tpu-assign-layouts 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tpu-opt %s -tpu-assign-layouts=mode=fastest 2>&1 | FileCheck %s --check-prefix=MODE

// TARGET: error: unknown target 'v7'; expected v2, v3, v4, v5e, v5p or v6e
// MODE: Cannot find option named 'fastest'!

func.func @not_hlo(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'arith.addf' op is not an hlo op; tpu-assign-layouts expects hlo programs (convert other dialects first)}}
  %0 = arith.addf %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An argument no op reads escapes the ops' type checks; layout assignment
// names its type instead of failing to shape it.
// expected-error @+1 {{tpu-assign-layouts: 'tensor<2xi3>' has an element type TPU programs do not store (they store f32, bf16, f16, the f8, f6 and f4 formats, i64, i32, i16, i8, i4, i2, their unsigned forms and i1)}}
func.func @unstored_argument(%narrow: tensor<2xi3>, %x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// A function that returns its dynamically shaped argument has no op to
// refuse it: the value itself is refused (it crashed the pass).
// expected-error @+1 {{tpu-assign-layouts: 'tensor<?xi32>' is not a tensor of static shape, which TPU programs need}}
func.func @dynamic_argument(%arg0: tensor<?xi32>) -> tensor<?xi32> {
  return %arg0 : tensor<?xi32>
}
