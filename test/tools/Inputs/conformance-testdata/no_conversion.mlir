// bitcast_convert has no hlo counterpart yet: a located import failure.
module @jit_main {
  func.func public @main() -> tensor<2xi32> {
    %0 = call @inputs() : () -> tensor<2xf32>
    %1 = call @expected() : () -> tensor<2xi32>
    %2 = stablehlo.bitcast_convert %0 : (tensor<2xf32>) -> tensor<2xi32>
    stablehlo.custom_call @check.expect_eq(%2, %1) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
    return %2 : tensor<2xi32>
  }
  func.func private @inputs() -> tensor<2xf32> {
    %cst = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    return %cst : tensor<2xf32>
  }
  func.func private @expected() -> tensor<2xi32> {
    %cst = stablehlo.constant dense<0> : tensor<2xi32>
    return %cst : tensor<2xi32>
  }
}
