//===- StablehloDynamicSlice.cpp - Import dynamic slices and gathers ------===//
//
// Part of convert-stablehlo-to-hlo: dynamic_slice and dynamic_update_slice
// become their hlo ops, whose start indices are i32 scalars. StableHLO
// allows any integer type there; an index converts to i32 with its value
// kept, and one that could exceed i32 (ui32, i64, ui64) is first clamped,
// in its own type, to the starts the spec's clamp allows.
//
// gather becomes one dynamic_slice per position of its start indices (at
// most kMaxGatherSlices), each reshaped to drop its collapsed dimensions,
// and a concatenation of them along the result's batch dimensions: every
// slice is a DMA at a run-time offset, so a large table stays in HBM.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

/// Gathers expand to this many dynamic slices at most.
constexpr int64_t kMaxGatherSlices = 1024;

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

FailureOr<Value> Importer::gather(sh::GatherOp op) {
  sh::GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
  if (!dims.getOperandBatchingDims().empty())
    return unsupported(op) << "batching dimensions (operand_batching_dims)";
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Value operand = lookup(op.getOperand());
  Value indices = lookup(op.getStartIndices());
  auto operandType = cast<RankedTensorType>(operand.getType());
  auto indicesType = cast<RankedTensorType>(indices.getType());
  ArrayRef<int64_t> sizes = op.getSliceSizes();
  int64_t ivd = dims.getIndexVectorDim();
  // Positions of start_indices (its dimensions but index_vector_dim), and
  // the result dimensions they become, in order.
  SmallVector<int64_t> positions, batchDims;
  for (int64_t d = 0; d < indicesType.getRank(); ++d)
    if (d != ivd)
      positions.push_back(indicesType.getDimSize(d));
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!llvm::is_contained(dims.getOffsetDims(), d))
      batchDims.push_back(d);
  int64_t count = 1;
  for (int64_t p : positions)
    count *= p;
  if (count > kMaxGatherSlices)
    return unsupported(op) << "a gather of " << count << " slices (at most "
                           << kMaxGatherSlices << " are expanded)";
  if (count == 0 || type.getNumElements() == 0)
    return Value(hlo::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, ArrayRef<Attribute>())));
  SmallVector<int64_t> pieceShape(type.getShape());
  for (int64_t d : batchDims)
    pieceShape[d] = 1;
  auto sliceType = RankedTensorType::get(sizes, type.getElementType());
  auto pieceType = type.clone(pieceShape);
  Value zero = splat(loc, RankedTensorType::get({}, b.getI32Type()),
                     b.getI32IntegerAttr(0));
  SmallVector<Value> pieces;
  SmallVector<int64_t> at(positions.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    SmallVector<Value> starts(operandType.getRank(), zero);
    for (auto [k, d] : llvm::enumerate(dims.getStartIndexMap())) {
      Value element = indexComponent(loc, indices, at, ivd, k);
      starts[d] =
          indexToI32(loc, element, operandType.getDimSize(d) - sizes[d]);
    }
    Value slice = hlo::DynamicSliceOp::create(b, loc, sliceType, operand,
                                              starts, op.getSliceSizesAttr());
    pieces.push_back(sliceType == pieceType ? slice
                                            : Value(hlo::ReshapeOp::create(
                                                  b, loc, pieceType, slice)));
    for (int64_t d = static_cast<int64_t>(at.size()) - 1;
         d >= 0 && ++at[d] == positions[d]; --d)
      at[d] = 0;
  }
  // Join row-major: runs along the last position dimension first.
  for (int64_t level = static_cast<int64_t>(positions.size()) - 1; level >= 0;
       --level) {
    SmallVector<Value> joined;
    for (size_t i = 0; i < pieces.size(); i += positions[level]) {
      ArrayRef<Value> run = ArrayRef<Value>(pieces).slice(i, positions[level]);
      auto partType = cast<RankedTensorType>(run.front().getType());
      SmallVector<int64_t> shape(partType.getShape());
      shape[batchDims[level]] = positions[level];
      joined.push_back(run.size() == 1 ? run.front()
                                       : Value(hlo::ConcatenateOp::create(
                                             b, loc, partType.clone(shape), run,
                                             batchDims[level])));
    }
    pieces = std::move(joined);
  }
  return pieces.front();
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
