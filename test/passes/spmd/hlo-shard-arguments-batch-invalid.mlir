// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="data-parallel=1 devices=4 batch-arguments=images,x" -verify-diagnostics

// A name no argument has is refused, with how arguments are named.
// expected-error @+1 {{--batch-arguments: @predict has no argument 'x' (2 arguments, named by number or by their loc("name"))}}
func.func @predict(%images: tensor<8x16xf32> loc("images"), %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %y = hlo.dot_general %images, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

// The named batch must divide over the devices.
// expected-error @+1 {{--data-parallel: argument 0 (images) is a batch of 6, which 4 devices do not divide}}
func.func @odd(%images: tensor<6x16xf32> loc("images"), %x: tensor<8x16xf32> loc("x")) -> tensor<6x16xf32> {
  return %images : tensor<6x16xf32>
}
