// expect_almost_eq allows 1e-4 absolute: the expected 0.84151 is 2e-6 from
// sin(1).
module @jit_main {
  func.func public @main() -> tensor<1xf32> {
    %0 = call @inputs() : () -> tensor<1xf32>
    %1 = call @expected() : () -> tensor<1xf32>
    %2 = stablehlo.sine %0 : tensor<1xf32>
    stablehlo.custom_call @check.expect_almost_eq(%2, %1) {has_side_effect = true} : (tensor<1xf32>, tensor<1xf32>) -> ()
    return %2 : tensor<1xf32>
  }
  func.func private @inputs() -> tensor<1xf32> {
    %cst = stablehlo.constant dense<1.0> : tensor<1xf32>
    return %cst : tensor<1xf32>
  }
  func.func private @expected() -> tensor<1xf32> {
    %cst = stablehlo.constant dense<0.84151> : tensor<1xf32>
    return %cst : tensor<1xf32>
  }
}
