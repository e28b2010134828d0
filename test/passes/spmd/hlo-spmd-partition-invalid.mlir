// RUN: tpu-opt %s -split-input-file --hlo-spmd-partition=devices=4 -verify-diagnostics
// RUN: tpu-opt %s -split-input-file --hlo-propagate-sharding=devices=4 -verify-diagnostics
// Annotations the 4 devices cannot honor, with where they are.

// expected-error @+1 {{argument 0's sharding {devices=[2]<=[2]} names 2 devices, but the program runs on 4}}
func.func @too_few(%x: tensor<8xf32> {hlo.sharding = #hlo.sharding<"{devices=[2]<=[2]}">}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// expected-error @+1 {{argument 0's sharding {devices=[4]0,1,2,9} names device 9, but the program runs on 4}}
func.func @no_such_device(%x: tensor<8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]0,1,2,9}">}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// expected-error @+1 {{argument 0's sharding {maximal device=4} names device 4, but the program runs on 4}}
func.func @maximal(%x: tensor<8xf32> {hlo.sharding = #hlo.sharding<"{maximal device=4}">}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

// expected-error @+1 {{argument 0's sharding {devices=[4]<=[4]} has 1 tiled dimensions for a tensor of rank 2}}
func.func @rank(%x: tensor<8x8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

// expected-error @+1 {{argument 0's sharding {devices=[4]<=[4]} does not divide its shape evenly (uneven shardings are not supported)}}
func.func @uneven(%x: tensor<6xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}) -> tensor<6xf32> {
  return %x : tensor<6xf32>
}

// -----

// expected-error @+1 {{argument 0: `hlo.sharding` must be a #hlo.sharding attribute}}
func.func @string(%x: tensor<8xf32> {hlo.sharding = "{replicated}"}) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}

// -----

func.func @result(%x: tensor<8xf32>) -> (tensor<8xf32> {hlo.sharding = #hlo.sharding<"{devices=[8]<=[8]}">}) {
  // expected-error @+1 {{result 0's sharding {devices=[8]<=[8]} names 8 devices, but the program runs on 4}}
  return %x : tensor<8xf32>
}

// -----

func.func @constraint(%x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  // expected-error @+1 {{the constraint's sharding {devices=[4,1]<=[4]} does not divide its shape evenly (uneven shardings are not supported)}}
  %c = hlo.sharding_constraint %x {sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">} : tensor<6x4xf32>
  return %c : tensor<6x4xf32>
}
