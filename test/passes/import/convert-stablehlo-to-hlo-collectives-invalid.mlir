// Collectives convert-stablehlo-to-hlo cannot express: one error at the op.
// RUN: tpu-opt %s -split-input-file -convert-stablehlo-to-hlo -verify-diagnostics

module attributes {mhlo.num_replicas = 2 : i32} {
func.func @replica_out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.all_reduce is not supported by the TPU compiler: replica_groups names 2, but there are 2 replicas (mhlo.num_replicas = 2, mhlo.num_partitions = 1)}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
}

// -----

func.func @body(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.all_reduce is not supported by the TPU compiler: its computation must be one add, multiply, maximum or minimum of its two arguments (or and/or on i1)}}
  %0 = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.subtract %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @global_without_channel(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.all_gather is not supported by the TPU compiler: use_global_device_ids needs a channel_handle with a positive handle}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>, use_global_device_ids}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

module attributes {mhlo.num_partitions = 4 : i32} {
func.func @split_count(%x: tensor<4x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{(all_to_all_c8) each replica group must have split_count (2) members, but has 4}}
  %0 = "stablehlo.all_to_all"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
}

// -----

module attributes {mhlo.num_partitions = 2 : i32} {
func.func @permute_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.collective_permute is not supported by the TPU compiler: source_target_pairs names a process past the 2 there are}}
  %0 = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 2]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
}

// -----

func.func @broadcast_dynamic_root(%x: tensor<4xf32>, %root: tensor<1xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.collective_broadcast is not supported by the TPU compiler: a root chosen at run time (has_dynamic_root) is not supported}}
  %0 = "stablehlo.collective_broadcast"(%x, %root) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.collective_reduce is not supported by the TPU compiler: collective_reduce is not imported: the specification does not say yet what the processes other than the root receive}}
  %0 = "stablehlo.collective_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @mesh()
func.func @mesh_axes(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stablehlo.all_gather is not supported by the TPU compiler: replica_groups given as mesh axes (#stablehlo.replica_group_mesh_axes) need the device mesh; write them as process ids}}
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "x">]>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
