//===- StablehloOps.td - stablehlo input ops ------------------*- tablegen -*-===//
//
// Each op's assembly is the one StableHLO prints; the generic form parses too.
// Verifiers check what convert-stablehlo-to-hlo relies on; the conversion
// reports what the TPU compiler does not support.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLOOPS_TD
#define TPU_DIALECTS_STABLEHLO_STABLEHLOOPS_TD

include "dialects/stablehlo/StablehloBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<StableHLO_Dialect, mnemonic, traits>;

def StableHLO_Tensor : RankedTensorOf<[AnyType]>;

//===----------------------------------------------------------------------===//
// Elementwise ops: `%x : T` or `%x : (T) -> R` when the types differ
//===----------------------------------------------------------------------===//

class StableHLO_UnaryOp<string mnemonic, string what, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat([Pure, SameOperandsAndResultShape],
                                         traits)> {
  let summary = what # ", elementwise";
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
        custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

class StableHLO_SameTypeUnaryOp<string mnemonic, string what>
    : StableHLO_UnaryOp<mnemonic, what, [SameOperandsAndResultType]>;

// Transcendental ops: an optional result_accuracy. The import keeps the
// TPU's own functions (f32, within a few ULP of the exact result;
// docs/stablehlo.md) whatever accuracy is asked for.
class StableHLO_AccurateUnaryOp<string mnemonic, string what>
    : StableHLO_SameTypeUnaryOp<mnemonic, what> {
  let arguments = (ins StableHLO_Tensor:$operand,
                       OptionalAttr<StableHLO_ResultAccuracy>:$result_accuracy);
}

def StableHLO_AbsOp : StableHLO_UnaryOp<"abs", "absolute value"> {
  let hasVerifier = 1;
}
def StableHLO_NegOp : StableHLO_SameTypeUnaryOp<"negate", "negation">;
def StableHLO_ExpOp : StableHLO_AccurateUnaryOp<"exponential", "e^x">;
def StableHLO_Expm1Op : StableHLO_AccurateUnaryOp<"exponential_minus_one",
                                                  "e^x - 1">;
def StableHLO_LogOp : StableHLO_AccurateUnaryOp<"log", "natural logarithm">;
def StableHLO_Log1pOp : StableHLO_AccurateUnaryOp<"log_plus_one", "log(1 + x)">;
def StableHLO_LogisticOp : StableHLO_AccurateUnaryOp<"logistic",
                                                     "1 / (1 + e^-x)">;
def StableHLO_TanhOp : StableHLO_AccurateUnaryOp<"tanh", "hyperbolic tangent">;
def StableHLO_TanOp : StableHLO_AccurateUnaryOp<"tan", "tangent">;
def StableHLO_SqrtOp : StableHLO_AccurateUnaryOp<"sqrt", "square root">;
def StableHLO_RsqrtOp : StableHLO_AccurateUnaryOp<"rsqrt",
                                                  "reciprocal square root">;
def StableHLO_CbrtOp : StableHLO_AccurateUnaryOp<"cbrt", "cube root">;
def StableHLO_FloorOp : StableHLO_SameTypeUnaryOp<"floor", "round down">;
def StableHLO_CeilOp : StableHLO_SameTypeUnaryOp<"ceil", "round up">;
def StableHLO_RoundNearestEvenOp : StableHLO_SameTypeUnaryOp<
    "round_nearest_even", "round to nearest, ties to even">;
def StableHLO_RoundNearestAfzOp : StableHLO_SameTypeUnaryOp<
    "round_nearest_afz", "round to nearest, ties away from zero">;
def StableHLO_SineOp : StableHLO_AccurateUnaryOp<"sine", "sine">;
def StableHLO_CosineOp : StableHLO_AccurateUnaryOp<"cosine", "cosine">;
def StableHLO_NotOp : StableHLO_SameTypeUnaryOp<"not", "bitwise not">;
def StableHLO_SignOp : StableHLO_SameTypeUnaryOp<"sign", "sign (-1, 0, 1)">;
def StableHLO_PopcntOp : StableHLO_SameTypeUnaryOp<"popcnt",
                                                   "number of set bits">;
def StableHLO_ClzOp : StableHLO_SameTypeUnaryOp<"count_leading_zeros",
                                                "number of leading zero bits">;
def StableHLO_IsFiniteOp : StableHLO_UnaryOp<"is_finite",
                                             "whether a float is finite"> {
  let hasVerifier = 1;
}
def StableHLO_ConvertOp : StableHLO_UnaryOp<"convert",
                                            "element type conversion">;
def StableHLO_RealOp : StableHLO_UnaryOp<"real", "real part"> {
  let hasVerifier = 1;
}
def StableHLO_ImagOp : StableHLO_UnaryOp<"imag", "imaginary part"> {
  let hasVerifier = 1;
}

def StableHLO_BitcastConvertOp : StableHLO_Op<"bitcast_convert", [Pure]> {
  let summary = "reinterprets the bits of each element";
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
        custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ReducePrecisionOp : StableHLO_Op<"reduce_precision",
                                               [Pure, SameOperandsAndResultType]> {
  let summary = "rounds each element to a float format of fewer bits and back";
  let arguments = (ins StableHLO_Tensor:$operand, I32Attr:$exponent_bits,
                       I32Attr:$mantissa_bits);
  let results = (outs StableHLO_Tensor:$output);
  let assemblyFormat = [{
    $operand `,` `format` `=`
        custom<ExponentMantissa>($exponent_bits, $mantissa_bits) attr-dict `:`
        custom<SameOperandsAndResultType>(type($operand), type($output))
  }];
  let hasVerifier = 1;
}

def SameTypesOrQuantized
    : NativeOpTrait<"SameTypesOrQuantized"> {
  let cppNamespace = "::mlir::OpTrait::stablehlo";
}

class StableHLO_BinaryOp<string mnemonic, string what>
    : StableHLO_Op<mnemonic, [Pure, SameOperandsShape, SameTypesOrQuantized]> {
  let summary = what # ", elementwise";
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
        custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

def StableHLO_AddOp : StableHLO_BinaryOp<"add", "addition">;
def StableHLO_SubtractOp : StableHLO_BinaryOp<"subtract", "subtraction">;
def StableHLO_MulOp : StableHLO_BinaryOp<"multiply", "multiplication">;
def StableHLO_DivOp : StableHLO_BinaryOp<"divide", "division">;
def StableHLO_RemOp : StableHLO_BinaryOp<"remainder",
                                         "remainder of truncated division">;
def StableHLO_PowOp : StableHLO_BinaryOp<"power", "exponentiation">;
def StableHLO_MaxOp : StableHLO_BinaryOp<"maximum", "maximum">;
def StableHLO_MinOp : StableHLO_BinaryOp<"minimum", "minimum">;
def StableHLO_AndOp : StableHLO_BinaryOp<"and", "bitwise and">;
def StableHLO_OrOp : StableHLO_BinaryOp<"or", "bitwise or">;
def StableHLO_XorOp : StableHLO_BinaryOp<"xor", "bitwise exclusive or">;
def StableHLO_ShiftLeftOp : StableHLO_BinaryOp<"shift_left", "left shift">;
def StableHLO_ShiftRightLogicalOp : StableHLO_BinaryOp<"shift_right_logical",
                                                       "logical right shift">;
def StableHLO_ShiftRightArithmeticOp : StableHLO_BinaryOp<
    "shift_right_arithmetic", "arithmetic right shift">;
def StableHLO_Atan2Op : StableHLO_BinaryOp<"atan2", "atan2(lhs, rhs)">;

def StableHLO_CompareOp : StableHLO_Op<"compare",
    [Pure, SameOperandsAndResultShape, SameTypeOperands]> {
  let summary = "elementwise comparison";
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
      StableHLO_ComparisonDirectionAttr:$comparison_direction,
      OptionalAttr<StableHLO_ComparisonTypeAttr>:$compare_type);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict
        `:` functional-type(operands, results)
  }];
}

def StableHLO_SelectOp : StableHLO_Op<"select", [Pure]> {
  let summary = "elementwise choice; the predicate may be a scalar";
  let arguments = (ins StableHLO_Tensor:$pred, StableHLO_Tensor:$on_true,
                       StableHLO_Tensor:$on_false);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` custom<SelectType>(type($pred), type($on_true),
        type($on_false), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_ClampOp : StableHLO_Op<"clamp", [Pure]> {
  let summary = "min(max(operand, min), max); the bounds may be scalars";
  let arguments = (ins StableHLO_Tensor:$min, StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$max);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:`
        custom<SameOperandsAndResultType>(type($min), type($operand),
                                          type($max), type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants and data movement
//===----------------------------------------------------------------------===//

def StableHLO_ConstantOp : StableHLO_Op<"constant",
    [ConstantLike, Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "a constant tensor";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs StableHLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  // ConstantLike ops fold to their value (m_Constant relies on it).
  let hasFolder = 1;
}

def StableHLO_IotaOp : StableHLO_Op<"iota", [Pure]> {
  let summary = "0, 1, 2, ... along a dimension";
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs StableHLO_Tensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def StableHLO_BroadcastInDimOp : StableHLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast, operand dimension i to broadcast_dimensions[i]";
  let arguments = (ins StableHLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReshapeOp : StableHLO_Op<"reshape",
    [Pure, SameOperandsAndResultElementType]> {
  let summary = "the same elements in a new shape";
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def StableHLO_TransposeOp : StableHLO_Op<"transpose",
    [Pure, SameOperandsAndResultElementType]> {
  let summary = "permutes dimensions: result dim i is operand dim permutation[i]";
  let arguments = (ins StableHLO_Tensor:$operand,
                       DenseI64ArrayAttr:$permutation);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ReverseOp : StableHLO_Op<"reverse",
    [Pure, SameOperandsAndResultType]> {
  let summary = "reverses the order of elements along dimensions";
  let arguments = (ins StableHLO_Tensor:$operand,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict `:`
        custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_SliceOp : StableHLO_Op<"slice",
    [Pure, SameOperandsAndResultElementType]> {
  let summary = "a strided static slice";
  let arguments = (ins StableHLO_Tensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
        attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicSliceOp : StableHLO_Op<"dynamic_slice", [Pure]> {
  let summary = "a slice at run-time start indices, clamped into range";
  let arguments = (ins StableHLO_Tensor:$operand,
                       Variadic<StableHLO_Tensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` custom<ConcatenateInputs>($start_indices) `sizes` `=`
        $slice_sizes attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DynamicUpdateSliceOp : StableHLO_Op<"dynamic_update_slice",
                                                  [Pure]> {
  let summary = "writes update at run-time start indices, clamped into range";
  let arguments = (ins StableHLO_Tensor:$operand, StableHLO_Tensor:$update,
                       Variadic<StableHLO_Tensor>:$start_indices);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    operands attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_PadOp : StableHLO_Op<"pad", [Pure]> {
  let summary = "edge and interior padding (negative edges crop)";
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,`
        `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding
        attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ConcatenateOp : StableHLO_Op<"concatenate", [Pure]> {
  let summary = "joins tensors along a dimension";
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    custom<ConcatenateInputs>($inputs) `dim` `=` $dimension attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def StableHLO_DotGeneralOp : StableHLO_Op<"dot_general", [Pure]> {
  let summary = "generalized matrix product";
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
      StableHLO_DotDimensionNumbers:$dot_dimension_numbers,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config,
      OptionalAttr<StableHLO_DotAlgorithm>:$algorithm);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensionNumbers>($dot_dimension_numbers) ``
        custom<PrecisionConfigAndAlgorithm>($precision_config, $algorithm)
        attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_DotOp : StableHLO_Op<"dot", [Pure]> {
  let summary = "matrix product of rank-1 or rank-2 operands (deprecated)";
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<PrecisionConfig>($precision_config) attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_ConvolutionOp : StableHLO_Op<"convolution", [Pure]> {
  let summary = "convolution with general dimension numbers";
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
      OptionalAttr<DenseI64ArrayAttr>:$window_strides,
      OptionalAttr<I64ElementsAttr>:$padding,
      OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
      OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
      OptionalAttr<DenseBoolArrayAttr>:$window_reversal,
      StableHLO_ConvDimensionNumbers:$dimension_numbers,
      I64Attr:$feature_group_count,
      I64Attr:$batch_group_count,
      OptionalAttr<StableHLO_PrecisionConfigAttr>:$precision_config);
  let results = (outs StableHLO_Tensor:$result);
  // `(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {..}
  // {feature_group_count = 1 : i64, ...} : (...) -> ...`
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and regions
//===----------------------------------------------------------------------===//

def StableHLO_ReduceOp : StableHLO_Op<"reduce", [RecursiveMemoryEffects,
    SameVariadicOperandSize]> {
  let summary = "reduces dimensions with a body computation";
  let description = [{
    Printed compactly when the body is one binary op on its arguments:

    ```mlir
    %r = stablehlo.reduce(%x init: %zero) applies stablehlo.add
        across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    ```

    and otherwise with a `reducer` whose arguments pair each accumulator
    with its input element.
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       Variadic<StableHLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_ReduceWindowOp : StableHLO_Op<"reduce_window", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "reduces each window of the inputs with a body computation";
  let description = [{
    Pooling and cumulative ops (JAX's `cumsum`, `cummax`, `reduce_window`):
    the inputs, padded with the init values, are reduced over each window.
    StableHLO prints it in the generic form only.
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       Variadic<StableHLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def StableHLO_SelectAndScatterOp : StableHLO_Op<"select_and_scatter", [
    RecursiveMemoryEffects]> {
  let summary = "scatters each source value to the element its window selects";
  let description = [{
    The gradient of max pooling (JAX's `_select_and_scatter_add`): over each
    window of `operand`, `select` picks one element, and the source value of
    that window is combined into it by `scatter`, starting from
    `init_value`. StableHLO prints it in the generic form only.
  }];
  let arguments = (ins StableHLO_Tensor:$operand, StableHLO_Tensor:$source,
                       StableHLO_Tensor:$init_value,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs StableHLO_Tensor);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let hasVerifier = 1;
}

def StableHLO_ScatterOp : StableHLO_Op<"scatter", [
    RecursiveMemoryEffects, SameVariadicOperandSize]> {
  let summary = "updates windows of the inputs at indices with a computation";
  let description = [{
    JAX's `x.at[idx].set/add/mul/min/max(...)`. StableHLO prints it in the
    generic form only.
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       StableHLO_Tensor:$scatter_indices,
                       Variadic<StableHLO_Tensor>:$updates,
                       StableHLO_ScatterDimensionNumbers:$scatter_dimension_numbers,
                       OptionalAttr<BoolAttr>:$indices_are_sorted,
                       OptionalAttr<BoolAttr>:$unique_indices);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$update_computation);
  let hasVerifier = 1;
}

def StableHLO_TriangularSolveOp : StableHLO_Op<"triangular_solve", [Pure]> {
  let summary = "solves triangular systems of linear equations";
  let description = [{
    `jax.scipy.linalg.solve_triangular`: for each batch, x with op(a) x = b
    (`left_side`) or x op(a) = b, where a is lower or upper triangular (the
    other triangle is not read), `unit_diagonal` takes its diagonal as ones
    and op is the identity, the transpose or the adjoint (the transpose for
    real numbers). StableHLO prints it in the generic form only.
  }];
  let arguments = (ins StableHLO_Tensor:$a, StableHLO_Tensor:$b,
                       BoolAttr:$left_side, BoolAttr:$lower,
                       BoolAttr:$unit_diagonal,
                       StableHLO_TransposeAttr:$transpose_a);
  let results = (outs StableHLO_Tensor);
  let hasVerifier = 1;
}

def StableHLO_CholeskyOp : StableHLO_Op<"cholesky", [Pure,
    AllTypesMatch<["a", "result"]>]> {
  let summary = "Cholesky factor of symmetric positive definite matrices";
  let description = [{
    L with `a = L L^T` (lower) or U with `a = U^T U` (upper), over the last
    two dimensions; only that triangle of `a` is read.

    ```mlir
    %l = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$a,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$lower);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $a (`,` `lower` `=` $lower^)? attr-dict `:` type($a)
  }];
  let hasVerifier = 1;
}

def StableHLO_GatherOp : StableHLO_Op<"gather", [Pure]> {
  let summary = "slices of the operand at indices, stacked";
  let description = [{
    `x[idx]` with array indices in JAX (`jnp.take`, embedding lookups). For
    each position of `start_indices` other than `index_vector_dim`, the
    slice of `slice_sizes` starting at the index vector there (its entries
    placed by `start_index_map`, the rest 0, each clamped so the slice
    fits), without its `collapsed_slice_dims`, along `offset_dims` of the
    result. StableHLO prints it in the generic form only.
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       StableHLO_Tensor:$start_indices,
                       StableHLO_GatherDimensionNumbers:$dimension_numbers,
                       DenseI64ArrayAttr:$slice_sizes,
                       OptionalAttr<BoolAttr>:$indices_are_sorted);
  let results = (outs StableHLO_Tensor);
  let hasVerifier = 1;
}

def StableHLO_SortOp : StableHLO_Op<"sort", [RecursiveMemoryEffects]> {
  let summary = "sorts tensors together along a dimension with a comparator";
  let description = [{
    `jnp.sort`, `argsort` and `lax.sort`. StableHLO prints it in the generic
    form only; `dimension` defaults to -1 (the last) and `is_stable` to
    false.
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       DefaultValuedOptionalAttr<I64Attr, "-1">:$dimension,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_stable);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$comparator);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control flow: parsed so that the import can say at the op that it does not
// compile control flow yet.
//===----------------------------------------------------------------------===//

def StableHLO_WhileOp : StableHLO_Op<"while", [RecursiveMemoryEffects]> {
  let summary = "repeats the body while the condition holds";
  let description = [{
    ```mlir
    %r:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<f32>
     cond { ... stablehlo.return %p : tensor<i1> }
     do { ... stablehlo.return %i1, %acc1 : tensor<i32>, tensor<f32> }
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operand);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def StableHLO_IfOp : StableHLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "runs one of two branches on a scalar predicate";
  let arguments = (ins StableHLO_Tensor:$pred);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

def StableHLO_CaseOp : StableHLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "runs the branch a scalar index selects";
  let arguments = (ins StableHLO_Tensor:$index);
  let results = (outs Variadic<StableHLO_Tensor>);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator]> {
  let summary = "the results of a region";
  let arguments = (ins Variadic<StableHLO_Tensor>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

//===----------------------------------------------------------------------===//
// Calls into the runtime
//===----------------------------------------------------------------------===//

def StableHLO_CustomCallOp : StableHLO_Op<"custom_call"> {
  let summary = "a call to a target the framework's runtime provides";
  // Values of any kind, tuples included: XLA's TPU linear-algebra targets
  // (`Eigh`, `LuDecomposition`, `Qr`) return one tuple of their results.
  let arguments = (ins Variadic<AnyTypeOf<[StableHLO_Tensor, AnyTuple]>>:$inputs,
                       StrAttr:$call_target_name,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$has_side_effect,
                       OptionalAttr<AnyAttr>:$backend_config,
                       OptionalAttr<AnyAttr>:$api_version,
                       OptionalAttr<ArrayAttr>:$operand_layouts,
                       OptionalAttr<ArrayAttr>:$result_layouts,
                       OptionalAttr<TypedArrayAttrBase<
                           StableHLO_OutputOperandAlias,
                           "output operand aliases">>:$output_operand_aliases);
  let results = (outs Variadic<AnyTypeOf<[StableHLO_Tensor, AnyTuple]>>);
  let assemblyFormat = [{
    custom<CustomCallTarget>($call_target_name) `(` $inputs `)` attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

include "dialects/stablehlo/StablehloCollectiveOps.td"

//===----------------------------------------------------------------------===//
// Elementwise computations, calls, barriers and shape queries
//===----------------------------------------------------------------------===//

def StableHLO_BroadcastOp : StableHLO_Op<"broadcast", [Pure]> {
  let summary = "prepends dimensions of the given sizes (legacy broadcast)";
  let description = [{
    The result's shape is `broadcast_sizes` followed by the operand's; every
    new index reads the operand at the old ones. Not in the specification
    any more (it is `broadcast_in_dim` with the trailing dimensions), but
    older exporters write it.
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_sizes);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `sizes` `=` $broadcast_sizes attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_TupleOp : StableHLO_Op<"tuple", [Pure]> {
  let summary = "groups values into a tuple";
  let description = [{
    Exporters group a custom call's operands or results in tuples (JAX's
    `eigh`, `lu` and `qr` on TPU); `get_tuple_element` takes them apart.

    ```mlir
    %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<2xi32>>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$val);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = [{
    $val attr-dict `:` custom<TupleOpType>(type($val), type($result))
  }];
  let hasVerifier = 1;
}

def StableHLO_GetTupleElementOp : StableHLO_Op<"get_tuple_element", [Pure]> {
  let summary = "element `index` of a tuple";
  let arguments = (ins AnyTuple:$operand, I32Attr:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $operand `[` $index `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_OptimizationBarrierOp : StableHLO_Op<"optimization_barrier", [
    Pure]> {
  let summary = "returns its operands, which no optimization moves across";
  let description = [{
    JAX's `jax.lax.optimization_barrier` (used to keep rematerialization
    from being undone). The results are the operands.
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operand);
  let results = (outs Variadic<StableHLO_Tensor>:$result);
  let assemblyFormat = [{
    attr-dict ($operand^ `:` custom<PairwiseTypes>(type($operand),
                                                   type($result))):(`(` `)`)?
  }];
  let hasVerifier = 1;
}

def StableHLO_MapOp : StableHLO_Op<"map", [RecursiveMemoryEffects]> {
  let summary = "applies a scalar computation elementwise";
  let description = [{
    `computation` takes one rank-0 tensor per input and returns one; the
    result applies it at every index. `dimensions` must be all of them, in
    order. StableHLO prints it in the generic form only.
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs StableHLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$computation);
  let hasVerifier = 1;
}

def StableHLO_GetDimensionSizeOp : StableHLO_Op<"get_dimension_size", [Pure]> {
  let summary = "the size of one dimension of the operand, as an i32 scalar";
  let arguments = (ins StableHLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs TensorOf<[I32]>:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_CompositeOp : StableHLO_Op<"composite", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<CallOpInterface>]> {
  let summary = "a named op given by a function that computes it";
  let description = [{
    An exporter's higher-level op (`stablehlo.gelu`, a layer norm) with its
    meaning as the call of `decomposition`. The import inlines the
    decomposition, as the inliner does for a call.

    ```mlir
    %r = stablehlo.composite "my.gelu" %x {decomposition = @gelu_impl}
        : (tensor<8xf32>) -> tensor<8xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$name,
      DefaultValuedOptionalAttr<DictionaryAttr, "{}">:$composite_attributes,
      FlatSymbolRefAttr:$decomposition,
      DefaultValuedOptionalAttr<I32Attr, "0">:$version,
      OptionalAttr<DictArrayAttr>:$arg_attrs,
      OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $name $inputs attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Batch normalization
//===----------------------------------------------------------------------===//

class StableHLO_BatchNormOp<string mnemonic, string what>
    : StableHLO_Op<mnemonic, [Pure]> {
  let summary = what;
  let hasVerifier = 1;
}

def StableHLO_BatchNormInferenceOp : StableHLO_BatchNormOp<
    "batch_norm_inference", "normalizes with a given mean and variance"> {
  let description = [{
    `(operand - mean) / sqrt(variance + epsilon) * scale + offset`, the
    per-feature tensors broadcast along `feature_index`.
  }];
  let arguments = (ins StableHLO_Tensor:$operand, StableHLO_Tensor:$scale,
                       StableHLO_Tensor:$offset, StableHLO_Tensor:$mean,
                       StableHLO_Tensor:$variance, F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs StableHLO_Tensor:$result);
}

def StableHLO_BatchNormTrainingOp : StableHLO_BatchNormOp<
    "batch_norm_training", "normalizes with the batch's mean and variance"> {
  let description = [{
    The mean and (biased) variance of each feature over every other
    dimension, then batch_norm_inference with them; returns the normalized
    operand, the means and the variances.
  }];
  let arguments = (ins StableHLO_Tensor:$operand, StableHLO_Tensor:$scale,
                       StableHLO_Tensor:$offset, F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs StableHLO_Tensor:$output, StableHLO_Tensor:$batch_mean,
                      StableHLO_Tensor:$batch_var);
}

def StableHLO_BatchNormGradOp : StableHLO_BatchNormOp<
    "batch_norm_grad", "gradients of batch_norm_training"> {
  let description = [{
    The gradients of batch_norm_training's output with respect to its
    operand, scale and offset, given the output's gradient and the mean and
    variance it used (XLA's batchnorm expander, as the specification
    writes it).
  }];
  let arguments = (ins StableHLO_Tensor:$operand, StableHLO_Tensor:$scale,
                       StableHLO_Tensor:$mean, StableHLO_Tensor:$variance,
                       StableHLO_Tensor:$grad_output, F32Attr:$epsilon,
                       I64Attr:$feature_index);
  let results = (outs StableHLO_Tensor:$grad_operand,
                      StableHLO_Tensor:$grad_scale,
                      StableHLO_Tensor:$grad_offset);
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "random bits from a counter-based generator and its state";
  let description = [{
    `output` filled with random bits and the state to continue from, a
    deterministic function of `initial_state` (a key, then a counter): JAX's
    `jax.random` with the `rbg` implementation and `lax.rng_bit_generator`.

    ```mlir
    %state, %bits = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY
        : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x8xui32>)
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$initial_state,
                       StableHLO_RngAlgorithmAttr:$rng_algorithm);
  let results = (outs StableHLO_Tensor:$output_state,
                      StableHLO_Tensor:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_RngOp : StableHLO_Op<"rng"> {
  let summary = "random numbers of a distribution (implementation-defined)";
  let description = [{
    Uniform in `[a, b)` or normal with mean `a` and standard deviation `b`,
    of the shape `shape` holds. The generator is the implementation's;
    StableHLO's legacy form of JAX's and TensorFlow's older random ops.
  }];
  let arguments = (ins 0DTensorOf<[AnyInteger, AnyFloat, I1]>:$a,
                       0DTensorOf<[AnyInteger, AnyFloat, I1]>:$b,
                       1DTensorOf<[AnyInteger, Index]>:$shape,
                       StableHLO_RngDistributionAttr:$rng_distribution);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=` $rng_distribution attr-dict
        `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

include "dialects/stablehlo/StablehloDynamicOps.td"

def StableHLO_UniformQuantizeOp : StableHLO_Op<"uniform_quantize",
                                               [Pure, SameOperandsAndResultShape]> {
  let summary = "quantizes floats, or requantizes, to a !quant.uniform type";
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_UniformDequantizeOp : StableHLO_Op<"uniform_dequantize",
                                                 [Pure, SameOperandsAndResultShape]> {
  let summary = "dequantizes a !quant.uniform tensor to its expressed type";
  let arguments = (ins StableHLO_Tensor:$operand);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def StableHLO_EinsumOp : StableHLO_Op<"einsum", [Pure]> {
  let summary = "Einstein summation of two operands (legacy)";
  let description = [{
    `einsum_config` labels each operand's dimensions and the result's,
    `"ab,bc->ac"`: labels of both operands kept in the result are batch
    dimensions, labels of both dropped are contracted, labels of one operand
    dropped are summed away first.
  }];
  let arguments = (ins StableHLO_Tensor:$lhs, StableHLO_Tensor:$rhs,
                       StrAttr:$einsum_config);
  let results = (outs StableHLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `config` `=` $einsum_config attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The labels of lhs, rhs and the result, when the config is well
    /// formed.
    std::optional<std::array<::llvm::StringRef, 3>> getLabels();
  }];
}

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLOOPS_TD
