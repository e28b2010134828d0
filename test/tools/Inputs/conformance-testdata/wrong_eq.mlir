// expect_eq is exact: 2 * 3 is not 7.
module @jit_main {
  func.func public @main() -> tensor<2xi32> {
    %0 = call @inputs() : () -> tensor<2xi32>
    %1 = call @expected() : () -> tensor<2xi32>
    %2 = stablehlo.multiply %0, %0 : tensor<2xi32>
    stablehlo.custom_call @check.expect_eq(%2, %1) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
    return %2 : tensor<2xi32>
  }
  func.func private @inputs() -> tensor<2xi32> {
    %c = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
    return %c : tensor<2xi32>
  }
  func.func private @expected() -> tensor<2xi32> {
    %c = stablehlo.constant dense<[4, 7]> : tensor<2xi32>
    return %c : tensor<2xi32>
  }
}
