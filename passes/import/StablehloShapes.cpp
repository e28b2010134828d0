//===- StablehloShapes.cpp - Import shape-operand ops and einsum ----------===//
//
// Part of convert-stablehlo-to-hlo. dynamic_iota, dynamic_reshape and
// dynamic_broadcast_in_dim with a static result type are their static ops
// (the verifier checked a constant shape operand against that type; a
// computed one must agree with it at run time, as XLA assumes once shapes
// are static). einsum becomes a dot_general: labels of both operands kept
// in the result are batch dimensions, labels of both dropped are
// contracted, a label of one operand dropped is summed first, and the
// product is transposed to the result's label order. dynamic_gather,
// dynamic_conv, dynamic_pad and set_dimension_size read their sizes or
// paddings when those are constants; chlo's broadcasting binary ops
// broadcast each operand to the verified result shape.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

#include "dialects/stablehlo/StablehloVerify.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

FailureOr<Value> Importer::shapeOperandOp(Operation *op) {
  Location loc = op->getLoc();
  RankedTensorType type = resultType(op);
  if (auto iota = dyn_cast<sh::DynamicIotaOp>(op)) {
    if (type.getElementType().isInteger(1))
      return unsupported(op) << "an iota of i1 elements";
    return Value(hlo::IotaOp::create(b, loc, type,
                                     b.getI64IntegerAttr(
                                         iota.getIotaDimensionAttr().getInt())));
  }
  if (auto reshape = dyn_cast<sh::DynamicReshapeOp>(op))
    return Value(
        hlo::ReshapeOp::create(b, loc, type, lookup(reshape.getOperand())));
  auto bc = cast<sh::DynamicBroadcastInDimOp>(op);
  return Value(hlo::BroadcastInDimOp::create(b, loc, type,
                                             lookup(bc.getOperand()),
                                             bc.getBroadcastDimensionsAttr()));
}

FailureOr<Value> Importer::einsum(sh::EinsumOp op) {
  Location loc = op.getLoc();
  std::array<StringRef, 3> labels = *op.getLabels();
  std::string lhsLabels = labels[0].str(), rhsLabels = labels[1].str();
  StringRef out = labels[2];
  // Labels of one operand that the result drops are summed away first.
  auto sumAlone = [&](Value v, std::string &own,
                      StringRef other) -> Value {
    SmallVector<int64_t> dims;
    std::string kept;
    for (auto [d, c] : llvm::enumerate(own)) {
      if (!other.contains(c) && !out.contains(c))
        dims.push_back(d);
      else
        kept.push_back(c);
    }
    if (dims.empty())
      return v;
    auto type = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> shape;
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      if (!llvm::is_contained(dims, static_cast<int64_t>(d)))
        shape.push_back(size);
    own = kept;
    return hlo::ReduceOp::create(b, loc, type.clone(shape),
                                 hlo::ReduceKind::sum, v,
                                 b.getDenseI64ArrayAttr(dims));
  };
  Value lhs = sumAlone(lookup(op.getLhs()), lhsLabels, labels[1]);
  Value rhs = sumAlone(lookup(op.getRhs()), rhsLabels, labels[0]);
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  std::string productLabels;
  for (auto [d, c] : llvm::enumerate(lhsLabels)) {
    size_t r = StringRef(rhsLabels).find(c);
    if (r == StringRef::npos)
      continue;
    bool kept = out.contains(c);
    (kept ? lhsBatch : lhsContract).push_back(d);
    (kept ? rhsBatch : rhsContract).push_back(r);
    if (kept)
      productLabels.push_back(c);
  }
  for (char c : lhsLabels)
    if (!StringRef(rhsLabels).contains(c))
      productLabels.push_back(c);
  for (char c : rhsLabels)
    if (!StringRef(lhsLabels).contains(c))
      productLabels.push_back(c);
  RankedTensorType type = resultType(op);
  SmallVector<int64_t> productShape, toResult;
  for (char c : productLabels)
    productShape.push_back(type.getDimSize(out.find(c)));
  for (char c : out)
    toResult.push_back(StringRef(productLabels).find(c));
  Value product = hlo::DotGeneralOp::create(
      b, loc, type.clone(productShape), lhs, rhs,
      b.getDenseI64ArrayAttr(lhsBatch), b.getDenseI64ArrayAttr(rhsBatch),
      b.getDenseI64ArrayAttr(lhsContract), b.getDenseI64ArrayAttr(rhsContract),
      hlo::PrecisionAttr());
  return transpose(loc, product, toResult);
}

FailureOr<Value> Importer::constantOperandOp(Operation *op) {
  if (auto set = dyn_cast<sh::SetDimensionSizeOp>(op)) {
    int64_t dim = set.getDimension();
    int64_t static_ = resultType(op).getDimSize(dim);
    std::optional<SmallVector<int64_t>> size = sh::verify::constantInts(set.getSize());
    if (!size || size->front() != static_ ||
        cast<RankedTensorType>(set.getOperand().getType()).getDimSize(dim) != static_)
      return unsupported(op)
             << "dimension " << dim << " gets a size known only at run time "
             << "(XLA's dynamic padding); the TPU compiler takes static "
                "shapes, so the size must be the constant "
             << static_;
    return lookup(set.getOperand());
  }
  if (auto pad = dyn_cast<sh::DynamicPadOp>(op)) {
    SmallVector<DenseI64ArrayAttr> paddings;
    for (Value v : {pad.getEdgePaddingLow(), pad.getEdgePaddingHigh(),
                    pad.getInteriorPadding()}) {
      std::optional<SmallVector<int64_t>> values = sh::verify::constantInts(v);
      if (!values)
        return unsupported(op) << "its paddings must be constants";
      paddings.push_back(b.getDenseI64ArrayAttr(*values));
    }
    return Value(hlo::PadOp::create(
        b, op->getLoc(), resultType(op), lookup(pad.getOperand()),
        lookup(pad.getPaddingValue()), paddings[0], paddings[1], paddings[2]));
  }
  // dynamic_gather and dynamic_conv: their static op, built beside them and
  // imported as it would be, then dropped.
  OpBuilder here(op);
  Operation *staticOp = nullptr;
  if (auto gather = dyn_cast<sh::DynamicGatherOp>(op)) {
    std::optional<SmallVector<int64_t>> sizes =
        sh::verify::constantInts(gather.getSliceSizes());
    if (!sizes)
      return unsupported(op) << "slice_sizes must be a constant";
    staticOp = sh::GatherOp::create(
        here, op->getLoc(), op->getResultTypes(), gather.getOperand(),
        gather.getStartIndices(), gather.getDimensionNumbers(),
        here.getDenseI64ArrayAttr(*sizes), gather.getIndicesAreSortedAttr());
  } else {
    auto conv = cast<sh::DynamicConvOp>(op);
    std::optional<SmallVector<int64_t>> padding =
        sh::verify::constantInts(conv.getPadding());
    if (!padding)
      return unsupported(op) << "padding must be a constant";
    auto padType = RankedTensorType::get(
        cast<RankedTensorType>(conv.getPadding().getType()).getShape(), here.getI64Type());
    staticOp = sh::ConvolutionOp::create(
        here, op->getLoc(), conv.getType(), conv.getLhs(), conv.getRhs(),
        conv.getWindowStridesAttr(),
        DenseIntElementsAttr::get(padType, ArrayRef(*padding)),
        conv.getLhsDilationAttr(), conv.getRhsDilationAttr(),
        conv.getWindowReversalAttr(), conv.getDimensionNumbers(),
        conv.getFeatureGroupCountAttr(), conv.getBatchGroupCountAttr(),
        conv.getPrecisionConfigAttr());
  }
  FailureOr<Value> result =
      isa<sh::GatherOp>(staticOp) ? gather(cast<sh::GatherOp>(staticOp))
                                  : convolution(cast<sh::ConvolutionOp>(staticOp));
  staticOp->erase();
  return result;
}

Value Importer::broadcastOperand(Operation *op, unsigned i) {
  Value v = lookup(op->getOperand(i));
  auto type = cast<RankedTensorType>(v.getType());
  RankedTensorType result = resultType(op);
  if (type.getShape() == result.getShape())
    return v;
  // The verifier checked the shapes: the smaller operand's dimensions sit
  // at broadcast_dimensions, or trail; one of the result's rank is
  // stretched where its size is 1.
  int64_t rank = result.getRank(), own = type.getRank();
  SmallVector<int64_t> dims;
  auto given = op->getAttrOfType<DenseI64ArrayAttr>("broadcast_dimensions");
  if (given && own != rank)
    dims.assign(given.asArrayRef().begin(), given.asArrayRef().end());
  else
    for (int64_t d = 0; d < own; ++d)
      dims.push_back(rank - own + d);
  return hlo::BroadcastInDimOp::create(b, op->getLoc(),
                                       result.clone(type.getElementType()), v,
                                       b.getDenseI64ArrayAttr(dims));
}

FailureOr<Value> Importer::torchIndexSelect(sh::TorchIndexSelectOp op) {
  // Every index picks one slice along dim: a gather collapsing dim, with
  // the shared leading dimensions as batching dimensions (slice size 1)
  // and the index's other dimensions placed where dim was.
  if (failed(checkTypes(op)))
    return failure();
  auto operand = cast<RankedTensorType>(op.getOperand().getType());
  auto index = cast<RankedTensorType>(op.getIndex().getType());
  int64_t rank = operand.getRank(), dim = op.getSelectDim(),
          batch = op.getBatchDimCount(),
          picked = index.getRank() - batch;
  auto batching = llvm::to_vector(llvm::seq<int64_t>(0, batch));
  SmallVector<int64_t> offsetDims, sliceSizes(operand.getShape());
  for (int64_t d = batch; d < dim; ++d)
    offsetDims.push_back(d);
  for (int64_t d = dim + 1; d < rank; ++d)
    offsetDims.push_back(d - 1 + picked);
  for (int64_t d = 0; d < batch; ++d)
    sliceSizes[d] = 1;
  sliceSizes[dim] = 1;
  OpBuilder here(op);
  auto numbers = sh::GatherDimensionNumbersAttr::get(
      op.getContext(), offsetDims, /*collapsedSliceDims=*/{dim}, batching,
      batching, /*startIndexMap=*/{dim},
      /*indexVectorDim=*/index.getRank());
  auto gatherOp = sh::GatherOp::create(
      here, op.getLoc(), op->getResultTypes(), op.getOperand(),
      op.getIndex(), numbers, here.getDenseI64ArrayAttr(sliceSizes),
      /*indices_are_sorted=*/nullptr);
  FailureOr<Value> result = gather(gatherOp);
  gatherOp->erase();
  return result;
}
