// A transformer's MLP block, tensor-parallel as Megatron-LM splits it: the
// first weight by columns, the second by rows over all 16 chips of a
// v5e-16, so each chip computes a 16th of the hidden layer and the one
// all-reduce sums the output (docs/multi-device.md). 2048 tokens of width
// 4096, hidden 16384, bf16 with f32 accumulation. On one device the
// annotations are dropped.
func.func @main(%x: tensor<2048x4096xbf16>,
                %w1: tensor<4096x16384xbf16> {hlo.sharding = #hlo.sharding<"{devices=[1,16]<=[16]}">},
                %w2: tensor<16384x4096xbf16> {hlo.sharding = #hlo.sharding<"{devices=[16,1]<=[16]}">})
    -> tensor<2048x4096xf32> {
  %h = hlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<2048x4096xbf16>, tensor<4096x16384xbf16>) -> tensor<2048x16384xf32>
  %a = hlo.logistic %h : tensor<2048x16384xf32>
  %g = hlo.multiply %h, %a : tensor<2048x16384xf32>
  %b = hlo.convert %g : (tensor<2048x16384xf32>) -> tensor<2048x16384xbf16>
  %y = hlo.dot_general %b, %w2, contracting_dims = [1] x [0] : (tensor<2048x16384xbf16>, tensor<16384x4096xbf16>) -> tensor<2048x4096xf32>
  return %y : tensor<2048x4096xf32>
}
