//===- Scalar.h - The reference evaluator's element helpers -----*- C++ -*-===//
//
// What the evaluator's tensor ops share with its element arithmetic
// (Scalar.cpp). Internal to TPUReference.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_REFERENCE_SCALAR_H
#define TPU_COMPILER_REFERENCE_SCALAR_H

#include "mlir/IR/Types.h"

#include <cstdint>

namespace mlir::tpu::reference {
unsigned intWidth(Type type);
bool isUnsigned(Type type);
/// `value` modulo 2^width, as the integer `type` holds it: sign-extended for
/// signless types, zero-extended for unsigned ones (and i1).
int64_t wrap(Type type, int64_t value);
bool isFloat(Type type);
/// i64 and ui64, whose tensors hold words (tpc::fromWord), not values.
bool isWide(Type type);
/// The smallest and largest values of `type`: -inf and +inf for floats.
double lowest(Type type);
double highest(Type type);
/// max/min propagate NaN and order -0 below +0, as IEEE 754's do.
double maximum(double a, double b);
double minimum(double a, double b);
} // namespace mlir::tpu::reference

#endif // TPU_COMPILER_REFERENCE_SCALAR_H
