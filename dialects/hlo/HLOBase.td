//===- HLOBase.td - hlo dialect definition and shared constraints -*- tablegen -*-===//
//
// The `hlo` dialect: a small, statically shaped tensor dialect whose op names,
// attribute names and semantics follow StableHLO wherever StableHLO has the op.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_HLO_HLOBASE_TD
#define TPU_DIALECTS_HLO_HLOBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def HLO_Dialect : Dialect {
  let name = "hlo";
  let cppNamespace = "::mlir::hlo";
  let summary = "A statically shaped tensor dialect for TPU compilation";
  let description = [{
    The `hlo` dialect is the input of the TPU compiler. It models XLA HLO with
    StableHLO's op names, attribute names and semantics, restricted to what a
    TensorCore program needs:

    * every tensor is statically shaped (TPU programs are compiled for one
      shape);
    * element types are `f32`, `bf16`, `i32`, `i8` and `i1`;
    * broadcasting is always explicit through `hlo.broadcast_in_dim`, as in
      XLA: elementwise ops take operands of one shape;
    * reductions carry a reduction kind instead of a region.

    Functions are upstream `func.func`, `func.return` and `func.call`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def HLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "comparison direction of hlo.compare", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"LT", 2>, I32EnumAttrCase<"LE", 3>,
      I32EnumAttrCase<"GT", 4>, I32EnumAttrCase<"GE", 5>]> {
  let cppNamespace = "::mlir::hlo";
  let genSpecializedAttr = 0;
}
def HLO_ComparisonDirectionAttr : EnumAttr<HLO_Dialect, HLO_ComparisonDirection,
                                           "comparison_direction">;

def HLO_Precision : I32EnumAttr<"Precision",
    "MXU precision of hlo.dot_general and hlo.convolution", [
      I32EnumAttrCase<"DEFAULT", 0>, I32EnumAttrCase<"HIGHEST", 1>]> {
  let cppNamespace = "::mlir::hlo";
  let genSpecializedAttr = 0;
}
def HLO_PrecisionAttr : EnumAttr<HLO_Dialect, HLO_Precision, "precision">;

def HLO_ReduceKind : I32EnumAttr<"ReduceKind", "reduction computed by hlo.reduce", [
      I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"product", 1>,
      I32EnumAttrCase<"max", 2>, I32EnumAttrCase<"min", 3>]> {
  let cppNamespace = "::mlir::hlo";
  let genSpecializedAttr = 0;
}
def HLO_FusionKind : I32EnumAttr<"FusionKind", "kind of an hlo.fusion", [
      I32EnumAttrCase<"loop", 0>, I32EnumAttrCase<"input", 1>,
      I32EnumAttrCase<"output", 2>]> {
  let cppNamespace = "::mlir::hlo";
  let genSpecializedAttr = 0;
}
def HLO_FusionKindAttr : EnumAttr<HLO_Dialect, HLO_FusionKind, "fusion_kind">;

def HLO_ReduceKindAttr : EnumAttr<HLO_Dialect, HLO_ReduceKind, "reduce_kind">;

//===----------------------------------------------------------------------===//
// Types and traits
//===----------------------------------------------------------------------===//

// ODS accepts any tensor so that the HLO_TensorTypes trait, which runs next,
// can say precisely what is wrong (a dynamic dimension, an unsupported element
// type) instead of a generic constraint failure.
def HLO_Tensor : Type<CPred<"::llvm::isa<::mlir::TensorType>($_self)">,
    "statically shaped tensor of f32, bf16, i32, i8 or i1 values",
    "::mlir::TensorType">;

// Verifies that every operand and result is a statically shaped ranked tensor
// of a supported element type.
def HLO_TensorTypes : NativeOpTrait<"TensorTypes"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

// Verifies that every tensor operand and result has the same shape, with a
// hint towards explicit broadcasting.
def HLO_SameShapeElementwise : NativeOpTrait<"SameShapeElementwise"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

// Runs the op's type inference as a verifier before InferTypeOpInterface's
// own check, so that a rule violated by the operands is reported once, in the
// inference function's words, instead of as "failed to infer returned types".
def HLO_InferenceRules : NativeOpTrait<"InferenceRules"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

// Result types inferred from the operands and attributes.
def HLO_InferType : TraitList<!listconcat([HLO_InferenceRules],
    InferTypeOpAdaptorBase<[{
      // Results may be laid out differently from the operands.
      static bool isCompatibleReturnTypes(::mlir::TypeRange l,
                                          ::mlir::TypeRange r) {
        return ::mlir::hlo::isCompatibleIgnoringLayout(l, r);
      }
    }]>.traits)>;

// Marks an op that reduces its operand along `dimensions` or `dimension`;
// queried by fusion and padding instead of op names.
def HLO_Reduction : NativeOpTrait<"Reduction"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

// Marks an op executed on the MXU (matrix unit).
def HLO_Contraction : NativeOpTrait<"Contraction"> {
  let cppNamespace = "::mlir::hlo::OpTrait";
}

#endif // TPU_DIALECTS_HLO_HLOBASE_TD
