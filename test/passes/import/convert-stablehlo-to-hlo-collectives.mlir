// StableHLO's collectives become hlo's over device ids
// (replica * num_partitions + partition), one mode at a time.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo | FileCheck %s

// pmap's all-reduce: replicas, no channel (cross_replica): each partition's
// replicas form a group.
// CHECK-LABEL: func.func @cross_replica
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
func.func @cross_replica(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: hlo.all_reduce sum %{{.*}} {groups = dense<{{\[\[}}0, 2], [1, 3]]> : tensor<2x2xi64>} : tensor<4xf32>
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
}

// -----

// A channel without global ids: replica groups times every partition.
// CHECK-LABEL: func.func @cross_replica_and_partition
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
func.func @cross_replica_and_partition(%x: tensor<4xf32>) -> tensor<16xf32> {
  // CHECK: hlo.all_gather %{{.*}}, dim = 0 {groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
}

// -----

// shard_map and jit: global device ids (flattened_ids), max on i1 as or.
// CHECK-LABEL: func.func @flattened
module attributes {mhlo.num_partitions = 4 : i32} {
func.func @flattened(%x: tensor<8xf32>, %p: tensor<2xi1>) -> (tensor<4xf32>, tensor<2xi1>) {
  // CHECK: hlo.reduce_scatter max %{{.*}}, dim = 0 {groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>}
  %0 = "stablehlo.reduce_scatter"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<4xf32>
  // CHECK: hlo.all_reduce sum %{{.*}} {groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>} : tensor<2xi1>
  %1 = "stablehlo.all_reduce"(%p) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<2xi1>) -> tensor<2xi1>
  return %0, %1 : tensor<4xf32>, tensor<2xi1>
}
}

// -----

// Partitions with a channel (cross_partition) for all_to_all and
// collective_permute; the ids come from hlo.device_id.
// CHECK-LABEL: func.func @cross_partition
module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
func.func @cross_partition(%x: tensor<4x4xf32>) -> (tensor<2x8xf32>, tensor<4x4xf32>, tensor<ui32>, tensor<ui32>) {
  // CHECK: hlo.all_to_all %{{.*}}, split_dim = 0, concat_dim = 1 {groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>}
  %0 = "stablehlo.all_to_all"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<2x8xf32>
  // CHECK: hlo.collective_permute %{{.*}} {pairs = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>}
  %1 = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK: %[[ID:.*]] = hlo.device_id : tensor<ui32>
  // CHECK: hlo.divide %[[ID]]
  %2 = stablehlo.replica_id : tensor<ui32>
  // CHECK: %[[ID2:.*]] = hlo.device_id : tensor<ui32>
  // CHECK: hlo.remainder %[[ID2]]
  %3 = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2, %3 : tensor<2x8xf32>, tensor<4x4xf32>, tensor<ui32>, tensor<ui32>
}
}

// -----

// No pairs: every device receives zeros.
// CHECK-LABEL: func.func @no_pairs
// CHECK: hlo.collective_permute %{{.*}} {pairs = dense<> : tensor<0x2xi64>} : tensor<4xf32>
func.func @no_pairs(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<> : tensor<0x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// collective_broadcast: the group's first process keeps its value, the
// second gets it by a permute from the first; a process in no group (here
// none: two groups of two cover the four replicas) would get zeros. The
// position table is indexed by device id: replica r is device r.
// CHECK-LABEL: func.func @collective_broadcast
module attributes {mhlo.num_replicas = 4 : i32} {
func.func @collective_broadcast(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[ID:.*]] = hlo.device_id
  // CHECK: %[[TABLE:.*]] = hlo.constant dense<[0, 1, 1, 0]> : tensor<4xi32>
  // CHECK: hlo.dynamic_slice %[[TABLE]]
  // CHECK: hlo.select
  // CHECK: hlo.collective_permute %arg0 {pairs = dense<{{\[\[}}3, 1], [0, 2]]> : tensor<2x2xi64>}
  // CHECK: hlo.select
  // CHECK-NOT: hlo.collective_permute
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[3, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
}
