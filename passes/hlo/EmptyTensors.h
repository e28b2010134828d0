//===- EmptyTensors.h - Tensors with no elements ---------------*- C++ -*-===//
//
// Programs exported from frameworks have tensors with a zero dimension (a
// slice that keeps nothing, a convolution whose window does not fit). No
// kernel should compute them: hlo-simplify replaces every op whose result
// has no elements with an empty constant, and an op that reads one but has
// elements (a reduction over an empty dimension, a concatenate or pad of an
// empty tensor, a contraction over an empty dimension) with what it equals.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_HLO_EMPTYTENSORS_H
#define TPU_PASSES_HLO_EMPTYTENSORS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::tpu {

void populateEmptyTensorPatterns(RewritePatternSet &patterns);

} // namespace mlir::tpu

#endif // TPU_PASSES_HLO_EMPTYTENSORS_H
