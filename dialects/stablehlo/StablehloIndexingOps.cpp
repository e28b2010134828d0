//===- StablehloIndexingOps.cpp - gather, scatter, dynamic slices ---------===//
//
// Verifiers of the ops that read or write at run-time indices, constraint by
// constraint from StableHLO's spec (the ids are in the messages).
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloVerify.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;

namespace {
/// One list of dimension numbers and the rules it must keep.
struct DimList {
  ArrayRef<int64_t> dims;
  StringRef name;
  int64_t rank;      // every entry is in [0, rank)
  StringRef inRange; // the rule ids, for messages
  StringRef unique;
  StringRef sorted; // empty: order is free
};
} // namespace

static LogicalResult checkDimList(Operation *op, const DimList &list) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : list.dims) {
    if (d < 0 || d >= list.rank)
      return op->emitOpError("(")
             << list.inRange << ") " << list.name << " "
             << verify::list(list.dims) << " must be in the range [0, "
             << list.rank << ")";
    if (!seen.insert(d).second)
      return op->emitOpError("(")
             << list.unique << ") " << list.name << " "
             << verify::list(list.dims) << " repeats dimension " << d;
  }
  if (!list.sorted.empty() && !llvm::is_sorted(list.dims))
    return op->emitOpError("(") << list.sorted << ") " << list.name << " "
                                << verify::list(list.dims)
                                << " must be sorted";
  return success();
}

/// `a` and `b` name no dimension twice between them.
static LogicalResult checkDisjoint(Operation *op, ArrayRef<int64_t> a,
                                   StringRef aName, ArrayRef<int64_t> b,
                                   StringRef bName, StringRef rule) {
  for (int64_t d : a)
    if (llvm::is_contained(b, d))
      return op->emitOpError("(")
             << rule << ") " << aName << " and " << bName
             << " both name dimension " << d;
  return success();
}

/// The batching dimensions of the operand and of the indices pair up, with
/// equal sizes, and leave index_vector_dim alone (gather_c13..c17 and
/// scatter_c14..c18 alike).
static LogicalResult
checkBatching(Operation *op, RankedTensorType operand,
              ArrayRef<int64_t> operandDims, StringRef operandName,
              RankedTensorType indices, ArrayRef<int64_t> indexDims,
              StringRef indexName, int64_t ivd, ArrayRef<StringRef> rules) {
  if (failed(checkDimList(op, {indexDims, indexName, indices.getRank(),
                               rules[1], rules[0], ""})))
    return failure();
  if (llvm::is_contained(indexDims, ivd))
    return op->emitOpError("(")
           << rules[2] << ") " << indexName << " must not include "
           << "index_vector_dim " << ivd;
  if (operandDims.size() != indexDims.size())
    return op->emitOpError("(")
           << rules[3] << ") " << operandName << " and " << indexName
           << " must have the same size";
  for (auto [a, b] : llvm::zip(operandDims, indexDims))
    if (operand.getDimSize(a) != indices.getDimSize(b))
      return op->emitOpError("(")
             << rules[4] << ") operand dimension " << a << " ("
             << operand.getDimSize(a) << ") and indices dimension " << b
             << " (" << indices.getDimSize(b) << ") must have one size";
  return success();
}

/// index_vector_dim is a dimension of the indices or one past them, and the
/// index vector there has one entry per mapped operand dimension.
static LogicalResult checkIndexVector(Operation *op, RankedTensorType indices,
                                      int64_t ivd, ArrayRef<int64_t> map,
                                      StringRef mapName, StringRef ivdRule,
                                      StringRef mapRule) {
  if (!isa<IntegerType>(indices.getElementType()))
    return op->emitOpError("the indices must be integers");
  if (ivd < 0 || ivd > indices.getRank())
    return op->emitOpError("(")
           << ivdRule << ") index_vector_dim " << ivd
           << " must be in [0, " << indices.getRank() << "]";
  int64_t vector = ivd < indices.getRank() ? indices.getDimSize(ivd) : 1;
  if (vector != static_cast<int64_t>(map.size()))
    return op->emitOpError("(")
           << mapRule << ") " << mapName << " must have one entry per index "
           << "vector element (" << vector << ")";
  return success();
}

/// Start indices are 0-d tensors of one integer type.
static LogicalResult checkStartIndices(Operation *op, ValueRange indices,
                                       StringRef rule) {
  for (Value index : indices) {
    RankedTensorType type = tensorType(index);
    if (type.getRank() != 0 || !isa<IntegerType>(type.getElementType()))
      return op->emitOpError("(")
             << rule << ") start indices must be 0-d integer tensors, but "
             << "one is " << type;
    if (type != indices.front().getType())
      return op->emitOpError("(")
             << rule << ") start indices must have one type, but have "
             << indices.front().getType() << " and " << type;
  }
  return success();
}

/// The indices' dimensions other than index_vector_dim, in order.
static SmallVector<int64_t> batchSizes(RankedTensorType indices, int64_t ivd) {
  SmallVector<int64_t> sizes;
  for (int64_t d = 0; d < indices.getRank(); ++d)
    if (d != ivd)
      sizes.push_back(indices.getDimSize(d));
  return sizes;
}

/// gather_c1..c23 (and dynamic_gather's): `sizes` are the slice sizes where
/// known; unknown ones leave the result's offset sizes unchecked.
static LogicalResult verifyGather(Operation *op, GatherDimensionNumbersAttr dims,
                                  Value operandValue, Value indicesValue,
                                  Value resultValue,
                                  std::optional<ArrayRef<int64_t>> knownSizes) {
  RankedTensorType operand = tensorType(operandValue);
  RankedTensorType indices = tensorType(indicesValue);
  RankedTensorType result = tensorType(resultValue);
  int64_t rank = operand.getRank(), ivd = dims.getIndexVectorDim();
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
  ArrayRef<int64_t> collapsed = dims.getCollapsedSliceDims();
  ArrayRef<int64_t> batching = dims.getOperandBatchingDims();
  ArrayRef<int64_t> indexMap = dims.getStartIndexMap();
  if (static_cast<int64_t>(offsetDims.size() + collapsed.size() +
                           batching.size()) != rank)
    return op->emitOpError("(gather_c1) offset_dims, collapsed_slice_dims and "
                           "operand_batching_dims must have ")
           << rank << " entries between them, one per operand dimension";
  if (failed(checkIndexVector(op, indices, ivd, indexMap, "start_index_map",
                              "gather_c2", "gather_c3")) ||
      failed(checkDimList(op, {offsetDims, "offset_dims", result.getRank(),
                               "gather_c5", "gather_c4", "gather_c4"})) ||
      failed(checkDimList(op, {collapsed, "collapsed_slice_dims", rank,
                               "gather_c8", "gather_c6", "gather_c7"})) ||
      failed(checkDimList(op, {batching, "operand_batching_dims", rank,
                               "gather_c11", "gather_c6", "gather_c10"})) ||
      failed(checkDisjoint(op, collapsed, "collapsed_slice_dims", batching,
                           "operand_batching_dims", "gather_c6")) ||
      failed(checkBatching(
          op, operand, batching, "operand_batching_dims", indices,
          dims.getStartIndicesBatchingDims(), "start_indices_batching_dims",
          ivd,
          {"gather_c13", "gather_c14", "gather_c15", "gather_c16",
           "gather_c17"})) ||
      failed(checkDimList(op, {indexMap, "start_index_map", rank,
                               "gather_c19", "gather_c18", ""})) ||
      failed(checkDisjoint(op, indexMap, "start_index_map", batching,
                           "operand_batching_dims", "gather_c18")))
    return failure();
  // Unknown sizes read as dynamic: no constraint on their result dimension.
  SmallVector<int64_t> sizes(rank, ShapedType::kDynamic);
  if (knownSizes) {
    if (static_cast<int64_t>(knownSizes->size()) != rank)
      return op->emitOpError("(gather_c20) slice_sizes has ")
             << knownSizes->size() << " entries for a rank-" << rank
             << " operand";
    sizes.assign(knownSizes->begin(), knownSizes->end());
  }
  for (auto [d, size] : llvm::enumerate(sizes))
    if (knownSizes && (size < 0 || size > operand.getDimSize(d)))
      return op->emitOpError("(gather_c21) slice size ")
             << size << " of dimension " << d << " must be in [0, "
             << operand.getDimSize(d) << "]";
  for (int64_t d : llvm::concat<const int64_t>(collapsed, batching))
    if (knownSizes && sizes[d] > 1)
      return op->emitOpError("(gather_c9, c12) collapsed or batching "
                             "dimension ")
             << d << " has slice size " << sizes[d] << "; at most 1";
  // gather_c22: the batch positions of start_indices, with the slice sizes
  // that are neither collapsed nor batching placed at offset_dims.
  SmallVector<int64_t> batch = batchSizes(indices, ivd), offsets, expected;
  for (auto [d, size] : llvm::enumerate(sizes))
    if (!llvm::is_contained(collapsed, d) && !llvm::is_contained(batching, d))
      offsets.push_back(size);
  if (batch.size() + offsets.size() != static_cast<size_t>(result.getRank()))
    return op->emitOpError("(gather_c22) the result must have rank ")
           << batch.size() + offsets.size() << ", but has rank "
           << result.getRank();
  for (int64_t d = 0, b = 0, o = 0; d < result.getRank(); ++d)
    expected.push_back(llvm::is_contained(offsetDims, d) ? offsets[o++]
                                                         : batch[b++]);
  for (auto [want, have] : llvm::zip(expected, result.getShape()))
    if (!ShapedType::isDynamic(want) && want != have)
      return op->emitOpError("(gather_c22) the result shape must be ")
             << list(expected) << ", but is " << list(result.getShape());
  if (result.getElementType() != operand.getElementType())
    return op->emitOpError("(gather_c23) the result element type ")
           << result.getElementType() << " must be the operand's "
           << operand.getElementType();
  return success();
}

LogicalResult GatherOp::verify() {
  return verifyGather(*this, getDimensionNumbers(), getOperand(),
                      getStartIndices(), getResult(), getSliceSizes());
}

/// dynamic_gather: gather's constraints, with the slice sizes from the
/// operand when it is a constant (dynamic_gather_c20: one per operand
/// dimension, whatever it holds).
LogicalResult DynamicGatherOp::verify() {
  int64_t rank = tensorType(getOperand()).getRank();
  if (tensorType(getSliceSizes()).getDimSize(0) != rank)
    return emitOpError("(dynamic_gather_c20) slice_sizes must have ")
           << rank << " entries, one per operand dimension, but has "
           << tensorType(getSliceSizes()).getDimSize(0);
  std::optional<SmallVector<int64_t>> sizes = constantInts(getSliceSizes());
  return verifyGather(*this, getDimensionNumbers(), getOperand(),
                      getStartIndices(), getResult(),
                      sizes ? std::optional<ArrayRef<int64_t>>(*sizes)
                            : std::nullopt);
}

/// scatter_c4: the updates are the scatter positions of scatter_indices
/// with, at update_window_dims, window sizes that fit the operand's
/// dimensions other than the inserted and batching ones.
static LogicalResult checkUpdateShape(Operation *op, RankedTensorType input,
                                      RankedTensorType indices,
                                      RankedTensorType updates,
                                      ScatterDimensionNumbersAttr dims) {
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  SmallVector<int64_t> windowBounds;
  for (int64_t d = 0; d < input.getRank(); ++d)
    if (!llvm::is_contained(dims.getInsertedWindowDims(), d) &&
        !llvm::is_contained(dims.getInputBatchingDims(), d))
      windowBounds.push_back(input.getDimSize(d));
  SmallVector<int64_t> scatter = batchSizes(indices, dims.getIndexVectorDim());
  if (windowDims.size() + scatter.size() !=
      static_cast<size_t>(updates.getRank()))
    return op->emitOpError("(scatter_c4) the updates must have rank ")
           << windowDims.size() + scatter.size() << " ("
           << scatter.size() << " scatter and " << windowDims.size()
           << " window dimensions), but have rank " << updates.getRank();
  for (int64_t d = 0, w = 0, b = 0; d < updates.getRank(); ++d) {
    int64_t size = updates.getDimSize(d);
    if (llvm::is_contained(windowDims, d)) {
      int64_t bound = windowBounds[w++];
      if (size > bound)
        return op->emitOpError("(scatter_c4) update window dimension ")
               << d << " (" << size << ") exceeds the operand's dimension ("
               << bound << ")";
    } else if (size != scatter[b++]) {
      return op->emitOpError("(scatter_c4) update scatter dimension ")
             << d << " must be " << scatter[b - 1]
             << " (from scatter_indices), but is " << size;
    }
  }
  return success();
}

LogicalResult ScatterOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getUpdates().size() != n || getNumResults() != n)
    return emitOpError("(scatter_c5) needs as many inputs, updates and "
                       "results, at least one");
  ScatterDimensionNumbersAttr dims = getScatterDimensionNumbers();
  RankedTensorType input = tensorType(getInputs()[0]);
  RankedTensorType updates = tensorType(getUpdates()[0]);
  RankedTensorType indices = tensorType(getScatterIndices());
  int64_t rank = input.getRank(), ivd = dims.getIndexVectorDim();
  ArrayRef<int64_t> inserted = dims.getInsertedWindowDims();
  ArrayRef<int64_t> batching = dims.getInputBatchingDims();
  ArrayRef<int64_t> toOperand = dims.getScatterDimsToOperandDims();
  for (size_t i = 0; i < n; ++i) {
    if (tensorType(getInputs()[i]).getShape() != input.getShape())
      return emitOpError("(scatter_c1) inputs must have one shape");
    if (tensorType(getUpdates()[i]).getShape() != updates.getShape())
      return emitOpError("(scatter_c3) updates must have one shape");
    if (getResult(i).getType() != getInputs()[i].getType())
      return emitOpError("(scatter_c24, c25) result #")
             << i << " must have its input's type " << getInputs()[i].getType();
  }
  if (static_cast<int64_t>(dims.getUpdateWindowDims().size() +
                           inserted.size() + batching.size()) != rank)
    return emitOpError("(scatter_c2) update_window_dims, inserted_window_dims "
                       "and input_batching_dims must have ")
           << rank << " entries between them, one per input dimension";
  if (failed(checkDimList(*this, {dims.getUpdateWindowDims(),
                                  "update_window_dims", updates.getRank(),
                                  "scatter_c8", "scatter_c7", "scatter_c7"})) ||
      failed(checkDimList(*this, {inserted, "inserted_window_dims", rank,
                                  "scatter_c11", "scatter_c9", "scatter_c10"})) ||
      failed(checkDimList(*this, {batching, "input_batching_dims", rank,
                                  "scatter_c13", "scatter_c9", "scatter_c12"})) ||
      failed(checkDisjoint(*this, inserted, "inserted_window_dims", batching,
                           "input_batching_dims", "scatter_c9")) ||
      failed(checkIndexVector(*this, indices, ivd, toOperand,
                              "scatter_dims_to_operand_dims", "scatter_c22",
                              "scatter_c19")) ||
      failed(checkBatching(*this, input, batching, "input_batching_dims",
                           indices, dims.getScatterIndicesBatchingDims(),
                           "scatter_indices_batching_dims", ivd,
                           {"scatter_c14", "scatter_c15", "scatter_c16",
                            "scatter_c17", "scatter_c18"})) ||
      failed(checkDimList(*this, {toOperand, "scatter_dims_to_operand_dims",
                                  rank, "scatter_c21", "scatter_c20", ""})) ||
      failed(checkDisjoint(*this, toOperand, "scatter_dims_to_operand_dims",
                           batching, "input_batching_dims", "scatter_c20")) ||
      failed(checkUpdateShape(*this, input, indices, updates, dims)))
    return failure();
  SmallVector<Type> elements;
  for (size_t i = 0; i < n; ++i) {
    Type element = tensorType(getInputs()[i]).getElementType();
    if (tensorType(getUpdates()[i]).getElementType() != element)
      return emitOpError("(scatter_c6) update #")
             << i << " must have its input's element type " << element;
    elements.push_back(element);
  }
  return checkReducerBody(*this, getUpdateComputation(), elements,
                          "scatter_c23");
}

LogicalResult DynamicSliceOp::verify() {
  RankedTensorType operand = tensorType(getOperand());
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> sizes = getSliceSizes();
  if (static_cast<int64_t>(getStartIndices().size()) != rank)
    return emitOpError("(dynamic_slice_c2) needs one start index per operand "
                       "dimension (")
           << rank << "), but has " << getStartIndices().size();
  if (failed(checkStartIndices(*this, getStartIndices(), "dynamic_slice_c3")))
    return failure();
  if (static_cast<int64_t>(sizes.size()) != rank)
    return emitOpError("(dynamic_slice_c2) slice_sizes needs one entry per "
                       "operand dimension (")
           << rank << "), but has " << sizes.size();
  for (int64_t d = 0; d < rank; ++d)
    if (sizes[d] < 0 || sizes[d] > operand.getDimSize(d))
      return emitOpError("(dynamic_slice_c4) slice size ")
             << sizes[d] << " of dimension " << d << " must be in [0, "
             << operand.getDimSize(d) << "]";
  auto expected = RankedTensorType::get(sizes, operand.getElementType());
  if (getType() != expected)
    return emitOpError("(dynamic_slice_c1, c5) the result must be ")
           << expected << ", but is " << getType();
  return success();
}

LogicalResult DynamicUpdateSliceOp::verify() {
  RankedTensorType operand = tensorType(getOperand());
  RankedTensorType update = tensorType(getUpdate());
  int64_t rank = operand.getRank();
  if (getType() != operand)
    return emitOpError("(dynamic_update_slice_c1) the result must have the "
                       "operand's type ")
           << operand << ", but is " << getType();
  if (update.getElementType() != operand.getElementType())
    return emitOpError("(dynamic_update_slice_c2) the update must have the "
                       "operand's element type ")
           << operand.getElementType();
  if (update.getRank() != rank)
    return emitOpError("(dynamic_update_slice_c3) the update must have the "
                       "operand's rank (")
           << rank << "), but has rank " << update.getRank();
  if (static_cast<int64_t>(getStartIndices().size()) != rank)
    return emitOpError("(dynamic_update_slice_c4) needs one start index per "
                       "operand dimension (")
           << rank << "), but has " << getStartIndices().size();
  for (int64_t d = 0; d < rank; ++d)
    if (update.getDimSize(d) > operand.getDimSize(d))
      return emitOpError("(dynamic_update_slice_c6) update dimension ")
             << d << " (" << update.getDimSize(d)
             << ") exceeds the operand's (" << operand.getDimSize(d) << ")";
  return checkStartIndices(*this, getStartIndices(),
                           "dynamic_update_slice_c5");
}
