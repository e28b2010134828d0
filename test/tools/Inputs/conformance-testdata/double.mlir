// f64: skipped with its reason, before anything parses.
module @jit_main {
  func.func public @main() -> tensor<2xf64> {
    %0 = call @inputs() : () -> tensor<2xf64>
    stablehlo.custom_call @check.expect_close(%0, %0) {has_side_effect = true} : (tensor<2xf64>, tensor<2xf64>) -> ()
    return %0 : tensor<2xf64>
  }
  func.func private @inputs() -> tensor<2xf64> {
    %cst = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
    return %cst : tensor<2xf64>
  }
}
