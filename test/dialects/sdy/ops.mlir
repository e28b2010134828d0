// RUN: tpu-opt %s -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file | tpu-opt -split-input-file | FileCheck %s
// RUN: tpu-opt %s -split-input-file -mlir-print-op-generic | tpu-opt -split-input-file | FileCheck %s
// Shardy's ops and attributes parse and print as Shardy writes them.

// CHECK: sdy.mesh @mesh = <["data"=2, "model"=4]>
// CHECK: sdy.mesh @permuted = <["x"=4], device_ids=[3, 2, 1, 0]>
// CHECK: sdy.mesh @maximal = <[], device_ids=[5]>
// CHECK-LABEL: func.func @shardings
// CHECK-SAME: sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>
// CHECK-SAME: sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {?}], replicated={"data"}>
// CHECK-SAME: sdy.sharding = #sdy.sharding<@mesh, [{"data", "model":(1)2}p1, {}p0], unreduced={"model"}>
// CHECK-SAME: sdy.sharding = #sdy.sharding<mesh<["a"=2]>, [{"a"}]>
// CHECK: sdy.sharding_constraint %{{.*}} <@mesh, [{"data"}, {"model"}]> : tensor<8x8xf32>
// CHECK: sdy.reshard %{{.*}} <@permuted, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK: sdy.sharding_group %{{.*}} group_id = 3 : tensor<8x8xf32>
module {
  sdy.mesh @mesh = <["data"=2, "model"=4]>
  sdy.mesh @permuted = <["x"=4], device_ids=[3, 2, 1, 0]>
  sdy.mesh @maximal = <[], device_ids=[5]>
  func.func @shardings(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                       %b: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model", ?}, {?}], replicated={"data"}>},
                       %c: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data", "model":(1)2}p1, {}p0], unreduced={"model"}>},
                       %d: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2]>, [{"a"}]>}) -> tensor<8x8xf32> {
    %0 = sdy.sharding_constraint %a <@mesh, [{"data"}, {"model"}]> : tensor<8x8xf32>
    %1 = sdy.reshard %0 <@permuted, [{"x"}, {}]> : tensor<8x8xf32>
    sdy.sharding_group %1 group_id = 3 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}

// -----

// CHECK-LABEL: func.func @manual
// CHECK: %{{.*}} = sdy.manual_computation(%{{.*}}) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%[[T:.*]]: tensor<1x4xf32>) {
// CHECK-NEXT: sdy.return %[[T]] : tensor<1x4xf32>
// CHECK-NEXT: } : (tensor<2x4xf32>) -> tensor<2x4xf32>
module {
  sdy.mesh @mesh = <["a"=2]>
  func.func @manual(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%t: tensor<1x4xf32>) {
      sdy.return %t : tensor<1x4xf32>
    } : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
}

// -----

// The round-tripped form's string attributes hold Shardy's attributes.
// CHECK-LABEL: func.func @strings
// CHECK-SAME: test.axes = #sdy<manual_axes{"a"}>
// CHECK-SAME: test.in = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>]>
// CHECK-SAME: test.meshes = {mesh = #sdy.mesh<["a"=2]>}
func.func @strings() attributes {test.meshes = {mesh = #sdy.mesh<["a"=2]>},
    test.in = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>]>,
    test.axes = #sdy<manual_axes{"a"}>} {
  return
}
