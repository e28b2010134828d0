//===- HLOTraits.h - Native traits of the hlo dialect -----------*- C++ -*-===//
//
// Traits that verify tensor types with messages a user can act on, and marker
// traits that generic passes query instead of op names.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_HLO_HLOTRAITS_H
#define TPU_DIALECTS_HLO_HLOTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::hlo {

/// Returns true for the element types TPU programs may use: f32, bf16, f16,
/// signless i32, i16, i8 and i1, and unsigned ui32, ui16 and ui8.
bool isSupportedElementType(Type type);
/// (tpu::kSupportedElementTypes lists them for messages.)

/// Checks that `type` is a statically shaped ranked tensor of a supported
/// element type; `what` names the value in the message ("operand #1").
/// Emits at `loc` when it is set.
LogicalResult verifyTensorType(std::optional<Location> loc, Type type,
                               const llvm::Twine &what);

/// Inferred result types carry no layout: a result may be laid out
/// differently from its operands, so only shapes and element types must match.
bool isCompatibleIgnoringLayout(Type lhs, Type rhs);
bool isCompatibleIgnoringLayout(TypeRange lhs, TypeRange rhs);

namespace OpTrait {
namespace impl {
LogicalResult verifyTensorTypes(Operation *op);
LogicalResult verifySameShapeElementwise(Operation *op);
LogicalResult verifyFloatElements(Operation *op);
LogicalResult verifyNumericElements(Operation *op);
LogicalResult verifyIntegerElements(Operation *op);
} // namespace impl

/// Every operand and result is a static tensor of a supported element type.
template <typename ConcreteType>
class TensorTypes : public mlir::OpTrait::TraitBase<ConcreteType, TensorTypes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyTensorTypes(op);
  }
};

/// All operands and results share one shape (broadcasts are explicit).
template <typename ConcreteType>
class SameShapeElementwise
    : public mlir::OpTrait::TraitBase<ConcreteType, SameShapeElementwise> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifySameShapeElementwise(op);
  }
};

/// The first operand has a float element type (f32 or bf16).
template <typename ConcreteType>
class FloatElements
    : public mlir::OpTrait::TraitBase<ConcreteType, FloatElements> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyFloatElements(op);
  }
};

/// The first operand has a numeric element type (not i1).
template <typename ConcreteType>
class NumericElements
    : public mlir::OpTrait::TraitBase<ConcreteType, NumericElements> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyNumericElements(op);
  }
};

/// The first operand has an integer or i1 element type.
template <typename ConcreteType>
class IntegerElements
    : public mlir::OpTrait::TraitBase<ConcreteType, IntegerElements> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyIntegerElements(op);
  }
};

namespace impl {
LogicalResult verifyInferredTypes(Operation *op, TypeRange inferred);
} // namespace impl

/// Verifies the rules that type inference checks and compares the inferred
/// result types with the actual ones, each with one precise message, before
/// InferTypeOpInterface's generic check would.
template <typename ConcreteType>
class InferenceRules
    : public mlir::OpTrait::TraitBase<ConcreteType, InferenceRules> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    llvm::SmallVector<Type, 1> types;
    if (failed(ConcreteType::inferReturnTypes(
            op->getContext(), op->getLoc(), op->getOperands(),
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), types)))
      return failure();
    return impl::verifyInferredTypes(op, types);
  }
};

/// Marks reductions (hlo.reduce, hlo.argmax, hlo.argmin).
template <typename ConcreteType>
class Reduction : public mlir::OpTrait::TraitBase<ConcreteType, Reduction> {};

/// Marks ops executed on the MXU (hlo.dot_general, hlo.convolution).
template <typename ConcreteType>
class Contraction : public mlir::OpTrait::TraitBase<ConcreteType, Contraction> {
};

} // namespace OpTrait

/// Whether `op` runs on the MXU (has the Contraction trait).
inline bool isContraction(Operation *op) {
  return op && op->hasTrait<OpTrait::Contraction>();
}
/// Whether `op` reduces dimensions (has the Reduction trait).
inline bool isReduction(Operation *op) {
  return op && op->hasTrait<OpTrait::Reduction>();
}
} // namespace mlir::hlo

#endif // TPU_DIALECTS_HLO_HLOTRAITS_H
