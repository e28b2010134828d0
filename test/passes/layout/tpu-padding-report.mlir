// RUN: tpu-opt %s -tpu-assign-layouts -tpu-padding-report -o /dev/null | FileCheck %s --check-prefix=XLA
// RUN: tpu-opt %s -tpu-assign-layouts=mode=min-padding -tpu-padding-report -o /dev/null | FileCheck %s --check-prefix=MIN
// RUN: not tpu-opt %s -tpu-padding-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLAYOUT
// RUN: not tpu-opt %s -tpu-set-target=target=v9 -tpu-assign-layouts -tpu-padding-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: tpu-opt %s -tpu-set-target=target=v6e -tpu-assign-layouts -tpu-padding-report=top=1 -o /dev/null | FileCheck %s --check-prefix=TOP

// The seed's one-hot loss: 29360128 labels, 10 classes.
func.func @onehot(%labels: tensor<29360128xi32>, %logp: tensor<29360128x10xf32>) -> tensor<f32> {
  %iota = hlo.iota dim = 1 : tensor<29360128x10xi32> loc("model/loss/one_hot")
  %lb = hlo.broadcast_in_dim %labels, dims = [0] : (tensor<29360128xi32>) -> tensor<29360128x10xi32>
  %eq = hlo.compare EQ, %iota, %lb : (tensor<29360128x10xi32>, tensor<29360128x10xi32>) -> tensor<29360128x10xi1>
  %oh = hlo.convert %eq : (tensor<29360128x10xi1>) -> tensor<29360128x10xf32>
  %m = hlo.multiply %oh, %logp : tensor<29360128x10xf32>
  %s = hlo.reduce sum %m, dims = [0, 1] : (tensor<29360128x10xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

// XLA-LABEL: Padding report for @onehot on v3 (8 values, most wasted bytes first)
// XLA-NEXT:  value shape unpadded padded extra expansion
// XLA-NEXT:  hlo.compare at tpu-padding-report.mlir:11:9 pred[29360128,10]{1,0:T(8,128)E(32)}  280.00M  14.00G  13.73G  51.2x
// XLA-NEXT:  argument #1 at tpu-padding-report.mlir:8:50 f32[29360128,10]{1,0:T(8,128)}  1.09G  14.00G  12.91G  12.8x
// XLA-NEXT:  "model/loss/one_hot" (hlo.iota) s32[29360128,10]{1,0:T(8,128)}  1.09G  14.00G  12.91G  12.8x
// XLA:       total 5.85G  84.11G  78.26G  14.4x
// XLA-NEXT:  Advice:
// XLA-NEXT:  - hlo.compare at tpu-padding-report.mlir:11:9: dimension 1 (size 10) is the minor (lane) dimension, tiled by 128 lanes: it pads to 128 (12.8x); a size that is a multiple of 128 removes this padding
// XLA-NEXT:  - hlo.compare at tpu-padding-report.mlir:11:9: layout {0,1:T(8,128)E(32)} pads to 1.75G (6.4x) instead of 14.00G
// XLA:       - argument #1 at tpu-padding-report.mlir:8:50: in bf16 it takes 7.00G

// MIN-LABEL: Padding report for @onehot on v3 (9 values, most wasted bytes first)
// MIN:       "model/loss/one_hot" (hlo.iota) s32[29360128,10]{0,1:T(8,128)}  1.09G  1.75G  672.00M  1.6x
// MIN:       total 6.95G  24.61G  17.66G  3.5x

// NOLAYOUT: error: has no #tpu.layout; run tpu-assign-layouts before tpu-padding-report

// TARGET: error: unknown target 'v9'; expected v2, v3, v4, v5e, v5p or v6e

// With top=1 only the most wasteful value gets advice.
// TOP-LABEL: Padding report for @onehot on v6e
// TOP:       Advice:
// TOP-NEXT:  - hlo.compare
// TOP-NOT:   - argument #1
