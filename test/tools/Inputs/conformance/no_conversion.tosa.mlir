module {
  func.func @main() -> tensor<4xi8> {
    %x = "tosa.const"() <{values = dense<[1, 2, 3, 4]> : tensor<4xi8>}> : () -> tensor<4xi8>
    %t = "tosa.const"() <{values = dense<1> : tensor<256xi8>}> : () -> tensor<256xi8>
    %y = tosa.table %x, %t : (tensor<4xi8>, tensor<256xi8>) -> tensor<4xi8>
    return %y : tensor<4xi8>
  }
}
