module {
  func.func @main() -> tensor<2xf64> {
    %a = "tosa.const"() <{values = dense<[1.0, -2.0]> : tensor<2xf64>}> : () -> tensor<2xf64>
    return %a : tensor<2xf64>
  }
}
