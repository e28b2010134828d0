// RUN: tpu-opt %s -split-input-file -hlo-mixed-precision | FileCheck %s
// RUN: tpu-opt %s -split-input-file -hlo-mixed-precision -verify-diagnostics -o /dev/null

// An activation read by a matmul and by elementwise ops is stored in bf16
// only: the matmul reads the bf16 copy, each elementwise reader widens it
// (once per reader). The weights (an argument) stay f32 and the matmul
// reads a bf16 copy of them; the result accumulates in f32.
// CHECK-LABEL: func.func @layer
// CHECK:         %[[W:.*]] = hlo.convert %arg1 : (tensor<128x128xf32>) -> tensor<128x128xbf16>
// CHECK:         %[[H:.*]] = hlo.maximum %arg0
// CHECK:         %[[HB:.*]] = hlo.convert %[[H]] : (tensor<8x128xf32>) -> tensor<8x128xbf16>
// CHECK:         %[[Y:.*]] = hlo.dot_general %[[HB]], %[[W]], {{.*}} : (tensor<8x128xbf16>, tensor<128x128xbf16>) -> tensor<8x128xf32>
// CHECK:         %[[WIDE:.*]] = hlo.convert %[[HB]] : (tensor<8x128xbf16>) -> tensor<8x128xf32>
// CHECK-NEXT:    %[[M:.*]] = hlo.multiply %[[WIDE]], %[[WIDE]]
// CHECK:         return %[[Y]], %[[M]]
// expected-remark @+1 {{mixed precision (bf16): 2 matmul and convolution operands in bf16, 1 activation stored in bf16 (2.0K less, before padding); parameters, optimizer state and reductions stay f32}}
func.func @layer(%x: tensor<8x128xf32>, %w: tensor<128x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<8x128xf32>
  %h = hlo.maximum %x, %zero : tensor<8x128xf32>
  %y = hlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  %m = hlo.multiply %h, %h : tensor<8x128xf32>
  return %y, %m : tensor<8x128xf32>, tensor<8x128xf32>
}

// -----

// Read by a reduction (a softmax's max, a loss's sum) or returned, an
// activation stays f32 for those readers; the matmul still reads a bf16
// copy. A convolution's operands are converted as a matmul's.
// CHECK-LABEL: func.func @kept
// CHECK:         %[[H:.*]] = hlo.exponential %arg0
// CHECK:         %[[HB:.*]] = hlo.convert %[[H]] : (tensor<1x8x8x128xf32>) -> tensor<1x8x8x128xbf16>
// CHECK:         hlo.convolution %[[HB]], %{{.*}} : (tensor<1x8x8x128xbf16>, tensor<1x1x128x128xbf16>) -> tensor<1x8x8x128xf32>
// CHECK:         hlo.reduce sum %[[H]]
// CHECK:         return {{.*}}, %[[H]]
// expected-remark @+1 {{mixed precision (bf16): 2 matmul and convolution operands in bf16, 0 activations stored in bf16 (0B less, before padding)}}
func.func @kept(%x: tensor<1x8x8x128xf32>, %k: tensor<1x1x128x128xf32>) -> (tensor<1x8x8x128xf32>, tensor<1x8x8xf32>, tensor<1x8x8x128xf32>) {
  %h = hlo.exponential %x : tensor<1x8x8x128xf32>
  %y = hlo.convolution %h, %k : (tensor<1x8x8x128xf32>, tensor<1x1x128x128xf32>) -> tensor<1x8x8x128xf32>
  %s = hlo.reduce sum %h, dims = [3] : (tensor<1x8x8x128xf32>) -> tensor<1x8x8xf32>
  return %y, %s, %h : tensor<1x8x8x128xf32>, tensor<1x8x8xf32>, tensor<1x8x8x128xf32>
}

// -----

// bf16 operands, and integer ones, are left as they are, with no remark.
// CHECK-LABEL: func.func @already
// CHECK-NOT:     hlo.convert
// CHECK:         hlo.dot_general %arg0, %arg1
func.func @already(%x: tensor<8x128xbf16>, %w: tensor<128x128xbf16>) -> tensor<8x128xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x128xbf16>, tensor<128x128xbf16>) -> tensor<8x128xf32>
  return %y : tensor<8x128xf32>
}
