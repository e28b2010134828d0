#loc = loc(unknown)
module @jit_svd {
  func.func public @main(%arg0: tensor<4xf32> loc(unknown)) -> tensor<4xf32> {
    %0 = stablehlo.custom_call @Svd(%arg0) : (tensor<4xf32>) -> tensor<4xf32> loc(#loc)
    return %0 : tensor<4xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
