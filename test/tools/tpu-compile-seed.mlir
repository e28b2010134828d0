// The seed's two largest buffers (tpu-facts.md §5) through the whole
// compiler under XLA's default layouts on v3: a one-hot s32[29360128,10]
// made by comparing an iota with broadcast labels (a loop fusion; the
// matmul that reads it keeps it materialized), and a convolution fusion
// producing f32[128,256,896,18] in layout {0,3,2,1:T(8,128)}. Both entries
// match XLA's report to the printed digit.
//
// RUN: tpu-compile %s --compile-to=buffers --layout-mode=xla-default --memory-report --memory-report-top=2 -o /dev/null | FileCheck %s
//
// On v2 (7.48G of HBM) the program does not fit: the report under XLA's
// first line on stderr, and exit code 2.
// RUN: not tpu-compile %s --compile-to=buffers --target=v2 --layout-mode=xla-default --memory-report-top=2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: sh -c 'tpu-compile %s --compile-to=buffers --target=v2 --layout-mode=xla-default -o /dev/null 2>/dev/null; test $? -eq 2'
// The report ends with the name scopes; the advice follows it, the
// program compiled again with each option: min-padding layouts fit.
// RUN: not tpu-compile %s --target=v2 --layout-mode=xla-default -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAST
// LAST: {{^}} (top level) 112.00M 0.7%{{$}}
// LAST-NEXT: What each option would make of @main (14.66G as compiled; the program compiled again with it):
// LAST: --layout-mode=min-padding {{ *}}3.28G of 7.48G: fits (saves 11.38G)
//
// min-padding keeps the 10 classes out of the lanes: it fits on v2.
// RUN: tpu-compile %s --compile-to=buffers --target=v2 --memory-report --memory-report-top=1 -o /dev/null | FileCheck %s --check-prefix=MIN

// CHECK:      @main on v3: uses 14.66G of 15.48G hbm.
// CHECK:        Largest program allocations in hbm:
// CHECK-EMPTY:
// CHECK-NEXT:   1. Size: 14.00G
// CHECK-NEXT:      Operator: op_type="OneHot" op_name="model/loss/one_hot"
// CHECK-NEXT:      Shape: s32[29360128,10]{1,0:T(8,128)}
// CHECK-NEXT:      Unpadded size: 1.09G
// CHECK-NEXT:      Extra memory due to padding: 12.91G (12.8x expansion)
// CHECK-NEXT:      XLA label: %fusion{{.*}} = hlo.fusion kind = loop
// CHECK-NEXT:      Allocation type: HLO temp
// CHECK-NEXT:      ==========================
// CHECK-EMPTY:
// CHECK-NEXT:   2. Size: 2.62G
// CHECK-NEXT:      Operator: op_name="model/layer_1/Conv2D"
// CHECK-NEXT:      Shape: f32[128,256,896,18]{0,3,2,1:T(8,128)}
// CHECK-NEXT:      Unpadded size: 1.97G
// CHECK-NEXT:      Extra memory due to padding: 672.00M (1.3x expansion)
// CHECK-NEXT:      XLA label: %fusion{{.*}} = hlo.fusion kind = output
// CHECK-NEXT:      Allocation type: HLO temp
// CHECK-NEXT:      ==========================

// The located error, its source line and caret, then XLA's report, which
// ends the output (no stray source line after it).
// OOM:      tpu-compile-seed.mlir:[[# @LINE + 24]]:1: error: Ran out of memory in memory space hbm. Used 14.66G of 7.48G hbm. Exceeded hbm capacity by 7.17G.
// OOM-NEXT: func.func @main(
// OOM-NEXT: ^
// OOM-NEXT: Total hbm usage >= 15.17G:
// OOM:        1. Size: 14.00G
// OOM:        2. Size: 2.62G
// What is live at the peak, by origin: the one-hot is the loss's
// temporary, 13.02G of it padding.
// OOM:        Live at the peak by origin (while %fusion_2 = hlo.fusion runs, 9 of 9):
// OOM-EMPTY:
// OOM-NEXT:     other arguments 560.02M   3.7%
// OOM-NEXT:     outputs 112.00M   0.7%
// OOM-NEXT:     temporaries 14.00G  95.5%
// OOM-NEXT:     constants 2.0K   0.0%
// OOM-NEXT:     of which padding (tiles, alignment) 13.02G  88.8%
// OOM:        Live at the peak by name scope:
// OOM-EMPTY:
// OOM-NEXT:     model/loss 14.00G  95.5%

// MIN:      @main on v2: uses
// MIN:        1. Size:
// MIN-NEXT:      Operator: op_name="model/layer_1/Conv2D"
// MIN-NOT:    Size:

func.func @main(%labels: tensor<29360128xi32>, %class_weights: tensor<10xi32>,
                %images: tensor<128x256x896x3xf32>,
                %kernel: tensor<3x3x3x18xf32>) -> (tensor<29360128xi32>, tensor<f32>) {
  %iota = hlo.iota dim = 1 : tensor<29360128x10xi32>
  %b = hlo.broadcast_in_dim %labels, dims = [0] : (tensor<29360128xi32>) -> tensor<29360128x10xi32>
  %eq = hlo.compare EQ, %iota, %b : (tensor<29360128x10xi32>, tensor<29360128x10xi32>) -> tensor<29360128x10xi1>
  %onehot = hlo.convert %eq : (tensor<29360128x10xi1>) -> tensor<29360128x10xi32> loc(fused["OneHot:", "model/loss/one_hot"])
  %w = hlo.dot_general %onehot, %class_weights, contracting_dims = [1] x [0] : (tensor<29360128x10xi32>, tensor<10xi32>) -> tensor<29360128xi32>
  %y = hlo.convolution %images, %kernel, window = {pad = [[1, 1], [1, 1]]}
      : (tensor<128x256x896x3xf32>, tensor<3x3x3x18xf32>) -> tensor<128x256x896x18xf32> loc("model/layer_1/Conv2D")
  %zero = hlo.constant dense<0.0> : tensor<128x256x896x18xf32>
  %relu = hlo.maximum %y, %zero : tensor<128x256x896x18xf32> loc("model/layer_1/Relu")
  %t = hlo.reduce sum %relu, dims = [0, 1, 2, 3] : (tensor<128x256x896x18xf32>) -> tensor<f32>
  return %w, %t : tensor<29360128xi32>, tensor<f32>
}
