// RUN: tpu-opt %s -split-input-file -hlo-fuse=target=v9 -allow-unregistered-dialect -verify-diagnostics

// expected-error @+1 {{unknown target 'v9'; expected v2, v3, v4, v5e or v6e}}
func.func @unknown_target(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op hlo-fuse supports single-block functions only}}
func.func @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %x : tensor<4xf32>
}
