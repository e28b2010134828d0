// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// XLA's notation, printed exactly as XLA prints it.
// CHECK-LABEL: func.func @notation
// CHECK-SAME: tensor<29360128x10xi32, #tpu.layout<{1,0:T(8,128)}>>
// CHECK-SAME: tensor<128x256x896x18xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>
// CHECK-SAME: tensor<4x512x512x64xbf16, #tpu.layout<{3,0,2,1:T(4,128)(2,1)}>>
// CHECK-SAME: tensor<64x512x2048xi1, #tpu.layout<{2,1,0:T(8,128)E(32)}>>
// CHECK-SAME: tensor<f32, #tpu.layout<{:T(256)}>>
// CHECK-SAME: tensor<300xf32, #tpu.layout<{0:T(512)}>>
// CHECK-SAME: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)S(1)}>>
// CHECK-SAME: tensor<2x3xf32, #tpu.layout<{1,0}>>
func.func @notation(
    %a: tensor<29360128x10xi32, #tpu.layout<{1,0:T(8,128)}>>,
    %b: tensor<128x256x896x18xf32, #tpu.layout<{0,3,2,1:T(8,128)}>>,
    %c: tensor<4x512x512x64xbf16, #tpu.layout<{3,0,2,1:T(4,128)(2,1)}>>,
    %d: tensor<64x512x2048xi1, #tpu.layout<{2,1,0:T(8,128)E(32)}>>,
    %e: tensor<f32, #tpu.layout<{:T(256)}>>,
    %f: tensor<300xf32, #tpu.layout<{ 0 : T(512) }>>,
    %g: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)S(1)}>>,
    %h: tensor<2x3xf32, #tpu.layout<{1,0}>>) {
  return
}

// -----

// hlo ops accept layouts; a result may be laid out unlike its operands.
// CHECK-LABEL: func.func @hlo_with_layouts
func.func @hlo_with_layouts(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>)
    -> tensor<128x8xf32, #tpu.layout<{0,1:T(8,128)}>> {
  // CHECK: hlo.negate %{{.+}} : tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>
  %0 = hlo.negate %x : tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>
  // CHECK: hlo.transpose %{{.+}}, dims = [1, 0] : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<128x8xf32, #tpu.layout<{0,1:T(8,128)}>>
  %1 = hlo.transpose %0, dims = [1, 0]
      : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<128x8xf32, #tpu.layout<{0,1:T(8,128)}>>
  return %1 : tensor<128x8xf32, #tpu.layout<{0,1:T(8,128)}>>
}

// -----

// CHECK-LABEL: func.func @compare_with_pred_tiles
func.func @compare_with_pred_tiles(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>)
    -> tensor<8x128xi1, #tpu.layout<{1,0:T(8,128)E(32)}>> {
  // CHECK: hlo.compare LT
  %0 = hlo.compare LT, %x, %x : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>, tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8x128xi1, #tpu.layout<{1,0:T(8,128)E(32)}>>
  return %0 : tensor<8x128xi1, #tpu.layout<{1,0:T(8,128)E(32)}>>
}

// -----

// A value without a layout has none assigned yet (a pinned argument).
// CHECK-LABEL: func.func @partially_laid_out
func.func @partially_laid_out(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8x128xf32> {
  // CHECK: hlo.exponential %{{.+}} : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8x128xf32>
  %0 = hlo.exponential %x : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8x128xf32>
  return %0 : tensor<8x128xf32>
}
