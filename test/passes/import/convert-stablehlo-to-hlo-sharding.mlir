// JAX's sharding annotations: mhlo.sharding strings on arguments and
// results, and with_sharding_constraint's custom_call @Sharding.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo | FileCheck %s

// CHECK-LABEL: func.func public @main
// CHECK-SAME: %{{[a-z0-9]+}}: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">, mhlo.layout_mode = "default"}
// CHECK-SAME: %{{[a-z0-9]+}}: tensor<16x32xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}
// CHECK-SAME: -> (tensor<8x32xf32> {hlo.sharding = #hlo.sharding<"{devices=[1,2,2]<=[4] last_tile_dim_replicate}">, jax.result_info = ""})
// CHECK: %[[D:.*]] = hlo.dot_general
// CHECK: hlo.sharding_constraint %[[D]] {sharding = #hlo.sharding<"{devices=[2,2]0,2,1,3}">} : tensor<8x32xf32>
// CHECK-NOT: mhlo.sharding
func.func public @main(%x: tensor<8x16xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}", mhlo.layout_mode = "default"},
                       %w: tensor<16x32xf32> {mhlo.sharding = "{replicated}"})
    -> (tensor<8x32xf32> {jax.result_info = "", mhlo.sharding = "{devices=[1,2,2]<=[4] last_tile_dim_replicate}"}) {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.custom_call @Sharding(%0) {mhlo.sharding = "{devices=[2,2]<=[2,2]T(1,0)}"} : (tensor<8x32xf32>) -> tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}
