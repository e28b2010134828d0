// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v4 | FileCheck %s --implicit-check-not=FAIL
// RUN: %if !asan %{ %python %S/Inputs/run_e2e.py tpu-run %s --target=v6e | FileCheck %s --implicit-check-not=FAIL %}
// RUN: %if !asan %{ %python %S/Inputs/run_e2e.py tpu-run %s --target=v2 --layout-mode=xla-default | FileCheck %s --implicit-check-not=FAIL %}
// `%if !asan`: a repeated configuration or a full size, run in Release only
// (docs/development.md, "What CI runs where").

// Plain matmuls whose first block arrives in K pieces and whose last block
// drains in N pieces (passes/lower/SubBlocks.cpp): the pieces accumulate
// in contraction order, so the results are the evaluator's, bit for bit.
// Inputs are run-time arguments.

// One block: K pieces, then N pieces of the last K piece.
// CHECK: @one_block: result 0: 256x384xf32 exact
func.func @one_block(%x: tensor<256x512xf32>, %w: tensor<512x384xf32>) -> tensor<256x384xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = HIGHEST : (tensor<256x512xf32>, tensor<512x384xf32>) -> tensor<256x384xf32>
  return %y : tensor<256x384xf32>
}

// Several blocks along M, N and K (bf16, products exact in f32); K and N
// not multiples of the blocks, so edge blocks are masked.
// CHECK: @many_blocks: result 0: 1100x1400xf32 exact
func.func @many_blocks(%x: tensor<1100x2200xbf16>, %w: tensor<2200x1400xbf16>) -> tensor<1100x1400xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<1100x2200xbf16>, tensor<2200x1400xbf16>) -> tensor<1100x1400xf32>
  return %y : tensor<1100x1400xf32>
}

// Weights stored [N, K]: the K pieces are columns of both operands.
// CHECK: @transposed: result 0: 384x512xf32 exact
func.func @transposed(%x: tensor<384x768xf32>, %w: tensor<512x768xf32>) -> tensor<384x512xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [1], precision = HIGHEST : (tensor<384x768xf32>, tensor<512x768xf32>) -> tensor<384x512xf32>
  return %y : tensor<384x512xf32>
}

// int8 into int32.
// CHECK: @int8: result 0: 256x512xi32 exact
func.func @int8(%x: tensor<256x1024xi8>, %w: tensor<1024x512xi8>) -> tensor<256x512xi32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x1024xi8>, tensor<1024x512xi8>) -> tensor<256x512xi32>
  return %y : tensor<256x512xi32>
}
