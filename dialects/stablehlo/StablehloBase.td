//===- StablehloBase.td - stablehlo input dialect, attributes -*- tablegen -*-===//
//
// The project's reading of StableHLO text: ops, enums and attributes with the
// names, attribute names and assembly that StableHLO's printer emits, so that
// programs exported by JAX, TensorFlow and PyTorch/XLA parse unchanged. It is
// an input dialect: convert-stablehlo-to-hlo replaces it before any other pass.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLOBASE_TD
#define TPU_DIALECTS_STABLEHLO_STABLEHLOBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::mlir::stablehlo";
  let summary = "StableHLO as exported by ML frameworks (input only)";
  let description = [{
    The ops of StableHLO (openxla/stablehlo's spec) that the TPU compiler
    imports, in StableHLO's own pretty and generic syntax. Semantics are the
    spec's; `convert-stablehlo-to-hlo` maps each op to `hlo` or reports at its
    location why it cannot.
  }];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Enums: printed `#stablehlo<comparison_direction EQ>` in attributes and as a
// bare keyword inside op syntax, as StableHLO does.
//===----------------------------------------------------------------------===//

def StableHLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}
def StableHLO_ComparisonDirectionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonDirection, "comparison_direction">;

def StableHLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}
def StableHLO_ComparisonTypeAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ComparisonType, "comparison_type">;

def StableHLO_Precision : I32EnumAttr<"Precision", "dot precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}
def StableHLO_PrecisionAttr : EnumAttr<StableHLO_Dialect, StableHLO_Precision,
                                       "precision">;
def StableHLO_Transpose : I32EnumAttr<"Transpose", "triangular_solve's op(a)",
    [I32EnumAttrCase<"TRANSPOSE_INVALID", 0>, I32EnumAttrCase<"NO_TRANSPOSE", 1>,
     I32EnumAttrCase<"TRANSPOSE", 2>, I32EnumAttrCase<"ADJOINT", 3>]> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}
def StableHLO_TransposeAttr : EnumAttr<StableHLO_Dialect, StableHLO_Transpose,
                                       "transpose">;

def StableHLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm",
    "rng_bit_generator's algorithm", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"THREE_FRY", 1>,
      I32EnumAttrCase<"PHILOX", 2>]> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}
def StableHLO_RngAlgorithmAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngAlgorithm, "rng_algorithm">;

def StableHLO_RngDistribution : I32EnumAttr<"RngDistribution",
    "rng's distribution", [
      I32EnumAttrCase<"UNIFORM", 1>, I32EnumAttrCase<"NORMAL", 2>]> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}
def StableHLO_RngDistributionAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_RngDistribution, "rng_distribution">;

def StableHLO_ResultAccuracyMode : I32EnumAttr<"ResultAccuracyMode",
    "the accuracy a transcendental op's result is asked for", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>,
      I32EnumAttrCase<"TOLERANCE", 2>]> {
  let cppNamespace = "::mlir::stablehlo";
  let genSpecializedAttr = 0;
}
// `#stablehlo.result_accuracy_mode<HIGHEST>`, as StableHLO prints it.
def StableHLO_ResultAccuracyModeAttr : EnumAttr<StableHLO_Dialect,
    StableHLO_ResultAccuracyMode, "result_accuracy_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

def StableHLO_PrecisionConfigAttr
    : TypedArrayAttrBase<StableHLO_PrecisionAttr, "precision config">;

//===----------------------------------------------------------------------===//
// Structured attributes
//===----------------------------------------------------------------------===//

def StableHLO_ChannelHandle : AttrDef<StableHLO_Dialect, "ChannelHandle"> {
  let mnemonic = "channel_handle";
  let summary = "a collective's channel: handle > 0 makes it cross-partition";
  let description = [{
    `#stablehlo.channel_handle<handle = 1, type = 1>`
  }];
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_DotDimensionNumbers : AttrDef<StableHLO_Dialect, "DotDimensionNumbers"> {
  let mnemonic = "dot";
  let summary = "dimension numbers of dot_general";
  let description = [{
    `#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions =
    [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>`;
    empty lists may be left out.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_DotAlgorithm : AttrDef<StableHLO_Dialect, "DotAlgorithm"> {
  let mnemonic = "dot_algorithm";
  let summary = "the algorithm of a dot_general: operand and accumulation "
                "precisions and the primitive products it takes";
  let description = [{
    `#stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type
    = bf16, accumulation_type = f32, lhs_component_count = 1,
    rhs_component_count = 1, num_primitive_operations = 3,
    allow_imprecise_accumulation = false>` (bf16_bf16_f32_x3).
  }];
  // Snake-case names: struct(params) spells the keywords as StableHLO does.
  let parameters = (ins "::mlir::Type":$lhs_precision_type,
      "::mlir::Type":$rhs_precision_type, "::mlir::Type":$accumulation_type,
      "int64_t":$lhs_component_count, "int64_t":$rhs_component_count,
      "int64_t":$num_primitive_operations,
      "bool":$allow_imprecise_accumulation);
  let assemblyFormat = "`<` struct(params) `>`";
  // dot_general_c22-c25, at the attribute's own location.
  let genVerifyDecl = 1;
}

def StableHLO_ScatterDimensionNumbers
    : AttrDef<StableHLO_Dialect, "ScatterDimensionNumbers"> {
  let mnemonic = "scatter";
  let summary = "dimension numbers of scatter";
  let description = [{
    `#stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims =
    [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>`; empty
    lists and an index_vector_dim of 0 may be left out.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$updateWindowDims,
    ArrayRefParameter<"int64_t">:$insertedWindowDims,
    ArrayRefParameter<"int64_t">:$inputBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_GatherDimensionNumbers
    : AttrDef<StableHLO_Dialect, "GatherDimensionNumbers"> {
  let mnemonic = "gather";
  let summary = "dimension numbers of gather";
  let description = [{
    `#stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [2],
    start_index_map = [2], index_vector_dim = 1>`; empty lists and an
    index_vector_dim of 0 may be left out.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$offsetDims,
    ArrayRefParameter<"int64_t">:$collapsedSliceDims,
    ArrayRefParameter<"int64_t">:$operandBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ConvDimensionNumbers : AttrDef<StableHLO_Dialect, "ConvDimensionNumbers"> {
  let mnemonic = "conv";
  let summary = "dimension numbers of convolution";
  let description = [{
    `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`: where the
    batch (`b`), feature (`f`), kernel input and output feature (`i`, `o`)
    and numbered spatial dimensions sit in the input, kernel and output.
  }];
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    ArrayRefParameter<"int64_t">:$outputSpatialDimensions);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_OutputOperandAlias
    : AttrDef<StableHLO_Dialect, "OutputOperandAlias"> {
  let mnemonic = "output_operand_alias";
  let summary = "a custom_call result that shares an operand's buffer";
  let description = [{
    `#stablehlo.output_operand_alias<output_tuple_indices = [],
    operand_index = 0, operand_tuple_indices = []>`: the result (at the
    tuple path, empty for a non-tuple result) aliases operand
    `operand_index` (at its tuple path).
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$outputTupleIndices,
                        "int64_t":$operandIndex,
                        ArrayRefParameter<"int64_t">:$operandTupleIndices);
  let hasCustomAssemblyFormat = 1;
}

def StableHLO_ResultAccuracy : AttrDef<StableHLO_Dialect, "ResultAccuracy"> {
  let mnemonic = "result_accuracy";
  let summary = "the accuracy a transcendental op's result is asked for";
  let description = [{
    `#stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 1, mode =
    #stablehlo.result_accuracy_mode<TOLERANCE>>`: with TOLERANCE, the
    result may differ from the exact one by atol, rtol or ulps; DEFAULT and
    HIGHEST take no tolerances. Fields left out are 0 (mode DEFAULT).
  }];
  let parameters = (ins APFloatParameter<"absolute tolerance">:$atol,
                        APFloatParameter<"relative tolerance">:$rtol,
                        "int64_t":$ulps,
                        "ResultAccuracyModeAttr":$mode);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def StableHLO_AxisRef : AttrDef<StableHLO_Dialect, "AxisRef"> {
  let mnemonic = "axis_ref";
  let summary = "one named axis of a device mesh";
  let description = [{ `#stablehlo.axis_ref<name = "x">` }];
  let parameters = (ins StringRefParameter<"the axis name">:$name);
  let assemblyFormat = "`<` struct(params) `>`";
}

def StableHLO_ReplicaGroupMeshAxes
    : AttrDef<StableHLO_Dialect, "ReplicaGroupMeshAxes"> {
  let mnemonic = "replica_group_mesh_axes";
  let summary = "a collective's groups as axes of a named device mesh";
  let description = [{
    `#stablehlo.replica_group_mesh_axes<mesh = @mesh, axes =
    [#stablehlo.axis_ref<name = "x">]>`: the processes that differ only
    along `axes` of the mesh form one group (Shardy's form of
    replica_groups).
  }];
  let parameters = (ins "::mlir::FlatSymbolRefAttr":$mesh,
                        "::mlir::ArrayAttr":$axes);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLOBASE_TD
