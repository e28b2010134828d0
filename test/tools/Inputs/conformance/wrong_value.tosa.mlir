module {
  func.func @main() -> tensor<2x2xf32> {
    %a = "tosa.const"() <{values = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
    %n = tosa.abs %a : (tensor<2x2xf32>) -> tensor<2x2xf32>
    return %n : tensor<2x2xf32>
  }
}
