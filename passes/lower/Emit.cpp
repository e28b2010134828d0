//===- Emit.cpp - The pipelined kernel loop -------------------------------===//
//
// Part of tpu-lower.
//
// Emission: the flattened, software-pipelined loop over blocks, its DMAs
// into rotating VMEM slots, and the MXU and vector-unit ops of each block.
//
//===----------------------------------------------------------------------===//

#include "passes/lower/KernelLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tpu::lowering {

FailureOr<Attribute> KernelLowering::mapsFor(ArrayRef<Value> operands,
                                             Value result, Operation *user) {
  ArrayRef<int64_t> outMap = values[result].pmap;
  SmallVector<Attribute> maps;
  bool identity = true;
  for (Value operand : operands) {
    const ValueInfo &info = values[storage(operand)];
    SmallVector<int64_t> map;
    for (int64_t it : info.pmap) {
      if (it < 0) {
        map.push_back(-1);
        continue;
      }
      const int64_t *pos = llvm::find(outMap, it);
      if (pos == outMap.end())
        return user->emitOpError()
               << "tpu-lower: an operand varies along a dimension its "
                  "result does not have";
      map.push_back(pos - outMap.begin());
    }
    if (map.size() != outMap.size() ||
        llvm::any_of(llvm::enumerate(map), [](auto e) {
          return e.value() != static_cast<int64_t>(e.index());
        }))
      identity = false;
    maps.push_back(DenseI64ArrayAttr::get(b.getContext(), map));
  }
  if (identity)
    return Attribute();
  return Attribute(b.getArrayAttr(maps));
}

//===----------------------------------------------------------------------===//
// Emission
//===----------------------------------------------------------------------===//

Value KernelLowering::index(int64_t value) {
  Value &constant = indexConstants[value];
  if (!constant) {
    // Constants live at the top of the kernel, shared by every use.
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kernelBlock);
    constant = arith::ConstantIndexOp::create(b, loc(), value);
  }
  return constant;
}

MemRefType KernelLowering::bufferType(ArrayRef<int64_t> shape, Type element,
                                      MemorySpace space) {
  MLIRContext *ctx = element.getContext();
  size_t rank = shape.size();
  if (identityLayouts.size() <= rank)
    identityLayouts.resize(rank + 1);
  MemRefLayoutAttrInterface &layout = identityLayouts[rank];
  if (!layout)
    layout = AffineMapAttr::get(AffineMap::getMultiDimIdentityMap(rank, ctx));
  Attribute &spaceAttr = spaceAttrs[static_cast<unsigned>(space)];
  if (!spaceAttr)
    spaceAttr = mlir::tpu::lowering::spaceAttr(ctx, space);
  return MemRefType::get(shape, element, layout, spaceAttr);
}

Value KernelLowering::scratch(StringRef purpose, ArrayRef<int64_t> shape,
                              Type element) {
  std::string key;
  llvm::raw_string_ostream os(key);
  // Types and attributes are uniqued: their addresses identify them.
  os << purpose << ":" << element.getAsOpaquePointer();
  for (int64_t d : shape)
    os << "x" << d;
  Value &buffer = scratchBuffers[key];
  if (!buffer) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kernelBlock);
    buffer = AllocOp::create(b, loc(),
                             bufferType(shape, element, MemorySpace::vmem));
  }
  return buffer;
}

Value KernelLowering::splat(TypedAttr value) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << "splat:" << value.getAsOpaquePointer();
  Value &buffer = scratchBuffers[key];
  if (!buffer) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kernelBlock);
    buffer = AllocOp::create(
        b, loc(), bufferType({}, value.getType(), MemorySpace::vmem));
    FillOp::create(b, loc(), buffer, value);
  }
  return buffer;
}

Value KernelLowering::mulC(Value v, int64_t c) {
  if (std::optional<int64_t> k = constantIndex(v))
    return index(*k * c);
  if (c == 1)
    return v;
  return arith::MulIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::addC(Value v, int64_t c) {
  if (std::optional<int64_t> k = constantIndex(v))
    return index(*k + c);
  return arith::AddIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::divC(Value v, int64_t c) {
  if (std::optional<int64_t> k = constantIndex(v))
    return index(*k / c);
  if (c == 1)
    return v;
  return arith::DivUIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::remC(Value v, int64_t c) {
  if (std::optional<int64_t> k = constantIndex(v))
    return index(*k % c);
  if (c == 1)
    return index(0);
  return arith::RemUIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::isEq(Value v, int64_t c) {
  if (std::optional<int64_t> k = constantIndex(v)) {
    Value &constant = boolConstants[*k == c];
    if (!constant) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(kernelBlock);
      constant = arith::ConstantIntOp::create(b, loc(), *k == c, 1);
    }
    return constant;
  }
  return arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::eq, v, index(c));
}

Value KernelLowering::pick(Value odd, Value even, Value oddValue) {
  if (std::optional<int64_t> k = constantIndex(odd))
    return *k ? oddValue : even;
  return arith::SelectOp::create(b, loc(), odd, oddValue, even);
}

Value KernelLowering::blockStart(const ValueInfo &info, int64_t position,
                                 ArrayRef<Value> idx) {
  int64_t it = info.pmap[position];
  const Window &window = info.pwin[position];
  Value at = it < 0 ? index(0) : mulC(idx[it], block[it] * window.stride);
  if (window.tap >= 0)
    at = arith::AddIOp::create(b, loc(), at,
                               mulC(idx[window.tap], window.tapScale));
  if (window.offset)
    at = addC(at, window.offset);
  return at;
}

Value KernelLowering::slotOf(Value t, ArrayRef<Value> options) {
  Value r = remC(t, options.size());
  Value chosen = options[0];
  for (size_t i = 1; i < options.size(); ++i)
    chosen = pick(isEq(r, i), chosen, options[i]);
  return chosen;
}

SmallVector<Value> KernelLowering::blockIndices(Value t) {
  SmallVector<Value> idx;
  for (size_t d = 0; d < extent.size(); ++d)
    idx.push_back(remC(divC(t, stride[d]), count[d]));
  return idx;
}

KernelLowering::DmaWindow KernelLowering::dmaWindow(const ValueInfo &info,
                                                    ArrayRef<Value> idx) {
  DmaWindow w;
  w.sizes = blockShape(info, block);
  w.strides.assign(w.sizes.size(), 1);
  for (auto [i, it] : llvm::enumerate(info.pmap)) {
    w.vmem.push_back(index(0));
    w.hbm.push_back(blockStart(info, i, idx));
    const Window &window = info.pwin[i];
    // The lowest and highest positions any block reads; a negative stride
    // or tap scale walks down. A dimension not iterated reads one element,
    // at the window's offset (and tap).
    int64_t low = window.offset, high = window.offset;
    if (it >= 0) {
      w.strides[i] = window.stride;
      int64_t end = (count[it] * block[it] - 1) * window.stride + window.offset;
      low = std::min(window.offset, end);
      high = std::max(window.offset, end);
    }
    if (window.tap >= 0) {
      int64_t reach = (extent[window.tap] - 1) * window.tapScale;
      (reach < 0 ? low : high) += reach;
    }
    w.outside.push_back(low < 0 || high >= info.phys.dims[i]);
  }
  return w;
}

void KernelLowering::startDma(Value hbm, Value vmem, Value sem,
                              const DmaWindow &w, bool toHbm) {
  bool masked = llvm::is_contained(w.outside, true);
  auto hbmType = cast<MemRefType>(hbm.getType());
  for (auto [i, size] : llvm::enumerate(w.sizes))
    masked |= size > hbmType.getDimSize(i);
  DenseI64ArrayAttr strideAttr;
  if (llvm::any_of(w.strides, [](int64_t s) { return s != 1; }))
    strideAttr = b.getDenseI64ArrayAttr(w.strides);
  if (toHbm)
    DmaStartOp::create(b, loc(), vmem, w.vmem, hbm, w.hbm, sem,
                       b.getDenseI64ArrayAttr(w.sizes), strideAttr, masked);
  else
    DmaStartOp::create(b, loc(), hbm, w.hbm, vmem, w.vmem, sem,
                       b.getDenseI64ArrayAttr(w.sizes), strideAttr, masked);
}

void KernelLowering::emitDma(Value hbm, const ValueInfo &info,
                             ArrayRef<Value> idx, Value vmem, Value sem,
                             bool toHbm, std::optional<Piece> piece) {
  if (info.fold && !toHbm)
    return emitFoldedDma(info, idx, vmem, sem);
  DmaWindow w = dmaWindow(info, idx);
  // A piece moves part of the block, at its offset in both buffers.
  for (auto [i, it] : llvm::enumerate(info.pmap))
    if (piece && it == piece->dim) {
      w.hbm[i] = addC(w.hbm[i], piece->offset * info.pwin[i].stride);
      w.vmem[i] = index(piece->offset);
      w.sizes[i] = piece->size;
    }
  startDma(hbm, vmem, sem, w, toHbm);
}

void KernelLowering::emitFoldedDma(const ValueInfo &info, ArrayRef<Value> idx,
                                   Value vmem, Value sem) {
  const TapFold &fold = *info.fold;
  ValueInfo shifted = info;
  int64_t taps = tpc::saturatingProduct(fold.taps);
  for (int64_t t = 0; t < taps; ++t) {
    // Tap t's multi-index, last spatial dimension fastest (the kernel's
    // row-major order, which the K rows follow).
    for (int64_t d = fold.taps.size() - 1, rest = t; d >= 0; --d) {
      int64_t p = fold.positions[d];
      shifted.pwin[p].offset =
          info.pwin[p].offset + rest % fold.taps[d] * fold.scales[d];
      rest /= fold.taps[d];
    }
    DmaWindow w = dmaWindow(shifted, idx);
    // K has one block: the tap's channels go to its rows of it.
    int64_t k = fold.kPosition;
    const Window &channels = info.pwin[k];
    int64_t last = channels.offset + (fold.channels - 1) * channels.stride;
    w.vmem[k] = index(t * fold.channels);
    w.sizes[k] = fold.channels;
    w.outside[k] = std::min(channels.offset, last) < 0 ||
                   std::max(channels.offset, last) >= info.phys.dims[k];
    startDma(info.hbm, vmem, sem, w, /*toHbm=*/false);
  }
}

FailureOr<SmallVector<Attribute>>
KernelLowering::explicitMaps(ArrayRef<Value> operands, Value result,
                             Operation *user) {
  FailureOr<Attribute> maps = mapsFor(operands, result, user);
  if (failed(maps))
    return failure();
  if (auto list = llvm::dyn_cast_if_present<ArrayAttr>(*maps))
    return llvm::to_vector(list.getValue());
  return SmallVector<Attribute>(operands.size(),
                                identityMap(values[result].pmap.size()));
}

Attribute KernelLowering::identityMap(int64_t rank) {
  return DenseI64ArrayAttr::get(b.getContext(),
                                llvm::to_vector(llvm::seq<int64_t>(0, rank)));
}

Value KernelLowering::inRange(const ValueInfo &info, int64_t dim, int64_t lo,
                              int64_t hi, ArrayRef<Value> idx) {
  SmallVector<int64_t> shape = blockShape(info, block);
  int64_t pos = info.phys.positionOf(dim);
  Value lanes = scratch("range.iota", shape, b.getI32Type());
  // A strided window (a slice of a pad) steps through the positions.
  IotaOp::create(b, loc(), lanes, pos, blockStart(info, pos, idx),
                 info.pwin[pos].stride);
  ArrayAttr maps = b.getArrayAttr({identityMap(shape.size()), identityMap(0)});
  Value mask = scratch("range.mask", shape, b.getI1Type());
  VectorOp::create(b, loc(), VectorKind::lt,
                   ValueRange{lanes, splat(b.getI32IntegerAttr(hi))}, mask,
                   maps);
  if (lo > 0) {
    Value above = scratch("range.above", shape, b.getI1Type());
    VectorOp::create(b, loc(), VectorKind::ge,
                     ValueRange{lanes, splat(b.getI32IntegerAttr(lo))}, above,
                     maps);
    // On i1, mul is and.
    VectorOp::create(b, loc(), VectorKind::mul, ValueRange{mask, above}, mask,
                     ArrayAttr());
  }
  return mask;
}

/// What a reduction reads and how it is laid out. A broadcast read in place
/// holds one copy of what the reduction sees many times along a reduced
/// dimension: max and min do not mind, a sum or product does, so the copies
/// are spread into a block of the broadcast's shape first.
std::pair<const ValueInfo *, Value>
KernelLowering::reductionInput(hlo::ReduceOp reduce) {
  Value in = storage(reduce.getOperand());
  const ValueInfo &stored = values[in];
  const ValueInfo &spread = values[reduce.getOperand()];
  bool idempotent = reduce.getKind() == hlo::ReduceKind::max ||
                    reduce.getKind() == hlo::ReduceKind::min ||
                    getElementTypeOrSelf(reduce.getType()).isInteger(1);
  bool dropsCopies =
      !idempotent && in != reduce.getOperand() &&
      llvm::any_of(spread.pmap, [&](int64_t it) {
        return it >= 0 && reduction[it] && !llvm::is_contained(stored.pmap, it);
      });
  if (!dropsCopies)
    return {&stored, current.lookup(in)};
  // A unit dimension of the stored value (a 2x1 broadcast to 3x2x2x37)
  // is read at index 0.
  SmallVector<int64_t> map;
  for (int64_t it : stored.pmap)
    map.push_back(it < 0 ? -1
                         : llvm::find(spread.pmap, it) - spread.pmap.begin());
  Value copies = scratch("reduce.spread", blockShape(spread, block),
                         getElementTypeOrSelf(reduce.getOperand().getType()));
  VectorOp::create(b, loc(), VectorKind::copy, ValueRange{current.lookup(in)},
                   copies, b.getArrayAttr({b.getDenseI64ArrayAttr(map)}));
  return {&spread, copies};
}

/// Layout assignment may order a reduction's result dimensions differently
/// from its input's kept ones: the reduction then accumulates in the
/// input's order and each step's partial result is transposed into the
/// result block.
KernelLowering::KeptOrder KernelLowering::keptOrder(const ValueInfo &in,
                                                    Value result) {
  KeptOrder order;
  SmallVector<int64_t> kept, valid = blockShape(in, block);
  ArrayRef<int64_t> resultMap = values[storage(result)].pmap;
  for (auto [i, it] : llvm::enumerate(in.pmap))
    if (it < 0 || !reduction[it]) {
      kept.push_back(it);
      order.shape.push_back(valid[i]);
      order.toResult.push_back(llvm::find(resultMap, it) - resultMap.begin());
    }
  order.same =
      ArrayRef<int64_t>(kept) == resultMap || llvm::is_contained(kept, -1);
  return order;
}

MatmulOp KernelLowering::emitMatmul(Operation *inner, Value dst,
                                    bool accumulate) {
  auto attr = inner->getAttrOfType<hlo::PrecisionAttr>("precision");
  Precision precision = attr && attr.getValue() == hlo::Precision::HIGHEST
                            ? Precision::highest
                            : Precision::default_;
  Value lhs = current.lookup(storage(inner->getOperand(0))),
        rhs = current.lookup(storage(inner->getOperand(1)));
  if (swapOperands)
    std::swap(lhs, rhs);
  return MatmulOp::create(b, loc(), lhs, rhs, dst, accumulate, precision,
                          transposeLhs, transposeRhs, DenseI64ArrayAttr(),
                          DenseI64ArrayAttr());
}

LogicalResult KernelLowering::emitOp(Operation *inner, ArrayRef<Value> idx,
                                     bool accumulate) {
  Value result = inner->getResult(0);
  // The anchor's partial results go to its f32 accumulator, if it has one.
  Value dst = wideAcc && inner == anchor ? wideAcc : current.lookup(result);
  auto bufferOf = [&](Value v) { return current.lookup(storage(v)); };
  if (hlo::isContraction(inner)) {
    emitMatmul(inner, dst, accumulate);
    return success();
  }
  if (auto reduce = dyn_cast<hlo::ReduceOp>(inner)) {
    auto [infoPtr, input] = reductionInput(reduce);
    const ValueInfo &info = *infoPtr;
    SmallVector<int64_t> dims;
    for (auto [i, it] : llvm::enumerate(info.pmap))
      if (it >= 0 && reduction[it])
        dims.push_back(i);
    // Past the input's physical extent (where a pad after the reduction
    // grew the iteration space) nothing is reduced: the pad selects its
    // value there.
    SmallVector<int64_t> valid = blockShape(info, block);
    for (auto [i, v] : llvm::enumerate(valid))
      v = std::min(v, info.phys.dims[i]);
    KeptOrder order = keptOrder(info, result);
    if (order.same) {
      ReduceOp::create(b, loc(), *reduceKindOf(reduce.getKind()), input, dst,
                       dims, valid, accumulate);
      return success();
    }
    Value partial = scratch("reduce.partial", order.shape,
                            getElementTypeOrSelf(dst.getType()));
    ReduceOp::create(b, loc(), *reduceKindOf(reduce.getKind()), input, partial,
                     dims, valid, accumulate);
    VectorOp::create(b, loc(), VectorKind::copy, ValueRange{partial}, dst,
                     b.getArrayAttr({b.getDenseI64ArrayAttr(order.toResult)}));
    return success();
  }
  if (isa<hlo::ArgMaxOp, hlo::ArgMinOp>(inner)) {
    Value in = storage(inner->getOperand(0));
    const ValueInfo &info = values[in];
    int64_t dim = info.phys.positionOf(
        inner->getAttrOfType<IntegerAttr>("dimension").getInt());
    ArgReduceKind kind = isa<hlo::ArgMaxOp>(inner) ? ArgReduceKind::argmax
                                                   : ArgReduceKind::argmin;
    // The best values so far, and the indices unless they can accumulate
    // in the result block, are kept in the input's order.
    KeptOrder order = keptOrder(info, result);
    Value best = scratch("arg.best", order.shape, info.phys.element);
    Value indices = order.same
                        ? dst
                        : scratch("arg.indices", order.shape,
                                  getElementTypeOrSelf(result.getType()));
    ArgReduceOp::create(b, loc(), kind, current.lookup(in), best, indices, dim,
                        blockShape(info, block)[dim],
                        blockStart(info, dim, idx), accumulate);
    if (!order.same)
      VectorOp::create(
          b, loc(), VectorKind::copy, ValueRange{indices}, dst,
          b.getArrayAttr({b.getDenseI64ArrayAttr(order.toResult)}));
    return success();
  }
  if (auto pad = dyn_cast<hlo::PadOp>(inner)) {
    // select(low <= i < low + size, operand, padding value) along each
    // padded dimension.
    Value operand = pad.getOperand();
    Value padValue =
        isZeroSplat(pad.getPaddingValue()) ? Value() : pad.getPaddingValue();
    SmallVector<Value> ins = {operand};
    if (padValue)
      ins.push_back(padValue);
    FailureOr<SmallVector<Attribute>> maps = explicitMaps(ins, result, inner);
    if (failed(maps))
      return failure();
    const ValueInfo &info = values[result];
    Attribute identity = identityMap(info.pmap.size());
    Value fill =
        padValue ? bufferOf(padValue) : splat(zeroOf(info.phys.element));
    Attribute fillMap = padValue ? (*maps)[1] : identityMap(0);
    auto logical = cast<RankedTensorType>(operand.getType());
    VectorOp::create(b, loc(), VectorKind::copy, ValueRange{bufferOf(operand)},
                     dst, b.getArrayAttr({(*maps)[0]}));
    for (int64_t d = 0; d < logical.getRank(); ++d) {
      int64_t low = pad.getEdgePaddingLow()[d],
              high = pad.getEdgePaddingHigh()[d];
      if (low <= 0 && high <= 0)
        continue;
      Value mask = inRange(info, d, low, low + logical.getDimSize(d), idx);
      VectorOp::create(b, loc(), VectorKind::select,
                       ValueRange{mask, dst, fill}, dst,
                       b.getArrayAttr({identity, identity, fillMap}));
    }
    return success();
  }
  if (auto concat = dyn_cast<hlo::ConcatenateOp>(inner)) {
    // The last input, then each earlier one selected in below its end.
    SmallVector<Value> inputs(concat.getInputs());
    FailureOr<SmallVector<Attribute>> maps =
        explicitMaps(inputs, result, inner);
    if (failed(maps))
      return failure();
    const ValueInfo &info = values[result];
    Attribute identity = identityMap(info.pmap.size());
    int64_t dim = concat.getDimension();
    SmallVector<int64_t> ends;
    int64_t end = 0;
    for (Value input : inputs)
      ends.push_back(end +=
                     cast<RankedTensorType>(input.getType()).getDimSize(dim));
    VectorOp::create(b, loc(), VectorKind::copy,
                     ValueRange{bufferOf(inputs.back())}, dst,
                     b.getArrayAttr({maps->back()}));
    for (int64_t i = inputs.size() - 2; i >= 0; --i) {
      Value mask = inRange(info, dim, 0, ends[i], idx);
      VectorOp::create(b, loc(), VectorKind::select,
                       ValueRange{mask, bufferOf(inputs[i]), dst}, dst,
                       b.getArrayAttr({identity, (*maps)[i], identity}));
    }
    return success();
  }
  if (auto iota = dyn_cast<hlo::IotaOp>(inner)) {
    const ValueInfo &info = values[result];
    int64_t pos = info.phys.positionOf(iota.getIotaDimension());
    IotaOp::create(b, loc(), dst, pos, blockStart(info, pos, idx),
                   info.pwin[pos].stride);
    return success();
  }
  std::optional<VectorKind> kind = vectorKindOf(inner);
  SmallVector<Value> operands(inner->getOperands());
  FailureOr<Attribute> maps = mapsFor(operands, result, inner);
  if (failed(maps))
    return failure();
  SmallVector<Value> buffers = llvm::map_to_vector(operands, bufferOf);
  VectorOp::create(b, loc(), *kind, buffers, dst,
                   llvm::cast_if_present<ArrayAttr>(*maps));
  return success();
}

void KernelLowering::emitPrefetch(Value t) {
  SmallVector<Value> idx = blockIndices(t);
  Value sem = slotOf(t, inSems);
  for (Value input : inputs) {
    ValueInfo &info = values[input];
    emitDma(info.hbm, info, idx, slotOf(t, info.vmem), sem, false);
  }
}

LogicalResult KernelLowering::emitBody(Value t, bool prefetch) {
  // The first and last blocks may go in pieces (SubBlocks.cpp).
  std::optional<int64_t> trip = constantIndex(t);
  bool firstPieces = sub.kPieces > 1 && trip && *trip < sub.firstTrips;
  bool lastPieces = sub.nPieces > 1 && trip == trips - 1;
  if (prefetch)
    emitPrefetch(addC(t, inputSlots() - 1));
  if (!inputs.empty() && !firstPieces)
    DmaWaitOp::create(b, loc(), slotOf(t, inSems));
  SmallVector<Value> idx = blockIndices(t);
  Value step = divC(t, reductionTrips);
  outSem = slotOf(step, outSems);
  current.clear();
  for (auto &[value, info] : values) {
    if (info.role == Role::Input)
      current[value] = slotOf(t, info.vmem);
    else if (!info.vmem.empty())
      current[value] = info.vmem[0];
  }
  // Each result is computed in its output slot, which its DMA drains.
  DenseMap<Value, Value> outSlots;
  for (Value output : outputs)
    outSlots[output] = current[output] = slotOf(step, values[output].vmem);

  // Without an anchor the prologue computes the output block, so its slot
  // must be free (its DMA two steps ago done) before the prologue runs.
  if (!anchor)
    DmaWaitOp::create(b, loc(), outSem);
  for (Operation *inner : prologue)
    if (failed(emitOp(inner, idx, false)))
      return failure();
  Value r = remC(t, reductionTrips);
  bool anchorIsOutput = anchor && isOutput(anchor->getResult(0));
  if (anchor) {
    // The first reduction step overwrites the accumulator, the others add
    // to it; an output slot is reused once its DMA two steps ago is done.
    auto emitStep = [&](bool first) -> LogicalResult {
      if (first && anchorIsOutput)
        DmaWaitOp::create(b, loc(), outSem);
      if (firstPieces || lastPieces) {
        emitMatmulPieces(*trip, firstPieces, lastPieces, first, idx);
        return success();
      }
      return emitOp(anchor, idx, !first);
    };
    Value first = isEq(r, 0);
    if (std::optional<int64_t> k = constantIndex(first)) {
      if (failed(emitStep(*k != 0)))
        return failure();
    } else {
      auto ifOp = scf::IfOp::create(b, loc(), first, /*withElse=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      if (failed(emitStep(true)))
        return failure();
      b.setInsertionPointToStart(ifOp.elseBlock());
      if (failed(emitStep(false)))
        return failure();
    }
  }
  // The last reduction step finishes the output block.
  auto finish = [&]() -> LogicalResult {
    if (anchor && !anchorIsOutput)
      DmaWaitOp::create(b, loc(), outSem);
    if (wideAcc)
      VectorOp::create(b, loc(), VectorKind::convert, ValueRange{wideAcc},
                       current.lookup(anchor->getResult(0)), ArrayAttr());
    for (Operation *inner : epilogue)
      if (failed(emitOp(inner, idx, false)))
        return failure();
    for (auto [output, hbm] : llvm::zip(outputs, outBuffers)) {
      Operation *def = output.getDefiningOp();
      bool written =
          (anchor && def == anchor) || (values[output].role == Role::Computed &&
                                        (llvm::is_contained(prologue, def) ||
                                         llvm::is_contained(epilogue, def)));
      if (!written) {
        // The output is a parameter, a broadcast or a constant: copy it.
        Value from = storage(output);
        FailureOr<Attribute> maps = mapsFor({from}, output, op);
        if (failed(maps))
          return failure();
        VectorOp::create(b, loc(), VectorKind::copy,
                         ValueRange{current.lookup(from)}, outSlots[output],
                         llvm::cast_if_present<ArrayAttr>(*maps));
      }
      if (!lastPieces) // else drained piece by piece
        emitDma(hbm, values[output], idx, outSlots[output], outSem, true);
    }
    return success();
  };
  Value last = isEq(r, reductionTrips - 1);
  if (std::optional<int64_t> k = constantIndex(last)) {
    if (*k && failed(finish()))
      return failure();
    return success();
  }
  auto ifOp = scf::IfOp::create(b, loc(), last, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  return finish();
}

LogicalResult
KernelLowering::lower(ArrayRef<Operation *> ops, ArrayRef<Value> results,
                      ArrayRef<Value> outs,
                      llvm::function_ref<FailureOr<Value>(Value)> leaf) {
  outputs.assign(results.begin(), results.end());
  outBuffers.assign(outs.begin(), outs.end());
  // The iteration space is the largest result's: tile padding can make
  // results of one logical shape differ (an i1 in T(2,128) beside a bf16
  // in T(4,128)), and the smaller ones take its blocks masked.
  root = outputs.front();
  for (Value output : outputs)
    if (llvm::all_of(outputs, [&](Value other) {
          return fitsIn(other.getType(), output.getType());
        })) {
      root = output;
      break;
    }
  if (failed(analyze(ops, leaf)) || failed(planBlocks()))
    return failure();
  planSubBlocks();
  // Each result is stored in its output slots; a broadcast returned as is
  // is copied there. A fused constant or parameter returned as is is not
  // lowered yet.
  for (Value output : outputs)
    if (values[output].role == Role::Input ||
        values[output].role == Role::Splat)
      return op->emitOpError()
             << "tpu-lower: a kernel that returns a parameter or constant "
                "unchanged is not lowered yet";

  OpBuilder::InsertionGuard guard(b);
  KernelOp kernel = beginKernel();

  auto alloc = [&](const ValueInfo &info) {
    return AllocOp::create(b, loc(),
                           bufferType(blockShape(info, block),
                                      info.phys.element, MemorySpace::vmem))
        .getResult();
  };
  for (auto &[value, info] : values) {
    if (isOutput(value)) {
      info.vmem = {alloc(info), alloc(info)};
      continue;
    }
    switch (info.role) {
    case Role::Input:
      for (int64_t i = 0; i < inputSlots(); ++i) {
        info.vmem.push_back(alloc(info));
        // Folded taps fill K's first rows; the MXU reads the rest as zeros.
        if (info.fold)
          FillOp::create(b, loc(), info.vmem.back(), zeroOf(info.phys.element));
      }
      break;
    case Role::Computed:
      info.vmem = {alloc(info)};
      break;
    case Role::Splat: {
      info.vmem = {alloc(info)};
      auto dense = cast<DenseElementsAttr>(
          cast<hlo::ConstantOp>(value.getDefiningOp()).getValue());
      FillOp::create(b, loc(), info.vmem[0],
                     cast<TypedAttr>(dense.getSplatValue<Attribute>()));
      break;
    }
    case Role::Alias:
    case Role::Skip:
      break;
    }
  }
  if (Value result = wideAccResult())
    wideAcc = AllocOp::create(b, loc(),
                              bufferType(blockShape(values[result], block),
                                         wideAccType(), MemorySpace::vmem));
  auto semType = SemaphoreType::get(b.getContext());
  for (int64_t i = 0; i < inputSlots(); ++i)
    inSems.push_back(SemaphoreAllocOp::create(b, loc(), semType));
  for (Value &sem : outSems)
    sem = SemaphoreAllocOp::create(b, loc(), semType);
  // Prefetch the first blocks, run the blocks with the DMAs of the block
  // inputSlots() - 1 ahead in flight, then the last ones (peeled, so the
  // prefetch needs no condition), and drain the output DMAs. First blocks
  // taken in pieces are peeled too.
  int64_t ahead = std::min(inputSlots() - 1, trips);
  if (sub.kPieces > 1)
    sub.firstTrips = ahead;
  for (int64_t i = 0; i < sub.firstTrips * sub.kPieces; ++i)
    subSems.push_back(SemaphoreAllocOp::create(b, loc(), semType));
  for (int64_t t = 0; t < ahead; ++t) {
    if (t < sub.firstTrips)
      emitFirstPieces(t);
    else
      emitPrefetch(index(t));
  }
  int64_t peeled = 0;
  for (; peeled < sub.firstTrips && trips - ahead > peeled; ++peeled)
    if (failed(emitBody(index(peeled), /*prefetch=*/true)))
      return failure();
  if (trips - ahead > peeled) {
    auto loop = scf::ForOp::create(b, loc(), index(peeled),
                                   index(trips - ahead), index(1));
    OpBuilder::InsertionGuard inLoop(b);
    b.setInsertionPointToStart(loop.getBody());
    if (failed(emitBody(loop.getInductionVar(), /*prefetch=*/true)))
      return failure();
  }
  for (int64_t t = std::max(trips - ahead, peeled); t < trips; ++t)
    if (failed(emitBody(index(t), /*prefetch=*/false)))
      return failure();
  DmaWaitOp::create(b, loc(), outSems[0]);
  DmaWaitOp::create(b, loc(), outSems[1]);
  cleanUp(kernel);
  return success();
}

KernelOp KernelLowering::beginKernel() {
  auto kernel = KernelOp::create(b, loc(), name);
  kernelBlock = new Block();
  kernel.getBody().push_back(kernelBlock);
  b.setInsertionPointToStart(kernelBlock);
  return kernel;
}

/// Whether CSE could merge anything in `kernel`. Only pure ops merge, and
/// inside a kernel those are arith's (tpu ops all touch memory). The
/// lowering makes each index and i1 constant once (index(), isEq()), so a
/// kernel whose only pure ops are distinct constants, as every kernel of
/// one block is, has nothing to merge and skips the analysis.
static bool mayHaveCommonSubexpressions(KernelOp kernel) {
  DenseSet<std::pair<Attribute, Type>> constants;
  return kernel
      .walk([&](Operation *inner) {
        if (auto constant = dyn_cast<arith::ConstantOp>(inner))
          return constants.insert({constant.getValue(), constant.getType()})
                         .second
                     ? WalkResult::advance()
                     : WalkResult::interrupt();
        if (inner == kernel.getOperation() ||
            isa_and_present<TPUDialect>(inner->getDialect()))
          return WalkResult::advance();
        return WalkResult::interrupt();
      })
      .wasInterrupted();
}

void KernelLowering::cleanUp(KernelOp kernel) {
  IRRewriter rewriter(b);
  if (mayHaveCommonSubexpressions(kernel)) {
    DominanceInfo dominance(kernel);
    eliminateCommonSubExpressions(rewriter, dominance, kernel);
  }
  // A kernel of one block leaves the second slot of its double buffers
  // unused, and waits on semaphores no DMA signals (a no-op); every later
  // stage would pay for those ops.
  SmallVector<Operation *> dead;
  kernel.walk([&](Operation *inner) {
    if (isa<SemaphoreAllocOp>(inner) &&
        llvm::all_of(inner->getUsers(),
                     [](Operation *user) { return isa<DmaWaitOp>(user); })) {
      llvm::append_range(dead, inner->getUsers());
      dead.push_back(inner);
    }
  });
  for (Operation *inner : dead)
    inner->erase();
  dead.clear();
  kernel.walk([&](Operation *inner) {
    if ((isa_and_present<arith::ArithDialect>(inner->getDialect()) ||
         isa<AllocOp>(inner)) &&
        inner->use_empty())
      dead.push_back(inner);
  });
  for (Operation *inner : llvm::reverse(dead))
    if (inner->use_empty())
      inner->erase();
}

} // namespace mlir::tpu::lowering
