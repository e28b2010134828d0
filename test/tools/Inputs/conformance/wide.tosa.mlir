module {
  func.func @main() -> tensor<2xi64> {
    %a = "tosa.const"() <{values = dense<[1, -2]> : tensor<2xi64>}> : () -> tensor<2xi64>
    return %a : tensor<2xi64>
  }
}
