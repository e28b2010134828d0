// RUN: tpu-opt %s -split-input-file -tpu-set-target="hbm-limit=7.5M" -tpu-assign-layouts=relayout-entry=true -tpu-pad -tpu-rematerialize -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tpu-opt %s -split-input-file -verify-diagnostics -tpu-set-target="hbm-limit=7.5M" -tpu-assign-layouts=relayout-entry=true -tpu-pad -tpu-rematerialize -tpu-assign-buffers -o /dev/null

// A block reaches its root through a reshape that only relabels (a
// bitcast), as a BERT block's heads are a reshape of a dense layer's
// output: `q` is live across the 4 MiB of transposes, and its operand `a`
// is not. Recomputing `q` alone would keep `a` alive and free nothing;
// cloning exp, reshape and negate frees 1 MiB. Everything the block read
// only for `q` moved with it: no original is left computing for nobody.
// CHECK-LABEL: func.func @through_reshape
// CHECK-SAME:    tpu.rematerialization = {after = 7340032 : i64, before = 8388608 : i64, extra_flops = 0 : i64, flops = 0 : i64, forward_flops = 0 : i64, ops = 3 : i64, values = 1 : i64}
// CHECK-NOT:     loc("a")
// CHECK:         hlo.transpose
// CHECK:         hlo.transpose
// CHECK:         %[[A:.*]] = hlo.exponential %arg0 {{.*}} loc("a.remat")
// CHECK:         %[[R:.*]] = hlo.reshape %[[A]] {{.*}} loc("r.remat")
// CHECK:         %[[Q:.*]] = hlo.negate %[[R]] {{.*}} loc("q.remat")
// CHECK:         hlo.add %[[Q]]
// expected-remark @+1 {{rematerialization recomputed 1 value (3 ops) to fit in 7.50M: the estimated peak fell from 8.00M to 7.00M (1.00M (1048576 bytes) saved) for no extra FLOPs}}
func.func @through_reshape(%x: tensor<256x1024xf32>, %y: tensor<512x1024xf32>) -> (tensor<2x128x1024xf32>, tensor<1024xf32>) {
  %a = hlo.exponential %x : tensor<256x1024xf32> loc("a")
  %r = hlo.reshape %a : (tensor<256x1024xf32>) -> tensor<2x128x1024xf32> loc("r")
  %q = hlo.negate %r : tensor<2x128x1024xf32> loc("q")
  %t1 = hlo.transpose %y, dims = [1, 0] : (tensor<512x1024xf32>) -> tensor<1024x512xf32>
  %t2 = hlo.transpose %t1, dims = [1, 0] : (tensor<1024x512xf32>) -> tensor<512x1024xf32>
  %m = hlo.reduce sum %t2, dims = [0] : (tensor<512x1024xf32>) -> tensor<1024xf32>
  %b = hlo.broadcast_in_dim %m, dims = [2] : (tensor<1024xf32>) -> tensor<2x128x1024xf32>
  %s = hlo.add %q, %b : tensor<2x128x1024xf32>
  return %s, %m : tensor<2x128x1024xf32>, tensor<1024xf32>
}

// -----

// A value read after the peak only through a reshape made before it: the
// reshape is made again from the recomputation, and the originals, now
// read by nobody, go.
// CHECK-LABEL: func.func @bitcast_read_after
// CHECK-SAME:    tpu.rematerialization = {after = 7340032 : i64, before = 8388608 : i64, extra_flops = 0 : i64, flops = 0 : i64, forward_flops = 0 : i64, ops = 1 : i64, values = 1 : i64}
// CHECK-NOT:     loc("a")
// CHECK-NOT:     loc("r")
// CHECK:         hlo.transpose
// CHECK:         hlo.transpose
// CHECK:         %[[A:.*]] = hlo.exponential %arg0 {{.*}} loc("a.remat")
// CHECK:         %[[R:.*]] = hlo.reshape %[[A]] {{.*}} loc("r.remat")
// CHECK:         hlo.add %[[R]]
// expected-remark @+1 {{rematerialization recomputed 1 value (1 op) to fit in 7.50M: the estimated peak fell from 8.00M to 7.00M (1.00M (1048576 bytes) saved) for no extra FLOPs}}
func.func @bitcast_read_after(%x: tensor<256x1024xf32>, %y: tensor<512x1024xf32>) -> (tensor<2x128x1024xf32>, tensor<1024xf32>) {
  %a = hlo.exponential %x : tensor<256x1024xf32> loc("a")
  %r = hlo.reshape %a : (tensor<256x1024xf32>) -> tensor<2x128x1024xf32> loc("r")
  %t1 = hlo.transpose %y, dims = [1, 0] : (tensor<512x1024xf32>) -> tensor<1024x512xf32>
  %t2 = hlo.transpose %t1, dims = [1, 0] : (tensor<1024x512xf32>) -> tensor<512x1024xf32>
  %m = hlo.reduce sum %t2, dims = [0] : (tensor<512x1024xf32>) -> tensor<1024xf32>
  %b = hlo.broadcast_in_dim %m, dims = [2] : (tensor<1024xf32>) -> tensor<2x128x1024xf32>
  %s = hlo.add %r, %b : tensor<2x128x1024xf32>
  return %s, %m : tensor<2x128x1024xf32>, tensor<1024xf32>
}
