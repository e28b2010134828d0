#loc = loc(unknown)
module @jit_f {
  func.func public @main(%arg0: tensor<4x8xf32> loc(unknown), %arg1: tensor<4x8xf32> loc(unknown)) -> (tensor<4x8xf32> {jax.result_info = ""}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4x8xf32> loc(#loc3)
    %1 = stablehlo.custom_call @Svd(%0) : (tensor<4x8xf32>) -> tensor<4x8xf32> loc(#loc4)
    return %1 : tensor<4x8xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("/home/me/mlp.py":10:0)
#loc2 = loc("/home/me/mlp.py":11:0)
#loc3 = loc("jit(f)/dense1/add"(#loc1))
#loc4 = loc("jit(f)/svd"(#loc2))
