//===- Relayout.cpp - Reshapes that move data -----------------------------===//
//
// Part of tpu-lower.
//
// A reshape whose operand and result do not share bytes: a relayout copy
// through VMEM in runs of whole dimensions.
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

#include <set>
#include <tuple>

namespace mlir::tpu::lowering {

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

/// A run of dimensions of a reshape's operand and the run of its result's
/// that hold the same elements: [in0, in1) and [out0, out1), of equal
/// products. A group of one dimension on each side keeps it; in any other
/// group, elements move between tiles.
struct ReshapeGroup {
  int64_t in0, in1, out0, out1;
  bool kept() const { return in1 - in0 == 1 && out1 - out0 == 1; }
};

SmallVector<ReshapeGroup> reshapeGroups(ArrayRef<int64_t> in,
                                        ArrayRef<int64_t> out) {
  SmallVector<ReshapeGroup> groups;
  size_t i = 0, j = 0;
  while (i < in.size() || j < out.size()) {
    ReshapeGroup g{int64_t(i), 0, int64_t(j), 0};
    int64_t pin = i < in.size() ? in[i++] : 1;
    int64_t pout = j < out.size() ? out[j++] : 1;
    while (pin != pout) {
      if (pin < pout && i < in.size())
        pin *= in[i++];
      else if (pout < pin && j < out.size())
        pout *= out[j++];
      else
        break;
    }
    g.in1 = i;
    g.out1 = j;
    groups.push_back(g);
  }
  return groups;
}

/// The element counts r for which every aligned run of r elements of the
/// row-major dimensions `dims` is a rectangular window: c times the product
/// of the dimensions after some k, for c dividing dims[k].
std::set<int64_t> rectangularRuns(ArrayRef<int64_t> dims) {
  std::set<int64_t> runs = {1};
  int64_t suffix = 1;
  for (int64_t k = dims.size() - 1; k >= 0; --k) {
    for (int64_t c = 1; c * c <= dims[k]; ++c)
      if (dims[k] % c == 0) {
        runs.insert(c * suffix);
        runs.insert(dims[k] / c * suffix);
      }
    suffix *= dims[k];
  }
  return runs;
}

/// The window of an aligned run of r elements of row-major `dims`: its
/// size along each dimension.
SmallVector<int64_t> runWindow(ArrayRef<int64_t> dims, int64_t r) {
  SmallVector<int64_t> sizes(dims.size(), 1);
  int64_t left = r;
  for (int64_t k = dims.size() - 1; k >= 0 && left > 1; --k) {
    int64_t take = std::min(left, dims[k]);
    sizes[k] = take;
    left /= take;
  }
  return sizes;
}

/// The iteration space has one dimension per group: a kept dimension is
/// blocked as usual; a group whose elements move is walked in aligned runs
/// of r elements that are rectangular windows of both the operand's and the
/// result's dimensions. Each step DMAs the operand's window into VMEM,
/// relayouts it into the result's block shape and DMAs that out, with two
/// slots on each side so that the next window arrives while this one moves.
/// A physical shape from logical sizes: `logical` in `phys`'s order.
static SmallVector<int64_t> physicalShape(ArrayRef<int64_t> logical,
                                          const Physical &phys) {
  SmallVector<int64_t> shape;
  for (int64_t l : phys.logicalOf)
    shape.push_back(logical[l]);
  return shape;
}

/// What planRelayout chooses and emission reads.
struct RelayoutPlan {
  ArrayRef<int64_t> inShape, outShape;
  Physical inPhys, outPhys;
  SmallVector<ReshapeGroup> groups;
  /// Per group: the elements a block moves, the blocks, their stride in the
  /// flattened loop.
  SmallVector<int64_t> per, counts, strides;
  /// Logical block shapes of the operand and the result.
  SmallVector<int64_t> inBlock, outBlock;
  int64_t trips = 1;
};

/// Block choice of a relayout: per dimension group, the run each block
/// moves (the longest that fits three quarters of VMEM, kept dimensions
/// then grown while the block is small), and the flattened loop over the
/// blocks.
static LogicalResult planRelayout(hlo::ReshapeOp reshape,
                                  const tpc::Target &target,
                                  RelayoutPlan &plan) {
  auto inType = cast<RankedTensorType>(reshape.getOperand().getType());
  auto outType = cast<RankedTensorType>(reshape.getType());
  FailureOr<Physical> inPhys = physicalOf(reshape.getLoc(), inType);
  FailureOr<Physical> outPhys = physicalOf(reshape.getLoc(), outType);
  if (failed(inPhys) || failed(outPhys))
    return failure();
  plan.inPhys = *inPhys;
  plan.outPhys = *outPhys;
  ArrayRef<int64_t> inShape = plan.inShape = inType.getShape();
  ArrayRef<int64_t> outShape = plan.outShape = outType.getShape();
  SmallVector<ReshapeGroup> &groups = plan.groups;
  groups = reshapeGroups(inShape, outShape);
  int64_t rank = groups.size();

  // Per group: the candidate runs (a kept dimension: block sizes 1, 2, 4..)
  SmallVector<SmallVector<int64_t>> runs(rank);
  for (auto [g, group] : llvm::enumerate(groups)) {
    if (group.kept())
      continue;
    std::set<int64_t> a =
        rectangularRuns(inShape.slice(group.in0, group.in1 - group.in0));
    std::set<int64_t> b =
        rectangularRuns(outShape.slice(group.out0, group.out1 - group.out0));
    for (int64_t r : a)
      if (b.count(r))
        runs[g].push_back(r);
  }
  // Block shapes (logical) of the operand and the result for per-group
  // element counts.
  auto blockShapes = [&](ArrayRef<int64_t> per) {
    SmallVector<int64_t> inBlock, outBlock;
    for (auto [g, group] : llvm::enumerate(groups)) {
      if (group.kept()) {
        inBlock.push_back(per[g]);
        outBlock.push_back(per[g]);
        continue;
      }
      llvm::append_range(
          inBlock,
          runWindow(inShape.slice(group.in0, group.in1 - group.in0), per[g]));
      llvm::append_range(
          outBlock,
          runWindow(outShape.slice(group.out0, group.out1 - group.out0),
                    per[g]));
    }
    return std::pair(inBlock, outBlock);
  };
  auto footprintOf = [&](ArrayRef<int64_t> per) {
    auto [inBlock, outBlock] = blockShapes(per);
    int64_t one = tpc::saturatingAdd(
        scratchFootprint(physicalShape(inBlock, *inPhys), inPhys->element),
        scratchFootprint(physicalShape(outBlock, *outPhys), outPhys->element));
    return tpc::saturatingAdd(one, one);
  };
  // The longest runs that fit the budget, then kept dimensions grow,
  // innermost first, while the block is small. A relayout kernel holds
  // nothing but its four slots (compute kernels keep half of VMEM, for
  // accumulators and scratch besides), so it may take three quarters: a
  // run of whole rows then fits where half would force one pixel per DMA
  // (the 331x331 net's flatten on v4: 21.7 MB of 32 MiB; a row of 331, a
  // prime, has no run between one pixel and the whole row).
  int64_t budget = target.vmemBytes / 4 * 3;
  SmallVector<int64_t> &per = plan.per;
  per.assign(rank, 1);
  SmallVector<size_t> choice(rank, 0);
  for (int64_t g = 0; g < rank; ++g)
    if (!runs[g].empty()) {
      choice[g] = runs[g].size() - 1;
      per[g] = runs[g][choice[g]];
    }
  while (footprintOf(per) > budget) {
    int64_t longest = -1;
    for (int64_t g = 0; g < rank; ++g)
      if (!runs[g].empty() && choice[g] > 0 &&
          (longest < 0 || per[g] > per[longest]))
        longest = g;
    if (longest < 0)
      return reshape.emitOpError()
             << "tpu-lower: the smallest blocks of this reshape need "
             << tpc::formatBytes(footprintOf(per)) << " of VMEM, more than "
             << "three quarters of the " << tpc::formatBytes(target.vmemBytes)
             << " of " << target.name;
    per[longest] = runs[longest][--choice[longest]];
  }
  auto elements = [](ArrayRef<int64_t> per) {
    return tpc::saturatingProduct(per);
  };
  for (int64_t g = rank - 1; g >= 0; --g) {
    if (!groups[g].kept())
      continue;
    int64_t size = inShape[groups[g].in0];
    while (per[g] < size && elements(per) < kTargetBlockElements) {
      SmallVector<int64_t> grown = per;
      grown[g] = std::min(size, per[g] * 2);
      if (footprintOf(grown) > budget)
        break;
      per = grown;
    }
  }

  // The flattened loop over the groups, row-major.
  SmallVector<int64_t> &counts = plan.counts, &strides = plan.strides;
  counts.assign(rank, 0);
  strides.assign(rank, 0);
  int64_t &trips = plan.trips;
  trips = 1;
  for (int64_t g = rank - 1; g >= 0; --g) {
    const ReshapeGroup &group = groups[g];
    int64_t total = 1;
    for (int64_t d = group.in0; d < group.in1; ++d)
      total *= inShape[d];
    counts[g] = (total + per[g] - 1) / per[g];
    strides[g] = trips;
    std::optional<int64_t> next = tpc::checkedMul(trips, counts[g]);
    if (!next)
      return reshape.emitOpError("tpu-lower: too many blocks");
    trips = *next;
  }
  std::tie(plan.inBlock, plan.outBlock) = blockShapes(per);
  return success();
}

LogicalResult KernelLowering::lowerReshape(hlo::ReshapeOp reshape, Value in,
                                           Value outBuf) {
  if (cast<ShapedType>(reshape.getOperand().getType()).getNumElements() == 0)
    return success();
  RelayoutPlan plan;
  if (failed(planRelayout(reshape, target, plan)))
    return failure();
  const Physical *inPhys = &plan.inPhys, *outPhys = &plan.outPhys;
  ArrayRef<int64_t> inShape = plan.inShape, outShape = plan.outShape;
  ArrayRef<ReshapeGroup> groups = plan.groups;
  ArrayRef<int64_t> per = plan.per, counts = plan.counts,
                    strides = plan.strides;
  ArrayRef<int64_t> inBlock = plan.inBlock, outBlock = plan.outBlock;
  int64_t trips = plan.trips;

  OpBuilder::InsertionGuard guard(b);
  KernelOp kernel = beginKernel();
  auto alloc = [&](ArrayRef<int64_t> logical, const Physical &phys) {
    return AllocOp::create(b, loc(),
                           bufferType(physicalShape(logical, phys),
                                      phys.element, MemorySpace::vmem))
        .getResult();
  };
  Value inSlots[2] = {alloc(inBlock, *inPhys), alloc(inBlock, *inPhys)};
  Value outSlots[2] = {alloc(outBlock, *outPhys), alloc(outBlock, *outPhys)};
  auto semType = SemaphoreType::get(b.getContext());
  for (int i = 0; i < 2; ++i) {
    inSems.push_back(SemaphoreAllocOp::create(b, loc(), semType));
    outSems[i] = SemaphoreAllocOp::create(b, loc(), semType);
  }

  // The window of step t on one side: per logical dimension, its start.
  auto dma = [&](Value t, bool toHbm, Value vmem, Value sem) {
    const Physical &phys = toHbm ? *outPhys : *inPhys;
    ArrayRef<int64_t> shape = toHbm ? outShape : inShape;
    ArrayRef<int64_t> logicalBlock = toHbm ? outBlock : inBlock;
    SmallVector<Value> starts(shape.size());
    bool masked = false;
    for (auto [g, group] : llvm::enumerate(groups)) {
      Value step = remC(divC(t, strides[g]), counts[g]);
      int64_t d0 = toHbm ? group.out0 : group.in0;
      int64_t d1 = toHbm ? group.out1 : group.in1;
      if (group.kept()) {
        starts[d0] = mulC(step, per[g]);
        masked |= shape[d0] % per[g] != 0;
        continue;
      }
      // Flat position p = step * r, split row-major over [d0, d1).
      Value flat = mulC(step, per[g]);
      int64_t suffix = 1;
      for (int64_t d = d1 - 1; d >= d0; --d) {
        starts[d] = remC(divC(flat, suffix), shape[d]);
        suffix *= shape[d];
      }
    }
    SmallVector<Value> hbmIndices, vmemIndices;
    SmallVector<int64_t> sizes;
    for (int64_t l : phys.logicalOf) {
      hbmIndices.push_back(starts[l]);
      vmemIndices.push_back(index(0));
      sizes.push_back(logicalBlock[l]);
    }
    if (toHbm)
      DmaStartOp::create(b, loc(), vmem, vmemIndices, outBuf, hbmIndices, sem,
                         b.getDenseI64ArrayAttr(sizes), DenseI64ArrayAttr(),
                         masked);
    else
      DmaStartOp::create(b, loc(), in, hbmIndices, vmem, vmemIndices, sem,
                         b.getDenseI64ArrayAttr(sizes), DenseI64ArrayAttr(),
                         masked);
  };
  auto body = [&](Value t, bool prefetch) {
    if (prefetch) {
      Value next = addC(t, 1);
      dma(next, false, slotOf(next, inSlots), slotOf(next, inSems));
    }
    DmaWaitOp::create(b, loc(), slotOf(t, inSems));
    // This output slot's DMA of two steps ago must be done.
    Value outSem = slotOf(t, outSems);
    Value outSlot = slotOf(t, outSlots);
    DmaWaitOp::create(b, loc(), outSem);
    RelayoutOp::create(b, loc(), slotOf(t, inSlots), outSlot, inPhys->logicalOf,
                       outPhys->logicalOf);
    dma(t, true, outSlot, outSem);
  };
  dma(index(0), false, inSlots[0], inSems[0]);
  if (trips > 1) {
    auto loop =
        scf::ForOp::create(b, loc(), index(0), index(trips - 1), index(1));
    OpBuilder::InsertionGuard inLoop(b);
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar(), /*prefetch=*/true);
  }
  body(index(trips - 1), /*prefetch=*/false);
  DmaWaitOp::create(b, loc(), outSems[0]);
  DmaWaitOp::create(b, loc(), outSems[1]);
  cleanUp(kernel);
  return success();
}

} // namespace mlir::tpu::lowering
