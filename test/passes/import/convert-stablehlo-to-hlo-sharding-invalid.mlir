// Sharding annotations the import cannot read: one error where they are.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo -verify-diagnostics

// expected-error @+1 {{invalid sharding "{devices=[2]<=[4]}": the iota names 4 devices, the tiles 2}}
func.func public @argument(%x: tensor<8xf32> {mhlo.sharding = "{devices=[2]<=[4]}"}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// expected-error @+1 {{expected an `mhlo.sharding` string}}
func.func public @result(%x: tensor<8xf32>) -> (tensor<8xf32> {mhlo.sharding = 3 : i32}) {
  return %x : tensor<8xf32>
}

// -----

func.func public @constraint(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{invalid sharding "{manual}": manual shardings (shard_map) are not supported}}
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{manual}"} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func public @constraint_without_sharding(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected an `mhlo.sharding` string}}
  %0 = stablehlo.custom_call @Sharding(%x) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
