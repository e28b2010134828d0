// RUN: tpu-opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

// The discardable tpu.* attributes the dialect declares (TPUBase.td), each
// where it may sit and of its declared type.

// expected-error@+1 {{invalid topology 'v5e-3': v5e slices have a power of two chips up to 256}}
module attributes {tpu.topology = #tpu.topology<"v5e-3">} {
}

// -----

// expected-error@+1 {{invalid topology 'x': expected a Cloud TPU name}}
module attributes {tpu.topology = #tpu.topology<"x">} {
}

// -----

// expected-error@+1 {{'tpu.topology' must be a #tpu.topology, but is "v3-8"}}
module attributes {tpu.topology = "v3-8"} {
}

// -----

// expected-error@+1 {{'tpu.topology' is a slice of v5e chips, but the module's tpu.target is v4}}
module attributes {tpu.target = #tpu.target<"v4">, tpu.topology = #tpu.topology<"v5e:4x4">} {
}

// -----

// expected-error@+1 {{'tpu.topology' belongs on a builtin.module, not on a function}}
func.func @f() attributes {tpu.topology = #tpu.topology<"v3-8">} {
  return
}

// -----

// expected-error@+1 {{unknown attribute 'tpu.bogus': the tpu dialect declares no such attribute}}
module attributes {tpu.bogus = 1 : i64} {
}

// -----

// expected-error@+1 {{'tpu.hbm_limit' must be an i64 byte count, but is 8 : i32}}
module attributes {tpu.hbm_limit = 8 : i32} {
}

// -----

// expected-error@+1 {{'tpu.hbm_limit' must be positive}}
module attributes {tpu.hbm_limit = 0 : i64} {
}

// -----

// expected-error@+1 {{'tpu.out_of_memory' must be a unit attribute, but is true}}
module attributes {tpu.out_of_memory = true} {
}

// -----

module {
  // expected-error@+1 {{'tpu.model_flops' belongs on a function, not on a builtin.module}}
  module attributes {tpu.model_flops = 4 : i64} {
  }
}

// -----

// expected-error@+1 {{'tpu.outlined' must be a unit attribute, but is 1 : i64}}
func.func private @g() attributes {tpu.outlined = 1 : i64}

// -----

// expected-error@+1 {{'tpu.rematerialization' must be a dictionary, but is 1 : i64}}
func.func private @g() attributes {tpu.rematerialization = 1 : i64}

// -----

// expected-error@+1 {{'tpu.global_bytes' must be an i64 byte count, but is "1"}}
func.func private @g() attributes {tpu.global_bytes = "1"}

// -----

func.func @h(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tpu.program_bytes' belongs on a function, not on an op}}
  %0 = "test.id"(%a) {tpu.program_bytes = 4 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error@+1 {{'tpu.hbm_offsets' belongs on an op, not on a function}}
func.func private @g() attributes {tpu.hbm_offsets = array<i64: 0>}

// -----

func.func @h(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tpu.hbm_offsets' must be an i64 array, but is [0]}}
  %0 = "test.id"(%a) {tpu.hbm_offsets = [0]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @h(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tpu.donated_arguments' must be an i64 array, but is 0 : i64}}
  %0 = "test.id"(%a) {tpu.donated_arguments = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @h(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'tpu.frame' must be an i64 array, but is "x"}}
  %0 = "test.id"(%a) {tpu.frame = "x"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error@+1 {{'tpu.carried' belongs on a function argument, not on a function result}}
func.func private @g(%a: tensor<4xf32>) -> (tensor<4xf32> {tpu.carried = 0 : i64})

// -----

// expected-error@+1 {{'tpu.carried' must be an i64 loop value index, but is 0 : i32}}
func.func private @g(%a: tensor<4xf32> {tpu.carried = 0 : i32})

// -----

// expected-error@+1 {{'tpu.logical_type' must be a type, but is 3 : i64}}
func.func private @g(%a: tensor<4xf32> {tpu.logical_type = 3 : i64})

// -----

// expected-error@+1 {{'tpu.tiles' belongs on a function argument or a function result, not on a function}}
func.func private @g() attributes {tpu.tiles = array<i64: 1>}

// -----

// expected-error@+1 {{'tpu.devices' must be an i64 array, but is [0]}}
func.func private @g() -> (tensor<4xf32> {tpu.devices = [0]})

// -----

// expected-error@+1 {{'tpu.logical_types' belongs on a location's metadata, not on a function}}
func.func private @g() attributes {tpu.logical_types = []}

// -----

// expected-error@+1 {{unknown attribute 'tpu.bogus': the tpu dialect declares no such attribute}}
func.func private @g(%a: tensor<4xf32> {tpu.bogus})

// -----

// expected-error@+1 {{'tpu.elided_constants' must be an array of strings, but is [1]}}
func.func private @elided() attributes {tpu.elided_constants = [1 : i64]}

// -----

// expected-error@+1 {{'tpu.elided_constants' belongs on a function, not on a builtin.module}}
module attributes {tpu.elided_constants = ["m.mlir:1:1 tensor<2xf32>"]} {
}
