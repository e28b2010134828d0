// A quantized value inside a region is not lowered: the op that holds it
// is refused with the reason.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo -verify-diagnostics

func.func @in_region(%x: tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i8:f32, 0.5>> {
  %init = stablehlo.constant dense<0> : tensor<i8>
  %i = stablehlo.bitcast_convert %init : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5>>
  // expected-error @+1 {{stablehlo.reduce is not supported by the TPU compiler: quantized values inside its regions are not lowered}}
  %r = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i8:f32, 0.5>>
  return %r : tensor<!quant.uniform<i8:f32, 0.5>>
}
