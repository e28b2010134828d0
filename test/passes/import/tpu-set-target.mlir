// RUN: tpu-opt %s -split-input-file -tpu-set-target=target=v5e | FileCheck %s
// RUN: tpu-opt %s -split-input-file -tpu-set-target | FileCheck %s --check-prefix=DEFAULT
// RUN: not tpu-opt %s -tpu-set-target=target=v7 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// RUN: tpu-opt %s -split-input-file -tpu-set-target="hbm-limit=1.5G" | FileCheck %s --check-prefix=LIMIT
// RUN: not tpu-opt %s -tpu-set-target="hbm-limit=0" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: tpu-opt %s -split-input-file -tpu-set-target="topology=v5e-16" | FileCheck %s --check-prefix=SLICE

// topology= records the slice and sets the target to its generation.
// SLICE: module attributes {tpu.target = #tpu.target<"v5e">, tpu.topology = #tpu.topology<"v5e-16">}

// UNKNOWN: error: unknown target 'v7'; expected v2, v3, v4, v5e, v5p or v6e

// hbm-limit records a budget in bytes beside the target; a bad size is an
// error at the module, naming what a size looks like.
// LIMIT: module attributes {tpu.hbm_limit = 1610612736 : i64, tpu.target = #tpu.target<"v3">}
// ZERO: error: hbm-limit: the limit must be positive

// The pass records the target on the module, once, for every later pass;
// without target=, a module that names none gets v3.
// CHECK: module attributes {tpu.target = #tpu.target<"v5e">}
// CHECK-LABEL: func.func @plain
// DEFAULT: module attributes {tpu.target = #tpu.target<"v3">}
// DEFAULT-LABEL: func.func @plain
func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// A target the module already names is replaced by target=, kept without it.
// CHECK: module attributes {tpu.target = #tpu.target<"v5e">}
// CHECK-LABEL: func.func @replaced
// DEFAULT: module attributes {tpu.target = #tpu.target<"v2">}
// DEFAULT-LABEL: func.func @replaced
module attributes {tpu.target = #tpu.target<"v2">} {
  func.func @replaced(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
