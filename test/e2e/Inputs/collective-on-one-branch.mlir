module attributes {mhlo.num_partitions = 2 : i32} {
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %id = stablehlo.partition_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %p = stablehlo.compare EQ, %id, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %a = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%u: tensor<f32>, %v: tensor<f32>):
      %s = stablehlo.add %u, %v : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %b = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %b : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
}
