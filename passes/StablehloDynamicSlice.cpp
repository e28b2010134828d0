//===- StablehloDynamicSlice.cpp - Import dynamic slices ------------------===//
//
// Part of convert-stablehlo-to-hlo: dynamic_slice and dynamic_update_slice
// become their hlo ops, whose start indices are i32 scalars. StableHLO
// allows any integer type there; an index converts to i32 with its value
// kept, and an unsigned 32-bit one, which could exceed i32, is first
// clamped (in its own type) to the largest start the spec's clamp allows.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

FailureOr<SmallVector<Value>> Importer::startIndices(Operation *op,
                                                     ValueRange indices,
                                                     ArrayRef<int64_t> box) {
  ArrayRef<int64_t> dims =
      cast<RankedTensorType>(op->getOperand(0).getType()).getShape();
  SmallVector<Value> converted;
  Type i32 = b.getI32Type();
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value v = lookup(index);
    auto type = cast<RankedTensorType>(v.getType());
    auto element = dyn_cast<IntegerType>(type.getElementType());
    if (type.getRank() != 0 || !element || element.getWidth() == 1)
      return unsupported(op) << "start index #" << d << " of type " << type
                             << " (the spec asks for an integer scalar)";
    if (element.getWidth() == 32 && element.isUnsigned())
      v = hlo::MinOp::create(
          b, op->getLoc(), v,
          splat(op->getLoc(), type,
                b.getIntegerAttr(element, dims[d] - box[d])));
    if (element != i32)
      v = hlo::ConvertOp::create(b, op->getLoc(), v, i32);
    converted.push_back(v);
  }
  return converted;
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
