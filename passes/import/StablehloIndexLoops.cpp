//===- StablehloIndexLoops.cpp - Index vectors, a chunk at a time ---------===//
//
// Part of convert-stablehlo-to-hlo, shared by gather and scatter at run-time
// indices. Their index vectors become rows of an [N, K] tensor (N
// positions, K components). Up to kIndexChunk rows are expanded in line;
// more run as a counted hlo.while whose body expands one chunk of rows
// read at a run-time offset, then a last partial chunk in line. An
// embedding lookup of thousands of tokens (and its gradient's scatter-add)
// thus stays one small loop, each row one DMA, in the positions' order
// (XLA's serial order, which a scatter of repeated indices needs).
//
// Batching dimensions are removed first, as XLA's gather and scatter
// expanders remove them: each (operand, indices) dimension pair adds an
// index component, the position along the indices dimension (an iota), that
// starts the operand dimension, which is then collapsed (inserted).
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

Value Importer::indexRows(Location loc, Value indices, int64_t ivd) {
  auto type = cast<RankedTensorType>(indices.getType());
  int64_t rank = type.getRank(), n = 1;
  SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    if (d != ivd) {
      perm.push_back(d);
      n *= type.getDimSize(d);
    }
  if (ivd < rank)
    perm.push_back(ivd);
  int64_t k = ivd < rank ? type.getDimSize(ivd) : 1;
  return reshapeTo(loc, type.clone({n, k}), transpose(loc, indices, perm));
}

Value Importer::withBatchingIndices(Location loc, Value indices, int64_t &ivd,
                                    ArrayRef<int64_t> indicesBatchingDims) {
  auto type = cast<RankedTensorType>(indices.getType());
  if (ivd == type.getRank()) {
    SmallVector<int64_t> shape(type.getShape());
    shape.push_back(1);
    indices = hlo::ReshapeOp::create(b, loc, type.clone(shape), indices);
    type = cast<RankedTensorType>(indices.getType());
  }
  SmallVector<int64_t> componentShape(type.getShape());
  componentShape[ivd] = 1;
  SmallVector<Value> parts = {indices};
  for (int64_t dim : indicesBatchingDims)
    parts.push_back(hlo::IotaOp::create(b, loc, type.clone(componentShape),
                                        b.getI64IntegerAttr(dim)));
  SmallVector<int64_t> shape(type.getShape());
  shape[ivd] += static_cast<int64_t>(indicesBatchingDims.size());
  return hlo::ConcatenateOp::create(b, loc, type.clone(shape), parts, ivd);
}

Value Importer::rowsAt(Location loc, Value rows, Value first,
                       std::optional<int64_t> known, int64_t count) {
  auto type = cast<RankedTensorType>(rows.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[0] = count;
  auto part = type.clone(shape);
  if (known && *known == 0 && part == type)
    return rows;
  if (known) {
    SmallVector<int64_t> start(shape.size(), 0), limit(type.getShape());
    start[0] = *known;
    limit[0] = *known + count;
    return hlo::SliceOp::create(
        b, loc, part, rows, b.getDenseI64ArrayAttr(start),
        b.getDenseI64ArrayAttr(limit),
        b.getDenseI64ArrayAttr(SmallVector<int64_t>(shape.size(), 1)));
  }
  Value zero = splat(loc, RankedTensorType::get({}, b.getI32Type()),
                     b.getI32IntegerAttr(0));
  SmallVector<Value> starts(shape.size(), zero);
  starts[0] = first;
  return hlo::DynamicSliceOp::create(b, loc, part, rows, starts,
                                     b.getDenseI64ArrayAttr(shape));
}

hlo::WhileOp Importer::emptyWhile(Location loc, ValueRange inits) {
  auto loop = hlo::WhileOp::create(b, loc, inits.getTypes(), inits);
  Block &cond = loop.getCond().emplaceBlock();
  Block &body = loop.getBody().emplaceBlock();
  for (Type type : inits.getTypes()) {
    cond.addArgument(type, loc);
    body.addArgument(type, loc);
  }
  return loop;
}

SmallVector<Value> Importer::chunkedLoop(Location loc, int64_t n,
                                         ValueRange init,
                                         const ChunkBody &emit) {
  auto i32 = RankedTensorType::get({}, b.getI32Type());
  auto constant = [&](int64_t v) {
    return splat(loc, i32, b.getI32IntegerAttr(static_cast<int32_t>(v)));
  };
  int64_t full = n / kIndexChunk, tail = n % kIndexChunk;
  SmallVector<Value> state(init);
  if (full == 1) {
    state = emit(constant(0), 0, kIndexChunk, state);
  } else if (full > 1) {
    SmallVector<Value> inputs = {constant(0)};
    llvm::append_range(inputs, state);
    hlo::WhileOp loop = emptyWhile(loc, inputs);
    Block &cond = loop.getCond().front();
    Block &body = loop.getBody().front();
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&cond);
      hlo::YieldOp::create(b, loc,
                           ValueRange{compareOf(loc, hlo::ComparisonDirection::LT,
                                                cond.getArgument(0),
                                                constant(full * kIndexChunk))});
      b.setInsertionPointToStart(&body);
      Value first = body.getArgument(0);
      SmallVector<Value> next = {
          hlo::AddOp::create(b, loc, first, constant(kIndexChunk))};
      llvm::append_range(next, emit(first, std::nullopt, kIndexChunk,
                                    body.getArguments().drop_front()));
      hlo::YieldOp::create(b, loc, next);
    }
    state.assign(loop.getResults().begin() + 1, loop.getResults().end());
  }
  if (tail)
    state = emit(constant(full * kIndexChunk), full * kIndexChunk, tail, state);
  return state;
}
