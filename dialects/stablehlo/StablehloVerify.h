//===- StablehloVerify.h - helpers shared by the verifiers -----*- C++ -*-===//
//
// Checks that several stablehlo ops' verifiers share (dimension lists, window
// attributes, reducer bodies). Private to the dialect library.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_STABLEHLO_STABLEHLOVERIFY_H
#define TPU_DIALECTS_STABLEHLO_STABLEHLOVERIFY_H

#include "dialects/stablehlo/StablehloOps.h"

#include <optional>
#include <string>

namespace mlir::stablehlo::verify {

/// `[1, 2, 3]`, for messages (`?` for a size not known).
std::string list(ArrayRef<int64_t> values);

/// Each of `dims` is a dimension of a rank-`rank` tensor, none twice.
LogicalResult checkDims(Operation *op, ArrayRef<int64_t> dims, int64_t rank,
                        StringRef what);

/// broadcast_dimensions of a broadcast from `in` to `out`: one distinct
/// result dimension per operand dimension, each operand size 1 or the
/// result's (`sizesAgree` when `dynamicAgrees`, so a dynamic size agrees
/// with any; exactly otherwise).
LogicalResult checkBroadcastDims(Operation *op, RankedTensorType in,
                                 RankedTensorType out, ArrayRef<int64_t> dims,
                                 bool dynamicAgrees);

/// Ops with N inputs, N init values (or updates) and N results.
LogicalResult checkCounts(Operation *op, size_t inputs, size_t others,
                          StringRef othersName);

RankedTensorType tensorType(Value v);

/// The integers `v` holds when it is a constant (shape operands, sizes,
/// paddings), sign-extended; nullopt otherwise.
std::optional<SmallVector<int64_t>> constantInts(Value v);

/// Two sizes a program may hold together: equal where both are static (a
/// dynamic size agrees with any; mlir::verifyCompatibleShape for shapes).
bool sizesAgree(int64_t a, int64_t b);

/// A value that may be a scalar stands for a tensor of `shape`.
bool scalarOrShape(Value v, ArrayRef<int64_t> shape);

/// A reducer body (reduce_c6, reduce_window_c13, scatter_c15): it takes
/// 2N rank-0 tensors of `elements` (twice) and returns N of them with
/// stablehlo.return.
LogicalResult checkReducerBody(Operation *op, Region &body,
                               ArrayRef<Type> elements, StringRef rule);

/// The window attributes of a rank-`rank` windowed op: each listed array
/// has one positive entry per dimension, padding is `rank`x2.
LogicalResult
verifyWindow(Operation *op, int64_t rank,
             ArrayRef<std::pair<std::optional<ArrayRef<int64_t>>, StringRef>>
                 perDimension,
             DenseIntElementsAttr padding);

} // namespace mlir::stablehlo::verify

#endif // TPU_DIALECTS_STABLEHLO_STABLEHLOVERIFY_H
