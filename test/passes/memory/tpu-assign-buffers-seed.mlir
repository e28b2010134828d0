// The seed's two largest buffers (tpu-facts.md §5) under XLA's default
// layouts on v3: the one-hot s32[29360128,10] keeps its 10 classes in the
// 128 lanes, and the convolution with a batch of 128 puts the batch in the
// lanes ({0,3,2,1}). Both entries match XLA's report to the printed digit.
// XLA materializes the iota and fuses the compare with the labels into its
// consumer; until fusion lands, this program reduces the iota directly.
//
// RUN: tpu-opt %s -tpu-assign-layouts=relayout-entry=true -tpu-assign-buffers=top=2 -tpu-memory-report -o /dev/null | FileCheck %s
//
// On v2 (7.48G) the same program does not fit: XLA's out-of-memory report,
// and exit code 2.
// RUN: not tpu-opt %s -tpu-set-target=target=v2 -tpu-assign-layouts=relayout-entry=true -tpu-assign-buffers=top=2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: sh -c 'tpu-opt %s -tpu-set-target=target=v2 -tpu-assign-layouts=relayout-entry=true -tpu-assign-buffers > /dev/null 2>&1; test $? -eq 2'

// CHECK:      @main on v3: uses 14.66G of 15.48G hbm.
// CHECK:        Largest program allocations in hbm:
// CHECK-EMPTY:
// CHECK-NEXT:   1. Size: 14.00G
// CHECK-NEXT:      Operator: op_type="OneHot" op_name="model/loss/one_hot"
// CHECK-NEXT:      Shape: s32[29360128,10]{1,0:T(8,128)}
// CHECK-NEXT:      Unpadded size: 1.09G
// CHECK-NEXT:      Extra memory due to padding: 12.91G (12.8x expansion)
// CHECK-NEXT:      XLA label: %{{.+}} = hlo.iota dim = 1 : tensor<29360128x10xi32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK-NEXT:      Allocation type: HLO temp
// CHECK-NEXT:      ==========================
// CHECK-EMPTY:
// CHECK-NEXT:   2. Size: 2.62G
// CHECK-NEXT:      Operator: op_name="model/layer_1/Conv2D"
// CHECK-NEXT:      Shape: f32[128,256,896,18]{0,3,2,1:T(8,128)}
// CHECK-NEXT:      Unpadded size: 1.97G
// CHECK-NEXT:      Extra memory due to padding: 672.00M (1.3x expansion)
// CHECK-NEXT:      XLA label: %{{.+}} = hlo.convolution
// CHECK-NEXT:      Allocation type: HLO temp
// CHECK-NEXT:      ==========================

// OOM:      tpu-assign-buffers-seed.mlir:[[# @LINE + 9]]:1: error: Ran out of memory in memory space hbm. Used 14.66G of 7.48G hbm. Exceeded hbm capacity by 7.17G.
// OOM:      note: Total hbm usage >= 15.17G:
// OOM-NEXT:     reserved        530.00M
// OOM-NEXT:     program          14.11G
// OOM-NEXT:     arguments       560.02M
// OOM:      Program hbm requirement 14.11G:
// OOM-NEXT:     HLO temp         14.11G (8.5% utilization: Unpadded (1.20G) Padded (14.11G), 0.0% fragmentation (0B))
// OOM:        1. Size: 14.00G
// OOM:        2. Size: 2.62G
func.func @main(%labels: tensor<29360128xi32>, %images: tensor<128x256x896x3xf32>,
                %kernel: tensor<3x3x3x18xf32>) -> (tensor<i32>, tensor<f32>) {
  %iota = hlo.iota dim = 1 : tensor<29360128x10xi32> loc(fused["OneHot:", "model/loss/one_hot"])
  %hit = hlo.reduce max %iota, dims = [1] : (tensor<29360128x10xi32>) -> tensor<29360128xi32>
  %s = hlo.reduce sum %hit, dims = [0] : (tensor<29360128xi32>) -> tensor<i32>
  %y = hlo.convolution %images, %kernel, window = {pad = [[1, 1], [1, 1]]}
      : (tensor<128x256x896x3xf32>, tensor<3x3x3x18xf32>) -> tensor<128x256x896x18xf32> loc("model/layer_1/Conv2D")
  %t = hlo.reduce sum %y, dims = [0, 1, 2, 3] : (tensor<128x256x896x18xf32>) -> tensor<f32>
  return %s, %t : tensor<i32>, tensor<f32>
}
