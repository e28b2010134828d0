//===- CostAnalysis.h - XLA's cost analysis of a fused program --*- C++ -*-===//
//
// The figures JAX's Compiled.cost_analysis() returns, counted as XLA's
// HloCostAnalysis counts them on the fused hlo program (docs/python.md):
// what an ML engineer compares with XLA's numbers for the same function.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_DRIVER_COSTANALYSIS_H
#define TPU_COMPILER_DRIVER_COSTANALYSIS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <cstdint>

namespace mlir::tpu {

struct CostAnalysis {
  /// Two per multiply-add of a matmul or convolution, one per element of an
  /// elementwise op that is not transcendental and per combine of a
  /// reduction; a sort's n*log2(n) comparisons per row.
  int64_t flops = 0;
  /// Elements of exp, log, logistic, pow, sqrt, rsqrt, cbrt, tanh, sin,
  /// cos, tan, atan2, expm1, log1p, erf (XLA's list) and of the hyperbolic
  /// and special functions XLA expands into them.
  int64_t transcendentals = 0;
  /// Logical bytes each top-level op (a fusion as a whole) reads and
  /// writes: its operands' and results' sizes.
  int64_t bytesAccessed = 0;
};

/// The cost of `func` in a program after hlo-fuse: its top-level ops, the
/// functions it calls once (a loop's condition and body, as XLA counts a
/// while), and the costlier branch of each conditional.
CostAnalysis analyzeCost(func::FuncOp func);

} // namespace mlir::tpu

#endif // TPU_COMPILER_DRIVER_COSTANALYSIS_H
