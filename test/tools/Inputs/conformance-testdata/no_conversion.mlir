// dynamic_slice has no hlo counterpart yet: a located import failure.
module @jit_main {
  func.func public @main() -> tensor<1xf32> {
    %0 = call @inputs() : () -> tensor<2xf32>
    %1 = call @expected() : () -> tensor<1xf32>
    %i = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.dynamic_slice %0, %i, sizes = [1] : (tensor<2xf32>, tensor<i32>) -> tensor<1xf32>
    stablehlo.custom_call @check.expect_eq(%2, %1) {has_side_effect = true} : (tensor<1xf32>, tensor<1xf32>) -> ()
    return %2 : tensor<1xf32>
  }
  func.func private @inputs() -> tensor<2xf32> {
    %cst = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    return %cst : tensor<2xf32>
  }
  func.func private @expected() -> tensor<1xf32> {
    %cst = stablehlo.constant dense<2.0> : tensor<1xf32>
    return %cst : tensor<1xf32>
  }
}
