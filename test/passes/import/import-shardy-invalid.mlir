// RUN: tpu-opt %s -import-shardy -split-input-file -verify-diagnostics

// expected-error @+1 {{the sharding's mesh @nowhere is not defined (no sdy.mesh of that name)}}
func.func @no_mesh(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@nowhere, [{"x"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>
// expected-error @+1 {{the sharding names axis "y", which its mesh does not have}}
func.func @no_axis(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>
// expected-error @+1 {{the sharding uses axis "x" twice}}
func.func @twice(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"x"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=4]>
// expected-error @+1 {{sub-axis "x":(2)3 does not divide the axis of size 4}}
func.func @sub_axis(%a: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)3}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=6]>
// expected-error @+1 {{the sub-axes of "x" overlap without nesting}}
func.func @overlap(%a: tensor<6x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(1)3}]>}) {
  return
}

// -----

// -----

func.func @no_shardings() {
  // expected-error @+1 {{'sdy.manual_computation' op has no shardings to read its mesh from}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    sdy.return
  } : () -> ()
  return
}

// -----

func.func @unreadable(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op has no sharding of one value the compiler can read}}
  %0 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @round_trip_operand(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'func.call' op takes an operand that is no @xla.sdy.GlobalToLocalShape result}}
  %0 = call @xla.sdy.manual_computation_body(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}
func.func @xla.sdy.manual_computation_body(%t: tensor<1x4xf32>) -> tensor<1x4xf32> {
  return %t : tensor<1x4xf32>
}

// -----

func.func @round_trip_in(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op has no in_shardings for its operand #0}}
  %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%x) : (tensor<2x4xf32>) -> tensor<1x4xf32>
  %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) : (tensor<1x4xf32>) -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}
func.func @xla.sdy.manual_computation_body(%t: tensor<1x4xf32>) -> tensor<1x4xf32> {
  return %t : tensor<1x4xf32>
}

// -----

module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=2]>}"}} {
  func.func @round_trip_out(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%x) {mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<2x4xf32>) -> tensor<1x4xf32>
    // expected-error @+1 {{'func.call' op has a result not used by exactly one @xla.sdy.LocalToGlobalShape}}
    %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    return %1 : tensor<1x4xf32>
  }
  func.func @xla.sdy.manual_computation_body(%t: tensor<1x4xf32>) -> tensor<1x4xf32> {
    return %t : tensor<1x4xf32>
  }
}

// -----

module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=2]>}"}} {
  func.func @round_trip_axes(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%x) {mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<2x4xf32>) -> tensor<1x4xf32>
    // expected-error @+1 {{'func.call' op has no xla.sdy.manual_axes}}
    %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) {mhlo.frontend_attributes = {xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<1x4xf32>) -> tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
  func.func @xla.sdy.manual_computation_body(%t: tensor<1x4xf32>) -> tensor<1x4xf32> {
    return %t : tensor<1x4xf32>
  }
}

// -----

module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=2]>}"}} {
  func.func @round_trip_out_shardings(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%x) {mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    // expected-error @+1 {{'stablehlo.custom_call' op has no out_shardings for its operand #0}}
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) : (tensor<1x4xf32>) -> tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
  func.func @xla.sdy.manual_computation_body(%t: tensor<1x4xf32>) -> tensor<1x4xf32> {
    return %t : tensor<1x4xf32>
  }
}

// -----

func.func @round_trip_body(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%x) : (tensor<2x4xf32>) -> tensor<1x4xf32>
  // expected-error @+1 {{'func.call' op calls a shard_map body the compiler cannot read}}
  %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) : (tensor<1x4xf32>) -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}
func.func private @xla.sdy.manual_computation_body(%t: tensor<1x4xf32>) -> tensor<1x4xf32>

// -----

func.func @gspmd_unsharded(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op cuts a value no @Sharding call shards: the tiles of @SPMDFullToShardShape are unknown}}
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  %1 = stablehlo.custom_call @SPMDShardToFullShape(%0) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<1x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

func.func @gspmd_escapes(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // expected-error @+1 {{'stablehlo.custom_call' op has a manual value that reaches func.return without @SPMDShardToFullShape}}
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  %2 = stablehlo.abs %1 : tensor<1x4xf32>
  return %2 : tensor<1x4xf32>
}

// -----

func.func @gspmd_out(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  // expected-error @+1 {{'stablehlo.custom_call' op has no sharding the compiler can read}}
  %2 = stablehlo.custom_call @SPMDShardToFullShape(%1) : (tensor<1x4xf32>) -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}

// -----

func.func @gspmd_order(%x: tensor<2x4xf32>, %y: tensor<1x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
  // expected-error @+1 {{'stablehlo.custom_call' op is used before a value its shard_map body reads is defined}}
  %2 = stablehlo.custom_call @SPMDShardToFullShape(%1) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<1x4xf32>) -> tensor<2x4xf32>
  %3 = stablehlo.negate %2 : tensor<2x4xf32>
  %4 = stablehlo.abs %y : tensor<1x4xf32>
  %5 = stablehlo.add %1, %4 : tensor<1x4xf32>
  %6 = stablehlo.custom_call @SPMDShardToFullShape(%5) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<1x4xf32>) -> tensor<2x4xf32>
  %7 = stablehlo.add %3, %6 : tensor<2x4xf32>
  return %7 : tensor<2x4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>
func.func @per_value(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.negate' op has an sdy.sharding that is not one sharding per result}}
  %0 = stablehlo.negate %x {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error @+1 {{sdy.sharding must be a #sdy.sharding, not "x"}}
func.func @not_a_sharding(%a: tensor<8xf32> {sdy.sharding = "x"}) {
  return
}
