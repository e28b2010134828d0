//===- HLOCollectives.td - hlo collective ops ---------------*- tablegen -*-===//
//
// Collectives between the devices of a program that runs on many (SPMD):
// StableHLO's, with their groups already resolved to device ids, so one op
// means one thing whatever the mix of replicas and partitions it came from.
// docs/dialects/hlo.md "Collectives" numbers the constraints.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_HLO_HLOCOLLECTIVES_TD
#define TPU_DIALECTS_HLO_HLOCOLLECTIVES_TD

class HLO_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : HLO_Op<mnemonic, traits> {
  let hasVerifier = 1;
  code collectiveDeclaration = [{
    /// The groups of device ids, one row each; every row has the same size.
    ::llvm::SmallVector<::llvm::SmallVector<int64_t>> getGroupList() {
      return ::mlir::hlo::groupList(getGroups());
    }
  }];
}

def HLO_AllReduceOp : HLO_CollectiveOp<"all_reduce",
                                       [SameOperandsAndResultType]> {
  let summary = "Reduces a tensor across the devices of each group";
  let description = [{
    Every device of a group receives the `kind` reduction (`sum`, `product`,
    `max`, `min`; on `i1` sum is or and product is and) of the operands of
    all devices in its group, combined in group order. `groups` lists device
    ids (`replica_id * num_partitions + partition_id` for StableHLO).

    ```mlir
    %r = hlo.all_reduce sum %g {groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}
        : tensor<256xf32>
    ```
  }];
  let arguments = (ins HLO_ReduceKindAttr:$kind, HLO_Tensor:$operand,
                       I64ElementsAttr:$groups,
                       OptionalAttr<I64Attr>:$channel_id);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($kind) $operand attr-dict `:` type($result)
  }];
  let extraClassDeclaration = collectiveDeclaration;
}

def HLO_AllGatherOp : HLO_CollectiveOp<"all_gather"> {
  let summary = "Concatenates the operands of a group along a dimension";
  let description = [{
    Every device of a group receives the concatenation, in group order, of
    its devices' operands along `dimension`.

    ```mlir
    %w = hlo.all_gather %shard, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>}
        : (tensor<64x128xf32>) -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension,
                       I64ElementsAttr:$groups,
                       OptionalAttr<I64Attr>:$channel_id);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:`
        functional-type($operand, $result)
  }];
  let extraClassDeclaration = collectiveDeclaration;
}

def HLO_ReduceScatterOp : HLO_CollectiveOp<"reduce_scatter"> {
  let summary = "Reduces across a group and keeps each device's slice";
  let description = [{
    The `kind` reduction over the group, as `all_reduce`, cut into as many
    equal slices along `dimension` as the group has devices: the i-th device
    of the group keeps the i-th slice.

    ```mlir
    %s = hlo.reduce_scatter sum %g, dim = 0 {groups = dense<[[0, 1]]> : tensor<1x2xi64>}
        : (tensor<128x128xf32>) -> tensor<64x128xf32>
    ```
  }];
  let arguments = (ins HLO_ReduceKindAttr:$kind, HLO_Tensor:$operand,
                       I64Attr:$dimension, I64ElementsAttr:$groups,
                       OptionalAttr<I64Attr>:$channel_id);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($kind) $operand `,` `dim` `=` $dimension attr-dict `:`
        functional-type($operand, $result)
  }];
  let extraClassDeclaration = collectiveDeclaration;
}

def HLO_AllToAllOp : HLO_CollectiveOp<"all_to_all"> {
  let summary = "Each device splits its operand and sends one piece to each";
  let description = [{
    The operand is cut into as many pieces along `split_dimension` as the
    group has devices; the j-th piece goes to the j-th device of the group,
    which concatenates what it receives, in group order, along
    `concat_dimension`.

    ```mlir
    %a = hlo.all_to_all %x, split_dim = 0, concat_dim = 1
        {groups = dense<[[0, 1]]> : tensor<1x2xi64>}
        : (tensor<4x4xf32>) -> tensor<2x8xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$split_dimension,
                       I64Attr:$concat_dimension, I64ElementsAttr:$groups,
                       OptionalAttr<I64Attr>:$channel_id);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `split_dim` `=` $split_dimension `,` `concat_dim` `=`
        $concat_dimension attr-dict `:` functional-type($operand, $result)
  }];
  let extraClassDeclaration = collectiveDeclaration;
}

def HLO_CollectivePermuteOp : HLO_CollectiveOp<"collective_permute",
                                               [SameOperandsAndResultType]> {
  let summary = "Sends each device's operand to another device";
  let description = [{
    For each `[source, target]` row of `pairs`, the target receives the
    source's operand; a device that is no pair's target receives zeros.

    ```mlir
    %p = hlo.collective_permute %x
        {pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : tensor<8xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64ElementsAttr:$pairs,
                       OptionalAttr<I64Attr>:$channel_id);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def HLO_DeviceIdOp : HLO_Op<"device_id"> {
  let summary = "The id of the device running the program";
  let description = [{
    0 to the number of devices - 1 (StableHLO's `replica_id` and
    `partition_id` are computed from it).

    ```mlir
    %id = hlo.device_id : tensor<ui32>
    ```
  }];
  let results = (outs TensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

#endif // TPU_DIALECTS_HLO_HLOCOLLECTIVES_TD
