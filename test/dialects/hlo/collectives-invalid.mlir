// RUN: tpu-opt %s -split-input-file -verify-diagnostics
// One case per verifier rule of docs/dialects/hlo.md "Collectives".

func.func @groups_rank(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op groups must be a non-empty 2D array of device ids, one row per group, but has type 'tensor<2xi64>'}}
  %r = hlo.all_reduce sum %x {groups = dense<[0, 1]> : tensor<2xi64>} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @groups_negative(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op device id -1 is negative}}
  %r = hlo.all_reduce sum %x {groups = dense<[[0, -1]]> : tensor<1x2xi64>} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @groups_repeat(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op device 1 appears in more than one place in groups}}
  %r = hlo.all_reduce sum %x {groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @gather_dim(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.all_gather' op dimension 1 is not a dimension of the rank-1 operand}}
  %r = hlo.all_gather %x, dim = 1 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @gather_shape(%x: tensor<4x2xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op result must be 'tensor<8x2xf32>' for groups of 2, but is 'tensor<4x4xf32>'}}
  %r = hlo.all_gather %x, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @gather_element(%x: tensor<4xf32>) -> tensor<8xbf16> {
  // expected-error @+1 {{'hlo.all_gather' op result element type 'bf16' differs from the operand's 'f32'}}
  %r = hlo.all_gather %x, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xbf16>
  return %r : tensor<8xbf16>
}

// -----

func.func @gather_rank(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op result rank 2 differs from the operand's 1}}
  %r = hlo.all_gather %x, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

func.func @scatter_split(%x: tensor<5xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.reduce_scatter' op dimension 0 of size 5 does not split into 2 equal parts}}
  %r = hlo.reduce_scatter sum %x, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @scatter_dim(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.reduce_scatter' op dimension -1 is not a dimension of the rank-1 operand}}
  %r = hlo.reduce_scatter sum %x, dim = -1 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @all_to_all_dims(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.all_to_all' op concat_dimension 2 is not a dimension of the rank-2 operand}}
  %r = hlo.all_to_all %x, split_dim = 0, concat_dim = 2 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @all_to_all_shape(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'hlo.all_to_all' op result must be 'tensor<2x8xf32>' for groups of 2, but is 'tensor<4x4xf32>'}}
  %r = hlo.all_to_all %x, split_dim = 0, concat_dim = 1 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

func.func @permute_shape(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.collective_permute' op pairs must be a 2D array of [source, target] rows, but has type 'tensor<1x3xi64>'}}
  %r = hlo.collective_permute %x {pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @permute_negative(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.collective_permute' op device id -2 is negative}}
  %r = hlo.collective_permute %x {pairs = dense<[[0, -2]]> : tensor<1x2xi64>} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @permute_source(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.collective_permute' op device 0 is the source of two pairs}}
  %r = hlo.collective_permute %x {pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @permute_target(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.collective_permute' op device 2 is the target of two pairs}}
  %r = hlo.collective_permute %x {pairs = dense<[[0, 2], [1, 2]]> : tensor<2x2xi64>} : tensor<4xf32>
  return %r : tensor<4xf32>
}
