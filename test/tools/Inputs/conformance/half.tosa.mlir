module {
  func.func @main() -> tensor<2xf16> {
    %a = "tosa.const"() <{values = dense<[1.0, -2.0]> : tensor<2xf16>}> : () -> tensor<2xf16>
    %n = tosa.abs %a : (tensor<2xf16>) -> tensor<2xf16>
    return %n : tensor<2xf16>
  }
}
