// A one-hot of 29360128 labels over 10 classes times a 10x16 weight (the
// seed's loss shape feeding a matmul), for test/e2e/onehot-memory.test.
func.func @main(%labels: tensor<29360128xi32>, %w: tensor<10x16xf32>) -> tensor<29360128x16xf32> {
  %iota = hlo.iota dim = 1 : tensor<29360128x10xi32>
  %b = hlo.broadcast_in_dim %labels, dims = [0] : (tensor<29360128xi32>) -> tensor<29360128x10xi32>
  %eq = hlo.compare EQ, %iota, %b : (tensor<29360128x10xi32>, tensor<29360128x10xi32>) -> tensor<29360128x10xi1>
  %one = hlo.constant dense<1.0> : tensor<29360128x10xf32>
  %zero = hlo.constant dense<0.0> : tensor<29360128x10xf32>
  %oh = hlo.select %eq, %one, %zero : tensor<29360128x10xi1>, tensor<29360128x10xf32>
  %y = hlo.dot_general %oh, %w, contracting_dims = [1] x [0] : (tensor<29360128x10xf32>, tensor<10x16xf32>) -> tensor<29360128x16xf32>
  return %y : tensor<29360128x16xf32>
}
