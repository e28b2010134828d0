//===- DynamicSlice.cpp - Kernels of dynamic slices -----------------------===//
//
// Part of tpu-lower.
//
// hlo.dynamic_slice and hlo.dynamic_update_slice as XLA:TPU runs them: the
// start indices are DMAed from HBM into SMEM, the scalar core loads and
// clamps them, and the box moves HBM -> VMEM -> HBM by DMAs whose HBM
// addresses are those registers. Only the box moves, so a slice of a large
// table costs the slice's bytes, not the table's. An update that is not in
// place first copies the operand to the result. See docs/lowering.md.
//
//===----------------------------------------------------------------------===//

#include "passes/lower/KernelLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::lowering;

/// The start registers: an index the program fixes is clamped here; the
/// others are DMAed into SMEM, loaded and clamped into [0, limits[d]]
/// (arith on index values compares unsigned, so a negative index is one
/// with the top bit set).
SmallVector<Value> KernelLowering::loadStarts(ValueRange indices,
                                              ArrayRef<Value> indexBuffers,
                                              ArrayRef<int64_t> limits) {
  auto semType = SemaphoreType::get(b.getContext());
  Value sem;
  SmallVector<Value> smem;
  for (auto [value, hbm] : llvm::zip(indices, indexBuffers)) {
    if (constantIndex(value)) {
      smem.push_back(Value());
      continue;
    }
    if (!sem)
      sem = SemaphoreAllocOp::create(b, loc(), semType);
    auto type = cast<MemRefType>(hbm.getType());
    Value buffer = AllocOp::create(
        b, loc(), bufferType({}, type.getElementType(), MemorySpace::smem));
    DmaStartOp::create(b, loc(), hbm, ValueRange{}, buffer, ValueRange{}, sem,
                       b.getDenseI64ArrayAttr({}), DenseI64ArrayAttr(), false);
    smem.push_back(buffer);
  }
  if (sem)
    DmaWaitOp::create(b, loc(), sem);
  SmallVector<Value> starts;
  Value signBit = index(std::numeric_limits<int64_t>::min());
  for (auto [value, buffer, limit] : llvm::zip(indices, smem, limits)) {
    if (std::optional<int64_t> fixed = constantIndex(value)) {
      starts.push_back(index(std::clamp<int64_t>(*fixed, 0, limit)));
      continue;
    }
    Value v =
        ScalarLoadOp::create(b, loc(), b.getIndexType(), buffer, ValueRange{});
    Value negative =
        arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::uge, v, signBit);
    Value past = arith::CmpIOp::create(b, loc(), arith::CmpIPredicate::ugt, v,
                                       index(limit));
    Value low = arith::SelectOp::create(b, loc(), past, index(limit), v);
    starts.push_back(
        arith::SelectOp::create(b, loc(), negative, index(0), low));
  }
  return starts;
}

/// a + b, folded where either is a constant.
Value KernelLowering::plus(Value a, Value c) {
  if (std::optional<int64_t> k = constantIndex(c))
    return *k == 0 ? a : addC(a, *k);
  if (std::optional<int64_t> k = constantIndex(a))
    return *k == 0 ? c : addC(c, *k);
  return arith::AddIOp::create(b, loc(), a, c);
}

/// Copies the logical box `box` of `src` at `srcStart` to `dst` at
/// `dstStart` through VMEM, in chunks of the most major physical dimension
/// that fit a quarter of VMEM.
LogicalResult KernelLowering::copyBox(Value src, ArrayRef<Value> srcStart,
                                      Value dst, ArrayRef<Value> dstStart,
                                      ArrayRef<int64_t> box,
                                      const Physical &phys) {
  int64_t rank = box.size();
  if (llvm::any_of(box, [](int64_t s) { return s == 0; }))
    return success();
  SmallVector<int64_t> shape; // the box in physical order
  for (int64_t l : phys.logicalOf)
    shape.push_back(box[l]);
  // Chunks of the most major physical dimension, halved until one fits a
  // quarter of VMEM (tile-padded, as the kernel verifier counts it).
  int64_t budget = target.vmemBytes / 4;
  int64_t rows = rank == 0 ? 1 : shape.front(), perChunk = rows;
  SmallVector<int64_t> chunkShape(shape);
  auto footprint = [&](int64_t r) {
    if (rank > 0)
      chunkShape.front() = r;
    return scratchFootprint(chunkShape, phys.element);
  };
  while (perChunk > 0 && footprint(perChunk) > budget)
    perChunk /= 2;
  if (perChunk == 0)
    return op->emitOpError()
           << "tpu-lower: one row of the dynamic slice's box does not fit "
           << "in a quarter of VMEM (" << budget << " bytes)";
  Value vmem = AllocOp::create(
      b, loc(), bufferType(chunkShape, phys.element, MemorySpace::vmem));
  auto semType = SemaphoreType::get(b.getContext());
  Value in = SemaphoreAllocOp::create(b, loc(), semType);
  Value out = SemaphoreAllocOp::create(b, loc(), semType);
  // Chunk c of `size` rows from row `first`.
  auto chunk = [&](Value first, int64_t size) {
    SmallVector<Value> from, to, zeros(rank, index(0));
    SmallVector<int64_t> sizes(chunkShape);
    for (int64_t p = 0; p < rank; ++p) {
      int64_t l = phys.logicalOf[p];
      from.push_back(p == 0 ? plus(srcStart[l], first) : srcStart[l]);
      to.push_back(p == 0 ? plus(dstStart[l], first) : dstStart[l]);
    }
    if (rank > 0)
      sizes.front() = size;
    DmaStartOp::create(b, loc(), src, from, vmem, zeros, in,
                       b.getDenseI64ArrayAttr(sizes), DenseI64ArrayAttr(),
                       false);
    DmaWaitOp::create(b, loc(), in);
    DmaStartOp::create(b, loc(), vmem, zeros, dst, to, out,
                       b.getDenseI64ArrayAttr(sizes), DenseI64ArrayAttr(),
                       false);
    DmaWaitOp::create(b, loc(), out);
  };
  int64_t full = rows / perChunk, tail = rows % perChunk;
  if (full == 1) {
    chunk(index(0), perChunk);
  } else if (full > 1) {
    Value lower = index(0), upper = index(full), step = index(1);
    auto loop = scf::ForOp::create(b, loc(), lower, upper, step);
    OpBuilder::InsertionGuard inLoop(b);
    b.setInsertionPointToStart(loop.getBody());
    chunk(mulC(loop.getInductionVar(), perChunk), perChunk);
  }
  if (tail)
    chunk(index(full * perChunk), tail);
  return success();
}

bool mlir::tpu::lowering::sameBuffer(Value a, Value b) {
  if (a == b)
    return true;
  auto x = a.getDefiningOp<HbmBufferOp>(), y = b.getDefiningOp<HbmBufferOp>();
  return x && y && x.getOffset() == y.getOffset() && a.getType() == b.getType();
}

LogicalResult KernelLowering::lowerDynamicSlice(Operation *sliceOp, Value in,
                                                Value update,
                                                ArrayRef<Value> indexBuffers,
                                                Value outBuf) {
  auto operandType = cast<RankedTensorType>(sliceOp->getOperand(0).getType());
  auto resultType = cast<RankedTensorType>(sliceOp->getResult(0).getType());
  auto dus = dyn_cast<hlo::DynamicUpdateSliceOp>(sliceOp);
  ArrayRef<int64_t> box =
      dus ? cast<RankedTensorType>(dus.getUpdate().getType()).getShape()
          : resultType.getShape();
  FailureOr<Physical> phys = physicalOf(loc(), operandType);
  FailureOr<Physical> outPhys = physicalOf(loc(), resultType);
  if (failed(phys) || failed(outPhys))
    return failure();
  // tpu-assign-layouts gives operand, update and result one order.
  if (phys->logicalOf != outPhys->logicalOf)
    return op->emitOpError("tpu-lower: a dynamic slice's operand and result "
                           "need one dimension order");
  SmallVector<int64_t> limits;
  for (auto [size, dim] : llvm::zip(box, operandType.getShape()))
    limits.push_back(dim - size);

  OpBuilder::InsertionGuard guard(b);
  KernelOp kernel = beginKernel();
  ValueRange indices = sliceOp->getOperands().drop_front(dus ? 2 : 1);
  SmallVector<Value> starts = loadStarts(indices, indexBuffers, limits);
  SmallVector<Value> zeros(operandType.getRank(), index(0));
  LogicalResult copied = success();
  if (!dus) {
    copied = copyBox(in, starts, outBuf, zeros, box, *phys);
  } else {
    // Not in place (buffer assignment did not give the result the
    // operand's bytes): the operand first, then the update over it.
    if (!sameBuffer(in, outBuf))
      copied = copyBox(in, zeros, outBuf, zeros, operandType.getShape(), *phys);
    if (succeeded(copied))
      copied = copyBox(update, zeros, outBuf, starts, box, *phys);
  }
  if (failed(copied))
    return failure();
  cleanUp(kernel);
  return success();
}
