// A jax.jit export with in_shardings, out_shardings and a
// with_sharding_constraint, partitioned over a v4-8's 4 devices, against
// the evaluator running it unsharded.
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v4-8 --default-precision=highest | FileCheck %s --implicit-check-not=FAIL
// CHECK: @main: result 0: 8x32xf32 {{exact|close}}
// RUN: tpu-run %s --topology=v4-8 --timing-only | FileCheck %s --check-prefix=ICI
// ICI: all-gather {{ *}}3 run(s)
module @jit_f attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<8x16xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"},
                         %w: tensor<16x32xf32> {mhlo.sharding = "{replicated}"})
      -> (tensor<8x32xf32> {mhlo.sharding = "{devices=[1,4]<=[4]}"}) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{devices=[2,2]<=[4]}"} : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %2 = stablehlo.tanh %1 : tensor<8x32xf32>
    return %2 : tensor<8x32xf32>
  }
}
