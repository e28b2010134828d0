// RUN: tpu-opt %s -allow-unregistered-dialect -split-input-file -convert-stablehlo-to-hlo -verify-diagnostics

// An op of a dialect nobody registered is refused at its location (the
// import crashed on it).
func.func @unregistered(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{test.op is not supported by the TPU compiler: its dialect is not registered}}
  %0 = "test.op"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.add %0, %a : tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Inside another op's region too.
func.func @unregistered_nested(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{test.wrap is not supported by the TPU compiler: its dialect is not registered}}
  %0 = "test.wrap"() ({
    %1 = stablehlo.negate %a : tensor<2xf32>
    "test.yield"(%1) : (tensor<2xf32>) -> ()
  }) : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
