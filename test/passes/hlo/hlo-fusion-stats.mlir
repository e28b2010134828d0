// RUN: tpu-opt %s -hlo-fusion-stats -hlo-fuse -hlo-fusion-stats -o /dev/null | FileCheck %s

// Before fusion both columns agree; after it, the unfused column is the
// program with its fusions undone (the copies merged again).
// tmp = x + y; result = tmp * z on f32[1024,1024] (4 MiB each):
// unfused, add reads x and y and writes tmp, multiply reads tmp and z and
// writes the result; fused, one kernel reads x, y, z and writes the result.
// CHECK-LABEL: fusion stats for @guide:
// CHECK-NEXT:  unfused fused
// CHECK-NEXT:  kernels 2 2
// CHECK-NEXT:  HBM bytes read 16777216 16777216
// CHECK-NEXT:  HBM bytes written 8388608 8388608
// CHECK-NEXT:  HBM bytes total 25165824 25165824
func.func @guide(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>, %z: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %tmp = hlo.add %x, %y : tensor<1024x1024xf32>
  %result = hlo.multiply %tmp, %z : tensor<1024x1024xf32>
  return %result : tensor<1024x1024xf32>
}

// Softmax on f32[8,1000] (32000 bytes; the row vectors 32 bytes): unfused,
// 7 kernels (reduce, broadcast, subtract, exponential, reduce, broadcast,
// divide); fused, reduce max, the sum's input fusion (reads x and max) and
// the final loop (reads x, max and sum).
// CHECK-LABEL: fusion stats for @softmax:
// CHECK-NEXT:  unfused fused
// CHECK-NEXT:  kernels 7 7
// CHECK-LABEL: fusion stats for @guide:
// CHECK-NEXT:  unfused fused
// CHECK-NEXT:  kernels 2 1
// CHECK-NEXT:  HBM bytes read 16777216 12582912
// CHECK-NEXT:  HBM bytes written 8388608 4194304
// CHECK-NEXT:  HBM bytes total 25165824 16777216
// CHECK-LABEL: fusion stats for @softmax:
// CHECK-NEXT:  unfused fused
// CHECK-NEXT:  kernels 7 3
// 7 kernels: 32000 + 32 + (32000 + 32000) + 32000 + 32000 + 32 + (32000 + 32000) read
// CHECK-NEXT:  HBM bytes read 224064 96096
// CHECK-NEXT:  HBM bytes written 160064 32064
func.func @softmax(%x: tensor<8x1000xf32>) -> tensor<8x1000xf32> {
  %m = hlo.reduce max %x, dims = [1] : (tensor<8x1000xf32>) -> tensor<8xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %d = hlo.subtract %x, %mb : tensor<8x1000xf32>
  %e = hlo.exponential %d : tensor<8x1000xf32>
  %s = hlo.reduce sum %e, dims = [1] : (tensor<8x1000xf32>) -> tensor<8xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
  %r = hlo.divide %e, %sb : tensor<8x1000xf32>
  return %r : tensor<8x1000xf32>
}
