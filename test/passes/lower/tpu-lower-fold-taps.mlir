// RUN: tpu-opt %s -split-input-file --tpu-compile="compile-to=lower target=v4" | FileCheck %s --check-prefixes=CHECK,V4
// RUN: tpu-opt %s -split-input-file --tpu-compile="compile-to=lower target=v6e" | FileCheck %s --check-prefixes=CHECK,V6E

// Few input channels: the window's taps fold into the MXU's K. A 3x3
// stride-2 stem on 3 channels (4 once tpu-pad pairs bf16 rows): one
// reduction step instead of nine. Every input and kernel slot is zeroed
// once, then each tap's shifted, strided window goes by its own DMA to its
// 4 rows of K (masked where the window overlaps the padding: not the
// centre tap), the kernel's taps to the same rows, and a single matmul
// over K = 36 (in one 128-row block) writes the block: no accumulation, no
// loop.
// CHECK-LABEL: func.func @stem
// CHECK:         tpu.kernel "convolution_
// CHECK-COUNT-3:   tpu.fill %{{.+}}, 0.000000e+00 : bf16 : memref<8x8x8x128xbf16, #tpu.memory_space<vmem>>
// CHECK-COUNT-3:   tpu.fill %{{.+}}, 0.000000e+00 : bf16 : memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>
// CHECK:           tpu.dma_start %arg0[%c0, %c-1, %c-1, %c0], %[[IN:.+]][%c0, %c0, %c0, %c0], %[[SEM:.+]], sizes = [8, 8, 8, 4] strides = [1, 2, 2, 1] masked
// CHECK-NEXT:      tpu.dma_start %arg0[%c0, %c-1, %c0, %c0], %[[IN]][%c0, %c0, %c0, %c4], %[[SEM]], sizes = [8, 8, 8, 4] strides = [1, 2, 2, 1] masked
// CHECK:           tpu.dma_start %arg0[%c0, %c0, %c0, %c0], %[[IN]][%c0, %c0, %c0, %c16], %[[SEM]], sizes = [8, 8, 8, 4] strides = [1, 2, 2, 1] :
// CHECK:           tpu.dma_start %arg0[%c0, %c1, %c1, %c0], %[[IN]][%c0, %c0, %c0, %c32], %[[SEM]], sizes = [8, 8, 8, 4] strides = [1, 2, 2, 1] :
// CHECK-NEXT:      tpu.dma_start %arg1[%c0, %c0, %c0, %c0], %[[W:.+]][%c0, %c0, %c0, %c0], %[[SEM]], sizes = [1, 1, 4, 128] :
// CHECK-NEXT:      tpu.dma_start %arg1[%c0, %c1, %c0, %c0], %[[W]][%c0, %c0, %c4, %c0], %[[SEM]], sizes = [1, 1, 4, 128] :
// CHECK:           tpu.dma_start %arg1[%c2, %c2, %c0, %c0], %[[W]][%c0, %c0, %c32, %c0], %[[SEM]], sizes = [1, 1, 4, 128] :
// CHECK-NOT:       scf.for
// CHECK:           tpu.matmul %[[IN]], %[[W]], %{{.+}} precision = default : memref<8x8x8x128xbf16, #tpu.memory_space<vmem>>, memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>, memref<8x8x8x128xf32, #tpu.memory_space<vmem>>
// CHECK-NOT:       tpu.matmul
func.func @stem(%x: tensor<8x16x16x3xbf16>, %k: tensor<3x3x3x128xbf16>) -> tensor<8x8x8x128xf32> {
  %y = hlo.convolution %x, %k, window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} : (tensor<8x16x16x3xbf16>, tensor<3x3x3x128xbf16>) -> tensor<8x8x8x128xf32>
  return %y : tensor<8x8x8x128xf32>
}

// -----

// Batch-minor ({0,3,2,1}): K is the input block's sublanes, so each tap's
// 8 rows (5 channels, tile-padded) stack along the second-minor dimension.
// CHECK-LABEL: func.func @batch_minor
// CHECK:           tpu.dma_start %arg0[%c-1, %c-1, %c0, %c0], %[[IN:.+]][%c0, %c0, %c0, %c0], %{{.+}}, sizes = [4, 4, 8, 128] strides = [2, 2, 1, 1] masked
// CHECK:           tpu.dma_start %arg0[%c1, %c1, %c0, %c0], %[[IN]][%c0, %c0, %c64, %c0], %{{.+}}, sizes = [4, 4, 8, 128] strides = [2, 2, 1, 1] :
// CHECK:           tpu.dma_start %arg1[%c2, %c2, %c0, %c0], %[[W:.+]][%c0, %c0, %c64, %c0], %{{.+}}, sizes = [1, 1, 8, 128] :
// CHECK:           tpu.matmul %[[W]], %[[IN]], %{{.+}} precision = default transpose_lhs : memref<1x1x128x128xf32, #tpu.memory_space<vmem>>, memref<4x4x128x128xf32, #tpu.memory_space<vmem>>
// CHECK-NOT:       tpu.matmul
func.func @batch_minor(%x: tensor<64x9x9x5xf32>, %w: tensor<3x3x5x7xf32>) -> tensor<64x4x4x7xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} : (tensor<64x9x9x5xf32>, tensor<3x3x5x7xf32>) -> tensor<64x4x4x7xf32>
  return %y : tensor<64x4x4x7xf32>
}

// -----

// 104 channels (100, tile-padded in the kernel's sublanes): K = 936 rows
// fold into one block of 1024, 8 passes of the 128-row arrays and 4 of
// v6e's 256-row ones instead of 9.
// CHECK-LABEL: func.func @long_k
// CHECK-COUNT-3:   tpu.fill %{{.+}} : memref<2x6x8x1024xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.dma_start %arg0[%c0, %c2, %c2, %c0], %{{.+}}[%c0, %c0, %c0, %c832], %{{.+}}, sizes = [2, 6, 8, 104] masked
// CHECK:           tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} precision = default : memref<2x6x8x1024xf32, #tpu.memory_space<vmem>>, memref<1x1x1024x128xf32, #tpu.memory_space<vmem>>
// CHECK-NOT:       tpu.matmul
func.func @long_k(%x: tensor<2x8x8x100xf32>, %w: tensor<3x3x100x128xf32>) -> tensor<2x6x6x128xf32> {
  %y = hlo.convolution %x, %w : (tensor<2x8x8x100xf32>, tensor<3x3x100x128xf32>) -> tensor<2x6x6x128xf32>
  return %y : tensor<2x6x6x128xf32>
}

// -----

// 120 channels: K = 1080 rows would need two blocks; each tap stays a
// reduction step of its own, nothing is zeroed.
// CHECK-LABEL: func.func @too_long
// CHECK-NOT:       tpu.fill
// CHECK:           scf.for
// CHECK:             tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} accumulate precision = default : memref<2x6x8x128xf32, #tpu.memory_space<vmem>>, memref<1x1x128x128xf32, #tpu.memory_space<vmem>>
func.func @too_long(%x: tensor<2x8x8x120xf32>, %w: tensor<3x3x120x128xf32>) -> tensor<2x6x6x128xf32> {
  %y = hlo.convolution %x, %w : (tensor<2x8x8x120xf32>, tensor<3x3x120x128xf32>) -> tensor<2x6x6x128xf32>
  return %y : tensor<2x6x6x128xf32>
}

// -----

// 200 channels in a 2x2 window: folded, K = 800 rows take 7 passes of a
// 128-row array instead of 4 x 2, so v4 folds; on v6e's 256-row arrays
// each tap is one pass, as the folded K's 4 are, so v6e does not.
// CHECK-LABEL: func.func @by_array_rows
// V4-COUNT-3:      tpu.fill %{{.+}} : memref<2x7x8x896xf32, #tpu.memory_space<vmem>>
// V4:              tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} precision = default : memref<2x7x8x896xf32, #tpu.memory_space<vmem>>
// V6E-NOT:         tpu.fill
// V6E:             tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} accumulate precision = default : memref<2x7x8x256xf32, #tpu.memory_space<vmem>>
func.func @by_array_rows(%x: tensor<2x8x8x200xf32>, %w: tensor<2x2x200x128xf32>) -> tensor<2x7x7x128xf32> {
  %y = hlo.convolution %x, %w : (tensor<2x8x8x200xf32>, tensor<2x2x200x128xf32>) -> tensor<2x7x7x128xf32>
  return %y : tensor<2x7x7x128xf32>
}

// -----

// A 1x1 convolution has one tap: nothing to fold.
// CHECK-LABEL: func.func @one_tap
// CHECK-NOT:       tpu.fill
// CHECK:           tpu.matmul
func.func @one_tap(%x: tensor<2x8x8x3xf32>, %w: tensor<1x1x3x128xf32>) -> tensor<2x8x8x128xf32> {
  %y = hlo.convolution %x, %w : (tensor<2x8x8x3xf32>, tensor<1x1x3x128xf32>) -> tensor<2x8x8x128xf32>
  return %y : tensor<2x8x8x128xf32>
}
