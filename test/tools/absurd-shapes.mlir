// Shapes that cannot exist get a located error and exit 1, never a crash:
// 2^62 x 2^62 f32 elements overflow 64 bits once counted.
// RUN: not tpu-compile %s -o /dev/null 2>&1 | FileCheck %s
// RUN: sh -c 'tpu-compile %s -o /dev/null 2>/dev/null; test $? -eq 1'
// RUN: not tpu-opt %s -tpu-assign-layouts 2>&1 | FileCheck %s
// RUN: not tpu-run %s --reference --input=1xf32=1 2>&1 | FileCheck %s --check-prefix=REF
// CHECK: absurd-shapes.mlir:[[# @LINE + 3]]:17: error: tpu-assign-layouts: 'tensor<4611686018427387904x4611686018427387904xf32>' cannot be stored: the padded element count overflows 64 bits
// REF: argument 0 of 'main' must be 4611686018427387904x4611686018427387904xf32, but the input is 1xf32

func.func @main(%x: tensor<4611686018427387904x4611686018427387904xf32>) -> tensor<4611686018427387904x4611686018427387904xf32> {
  %y = hlo.exponential %x : tensor<4611686018427387904x4611686018427387904xf32>
  return %y : tensor<4611686018427387904x4611686018427387904xf32>
}
