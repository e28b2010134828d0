// RUN: tpu-opt %s -split-input-file | FileCheck %s
// Round trip through the generic form too.
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s

// A matmul with a bias epilogue: activations and weights arrive by DMA one
// K block at a time, accumulate on the MXU, and the bias is read broadcast
// from one (8,128) tile.
// CHECK-LABEL: func.func @matmul_bias
// CHECK:         tpu.kernel "fusion" {
// CHECK:           %[[X:.+]] = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
// CHECK:           %[[S:.+]] = tpu.sem_alloc : !tpu.semaphore
// CHECK:           scf.for
// CHECK:             tpu.dma_start %{{.+}}[%{{.+}}, %{{.+}}], %[[X]][%{{.+}}, %{{.+}}], %[[S]], sizes = [128, 128] : memref<128x512xbf16, #tpu.memory_space<hbm>>, memref<128x128xbf16, #tpu.memory_space<vmem>>
// CHECK:             tpu.dma_wait %[[S]]
// CHECK:             tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} accumulate precision = default : memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<128x128xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.vector add(%{{.+}}, %{{.+}}) -> %{{.+}} {maps = [array<i64: 0, 1>, array<i64: -1, 1>]} : memref<128x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.vector max(%{{.+}}, %{{.+}}) -> %{{.+}} {maps = [array<i64: 0, 1>, array<i64: 0>]} : memref<128x128xf32, #tpu.memory_space<vmem>>, memref<128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
func.func @matmul_bias(%x: memref<128x512xbf16, #tpu.memory_space<hbm>>,
                       %w: memref<512x128xbf16, #tpu.memory_space<hbm>>) {
  tpu.kernel "fusion" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %xt = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
    %wt = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
    %acc = tpu.alloc : memref<128x128xf32, #tpu.memory_space<vmem>>
    %bias = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %sem = tpu.sem_alloc : !tpu.semaphore
    scf.for %k = %c0 to %c4 step %c1 {
      %k128 = arith.muli %k, %c128 : index
      tpu.dma_start %x[%c0, %k128], %xt[%c0, %c0], %sem, sizes = [128, 128]
          : memref<128x512xbf16, #tpu.memory_space<hbm>>, memref<128x128xbf16, #tpu.memory_space<vmem>>
      tpu.dma_start %w[%k128, %c0], %wt[%c0, %c0], %sem, sizes = [128, 128]
          : memref<512x128xbf16, #tpu.memory_space<hbm>>, memref<128x128xbf16, #tpu.memory_space<vmem>>
      tpu.dma_wait %sem
      tpu.matmul %xt, %wt, %acc accumulate precision = default
          : memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<128x128xf32, #tpu.memory_space<vmem>>
    }
    tpu.vector add(%acc, %bias) -> %acc {maps = [array<i64: 0, 1>, array<i64: -1, 1>]}
        : memref<128x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
    %rowmax = tpu.alloc : memref<128xf32, #tpu.memory_space<vmem>>
    tpu.vector max(%acc, %rowmax) -> %acc {maps = [array<i64: 0, 1>, array<i64: 0>]}
        : memref<128x128xf32, #tpu.memory_space<vmem>>, memref<128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// A masked row reduction of a padded block (10 valid lanes of 128), a
// compare and select, a conversion, HIGHEST precision, scalar memory and a
// buffer placed by buffer assignment.
// CHECK:       module attributes {tpu.target = #tpu.target<"v6e">}
// CHECK-LABEL: func.func @vector_unit
// CHECK:         %[[H:.+]] = tpu.hbm_buffer offset 1024 : memref<8x128xf32, #tpu.memory_space<hbm>>
// CHECK:         tpu.kernel "fusion_1" {
// CHECK:           tpu.alloc : memref<4xi32, #tpu.memory_space<smem>>
// CHECK:           tpu.reduce max %{{.+}} -> %{{.+}} dims = [1] valid = [8, 10] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.reduce sum %{{.+}} -> %{{.+}} dims = [0] valid = [3, 128] accumulate : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<128xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.reduce sum %{{.+}} -> %{{.+}} dims = [0] valid = [8, 128] accumulate : memref<8x128xbf16, #tpu.memory_space<vmem>> -> memref<128xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.fill %{{.+}}, 0xFF800000 : f32 : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.iota %{{.+}} dim = 1 offset %{{.+}} : memref<8x128xi32, #tpu.memory_space<vmem>>
// CHECK:           tpu.iota %{{.+}} dim = 0 offset %{{.+}} step 3 : memref<8x128xi32, #tpu.memory_space<vmem>>
// CHECK:           tpu.vector gt(%{{.+}}, %{{.+}}) -> %{{.+}} : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xi1, #tpu.memory_space<vmem>>
// CHECK:           tpu.vector select(%{{.+}}, %{{.+}}, %{{.+}}) -> %{{.+}} :
// CHECK:           tpu.vector convert(%{{.+}}) -> %{{.+}} : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xbf16, #tpu.memory_space<vmem>>
// CHECK:           tpu.vector exp(%{{.+}}) -> %{{.+}} :
// CHECK:           tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} precision = highest : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<128x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK:           tpu.dma_start %{{.+}}[%{{.+}}, %{{.+}}], %[[H]][%{{.+}}, %{{.+}}], %{{.+}}, sizes = [8, 128] : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<hbm>>
module attributes {tpu.target = #tpu.target<"v6e">} {
  func.func @vector_unit() {
    %out = tpu.hbm_buffer offset 1024 : memref<8x128xf32, #tpu.memory_space<hbm>>
    tpu.kernel "fusion_1" {
      %c0 = arith.constant 0 : index
      %s = tpu.alloc : memref<4xi32, #tpu.memory_space<smem>>
      %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
      %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
      %w = tpu.alloc : memref<128x128xf32, #tpu.memory_space<vmem>>
      %m = tpu.alloc : memref<8x128xi1, #tpu.memory_space<vmem>>
      %h = tpu.alloc : memref<8x128xbf16, #tpu.memory_space<vmem>>
      %r8 = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
      %r128 = tpu.alloc : memref<128xf32, #tpu.memory_space<vmem>>
      %lanes = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
      tpu.reduce max %a -> %r8 dims = [1] valid = [8, 10]
          : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>
      tpu.reduce sum %a -> %r128 dims = [0] valid = [3, 128] accumulate
          : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<128xf32, #tpu.memory_space<vmem>>
      // A bf16 sum accumulates in an f32 block.
      tpu.reduce sum %h -> %r128 dims = [0] valid = [8, 128] accumulate
          : memref<8x128xbf16, #tpu.memory_space<vmem>> -> memref<128xf32, #tpu.memory_space<vmem>>
      tpu.fill %b, 0xFF800000 : f32 : memref<8x128xf32, #tpu.memory_space<vmem>>
      tpu.iota %lanes dim = 1 offset %c0 : memref<8x128xi32, #tpu.memory_space<vmem>>
      // A strided window's positions: 0, 3, 6, ... along dim 0.
      tpu.iota %lanes dim = 0 offset %c0 step 3 : memref<8x128xi32, #tpu.memory_space<vmem>>
      tpu.vector gt(%a, %b) -> %m
          : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xi1, #tpu.memory_space<vmem>>
      tpu.vector select(%m, %a, %b) -> %a
          : memref<8x128xi1, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
      tpu.vector convert(%a) -> %h
          : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xbf16, #tpu.memory_space<vmem>>
      tpu.vector exp(%a) -> %a
          : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
      tpu.matmul %a, %w, %b precision = highest
          : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<128x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
      %sem = tpu.sem_alloc : !tpu.semaphore
      tpu.dma_start %b[%c0, %c0], %out[%c0, %c0], %sem, sizes = [8, 128]
          : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<hbm>>
      tpu.dma_wait %sem
    }
    return
  }
}

// -----

// An index reduction and a reshaping relayout of VMEM blocks.
// CHECK-LABEL: func.func @arg_reduce_relayout
// CHECK:         tpu.arg_reduce argmax %{{.+}} -> %{{.+}}, %{{.+}} dim = 1 valid = 100 offset %{{.+}} accumulate : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
// CHECK:         tpu.arg_reduce argmin %{{.+}} -> %{{.+}}, %{{.+}} dim = 1 valid = 128 offset %{{.+}} : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
// CHECK:         tpu.relayout %{{.+}} -> %{{.+}} src_order = [1, 0] dst_order = [0, 1, 2] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<4x2x128xf32, #tpu.memory_space<vmem>>
func.func @arg_reduce_relayout() {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %x = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %best = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    %index = tpu.alloc : memref<8xi32, #tpu.memory_space<vmem>>
    %y = tpu.alloc : memref<4x2x128xf32, #tpu.memory_space<vmem>>
    tpu.arg_reduce argmax %x -> %best, %index dim = 1 valid = 100 offset %c0 accumulate
        : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
    tpu.arg_reduce argmin %x -> %best, %index dim = 1 valid = 128 offset %c0
        : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
    tpu.relayout %x -> %y src_order = [1, 0] dst_order = [0, 1, 2]
        : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<4x2x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// A DMA with a negative stride reads rows 7, 6, ..., 0: a reverse.
// CHECK-LABEL: func.func @dma_reverse
// CHECK: tpu.dma_start %{{.+}}, sizes = [8, 128] strides = [-1, 1]
func.func @dma_reverse(%x: memref<16x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    tpu.dma_start %x[%c7, %c0], %b[%c0, %c0], %s, sizes = [8, 128] strides = [-1, 1] : memref<16x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
    tpu.dma_wait %s
  }
  return
}

// -----

// A run-time index: DMAed from HBM into SMEM, read by the scalar core,
// used as a DMA address.
// CHECK-LABEL: func.func @scalar_load
// CHECK: tpu.dma_start %arg0[], %[[S:.+]][], %{{.+}}, sizes = [] : memref<i32, #tpu.memory_space<hbm>>, memref<i32, #tpu.memory_space<smem>>
// CHECK: %[[I:.+]] = tpu.scalar_load %[[S]][] : memref<i32, #tpu.memory_space<smem>>
// CHECK: tpu.dma_start %arg1[%[[I]], %{{.+}}]
func.func @scalar_load(%i: memref<i32, #tpu.memory_space<hbm>>, %x: memref<16x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %smem = tpu.alloc : memref<i32, #tpu.memory_space<smem>>
    tpu.dma_start %i[], %smem[], %s, sizes = [] : memref<i32, #tpu.memory_space<hbm>>, memref<i32, #tpu.memory_space<smem>>
    tpu.dma_wait %s
    %row = tpu.scalar_load %smem[] : memref<i32, #tpu.memory_space<smem>>
    %b = tpu.alloc : memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.dma_start %x[%row, %c0], %b[%c0, %c0], %s, sizes = [1, 128] : memref<16x128xf32, #tpu.memory_space<hbm>>, memref<1x128xf32, #tpu.memory_space<vmem>>
    tpu.dma_wait %s
  }
  return
}

// -----

// A matmul on a window of its buffers: the K piece [128, 256) of lhs and
// rhs, into the N piece [128, 256) of the accumulator (sub-block
// pipelining, docs/lowering.md).
// CHECK-LABEL: func.func @matmul_window
// CHECK: tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} accumulate precision = default window [0, 128, 128] x [16, 128, 128] : memref<16x256xbf16, #tpu.memory_space<vmem>>, memref<256x512xbf16, #tpu.memory_space<vmem>>, memref<16x512xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.matmul %{{.+}}, %{{.+}}, %{{.+}} precision = default transpose_rhs window [8, 0, 0] x [8, 256, 512] : memref<16x256xbf16, #tpu.memory_space<vmem>>, memref<512x256xbf16, #tpu.memory_space<vmem>>, memref<16x512xf32, #tpu.memory_space<vmem>>
func.func @matmul_window() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<16x256xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<256x512xbf16, #tpu.memory_space<vmem>>
    %rt = tpu.alloc : memref<512x256xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<16x512xf32, #tpu.memory_space<vmem>>
    tpu.matmul %l, %r, %a accumulate precision = default window [0, 128, 128] x [16, 128, 128]
        : memref<16x256xbf16, #tpu.memory_space<vmem>>, memref<256x512xbf16, #tpu.memory_space<vmem>>, memref<16x512xf32, #tpu.memory_space<vmem>>
    tpu.matmul %l, %rt, %a precision = default transpose_rhs window [8, 0, 0] x [8, 256, 512]
        : memref<16x256xbf16, #tpu.memory_space<vmem>>, memref<512x256xbf16, #tpu.memory_space<vmem>>, memref<16x512xf32, #tpu.memory_space<vmem>>
  }
  return
}
