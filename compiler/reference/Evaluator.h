//===- Evaluator.h - Reference interpreter of the hlo dialect ---*- C++ -*-===//
//
// The oracle that compiled programs are checked against: a plain interpreter,
// one small function per op, that favours being obviously right over being
// fast. It ignores layouts, so it runs a function before and after any of
// the layout and padding passes, which must not change its results.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_REFERENCE_EVALUATOR_H
#define TPU_COMPILER_REFERENCE_EVALUATOR_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <vector>

namespace mlir::tpu {

/// A tensor value with its elements in row-major order. Every element is
/// held as a double, which represents each f32, bf16, f16, i32, i16, i8,
/// ui32, ui16, ui8 and i1 value exactly; results are rounded to their element
/// type after every op.
struct Literal {
  Type elementType;
  SmallVector<int64_t> shape;
  std::vector<double> data;

  Literal() = default;
  Literal(Type elementType, ArrayRef<int64_t> shape);
  /// A literal of `type`'s shape and element type (its layout is ignored).
  explicit Literal(RankedTensorType type)
      : Literal(type.getElementType(), type.getShape()) {}

  int64_t numElements() const { return static_cast<int64_t>(data.size()); }
  int64_t rank() const { return static_cast<int64_t>(shape.size()); }
};

/// Rounds `value` to `type` as a store of that type would: f32 and bf16 to
/// nearest even, integers wrap modulo 2^width, i1 is `value != 0`.
double roundTo(Type type, double value);

/// Runs `func` on `args`. Unsupported ops and arguments whose shape or
/// element type differ from the signature are reported as errors on the
/// offending op (or the function).
FailureOr<SmallVector<Literal>> evaluate(func::FuncOp func,
                                         ArrayRef<Literal> args);

/// Runs one single-result hlo op (not a fusion) on `operands`: the
/// semantics constant folding must reproduce.
FailureOr<Literal> evaluateOp(Operation *op, ArrayRef<Literal> operands);

/// One element of an elementwise hlo op from its operands' elements.
double evaluateElementwise(Operation *op, ArrayRef<double> operands);

/// A dense constant's elements, and back. toAttr makes a splat when every
/// element is bitwise equal (so -0.0 and 0.0 stay apart).
Literal toLiteral(DenseElementsAttr attr);
DenseElementsAttr toAttr(const Literal &literal, RankedTensorType type);
/// `value` as an attribute of `elementType`, rounded as roundTo() does.
TypedAttr toScalarAttr(Type elementType, double value);

} // namespace mlir::tpu

#endif // TPU_COMPILER_REFERENCE_EVALUATOR_H
