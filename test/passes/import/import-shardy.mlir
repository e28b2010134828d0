// RUN: tpu-opt %s -import-shardy -split-input-file -verify-diagnostics | FileCheck %s

// Each Shardy sharding becomes XLA's device array: a dimension's tiles are
// its axes' sizes multiplied, the devices ordered by the dimensions' axes
// (then the unused ones, which replicate).
// CHECK-LABEL: func.func @shardings
// CHECK-SAME: mhlo.sharding = "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"
// CHECK-SAME: mhlo.sharding = "{devices=[4,2]0,4,1,5,2,6,3,7}"
// CHECK-SAME: mhlo.sharding = "{replicated}"
// CHECK-SAME: mhlo.sharding = "{devices=[4,2]<=[8] last_tile_dim_replicate}"
// CHECK-SAME: mhlo.sharding = "{devices=[2,4]<=[8]}"
// CHECK-NOT: sdy.
// CHECK: return
module {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  func.func @shardings(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                       %b: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>},
                       %c: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {?}], replicated={"data"}>},
                       %d: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model":(1)2}p0], unreduced={"model":(2)2}>})
      -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model", ?}]>}) {
    return %a : tensor<8x8xf32>
  }
}

// -----

// Sub-axes split an axis major to minor: "x":(1)2 is the major half of x.
// Device ids permute the mesh; a maximal mesh holds tensors on one device.
// CHECK-LABEL: func.func @meshes
// CHECK-SAME: mhlo.sharding = "{devices=[2,2]0,2,1,3}"
// CHECK-SAME: mhlo.sharding = "{devices=[4]3,2,1,0}"
// CHECK-SAME: mhlo.sharding = "{maximal device=5}"
// CHECK-SAME: mhlo.sharding = "{devices=[2,2]<=[4]}"
module {
  sdy.mesh @mesh = <["x"=4]>
  sdy.mesh @reversed = <["x"=4], device_ids=[3, 2, 1, 0]>
  sdy.mesh @maximal = <[], device_ids=[5]>
  func.func @meshes(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(2)2}, {"x":(1)2}]>},
                    %b: tensor<8xf32> {sdy.sharding = #sdy.sharding<@reversed, [{"x"}]>},
                    %c: tensor<8xf32> {sdy.sharding = #sdy.sharding<@maximal, [{}]>},
                    %d: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<mesh<["p"=2, "q"=2]>, [{"p"}, {"q"}]>}) {
    return
  }
}

// -----

// Constraints and reshards pin a sharding; sharding groups only steer
// Shardy's propagation.
// CHECK-LABEL: func.func @constraints
// CHECK: %[[C:.*]] = hlo.sharding_constraint %arg0 {sharding = #hlo.sharding<"{devices=[2,1]<=[2]}">} : tensor<8x8xf32>
// CHECK: %[[R:.*]] = hlo.sharding_constraint %[[C]] {sharding = #hlo.sharding<"{devices=[1,2]<=[2]}">} : tensor<8x8xf32>
// CHECK-NOT: sdy.
// CHECK: return %[[R]]
module {
  sdy.mesh @mesh = <["a"=2]>
  func.func @constraints(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = sdy.sharding_constraint %x <@mesh, [{"a", ?}, {}]> : tensor<8x8xf32>
    %1 = sdy.reshard %0 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
    sdy.sharding_group %1 group_id = 0 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}

// -----

// shard_map in Shardy's form: the body moves into an hlo.manual_computation.
// CHECK-LABEL: func.func @manual
// CHECK: %[[M:.*]] = hlo.manual_computation(%arg0) devices = 2 in_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] out_shardings = [#hlo.sharding<"{replicated}">] {
// CHECK-NEXT: ^bb0(%[[T:.*]]: tensor<1x4xf32>):
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[T]]
// CHECK-NEXT: hlo.yield %[[N]] : tensor<1x4xf32>
// CHECK: return %[[M]]
module {
  sdy.mesh @mesh = <["a"=2]>
  func.func @manual(%x: tensor<2x4xf32>) -> tensor<1x4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"a"} (%t: tensor<1x4xf32>) {
      %n = stablehlo.negate %t : tensor<1x4xf32>
      sdy.return %n : tensor<1x4xf32>
    } : (tensor<2x4xf32>) -> tensor<1x4xf32>
    return %0 : tensor<1x4xf32>
  }
}

// -----

// Round-tripped through HLO (JAX from February to June 2025): meshes and
// shardings in frontend attribute strings, the body a called function.
// CHECK-LABEL: func.func public @main
// CHECK: %[[M:.*]] = hlo.manual_computation(%arg0) devices = 2 in_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] out_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] {
// CHECK-NEXT: ^bb0(%[[T:.*]]: tensor<1x4xf32>):
// CHECK-NEXT: %[[A:.*]] = stablehlo.abs %[[T]]
// CHECK-NEXT: hlo.yield %[[A]]
// CHECK: hlo.sharding_constraint %[[M]] {sharding = #hlo.sharding<"{devices=[2,1]<=[2]}">}
// CHECK-NOT: xla.sdy.manual_computation_body
module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=2]>}"}} {
  func.func public @main(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22a\22}>"}} : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) {mhlo.frontend_attributes = {xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<1x4xf32>) -> tensor<2x4xf32>
    %3 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%2) {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}, {}]>]>"}} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %3 : tensor<2x4xf32>
  }
  func.func @xla.sdy.manual_computation_body(%arg0: tensor<1x4xf32>) -> tensor<1x4xf32> {
    %0 = stablehlo.abs %arg0 : tensor<1x4xf32>
    return %0 : tensor<1x4xf32>
  }
}

// -----

// GSPMD's form: the ops between SPMDFullToShardShape and
// SPMDShardToFullShape are the body (both inputs, as the body reads both);
// {manual} shardings inside go. The export did not record the partition
// count; the mesh's is set.
// CHECK-LABEL: module attributes {mhlo.num_partitions = 2 : i32}
// CHECK-LABEL: func.func @gspmd
// CHECK: %[[S:.*]] = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1]0,1}"}
// CHECK: %[[R:.*]] = stablehlo.custom_call @Sharding(%arg1) {mhlo.sharding = "{replicated}"}
// CHECK: %[[M:.*]]:2 = hlo.manual_computation(%[[S]], %[[R]]) devices = 2 in_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">, #hlo.sharding<"{replicated}">] out_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">, #hlo.sharding<"{devices=[1,2]<=[2]}">] {
// CHECK-NEXT: ^bb0(%[[T:.*]]: tensor<1x4xf32>, %[[U:.*]]: tensor<2x4xf32>):
// CHECK-NEXT: %[[A:.*]] = stablehlo.abs %[[T]]
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[U]]
// CHECK-NEXT: %[[X:.*]] = stablehlo.slice %[[N]] [0:1, 0:4]
// CHECK-NEXT: %[[Y:.*]] = stablehlo.add %[[A]], %[[X]]
// CHECK-NEXT: %[[Z:.*]] = stablehlo.slice %[[N]] [0:2, 0:2]
// CHECK-NEXT: hlo.yield %[[Y]], %[[Z]] : tensor<1x4xf32>, tensor<2x2xf32>
// CHECK: return %[[M]]#0, %[[M]]#1
module {
  func.func @gspmd(%x: tensor<2x4xf32>, %y: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
    %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %2 = stablehlo.abs %1 : tensor<1x4xf32>
    %5 = stablehlo.custom_call @Sharding(%y) {mhlo.sharding = "{replicated}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %6 = stablehlo.custom_call @SPMDFullToShardShape(%5) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %7 = stablehlo.negate %6 : tensor<2x4xf32>
    %8 = stablehlo.slice %7 [0:1, 0:4] : (tensor<2x4xf32>) -> tensor<1x4xf32>
    %9 = stablehlo.add %2, %8 : tensor<1x4xf32>
    %10 = stablehlo.custom_call @Sharding(%9) {mhlo.sharding = "{manual}"} : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %11 = stablehlo.custom_call @SPMDShardToFullShape(%10) {mhlo.sharding = "{devices=[2,1]0,1}"} : (tensor<1x4xf32>) -> tensor<2x4xf32>
    %12 = stablehlo.slice %7 [0:2, 0:2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
    %13 = stablehlo.custom_call @SPMDShardToFullShape(%12) {mhlo.sharding = "{devices=[1,2]0,1}"} : (tensor<2x2xf32>) -> tensor<2x4xf32>
    return %11, %13 : tensor<2x4xf32>, tensor<2x4xf32>
  }
}

// -----

// An op's own result shardings pin its results (not inside a shard_map
// body, where every axis is manual); a manual computation over no axes is
// its body between constraints.
// CHECK-LABEL: func.func @automatic
// CHECK: %[[I:.*]] = hlo.sharding_constraint %arg0 {sharding = #hlo.sharding<"{devices=[2,1]<=[2]}">}
// CHECK: %[[A:.*]] = stablehlo.add %[[I]], %[[I]]
// CHECK: %[[C:.*]] = hlo.sharding_constraint %[[A]] {sharding = #hlo.sharding<"{devices=[1,2]<=[2]}">}
// CHECK: %[[O:.*]] = hlo.sharding_constraint %[[C]] {sharding = #hlo.sharding<"{replicated}">}
// CHECK: return %[[O]]
module {
  sdy.mesh @mesh = <["a"=2]>
  func.func @automatic(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={} (%t: tensor<4x4xf32>) {
      %1 = stablehlo.add %t, %t {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<4x4xf32>
      sdy.return %1 : tensor<4x4xf32>
    } : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----

// CHECK-LABEL: func.func @in_body
// CHECK: hlo.manual_computation
// CHECK-NEXT: ^bb0
// CHECK-NEXT: stablehlo.negate
// CHECK-NOT: sdy.sharding
// CHECK-NOT: hlo.sharding_constraint
// CHECK: hlo.yield
module {
  sdy.mesh @mesh = <["a"=2]>
  func.func @in_body(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%t: tensor<2x4xf32>) {
      %1 = stablehlo.negate %t {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<2x4xf32>
      sdy.return %1 : tensor<2x4xf32>
    } : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----

// A shard_map manual over "a" only: the automatic axis "b" is left out of
// its shardings (even where a dimension names it after the manual ones), so
// the body runs whole along "b", with a remark.
// CHECK-LABEL: func.func @partly_manual
// CHECK: hlo.manual_computation(%arg0) devices = 4 in_shardings = [#hlo.sharding<"{devices=[2,1,2]<=[4] last_tile_dim_replicate}">] out_shardings = [#hlo.sharding<"{devices=[1,2,2]<=[4] last_tile_dim_replicate}">]
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<2x4xf32>):
module {
  sdy.mesh @mesh = <["a"=2, "b"=2]>
  func.func @partly_manual(%x: tensor<4x4xf32>) -> tensor<2x8xf32> {
    // expected-remark @+1 {{shard_map is manual over some mesh axes only; its body runs whole along "b" on every device (the same values; XLA would also partition it over them)}}
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{}, {"a"}]>] manual_axes={"a"} (%t: tensor<2x4xf32>) {
      sdy.return %t : tensor<2x4xf32>
    } : (tensor<4x4xf32>) -> tensor<2x8xf32>
    return %0 : tensor<2x8xf32>
  }
}
