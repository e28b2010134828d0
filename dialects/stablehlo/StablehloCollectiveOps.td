//===- StablehloCollectiveOps.td - collectives ------------*- tablegen -*-===//
//
// StableHLO's collectives, in the generic form StableHLO prints them.
// replica_groups name replicas, partitions or device ids by the channel and
// use_global_device_ids (the spec's modes); convert-stablehlo-to-hlo
// resolves them to device ids. Included by StablehloOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLOCOLLECTIVEOPS_TD
#define TPU_DIALECTS_STABLEHLO_STABLEHLOCOLLECTIVEOPS_TD

// A rank-2 tensor of process ids, or Shardy's mesh axes.
def StableHLO_ReplicaGroups : AnyAttrOf<[I64ElementsAttr,
                                         StableHLO_ReplicaGroupMeshAxes]>;

def StableHLO_AllReduceOp : StableHLO_Op<"all_reduce", [RecursiveMemoryEffects]> {
  let summary = "reduces each operand across the processes of a group";
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather"> {
  let summary = "concatenates each operand across a group";
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       I64Attr:$all_gather_dim, StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<StableHLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter",
                                             [RecursiveMemoryEffects]> {
  let summary = "reduces across a group and scatters the parts";
  let arguments = (ins StableHLO_Tensor:$operand, I64Attr:$scatter_dimension,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs StableHLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_Op<"all_to_all"> {
  let summary = "splits each operand and exchanges the parts within a group";
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       I64Attr:$split_dimension, I64Attr:$concat_dimension,
                       I64Attr:$split_count, StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<StableHLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp : StableHLO_Op<"collective_permute"> {
  let summary = "sends the operand from each source to its target";
  let arguments = (ins StableHLO_Tensor:$operand,
                       I64ElementsAttr:$source_target_pairs,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_CollectiveBroadcastOp
    : StableHLO_Op<"collective_broadcast"> {
  let summary = "sends each operand from a group's root to the group";
  let description = [{
    In each group of `replica_groups`, every process receives the operands
    of the group's first process; a process in no group receives zeros.
    With `has_dynamic_root`, the last operand is a rank-1 i32 tensor that
    names the root at run time and has no result.
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<StableHLO_Tensor>);
  let hasVerifier = 1;
}

def StableHLO_CollectiveReduceOp
    : StableHLO_Op<"collective_reduce", [RecursiveMemoryEffects]> {
  let summary = "reduces each operand over a group onto the group's root";
  let description = [{
    The reduction of `computation` over each group of `replica_groups`,
    delivered to the group's root (its first process, or the one the last
    operand names with `has_dynamic_root`).
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [Pure]> {
  let summary = "the replica the process belongs to";
  let results = (outs TensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [Pure]> {
  let summary = "the partition the process belongs to";
  let results = (outs TensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLOCOLLECTIVEOPS_TD
