// Collectives on a simulated slice: every device runs the program on its
// own thread and HBM, and the tensors meet over the ICI. Hand-computed
// values first, then every function on generated inputs against the
// reference evaluator, which runs the same 8 devices with its own code.
// Inputs are the same on every device; hlo.device_id tells them apart.
//
// sum over devices d = 0..7 of (1 + d) = 36, on every device:
// RUN: tpu-run %s --function=sum --topology=v3-8 --input=5x7xf32=1 | FileCheck %s --check-prefix=SUM
// SUM: device[0]:
// SUM-NEXT: result[0]: 5x7xf32=[36 36 36 36 36 36 36]
// SUM: device[7]:
// SUM-NEXT: result[0]: 5x7xf32=[36 36 36 36 36 36 36]
// SUM: slice            v3-8: 2x2 chips (8 devices, v3)
// SUM-NEXT: ICI {{ *}}245 bytes sent, collectives 6.001 us
// SUM-NEXT: all-reduce {{ *}}1 run(s), 245 bytes, 6.001 us
// RUN: tpu-run %s --function=sum --topology=v3-8 --input=5x7xf32=1 --stats-json=%t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "ici_bytes": 245,
// JSON-NEXT: "ici_time_s": 6.00{{[0-9]*}}e-06,
//
// Device d sends 1 + d to d + 1; device 0 is nobody's target: zeros.
// RUN: tpu-run %s --function=shift --topology=v3-8 --input=3xi32=1 | FileCheck %s --check-prefix=SHIFT
// SHIFT: device[0]:
// SHIFT-NEXT: result[0]: 3xi32=0 0 0
// SHIFT: device[5]:
// SHIFT-NEXT: result[0]: 3xi32=5 5 5
//
// RUN: tpu-run %s --function=ids --topology=v5e-8 | FileCheck %s --check-prefix=IDS
// IDS: device[6]:
// IDS-NEXT: result[0]: ui32=6
//
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v3-8 --default-precision=highest | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v5e-8 --default-precision=highest | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL
// REF: @sum: result 0: {{.*}}exact
// REF: @pairs_max: result 0: {{.*}}exact
// REF: @gather_strided: result 0: {{.*}}exact
// REF: @scatter: result 0: {{.*}}exact
// REF: @all_to_all: result 0: {{.*}}exact
// REF: @shift: result 0: {{.*}}exact
// REF: @ids: result 0: {{.*}}exact
// REF: @data_parallel: result 0: {{.*}}exact
// REF: @data_parallel: result 1: {{.*}}exact
//
// An 8-device program on 4: its groups name devices that do not exist, an
// error when it is compiled for that slice (and in the evaluator).
// RUN: not tpu-run %s --function=sum --topology=v4-8 --input=5x7xf32=1 2>&1 | FileCheck %s --check-prefix=FEW
// FEW: error: 'hlo.all_reduce' op names device 4, but v4-8 has 4 devices
// RUN: not tpu-run %s --function=sum --topology=v4-8 --input=5x7xf32=1 --reference 2>&1 | FileCheck %s --check-prefix=FEWREF
// FEWREF: error: 'hlo.all_reduce' op device id 4 is not one of the 4 devices

func.func @sum(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %i = hlo.device_id : tensor<ui32>
  %f = hlo.convert %i : (tensor<ui32>) -> tensor<f32>
  %id = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
  %y = hlo.add %x, %id : tensor<5x7xf32>
  %r = hlo.all_reduce sum %y {groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>} : tensor<5x7xf32>
  return %r : tensor<5x7xf32>
}

func.func @pairs_max(%x: tensor<4x130xi32>) -> tensor<4x130xi32> {
  %id = hlo.device_id : tensor<ui32>
  %i = hlo.convert %id : (tensor<ui32>) -> tensor<i32>
  %b = hlo.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<4x130xi32>
  %y = hlo.multiply %x, %b : tensor<4x130xi32>
  %r = hlo.all_reduce max %y {groups = dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>} : tensor<4x130xi32>
  return %r : tensor<4x130xi32>
}

func.func @gather_strided(%x: tensor<3x5xbf16>) -> tensor<3x20xbf16> {
  %id = hlo.device_id : tensor<ui32>
  %f = hlo.convert %id : (tensor<ui32>) -> tensor<bf16>
  %b = hlo.broadcast_in_dim %f, dims = [] : (tensor<bf16>) -> tensor<3x5xbf16>
  %y = hlo.subtract %x, %b : tensor<3x5xbf16>
  %g = hlo.all_gather %y, dim = 1 {groups = dense<[[6, 4, 2, 0], [1, 3, 5, 7]]> : tensor<2x4xi64>} : (tensor<3x5xbf16>) -> tensor<3x20xbf16>
  return %g : tensor<3x20xbf16>
}

func.func @scatter(%x: tensor<16x128xf32>) -> tensor<2x128xf32> {
  %e = hlo.exponential %x : tensor<16x128xf32>
  %s = hlo.reduce_scatter sum %e, dim = 0 {groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>} : (tensor<16x128xf32>) -> tensor<2x128xf32>
  return %s : tensor<2x128xf32>
}

func.func @all_to_all(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %i = hlo.device_id : tensor<ui32>
  %f = hlo.convert %i : (tensor<ui32>) -> tensor<f32>
  %id = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
  %y = hlo.multiply %x, %id : tensor<5x7xf32>
  %zf = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %y, %zf, low = [0, 0], high = [1, 1], interior = [0, 0] : (tensor<5x7xf32>, tensor<f32>) -> tensor<6x8xf32>
  %a = hlo.all_to_all %p, split_dim = 0, concat_dim = 1 {groups = dense<[[0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>} : (tensor<6x8xf32>) -> tensor<3x16xf32>
  %s = hlo.slice %a [0:3, 0:7] : (tensor<3x16xf32>) -> tensor<3x7xf32>
  %c = hlo.concatenate %s, %s, dim = 0 : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<6x7xf32>
  %r = hlo.slice %c [0:5, 0:7] : (tensor<6x7xf32>) -> tensor<5x7xf32>
  return %r : tensor<5x7xf32>
}

func.func @shift(%x: tensor<3xi32>) -> tensor<3xi32> {
  %id = hlo.device_id : tensor<ui32>
  %i = hlo.convert %id : (tensor<ui32>) -> tensor<i32>
  %b = hlo.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<3xi32>
  %y = hlo.add %x, %b : tensor<3xi32>
  %p = hlo.collective_permute %y {pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7]]> : tensor<7x2xi64>} : tensor<3xi32>
  return %p : tensor<3xi32>
}

func.func @ids() -> tensor<ui32> {
  %id = hlo.device_id : tensor<ui32>
  return %id : tensor<ui32>
}

/// Data parallelism: each device takes its rows of the batch (by id), the
/// weight gradient is all-reduced and the update applied everywhere.
func.func @data_parallel(%x: tensor<64x128xf32>, %w: tensor<128x16xf32>) -> (tensor<128x16xf32>, tensor<f32>) {
  %id = hlo.device_id : tensor<ui32>
  %i = hlo.convert %id : (tensor<ui32>) -> tensor<i32>
  %eight = hlo.constant dense<8> : tensor<i32>
  %row = hlo.multiply %i, %eight : tensor<i32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %xb = hlo.dynamic_slice %x[%row, %zero], sizes = [8, 128] : (tensor<64x128xf32>, tensor<i32>, tensor<i32>) -> tensor<8x128xf32>
  %y = hlo.dot_general %xb, %w, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x16xf32>) -> tensor<8x16xf32>
  %g = hlo.dot_general %xb, %y, contracting_dims = [0] x [0] : (tensor<8x128xf32>, tensor<8x16xf32>) -> tensor<128x16xf32>
  %gs = hlo.all_reduce sum %g {groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>} : tensor<128x16xf32>
  %lr = hlo.constant dense<0.001> : tensor<128x16xf32>
  %step = hlo.multiply %gs, %lr : tensor<128x16xf32>
  %w2 = hlo.subtract %w, %step : tensor<128x16xf32>
  %sq = hlo.multiply %y, %y : tensor<8x16xf32>
  %l = hlo.reduce sum %sq, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<f32>
  %loss = hlo.all_reduce sum %l {groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>} : tensor<f32>
  return %w2, %loss : tensor<128x16xf32>, tensor<f32>
}

// Devices that branch differently reach different collectives: both the
// runtime and the evaluator stop with an error instead of mixing them.
// RUN: not tpu-run %S/Inputs/diverging-collectives.mlir --function=diverge --topology=v5e:2x1 --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=DIVERGE
// DIVERGE: collective #0 is not the same step on every device: the devices took different branches or loop counts
// RUN: not tpu-run %S/Inputs/diverging-collectives.mlir --function=diverge --topology=v5e:2x1 --input=4xf32=1 --reference 2>&1 | FileCheck %s --check-prefix=DIVERGE-REF
// DIVERGE-REF: diverging-collectives.mlir:7:10: error: 'hlo.all_reduce' op is collective #0 on some devices, but others reached a different one: the devices took different branches or loop counts
// DIVERGE-REF: diverging-collectives.mlir:14:10: note: the other collective

// A device that finishes without the collective another waits at: an error,
// not a hang (device 0 all-reduces in its branch, device 1 negates).
// RUN: not tpu-run %S/Inputs/collective-on-one-branch.mlir --topology=v5e:2x1 --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: collective #0 is not reached by every device: the devices took different branches or loop counts
// RUN: not tpu-run %S/Inputs/collective-on-one-branch.mlir --topology=v5e:2x1 --input=4xf32=1 --reference 2>&1 | FileCheck %s --check-prefix=ONE-REF
// ONE-REF: collective-on-one-branch.mlir:7:10: error: 'hlo.all_reduce' op is collective #0 on some devices, but others finished without reaching it: the devices took different branches or loop counts

// A permute without pairs: every device receives zeros.
// RUN: tpu-run %S/Inputs/permute-no-pairs.mlir --topology=v5e:2x1 --input=4xf32=3 | FileCheck %s --check-prefix=NOPAIRS
// NOPAIRS: device[1]:
// NOPAIRS-NEXT: result[0]: 4xf32=0 0 0 0

// Topology flags that cannot hold.
// RUN: not tpu-run %s --function=ids --topology=v5e:4x4x4 2>&1 | FileCheck %s --check-prefix=MESH
// MESH: invalid topology 'v5e:4x4x4': v5e chips form a 2D torus: give 2 axes
// RUN: not tpu-run %s --function=ids --target=v3 --topology=v5e-16 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: --target=v3 differs from --topology=v5e-16's v5e
// RUN: tpu-compile %s --target=v3 -o %t.tpu
// RUN: not tpu-run %t.tpu --function=ids --topology=v5e-16 2>&1 | FileCheck %s --check-prefix=COMPILED
// COMPILED: was compiled for v3, not --topology=v5e-16's v5e
