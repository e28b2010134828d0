module {
  func.func @main() -> tensor<4xi8> {
    %x = "tosa.const"() <{values = dense<[1, 2, 3, 4]> : tensor<4xi8>}> : () -> tensor<4xi8>
    %y = tosa.custom %x {domain_name = "vendor", implementation_attrs = "", operator_name = "fancy"} : (tensor<4xi8>) -> tensor<4xi8>
    return %y : tensor<4xi8>
  }
}
