// RUN: tpu-opt %s -verify-diagnostics -tpu-set-target="hbm-limit=12Q"
// RUN: not tpu-opt %s -tpu-set-target="hbm-limit=9E" 2>&1 | FileCheck %s

// A limit that is not a size, or one past 64 bits, is an error at the module.
// CHECK: error: hbm-limit: '9E' bytes overflow a 64-bit size
// expected-error @+1 {{hbm-limit: '12Q' is not a byte count (e.g. 512, 64K, 1.5G, 16GiB)}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
