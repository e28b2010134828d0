// RUN: tpu-opt %s -split-input-file -allow-unregistered-dialect -tpu-verify=require-registered -verify-diagnostics | FileCheck %s

// tpu-verify passes a well-formed program through unchanged.
// CHECK-LABEL: func.func @valid
// CHECK: stablehlo.add
func.func @valid(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// An op of an unregistered dialect is refused at its location.
func.func @unregistered(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{test.op is not supported by the TPU compiler: its dialect is not registered}}
  %0 = "test.op"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// The walk is pre-order: an unregistered op holding a region is refused
// itself, not the ops inside it.
func.func @unregistered_region(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{test.region is not supported by the TPU compiler: its dialect is not registered}}
  %0 = "test.region"(%a) ({
    %1 = "test.inner"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    "test.yield"(%1) : (tensor<2xf32>) -> ()
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Attributes of dialects the compiler does not know are ignored with one
// remark per function (and module) naming them; exporters' metadata
// (mhlo, jax, tf) is not remarked on, and the program is kept.
// CHECK-LABEL: func.func @foreign_attributes
// CHECK-SAME: ttcore.argument_type = #ttcore.argument_type<input>
// expected-remark @+1 {{ignored: attributes of dialects the TPU compiler does not know: tt.note, ttcore.argument_type (argument 0), foo.sharding (result 0)}}
func.func @foreign_attributes(%a: tensor<2xf32> {ttcore.argument_type = #ttcore.argument_type<input>, jax.arg_info = "a", mhlo.sharding = "{replicated}"}) -> (tensor<2xf32> {foo.sharding = "x", jax.result_info = "r", tf.aliasing_output = 0 : i32}) attributes {tt.note = "hi", mhlo.frontend_attributes = {}} {
  return %a : tensor<2xf32>
}

// -----

// expected-remark @+1 {{ignored: attributes of dialects the TPU compiler does not know: ttcore.system_desc}}
module attributes {ttcore.system_desc = #ttcore.system_desc<>, mhlo.num_partitions = 1 : i32} {
  // CHECK-LABEL: func.func @in_module
  func.func @in_module(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
}
