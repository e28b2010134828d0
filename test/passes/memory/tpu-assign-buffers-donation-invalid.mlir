// RUN: tpu-opt %s -split-input-file -tpu-assign-layouts -tpu-assign-buffers -verify-diagnostics -o /dev/null

// A donation no output can use is a warning (JAX's "Some donated buffers
// were not usable"), and the program compiles without it.
// expected-warning @+1 {{tpu-assign-buffers: donated argument #0 ('tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>') is not usable: no output has its shape, element type and layout}}
func.func @no_output_of_its_type(%x: tensor<8x128xf32> {jax.buffer_donor = true}) -> tensor<8xf32> {
  %s = hlo.reduce sum %x, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// The transpose reads other elements than it writes: its result cannot go
// into the argument it reads, and no other output can either.
// expected-warning @+1 {{tpu-assign-buffers: donated argument #0 ('tensor<128x128xf32, #tpu.layout<{1,0:T(8,128)}>>') is not usable: every output of its type is written while it is still read (or by an op that reads it out of place)}}
func.func @read_out_of_place(%x: tensor<128x128xf32> {jax.buffer_donor = true}) -> tensor<128x128xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<128x128xf32>) -> tensor<128x128xf32>
  return %t : tensor<128x128xf32>
}

// -----

// The update depends on an op that reads the argument after it: no order
// lets the update overwrite it, and recomputing would not help (the
// update does not read the argument itself).
// expected-warning @+1 {{tpu-assign-buffers: donated argument #0 ('tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>') is not usable: every output of its type is written while it is still read (or by an op that reads it out of place)}}
func.func @read_after_update(%w: tensor<8x128xf32> {jax.buffer_donor = true}, %g: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<f32>) {
  %e = hlo.exponential %w : tensor<8x128xf32>
  %w2 = hlo.multiply %e, %g : tensor<8x128xf32>
  %sum = hlo.add %w2, %w : tensor<8x128xf32>
  %r = hlo.reduce sum %sum, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<f32>
  return %w2, %r : tensor<8x128xf32>, tensor<f32>
}

// -----

// JAX names an argument by its tree path, a location without a file: the
// warning points at the function and names the argument.
// expected-warning @+1 {{tpu-assign-buffers: donated argument #0 'images' ('tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>') is not usable: no output has its shape, element type and layout}}
func.func @named_argument(%x: tensor<8x128xf32> {jax.buffer_donor = true} loc("images")) -> tensor<8xf32> {
  %s = hlo.reduce sum %x, dims = [1] : (tensor<8x128xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}
