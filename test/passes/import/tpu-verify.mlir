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
