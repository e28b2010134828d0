// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="data-parallel=1 devices=4" -verify-diagnostics

// expected-error @+1 {{--data-parallel and --zero take the donated arguments (jax.buffer_donor, tf.aliasing_output) as the model state, and @nothing_donated donates none: name the batch of an inference program with --batch-arguments}}
func.func @nothing_donated(%w: tensor<8x16xf32>, %x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----

// expected-error @+1 {{--data-parallel: argument 1 is a batch of 6, which 4 devices do not divide}}
func.func @batch(%w: tensor<8x16xf32> {jax.buffer_donor = true}, %x: tensor<6x8xf32>) -> tensor<6x16xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<6x8xf32>, tensor<8x16xf32>) -> tensor<6x16xf32>
  return %y : tensor<6x16xf32>
}

