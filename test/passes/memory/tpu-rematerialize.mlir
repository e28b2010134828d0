// RUN: tpu-opt %s -split-input-file -tpu-set-target="hbm-limit=3.5M" -tpu-assign-layouts=relayout-entry=true -tpu-pad -tpu-rematerialize -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tpu-opt %s -split-input-file -verify-diagnostics -tpu-set-target="hbm-limit=3.5M" -tpu-assign-layouts=relayout-entry=true -tpu-pad -tpu-rematerialize -tpu-assign-buffers -o /dev/null

// Under the limit: nothing changes, and buffer assignment keeps its own
// schedule (no tpu.scheduled).
// CHECK-LABEL: func.func @fits
// CHECK-NOT:     tpu.scheduled
// CHECK:         hlo.exponential
// CHECK-NOT:     .remat"
// CHECK:         return
func.func @fits(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %a = hlo.exponential %x : tensor<8x128xf32> loc("a")
  %r = hlo.add %a, %x : tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}

// -----

// 1 MiB values: `a` is read early and again at the end, so it is live while
// the two transposes hold 2 MiB: a peak of 4 MiB with the argument. It is
// recomputed from the argument right before the add (`a.remat`), and the
// peak is 3 MiB. The original stays for its early reader.
// CHECK-LABEL: func.func @recompute
// CHECK-SAME:    tpu.rematerialization = {after = 3145728 : i64, before = 4194304 : i64, extra_flops = 0 : i64, flops = 0 : i64, forward_flops = 0 : i64, ops = 1 : i64, values = 1 : i64}, tpu.scheduled
// CHECK:         %[[A:.*]] = hlo.exponential %arg0 {{.*}} loc("a")
// CHECK:         %[[T1:.*]] = hlo.transpose %[[A]]
// CHECK:         %[[T2:.*]] = hlo.transpose %[[T1]]
// CHECK:         %[[REMAT:.*]] = hlo.exponential %arg0 {{.*}} loc("a.remat")
// CHECK:         hlo.add %[[REMAT]], %[[T2]]
// expected-remark @+1 {{rematerialization recomputed 1 value (1 op) to fit in 3.50M: the estimated peak fell from 4.00M to 3.00M (1.00M (1048576 bytes) saved) for no extra FLOPs}}
func.func @recompute(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %a = hlo.exponential %x : tensor<256x1024xf32> loc("a")
  %t1 = hlo.transpose %a, dims = [1, 0] : (tensor<256x1024xf32>) -> tensor<1024x256xf32>
  %t2 = hlo.transpose %t1, dims = [1, 0] : (tensor<1024x256xf32>) -> tensor<256x1024xf32>
  %r = hlo.add %a, %t2 : tensor<256x1024xf32>
  return %r : tensor<256x1024xf32>
}

// -----

// A block: the broadcast's operand is dead at the peak. Keeping it alive
// would cost 8 KiB (the [1,1024] row, tile-padded); recomputing it with the
// broadcast costs 1024 more elements of work and frees the whole 1 MiB, so
// both are cloned.
// CHECK-LABEL: func.func @block
// CHECK:         hlo.transpose
// CHECK:         %[[T2:.*]] = hlo.transpose
// CHECK:         %[[U:.*]] = hlo.slice %arg0 {{.*}} loc("u.remat")
// CHECK:         %[[A:.*]] = hlo.broadcast_in_dim %[[U]], {{.*}} loc("a.remat")
// CHECK:         hlo.add %[[A]], %[[T2]]
// expected-remark @+1 {{rematerialization recomputed 1 value (2 ops)}}
func.func @block(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %u = hlo.slice %x [0:1, 0:1024] : (tensor<256x1024xf32>) -> tensor<1x1024xf32> loc("u")
  %a = hlo.broadcast_in_dim %u, dims = [0, 1] : (tensor<1x1024xf32>) -> tensor<256x1024xf32> loc("a")
  %t1 = hlo.transpose %a, dims = [1, 0] : (tensor<256x1024xf32>) -> tensor<1024x256xf32>
  %t2 = hlo.transpose %t1, dims = [1, 0] : (tensor<1024x256xf32>) -> tensor<256x1024xf32>
  %r = hlo.add %a, %t2 : tensor<256x1024xf32>
  return %r : tensor<256x1024xf32>
}

// -----

// A value read only after the peak moves there: nothing is computed twice.
// CHECK-LABEL: func.func @moved
// CHECK-NOT:     loc("a")
// CHECK:         hlo.transpose
// CHECK:         hlo.transpose
// CHECK:         hlo.exponential %arg0 {{.*}} loc("a.remat")
// expected-remark @+1 {{rematerialization recomputed 1 value (1 op) to fit in 3.50M: the estimated peak fell from 4.00M to 3.00M (1.00M (1048576 bytes) saved) for no extra FLOPs}}
func.func @moved(%x: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %a = hlo.exponential %x : tensor<256x1024xf32> loc("a")
  %t1 = hlo.transpose %x, dims = [1, 0] : (tensor<256x1024xf32>) -> tensor<1024x256xf32>
  %t2 = hlo.transpose %t1, dims = [1, 0] : (tensor<1024x256xf32>) -> tensor<256x1024xf32>
  %r = hlo.add %a, %t2 : tensor<256x1024xf32>
  return %r : tensor<256x1024xf32>
}

// -----

// Outputs and values read at the peak are not candidates: the exponential
// is returned and the first transpose is read at the peak, so 4 MiB stay
// live at once. XLA's warning, then its out-of-memory report.
// CHECK-LABEL: func.func @cannot
// CHECK-SAME:    tpu.rematerialization = {after = 4194304 : i64, before = 4194304 : i64, extra_flops = 0 : i64, flops = 0 : i64, forward_flops = 0 : i64, ops = 0 : i64, values = 0 : i64}
// CHECK-NOT:     .remat"
// CHECK:         return
// expected-warning @+3 {{Can't reduce memory use below 3.50M (3670016 bytes) by rematerialization; only reduced to 4.00M (4194304 bytes), down from 4.00M (4194304 bytes) originally}}
// expected-error @+2 {{Ran out of memory in memory space hbm. Used 4.00M of 3.50M hbm. Exceeded hbm capacity by 512.0K.}}
// expected-note @unknown {{Total hbm usage >= 534.00M:}}
func.func @cannot(%x: tensor<256x1024xf32>) -> (tensor<256x1024xf32>, tensor<256x1024xf32>) {
  %a = hlo.exponential %x : tensor<256x1024xf32>
  %b = hlo.transpose %a, dims = [1, 0] : (tensor<256x1024xf32>) -> tensor<1024x256xf32>
  %c = hlo.transpose %b, dims = [1, 0] : (tensor<1024x256xf32>) -> tensor<256x1024xf32>
  return %a, %c : tensor<256x1024xf32>, tensor<256x1024xf32>
}
