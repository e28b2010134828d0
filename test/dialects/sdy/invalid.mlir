// RUN: tpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{mesh axis "x" is named twice}}
sdy.mesh @twice = <["x"=2, "x"=2]>

// -----

// expected-error @+1 {{mesh axis "x" has size 0 (must be positive)}}
sdy.mesh @empty = <["x"=0]>

// -----

// expected-error @+1 {{a mesh of 4 devices has 2 device ids}}
sdy.mesh @ids = <["x"=4], device_ids=[0, 1]>

// -----

// expected-error @+1 {{mesh device ids must be a permutation of 0..3}}
sdy.mesh @perm = <["x"=4], device_ids=[0, 1, 1, 2]>

// -----

// expected-error @+1 {{a sub-axis needs a pre-size of at least 1 and a size of at least 2}}
func.func @sub(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(0)2}]>}) {
  return
}

// -----

// expected-error @+1 {{expected a priority `p<N>`}}
func.func @priority(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}q1]>}) {
  return
}

// -----

// expected-error @+1 {{expected `replicated` or `unreduced`}}
func.func @keyword(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}], partial={"y"}>}) {
  return
}

// -----

func.func @constraint(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op the constraint has a sharding of 1 dimensions for a tensor of rank 2}}
  %0 = sdy.sharding_constraint %a <@mesh, [{"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @reshard(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.reshard' op the reshard has a sharding of 3 dimensions for a tensor of rank 2}}
  %0 = sdy.reshard %a <@mesh, [{}, {}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @manual_operands(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 operands but 2 in_shardings}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%t: tensor<1x4xf32>) {
    sdy.return %t : tensor<1x4xf32>
  } : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @manual_results(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 results but 0 out_shardings}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[] manual_axes={"a"} (%t: tensor<1x4xf32>) {
    sdy.return %t : tensor<1x4xf32>
  } : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @manual_args(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 operands but its body takes 0}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} () {
    %c = stablehlo.constant dense<0.0> : tensor<1x4xf32>
    sdy.return %c : tensor<1x4xf32>
  } : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @manual_returns(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 results but its body returns 0}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%t: tensor<1x4xf32>) {
    sdy.return
  } : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @manual_rank(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op operand #0 has a sharding of 1 dimensions for a tensor of rank 2}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%t: tensor<1x4xf32>) {
    sdy.return %t : tensor<1x4xf32>
  } : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
