// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -verify-diagnostics
// RUN: not tpu-opt %s -tpu-set-target=target=v7 -tpu-assign-layouts 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tpu-opt %s -tpu-assign-layouts=mode=fastest 2>&1 | FileCheck %s --check-prefix=MODE

// TARGET: error: unknown target 'v7'; expected v2, v3, v4, v5e or v6e
// MODE: Cannot find option named 'fastest'!

func.func @not_hlo(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'arith.addf' op is not an hlo op; tpu-assign-layouts expects hlo programs (convert other dialects first)}}
  %0 = arith.addf %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
