// A small TOSA MLP with a softmax head, as converters write it: a batch
// dimension of 1 and reductions that keep their reduced dimension as 1.
// The kept dimensions cost no kernels of their own (a reshape and a pad
// per reduction did, 29% of the step): five kernels, two matmuls with
// their epilogues and the softmax's three.
// RUN: tpu-opt %s --tpu-compile="compile-to=lower" | grep -c 'tpu.kernel "' | FileCheck %s --check-prefix=KERNELS
// KERNELS: {{^}}5{{$}}
// At HIGHEST precision the results equal the evaluator's; at DEFAULT the
// second matmul's operands round to bf16 and the softmax amplifies that.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --default-precision=highest | FileCheck %s
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --default-precision=highest --target=v6e --layout-mode=xla-default | FileCheck %s
// CHECK: @main: result 0: 1x128x10xf32 {{exact|close}}
func.func @main(%x: tensor<1x128x784xf32>, %w1: tensor<1x784x256xf32>, %b1: tensor<1x1x256xf32>, %w2: tensor<1x256x10xf32>, %b2: tensor<1x1x10xf32>) -> tensor<1x128x10xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %h = tosa.matmul %x, %w1, %zp, %zp : (tensor<1x128x784xf32>, tensor<1x784x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x256xf32>
  %hb = tosa.add %h, %b1 : (tensor<1x128x256xf32>, tensor<1x1x256xf32>) -> tensor<1x128x256xf32>
  %r = tosa.clamp %hb {min_val = 0.0 : f32, max_val = 3.4e38 : f32} : (tensor<1x128x256xf32>) -> tensor<1x128x256xf32>
  %l = tosa.matmul %r, %w2, %zp, %zp : (tensor<1x128x256xf32>, tensor<1x256x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x128x10xf32>
  %lb = tosa.add %l, %b2 : (tensor<1x128x10xf32>, tensor<1x1x10xf32>) -> tensor<1x128x10xf32>
  %m = tosa.reduce_max %lb {axis = 2 : i32} : (tensor<1x128x10xf32>) -> tensor<1x128x1xf32>
  %d = tosa.sub %lb, %m : (tensor<1x128x10xf32>, tensor<1x128x1xf32>) -> tensor<1x128x10xf32>
  %e = tosa.exp %d : (tensor<1x128x10xf32>) -> tensor<1x128x10xf32>
  %s = tosa.reduce_sum %e {axis = 2 : i32} : (tensor<1x128x10xf32>) -> tensor<1x128x1xf32>
  %rc = tosa.reciprocal %s : (tensor<1x128x1xf32>) -> tensor<1x128x1xf32>
  %shift = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %y = tosa.mul %e, %rc, %shift : (tensor<1x128x10xf32>, tensor<1x128x1xf32>, tensor<1xi8>) -> tensor<1x128x10xf32>
  return %y : tensor<1x128x10xf32>
}
