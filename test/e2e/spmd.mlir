// Sharded programs (hlo-spmd-partition) on simulated slices against the
// reference evaluator running the same program unsharded on one device:
// tpu-run cuts the inputs into each device's tiles and puts the results
// back together, so the two print the same whole tensors.
//
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v4-8 --default-precision=highest | FileCheck %s --implicit-check-not=FAIL
// CHECK: @batch: result 0: 16x32xf32 {{exact|close}}
// CHECK: @grad: result 0: 16x32xf32 {{exact|close}}
// CHECK: @fsdp: result 0: 16x32xf32 {{exact|close}}
// CHECK: @fsdp_grad: result 0: 16x32xf32 {{exact|close}}
// CHECK: @megatron: result 0: 8x16xf32 {{exact|close}}
// CHECK: @mesh: result 0: 8x32xf32 {{exact|close}}
// CHECK: @reshard: result 0: 8x32xf32 exact
// CHECK: @softmax: result 0: 8x16xf32 {{exact|close}}
// CHECK: @reshape: result 0: 16x8xf32 exact
// CHECK: @fallback: result 0: 16x8xf32 exact
// CHECK: @batched: result 0: 4x8x8xf32 {{exact|close}}
//
// Hand-computed: the tiles of an iota put back together, and a sum over a
// tiled dimension: 0 + 1 + ... + 15 = 120 in every row.
// RUN: tpu-run %s --function=tiles --topology=v4-8 --input=4x16xf32=1 | FileCheck %s --check-prefix=TILES
// TILES: result[0]: 4x16xf32=[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15]
// TILES: result[1]: 4xf32=120 120 120 120
// TILES: all-reduce {{ *}}1 run(s)

// Data parallelism: the batch is cut, the weights replicated; no traffic.
func.func @batch(%x: tensor<16x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                 %w: tensor<8x32xf32>) -> tensor<16x32xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  %t = hlo.tanh %y : tensor<16x32xf32>
  return %t : tensor<16x32xf32>
}

// A weight gradient: both operands cut along the contracted batch, so each
// device contracts its rows and the partial sums are all-reduced.
func.func @grad(%x: tensor<32x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                %dy: tensor<32x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<16x32xf32> {
  %g = hlo.dot_general %x, %dy, contracting_dims = [0] x [0] : (tensor<32x16xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %g : tensor<16x32xf32>
}

// FSDP: the weight is cut too and gathered for the matmul.
func.func @fsdp(%x: tensor<16x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                %w: tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<16x32xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// FSDP's update: the gradient's partial sums are reduce-scattered to the
// rows each device keeps of the weight.
func.func @fsdp_grad(%x: tensor<32x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                     %dy: tensor<32x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">},
                     %w: tensor<16x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<16x32xf32> {
  %g = hlo.dot_general %x, %dy, contracting_dims = [0] x [0] : (tensor<32x16xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %c = hlo.constant dense<0.125> : tensor<16x32xf32>
  %s = hlo.multiply %g, %c : tensor<16x32xf32>
  %n = hlo.subtract %w, %s : tensor<16x32xf32>
  return %n : tensor<16x32xf32>
}

// Megatron's MLP block: the first weight cut by columns, the second by
// rows; one all-reduce of the output.
func.func @megatron(%x: tensor<8x16xf32>,
                    %w1: tensor<16x64xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">},
                    %w2: tensor<64x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<8x16xf32> {
  %h = hlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
  %a = hlo.tanh %h : tensor<8x64xf32>
  %y = hlo.dot_general %a, %w2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}

// A 2x2 mesh (data x model), the devices in a transposed order, and a
// result replicated over one mesh axis.
func.func @mesh(%x: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}">},
                %w: tensor<16x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,2,2]<=[4] last_tile_dim_replicate}">}) -> tensor<8x32xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %e = hlo.exponential %y : tensor<8x32xf32>
  return %e : tensor<8x32xf32>
}

// Resharding at a constraint and at the result: rows to a 2x2 grid to
// columns.
func.func @reshard(%x: tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">})
    -> (tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]3,2,1,0}">}) {
  %c = hlo.sharding_constraint %x {sharding = #hlo.sharding<"{devices=[2,2]<=[4]}">} : tensor<8x32xf32>
  %n = hlo.negate %c : tensor<8x32xf32>
  return %n : tensor<8x32xf32>
}

// A softmax over a cut dimension: the max and the sum are all-reduced.
func.func @softmax(%x: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}) -> tensor<8x16xf32> {
  %m = hlo.reduce max %x, dims = [1] : (tensor<8x16xf32>) -> tensor<8xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %d = hlo.subtract %x, %mb : tensor<8x16xf32>
  %e = hlo.exponential %d : tensor<8x16xf32>
  %s = hlo.reduce sum %e, dims = [1] : (tensor<8x16xf32>) -> tensor<8xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  %r = hlo.divide %e, %sb : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// A reshape that keeps the cut rows contiguous, and one that does not.
func.func @reshape(%x: tensor<4x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<16x8xf32> {
  %r = hlo.reshape %x : (tensor<4x32xf32>) -> tensor<16x8xf32>
  %t = hlo.transpose %r, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %b = hlo.reshape %t : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %s = hlo.add %r, %b : tensor<16x8xf32>
  return %s : tensor<16x8xf32>
}

// Ops without a rule compute whole tensors from gathered operands.
func.func @fallback(%x: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}) -> tensor<16x8xf32> {
  %r = hlo.reverse %x, dims = [0] : tensor<8x8xf32>
  %c = hlo.concatenate %x, %r, dim = 0 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  return %c : tensor<16x8xf32>
}

// A batched matmul cut along its batch dimension on both operands.
func.func @batched(%a: tensor<4x8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1,1]<=[4]}">},
                   %b: tensor<4x16x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1,1]<=[4]}">}) -> tensor<4x8x8xf32> {
  %y = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
  return %y : tensor<4x8x8xf32>
}

func.func @tiles(%x: tensor<4x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,4]<=[4]}">}) -> (tensor<4x16xf32>, tensor<4xf32>) {
  %i = hlo.iota dim = 1 : tensor<4x16xf32>
  %z = hlo.multiply %x, %i : tensor<4x16xf32>
  %s = hlo.reduce sum %z, dims = [1] : (tensor<4x16xf32>) -> tensor<4xf32>
  return %z, %s : tensor<4x16xf32>, tensor<4xf32>
}
