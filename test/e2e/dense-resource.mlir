// Weights in the file's resource section (dense_resource, as torch-mlir and
// IREE's importers write them) are read at import and used; the input is a
// run-time argument, the values computed by hand.
// RUN: tpu-run %s --function=stablehlo_bias --input=2x2xf32=1,2,3,4 | FileCheck %s --check-prefix=SH
// SH: result[0]: 2x2xf32={{\[}}1.5 4{{\]\[}}3.5 6]
// RUN: tpu-run %s --function=tosa_scale --input=4xi32=1,2,3,4 | FileCheck %s --check-prefix=TOSA
// TOSA: result[0]: 4xi32=3 -2 300 0{{$}}

// x + b, b = [[0.5, 2], [0.5, 2]].
func.func @stablehlo_bias(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %b = stablehlo.constant dense_resource<bias> : tensor<2x2xf32>
  %y = stablehlo.add %x, %b : tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// x * s, s = [3, -1, 100, 0].
func.func @tosa_scale(%x: tensor<4xi32>) -> tensor<4xi32> {
  %s = "tosa.const"() <{values = dense_resource<scale> : tensor<4xi32>}> : () -> tensor<4xi32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %x, %s, %shift : (tensor<4xi32>, tensor<4xi32>, tensor<1xi8>) -> tensor<4xi32>
  return %y : tensor<4xi32>
}
{-#
  dialect_resources: {
    builtin: {
      bias: "0x040000000000003F000000400000003F00000040",
      scale: "0x0400000003000000FFFFFFFF6400000000000000"
    }
  }
#-}
