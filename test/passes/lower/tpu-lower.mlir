// RUN: tpu-opt %s -split-input-file --tpu-compile="compile-to=lower" | FileCheck %s
// Kernels are named as the memory report names their op's result:
// %fusion is kernel "fusion", an unnamed %2 = hlo.pad is kernel "pad_2".

// An elementwise fusion over 1024x1024 f32: 512x512 blocks, a loop of
// four, the next block's DMAs started before the current block is waited
// for, the output written back from the other of two slots.
// CHECK:       module attributes {tpu.target = #tpu.target<"v3">}
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:    tpu.program_bytes = 4194304 : i64
// CHECK:         %[[OUT:.+]] = tpu.hbm_buffer offset 0 : memref<1024x1024xf32, #tpu.memory_space<hbm>>
// CHECK:         tpu.kernel "fusion"
// CHECK-DAG:       %[[C3:.+]] = arith.constant 3 : index
// CHECK:           tpu.dma_start %arg0[%{{.+}}, %{{.+}}], %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, sizes = [512, 512] :
// CHECK:           scf.for %[[T:.+]] = %{{.+}} to %[[C3]] step
// CHECK:             tpu.dma_start %arg0
// CHECK:             tpu.dma_wait
// CHECK:             tpu.vector mul
// CHECK:             tpu.vector exp
// CHECK:             tpu.dma_start %{{.+}}[%{{.+}}, %{{.+}}], %[[OUT]]
// CHECK:           tpu.vector exp
// CHECK:           tpu.dma_start %{{.+}}, %[[OUT]]
// CHECK-COUNT-2:   tpu.dma_wait
func.func @elementwise(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %m = hlo.multiply %a, %b : tensor<1024x1024xf32>
  %e = hlo.exponential %m : tensor<1024x1024xf32>
  return %e : tensor<1024x1024xf32>
}

// -----

// A row reduction: the rank-1 result accumulates over lane blocks on the
// vector unit (the first block overwrites, the others accumulate).
// CHECK-LABEL: func.func @reduction
// CHECK:         tpu.kernel "reduce_0"
// CHECK:           scf.if
// CHECK:             tpu.reduce max %{{.+}} -> %{{.+}} dims = [1] valid = [256, 512] : memref<256x512xf32, #tpu.memory_space<vmem>> -> memref<256xf32, #tpu.memory_space<vmem>>
// CHECK:           } else {
// CHECK:             tpu.reduce max {{.*}} accumulate
func.func @reduction(%a: tensor<256x2048xf32>) -> tensor<256xf32> {
  %r = hlo.reduce max %a, dims = [1] : (tensor<256x2048xf32>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// -----

// A matmul whose dimensions are not multiples of 128: K (100) and N (40)
// reach the MXU's 128 in VMEM, where the masked DMA of the weights as
// stored (40 rows, tile-padded lanes) zero-fills the rest of the block; no
// padded copy is made in HBM. min-padding stores the weights transposed,
// which the MXU reads as is.
// CHECK-LABEL: func.func @matmul_unaligned
// CHECK-SAME:    %arg1: memref<40x128xbf16, #tpu.memory_space<hbm>> {tpu.logical_type = tensor<100x40xbf16, #tpu.layout<{0,1:T(8,128)(2,1)}>>}
// CHECK-NOT:     tpu.kernel "pad
// CHECK:         tpu.kernel "dot_general_3"
// CHECK:           tpu.dma_start %arg1[%{{.+}}, %{{.+}}], %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, sizes = [128, 128] masked : memref<40x128xbf16, #tpu.memory_space<hbm>>, memref<128x128xbf16, #tpu.memory_space<vmem>>
// CHECK:           tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} precision = default transpose_rhs : memref<16x128xbf16, #tpu.memory_space<vmem>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<16x128xf32, #tpu.memory_space<vmem>>
func.func @matmul_unaligned(%x: tensor<16x100xbf16>, %w: tensor<100x40xbf16>) -> tensor<16x40xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x100xbf16>, tensor<100x40xbf16>) -> tensor<16x40xf32>
  return %d : tensor<16x40xf32>
}

// -----

// A matmul with a bias + ReLU epilogue (an output fusion): K blocks
// accumulate in VMEM; on the last one the vector unit adds the bias, read
// through its index map from a rank-1 block, and takes the max with a
// zero filled once per kernel.
// CHECK-LABEL: func.func @matmul_bias_relu
// CHECK:         tpu.kernel "fusion"
// CHECK:           tpu.fill %[[ZERO:.+]], 0.000000e+00 : f32
// CHECK:           scf.for
// CHECK:             tpu.matmul %{{.+}}, %{{.+}}, %[[ACC:.+]] precision = default :
// CHECK:             tpu.matmul %{{.+}}, %{{.+}}, %[[ACC]] accumulate precision = default :
// CHECK:             scf.if
// CHECK:               tpu.vector add(%[[ACC]], %{{.+}}) -> %{{.+}} {maps = [array<i64: 0, 1>, array<i64: 1>]}
// CHECK:               tpu.vector max(%{{.+}}, %[[ZERO]]) -> %{{.+}} :
func.func @matmul_bias_relu(%x: tensor<256x1024xbf16>, %w: tensor<1024x256xbf16>, %b: tensor<256xf32>) -> tensor<256x256xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x1024xbf16>, tensor<1024x256xbf16>) -> tensor<256x256xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<256x256xf32>
  %z = hlo.add %d, %bb : tensor<256x256xf32>
  %zero = hlo.constant dense<0.0> : tensor<256x256xf32>
  %r = hlo.maximum %z, %zero : tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}


// -----

// A 3x3 convolution with stride 2 and a bias + ReLU epilogue. Each window
// tap is one reduction step: the tap's kernel matrix [C, F] is DMAed into
// VMEM and the input rows under the tap arrive by a strided DMA, masked
// where the window overlaps the zero padding; the MXU multiplies the whole
// [8, 8, 8] block of output pixels by the shared weights. The im2col matrix
// is never built. Nine taps, nine steps: an MXU kernel keeps three slots
// per input, so two blocks are prefetched and the loop runs seven steps
// before the last two.
// CHECK-LABEL: func.func @convolution
// CHECK:         tpu.kernel "fusion"
// CHECK-DAG:       %[[C7:.+]] = arith.constant 7 : index
// CHECK-DAG:       %[[CM1:.+]] = arith.constant -1 : index
// CHECK:           %[[START:.+]] = arith.addi %{{.+}}, %[[CM1]] : index
// CHECK:           tpu.dma_start %arg0[%{{.+}}, %[[START]], %[[START]], %{{.+}}], %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}], %{{.+}}, sizes = [8, 8, 8, 128] strides = [1, 2, 2, 1] masked : memref<8x16x16x128xbf16, #tpu.memory_space<hbm>>, memref<8x8x8x128xbf16, #tpu.memory_space<vmem>>
// CHECK:           tpu.dma_start %arg1[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}], %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}], %{{.+}}, sizes = [1, 1, 128, 128] : memref<3x3x128x128xbf16, #tpu.memory_space<hbm>>, memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>
// CHECK:           scf.for %{{.+}} = %{{.+}} to %[[C7]] step
// CHECK:             tpu.dma_start %arg0{{.+}} strides = [1, 2, 2, 1] masked
// CHECK:             scf.if
// CHECK-NEXT:          tpu.matmul %{{.+}}, %{{.+}}, %[[ACC:.+]] precision = default : memref<8x8x8x128xbf16, #tpu.memory_space<vmem>>, memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>, memref<8x8x8x128xf32, #tpu.memory_space<vmem>>
// CHECK-NEXT:        } else {
// CHECK-NEXT:          tpu.matmul %{{.+}}, %{{.+}}, %[[ACC]] accumulate precision = default
// CHECK:             scf.if
// CHECK:               tpu.vector add(%[[ACC]], %{{.+}}) -> %{{.+}} {maps = [array<i64: 0, 1, 2, 3>, array<i64: 3>]}
// CHECK:               tpu.vector max
// CHECK:               tpu.dma_start %{{.+}}, %{{.+}}, sizes = [8, 8, 8, 128] : memref<8x8x8x128xf32, #tpu.memory_space<vmem>>, memref<8x8x8x128xf32, #tpu.memory_space<hbm>>
// CHECK:           tpu.matmul %{{.+}}, %{{.+}}, %[[ACC]] accumulate
func.func @convolution(%x: tensor<8x16x16x128xbf16>, %k: tensor<3x3x128x128xbf16>, %b: tensor<128xf32>) -> tensor<8x8x8x128xf32> {
  %y = hlo.convolution %x, %k, window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} : (tensor<8x16x16x128xbf16>, tensor<3x3x128x128xbf16>) -> tensor<8x8x8x128xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<128xf32>) -> tensor<8x8x8x128xf32>
  %z = hlo.add %y, %bb : tensor<8x8x8x128xf32>
  %c0 = hlo.constant dense<0.0> : tensor<8x8x8x128xf32>
  %r = hlo.maximum %z, %c0 : tensor<8x8x8x128xf32>
  return %r : tensor<8x8x8x128xf32>
}

// -----

// Batch 64 puts the batch in the lanes under the xla-default layout
// ({0,3,2,1}): the output block is [OH, OW, F, N], so the transposed kernel
// tap is the MXU's lhs, the input block [OH, OW, C, N] its batched rhs.
// CHECK-LABEL: func.func @convolution_batch_minor
// CHECK:           tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} precision = default transpose_lhs : memref<1x1x128x128xf32, #tpu.memory_space<vmem>>, memref<4x4x128x128xf32, #tpu.memory_space<vmem>>, memref<4x4x128x128xf32, #tpu.memory_space<vmem>>
func.func @convolution_batch_minor(%x: tensor<64x9x9x5xf32>, %w: tensor<3x3x5x7xf32>) -> tensor<64x4x4x7xf32> {
  %y = hlo.convolution %x, %w, window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} : (tensor<64x9x9x5xf32>, tensor<3x3x5x7xf32>) -> tensor<64x4x4x7xf32>
  return %y : tensor<64x4x4x7xf32>
}

// -----

// An argmax of 8 rows over 1280 columns: the 8 rows are one block (a
// dimension shorter than its alignment is not rounded up to it); reduced
// blocks divide the row (256, not
// 512), so no zero-filled tail competes; the first block overwrites the
// best values and indices, the others accumulate, each with its block's
// first column as the index offset.
// CHECK-LABEL: func.func @argmax_blocks
// CHECK:         tpu.kernel "argmax_0"
// CHECK:           %[[BEST:.+]] = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
// CHECK:           scf.for
// CHECK:             scf.if
// CHECK:               tpu.arg_reduce argmax %{{.+}} -> %[[BEST]], %{{.+}} dim = 1 valid = 256 offset %{{.+}} : memref<8x256xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
// CHECK:             } else {
// CHECK:               tpu.arg_reduce argmax %{{.+}} -> %[[BEST]], %{{.+}} dim = 1 valid = 256 offset %{{.+}} accumulate
// CHECK:           tpu.arg_reduce argmax %{{.+}} -> %[[BEST]], %{{.+}} dim = 1 valid = 256 offset %c1024 accumulate
func.func @argmax_blocks(%x: tensor<8x1280xf32>) -> tensor<8xi32> {
  %r = hlo.argmax %x, dim = 1 : (tensor<8x1280xf32>) -> tensor<8xi32>
  return %r : tensor<8xi32>
}

// -----

// A reshape that only regroups whole (8,128) tiles of a computed value is a
// bitcast: no kernel, the consumer reads the same offset with the new shape.
// CHECK-LABEL: func.func @reshape_bitcast
// CHECK:         tpu.hbm_buffer offset 0 : memref<4x8x128xf32, #tpu.memory_space<hbm>>
// CHECK:         tpu.kernel "negate_0"
// CHECK:         %[[VIEW:.+]] = tpu.hbm_buffer offset 0 : memref<32x128xf32, #tpu.memory_space<hbm>>
// CHECK-NOT:     tpu.kernel "reshape
// CHECK:         tpu.kernel "abs_2"
// CHECK:           tpu.dma_start %[[VIEW]]
func.func @reshape_bitcast(%x: tensor<4x8x128xf32>) -> tensor<32x128xf32> {
  %n = hlo.negate %x : tensor<4x8x128xf32>
  %r = hlo.reshape %n : (tensor<4x8x128xf32>) -> tensor<32x128xf32>
  %a = hlo.abs %r : tensor<32x128xf32>
  return %a : tensor<32x128xf32>
}

// -----

// A flatten moves data between tiles: a relayout kernel. The batch is kept
// and blocked; the image moves in runs that are windows of both shapes,
// here whole images (2 per step: 11.8 MB double-buffered, the result's
// 2 rows padded to 8 sublanes, within three quarters of v3's 16 MiB of
// VMEM); each window is DMAed in, relaid out and DMAed
// out, the next one in flight meanwhile.
// CHECK-LABEL: func.func @reshape_flatten
// CHECK:         tpu.kernel "reshape_0"
// CHECK:           scf.for
// CHECK:             tpu.dma_start %arg0[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}], %{{.+}}, sizes = [2, 24, 24, 256] : memref<16x24x24x256xf32, #tpu.memory_space<hbm>>, memref<2x24x24x256xf32, #tpu.memory_space<vmem>>
// CHECK:             tpu.relayout %{{.+}} -> %{{.+}} src_order = [0, 1, 2, 3] dst_order = [0, 1] : memref<2x24x24x256xf32, #tpu.memory_space<vmem>> -> memref<2x147456xf32, #tpu.memory_space<vmem>>
// CHECK:             tpu.dma_start %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, sizes = [2, 147456] : memref<2x147456xf32, #tpu.memory_space<vmem>>, memref<16x147456xf32, #tpu.memory_space<hbm>>
func.func @reshape_flatten(%x: tensor<16x24x24x256xf32>) -> tensor<16x147456xf32> {
  %r = hlo.reshape %x : (tensor<16x24x24x256xf32>) -> tensor<16x147456xf32>
  return %r : tensor<16x147456xf32>
}

// -----

// Layout assignment puts the batch of 2 second-minor here (fewer padded
// tiles), so the operand's blocks are in another physical order: the
// relayout reads them through it.
// CHECK-LABEL: func.func @reshape_permuted
// CHECK:         tpu.relayout %{{.+}} -> %{{.+}} src_order = [1, 2, 0, 3] dst_order = [0, 1]
func.func @reshape_permuted(%x: tensor<2x3x5x7xf32>) -> tensor<2x105xf32> {
  %n = hlo.negate %x : tensor<2x3x5x7xf32>
  %r = hlo.reshape %n : (tensor<2x3x5x7xf32>) -> tensor<2x105xf32>
  return %r : tensor<2x105xf32>
}

// -----

// A reverse is its operand read backwards: the DMA starts at the last
// logical element (19, 299) and walks down with stride -1, masked because
// the padded block reaches below index 0, where it zero-fills.
// CHECK-LABEL: func.func @reverse
// CHECK:         tpu.kernel "reverse_0"
// CHECK:           tpu.dma_start %arg0[%c19, %c299], %{{.+}}, sizes = [24, 384] strides = [-1, -1] masked
// CHECK:           tpu.vector copy
// CHECK:           tpu.dma_start %{{.+}}, sizes = [24, 384] :
func.func @reverse(%x: tensor<20x300xf32>) -> tensor<20x300xf32> {
  %r = hlo.reverse %x, dims = [0, 1] : tensor<20x300xf32>
  return %r : tensor<20x300xf32>
}

// -----

// Layout assignment put this reduction's result in another physical order
// ({1,2,0}: the 3 last) than its input's kept dimensions: the reduction
// accumulates in the input's order and each partial result is transposed
// into the result block by a mapped copy. The result's tile pad (3 -> 128
// lanes) is written by the kernel too: the iteration space grows to the
// result's tile, and the reduction covers the 3 valid rows only.
// CHECK-LABEL: func.func @reduce_transposed
// CHECK:         tpu.reduce max %{{.+}} -> %[[P:.+]] dims = [3] valid = [1, 3, 2, 128] : memref<1x128x2x128xf32, #tpu.memory_space<vmem>> -> memref<1x128x2xf32, #tpu.memory_space<vmem>>
// CHECK:         tpu.vector copy(%[[P]]) -> %{{.+}} {maps = [array<i64: 0, 2, 1>]} : memref<1x128x2xf32, #tpu.memory_space<vmem>> -> memref<1x2x128xf32, #tpu.memory_space<vmem>>
func.func @reduce_transposed(%arg0: tensor<1x4x2xf32>, %arg1: tensor<1x3xi32>) -> tensor<1x3x2xf32> {
  %0 = hlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<1x3x4x2xi32>
  %1 = hlo.iota dim = 2 : tensor<1x3x4x2xi32>
  %2 = hlo.compare EQ, %0, %1 : (tensor<1x3x4x2xi32>, tensor<1x3x4x2xi32>) -> tensor<1x3x4x2xi1>
  %3 = hlo.broadcast_in_dim %arg0, dims = [0, 2, 3] : (tensor<1x4x2xf32>) -> tensor<1x3x4x2xf32>
  %4 = hlo.constant dense<0xFF800000> : tensor<1x3x4x2xf32>
  %5 = hlo.select %2, %3, %4 : tensor<1x3x4x2xi1>, tensor<1x3x4x2xf32>
  %6 = hlo.reduce max %5, dims = [2] : (tensor<1x3x4x2xf32>) -> tensor<1x3x2xf32>
  return %6 : tensor<1x3x2xf32>
}

// -----

// A multi-output fusion is one kernel: the matmul accumulates in its own
// output slot, the epilogue computes into the other result's slot, and both
// blocks go to HBM on the same semaphore.
// CHECK-LABEL: func.func @two_results
// CHECK:         %[[OUT0:.+]] = tpu.hbm_buffer
// CHECK:         %[[OUT1:.+]] = tpu.hbm_buffer
// CHECK:         tpu.kernel "fusion#0"
// CHECK:           tpu.matmul %{{.+}}, %{{.+}}, %[[D:[0-9]+]]
// CHECK:           tpu.vector tanh(%[[D]]) -> %[[T:[0-9]+]]
// CHECK:           tpu.dma_start %[[D]][%c0, %c0], %[[OUT0]][%c0, %c0], %[[SEM:[0-9]+]], sizes = [8, 128]
// CHECK:           tpu.dma_start %[[T]][%c0, %c0], %[[OUT1]][%c0, %c0], %[[SEM]], sizes = [8, 128]
// CHECK-NOT:     tpu.kernel
func.func @two_results(%a: tensor<8x128xf32>, %b: tensor<128x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %f:2 = hlo.fusion kind = output (%p = %a, %q = %b) : (tensor<8x128xf32>, tensor<128x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
    %d = hlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
    %t = hlo.tanh %d : tensor<8x128xf32>
    hlo.yield %d, %t : tensor<8x128xf32>, tensor<8x128xf32>
  }
  return %f#0, %f#1 : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// A kernel of one block keeps one VMEM buffer per value and one semaphore
// per direction: the unused second slots of its double buffers, and the
// semaphores only waited on, are removed.
// CHECK-LABEL: func.func @one_block
// CHECK: tpu.kernel "reduce_0"
// CHECK-COUNT-2: tpu.alloc :
// CHECK-NOT: tpu.alloc :
// CHECK-COUNT-2: tpu.sem_alloc
// CHECK-NOT: tpu.sem_alloc
// CHECK: tpu.reduce max
// CHECK: return
func.func @one_block(%a: tensor<8x128xf32>) -> tensor<8xf32> {
  %0 = hlo.reduce max %a, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
