// RUN: tpu-opt %s -split-input-file -verify-diagnostics
// Each way an XLA sharding string or a constraint can be wrong.

// expected-error @+1 {{invalid sharding "devices=[2]<=[2]": expected '{'}}
func.func @no_brace(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"devices=[2]<=[2]">}) {
  return
}

// -----

// expected-error @+1 {{tuple shardings are not supported: give each result its own}}
func.func @tuple(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{{replicated}, {replicated}}">}) {
  return
}

// -----

// expected-error @+1 {{manual shardings (shard_map) are not supported}}
func.func @manual(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{manual}">}) {
  return
}

// -----

// expected-error @+1 {{expected 'device=N' after 'maximal'}}
func.func @maximal(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{maximal 3}">}) {
  return
}

// -----

// expected-error @+1 {{expected 'replicated', 'maximal' or 'devices='}}
func.func @unknown(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{tiled}">}) {
  return
}

// -----

// expected-error @+1 {{expected the tile counts, as devices=[2,1]}}
func.func @no_tiles(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=<=[2]}">}) {
  return
}

// -----

// expected-error @+1 {{tile counts must be positive and at most 2^20 in all}}
func.func @zero_tiles(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[0]<=[0]}">}) {
  return
}

// -----

// expected-error @+1 {{the iota names 8 devices, the tiles 4}}
func.func @iota_count(%x: tensor<4x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[8]}">}) {
  return
}

// -----

// expected-error @+1 {{expected the iota's dimensions, as <=[8] or <=[2,4]}}
func.func @iota_dims(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2]<=2}">}) {
  return
}

// -----

// expected-error @+1 {{the iota's dimensions must be positive and name at most 2^20 devices}}
func.func @iota_zero(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2]<=[0,2]}">}) {
  return
}

// -----

// expected-error @+1 {{expected a permutation of the iota's dimensions in T(...)}}
func.func @iota_perm(%x: tensor<4x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[2,2]T(0,0)}">}) {
  return
}

// -----

// expected-error @+1 {{expected a device id}}
func.func @list(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2]0,}">}) {
  return
}

// -----

// expected-error @+1 {{the tiles need 2 devices, the device array has 3}}
func.func @list_count(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2]0,1,2}">}) {
  return
}

// -----

// expected-error @+1 {{device 1 appears twice in the device array}}
func.func @list_repeat(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2]1,1}">}) {
  return
}

// -----

// expected-error @+1 {{last_tile_dims (manual subgroups) are not supported}}
func.func @subgroups(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[4] last_tile_dims={manual}}">}) {
  return
}

// -----

// expected-error @+1 {{unexpected 'last_tile'}}
func.func @misspelt(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{devices=[2,2]<=[4] last_tile}">}) {
  return
}

// -----

// expected-error @+1 {{unbalanced braces in metadata}}
func.func @metadata(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{replicated metadata={op_name=\"x\"">}) {
  return
}

// -----

// expected-error @+1 {{expected '}' at the end}}
func.func @trailing(%x: tensor<4xf32> {hlo.sharding = #hlo.sharding<"{replicated} x">}) {
  return
}

// -----

func.func @constraint_rank(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'hlo.sharding_constraint' op has a sharding of 1 dimensions for a tensor of rank 2}}
  %y = hlo.sharding_constraint %x {sharding = #hlo.sharding<"{devices=[2]<=[2]}">} : tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

// -----

func.func @manual_count(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'hlo.manual_computation' op has 1 inputs, 0 input shardings and 1 body inputs}}
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [] out_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] {
  ^bb0(%t: tensor<2x6xf32>):
    hlo.yield %t : tensor<2x6xf32>
  } : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

func.func @manual_maximal(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'hlo.manual_computation' op input #0 has a maximal sharding, which no device computation can take a tile of}}
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [#hlo.sharding<"{maximal device=0}">] out_shardings = [#hlo.sharding<"{replicated}">] {
  ^bb0(%t: tensor<4x6xf32>):
    hlo.yield %t : tensor<4x6xf32>
  } : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

func.func @manual_devices(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'hlo.manual_computation' op input #0's sharding {devices=[4,1]<=[4]} is over 4 devices, not 2}}
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [#hlo.sharding<"{devices=[4,1]<=[4]}">] out_shardings = [#hlo.sharding<"{replicated}">] {
  ^bb0(%t: tensor<1x6xf32>):
    hlo.yield %t : tensor<1x6xf32>
  } : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

func.func @manual_divide(%x: tensor<3x6xf32>) -> tensor<3x6xf32> {
  // expected-error @+1 {{'hlo.manual_computation' op input #0's sharding {devices=[2,1]<=[2]} does not divide 'tensor<3x6xf32>' evenly}}
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] out_shardings = [#hlo.sharding<"{replicated}">] {
  ^bb0(%t: tensor<1x6xf32>):
    hlo.yield %t : tensor<1x6xf32>
  } : (tensor<3x6xf32>) -> tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}

// -----

func.func @manual_tile(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'hlo.manual_computation' op result #0 of 'tensor<4x6xf32>' has tiles of 'tensor<2x6xf32>', but the body's is 'tensor<4x6xf32>'}}
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [#hlo.sharding<"{replicated}">] out_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] {
  ^bb0(%t: tensor<4x6xf32>):
    hlo.yield %t : tensor<4x6xf32>
  } : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
