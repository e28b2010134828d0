module {
  func.func @main() -> (tensor<2x3xi32>, tensor<3xf32>) {
    %a = "tosa.const"() <{values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
    %b = "tosa.const"() <{values = dense<[[10, 20, 30]]> : tensor<1x3xi32>}> : () -> tensor<1x3xi32>
    %s = tosa.add %a, %b : (tensor<2x3xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
    %x = "tosa.const"() <{values = dense<[1.0, 2.0, 4.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
    %r = tosa.reciprocal %x : (tensor<3xf32>) -> tensor<3xf32>
    return %s, %r : tensor<2x3xi32>, tensor<3xf32>
  }
}
