//===- SdyOps.td - Shardy's sharding dialect (input) -------*- tablegen -*-===//
//
// The ops and attributes of OpenXLA's Shardy (`sdy`) that JAX's sharded
// exports write next to StableHLO: meshes, tensor shardings on arguments,
// results and constraints, and `sdy.manual_computation` (shard_map). An
// input dialect like stablehlo: parsed and verified as Shardy prints them,
// then rewritten by import-shardy into the hlo dialect's shardings.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_SDY_SDYOPS_TD
#define TPU_DIALECTS_SDY_SDYOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Sdy_Dialect : Dialect {
  let name = "sdy";
  let cppNamespace = "::mlir::sdy";
  let summary = "Shardy's shardings as JAX exports them (input only)";
  let useDefaultAttributePrinterParser = 1;
}

class Sdy_Attr<string name, string attrMnemonic>
    : AttrDef<Sdy_Dialect, name> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

def Sdy_MeshAttr : Sdy_Attr<"Mesh", "mesh"> {
  let summary = "Named axes over the devices: `<[\"x\"=2, \"y\"=4]>`";
  let description = [{
    Axis names and sizes, major to minor, and optionally `device_ids`: the
    devices in row-major order of the axes (the iota when absent). A mesh
    without axes and one device id is a maximal mesh: that device holds
    every tensor sharded on it.
  }];
  let parameters = (ins "::mlir::ArrayAttr":$names,
                        ArrayRefParameter<"int64_t">:$sizes,
                        ArrayRefParameter<"int64_t">:$deviceIds);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The devices the mesh spans (the product of the axis sizes).
    int64_t numDevices() const;
    /// The size of axis `name`, or std::nullopt when there is none.
    std::optional<int64_t> axisSize(::llvm::StringRef name) const;
    /// Parses and prints the body without the `#sdy.mesh` prefix.
    static ::mlir::Attribute parseBody(::mlir::AsmParser &parser);
  }];
}

def Sdy_AxisRefAttr : AttrDef<Sdy_Dialect, "AxisRef"> {
  let summary = "A mesh axis, or a sub-axis `\"x\":(pre)size` of one";
  let attrName = "sdy.axis_ref";
  let parameters = (ins "::mlir::StringAttr":$name, "int64_t":$preSize,
                        "int64_t":$size);
  let extraClassDeclaration = [{
    /// A whole axis has size 0 here.
    bool isSubAxis() const { return getSize() != 0; }
  }];
}

def Sdy_DimShardingAttr : AttrDef<Sdy_Dialect, "DimSharding"> {
  let summary = "The axes one dimension is cut over, major to minor";
  let attrName = "sdy.dim_sharding";
  let parameters = (ins "::mlir::ArrayAttr":$axes, "bool":$closed,
                        "int64_t":$priority);
}

def Sdy_TensorShardingAttr : Sdy_Attr<"TensorSharding", "sharding"> {
  let summary = "A tensor's sharding: `<@mesh, [{\"x\"}, {}], replicated={\"y\"}>`";
  let description = [{
    The mesh (a symbol of an `sdy.mesh`, or inline), then per dimension the
    axes it is cut over (`?` marks a dimension open to further sharding,
    `pN` a priority), then the axes explicitly replicated and those whose
    values are unreduced partial results.
  }];
  let parameters = (ins "::mlir::Attribute":$mesh, "::mlir::ArrayAttr":$dims,
                        "::mlir::ArrayAttr":$replicated,
                        "::mlir::ArrayAttr":$unreduced);
  let extraClassDeclaration = [{
    static ::mlir::Attribute parseBody(::mlir::AsmParser &parser);
    void printBody(::mlir::AsmPrinter &printer) const;
  }];
}

def Sdy_TensorShardingPerValueAttr
    : Sdy_Attr<"TensorShardingPerValue", "sharding_per_value"> {
  let summary = "One sharding per value: `<[<@mesh, [{\"x\"}]>, ...]>`";
  let parameters = (ins "::mlir::ArrayAttr":$shardings);
}

def Sdy_ManualAxesAttr : Sdy_Attr<"ManualAxes", "manual_axes"> {
  let summary = "The mesh axes a manual computation is written per device of";
  let parameters = (ins "::mlir::ArrayAttr":$axes);
}

class Sdy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sdy_Dialect, mnemonic, traits>;

def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "A named mesh: `sdy.mesh @mesh = <[\"x\"=2]>`";
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_MeshAttr:$mesh);
  let assemblyFormat = "$sym_name `=` $mesh attr-dict";
}

def Sdy_ShardingConstraintOp : Sdy_Op<"sharding_constraint",
    [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "The input, held as `sharding` says (with_sharding_constraint)";
  let arguments = (ins AnyRankedTensor:$input,
                       Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ReshardOp : Sdy_Op<"reshard",
    [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "The input, resharded to `sharding` (jax.sharding.reshard)";
  let arguments = (ins AnyRankedTensor:$input,
                       Sdy_TensorShardingAttr:$sharding);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ShardingGroupOp : Sdy_Op<"sharding_group"> {
  let summary = "Asks that the values of a group be sharded alike";
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$group_id);
  let assemblyFormat = "$input `group_id` `=` $group_id attr-dict `:` type($input)";
}

def Sdy_ManualComputationOp : Sdy_Op<"manual_computation",
    [RecursiveMemoryEffects, IsolatedFromAbove,
     SingleBlockImplicitTerminator<"ReturnOp">]> {
  let summary = "shard_map: a body written per device over `manual_axes`";
  let description = [{
    Each device runs the body on its tile of every operand (cut as
    `in_shardings` says over the manual axes); the results are its tiles
    of the results (`out_shardings`).
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$tensors,
                       Sdy_TensorShardingPerValueAttr:$in_shardings,
                       Sdy_TensorShardingPerValueAttr:$out_shardings,
                       Sdy_ManualAxesAttr:$manual_axes);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

def Sdy_ReturnOp : Sdy_Op<"return",
    [Pure, Terminator, ReturnLike, HasParent<"ManualComputationOp">]> {
  let summary = "The results of a manual computation's body";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
}

#endif // TPU_DIALECTS_SDY_SDYOPS_TD
