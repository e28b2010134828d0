// The Keras MNIST model of the Cloud TPU guide, as TOSA (what
// tf.lite/torch-mlir emit): Conv2D(256, 3, relu) twice on 28x28x1, Flatten,
// Dense 256, Dense 128 (relu), Dense 10. Forward pass, batch 8; weights are
// arguments.
func.func @main(%x: tensor<8x28x28x1xf32>,
                %w1: tensor<256x3x3x1xf32>, %b1: tensor<256xf32>,
                %w2: tensor<256x3x3x256xf32>, %b2: tensor<256xf32>,
                %w3: tensor<1x147456x256xf32>, %b3: tensor<1x256xf32>,
                %w4: tensor<1x256x128xf32>, %b4: tensor<1x128xf32>,
                %w5: tensor<1x128x10xf32>, %b5: tensor<1x10xf32>) -> tensor<8x10xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c1 = tosa.conv2d %x, %w1, %b1, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<8x28x28x1xf32>, tensor<256x3x3x1xf32>, tensor<256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<8x26x26x256xf32>
  %r1 = tosa.clamp %c1 {min_val = 0.0 : f32, max_val = 3.4028235e+38 : f32} : (tensor<8x26x26x256xf32>) -> tensor<8x26x26x256xf32>
  %c2 = tosa.conv2d %r1, %w2, %b2, %zp, %zp {acc_type = f32, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<8x26x26x256xf32>, tensor<256x3x3x256xf32>, tensor<256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<8x24x24x256xf32>
  %r2 = tosa.clamp %c2 {min_val = 0.0 : f32, max_val = 3.4028235e+38 : f32} : (tensor<8x24x24x256xf32>) -> tensor<8x24x24x256xf32>
  %flat_shape = tosa.const_shape {values = dense<[1, 8, 147456]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %flat = tosa.reshape %r2, %flat_shape : (tensor<8x24x24x256xf32>, !tosa.shape<3>) -> tensor<1x8x147456xf32>
  %d3 = tosa.matmul %flat, %w3, %zp, %zp : (tensor<1x8x147456xf32>, tensor<1x147456x256xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x256xf32>
  %d3s = tosa.const_shape {values = dense<[8, 256]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %d3r = tosa.reshape %d3, %d3s : (tensor<1x8x256xf32>, !tosa.shape<2>) -> tensor<8x256xf32>
  %a3 = tosa.add %d3r, %b3 : (tensor<8x256xf32>, tensor<1x256xf32>) -> tensor<8x256xf32>
  %a3s = tosa.const_shape {values = dense<[1, 8, 256]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %a3r = tosa.reshape %a3, %a3s : (tensor<8x256xf32>, !tosa.shape<3>) -> tensor<1x8x256xf32>
  %d4 = tosa.matmul %a3r, %w4, %zp, %zp : (tensor<1x8x256xf32>, tensor<1x256x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x128xf32>
  %d4s = tosa.const_shape {values = dense<[8, 128]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %d4r = tosa.reshape %d4, %d4s : (tensor<1x8x128xf32>, !tosa.shape<2>) -> tensor<8x128xf32>
  %a4 = tosa.add %d4r, %b4 : (tensor<8x128xf32>, tensor<1x128xf32>) -> tensor<8x128xf32>
  %r4 = tosa.clamp %a4 {min_val = 0.0 : f32, max_val = 3.4028235e+38 : f32} : (tensor<8x128xf32>) -> tensor<8x128xf32>
  %r4s = tosa.const_shape {values = dense<[1, 8, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %r4r = tosa.reshape %r4, %r4s : (tensor<8x128xf32>, !tosa.shape<3>) -> tensor<1x8x128xf32>
  %d5 = tosa.matmul %r4r, %w5, %zp, %zp : (tensor<1x8x128xf32>, tensor<1x128x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x10xf32>
  %d5s = tosa.const_shape {values = dense<[8, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %d5r = tosa.reshape %d5, %d5s : (tensor<1x8x10xf32>, !tosa.shape<2>) -> tensor<8x10xf32>
  %y = tosa.add %d5r, %b5 : (tensor<8x10xf32>, tensor<1x10xf32>) -> tensor<8x10xf32>
  return %y : tensor<8x10xf32>
}
