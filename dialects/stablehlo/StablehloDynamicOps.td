//===- StablehloDynamicOps.td - shapes given as operands --*- tablegen -*-===//
//
// Ops whose shapes, sizes or padding come as operands. With static result
// types they are static programs: the import reads the operand when it is a
// constant and checks it against the types. Included by StablehloOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLODYNAMICOPS_TD
#define TPU_DIALECTS_STABLEHLO_STABLEHLODYNAMICOPS_TD

def StableHLO_ShapeTensor : 1DTensorOf<[AnyInteger, Index]>;

def StableHLO_DynamicIotaOp : StableHLO_Op<"dynamic_iota", [Pure]> {
  let summary = "iota of the shape an operand holds";
  let arguments = (ins StableHLO_ShapeTensor:$output_shape,
                       I64Attr:$iota_dimension);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $output_shape `,` `dim` `=` $iota_dimension attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicReshapeOp : StableHLO_Op<"dynamic_reshape", [Pure]> {
  let summary = "reshape to the shape an operand holds";
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_ShapeTensor:$output_shape);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_shape attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicBroadcastInDimOp : StableHLO_Op<"dynamic_broadcast_in_dim",
    [Pure]> {
  let summary = "broadcast_in_dim to the shape an operand holds";
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_ShapeTensor:$output_dimensions,
                       DenseI64ArrayAttr:$broadcast_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_expanding_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$known_nonexpanding_dimensions);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $output_dimensions `,` `dims` `=` $broadcast_dimensions
        attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_SetDimensionSizeOp : StableHLO_Op<"set_dimension_size", [Pure]> {
  let summary = "gives one dimension a size known at run time";
  let description = [{
    XLA's dynamic padding: elements of `dimension` past `size` become
    padding. With static types the import takes a constant size equal to
    the dimension (then the op changes nothing) and refuses any other.
  }];
  let arguments = (ins StableHLO_Tensor:$operand, TensorOf<[I32]>:$size,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $size `,` `dim` `=` $dimension attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_TorchIndexSelectOp
    : StableHLO_Op<"torch_index_select", [Pure]> {
  let summary = "PyTorch's index_select (a legacy op exporters still write)";
  let description = [{
    `result[b..., i..., j..., k...] = operand[b..., i..., index[b..., j...],
    k...]`: the slices of `operand` along `dim` that `index` names, with
    the first `batch_dims` dimensions shared by `operand` and `index`. The
    result's shape is `operand`'s before `dim`, then `index`'s after its
    batch dimensions, then `operand`'s after `dim`. Negative `dim` and
    `batch_dims` count from the end (of `operand` and `index`). Written in
    the generic form, as exporters print it:

    ```mlir
    %0 = "stablehlo.torch_index_select"(%table, %ids)
        {batch_dims = 0 : i64, dim = 0 : i64}
        : (tensor<30522x768xf32>, tensor<8x128xi32>) -> tensor<8x128x768xf32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       RankedTensorOf<[AnyInteger]>:$index,
                       I64Attr:$dim, I64Attr:$batch_dims);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// `dim` and `batch_dims` with negative values counted from the end.
    int64_t getSelectDim();
    int64_t getBatchDimCount();
  }];
}

def StableHLO_DynamicGatherOp : StableHLO_Op<"dynamic_gather", [Pure]> {
  let summary = "gather with the slice sizes as an operand";
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$start_indices,
                       StableHLO_ShapeTensor:$slice_sizes,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       OptionalAttr<BoolAttr>:$indices_are_sorted);
  let results = (outs StableHLO_Tensor);
  let hasVerifier = 1;
}

def StableHLO_DynamicConvOp : StableHLO_Op<"dynamic_conv", [Pure]> {
  let summary = "convolution with the padding as an operand";
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
      RankedTensorOf<[AnyInteger]>:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      StableHLO_ConvDimensionNumbers:$dimension_numbers,
      ConfinedAttr<I64Attr, [IntPositive]>:$feature_group_count,
      ConfinedAttr<I64Attr, [IntPositive]>:$batch_group_count,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_DynamicPadOp : StableHLO_Op<"dynamic_pad", [Pure]> {
  let summary = "pad with the paddings as operands";
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$padding_value,
                       StableHLO_ShapeTensor:$edge_padding_low,
                       StableHLO_ShapeTensor:$edge_padding_high,
                       StableHLO_ShapeTensor:$interior_padding);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLODYNAMICOPS_TD
