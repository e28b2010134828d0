// A jax.jit export in Shardy's form (JAX since mid-2025): an sdy.mesh of
// 2x4 axes, sdy.sharding on arguments and results (a replicated axis, an
// open dimension, a sub-axis), an sdy.sharding_constraint with a priority,
// partitioned over a v5e-8's 8 chips, against the evaluator running it
// unsharded.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v5e-8 --default-precision=highest | FileCheck %s --implicit-check-not=FAIL
// CHECK: @main: result 0: 16x64xf32 {{exact|close}}
// CHECK: @main: result 1: 16xf32 {{exact|close}}
// The batch is cut over "data", the weight's columns over "model": the
// matmul needs no gathering, and the row sums are all-reduced over "model".
// RUN: tpu-run %s --topology=v5e-8 --timing-only | FileCheck %s --check-prefix=ICI
// ICI: all-reduce
module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                         %w: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                         %b: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}], replicated={"data"}>})
      -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>},
          tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model":(1)2}]>}) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<64xf32>) -> tensor<16x64xf32>
    %2 = stablehlo.add %0, %1 : tensor<16x64xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{"data", ?}, {"model"}p0]> : tensor<16x64xf32>
    %4 = stablehlo.tanh %3 : tensor<16x64xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
    return %4, %5 : tensor<16x64xf32>, tensor<16xf32>
  }
}
