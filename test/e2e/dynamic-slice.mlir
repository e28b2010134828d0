// dynamic_slice and dynamic_update_slice with start indices given at run
// time (x[i] and x.at[i].set(u) with a traced i): the kernel DMAs the
// indices into SMEM, the scalar core clamps them, and DMAs move the box.
// Hand-computed values first, clamping included:
// RUN: tpu-run %s --function=row --input="4x3xf32=[1 2 3][4 5 6][7 8 9][10 11 12]" --input="i32=2" | FileCheck %s --check-prefix=ROW
// ROW: result[0]: 2x3xf32=[7 8 9][10 11 12]
// RUN: tpu-run %s --function=row --input="4x3xf32=[1 2 3][4 5 6][7 8 9][10 11 12]" --input="i32=7" | FileCheck %s --check-prefix=CLAMPHI
// CLAMPHI: result[0]: 2x3xf32=[7 8 9][10 11 12]
// RUN: tpu-run %s --function=row --input="4x3xf32=[1 2 3][4 5 6][7 8 9][10 11 12]" --input="i32=-5" | FileCheck %s --check-prefix=CLAMPLO
// CLAMPLO: result[0]: 2x3xf32=[1 2 3][4 5 6]
// An unsigned index past i32's range clamps to the last start.
// RUN: tpu-run %s --function=unsigned_index --input="5xi32=10,11,12,13,14" --input="ui32=4294967295" | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: result[0]: 2xi32=13 14
// RUN: tpu-run %s --function=update --input="3x4xbf16=[0 0 0 0][0 0 0 0][0 0 0 0]" --input="2x2xbf16=[1 2][3 4]" --input="i32=1" --input="i32=3" | FileCheck %s --check-prefix=UPDATE
// UPDATE: result[0]: 3x4xbf16=[0 0 0 0][0 0 1 2][0 0 3 4]
// The evaluator agrees on the same cases:
// RUN: tpu-run %s --reference --function=update --input="3x4xbf16=[0 0 0 0][0 0 0 0][0 0 0 0]" --input="2x2xbf16=[1 2][3 4]" --input="i32=1" --input="i32=3" | FileCheck %s --check-prefix=UPDATE
// RUN: tpu-run %s --reference --function=unsigned_index --input="5xi32=10,11,12,13,14" --input="ui32=4294967295" | FileCheck %s --check-prefix=UNSIGNED
//
// Every function on generated inputs against the evaluator, under both
// layout modes:
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --layout-mode=xla-default | FileCheck %s --check-prefix=REF
// REF: @row: result 0: {{.*}}exact
// REF: @unsigned_index: result 0: {{.*}}exact
// REF: @update: result 0: {{.*}}exact
// REF: @embedding_row: result 0: {{.*}}exact
// REF: @big_update: result 0: {{.*}}exact
//
// The kernel of @row: the run-time index into SMEM, loaded and clamped
// by the scalar core; the constant column index needs no load; the box
// moves by DMA at those addresses.
// RUN: tpu-compile %s --compile-to=lower -o - | FileCheck %s --check-prefix=KERNEL
// KERNEL-LABEL: func.func @row
// KERNEL: tpu.kernel "dynamic_slice
// KERNEL: tpu.dma_start %arg1[], %[[SMEM:.*]][], %{{.*}}, sizes = [] : memref<i32, #tpu.memory_space<hbm>>, memref<i32, #tpu.memory_space<smem>>
// KERNEL-NOT: tpu.dma_start
// KERNEL: %[[I:.*]] = tpu.scalar_load %[[SMEM]][] : memref<i32, #tpu.memory_space<smem>>
// KERNEL: %[[START:.*]] = arith.select %{{.*}}, %c0, %{{.*}} : index
// KERNEL: tpu.dma_start %arg0[%[[START]], %c0], %{{.*}}[%c0, %c0], %{{.*}}, sizes = [2, 3]
// KERNEL-LABEL: func.func @unsigned_index
//
// A 2048x512 f32 table (4 MiB): the row moves 2 KiB in and 2 KiB out,
// and the 4-byte index one 32-byte HBM access granule (docs/runtime.md);
// the table is not read.
// RUN: tpu-run %s --function=embedding_row --input="2048x512xf32=1" --input="i32=1000" | FileCheck %s --check-prefix=EMBED
// EMBED: HBM traffic 4128 bytes{{ }}
//
// @row's box is 2 rows of 3 f32: each row (12 bytes) is a run shorter
// than a granule and moves 32 bytes, in and out; with the index,
// 32 + 2 * 32 + 2 * 32 = 160 bytes.
// RUN: tpu-run %s --function=row --input="4x3xf32=1" --input="i32=1" | FileCheck %s --check-prefix=NARROW
// NARROW: HBM traffic 160 bytes{{ }}

func.func @row(%x: tensor<4x3xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %x, %i, %c0, sizes = [2, 3] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @unsigned_index(%x: tensor<5xi32>, %i: tensor<ui32>) -> tensor<2xi32> {
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<5xi32>, tensor<ui32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @update(%x: tensor<3x4xbf16>, %u: tensor<2x2xbf16>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<3x4xbf16> {
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x4xbf16>, tensor<2x2xbf16>, tensor<i32>, tensor<i32>) -> tensor<3x4xbf16>
  return %0 : tensor<3x4xbf16>
}

func.func @embedding_row(%table: tensor<2048x512xf32>, %id: tensor<i32>) -> tensor<1x512xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %table, %id, %c0, sizes = [1, 512] : (tensor<2048x512xf32>, tensor<i32>, tensor<i32>) -> tensor<1x512xf32>
  return %0 : tensor<1x512xf32>
}

// 6 MiB of operand: the copy to the result moves in chunks through VMEM.
func.func @big_update(%x: tensor<3072x512xf32>, %u: tensor<5x512xf32>, %i: tensor<i8>) -> tensor<3072x512xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i8>
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %c0 : (tensor<3072x512xf32>, tensor<5x512xf32>, tensor<i8>, tensor<i8>) -> tensor<3072x512xf32>
  return %0 : tensor<3072x512xf32>
}
