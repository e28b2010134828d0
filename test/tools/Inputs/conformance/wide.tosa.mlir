module {
  func.func @main() -> tensor<2xi64> {
    %a = "tosa.const"() <{values = dense<[9007199254740993, -2]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %b = "tosa.const"() <{values = dense<[2, 9223372036854775807]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %c = tosa.add %a, %b : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    return %c : tensor<2xi64>
  }
}
