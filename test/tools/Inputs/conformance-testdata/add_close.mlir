// A case as StableHLO's testdata writes it: inputs and expected values come
// from private functions, the check is a custom call.
module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<2x2xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0:2 = call @inputs() : () -> (tensor<2x2xf32>, tensor<2x2xf32>)
    %1 = call @expected() : () -> tensor<2x2xf32>
    %2 = stablehlo.add %0#0, %0#1 : tensor<2x2xf32>
    stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2x2xf32>, tensor<2x2xf32>) -> ()
    return %2 : tensor<2x2xf32>
  }
  func.func private @inputs() -> (tensor<2x2xf32> {mhlo.layout_mode = "default"}, tensor<2x2xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[[1.0, 2.5], [-3.0, 0.125]]> : tensor<2x2xf32>
    %cst_0 = stablehlo.constant dense<[[0.5, 0.5], [1.0, -0.125]]> : tensor<2x2xf32>
    return %cst, %cst_0 : tensor<2x2xf32>, tensor<2x2xf32>
  }
  func.func private @expected() -> (tensor<2x2xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[[1.5, 3.0], [-2.0, 0.0]]> : tensor<2x2xf32>
    return %cst : tensor<2x2xf32>
  }
}
