//===- HLOFold.h - hlo's constant folding, for its importers ----*- C++ -*-===//
//
// The element rules hlo's folders apply, for the passes that fold before
// hlo exists (the StableHLO import's f64 constants), so that a value folds
// the same way whichever side of the import it is folded on.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_HLO_HLOFOLD_H
#define TPU_DIALECTS_HLO_HLOFOLD_H

#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::hlo {

/// `values` as hlo.convert folds them to `elementType`: a float rounded
/// once to nearest even; to an integer truncated toward zero and saturated,
/// NaN to 0; to i1 whether non-zero; integers wrap (i1 and unsigned widen
/// with zeros).
DenseElementsAttr convertElements(DenseElementsAttr values, Type elementType);

} // namespace mlir::hlo

#endif // TPU_DIALECTS_HLO_HLOFOLD_H
