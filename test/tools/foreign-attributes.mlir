// A program another compiler's frontend annotated (tt-mlir's #ttcore
// attributes on arguments and the module) compiles and runs: the
// attributes are ignored with a remark, the values are the program's.
// RUN: tpu-run %s --input=4xf32=1,2,3,4 2>&1 | FileCheck %s
// RUN: tpu-compile %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK: remark: ignored: attributes of dialects the TPU compiler does not know: ttcore.system_desc
// CHECK: remark: ignored: attributes of dialects the TPU compiler does not know: ttcore.argument_type (argument 0)
// CHECK: result[0]: 4xf32=2 4 6 8
// REMARK-COUNT-2: remark: ignored
module attributes {ttcore.system_desc = #ttcore.system_desc<>} {
  func.func @main(%x: tensor<4xf32> {ttcore.argument_type = #ttcore.argument_type<input>}) -> tensor<4xf32> {
    %y = stablehlo.add %x, %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
