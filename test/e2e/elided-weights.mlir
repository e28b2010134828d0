// A model dump with its weights printed elided (`dense_resource<__elided__>`,
// as `--mlir-elide-resource-strings-if-larger` and most pasted dumps show
// them): it compiles with placeholder values, so the memory report and the
// timing are those of the model with its weights; a run that computes
// values stops, naming the missing constants.

// The weights are HBM constants of their full size (512x256xf32: 512K;
// 256x16xf32: 16K) and the program times.
// RUN: tpu-compile %s --memory-report -o %t.tpu 2>&1 | FileCheck %s --check-prefix=MEM
// MEM: remark: 2 constants have no values (weights printed elided, first at {{.*}}elided-weights.mlir:35:9 tensor<512x256xf32>): placeholders stand in, so memory and timing hold but running it for values is refused
// MEM: global 528.0K
// MEM: Size: 512.0K
// MEM-NEXT: Shape: f32[512,256]
// MEM: XLA label: %{{[0-9]+}} = hlo.constant dense_resource<__elided__> : tensor<512x256xf32
// MEM-NEXT: Allocation type: constant
// MEM: Size: 16.0K
// MEM-NEXT: Shape: f32[256,16]
// MEM: Allocation type: constant
// RUN: tpu-run %t.tpu --timing-only | FileCheck %s --check-prefix=TIME
// RUN: tpu-run %s --timing-only 2>/dev/null | FileCheck %s --check-prefix=TIME
// TIME: step time {{[0-9.]+}} us
// TIME: HBM traffic {{[0-9]+}} bytes

// Values need the weights: from the executable, the program text and the
// reference evaluator alike.
// RUN: not tpu-run %t.tpu --input=8x512xf32=0 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not tpu-run %s --input=8x512xf32=0 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not tpu-run %s --reference --input=8x512xf32=0 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: the program was compiled without the values of 2 constants (weights printed elided: {{.*}}elided-weights.mlir:35:9 tensor<512x256xf32>; {{.*}}elided-weights.mlir:36:9 tensor<256x16xf32>); compile it as exported, with its resource section, to compute values, or run with --timing-only

// The placeholders are the same on every compile.
// RUN: tpu-compile %s -o %t.again.tpu 2>/dev/null
// RUN: cmp %t.tpu %t.again.tpu
func.func @main(%x: tensor<8x512xf32>) -> tensor<8x16xf32> {
  %w1 = stablehlo.constant dense_resource<__elided__> : tensor<512x256xf32>
  %w2 = stablehlo.constant dense_resource<__elided__> : tensor<256x16xf32>
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x512xf32>, tensor<512x256xf32>) -> tensor<8x256xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<8x256xf32>
  %r = stablehlo.maximum %h, %zero : tensor<8x256xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0] : (tensor<8x256xf32>, tensor<256x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
