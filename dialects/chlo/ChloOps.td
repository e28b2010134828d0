//===- ChloOps.td - chlo input dialect ---------------------*- tablegen -*-===//
//
// The client HLO ops JAX writes next to StableHLO for math StableHLO lacks
// (`chlo.erf`, `chlo.lgamma`, `chlo.sinh`, ...), in their printed form. An
// input dialect like stablehlo: convert-stablehlo-to-hlo replaces each op
// with hlo or reports at its location why it cannot.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_CHLO_CHLOOPS_TD
#define TPU_DIALECTS_CHLO_CHLOOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Chlo_Dialect : Dialect {
  let name = "chlo";
  let cppNamespace = "::mlir::chlo";
  let summary = "client HLO ops as exported by JAX (input only)";
  let description = [{
    Elementwise math that JAX emits as `chlo` ops, with StableHLO's CHLO
    semantics. Only parsed, verified and imported.
  }];
  let useDefaultAttributePrinterParser = 1;
}

def Chlo_Precision : I32EnumAttr<"Precision", "dot precision", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGH", 1>,
      I32EnumAttrCase<"HIGHEST", 2>]> {
  let cppNamespace = "::mlir::chlo";
  let genSpecializedAttr = 0;
}
def Chlo_PrecisionAttr : EnumAttr<Chlo_Dialect, Chlo_Precision, "precision">;

def Chlo_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"GE", 2>, I32EnumAttrCase<"GT", 3>,
      I32EnumAttrCase<"LE", 4>, I32EnumAttrCase<"LT", 5>]> {
  let cppNamespace = "::mlir::chlo";
  let genSpecializedAttr = 0;
}
def Chlo_ComparisonDirectionAttr : EnumAttr<Chlo_Dialect,
    Chlo_ComparisonDirection, "comparison_direction">;
def Chlo_ComparisonType : I32EnumAttr<"ComparisonType", "comparison type", [
      I32EnumAttrCase<"NOTYPE", 0>, I32EnumAttrCase<"FLOAT", 1>,
      I32EnumAttrCase<"TOTALORDER", 2>, I32EnumAttrCase<"SIGNED", 3>,
      I32EnumAttrCase<"UNSIGNED", 4>]> {
  let cppNamespace = "::mlir::chlo";
  let genSpecializedAttr = 0;
}
def Chlo_ComparisonTypeAttr : EnumAttr<Chlo_Dialect, Chlo_ComparisonType,
                                       "comparison_type">;

def Chlo_RaggedDotDimensionNumbers
    : AttrDef<Chlo_Dialect, "RaggedDotDimensionNumbers"> {
  let mnemonic = "ragged_dot";
  let summary = "dimension numbers of ragged_dot";
  let description = [{
    `#chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions
    = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
    lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>`.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$lhsRaggedDimensions,
    ArrayRefParameter<"int64_t">:$rhsGroupDimensions);
  let assemblyFormat = [{
    `<` `lhs_batching_dimensions` `=` custom<Dims>($lhsBatchingDimensions)
    `,` `rhs_batching_dimensions` `=` custom<Dims>($rhsBatchingDimensions)
    `,` `lhs_contracting_dimensions` `=`
        custom<Dims>($lhsContractingDimensions)
    `,` `rhs_contracting_dimensions` `=`
        custom<Dims>($rhsContractingDimensions)
    `,` `lhs_ragged_dimensions` `=` custom<Dims>($lhsRaggedDimensions)
    `,` `rhs_group_dimensions` `=` custom<Dims>($rhsGroupDimensions) `>`
  }];
}

class Chlo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Chlo_Dialect, mnemonic, !listconcat([Pure, SameOperandsAndResultType],
                                             traits)>;

class Chlo_UnaryOp<string mnemonic, string what> : Chlo_Op<mnemonic> {
  let summary = what # ", elementwise";
  let arguments = (ins AnyRankedTensor:$operand);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}

def Chlo_TanOp : Chlo_UnaryOp<"tan", "tangent">;
def Chlo_AsinOp : Chlo_UnaryOp<"asin", "inverse sine">;
def Chlo_AcosOp : Chlo_UnaryOp<"acos", "inverse cosine">;
def Chlo_AtanOp : Chlo_UnaryOp<"atan", "inverse tangent">;
def Chlo_SinhOp : Chlo_UnaryOp<"sinh", "hyperbolic sine">;
def Chlo_CoshOp : Chlo_UnaryOp<"cosh", "hyperbolic cosine">;
def Chlo_AsinhOp : Chlo_UnaryOp<"asinh", "inverse hyperbolic sine">;
def Chlo_AcoshOp : Chlo_UnaryOp<"acosh", "inverse hyperbolic cosine">;
def Chlo_AtanhOp : Chlo_UnaryOp<"atanh", "inverse hyperbolic tangent">;
def Chlo_ErfOp : Chlo_UnaryOp<"erf", "error function">;
def Chlo_ErfcOp : Chlo_UnaryOp<"erfc", "complementary error function">;
def Chlo_ErfInvOp : Chlo_UnaryOp<"erf_inv", "inverse error function">;
def Chlo_LgammaOp : Chlo_UnaryOp<"lgamma", "log of |gamma(x)|">;
def Chlo_DigammaOp : Chlo_UnaryOp<"digamma", "derivative of lgamma">;
def Chlo_BesselI1eOp : Chlo_UnaryOp<"bessel_i1e",
    "exponentially scaled modified Bessel function of order 1">;

// i1 results of a float operand: not SameOperandsAndResultType.
class Chlo_ClassifyOp<string mnemonic, string what>
    : Op<Chlo_Dialect, mnemonic, [Pure, SameOperandsAndResultShape]> {
  let summary = "whether each element is " # what;
  let arguments = (ins TensorOf<[AnyFloat]>:$operand);
  let results = (outs TensorOf<[I1]>:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `->` type($result)";
}
def Chlo_IsInfOp : Chlo_ClassifyOp<"is_inf", "+inf or -inf">;
def Chlo_IsPosInfOp : Chlo_ClassifyOp<"is_pos_inf", "+inf">;
def Chlo_IsNegInfOp : Chlo_ClassifyOp<"is_neg_inf", "-inf">;

def Chlo_NextAfterOp : Chlo_Op<"next_after"> {
  let summary = "the next representable value of x towards y, elementwise";
  let arguments = (ins AnyRankedTensor:$x, AnyRankedTensor:$y);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` type($x) `,` type($y) `->` type($result)
  }];
}

def Chlo_PolygammaOp : Chlo_Op<"polygamma"> {
  let summary = "the n-th derivative of digamma, elementwise";
  let description = [{
    psi^(n)(x) for a non-negative integral `n`; NaN where `n` is not one.
  }];
  let arguments = (ins RankedTensorOf<[AnyFloat]>:$n,
                       RankedTensorOf<[AnyFloat]>:$x);
  let results = (outs RankedTensorOf<[AnyFloat]>:$result);
  let assemblyFormat = [{
    $n `,` $x attr-dict `:` type($n) `,` type($x) `->` type($result)
  }];
}

def Chlo_ZetaOp : Chlo_Op<"zeta"> {
  let summary = "Hurwitz's zeta function sum_k (q + k)^-x, elementwise";
  let arguments = (ins RankedTensorOf<[AnyFloat]>:$x,
                       RankedTensorOf<[AnyFloat]>:$q);
  let results = (outs RankedTensorOf<[AnyFloat]>:$result);
  let assemblyFormat = [{
    $x `,` $q attr-dict `:` type($x) `,` type($q) `->` type($result)
  }];
}

// Not SameOperandsAndResultType: two results of other shapes.
def Chlo_MulhiOp : Chlo_Op<"mulhi"> {
  let summary = "the high half of the double-width product, elementwise";
  let description = [{
    For w-bit integers, bits [w, 2w) of the exact 2w-bit product (signed or
    unsigned as the element type is). Written in the generic form.
  }];
  let arguments = (ins TensorOf<[AnyInteger]>:$lhs, TensorOf<[AnyInteger]>:$rhs);
  let results = (outs TensorOf<[AnyInteger]>:$result);
}

// TensorFlow's implicitly broadcasting binary ops: each operand broadcast
// to the result's shape (numpy's trailing alignment, or the dimensions of
// the larger operand that `broadcast_dimensions` names for the smaller),
// then the elementwise op.
class Chlo_BroadcastBinaryOp<string mnemonic, string what,
                             Type tensor = AnyRankedTensor>
    : Op<Chlo_Dialect, mnemonic, [Pure]> {
  let summary = what # " with implicit broadcasting";
  let arguments = (ins tensor:$lhs, tensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions);
  let results = (outs tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->`
        type($result)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return verifyBroadcastBinary(*this);
    }
  }];
}
def Chlo_BroadcastCompareOp : Op<Chlo_Dialect, "broadcast_compare", [Pure]> {
  let summary = "comparison with implicit broadcasting";
  let description = [{
    `stablehlo.compare` (direction and optional compare_type alike) on the
    operands broadcast as the other broadcasting ops broadcast them.
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs,
                       OptionalAttr<DenseI64ArrayAttr>:$broadcast_dimensions,
                       Chlo_ComparisonDirectionAttr:$comparison_direction,
                       OptionalAttr<Chlo_ComparisonTypeAttr>:$compare_type);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->`
        type($result)
  }];
  let hasVerifier = 1;
}

def Chlo_BroadcastSelectOp : Op<Chlo_Dialect, "broadcast_select", [Pure]> {
  let summary = "select with numpy broadcasting of all three operands";
  let arguments = (ins AnyRankedTensor:$pred, AnyRankedTensor:$on_true,
                       AnyRankedTensor:$on_false);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:`
        functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Chlo_BroadcastAddOp : Chlo_BroadcastBinaryOp<"broadcast_add", "sum">;
def Chlo_BroadcastSubOp : Chlo_BroadcastBinaryOp<"broadcast_subtract",
                                                  "difference">;
def Chlo_BroadcastMulOp : Chlo_BroadcastBinaryOp<"broadcast_multiply",
                                                  "product">;
def Chlo_BroadcastDivOp : Chlo_BroadcastBinaryOp<"broadcast_divide",
                                                  "quotient">;
def Chlo_BroadcastRemOp : Chlo_BroadcastBinaryOp<"broadcast_remainder",
                                                  "remainder">;
def Chlo_BroadcastMaxOp : Chlo_BroadcastBinaryOp<"broadcast_maximum",
                                                  "maximum">;
def Chlo_BroadcastMinOp : Chlo_BroadcastBinaryOp<"broadcast_minimum",
                                                  "minimum">;
def Chlo_BroadcastPowOp : Chlo_BroadcastBinaryOp<"broadcast_power", "power">;
def Chlo_BroadcastAtan2Op : Chlo_BroadcastBinaryOp<"broadcast_atan2",
                                                    "atan2">;
def Chlo_BroadcastAndOp : Chlo_BroadcastBinaryOp<"broadcast_and",
                                                  "bitwise and">;
def Chlo_BroadcastOrOp : Chlo_BroadcastBinaryOp<"broadcast_or", "bitwise or">;
def Chlo_BroadcastXorOp : Chlo_BroadcastBinaryOp<"broadcast_xor",
                                                  "bitwise xor">;
def Chlo_BroadcastShiftLeftOp
    : Chlo_BroadcastBinaryOp<"broadcast_shift_left", "shift left">;
def Chlo_BroadcastShiftRightArithmeticOp
    : Chlo_BroadcastBinaryOp<"broadcast_shift_right_arithmetic",
                             "arithmetic shift right">;
def Chlo_BroadcastShiftRightLogicalOp
    : Chlo_BroadcastBinaryOp<"broadcast_shift_right_logical",
                             "logical shift right">;

// The special functions take floats only.
def Chlo_BroadcastNextAfterOp : Chlo_BroadcastBinaryOp<"broadcast_next_after",
    "next_after", RankedTensorOf<[AnyFloat]>>;
def Chlo_BroadcastPolygammaOp : Chlo_BroadcastBinaryOp<"broadcast_polygamma",
    "polygamma", RankedTensorOf<[AnyFloat]>>;
def Chlo_BroadcastZetaOp : Chlo_BroadcastBinaryOp<"broadcast_zeta", "zeta",
    RankedTensorOf<[AnyFloat]>>;

def Chlo_ConstantLikeOp : Op<Chlo_Dialect, "constant_like",
    [Pure, SameOperandsAndResultShape]> {
  let summary = "a splat of `value` with the operand's shape";
  let arguments = (ins TypedAttrInterface:$value, AnyRankedTensor:$operand);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

def Chlo_TopKOp : Op<Chlo_Dialect, "top_k", [Pure]> {
  let summary = "the k largest elements of the last dimension, and their indices";
  let description = [{
    `jax.lax.top_k`: along the last dimension, the `k` largest elements in
    descending order and their `i32` indices; equal elements keep their
    order (the smaller index first).

    ```mlir
    %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xbf16>
        -> (tensor<5x2xbf16>, tensor<5x2xi32>)
    ```
  }];
  let arguments = (ins AnyRankedTensor:$operand, I64Attr:$k);
  let results = (outs AnyRankedTensor:$values, AnyRankedTensor:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k `)` attr-dict `:` type($operand) `->`
        `(` type($values) `,` type($indices) `)`
  }];
  let hasVerifier = 1;
}

def Chlo_ScanOp : Op<Chlo_Dialect, "scan",
                     [RecursiveMemoryEffects, AttrSizedOperandSegments]> {
  let summary = "a scan along one dimension, with carries";
  let description = [{
    The body runs once per position along `dimension` (from the end when
    `is_reverse`), on each input's slice at that position and the carries
    (initially `inits`); it returns one slice of each output, then the new
    carries. The results are the outputs, stacked along `dimension`, then
    the final carries.

    ```mlir
    %sums, %total = chlo.scan(%x) inits(%zero) dimension=0 {
    ^bb0(%xi: tensor<f32>, %acc: tensor<f32>):
      %s = stablehlo.add %xi, %acc : tensor<f32>
      stablehlo.return %s, %s : tensor<f32>, tensor<f32>
    } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$inits, I64Attr:$dimension,
                       OptionalAttr<BoolAttr>:$is_reverse,
                       OptionalAttr<BoolAttr>:$is_associative);
  let results = (outs Variadic<AnyRankedTensor>);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `inits` `(` $inits `)` `dimension` `=` $dimension
        attr-dict-with-keyword $body `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Chlo_RaggedDotOp : Op<Chlo_Dialect, "ragged_dot", [Pure]> {
  let summary = "a dot_general whose lhs rows fall into groups, one rhs each";
  let description = [{
    jax.lax.ragged_dot (the grouped matmul of mixture-of-experts layers):
    `group_sizes` splits the lhs ragged dimension into consecutive groups.
    When it is a non-contracting dimension, rows of group g multiply rhs
    slice g along `rhs_group_dimensions` (rows past the groups' total give
    zeros); when it is a contracting dimension, the result gets a leading
    group dimension, each group contracting only its own range; when it is
    a batch dimension, the batches past the groups' total give zeros.
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs,
                       AnyRankedTensor:$group_sizes,
                       Chlo_RaggedDotDimensionNumbers:$ragged_dot_dimension_numbers,
                       OptionalAttr<TypedArrayAttrBase<Chlo_PrecisionAttr,
                                                       "precision config">>:$precision_config);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

#endif // TPU_DIALECTS_CHLO_CHLOOPS_TD
