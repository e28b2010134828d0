//===- BlockPlan.cpp - Block sizes and their cost -------------------------===//
//
// Part of tpu-lower.
//
// Choosing block sizes: VMEM footprints, the MXU kernels' cycle estimate
// (exposed DMAs, MXU folds, HBM traffic, unhidden latency) and the search
// that shrinks blocks until the double-buffered working set fits.
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

#include <map>

namespace mlir::tpu::lowering {

Value KernelPlan::storage(Value value) {
  while (values[value].role == Role::Alias)
    value = values[value].source;
  return value;
}

Type KernelPlan::wideAccType() const {
  MLIRContext *context = anchor->getContext();
  if (isa<IntegerType>(getElementTypeOrSelf(anchor->getResult(0).getType())))
    return IntegerType::get(context, 32);
  return Float32Type::get(context);
}

Value KernelPlan::wideAccResult() const {
  if (!anchor)
    return Value();
  Value result = anchor->getResult(0);
  Type element = getElementTypeOrSelf(result.getType());
  if (hlo::isContraction(anchor))
    return element == wideAccType() ? Value() : result;
  auto reduce = dyn_cast<hlo::ReduceOp>(anchor);
  bool sums = reduce && (reduce.getKind() == hlo::ReduceKind::sum ||
                         reduce.getKind() == hlo::ReduceKind::product);
  return sums && isa<BFloat16Type, Float16Type>(element) ? result : Value();
}

SmallVector<int64_t>
KernelPlan::blockShape(const ValueInfo &info,
                           ArrayRef<int64_t> blocks) const {
  SmallVector<int64_t> shape;
  for (int64_t it : info.pmap)
    shape.push_back(it < 0 ? 1 : blocks[it]);
  return shape;
}

int64_t KernelPlan::largestBlock(ArrayRef<int64_t> blocks) {
  int64_t largest = 0;
  for (auto &[value, info] : values) {
    if (info.role == Role::Alias || info.role == Role::Skip)
      continue;
    SmallVector<int64_t> shape = blockShape(info, blocks);
    // A folded input moves one tap's channels per DMA.
    if (info.fold)
      shape[info.fold->kPosition] = info.fold->channels;
    largest = std::max(largest, tpc::saturatingProduct(shape));
  }
  return largest;
}

int64_t KernelPlan::footprint(ArrayRef<int64_t> blocks) {
  int64_t total = 0;
  MLIRContext *ctx = op->getContext();
  // Pads and concatenations select through index masks (inRange): an i32
  // iota and an i1 mask of the value's block, and a second i1 mask for a
  // pad with low padding; scratch() shares them between blocks of a shape.
  std::map<SmallVector<int64_t>, bool> masks;
  for (auto &[value, info] : values) {
    Operation *def = value.getDefiningOp();
    if (info.role != Role::Computed ||
        !isa_and_present<hlo::PadOp, hlo::ConcatenateOp>(def))
      continue;
    auto pad = dyn_cast<hlo::PadOp>(def);
    bool low = pad && llvm::any_of(pad.getEdgePaddingLow(),
                                   [](int64_t l) { return l > 0; });
    masks[blockShape(info, blocks)] |= low;
  }
  for (auto &[shape, low] : masks)
    for (Type element :
         {Type(IntegerType::get(ctx, 32)), Type(IntegerType::get(ctx, 1)),
          low ? Type(IntegerType::get(ctx, 1)) : Type()})
      if (element)
        total = tpc::saturatingAdd(total, scratchFootprint(shape, element));
  for (auto &[value, info] : values) {
    if ((info.role == Role::Alias || info.role == Role::Skip) &&
        !isOutput(value))
      continue;
    Type element = info.phys.element;
    int64_t bytes = scratchFootprint(blockShape(info, blocks), element);
    int64_t slots = info.role == Role::Input ? inputSlots()
                    : isOutput(value)        ? 2
                                             : 1;
    total = tpc::saturatingAdd(total, tpc::saturatingMul(bytes, slots));
    // A narrow MXU result or sum also needs an f32 (or i32) accumulator, and an
    // index reduction a block of the best values.
    Type accumulator;
    if (value == wideAccResult())
      accumulator = wideAccType();
    if (value == argResult())
      accumulator = getElementTypeOrSelf(anchor->getOperand(0).getType());
    if (accumulator)
      total = tpc::saturatingAdd(
          total, scratchFootprint(blockShape(info, blocks), accumulator));
  }
  return total;
}

/// The first input blocks' DMAs (or their first sub-block), then the
/// largest of the MXU's work, the HBM traffic (every step reloads its input
/// blocks; each output block is written once) and the DMA latency the
/// prefetch cannot hide, then the last output block's DMA (or its last
/// sub-block). Larger output blocks
/// cut the traffic; smaller blocks shorten the exposed first and last
/// DMAs, which dominate small problems.
double KernelPlan::blockBytes(const ValueInfo &info,
                                  ArrayRef<int64_t> blocks) const {
  double elements = 1;
  for (int64_t d : blockShape(info, blocks))
    elements *= d;
  Type element = info.phys.element;
  return elements * std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
}

SmallVector<int64_t>
KernelPlan::blockCounts(ArrayRef<int64_t> blocks) const {
  SmallVector<int64_t> counts;
  for (auto [size, b] : llvm::zip(extent, blocks))
    counts.push_back(llvm::divideCeil(size, b));
  return counts;
}

double KernelPlan::estimateCycles(ArrayRef<int64_t> blocks) {
  auto bytesOf = [&](const ValueInfo &info) {
    return blockBytes(info, blocks);
  };
  double steps = 1, outBlocks = 1, work = 1;
  for (size_t d = 0; d < extent.size(); ++d) {
    double n = std::ceil(double(extent[d]) / blocks[d]);
    steps *= n;
    if (!reduction[d])
      outBlocks *= n;
    work *= double(blocks[d]);
  }
  double in = 0;
  for (Value input : inputs)
    in += bytesOf(values[input]);
  double out = 0;
  for (Value output : outputs)
    out += bytesOf(values[output]);
  double perCycle = target.hbmBytesPerSecond / target.clockHz;
  double latency = tpc::kDmaLatencyCycles;
  // Each step folds its [K, N] weights over the arrays, R x C at a time;
  // every fold streams the block's rows (at least R cycles: the next
  // weights load meanwhile). Counting the arrays' fill and drain once per
  // step (as if steps were not back to back) favours fewer, larger steps.
  int64_t k = extent.size() - 1;
  double kb = blocks[k], nb = blocks[values[mxuResult()].pmap.back()];
  double rows = work / (kb * nb);
  double folds =
      std::ceil(std::ceil(kb / target.mxuRows) *
                std::ceil(nb / target.mxuCols) / double(target.mxusPerCore));
  double mxu = steps * (folds * std::max(rows, double(target.mxuRows)) +
                        double(target.mxuRows + target.mxuCols));
  double hbm = (steps * in + outBlocks * out) / perCycle;
  // A step's DMAs are issued inputSlots() - 1 steps ahead, so a step
  // shorter than that share of the DMA latency exposes the rest of it.
  double issue = steps * latency / double(inputSlots() - 1);
  // Sub-block pipelining exposes only the first K piece's inputs and the
  // last N piece's result.
  SubBlocks pieces = subBlocksFor(blocks);
  return in / pieces.kPieces / perCycle + latency +
         std::max({mxu, hbm, issue}) + out / pieces.nPieces / perCycle +
         latency;
}

SmallVector<int64_t> KernelPlan::mxuDims() {
  Value result = mxuResult();
  if (!result)
    return {};
  ArrayRef<int64_t> res = values[result].pmap;
  return {int64_t(extent.size()) - 1, res.back(), res[res.size() - 2]};
}

int64_t KernelPlan::fullBlock(int64_t d, int64_t align, int64_t cap,
                                  ArrayRef<int64_t> mxu) const {
  if (extent[d] < align && !llvm::is_contained(mxu, d))
    return extent[d];
  return std::min(*tpc::checkedRoundUp(extent[d], align), cap);
}

void KernelPlan::chooseMxuBlocks(ArrayRef<int64_t> align, int64_t budget) {
  SmallVector<int64_t> tiled;
  SmallVector<SmallVector<int64_t>> options;
  SmallVector<int64_t> mxu = mxuDims();
  for (int64_t d = 0, e = extent.size(); d < e; ++d) {
    if (align[d] <= 1 || llvm::is_contained(forcedUnit, d))
      continue;
    tiled.push_back(d);
    int64_t full = fullBlock(d, align[d], kMaxMxuBlock, mxu);
    SmallVector<int64_t> sizes = {full};
    for (int64_t size = align[d]; size < full && d != wholeDim; size *= 2)
      sizes.push_back(size);
    options.push_back(sizes);
  }
  // Weight-stationary: when all M rows fit one block (M <= kMaxMxuBlock)
  // and VMEM holds them, every weight block the MXU loads streams them
  // all, so no row block loads the weights again (SCALE-Sim's count
  // assumes the same, docs/runtime.md); smaller row blocks are the
  // fallback, and a longer M is blocked by the cost estimate.
  SmallVector<int64_t> trial = block, best;
  double bestCycles = 0;
  bool allRows = !mxu.empty() && extent[mxu[2]] <= kMaxMxuBlock;
  std::function<void(size_t)> visit = [&](size_t i) {
    if (i == tiled.size()) {
      if (footprint(trial) > budget)
        return;
      double cycles = estimateCycles(trial);
      if (best.empty() || cycles < bestCycles) {
        best = trial;
        bestCycles = cycles;
      }
      return;
    }
    bool rows = !mxu.empty() && tiled[i] == mxu[2];
    for (int64_t size : options[i]) {
      if (allRows && rows && size != options[i].front())
        continue;
      trial[tiled[i]] = size;
      visit(i + 1);
    }
  };
  visit(0);
  if (best.empty()) {
    allRows = false;
    visit(0);
  }
  if (!best.empty())
    block = best;
}

FailureOr<int64_t> KernelPlan::narrowestCut() {
  // The MXU takes whole tiles: K and N stay 128s, M a multiple of 8.
  SmallVector<int64_t> mxu = mxuDims();
  int64_t best = -1, bestBytes = footprint(block);
  for (int64_t d = 0, e = block.size(); d < e; ++d) {
    if (block[d] <= 1 || llvm::is_contained(forcedUnit, d))
      continue;
    SmallVector<int64_t> trial = block;
    trial[d] = (trial[d] + 1) / 2;
    if (!mxu.empty() && (d == mxu[0] || d == mxu[1] ||
                         (d == mxu[2] && trial[d] % kSublanes != 0)))
      continue;
    int64_t bytes = footprint(trial);
    if (bytes < bestBytes) {
      best = d;
      bestBytes = bytes;
    }
  }
  if (best < 0)
    return failure();
  return best;
}

LogicalResult KernelPlan::planBlocks() {
  int64_t rank = extent.size();
  // Tile alignment each dimension needs in some block.
  SmallVector<int64_t> align(rank, 1);
  for (auto &[value, info] : values) {
    if (info.role == Role::Alias || info.role == Role::Skip)
      continue;
    int64_t n = info.pmap.size();
    if (n >= 1 && info.pmap[n - 1] >= 0)
      align[info.pmap[n - 1]] = kLanes;
    if (n >= 2 && info.pmap[n - 2] >= 0)
      align[info.pmap[n - 2]] = std::max(align[info.pmap[n - 2]], kSublanes);
  }
  // The MXU takes K and N in whole 128s even where an operand holds K in
  // its sublanes, and M in whole 8s.
  SmallVector<int64_t> mxu = mxuDims();
  if (!mxu.empty()) {
    align[mxu[0]] = std::max(align[mxu[0]], kLanes);
    align[mxu[1]] = std::max(align[mxu[1]], kLanes);
    align[mxu[2]] = std::max(align[mxu[2]], kSublanes);
  }
  block.assign(rank, 1);
  for (int64_t d = 0; d < rank; ++d) {
    // A dimension shorter than its alignment (a small tile such as T(2,128),
    // or a dimension tiled in one value only) is one block of its extent:
    // values where it is a leading dimension then hold no copies of
    // nothing. The MXU's M, K and N are the exception: the systolic array
    // takes whole tiles, which masked DMAs zero-fill. A matmul's batch
    // dimensions stay one block per step.
    if (align[d] > 1 && !llvm::is_contained(forcedUnit, d))
      block[d] = fullBlock(d, align[d],
                           d == wholeDim ? kMaxMxuBlock : kMaxTiledBlock, mxu);
  }
  int64_t budget = target.vmemBytes / 2;
  if (mxuResult())
    chooseMxuBlocks(align, budget);
  while (footprint(block) > budget) {
    // HBM traffic depends on the output block only (each input block is
    // read once per output block it feeds), so reduced dimensions shrink
    // first, down to a few tiles that still make large DMAs.
    int64_t widest = -1;
    for (int64_t d = 0; d < rank; ++d)
      if (reduction[d] && d != wholeDim &&
          block[d] > std::max(align[d], kMinReducedBlock) &&
          (widest < 0 || block[d] > block[widest]))
        widest = d;
    if (widest < 0)
      for (int64_t d = 0; d < rank; ++d)
        if (block[d] > align[d] && d != wholeDim &&
            (widest < 0 || block[d] > block[widest]))
          widest = d;
    if (widest < 0) {
      // Every block is at its tile alignment, and the tiles of values in
      // different layouts still overflow (a dimension minor in one value
      // and leading in another makes the latter 128 times larger). Go
      // below the alignment where that shrinks the footprint most: smaller
      // DMAs and partly filled tiles are slower, not wrong.
      FailureOr<int64_t> cut = narrowestCut();
      if (failed(cut) && !tight) {
        // Last resort: inputs double-buffered (less DMA hidden) in three
        // quarters of VMEM, leaving a quarter for masks and scratch.
        tight = true;
        budget = target.vmemBytes / 4 * 3;
        continue;
      }
      if (failed(cut))
        return op->emitOpError()
               << "tpu-lower: the smallest blocks of this kernel need "
               << tpc::formatBytes(footprint(block)) << " of VMEM, more than "
               << "the " << tpc::formatBytes(budget) << " a kernel may use of "
               << "the " << tpc::formatBytes(target.vmemBytes) << " of "
               << target.name;
      block[*cut] = (block[*cut] + 1) / 2;
      continue;
    }
    block[widest] = std::max(
        align[widest], *tpc::checkedRoundUp(block[widest] / 2, align[widest]));
  }
  // Grow untiled (leading) dimensions, innermost first, for larger DMAs.
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (align[d] > 1 || llvm::is_contained(forcedUnit, d))
      continue;
    while (block[d] < extent[d]) {
      if (largestBlock(block) >= kTargetBlockElements)
        break;
      SmallVector<int64_t> grown = block;
      grown[d] = std::min(extent[d], block[d] * 2);
      if (footprint(grown) > budget)
        break;
      block = grown;
    }
  }
  // Masked DMAs zero-fill a reduced block past the end of its dimension,
  // which only a sum of what stays zero there ignores (not cos(x), not
  // x + 1): other reductions take blocks that divide it.
  auto reduce = dyn_cast_or_null<hlo::ReduceOp>(anchor);
  bool sum = reduce && reduce.getKind() == hlo::ReduceKind::sum;
  if (anchor && !mxuResult())
    for (int64_t d = 0; d < rank; ++d) {
      if (!reduction[d] || extent[d] % block[d] == 0)
        continue;
      DenseMap<Value, bool> memo;
      if (sum && zeroPastEnd(reduce.getOperand(), d, memo))
        continue;
      int64_t step = block[d] >= align[d] ? align[d] : 1;
      int64_t divisor = block[d] - block[d] % step;
      while (divisor > 0 && extent[d] % divisor != 0)
        divisor -= step;
      // No multiple of the alignment divides the extent (74 rows): the
      // largest divisor below the block does, in partly filled tiles,
      // where growing to the whole extent could overflow VMEM.
      if (divisor == 0)
        for (divisor = block[d]; extent[d] % divisor != 0;)
          --divisor;
      block[d] = divisor;
    }
  count = blockCounts(block);
  // The flattened loop: parallel dimensions outermost, reductions inner.
  stride.assign(rank, 1);
  trips = 1;
  reductionTrips = 1;
  for (bool inner : {true, false})
    for (int64_t d = rank - 1; d >= 0; --d)
      if (reduction[d] == inner) {
        stride[d] = trips;
        std::optional<int64_t> next = tpc::checkedMul(trips, count[d]);
        if (!next)
          return op->emitOpError("tpu-lower: too many blocks");
        trips = *next;
        if (inner)
          reductionTrips = trips;
      }
  return success();
}

bool KernelPlan::zeroPastEnd(Value value, int64_t dim,
                                 DenseMap<Value, bool> &memo) {
  if (auto known = memo.find(value); known != memo.end())
    return known->second;
  auto info = values.find(value);
  bool zero = false;
  // Whether the value's block steps along `dim` with it, element for
  // element: a broadcast along `dim` (x + a scalar) repeats what it holds.
  auto steps = [&](const ValueInfo &v, int64_t *position = nullptr) {
    for (auto [p, it] : llvm::enumerate(v.pmap))
      if (it == dim && v.pwin[p] == Window{}) {
        if (position)
          *position = p;
        return true;
      }
    return false;
  };
  if (info != values.end()) {
    switch (info->second.role) {
    case Role::Input: {
      // Zero-filled where the index passes the end of its HBM buffer.
      int64_t p;
      zero =
          steps(info->second, &p) && info->second.phys.dims[p] <= extent[dim];
      break;
    }
    case Role::Splat:
      zero = isZeroSplat(value);
      break;
    case Role::Alias:
      zero = steps(info->second) && zeroPastEnd(info->second.source, dim, memo);
      break;
    case Role::Computed: {
      Operation *def = value.getDefiningOp();
      if (!def || !preservesZero(def))
        break;
      zero = true;
      for (auto [i, operand] : llvm::enumerate(def->getOperands()))
        // A select's predicate picks between zeros.
        if (!(isa<hlo::SelectOp>(def) && i == 0))
          zero = zero && zeroPastEnd(operand, dim, memo);
      break;
    }
    case Role::Skip:
      break;
    }
  }
  memo[value] = zero;
  return zero;
}

} // namespace mlir::tpu::lowering
