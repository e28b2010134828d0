// An invalid program for the README: hlo.add takes operands of one shape.
func.func @bias(%x: tensor<8x128xf32>, %b: tensor<128xf32>) -> tensor<8x128xf32> {
  %y = hlo.add %x, %b : (tensor<8x128xf32>, tensor<128xf32>) -> tensor<8x128xf32>
  return %y : tensor<8x128xf32>
}
