// Exporters write a function's signature on one line (tens of KB for a
// model's @main): a diagnostic at the function shows the part of the line
// around its column, cut with `...`, not the whole line.
// RUN: tpu-compile %s --mixed-precision=bf16 -o /dev/null 2>&1 | FileCheck %s
// CHECK: long-source-lines.mlir:[[# @LINE + 4]]:1: remark: mixed precision (bf16)
// CHECK-NEXT: {{^}}func.func public @main(%x: tensor<8x128xf32> {mhlo.layout_mode = "default"} loc("params['a_long_name_as_jax_writes_it']"), %w: tensor<128x128xf32> {mhlo.layout_...{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: result_info
func.func public @main(%x: tensor<8x128xf32> {mhlo.layout_mode = "default"} loc("params['a_long_name_as_jax_writes_it']"), %w: tensor<128x128xf32> {mhlo.layout_mode = "default"} loc("params['another_long_name_as_jax_writes_it']")) -> (tensor<8x128xf32> {jax.result_info = "result"}) {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  return %y : tensor<8x128xf32>
}
