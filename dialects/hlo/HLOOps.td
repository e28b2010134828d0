//===- HLOOps.td - hlo dialect operations ------------------*- tablegen -*-===//
//
// Each op's numbered constraints (C1, C2, ...) are specified in
// docs/dialects/hlo.md; the verifier cites them and test/dialects/hlo/
// invalid.mlir has one case per constraint.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_HLO_HLOOPS_TD
#define TPU_DIALECTS_HLO_HLOOPS_TD

include "dialects/hlo/HLOBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class HLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<HLO_Dialect, mnemonic, !listconcat([HLO_TensorTypes, Pure], traits)>;

//===----------------------------------------------------------------------===//
// Constants and iota
//===----------------------------------------------------------------------===//

def HLO_ConstantOp : HLO_Op<"constant", [ConstantLike, HLO_InferType]> {
  let summary = "A tensor constant";
  let description = [{
    Produces a tensor from the dense `value` attribute.

    ```mlir
    %c = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// Gives the result `type` (a new layout), retyping a dense value with
    /// it too: the printed form shows only the value, so its type is what
    /// carries the layout through a round trip.
    void setResultType(::mlir::RankedTensorType type);
  }];
}

def HLO_IotaOp : HLO_Op<"iota"> {
  let summary = "Values counting up along one dimension";
  let description = [{
    `output[i0, ..., iN] = i{iota_dimension}` converted to the element type.

    ```mlir
    %i = hlo.iota dim = 1 : tensor<4x10xi32>
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs HLO_Tensor:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise operations
//===----------------------------------------------------------------------===//

// Native traits that restrict element types with a precise message.
def HLO_FloatElements : NativeOpTrait<"FloatElements"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}
def HLO_NumericElements : NativeOpTrait<"NumericElements"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}
def HLO_IntegerElements : NativeOpTrait<"IntegerElements"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

class HLO_ElementwiseOp<string mnemonic, list<Trait> traits = []>
    : HLO_Op<mnemonic, !listconcat([HLO_SameShapeElementwise, Elementwise],
                                   traits)>;

class HLO_UnaryOp<string mnemonic, string what, list<Trait> traits = []>
    : HLO_ElementwiseOp<mnemonic, !listconcat([SameOperandsAndResultElementType,
          HLO_InferType], traits)> {
  let summary = "Elementwise " # what;
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = [{
    $operand attr-dict `:`
        custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def HLO_AbsOp : HLO_UnaryOp<"abs", "absolute value", [HLO_NumericElements]>;
def HLO_NegOp : HLO_UnaryOp<"negate", "negation", [HLO_NumericElements]>;
def HLO_ExpOp : HLO_UnaryOp<"exponential", "e^x", [HLO_FloatElements]>;
def HLO_LogOp : HLO_UnaryOp<"log", "natural logarithm", [HLO_FloatElements]>;
def HLO_TanhOp : HLO_UnaryOp<"tanh", "hyperbolic tangent", [HLO_FloatElements]>;
def HLO_LogisticOp : HLO_UnaryOp<"logistic", "logistic sigmoid 1/(1+e^-x)",
                                 [HLO_FloatElements]>;
def HLO_SqrtOp : HLO_UnaryOp<"sqrt", "square root", [HLO_FloatElements]>;
def HLO_RsqrtOp : HLO_UnaryOp<"rsqrt", "reciprocal square root",
                              [HLO_FloatElements]>;
def HLO_FloorOp : HLO_UnaryOp<"floor", "rounding toward -inf",
                              [HLO_FloatElements]>;
def HLO_CeilOp : HLO_UnaryOp<"ceil", "rounding toward +inf",
                             [HLO_FloatElements]>;
def HLO_RoundNearestEvenOp : HLO_UnaryOp<"round_nearest_even",
    "rounding to the nearest integer, ties to even", [HLO_FloatElements]>;
def HLO_SineOp : HLO_UnaryOp<"sine", "sine", [HLO_FloatElements]>;
def HLO_CosineOp : HLO_UnaryOp<"cosine", "cosine", [HLO_FloatElements]>;
def HLO_ErfOp : HLO_UnaryOp<"erf", "error function (CHLO's erf)",
                            [HLO_FloatElements]>;
def HLO_NotOp : HLO_UnaryOp<"not", "bitwise not (logical not for i1)",
                            [HLO_IntegerElements]>;
def HLO_TanOp : HLO_UnaryOp<"tan", "tangent", [HLO_FloatElements]>;
def HLO_CbrtOp : HLO_UnaryOp<"cbrt", "cube root", [HLO_FloatElements]>;
def HLO_SinhOp : HLO_UnaryOp<"sinh",
    "hyperbolic sine", [HLO_FloatElements]>;
def HLO_CoshOp : HLO_UnaryOp<"cosh",
    "hyperbolic cosine", [HLO_FloatElements]>;
def HLO_AsinhOp : HLO_UnaryOp<"asinh",
    "inverse hyperbolic sine", [HLO_FloatElements]>;
def HLO_AcoshOp : HLO_UnaryOp<"acosh",
    "inverse hyperbolic cosine", [HLO_FloatElements]>;
def HLO_AtanhOp : HLO_UnaryOp<"atanh",
    "inverse hyperbolic tangent", [HLO_FloatElements]>;
def HLO_ErfcOp : HLO_UnaryOp<"erfc",
    "complementary error function, accurate for large x", [HLO_FloatElements]>;
def HLO_LgammaOp : HLO_UnaryOp<"lgamma",
    "logarithm of the absolute value of the gamma function", [HLO_FloatElements]>;
def HLO_Expm1Op : HLO_UnaryOp<"exponential_minus_one",
    "e^x - 1, accurate near 0", [HLO_FloatElements]>;
def HLO_Log1pOp : HLO_UnaryOp<"log_plus_one", "log(1 + x), accurate near 0",
                              [HLO_FloatElements]>;
def HLO_RoundNearestAfzOp : HLO_UnaryOp<"round_nearest_afz",
    "rounding to the nearest integer, ties away from zero",
    [HLO_FloatElements]>;
def HLO_PopcntOp : HLO_UnaryOp<"popcnt", "number of bits set",
                               [HLO_IntegerElements, HLO_NumericElements]>;
def HLO_ClzOp : HLO_UnaryOp<"count_leading_zeros",
    "number of leading zero bits", [HLO_IntegerElements, HLO_NumericElements]>;

def HLO_ConvertOp : HLO_ElementwiseOp<"convert"> {
  let summary = "Elementwise element type conversion";
  let description = [{
    Converts each element to the result element type: float to integer
    rounds toward zero and saturates, integer to integer wraps, anything to
    `i1` compares with zero, `f32` to `bf16` rounds to nearest even.

    ```mlir
    %y = hlo.convert %x : (tensor<4xf32>) -> tensor<4xbf16>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$operand, "::mlir::Type":$elementType)>];
}

def HLO_BitcastConvertOp : HLO_ElementwiseOp<"bitcast_convert"> {
  let summary = "Elementwise reinterpretation of bits as another type";
  let description = [{
    Reads each element's bits as the result element type, of the same width
    (`f32` and `i32`/`ui32`, `f16`/`bf16` and `i16`/`ui16`, `i8` and `ui8`).
    `i1` has no bit pattern to reinterpret.

    ```mlir
    %bits = hlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xui32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
}

class HLO_BinaryOp<string mnemonic, string what, list<Trait> traits = []>
    : HLO_ElementwiseOp<mnemonic, !listconcat([SameOperandsAndResultElementType,
          HLO_InferType], traits)> {
  let summary = "Elementwise " # what;
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:`
        custom<SameOperandsAndResultType>(type($lhs), type($rhs), type($result))
  }];
}

def HLO_AddOp : HLO_BinaryOp<"add", "addition (logical or for i1)",
                             [Commutative]>;
def HLO_SubtractOp : HLO_BinaryOp<"subtract", "subtraction",
                                  [HLO_NumericElements]>;
def HLO_MulOp : HLO_BinaryOp<"multiply", "multiplication (logical and for i1)",
                             [Commutative]>;
def HLO_DivOp : HLO_BinaryOp<"divide",
    "division (integers round toward zero)", [HLO_NumericElements]>;
def HLO_MaxOp : HLO_BinaryOp<"maximum", "maximum (NaN propagates)",
                             [Commutative]>;
def HLO_MinOp : HLO_BinaryOp<"minimum", "minimum (NaN propagates)",
                             [Commutative]>;

def HLO_RemOp : HLO_BinaryOp<"remainder",
    "remainder of the division rounded toward zero (the dividend's sign; "
    "integers: x rem 0 is x)", [HLO_NumericElements]>;
def HLO_PowOp : HLO_BinaryOp<"power",
    "lhs to the power rhs (integers: exact, wrapping; a negative exponent "
    "gives 0 unless the base is 1 or -1)", [HLO_NumericElements]>;
def HLO_Atan2Op : HLO_BinaryOp<"atan2", "the angle of (rhs, lhs)",
                               [HLO_FloatElements]>;

def HLO_AndOp : HLO_BinaryOp<"and", "bitwise and (logical and for i1)",
                             [Commutative, HLO_IntegerElements]>;
def HLO_OrOp : HLO_BinaryOp<"or", "bitwise or (logical or for i1)",
                            [Commutative, HLO_IntegerElements]>;
def HLO_XorOp : HLO_BinaryOp<"xor", "bitwise exclusive or",
                             [Commutative, HLO_IntegerElements]>;
def HLO_ShiftLeftOp : HLO_BinaryOp<"shift_left",
    "left shift (0 when the amount is negative or at least the bit width)",
    [HLO_IntegerElements, HLO_NumericElements]>;
def HLO_ShiftRightLogicalOp : HLO_BinaryOp<"shift_right_logical",
    "logical right shift (0 when the amount is negative or at least the bit "
    "width)", [HLO_IntegerElements, HLO_NumericElements]>;
def HLO_ShiftRightArithmeticOp : HLO_BinaryOp<"shift_right_arithmetic",
    "arithmetic right shift (the sign fills when the amount is negative or "
    "at least the bit width)", [HLO_IntegerElements, HLO_NumericElements]>;

def HLO_CompareOp : HLO_ElementwiseOp<"compare", [SameTypeOperands,
                                                  HLO_InferType]> {
  let summary = "Elementwise comparison";
  let description = [{
    Compares `lhs` and `rhs` elementwise in `comparison_direction` and
    produces `i1` values. Floats compare as IEEE 754 (any comparison with NaN
    is false except NE); integers compare signed.

    ```mlir
    %p = hlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins HLO_ComparisonDirectionAttr:$comparison_direction,
                       HLO_Tensor:$lhs, HLO_Tensor:$rhs);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = [{
    custom<EnumKeyword>($comparison_direction) `,` $lhs `,` $rhs attr-dict `:`
        functional-type(operands, results)
  }];
}

def HLO_SelectOp : HLO_ElementwiseOp<"select", [HLO_InferType]> {
  let summary = "Elementwise choice between two tensors";
  let description = [{
    `result[i] = pred[i] ? on_true[i] : on_false[i]`; `pred` has element type
    `i1` and the shape of the other operands.

    ```mlir
    %r = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$pred, HLO_Tensor:$on_true,
                       HLO_Tensor:$on_false);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:` type($pred) `,`
        custom<SameOperandsAndResultType>(type($on_true), type($on_false),
                                          type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Shape operations
//===----------------------------------------------------------------------===//

def HLO_BroadcastInDimOp : HLO_Op<"broadcast_in_dim"> {
  let summary = "Broadcasts a tensor to a larger shape";
  let description = [{
    Dimension `i` of the operand maps to dimension `broadcast_dimensions[i]`
    of the result; operand dimensions of size 1 are expanded.

    ```mlir
    %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict `:`
        functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

def HLO_CopyOp : HLO_Op<"copy", [SameOperandsAndResultElementType,
                                 HLO_InferType]> {
  let summary = "Identity that may change the layout (XLA's copy)";
  let description = [{
    Returns its operand. Once layouts are assigned, operand and result may
    have different `#tpu.layout`s: this is the one op that changes a layout,
    inserted by `tpu-assign-layouts` where a relayout pays for itself.

    ```mlir
    %y = hlo.copy %x : (tensor<8x10xi32, #tpu.layout<{1,0:T(8,128)}>>)
        -> tensor<8x10xi32, #tpu.layout<{0,1:T(8,128)}>>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:`
        custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def HLO_ReshapeOp : HLO_Op<"reshape", [SameOperandsAndResultElementType]> {
  let summary = "Reinterprets a tensor with another shape in row-major order";
  let description = [{
    ```mlir
    %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = "$operand attr-dict `:` functional-type($operand, $result)";
  let hasVerifier = 1;
}

def HLO_TransposeOp : HLO_Op<"transpose", [HLO_InferType]> {
  let summary = "Permutes the dimensions of a tensor";
  let description = [{
    `result.shape[i] = operand.shape[permutation[i]]`.

    ```mlir
    %t = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_Tensor:$result);
  let hasFolder = 1;
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict `:`
        functional-type($operand, $result)
  }];
}

def HLO_ReverseOp : HLO_Op<"reverse", [HLO_InferType]> {
  let summary = "Reverses the order of elements along dimensions";
  let description = [{
    `result[..., i_d, ...] = operand[..., size_d - 1 - i_d, ...]` for each
    `d` in `dimensions`.

    ```mlir
    %r = hlo.reverse %x, dims = [1] : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict `:`
        custom<SameOperandsAndResultType>(type($operand), type($result))
  }];
}

def HLO_SliceOp : HLO_Op<"slice", [HLO_InferType]> {
  let summary = "A strided box of a tensor";
  let description = [{
    Takes, along each dimension `d`, the elements `start_indices[d]`,
    `start_indices[d] + strides[d]`, ... below `limit_indices[d]`. The custom
    form writes each dimension as `start:limit` or `start:limit:stride`.

    ```mlir
    %s = hlo.slice %x [0:2, 1:7:3] : (tensor<4x8xf32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand custom<SliceRanges>($start_indices, $limit_indices, $strides)
        attr-dict `:` functional-type($operand, $result)
  }];
}

def HLO_DynamicSliceOp : HLO_Op<"dynamic_slice"> {
  let summary = "A box of a tensor at start indices known at run time";
  let description = [{
    Takes `slice_sizes[d]` elements along each dimension `d`, from
    `clamp(start_indices[d], 0, size[d] - slice_sizes[d])`: one `i32`
    scalar per dimension, read at run time (the scalar core loads them, as
    XLA:TPU's dynamic-slice kernels do), clamped so the box stays inside.

    ```mlir
    %s = hlo.dynamic_slice %x[%i, %j], sizes = [2, 3]
        : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, Variadic<HLO_Tensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `,` `sizes` `=` $slice_sizes attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_DynamicUpdateSliceOp : HLO_Op<"dynamic_update_slice"> {
  let summary = "A tensor with a box overwritten at run-time start indices";
  let description = [{
    The operand with `update` written at `clamp(start_indices[d], 0,
    size[d] - update_size[d])` along each dimension `d` (one `i32` scalar
    per dimension, read at run time).

    ```mlir
    %r = hlo.dynamic_update_slice %x[%i, %j], %u
        : (tensor<4x8xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$update,
                       Variadic<HLO_Tensor>:$start_indices);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `,` $update attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_PadOp : HLO_Op<"pad", [HLO_InferType]> {
  let summary = "Pads a tensor at its edges and between its elements";
  let description = [{
    Adds `edge_padding_low[d]` and `edge_padding_high[d]` elements at the two
    ends of dimension `d` (negative values remove elements) and
    `interior_padding[d]` elements between neighbours, all holding the scalar
    `padding_value`.

    ```mlir
    %p = hlo.pad %x, %zero, low = [0, 1], high = [2, 0], interior = [0, 1]
        : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,`
        `high` `=` $edge_padding_high `,` `interior` `=` $interior_padding
        attr-dict `:` functional-type(operands, $result)
  }];
}

def HLO_ConcatenateOp : HLO_Op<"concatenate", [HLO_InferType,
                                               SameOperandsAndResultElementType]> {
  let summary = "Joins tensors along one dimension";
  let description = [{
    ```mlir
    %c = hlo.concatenate %a, %b, dim = 0
        : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<ConcatenateInputs>($inputs) `dim` `=` $dimension attr-dict `:`
        functional-type($inputs, $result)
  }];
}

//===----------------------------------------------------------------------===//
// MXU operations
//===----------------------------------------------------------------------===//

def HLO_DotGeneralOp : HLO_Op<"dot_general", [HLO_Contraction]> {
  let summary = "Generalized matrix multiplication";
  let description = [{
    Contracts `lhs_contracting_dimensions` of `lhs` with
    `rhs_contracting_dimensions` of `rhs`, batched over the batching
    dimensions. The result dimensions are the batch dimensions, then the free
    dimensions of `lhs`, then those of `rhs`, as in StableHLO. The result
    element type is the operands' or, for floats, a wider float (`bf16`
    operands may accumulate into `f32`).

    `precision` selects how the MXU computes float products: `DEFAULT` rounds
    `f32` inputs to `bf16` as a TPU does; `HIGHEST` uses the multi-pass `bf16`
    scheme that is close to `f32`. Unset means the compiler's default.

    ```mlir
    %r = hlo.dot_general %a, %b, batching_dims = [0] x [0],
        contracting_dims = [2] x [1], precision = HIGHEST
        : (tensor<4x8x16xf32>, tensor<4x16x32xf32>) -> tensor<4x8x32xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       DenseI64ArrayAttr:$lhs_batching_dimensions,
                       DenseI64ArrayAttr:$rhs_batching_dimensions,
                       DenseI64ArrayAttr:$lhs_contracting_dimensions,
                       DenseI64ArrayAttr:$rhs_contracting_dimensions,
                       OptionalAttr<HLO_PrecisionAttr>:$precision);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` custom<DotDimensions>($lhs_batching_dimensions,
        $rhs_batching_dimensions, $lhs_contracting_dimensions,
        $rhs_contracting_dimensions)
        (`,` `precision` `=` custom<EnumKeyword>($precision)^)? attr-dict `:`
        functional-type(operands, $result)
  }];
  let builders = [
    // Infers the result type, with the element type of `lhs`.
    OpBuilder<(ins "::mlir::Value":$lhs, "::mlir::Value":$rhs,
        "::llvm::ArrayRef<int64_t>":$lhsBatch,
        "::llvm::ArrayRef<int64_t>":$rhsBatch,
        "::llvm::ArrayRef<int64_t>":$lhsContracting,
        "::llvm::ArrayRef<int64_t>":$rhsContracting)>];
  let extraClassDeclaration = [{
    /// The dimensions of lhs (rhs) that are neither batching nor
    /// contracting, ascending: the result's middle (last) dimensions.
    ::llvm::SmallVector<int64_t> getLhsFreeDimensions();
    ::llvm::SmallVector<int64_t> getRhsFreeDimensions();
  }];
  let hasVerifier = 1;
}

def HLO_ConvolutionOp : HLO_Op<"convolution", [HLO_Contraction]> {
  let summary = "N-dimensional convolution, NHWC input and HWIO kernel";
  let description = [{
    `lhs` is `[batch, spatial..., input features]`, `rhs` (the kernel) is
    `[spatial..., input features / feature_group_count, output features]`
    and the result is `[batch, spatial..., output features]` (TensorFlow's
    NHWC/HWIO; one or more spatial dimensions). The window attributes have one
    entry per spatial dimension: `window_strides` (default 1), `padding` as
    low/high pairs flattened to `[lo0, hi0, lo1, hi1, ...]` (default 0),
    `lhs_dilation` and `rhs_dilation` (default 1). Output size per spatial
    dimension: `floor((dilated_input + lo + hi - dilated_window) / stride) + 1`.

    ```mlir
    %y = hlo.convolution %x, %w,
        window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}
        : (tensor<8x28x28x1xf32>, tensor<3x3x1x16xf32>) -> tensor<8x28x28x16xf32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$lhs, HLO_Tensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$lhs_dilation,
                       OptionalAttr<DenseI64ArrayAttr>:$rhs_dilation,
                       DefaultValuedAttr<I64Attr, "1">:$feature_group_count,
                       OptionalAttr<HLO_PrecisionAttr>:$precision);
  let results = (outs HLO_Tensor:$result);
  // `%x, %w(, window = {...})?(, feature_group_count = N)?(, precision = P)?`
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    int64_t getNumSpatialDims() {
      return getLhs().getType().getRank() - 2;
    }
    // Window attributes with their defaults filled in.
    ::llvm::SmallVector<int64_t> getStridesOrDefault();
    ::llvm::SmallVector<int64_t> getPaddingOrDefault();
    ::llvm::SmallVector<int64_t> getLhsDilationOrDefault();
    ::llvm::SmallVector<int64_t> getRhsDilationOrDefault();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def HLO_ReduceOp : HLO_Op<"reduce", [HLO_Reduction,
                                     SameOperandsAndResultElementType,
                                     HLO_InferType]> {
  let summary = "Reduces a tensor along dimensions";
  let description = [{
    Reduces `dimensions` of `operand` with `kind` (`sum`, `product`, `max`,
    `min`), removing them from the shape. The identity of the reduction (0, 1,
    the lowest or highest value) is the initial value; `max` and `min`
    propagate NaN. `i1` reduces as logical or (`sum`, `max`) and and
    (`product`, `min`). The order of float additions is unspecified.

    ```mlir
    %s = hlo.reduce sum %x, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_ReduceKindAttr:$kind, HLO_Tensor:$operand,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($kind) $operand `,` `dims` `=` $dimensions attr-dict `:`
        functional-type($operand, $result)
  }];
}

class HLO_ArgReduceOp<string mnemonic, string what>
    : HLO_Op<mnemonic, [HLO_Reduction, HLO_NumericElements,
                        HLO_InferType]> {
  let summary = "Index of the " # what # " element along a dimension";
  let description = [{
    Returns, as `i32`, the index along `dimension` of the }] # what # [{
    element; ties give the smallest index and NaN counts as larger than any
    number for argmax and smaller for argmin (JAX's semantics), so a NaN wins.

    ```mlir
    %i = hlo.}] # mnemonic # [{ %x, dim = 1 : (tensor<4x10xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$dimension);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dim` `=` $dimension attr-dict `:`
        functional-type($operand, $result)
  }];
}

def HLO_ArgMaxOp : HLO_ArgReduceOp<"argmax", "largest">;
def HLO_ArgMinOp : HLO_ArgReduceOp<"argmin", "smallest">;

//===----------------------------------------------------------------------===//
// Sort
//===----------------------------------------------------------------------===//

def HLO_SortOp : HLO_Op<"sort", [IsolatedFromAbove, SingleBlock]> {
  let summary = "Sorts tensors together along a dimension with a comparator";
  let description = [{
    StableHLO's sort: every operand is permuted along `dimension` by the
    same permutation, the one that orders the operands' elements by the
    `comparator`. The comparator's block takes, for each operand in order,
    the scalar (rank-0) lhs and rhs elements, and yields an `i1` that is
    true when lhs goes before rhs. It must be a strict weak order, as JAX's
    are; the sort is stable (equal elements keep their order) whether or not
    `is_stable` is set, which is one of the orders the spec allows.

    The comparator holds elementwise `hlo` ops and constants only, so the
    TPU can apply it to whole vectors: `hlo-decompose` turns the sort into a
    bitonic sorting network of compare-exchange steps on the vector unit.

    ```mlir
    %s:2 = hlo.sort(%keys, %values) dim = 0 : (tensor<8xf32>, tensor<8xi32>)
        -> (tensor<8xf32>, tensor<8xi32>) {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
      %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      hlo.yield %lt : tensor<i1>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension,
                       UnitAttr:$is_stable);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$comparator);
  let assemblyFormat = [{
    `(` $inputs `)` `dim` `=` $dimension (`stable` $is_stable^)? attr-dict `:`
        functional-type($inputs, $results) $comparator
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def HLO_PredTensor : 0DTensorOf<[I1]> {
  let builderCall = "::mlir::RankedTensorType::get({}, $_builder.getI1Type())";
}
def HLO_IndexTensor : 0DTensorOf<[I32]> {
  let builderCall = "::mlir::RankedTensorType::get({}, $_builder.getI32Type())";
}

def HLO_WhileOp : HLO_Op<"while", [RecursiveMemoryEffects]> {
  let summary = "Repeats the body while the condition holds";
  let description = [{
    StableHLO's while: the results are the loop-carried values after the
    last iteration. Both regions take the carried values; `cond` yields a
    `tensor<i1>`, `body` yields the next carried values. Regions may read
    values defined above them (they are loop-invariant). The TPU compiles
    the body once: `hlo-outline-control-flow` makes each region a function,
    as XLA's while names its condition and body computations, and the
    executable loops over the body's kernels.

    ```mlir
    %r:2 = hlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<8xf32>
     cond {
      %p = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.yield %p : tensor<i1>
    } do {
      %i1 = hlo.add %i, %one : tensor<i32>
      %a1 = hlo.add %acc, %acc : tensor<8xf32>
      hlo.yield %i1, %a1 : tensor<i32>, tensor<8xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_IfOp : HLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "Runs one of two branches on a scalar predicate";
  let description = [{
    StableHLO's if: `true_branch` runs when `pred` holds, else
    `false_branch`; the results are what the branch that ran yields. The
    branches take no arguments and may read values defined above them.

    ```mlir
    %r = hlo.if %p -> (tensor<8xf32>) {
      hlo.yield %x : tensor<8xf32>
    } else {
      %n = hlo.negate %x : tensor<8xf32>
      hlo.yield %n : tensor<8xf32>
    }
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let assemblyFormat = [{
    $pred attr-dict-with-keyword (`->` `(` type($results)^ `)`)? $true_branch `else`
        $false_branch
  }];
  let hasRegionVerifier = 1;
}

def HLO_CaseOp : HLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "Runs the branch a scalar index selects";
  let description = [{
    StableHLO's case: branch `index` runs, or the last branch when `index`
    is negative or not smaller than the number of branches. The branches
    take no arguments and may read values defined above them.

    ```mlir
    %r = hlo.case %i -> (tensor<f32>) {
      hlo.yield %a : tensor<f32>
    }, {
      hlo.yield %b : tensor<f32>
    }
    ```
  }];
  let arguments = (ins HLO_IndexTensor:$index);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let assemblyFormat = [{
    $index attr-dict-with-keyword (`->` `(` type($results)^ `)`)? $branches
  }];
  let hasRegionVerifier = 1;
}

def HLO_WhileCallOp : HLO_Op<"while_call", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A while loop whose condition and body are functions";
  let description = [{
    What `hlo-outline-control-flow` makes of `hlo.while`, as XLA's while
    names its condition and body computations. Both functions take the
    loop-carried values, then the loop invariants (the values the regions
    read from above); `cond` returns a `tensor<i1>`, `body` the next
    carried values. The results are the carried values after the loop.
    `trip_count`, when the outliner recognized a counted loop (JAX's
    `fori_loop` and `scan`), is how often the body runs for any input.

    ```mlir
    %r:2 = hlo.while_call @f.while0.cond, @f.while0.body (%i, %acc)
        invariants (%n) : (tensor<i32>, tensor<8xf32>, tensor<i32>)
        -> (tensor<i32>, tensor<8xf32>)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$cond, FlatSymbolRefAttr:$body,
                       Variadic<HLO_Tensor>:$carried,
                       Variadic<HLO_Tensor>:$invariants,
                       OptionalAttr<I64Attr>:$trip_count);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let assemblyFormat = [{
    $cond `,` $body `(` $carried `)` (`invariants` `(` $invariants^ `)`)?
        attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_CaseCallOp : HLO_Op<"case_call", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls the function a scalar index selects";
  let description = [{
    What `hlo-outline-control-flow` makes of `hlo.case` and `hlo.if`: the
    branches are functions that take the same `inputs` (the values the
    branches read from above) and return the results. An `i32` index
    selects branch `index`, or the last one when it is out of range; an
    `i1` index selects branch 0 when false and branch 1 when true (an
    `hlo.if`'s false branch, then its true branch).

    ```mlir
    %r = hlo.case_call %p [@f.if0.false, @f.if0.true] (%x)
        : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[HLO_PredTensor, HLO_IndexTensor]>:$index,
                       SymbolRefArrayAttr:$branches,
                       Variadic<HLO_Tensor>:$inputs);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let assemblyFormat = [{
    $index $branches `(` $inputs `)` attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fusion
//===----------------------------------------------------------------------===//

def HLO_FusionOp : HLO_Op<"fusion", [IsolatedFromAbove, SingleBlock,
    DeclareOpInterfaceMethods<OpAsmOpInterface,
        ["getAsmResultNames", "getAsmBlockArgumentNames"]>]> {
  let summary = "One kernel: a fused computation read from and written to HBM once";
  let description = [{
    XLA's fusion instruction. The region is the fused computation: its block
    arguments are the parameters (the operands, in order), its `hlo.yield`
    gives the results. Only the operands are read from memory and only the
    results are written; every value inside lives in vector registers or
    VMEM. The region is isolated from above, so a fusion names everything it
    reads, as XLA's `fusion(...)` does.

    `kind` says what the root is, as XLA's `kLoop`, `kInput` and `kOutput`:

    * `loop`: elementwise work, broadcasts, iota, constants and reshapes; no
      reduction and no MXU op;
    * `input`: reductions (`reduce`, `argmax`, `argmin`) fed by loop work;
      every result is computed by a reduction (an epilogue such as a pad to
      tile size may follow it);
    * `output`: one `dot_general` or `convolution` with its elementwise
      epilogue (bias, scale, activation); no reduction.

    ```mlir
    %fusion = hlo.fusion kind = loop (%param_0 = %x, %param_1 = %y, %param_2 = %z)
        : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
      %0 = hlo.add %param_0, %param_1 : tensor<8xf32>
      %1 = hlo.multiply %0, %param_2 : tensor<8xf32>
      hlo.yield %1 : tensor<8xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, HLO_FusionKindAttr:$kind);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &getBlock() { return getBody().front(); }
    /// The values the fused computation yields.
    ::mlir::Operation::operand_range getYielded() {
      return getBlock().getTerminator()->getOperands();
    }
  }];
}

def HLO_YieldOp : Op<HLO_Dialect, "yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["FusionOp", "SortOp", "WhileOp", "IfOp", "CaseOp",
                 "ManualComputationOp"]>]> {
  let summary = "The results of a region: fusion, comparator, loop, branch, "
                "manual computation";
  let arguments = (ins Variadic<HLO_Tensor>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

include "dialects/hlo/HLOCollectives.td"
include "dialects/hlo/HLOSharding.td"

#endif // TPU_DIALECTS_HLO_HLOOPS_TD
