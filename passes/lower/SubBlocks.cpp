//===- SubBlocks.cpp - Sub-block pipelining of a matmul kernel ------------===//
//
// Part of tpu-lower.
//
// The software-pipelined loop hides every block's DMAs behind another
// block's MXU work, except two: nothing computes while block 0's inputs
// arrive, and nothing is left to compute while the last block's result
// drains. For a large matmul those two transfers are a few percent of the
// kernel (a 2048^3 bf16 matmul on v4: 3 MiB in, 2 MiB out, 4.4 us of 62).
// So block 0's inputs travel in pieces along K, each with its own
// semaphore, and the MXU starts on a piece as soon as it lands; the last
// block's final step multiplies its result in pieces along N, and each
// piece's DMA starts as soon as the piece is done. Pieces are whole MXU
// passes (multiples of the array's rows along K and columns along N), so
// the folds, and the serialized model's count, stay those of the whole
// block. See docs/lowering.md.
//
//===----------------------------------------------------------------------===//

#include "passes/lower/KernelLowering.h"

#include "mlir/IR/Builders.h"

namespace mlir::tpu::lowering {

/// The number of pieces (2 to 8, the most that fit) a block of `size`
/// splits into, each a multiple of `unit` and of the lanes and with at
/// least one fold per MXU (`folds(piece)`): a piece accumulates into the
/// block the previous piece wrote, so it cannot run beside it, and a piece
/// of fewer folds than MXUs would leave some idle. 1 if none.
static int64_t piecesOf(int64_t size, int64_t unit, int64_t mxus,
                        llvm::function_ref<int64_t(int64_t)> folds) {
  for (int64_t n = 8; n >= 2; --n) {
    int64_t piece = size / n;
    if (size % n == 0 && piece % unit == 0 && piece % kLanes == 0 &&
        folds(piece) >= mxus)
      return n;
  }
  return 1;
}

KernelPlan::SubBlocks
KernelPlan::subBlocksFor(ArrayRef<int64_t> blocks) {
  SubBlocks none;
  // A plain matmul: two inputs DMA'd straight into their slots, the
  // product the only result, nothing computed before or after it.
  auto dot = dyn_cast_or_null<hlo::DotGeneralOp>(anchor);
  if (!dot || !prologue.empty() || !epilogue.empty() || wideAccResult() ||
      outputs.size() != 1 || outputs[0] != dot.getResult() ||
      inputs.size() != 2)
    return none;
  for (Value operand : dot->getOperands())
    if (!llvm::is_contained(inputs, operand))
      return none;
  // One contracting dimension, and matrices without batch dimensions.
  int64_t kDim = -1;
  for (auto [d, reduced] : llvm::enumerate(reduction)) {
    if (!reduced)
      continue;
    if (kDim >= 0)
      return none;
    kDim = d;
  }
  const ValueInfo &out = values[outputs[0]];
  if (kDim < 0 || out.pmap.size() != 2)
    return none;
  int64_t nDim = out.pmap.back();
  if (nDim < 0 || reduction[nDim])
    return none;
  // The split dimension steps one element at a time (no tap or stride).
  auto plain = [&](const ValueInfo &info, int64_t dim) {
    if (info.pmap.size() != 2 || !llvm::is_contained(info.pmap, dim))
      return false;
    for (auto [i, it] : llvm::enumerate(info.pmap))
      if (it == dim && (info.pwin[i].stride != 1 || info.pwin[i].tap >= 0))
        return false;
    return true;
  };
  SubBlocks plan;
  plan.kDim = kDim;
  plan.nDim = nDim;
  int64_t rows = target.mxuRows, cols = target.mxuCols,
          mxus = target.mxusPerCore;
  auto kFolds = [&](int64_t piece) {
    return piece / rows * llvm::divideCeil(blocks[nDim], cols);
  };
  if (llvm::all_of(inputs, [&](Value in) { return plain(values[in], kDim); }))
    plan.kPieces = piecesOf(blocks[kDim], rows, mxus, kFolds);
  // Where the MXU multiplies a K piece faster than the DMAs bring the next
  // one (an HBM-bound kernel), every piece would wait, and pay the arrays'
  // fill and drain again: no K pieces.
  if (plan.kPieces > 1) {
    int64_t piece = blocks[kDim] / plan.kPieces;
    double bytes = 0;
    for (Value in : inputs)
      bytes += blockBytes(values[in], blocks) / blocks[kDim] * piece;
    double dma = bytes / (target.hbmBytesPerSecond / target.clockHz);
    double mxu = double(llvm::divideCeil(kFolds(piece), mxus)) *
                 std::max(blockShape(out, blocks).front(), rows);
    if (mxu < dma)
      plan.kPieces = 1;
  }
  // When the last block is one of the first (prefetched before the loop,
  // so taken in K pieces), the N pieces split its last K piece.
  int64_t blockCount = tpc::saturatingProduct(blockCounts(blocks));
  int64_t lastK =
      blockCount < inputSlots() ? blocks[kDim] / plan.kPieces : blocks[kDim];
  if (plain(out, nDim))
    plan.nPieces = piecesOf(blocks[nDim], cols, mxus, [&](int64_t piece) {
      return llvm::divideCeil(lastK, rows) * (piece / cols);
    });
  return plan;
}

void KernelPlan::planSubBlocks() { sub = subBlocksFor(block); }

void KernelLowering::emitFirstPieces(int64_t t) {
  SmallVector<Value> idx = blockIndices(index(t));
  int64_t size = block[sub.kDim] / sub.kPieces;
  for (int64_t i = 0; i < sub.kPieces; ++i)
    for (Value input : inputs) {
      ValueInfo &info = values[input];
      emitDma(info.hbm, info, idx, slotOf(index(t), info.vmem),
              subSems[t * sub.kPieces + i], false,
              Piece{sub.kDim, i * size, size});
    }
}

void KernelLowering::emitMatmulPieces(int64_t t, bool kPieces, bool nPieces,
                                      bool first, ArrayRef<Value> idx) {
  Value output = outputs[0];
  Value dst = current.lookup(output);
  int64_t kCount = kPieces ? sub.kPieces : 1,
          nCount = nPieces ? sub.nPieces : 1;
  auto window = [&](bool accumulate, int64_t kPiece, int64_t nPiece) {
    MatmulOp matmul = emitMatmul(anchor, dst, accumulate);
    MatmulOp::Window whole = matmul.getWindow();
    int64_t kSize = whole.sizes[1] / kCount, nSize = whole.sizes[2] / nCount;
    if (nPiece < 0) { // all of N
      nPiece = 0;
      nSize = whole.sizes[2];
    }
    matmul.setWindowOffsetsAttr(
        b.getDenseI64ArrayAttr({0, kPiece * kSize, nPiece * nSize}));
    matmul.setWindowSizesAttr(
        b.getDenseI64ArrayAttr({whole.sizes[0], kSize, nSize}));
  };
  for (int64_t i = 0; i < kCount; ++i) {
    if (kPieces)
      DmaWaitOp::create(b, loc(), subSems[t * sub.kPieces + i]);
    bool accumulate = i > 0 || !first;
    if (i + 1 < kCount || nCount == 1) {
      window(accumulate, i, -1);
      continue;
    }
    // The last K piece finishes the block: drain each N piece once done.
    int64_t nSize = block[sub.nDim] / nCount;
    for (int64_t j = 0; j < nCount; ++j) {
      window(accumulate, i, j);
      emitDma(outBuffers[0], values[output], idx, dst, outSem, true,
              Piece{sub.nDim, j * nSize, nSize});
    }
  }
}

} // namespace mlir::tpu::lowering
