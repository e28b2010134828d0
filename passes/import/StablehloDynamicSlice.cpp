//===- StablehloDynamicSlice.cpp - Import dynamic slices and gathers ------===//
//
// Part of convert-stablehlo-to-hlo: dynamic_slice and dynamic_update_slice
// become their hlo ops, whose start indices are i32 scalars. StableHLO
// allows any integer type there; an index converts to i32 with its value
// kept, and one that could exceed i32 (ui32, i64, ui64) is first clamped,
// in its own type, to the starts the spec's clamp allows.
//
// gather becomes one dynamic_slice per position of its start indices, each
// reshaped to drop its collapsed dimensions, stacked in positions' order
// (in chunks, StablehloIndexLoops.cpp), then put in the result's order:
// every slice is a DMA at a run-time offset, so a large table stays in HBM.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

Value Importer::indexToI32(Location loc, Value index, int64_t largest) {
  auto type = cast<RankedTensorType>(index.getType());
  auto element = cast<IntegerType>(type.getElementType());
  bool unsignedType = element.isUnsigned();
  if (element.getWidth() > 32 || (element.getWidth() == 32 && unsignedType)) {
    if (!unsignedType) // a negative i64 must not wrap to a positive i32
      index = hlo::MaxOp::create(
          b, loc, index, splat(loc, type, b.getIntegerAttr(element, 0)));
    index = hlo::MinOp::create(
        b, loc, index, splat(loc, type, b.getIntegerAttr(element, largest)));
  }
  if (element != b.getI32Type())
    index = hlo::ConvertOp::create(b, loc, index, b.getI32Type());
  return index;
}

FailureOr<SmallVector<Value>> Importer::startIndices(Operation *op,
                                                     ValueRange indices,
                                                     ArrayRef<int64_t> box) {
  ArrayRef<int64_t> dims =
      cast<RankedTensorType>(op->getOperand(0).getType()).getShape();
  SmallVector<Value> converted;
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value v = lookup(index);
    auto type = cast<RankedTensorType>(v.getType());
    auto element = dyn_cast<IntegerType>(type.getElementType());
    if (type.getRank() != 0 || !element || element.getWidth() == 1)
      return unsupported(op) << "start index #" << d << " of type " << type
                             << " (the spec asks for an integer scalar)";
    converted.push_back(indexToI32(op->getLoc(), v, dims[d] - box[d]));
  }
  return converted;
}

Value Importer::indexComponent(Location loc, Value indices,
                               ArrayRef<int64_t> position, int64_t vectorDim,
                               int64_t component) {
  auto type = cast<RankedTensorType>(indices.getType());
  SmallVector<int64_t> start(position);
  if (vectorDim < type.getRank())
    start.insert(start.begin() + vectorDim, component);
  SmallVector<int64_t> limit(start), ones(start.size(), 1);
  for (int64_t &l : limit)
    ++l;
  Value element = hlo::SliceOp::create(
      b, loc, indices, b.getDenseI64ArrayAttr(start),
      b.getDenseI64ArrayAttr(limit), b.getDenseI64ArrayAttr(ones));
  return hlo::ReshapeOp::create(
      b, loc, RankedTensorType::get({}, type.getElementType()), element);
}

Value Importer::gatherRows(Location loc, Value operand, Value rows,
                           ArrayRef<int64_t> indexMap, ArrayRef<int64_t> sizes,
                           RankedTensorType pieceType) {
  auto operandType = cast<RankedTensorType>(operand.getType());
  int64_t count = cast<RankedTensorType>(rows.getType()).getDimSize(0);
  auto sliceType = RankedTensorType::get(sizes, operandType.getElementType());
  Value zero = splat(loc, RankedTensorType::get({}, b.getI32Type()),
                     b.getI32IntegerAttr(0));
  SmallVector<Value> pieces;
  for (int64_t r = 0; r < count; ++r) {
    SmallVector<Value> starts(operandType.getRank(), zero);
    for (auto [k, d] : llvm::enumerate(indexMap)) {
      Value element = indexComponent(loc, rows, {r}, 1, k);
      starts[d] =
          indexToI32(loc, element, operandType.getDimSize(d) - sizes[d]);
    }
    Value slice = hlo::DynamicSliceOp::create(b, loc, sliceType, operand,
                                              starts,
                                              b.getDenseI64ArrayAttr(sizes));
    pieces.push_back(reshapeTo(loc, pieceType, slice));
  }
  if (pieces.size() == 1)
    return pieces.front();
  SmallVector<int64_t> shape(pieceType.getShape());
  shape[0] = count;
  return hlo::ConcatenateOp::create(b, loc, pieceType.clone(shape), pieces, 0);
}

/// gather: its index vectors as rows (batching dimensions made index
/// components), each row's slice by a dynamic_slice, stacked as [N, offset
/// sizes...] (StablehloIndexLoops.cpp runs them in chunks), then reshaped
/// and transposed to the result's order of batch and offset dimensions.
FailureOr<Value> Importer::gather(sh::GatherOp op) {
  sh::GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Value operand = lookup(op.getOperand());
  Value indices = lookup(op.getStartIndices());
  auto operandType = cast<RankedTensorType>(operand.getType());
  ArrayRef<int64_t> sizes = op.getSliceSizes();
  int64_t ivd = dims.getIndexVectorDim();
  SmallVector<int64_t> collapsed(dims.getCollapsedSliceDims());
  SmallVector<int64_t> indexMap(dims.getStartIndexMap());
  if (!dims.getOperandBatchingDims().empty()) {
    indices = withBatchingIndices(loc, indices, ivd,
                                  dims.getStartIndicesBatchingDims());
    llvm::append_range(indexMap, dims.getOperandBatchingDims());
    llvm::append_range(collapsed, dims.getOperandBatchingDims());
  }
  if (type.getNumElements() == 0)
    return Value(hlo::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, ArrayRef<Attribute>())));
  // Positions of the indices (their dimensions but ivd), in order: the
  // result's batch dimensions. The slice's dimensions but the collapsed
  // ones: its offset dimensions.
  auto indicesType = cast<RankedTensorType>(indices.getType());
  SmallVector<int64_t> positions, offsets;
  for (int64_t d = 0; d < indicesType.getRank(); ++d)
    if (d != ivd)
      positions.push_back(indicesType.getDimSize(d));
  for (int64_t d = 0; d < operandType.getRank(); ++d)
    if (!llvm::is_contained(collapsed, d))
      offsets.push_back(sizes[d]);
  int64_t count = 1;
  for (int64_t p : positions)
    count *= p;
  Value rows = indexRows(loc, indices, ivd);
  SmallVector<int64_t> pieceShape = {1};
  llvm::append_range(pieceShape, offsets);
  auto pieceType = RankedTensorType::get(pieceShape, type.getElementType());
  SmallVector<int64_t> flatShape(pieceShape);
  flatShape[0] = count;
  auto flatType = pieceType.clone(flatShape);
  Value flat;
  if (count <= kIndexChunk) {
    flat = gatherRows(loc, operand, rows, indexMap, sizes, pieceType);
  } else {
    Value zero32 = splat(loc, RankedTensorType::get({}, b.getI32Type()),
                         b.getI32IntegerAttr(0));
    Value init = splat(loc, flatType, b.getZeroAttr(type.getElementType()));
    flat = chunkedLoop(
        loc, count, init,
        [&](Value first, std::optional<int64_t> known, int64_t n,
            ValueRange state) -> SmallVector<Value> {
          Value part =
              gatherRows(loc, operand, rowsAt(loc, rows, first, known, n),
                         indexMap, sizes, pieceType);
          SmallVector<Value> at(flatShape.size(), zero32);
          at[0] = first;
          return {hlo::DynamicUpdateSliceOp::create(b, loc, flatType,
                                                    state[0], part, at)};
        })[0];
  }
  // [N, offsets] -> [positions..., offsets...] -> the result's order.
  SmallVector<int64_t> unflat(positions);
  llvm::append_range(unflat, offsets);
  Value full = reshapeTo(loc, type.clone(unflat), flat);
  SmallVector<int64_t> perm;
  int64_t batch = 0, offset = static_cast<int64_t>(positions.size());
  for (int64_t d = 0; d < type.getRank(); ++d)
    perm.push_back(llvm::is_contained(dims.getOffsetDims(), d) ? offset++
                                                               : batch++);
  return transpose(loc, full, perm);
}

FailureOr<Value> Importer::dynamicSlice(Operation *op) {
  auto slice = cast<sh::DynamicSliceOp>(op);
  int64_t rank = cast<RankedTensorType>(slice.getOperand().getType()).getRank();
  if (static_cast<int64_t>(slice.getStartIndices().size()) != rank ||
      static_cast<int64_t>(slice.getSliceSizes().size()) != rank)
    return unsupported(op) << "it has " << slice.getStartIndices().size()
                           << " start indices for rank " << rank;
  FailureOr<SmallVector<Value>> starts =
      startIndices(op, slice.getStartIndices(), slice.getSliceSizes());
  if (failed(starts))
    return failure();
  return Value(hlo::DynamicSliceOp::create(b, op->getLoc(), resultType(op),
                                           lookup(slice.getOperand()), *starts,
                                           slice.getSliceSizesAttr()));
}

FailureOr<Value> Importer::dynamicUpdateSlice(Operation *op) {
  auto update = cast<sh::DynamicUpdateSliceOp>(op);
  auto type = cast<RankedTensorType>(update.getOperand().getType());
  auto updateType = cast<RankedTensorType>(update.getUpdate().getType());
  if (updateType.getRank() != type.getRank() ||
      update.getStartIndices().size() != static_cast<size_t>(type.getRank()))
    return unsupported(op) << "its update or start indices do not match the "
                              "operand's rank";
  FailureOr<SmallVector<Value>> starts =
      startIndices(op, update.getStartIndices(), updateType.getShape());
  if (failed(starts))
    return failure();
  return Value(hlo::DynamicUpdateSliceOp::create(
      b, op->getLoc(), resultType(op), lookup(update.getOperand()),
      lookup(update.getUpdate()), *starts));
}
