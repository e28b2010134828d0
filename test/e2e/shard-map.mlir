// shard_map as JAX exports it in Shardy's form, run on the devices its
// mesh names and checked against the evaluator (which runs each manual
// computation's body per device, with its collectives). JAX's own example
// in all three forms is shard-map-jax.test.

// Shardy (JAX since mid-2025): a body per device of a 2x4 mesh that
// scales its tile, sums it over "model" (psum) and swaps it between the
// two "data" halves (ppermute); an automatic op before and after.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v5e-8 | FileCheck %s --implicit-check-not=FAIL
// CHECK: @main: result 0: 8x4xf32 {{exact|close}}
// CHECK: @partial: result 0: 8x16xf32 {{exact|close}}
// RUN: tpu-run %s --topology=v5e-8 --timing-only | FileCheck %s --check-prefix=ICI
// ICI: all-reduce {{ *}}1 run(s)
// ICI: collective-permute {{ *}}1 run(s)
module @jit_f attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func public @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<8x4xf32>) {
    %e = stablehlo.exponential %x : tensor<8x16xf32>
    %0 = sdy.manual_computation(%e) in_shardings=[<@mesh, [{"data"}, {"model"}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%t: tensor<4x4xf32>) {
      %two = stablehlo.constant dense<2.0> : tensor<4x4xf32>
      %1 = stablehlo.multiply %t, %two : tensor<4x4xf32>
      %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %3 = "stablehlo.collective_permute"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 4], [4, 0], [1, 5], [5, 1], [2, 6], [6, 2], [3, 7], [7, 3]]> : tensor<8x2xi64>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
      sdy.return %3 : tensor<4x4xf32>
    } : (tensor<8x16xf32>) -> tensor<8x4xf32>
    %4 = stablehlo.negate %0 : tensor<8x4xf32>
    return %4 : tensor<8x4xf32>
  }

  // Manual over "data" only (shard_map(..., axis_names={"data"})): the body
  // sums its rows' tile over "data" (the devices 4 apart) and runs whole
  // along "model".
  func.func public @partial(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"data"}, {"model"}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data"} (%t: tensor<4x16xf32>) {
      %1 = stablehlo.sine %t : tensor<4x16xf32>
      %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 4], [1, 5], [2, 6], [3, 7]]> : tensor<4x2xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<4x16xf32>) -> tensor<4x16xf32>
      sdy.return %2 : tensor<4x16xf32>
    } : (tensor<8x16xf32>) -> tensor<8x16xf32>
    return %0 : tensor<8x16xf32>
  }
}
