// Collectives as JAX exports them (pmap: replicas, no channel; shard_map and
// jit: partitions, a channel and global device ids) end to end on a v3-8,
// against the evaluator on the same 8 devices. 2 replicas x 4 partitions:
// device = replica * 4 + partition.
//
// Device 0 sums ids 0 + 1 + 2 + 3 of its partition group; device 4 (replica 1)
// 10 + 11 + 12 + 13.
// RUN: tpu-run %s --topology=v3-8 --input=8x16xf32=0 | FileCheck %s
// CHECK: device[0]:
// CHECK-NEXT: result[0]: 8x16xf32=[6 6 6
// CHECK: result[2]: ui32=0
// CHECK-NEXT: result[3]: ui32=0
// CHECK: device[4]:
// CHECK-NEXT: result[0]: 8x16xf32=[46 46 46
// CHECK: result[2]: ui32=1
// CHECK-NEXT: result[3]: ui32=0
// CHECK: device[7]:
// CHECK: result[2]: ui32=1
// CHECK-NEXT: result[3]: ui32=3
//
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v3-8 | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL
// REF: @main: result 0: {{.*}}exact
// REF: @main: result 1: {{.*}}exact
// REF: @main: result 2: {{.*}}exact
// REF: @main: result 3: {{.*}}exact
// REF: @main: result 4: {{.*}}exact
// REF: @main: result 5: {{.*}}exact
// REF: @main: result 6: {{.*}}exact
// REF: @main: result 7: {{.*}}exact

module @jit_step attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 2 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<64x16xf32>, tensor<ui32>, tensor<ui32>, tensor<8x16xf32>, tensor<2x16xf32>, tensor<8x16xf32>, tensor<4x32xf32>) {
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    %pf = stablehlo.convert %p : (tensor<ui32>) -> tensor<f32>
    %rf = stablehlo.convert %r : (tensor<ui32>) -> tensor<f32>
    %ten = stablehlo.constant dense<10.0> : tensor<f32>
    %rt = stablehlo.multiply %rf, %ten : tensor<f32>
    %id = stablehlo.add %rt, %pf : tensor<f32>
    %b = stablehlo.broadcast_in_dim %id, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %x = stablehlo.add %arg0, %b : tensor<8x16xf32>
    %0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %c: tensor<f32>):
      %s = stablehlo.add %a, %c : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %1 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<8x16xf32>) -> tensor<64x16xf32>
    %2 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%a: tensor<f32>, %c: tensor<f32>):
      %s = stablehlo.maximum %a, %c : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %3 = "stablehlo.reduce_scatter"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %c: tensor<f32>):
      %s = stablehlo.add %a, %c : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8x16xf32>) -> tensor<2x16xf32>
    %4 = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %5 = "stablehlo.all_to_all"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<8x16xf32>) -> tensor<4x32xf32>
    return %0, %1, %r, %p, %2, %3, %4, %5 : tensor<8x16xf32>, tensor<64x16xf32>, tensor<ui32>, tensor<ui32>, tensor<8x16xf32>, tensor<2x16xf32>, tensor<8x16xf32>, tensor<4x32xf32>
  }
}
