// RUN: tpu-opt %s -split-input-file -verify-diagnostics -tpu-lower

// A dynamic slice's kernel moves its box by DMA, which keeps the order of
// dimensions: tpu-assign-layouts gives operand and result one order, and a
// program that gives them two is a located error, not a transposing copy.
!x = tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>
!r = tensor<8x128xf32, #tpu.layout<{0,1:T(8,128)}>>
!i = tensor<i32, #tpu.layout<{:T(256)}>>
func.func @two_orders(%x: !x, %i: !i, %j: !i) -> !r {
  // expected-error@+1 {{tpu-lower: a dynamic slice's operand and result need one dimension order}}
  %s = hlo.dynamic_slice %x[%i, %j], sizes = [8, 128] {tpu.hbm_offsets = array<i64: 0>} : (!x, !i, !i) -> !r
  return %s : !r
}

// -----

// The box moves through VMEM in chunks of its most major dimension; one
// slice of that dimension larger than a quarter of VMEM (here 16 MiB of
// v3's 16 MiB) has no chunk that fits.
!x = tensor<2x2048x2048xf32, #tpu.layout<{2,1,0:T(8,128)}>>
!r = tensor<1x2048x2048xf32, #tpu.layout<{2,1,0:T(8,128)}>>
!i = tensor<i32, #tpu.layout<{:T(256)}>>
func.func @row_too_large(%x: !x, %i: !i) -> !r {
  // expected-error@+1 {{tpu-lower: one row of the dynamic slice's box does not fit in a quarter of VMEM (4194304 bytes)}}
  %s = hlo.dynamic_slice %x[%i, %i, %i], sizes = [1, 2048, 2048] {tpu.hbm_offsets = array<i64: 0>} : (!x, !i, !i, !i) -> !r
  return %s : !r
}
