// RUN: tpu-opt %s -verify-diagnostics -tpu-set-target -tpu-assign-layouts -tpu-pad -tpu-assign-buffers -tpu-lower
// The compile pipeline rewrites interior padding into edge pads
// (hlo-decompose, test/passes/hlo/hlo-decompose.mlir); a pipeline without that
// pass gets a clear error from the lowering, not a crash.

func.func @interior_pad(%x: tensor<8x128xf32>) -> tensor<15x128xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-error@+1 {{tpu-lower: interior padding is not lowered yet (hlo-decompose rewrites it into edge pads)}}
  %p = hlo.pad %x, %z, low = [0, 0], high = [0, 0], interior = [1, 0] : (tensor<8x128xf32>, tensor<f32>) -> tensor<15x128xf32>
  return %p : tensor<15x128xf32>
}
