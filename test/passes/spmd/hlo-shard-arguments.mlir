// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="data-parallel=1 devices=4" | FileCheck %s --check-prefix=DP
// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="zero=1 devices=4" | FileCheck %s --check-prefix=Z1
// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="zero=3 devices=4" | FileCheck %s --check-prefix=Z3
// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="zero=3 devices=1" | FileCheck %s --check-prefix=ONE
// A training step's arguments: a weight and its Adam moment (donated), a
// bias whose 6 elements 4 devices do not divide, a step count, the batch.
// Each output is laid out as the donated argument it updates.

// DP-LABEL: func.func @step
// DP-SAME: %arg{{[0-9]+}}: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{replicated}">, jax.buffer_donor = true}
// DP-SAME: %arg{{[0-9]+}}: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{replicated}">, jax.buffer_donor = true}
// DP-SAME: %arg{{[0-9]+}}: tensor<6xf32> {hlo.sharding = #hlo.sharding<"{replicated}">, tf.aliasing_output = 2 : i64}
// DP-SAME: %arg{{[0-9]+}}: tensor<i32> {hlo.sharding = #hlo.sharding<"{replicated}">, jax.buffer_donor = true}
// DP-SAME: %arg{{[0-9]+}}: tensor<12x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// DP-SAME: %arg{{[0-9]+}}: tensor<f32>)
// DP-SAME: -> (tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}, tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}, tensor<6xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}, tensor<i32> {hlo.sharding = #hlo.sharding<"{replicated}">})

// ZeRO-1: only the moment (no matmul reads it) is cut.
// Z1-LABEL: func.func @step
// Z1-SAME: %arg{{[0-9]+}}: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{replicated}">, jax.buffer_donor = true}
// Z1-SAME: %arg{{[0-9]+}}: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">, jax.buffer_donor = true}
// Z1-SAME: -> (tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}, tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}

// ZeRO-3: the weight too; the bias stays whole (6 rows).
// Z3-LABEL: func.func @step
// Z3-SAME: %arg{{[0-9]+}}: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">, jax.buffer_donor = true}
// Z3-SAME: %arg{{[0-9]+}}: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">, jax.buffer_donor = true}
// Z3-SAME: %arg{{[0-9]+}}: tensor<6xf32> {hlo.sharding = #hlo.sharding<"{replicated}">, tf.aliasing_output = 2 : i64}

// ONE-LABEL: func.func @step
// ONE-NOT: hlo.sharding
// ONE: return
func.func @step(%w: tensor<8x16xf32> {jax.buffer_donor = true},
                %m: tensor<8x16xf32> {jax.buffer_donor = true},
                %b: tensor<6xf32> {tf.aliasing_output = 2 : i64},
                %n: tensor<i32> {jax.buffer_donor = true},
                %x: tensor<12x8xf32>, %lr: tensor<f32>)
    -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<6xf32>, tensor<i32>) {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<12x8xf32>, tensor<8x16xf32>) -> tensor<12x16xf32>
  %g = hlo.dot_general %x, %y, contracting_dims = [0] x [0] : (tensor<12x8xf32>, tensor<12x16xf32>) -> tensor<8x16xf32>
  %m2 = hlo.add %m, %g : tensor<8x16xf32>
  %w2 = hlo.subtract %w, %m2 : tensor<8x16xf32>
  return %w2, %m2, %b, %n : tensor<8x16xf32>, tensor<8x16xf32>, tensor<6xf32>, tensor<i32>
}

// -----

// What the program says wins over the strategy; a program with its own
// collectives is left alone.
// DP-LABEL: func.func @annotated
// DP-SAME: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">, jax.buffer_donor = true}
// DP-LABEL: func.func @pmap
// DP-NOT: hlo.sharding
func.func @annotated(%w: tensor<8x16xf32> {jax.buffer_donor = true, hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}) -> tensor<8x16xf32> {
  return %w : tensor<8x16xf32>
}
func.func @pmap(%w: tensor<8xf32> {jax.buffer_donor = true}) -> tensor<8xf32> {
  %r = hlo.all_reduce sum %w {groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : tensor<8xf32>
  return %r : tensor<8xf32>
}
