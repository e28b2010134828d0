// value_and_grad of sum(w * w * x) with respect to w, written wrong on
// purpose (w * x instead of 2 w * x): grad_check.py must reject it.
func.func @main(%w: tensor<4xf32>, %x: tensor<4xf32>) -> (tensor<f32>, tensor<4xf32>) {
  %ww = stablehlo.multiply %w, %w : tensor<4xf32>
  %p = stablehlo.multiply %ww, %x : tensor<4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %loss = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %g = stablehlo.multiply %w, %x : tensor<4xf32>
  return %loss, %g : tensor<f32>, tensor<4xf32>
}
