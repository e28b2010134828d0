module attributes {mhlo.num_replicas = 2 : i32} {
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<> : tensor<0x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
}
