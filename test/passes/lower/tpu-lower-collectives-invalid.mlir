// With the slice known, a collective whose groups do not fit it is an error
// at the op when it is compiled, not a failure on the devices later.
// RUN: tpu-opt %s -split-input-file -tpu-compile="topology=v4-8" -verify-diagnostics

func.func @too_few(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op names device 4, but v4-8 has 4 devices}}
  %r = hlo.all_reduce sum %x {groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>} : tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}

// -----

func.func @left_out(%x: tensor<8x128xf32>) -> tensor<16x128xf32> {
  // expected-error @+1 {{'hlo.all_gather' op puts device 2 of v4-8 in no group}}
  %r = hlo.all_gather %x, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x128xf32>) -> tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}

// -----

func.func @permute(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{'hlo.collective_permute' op names device 9, but v4-8 has 4 devices}}
  %r = hlo.collective_permute %x {pairs = dense<[[0, 9]]> : tensor<1x2xi64>} : tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}
