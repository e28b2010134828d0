// The Keras MNIST classifier's dense head from the Cloud TPU guide, forward
// pass: 784 -> 256 (relu) -> 128 (relu) -> 10, softmax, batch 128, bf16
// weights accumulating in f32 on the MXU.
func.func @main(%images: tensor<128x784xbf16>,
                %w1: tensor<784x256xbf16>, %b1: tensor<256xf32>,
                %w2: tensor<256x128xbf16>, %b2: tensor<128xf32>,
                %w3: tensor<128x10xbf16>, %b3: tensor<10xf32>)
    -> tensor<128x10xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>

  // Dense(256, relu)
  %d1 = hlo.dot_general %images, %w1, contracting_dims = [1] x [0]
      : (tensor<128x784xbf16>, tensor<784x256xbf16>) -> tensor<128x256xf32>
  %bias1 = hlo.broadcast_in_dim %b1, dims = [1] : (tensor<256xf32>) -> tensor<128x256xf32>
  %z1 = hlo.add %d1, %bias1 : tensor<128x256xf32>
  %zero1 = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<128x256xf32>
  %a1 = hlo.maximum %z1, %zero1 : tensor<128x256xf32>
  %h1 = hlo.convert %a1 : (tensor<128x256xf32>) -> tensor<128x256xbf16>

  // Dense(128, relu)
  %d2 = hlo.dot_general %h1, %w2, contracting_dims = [1] x [0]
      : (tensor<128x256xbf16>, tensor<256x128xbf16>) -> tensor<128x128xf32>
  %bias2 = hlo.broadcast_in_dim %b2, dims = [1] : (tensor<128xf32>) -> tensor<128x128xf32>
  %z2 = hlo.add %d2, %bias2 : tensor<128x128xf32>
  %zero2 = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<128x128xf32>
  %a2 = hlo.maximum %z2, %zero2 : tensor<128x128xf32>
  %h2 = hlo.convert %a2 : (tensor<128x128xf32>) -> tensor<128x128xbf16>

  // Dense(10) and a numerically stable softmax.
  %d3 = hlo.dot_general %h2, %w3, contracting_dims = [1] x [0]
      : (tensor<128x128xbf16>, tensor<128x10xbf16>) -> tensor<128x10xf32>
  %bias3 = hlo.broadcast_in_dim %b3, dims = [1] : (tensor<10xf32>) -> tensor<128x10xf32>
  %logits = hlo.add %d3, %bias3 : tensor<128x10xf32>
  %max = hlo.reduce max %logits, dims = [1] : (tensor<128x10xf32>) -> tensor<128xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<128xf32>) -> tensor<128x10xf32>
  %shifted = hlo.subtract %logits, %maxb : tensor<128x10xf32>
  %e = hlo.exponential %shifted : tensor<128x10xf32>
  %sum = hlo.reduce sum %e, dims = [1] : (tensor<128x10xf32>) -> tensor<128xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<128xf32>) -> tensor<128x10xf32>
  %probs = hlo.divide %e, %sumb : tensor<128x10xf32>
  return %probs : tensor<128x10xf32>
}
