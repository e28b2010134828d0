// RUN: tpu-opt %s -split-input-file --hlo-resize-dimension="resize=x:0=32" -verify-diagnostics
// RUN: not tpu-opt %s -split-input-file --hlo-resize-dimension="resize=x:0" 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: hlo-resize-dimension: 'x:0' is not ARGUMENT:DIMENSION=SIZE
// RUN: not tpu-opt %s -split-input-file --hlo-resize-dimension="resize=x:5=4" 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: hlo-resize-dimension: argument 0 has no dimension 5

// A constant of the batch's size with distinct values cannot be resized.
func.func @table(%x: tensor<8xf32> loc("x")) -> tensor<8xf32> {
  // expected-error @+1 {{hlo-resize-dimension: a constant of the batch's size that is not a splat cannot be resized}}
  %c = hlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %y = hlo.add %x, %c : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// A reshape that splits the batch of 8 unevenly: 8x3 -> 4x6 starts its
// result's first dimension with the batch's, which is not a multiple of 8.
func.func @uneven(%x: tensor<8x3xf32> loc("x")) -> tensor<4x6xf32> {
  // expected-error @+1 {{hlo-resize-dimension: dimension 0 of 'tensor<4x6xf32>' derives from the batch of 8 but is not a multiple of it}}
  %r = hlo.reshape %x : (tensor<8x3xf32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// A collective relates no dimensions: the batch cannot pass through it.
func.func @gathered(%x: tensor<8x2xf32> loc("x")) -> tensor<8x4xf32> {
  // expected-error @+1 {{hlo-resize-dimension: the batch reaches 'hlo.all_gather', whose dimensions no rule relates to its result's}}
  %r = hlo.all_gather %x, dim = 1 {groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<8x2xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// expected-error @+1 {{hlo-resize-dimension: no public function has an argument 'x' (give its number or its loc("name"))}}
module {
  func.func @other(%y: tensor<8xf32> loc("y")) -> tensor<8xf32> {
    return %y : tensor<8xf32>
  }
}
