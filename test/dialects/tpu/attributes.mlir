// RUN: tpu-opt %s -split-input-file -allow-unregistered-dialect | FileCheck %s
// RUN: tpu-opt %s -split-input-file -allow-unregistered-dialect \
// RUN:   | tpu-opt -split-input-file -allow-unregistered-dialect | FileCheck %s

// The discardable tpu.* attributes, each where its declaration lets it sit,
// round-trip; #tpu.topology prints the slice's name.

// CHECK-LABEL: module attributes
// CHECK-SAME: tpu.hbm_limit = 8589934592 : i64
// CHECK-SAME: tpu.target = #tpu.target<"v5e">
// CHECK-SAME: tpu.topology = #tpu.topology<"v5e:4x4">
module attributes {tpu.target = #tpu.target<"v5e">, tpu.topology = #tpu.topology<"v5e:4x4">, tpu.hbm_limit = 8589934592 : i64} {
}

// -----

// A slice alone (its target is the default until tpu-set-target sets it).
// CHECK-LABEL: module attributes
// CHECK-SAME: tpu.out_of_memory
// CHECK-SAME: tpu.topology = #tpu.topology<"v4-32">
module attributes {tpu.topology = #tpu.topology<"v4-32">, tpu.out_of_memory} {
}

// -----

// CHECK-LABEL: func.func private @body
// CHECK-SAME: (tensor<4xf32> {tpu.carried = 0 : i64, tpu.logical_type = tensor<3xf32>})
// CHECK-SAME: -> (tensor<4xf32> {tpu.devices = array<i64: 1, 0>, tpu.tiles = array<i64: 2>})
// CHECK-SAME: attributes {tpu.elided_constants = ["m.mlir:3:8 tensor<4xf32>"], tpu.global_bytes = 512 : i64, tpu.model_flops = 8 : i64, tpu.outlined, tpu.program_bytes = 64 : i64, tpu.rematerialization = {before = 1 : i64}, tpu.scheduled}
func.func private @body(tensor<4xf32> {tpu.carried = 0 : i64, tpu.logical_type = tensor<3xf32>}) -> (tensor<4xf32> {tpu.tiles = array<i64: 2>, tpu.devices = array<i64: 1, 0>}) attributes {tpu.elided_constants = ["m.mlir:3:8 tensor<4xf32>"], tpu.outlined, tpu.scheduled, tpu.model_flops = 8 : i64, tpu.global_bytes = 512 : i64, tpu.program_bytes = 64 : i64, tpu.rematerialization = {before = 1 : i64}}

// -----

// CHECK-LABEL: func.func @ops
// CHECK: "test.id"(%{{.*}}) {tpu.donated_arguments = array<i64: -1>, tpu.frame = array<i64: 0, 64>, tpu.hbm_offsets = array<i64: 128>}
func.func @ops(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "test.id"(%a) {tpu.hbm_offsets = array<i64: 128>, tpu.donated_arguments = array<i64: -1>, tpu.frame = array<i64: 0, 64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
