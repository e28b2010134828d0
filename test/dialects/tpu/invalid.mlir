// RUN: tpu-opt %s -split-input-file -verify-diagnostics

// target_c1: a known preset
// expected-error@+1 {{unknown target 'v9'; expected v2, v3, v4, v5e, v5p or v6e}}
module attributes {tpu.target = #tpu.target<"v9">} {
}

// -----

// target_c1: on a module
// expected-error@+1 {{'tpu.target' belongs on a builtin.module}}
func.func @f() attributes {tpu.target = #tpu.target<"v3">} {
  return
}

// -----

// target_c1: a #tpu.target
// expected-error@+1 {{'tpu.target' must be a #tpu.target, but is "v3"}}
module attributes {tpu.target = "v3"} {
}

// -----

// kernel_c1: the scratch fits in VMEM (16 MiB on v3, the default target)
// expected-error@+2 {{'tpu.kernel' op allocates 16.00M (16781312 bytes) of vmem, more than the 16.00M of v3}}
func.func @f() {
  tpu.kernel "k" {
    %a = tpu.alloc : memref<4096x1024xf32, #tpu.memory_space<vmem>>
    %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// kernel_c1: against the module's target (128 MiB on v5e)
module attributes {tpu.target = #tpu.target<"v5e">} {
  func.func @f() {
    tpu.kernel "k" {
      %a = tpu.alloc : memref<4096x1024xf32, #tpu.memory_space<vmem>>
      %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    }
    return
  }
}

// -----

// -----

// alloc_c1: inside a kernel
func.func @f() {
  // expected-error@+1 {{'tpu.alloc' op must be inside a tpu.kernel, which scopes it}}
  %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

// alloc_c1: on-chip only
func.func @f() {
  tpu.kernel "k" {
    // expected-error@+1 {{allocates on-chip scratch (vmem or smem); HBM buffers come from buffer assignment (tpu.hbm_buffer)}}
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<hbm>>
  }
  return
}

// -----

// kernel_c2: VMEM holds whole (8,128) tiles, so a 1-element buffer
// takes 4096 bytes and a 1000-lane one is padded to 1024 lanes.
// expected-error@+2 {{'tpu.kernel' op allocates 16.00M (16781312 bytes) of vmem, more than the 16.00M of v3}}
func.func @f() {
  tpu.kernel "k" {
    %a = tpu.alloc : memref<4096x1000xf32, #tpu.memory_space<vmem>>
    %b = tpu.alloc : memref<1xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// alloc_c2: a memory space
func.func @f() {
  tpu.kernel "k" {
    // expected-error@+1 {{'tpu.alloc' op the buffer must be in a #tpu.memory_space, but has type 'memref<8x128xf32>'}}
    %a = tpu.alloc : memref<8x128xf32>
  }
  return
}

// -----

// alloc_c2: static shapes
func.func @f() {
  tpu.kernel "k" {
    // expected-error@+1 {{the buffer must have a static shape and the identity layout}}
    %a = tpu.alloc : memref<?x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// alloc_c2: a TPU element type
func.func @f() {
  tpu.kernel "k" {
    // expected-error@+1 {{'tpu.alloc' op the buffer must hold a TPU element type (f32, bf16, an integer, ...), but has type 'memref<8x128xindex, #tpu.memory_space<vmem>>'}}
    %a = tpu.alloc : memref<8x128xindex, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// hbm_buffer_c1: aligned offset
func.func @f() {
  // expected-error@+1 {{'tpu.hbm_buffer' op offset must be a non-negative multiple of 512, but is 100}}
  %a = tpu.hbm_buffer offset 100 : memref<8x128xf32, #tpu.memory_space<hbm>>
  return
}

// -----

// hbm_buffer_c2: in HBM
func.func @f() {
  // expected-error@+1 {{'tpu.hbm_buffer' op the buffer must be in hbm, but has type 'memref<8x128xf32, #tpu.memory_space<vmem>>'}}
  %a = tpu.hbm_buffer offset 0 : memref<8x128xf32, #tpu.memory_space<vmem>>
  return
}

// -----

// dma_c1: between HBM and VMEM
func.func @f() {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.dma_start' op copies between hbm and vmem (or from hbm to smem), but copies from vmem to vmem}}
    tpu.dma_start %a[%c0, %c0], %b[%c0, %c0], %s, sizes = [8, 128] : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c2: element types match
func.func @f(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %b = tpu.alloc : memref<8x128xbf16, #tpu.memory_space<vmem>>
    // expected-error@+1 {{source and destination must have the same element type and rank}}
    tpu.dma_start %x[%c0, %c0], %b[%c0, %c0], %s, sizes = [8, 128] : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xbf16, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c2: one index per dimension
func.func @f(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.dma_start' op needs 2 source indices, destination indices and sizes, one per dimension}}
    tpu.dma_start %x[%c0], %b[%c0, %c0], %s, sizes = [8, 128] : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c3: the window fits
func.func @f(%x: memref<12x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.dma_start' op window of size 8 at dimension 0 does not fit in the source 'memref<12x128xf32, #tpu.memory_space<hbm>>'}}
    tpu.dma_start %x[%c8, %c0], %b[%c0, %c0], %s, sizes = [8, 128] : memref<12x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c3: a negative stride walks down from the start index, which must
// leave room below it (unmasked)
func.func @f(%x: memref<16x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.dma_start' op window of size 8 at dimension 0 does not fit in the source 'memref<16x128xf32, #tpu.memory_space<hbm>>'}}
    tpu.dma_start %x[%c6, %c0], %b[%c0, %c0], %s, sizes = [8, 128] strides = [-1, 1] : memref<16x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c3: the window fits the destination
func.func @f(%x: memref<8x256xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %s = tpu.sem_alloc : !tpu.semaphore
    %b = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{window of size 256 at dimension 1 does not fit in the destination}}
    tpu.dma_start %x[%c0, %c0], %b[%c0, %c0], %s, sizes = [8, 256] : memref<8x256xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c1: VMEM operands
func.func @f(%l: memref<8x128xbf16, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %r = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op lhs must be in vmem, but has type 'memref<8x128xbf16, #tpu.memory_space<hbm>>'}}
    tpu.matmul %l, %r, %a precision = default : memref<8x128xbf16, #tpu.memory_space<hbm>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c2: matching shapes
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x256xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op needs lhs [B..,M,K], rhs [B..,K,N] and accumulator [B..,M,N]}}
    tpu.matmul %l, %r, %a precision = default : memref<8x256xbf16, #tpu.memory_space<vmem>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c3: bf16 or f32 into f32
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x128xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xbf16, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op multiplies bf16 or f32 inputs of one type into an f32 accumulator, or i8 into i32, but has 'bf16' x 'bf16' -> 'bf16'}}
    tpu.matmul %l, %r, %a precision = default : memref<8x128xbf16, #tpu.memory_space<vmem>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xbf16, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c3: one input type
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{multiplies bf16 or f32 inputs of one type}}
    tpu.matmul %l, %r, %a precision = default : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c3: i8 accumulates into i32
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x128xi8, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<128x128xi8, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{or i8 into i32, but has 'i8' x 'i8' -> 'f32'}}
    tpu.matmul %l, %r, %a precision = default : memref<8x128xi8, #tpu.memory_space<vmem>>, memref<128x128xi8, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c4: whole MXU tiles
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x100xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<100x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op needs M a multiple of 8 and K and N multiples of 128, but has 'memref<8x100xbf16, #tpu.memory_space<vmem>>' x 'memref<100x128xbf16, #tpu.memory_space<vmem>>'}}
    tpu.matmul %l, %r, %a precision = default : memref<8x100xbf16, #tpu.memory_space<vmem>>, memref<100x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c5: a window holds three offsets and three sizes
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x256xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<256x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op needs a window of three offsets and three sizes (M, K, N)}}
    "tpu.matmul"(%l, %r, %a) {window_offsets = array<i64: 0, 128>, window_sizes = array<i64: 8, 128, 128>} : (memref<8x256xbf16, #tpu.memory_space<vmem>>, memref<256x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
  }
  return
}

// -----

// matmul_c5: offsets without sizes
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x256xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<256x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op needs a window of three offsets and three sizes (M, K, N)}}
    "tpu.matmul"(%l, %r, %a) {window_offsets = array<i64: 0, 128, 0>} : (memref<8x256xbf16, #tpu.memory_space<vmem>>, memref<256x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>) -> ()
  }
  return
}

// -----

// matmul_c5: the window lies inside every operand (K: lhs has 256, rhs 128)
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x256xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<128x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op has a window [128, 128 + 128) along K, outside the operands' 128}}
    tpu.matmul %l, %r, %a precision = default window [0, 128, 0] x [8, 128, 128] : memref<8x256xbf16, #tpu.memory_space<vmem>>, memref<128x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c5: sizes are positive
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x256xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<256x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op has a window [0, 0 + 0) along M, outside the operands' 8}}
    tpu.matmul %l, %r, %a precision = default window [0, 0, 0] x [0, 256, 128] : memref<8x256xbf16, #tpu.memory_space<vmem>>, memref<256x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c6: a window of whole MXU tiles
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<8x256xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<256x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op needs M a multiple of 8 and K and N multiples of 128 in its window, but has}}
    tpu.matmul %l, %r, %a precision = default window [0, 64, 0] x [8, 128, 128] : memref<8x256xbf16, #tpu.memory_space<vmem>>, memref<256x128xbf16, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c2: one map entry per input dimension
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op input #1's map needs 1 entries, one per dimension, but has 2}}
    tpu.vector add(%i0, %i1) -> %o {maps = [array<i64: 0, 1>, array<i64: 0, 1>]} : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c2: a mapped dimension has the output's size
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<16x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op input #1 has size 16 at dimension 0, but the output dimension 0 it follows has 8}}
    tpu.vector add(%i0, %i1) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c2: one map per input
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op maps needs one map per input (2), but has 1}}
    tpu.vector add(%i0, %i1) -> %o {maps = [array<i64: 0, 1>]} : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c2: distinct output dimensions, in any order (a transposed read)
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<128x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<128x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<128x128xf32, #tpu.memory_space<vmem>>
    tpu.vector add(%i0, %i1) -> %o {maps = [array<i64: 0, 1>, array<i64: 1, 0>]} : memref<128x128xf32, #tpu.memory_space<vmem>>, memref<128x128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op input #1's map must name distinct output dimensions below rank 2, or -1, but has 0 at dimension 1}}
    tpu.vector add(%i0, %i1) -> %o {maps = [array<i64: 0, 1>, array<i64: 0, 0>]} : memref<128x128xf32, #tpu.memory_space<vmem>>, memref<128x128xf32, #tpu.memory_space<vmem>> -> memref<128x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c2: maps name output dimensions
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op input #1's map must name distinct output dimensions below rank 2, or -1, but has 2 at dimension 1}}
    tpu.vector add(%i0, %i1) -> %o {maps = [array<i64: 0, 1>, array<i64: 0, 2>]} : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c3: arity
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op exp takes 1 inputs, but has 2}}
    tpu.vector exp(%i0, %i1) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c3: comparisons produce i1
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op comparisons take two inputs of one element type and produce i1}}
    tpu.vector lt(%i0, %i1) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c3: select takes a mask
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i2 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op select's first input must be i1}}
    tpu.vector select(%i0, %i1, %i2) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c3: element types
func.func @f() {
  tpu.kernel "k" {
    %i0 = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %i1 = tpu.alloc : memref<8x128xbf16, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op mul needs inputs of the output's element type 'f32', but has 'bf16'}}
    tpu.vector mul(%i0, %i1) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xbf16, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// reduce_c1: element types
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8xbf16, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.reduce' op input and output must have the same element type}}
    tpu.reduce sum %i -> %o dims = [1] valid = [8, 128] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xbf16, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// reduce_c1: only a bf16 or f16 sum or product widens to an f32 output
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xbf16, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.reduce' op input and output must have the same element type (or a bf16 or f16 sum or product an f32 output)}}
    tpu.reduce max %i -> %o dims = [1] valid = [8, 128] : memref<8x128xbf16, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// reduce_c2: dims in range
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.reduce' op dims must be distinct and in [0, 2), but include 2}}
    tpu.reduce sum %i -> %o dims = [2] valid = [8, 128] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// reduce_c2: dims distinct
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.reduce' op dims must be distinct and in [0, 2), but include 1}}
    tpu.reduce sum %i -> %o dims = [1, 1] valid = [8, 128] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// reduce_c3: kept dimensions match
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<16x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.reduce' op output must have the input's dimensions that are not reduced [16], but has type 'memref<8xf32, #tpu.memory_space<vmem>>'}}
    tpu.reduce sum %i -> %o dims = [1] valid = [16, 128] : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// reduce_c4: one valid size per dimension
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.reduce' op valid needs one size per dimension (2)}}
    tpu.reduce sum %i -> %o dims = [1] valid = [8] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// reduce_c4: valid sizes in range
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.reduce' op valid size 129 at dimension 1 is not in [1, 128]}}
    tpu.reduce sum %i -> %o dims = [1] valid = [8, 129] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// fill_c1: the value has the buffer's element type
func.func @f() {
  tpu.kernel "k" {
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.fill' op value 0 : i32 must have the buffer's element type 'f32'}}
    tpu.fill %o, 0 : i32 : memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// iota_c1: a dimension of a numeric buffer
func.func @f(%off: index) {
  tpu.kernel "k" {
    %o = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.iota' op needs a numeric buffer and a dimension below its rank, but has dim 2 of 'memref<8x128xi32, #tpu.memory_space<vmem>>'}}
    tpu.iota %o dim = 2 offset %off : memref<8x128xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// iota_c1: not i1
func.func @f(%off: index) {
  tpu.kernel "k" {
    %o = tpu.alloc : memref<8x128xi1, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.iota' op needs a numeric buffer}}
    tpu.iota %o dim = 0 offset %off : memref<8x128xi1, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// iota_c2: a positive step
func.func @f(%off: index) {
  tpu.kernel "k" {
    %o = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.iota' op needs a step of at least 1, but has 0}}
    tpu.iota %o dim = 0 offset %off step 0 : memref<8x128xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// hbm_buffer_c3: contents in the buffer's physical shape
// expected-error@+1 {{'tpu.hbm_buffer' op value of type 'tensor<8x100xf32>' does not have the buffer's shape and element type 'memref<8x128xf32, #tpu.memory_space<hbm>>'}}
%c = tpu.hbm_buffer offset 0 value dense<1.0> : tensor<8x100xf32> : memref<8x128xf32, #tpu.memory_space<hbm>>

// -----

// dma_c3: a masked window may run past the HBM buffer on either side, but
// must fit in the VMEM one
func.func @f(%x: memref<12x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c16 = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %m1 = arith.constant -1 : index
    %v = tpu.alloc : memref<16x128xf32, #tpu.memory_space<vmem>>
    %s = tpu.sem_alloc : !tpu.semaphore
    tpu.dma_start %x[%m1, %c0], %v[%c0, %c0], %s, sizes = [16, 128] masked : memref<12x128xf32, #tpu.memory_space<hbm>>, memref<16x128xf32, #tpu.memory_space<vmem>>
    tpu.dma_start %x[%c16, %c0], %v[%c0, %c0], %s, sizes = [16, 128] masked : memref<12x128xf32, #tpu.memory_space<hbm>>, memref<16x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.dma_start' op window of size 16 at dimension 0 does not fit in the destination 'memref<16x128xf32, #tpu.memory_space<vmem>>'}}
    tpu.dma_start %x[%c0, %c0], %v[%m1, %c0], %s, sizes = [16, 128] masked : memref<12x128xf32, #tpu.memory_space<hbm>>, memref<16x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c3: a strided window spans (size - 1) * stride + 1 HBM elements
func.func @f(%x: memref<16x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %v = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %s = tpu.sem_alloc : !tpu.semaphore
    tpu.dma_start %x[%c0, %c0], %v[%c0, %c0], %s, sizes = [8, 128] strides = [2, 1] : memref<16x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.dma_start' op window of size 8 at dimension 0 does not fit in the source 'memref<16x128xf32, #tpu.memory_space<hbm>>'}}
    tpu.dma_start %x[%c0, %c0], %v[%c0, %c0], %s, sizes = [8, 128] strides = [3, 1] : memref<16x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c4: one non-zero stride per dimension
func.func @f(%x: memref<16x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %v = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %s = tpu.sem_alloc : !tpu.semaphore
    // expected-error@+1 {{'tpu.dma_start' op needs one non-zero stride per dimension, but has 2 for rank 2}}
    tpu.dma_start %x[%c0, %c0], %v[%c0, %c0], %s, sizes = [8, 128] strides = [0, 1] : memref<16x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// matmul_c2: an operand's batch dimensions are the accumulator's or all 1
func.func @f() {
  tpu.kernel "k" {
    %l = tpu.alloc : memref<2x3x8x128xbf16, #tpu.memory_space<vmem>>
    %r = tpu.alloc : memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>
    %r2 = tpu.alloc : memref<2x1x128x128xbf16, #tpu.memory_space<vmem>>
    %a = tpu.alloc : memref<2x3x8x128xf32, #tpu.memory_space<vmem>>
    tpu.matmul %l, %r, %a precision = default : memref<2x3x8x128xbf16, #tpu.memory_space<vmem>>, memref<1x1x128x128xbf16, #tpu.memory_space<vmem>>, memref<2x3x8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.matmul' op needs lhs [B..,M,K], rhs [B..,K,N] and accumulator [B..,M,N] (after any transposes; an operand's B.. may be all 1), but has 'memref<2x3x8x128xbf16, #tpu.memory_space<vmem>>', 'memref<2x1x128x128xbf16, #tpu.memory_space<vmem>>' and 'memref<2x3x8x128xf32, #tpu.memory_space<vmem>>'}}
    tpu.matmul %l, %r2, %a precision = default : memref<2x3x8x128xbf16, #tpu.memory_space<vmem>>, memref<2x1x128x128xbf16, #tpu.memory_space<vmem>>, memref<2x3x8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// arg_reduce_c1: VMEM operands
func.func @f(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %b = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    %i = tpu.alloc : memref<8xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.arg_reduce' op the input must be in vmem}}
    tpu.arg_reduce argmax %x -> %b, %i dim = 1 valid = 128 offset %c0 : memref<8x128xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// arg_reduce_c2: best values of the input's type, i32 indices
func.func @f() {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %x = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %b = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    %i = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.arg_reduce' op best values need the input's element type and indices i32, but have 'memref<8xf32, #tpu.memory_space<vmem>>' and 'memref<8xf32, #tpu.memory_space<vmem>>'}}
    tpu.arg_reduce argmax %x -> %b, %i dim = 1 valid = 128 offset %c0 : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// arg_reduce_c3: dim in range
func.func @f() {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %x = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %b = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    %i = tpu.alloc : memref<8xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.arg_reduce' op dim 2 is not in [0, 2)}}
    tpu.arg_reduce argmax %x -> %b, %i dim = 2 valid = 128 offset %c0 : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// arg_reduce_c3: outputs with the kept dimensions
func.func @f() {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %x = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %b = tpu.alloc : memref<128xf32, #tpu.memory_space<vmem>>
    %i = tpu.alloc : memref<128xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.arg_reduce' op outputs must have the input's dimensions other than dim [8], but are 'memref<128xf32, #tpu.memory_space<vmem>>' and 'memref<128xi32, #tpu.memory_space<vmem>>'}}
    tpu.arg_reduce argmin %x -> %b, %i dim = 1 valid = 128 offset %c0 : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<128xf32, #tpu.memory_space<vmem>>, memref<128xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// arg_reduce_c4: valid in [1, size]
func.func @f() {
  tpu.kernel "k" {
    %c0 = arith.constant 0 : index
    %x = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %b = tpu.alloc : memref<8xf32, #tpu.memory_space<vmem>>
    %i = tpu.alloc : memref<8xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.arg_reduce' op valid size 129 is not in [1, 128]}}
    tpu.arg_reduce argmax %x -> %b, %i dim = 1 valid = 129 offset %c0 : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8xf32, #tpu.memory_space<vmem>>, memref<8xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// relayout_c1: VMEM operands
func.func @f(%x: memref<8x128xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel "k" {
    %y = tpu.alloc : memref<1024xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.relayout' op the source must be in vmem}}
    tpu.relayout %x -> %y src_order = [0, 1] dst_order = [0] : memref<8x128xf32, #tpu.memory_space<hbm>> -> memref<1024xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// relayout_c2: one element type and count
func.func @f() {
  tpu.kernel "k" {
    %x = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %y = tpu.alloc : memref<1000xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.relayout' op source and destination must have one element type and element count, but are 'memref<8x128xf32, #tpu.memory_space<vmem>>' and 'memref<1000xf32, #tpu.memory_space<vmem>>'}}
    tpu.relayout %x -> %y src_order = [0, 1] dst_order = [0] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1000xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// relayout_c3: orders are permutations
func.func @f() {
  tpu.kernel "k" {
    %x = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %y = tpu.alloc : memref<1024xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.relayout' op src_order must be a permutation of [0, 2), but is [1, 1]}}
    tpu.relayout %x -> %y src_order = [1, 1] dst_order = [0] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<1024xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c3: bitwise kinds take integers, rounding and trigonometric kinds
// floats
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op shl is not defined on 'f32'}}
    tpu.vector shl(%i, %i) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op sin is not defined on 'i32'}}
    tpu.vector sin(%i) -> %o : memref<8x128xi32, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op not takes 1 inputs, but has 2}}
    tpu.vector not(%i, %i) -> %o : memref<8x128xi32, #tpu.memory_space<vmem>>, memref<8x128xi32, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c3: rem, pow and atan2 take two inputs; popcnt and clz one integer;
// atan2 floats; none of the new integer kinds i1.
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op atan2 takes 2 inputs, but has 1}}
    tpu.vector atan2(%i) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op popcnt is not defined on 'f32'}}
    tpu.vector popcnt(%i) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op atan2 is not defined on 'i32'}}
    tpu.vector atan2(%i, %i) -> %o : memref<8x128xi32, #tpu.memory_space<vmem>>, memref<8x128xi32, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xi1, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xi1, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op pow is not defined on 'i1'}}
    tpu.vector pow(%i, %i) -> %o : memref<8x128xi1, #tpu.memory_space<vmem>>, memref<8x128xi1, #tpu.memory_space<vmem>> -> memref<8x128xi1, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// vector_c4: a bitcast reinterprets bits of one width
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xi16, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op bitcast reinterprets bits of one width, not 'f32' as 'i16'}}
    tpu.vector bitcast(%i) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xi16, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xi1, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xi1, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op bitcast reinterprets bits of one width, not 'i1' as 'i1'}}
    tpu.vector bitcast(%i) -> %o : memref<8x128xi1, #tpu.memory_space<vmem>> -> memref<8x128xi1, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// The hyperbolic and gamma kinds are unary and float-only.
func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xi32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op lgamma is not defined on 'i32'}}
    tpu.vector lgamma(%i) -> %o : memref<8x128xi32, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @f() {
  tpu.kernel "k" {
    %i = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    %o = tpu.alloc : memref<8x128xf32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.vector' op sinh takes 1 inputs, but has 2}}
    tpu.vector sinh(%i, %i) -> %o : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// dma_c1: SMEM is filled from HBM, not written back
func.func @f() {
  tpu.kernel "k" {
    %s = tpu.sem_alloc : !tpu.semaphore
    %a = tpu.alloc : memref<i32, #tpu.memory_space<smem>>
    %b = tpu.alloc : memref<i32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.dma_start' op copies between hbm and vmem (or from hbm to smem), but copies from smem to vmem}}
    tpu.dma_start %a[], %b[], %s, sizes = [] : memref<i32, #tpu.memory_space<smem>>, memref<i32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

func.func @scalar_load_from_vmem() {
  tpu.kernel "k" {
    %a = tpu.alloc : memref<i32, #tpu.memory_space<vmem>>
    // expected-error@+1 {{'tpu.scalar_load' op the source must be in smem, but has type 'memref<i32, #tpu.memory_space<vmem>>'}}
    %i = tpu.scalar_load %a[] : memref<i32, #tpu.memory_space<vmem>>
  }
  return
}

// -----

// scalar_load_c1
func.func @scalar_load_float() {
  tpu.kernel "k" {
    %a = tpu.alloc : memref<f32, #tpu.memory_space<smem>>
    // expected-error@+1 {{'tpu.scalar_load' op reads integers of at most 32 bits, not 'f32'}}
    %i = tpu.scalar_load %a[] : memref<f32, #tpu.memory_space<smem>>
  }
  return
}

// -----

// scalar_load_c2
func.func @scalar_load_indices() {
  tpu.kernel "k" {
    %a = tpu.alloc : memref<4xi32, #tpu.memory_space<smem>>
    // expected-error@+1 {{'tpu.scalar_load' op needs 1 indices, one per dimension of 'memref<4xi32, #tpu.memory_space<smem>>'}}
    %i = tpu.scalar_load %a[] : memref<4xi32, #tpu.memory_space<smem>>
  }
  return
}
