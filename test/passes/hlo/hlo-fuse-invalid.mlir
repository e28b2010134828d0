// RUN: tpu-opt %s -split-input-file -hlo-fuse -allow-unregistered-dialect -verify-diagnostics

// expected-error @+1 {{'func.func' op hlo-fuse supports single-block functions only}}
func.func @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %x : tensor<4xf32>
}
