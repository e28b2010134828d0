//===- HLOSharding.td - sharding annotations ----------------*- tablegen -*-===//
//
// How a program written for one device is split over many (GSPMD): XLA's
// `mhlo.sharding` strings, parsed once into an attribute, and the
// annotation op JAX's `with_sharding_constraint` exports. hlo-spmd-partition
// consumes both.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_HLO_HLOSHARDING_TD
#define TPU_DIALECTS_HLO_HLOSHARDING_TD

def HLO_ShardingAttr : AttrDef<HLO_Dialect, "Sharding"> {
  let mnemonic = "sharding";
  let summary = "How a tensor is split over the devices (XLA's HloSharding)";
  let description = [{
    Written and printed in XLA's own syntax, as `mhlo.sharding` strings are:

    * `#hlo.sharding<"{replicated}">`: every device holds the whole tensor;
    * `#hlo.sharding<"{maximal device=0}">`: one device holds it;
    * `#hlo.sharding<"{devices=[2,4]<=[8]}">`: dimension `d` is cut into
      `tiles[d]` equal tiles, and the device array (here the iota 0..7,
      also written as a list `0,1,...`, or `<=[4,2]T(1,0)` for a reshaped
      and transposed iota) says, in row-major order, which device holds
      which tile;
    * `last_tile_dim_replicate`: the last tile dimension is no tensor
      dimension: its devices hold copies of the same tile.

    `tiles` includes that last dimension; `devices` is the whole device
    array, expanded.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$tiles,
                        ArrayRefParameter<"int64_t">:$devices,
                        "bool":$lastTileDimReplicate, "bool":$maximal);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isReplicated() const { return getTiles().empty() && !getMaximal(); }
    /// Parses XLA's syntax; an error message on failure.
    static ::mlir::FailureOr<ShardingAttr> parse(::mlir::MLIRContext *context,
                                                 ::llvm::StringRef text,
                                                 std::string &error);
    /// XLA's syntax, with the iota form where the device array is one.
    std::string str() const;
    /// The tensor rank the tiles describe (-1 when any rank fits).
    int64_t tensorRank() const;
    /// The shape of one device's tile of a tensor shaped `shape`, or
    /// std::nullopt when the tiles do not divide it or the ranks differ.
    std::optional<::llvm::SmallVector<int64_t>>
    tileShape(::llvm::ArrayRef<int64_t> shape) const;
  }];
}

def HLO_ShardingConstraintOp : HLO_Op<"sharding_constraint",
                                      [SameOperandsAndResultType]> {
  let summary = "The operand, to be held as `sharding` says";
  let description = [{
    An identity that pins the sharding of a value, as JAX's
    `with_sharding_constraint` (StableHLO's `custom_call @Sharding`) does;
    hlo-spmd-partition reshards to it and removes it.

    ```mlir
    %y = hlo.sharding_constraint %x {sharding = #hlo.sharding<"{devices=[2,1]<=[2]}">}
        : tensor<8x4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_ShardingAttr:$sharding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def HLO_ManualComputationOp : HLO_Op<"manual_computation",
    [RecursiveMemoryEffects]> {
  let summary = "A computation written per device (shard_map's body)";
  let description = [{
    JAX's `shard_map`: Shardy's `sdy.manual_computation`, GSPMD's
    `SPMDFullToShardShape`/`SPMDShardToFullShape` pair. Each of `devices`
    devices runs the body on its own tile of every operand (its
    `in_shardings` says which), with the collectives the body has; the
    results are put together from each device's tiles as `out_shardings`
    say. The body's arguments and results are tile-shaped. Outside the body
    the program is one global program that hlo-spmd-partition partitions;
    the body it keeps as written.

    ```mlir
    %r = hlo.manual_computation (%x) devices = 2
        in_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">]
        out_shardings = [#hlo.sharding<"{devices=[2,1]<=[2]}">] {
    ^bb0(%t: tensor<1x4xf32>):
      ...
      hlo.yield %y : tensor<1x4xf32>
    } : (tensor<2x4xf32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$devices,
                       TypedArrayAttrBase<HLO_ShardingAttr, "shardings">:$in_shardings,
                       TypedArrayAttrBase<HLO_ShardingAttr, "shardings">:$out_shardings);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `devices` `=` $devices `in_shardings` `=` $in_shardings
    `out_shardings` `=` $out_shardings $body attr-dict `:`
    functional-type($inputs, $results)
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBlock() { return getBody().front(); }
  }];
}

#endif // TPU_DIALECTS_HLO_HLOSHARDING_TD
