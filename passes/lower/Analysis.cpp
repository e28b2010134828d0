//===- Analysis.cpp - What a fused kernel computes ------------------------===//
//
// Part of tpu-lower.
//
// The kernel model of a fused computation: each value's role, index maps
// and windows over the iteration space, and the helpers that size and type
// tensors for the TensorCore.
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

FailureOr<Physical> physicalOf(Location loc, Type type) {
  FailureOr<tpc::Shape> shape = laidOutShape(loc, type, "tpu-lower");
  if (failed(shape))
    return failure();
  absl::StatusOr<std::vector<int64_t>> padded = tpc::paddedDims(*shape);
  absl::StatusOr<int64_t> bytes = tpc::paddedBytes(*shape);
  if (!padded.ok() || !bytes.ok())
    return emitError(loc) << "tpu-lower: the size of " << type
                          << " overflows 64 bits";
  Physical physical;
  const std::vector<int64_t> &m2m = shape->layout->minorToMajor;
  for (auto it = m2m.rbegin(); it != m2m.rend(); ++it) {
    physical.logicalOf.push_back(*it);
    physical.dims.push_back((*padded)[*it]);
  }
  physical.bytes = *bytes;
  physical.element = cast<RankedTensorType>(type).getElementType();
  return physical;
}

Attribute spaceAttr(MLIRContext *ctx, MemorySpace space) {
  return MemorySpaceAttr::get(ctx, space);
}

MemRefType memrefType(ArrayRef<int64_t> shape, Type element,
                      MemorySpace space) {
  return MemRefType::get(shape, element, MemRefLayoutAttrInterface(),
                         spaceAttr(element.getContext(), space));
}

/// Zero of an element type.
TypedAttr zeroOf(Type element) {
  if (isa<FloatType>(element))
    return FloatAttr::get(element, 0.0);
  return IntegerAttr::get(element, 0);
}

/// The MXU's operand rule: bf16 or f32, both of one type.
LogicalResult checkMxuElements(Operation *op, Type lhs, Type rhs) {
  if ((lhs.isF32() || lhs.isBF16() || lhs.isSignlessInteger(8)) && lhs == rhs)
    return success();
  return op->emitOpError()
         << "tpu-lower: the MXU multiplies bf16, f32 or i8 operands of one "
            "type, not "
         << lhs << " x " << rhs;
}

/// A constant's contents in its buffer's physical shape: logical data
/// permuted into physical order, tile padding zero.
ElementsAttr physicalConstant(DenseElementsAttr value, const Physical &phys) {
  auto type = RankedTensorType::get(phys.dims, phys.element);
  if (value.isSplat())
    return DenseElementsAttr::get(type, value.getSplatValue<Attribute>());
  ArrayRef<int64_t> logical = value.getType().getShape();
  int64_t rank = phys.dims.size();
  SmallVector<int64_t> logicalStrides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    logicalStrides[d] = logicalStrides[d + 1] * logical[d + 1];
  int64_t count = type.getNumElements();
  SmallVector<Attribute> values = llvm::to_vector(value.getValues<Attribute>());
  Attribute zero = zeroOf(phys.element);
  SmallVector<Attribute> out;
  out.reserve(count);
  SmallVector<int64_t> index(rank, 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t flat = 0;
    bool inside = true;
    for (int64_t i = 0; i < rank; ++i) {
      int64_t l = phys.logicalOf[i];
      if (index[i] >= logical[l])
        inside = false;
      flat += index[i] * logicalStrides[l];
    }
    out.push_back(inside ? values[flat] : zero);
    for (int64_t i = rank - 1; i >= 0; --i) {
      if (++index[i] < phys.dims[i])
        break;
      index[i] = 0;
    }
  }
  return DenseElementsAttr::get(type, out);
}

std::optional<VectorKind> vectorKindOf(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<VectorKind>>(op)
      .Case([](hlo::AddOp) { return VectorKind::add; })
      .Case([](hlo::SubtractOp) { return VectorKind::sub; })
      .Case([](hlo::MulOp) { return VectorKind::mul; })
      .Case([](hlo::DivOp) { return VectorKind::div; })
      .Case([](hlo::MaxOp) { return VectorKind::max; })
      .Case([](hlo::MinOp) { return VectorKind::min; })
      .Case([](hlo::NegOp) { return VectorKind::neg; })
      .Case([](hlo::AbsOp) { return VectorKind::abs; })
      .Case([](hlo::ExpOp) { return VectorKind::exp; })
      .Case([](hlo::LogOp) { return VectorKind::log; })
      .Case([](hlo::TanhOp) { return VectorKind::tanh; })
      .Case([](hlo::LogisticOp) { return VectorKind::logistic; })
      .Case([](hlo::SqrtOp) { return VectorKind::sqrt; })
      .Case([](hlo::RsqrtOp) { return VectorKind::rsqrt; })
      .Case([](hlo::ConvertOp) { return VectorKind::convert; })
      .Case([](hlo::BitcastConvertOp) { return VectorKind::bitcast; })
      .Case([](hlo::CopyOp) { return VectorKind::copy; })
      .Case([](hlo::SelectOp) { return VectorKind::select; })
      .Case([](hlo::AndOp) { return VectorKind::and_; })
      .Case([](hlo::OrOp) { return VectorKind::or_; })
      .Case([](hlo::XorOp) { return VectorKind::xor_; })
      .Case([](hlo::NotOp) { return VectorKind::not_; })
      .Case([](hlo::ShiftLeftOp) { return VectorKind::shl; })
      .Case([](hlo::ShiftRightLogicalOp) { return VectorKind::shrl; })
      .Case([](hlo::ShiftRightArithmeticOp) { return VectorKind::shra; })
      .Case([](hlo::FloorOp) { return VectorKind::floor; })
      .Case([](hlo::CeilOp) { return VectorKind::ceil; })
      .Case([](hlo::RoundNearestEvenOp) { return VectorKind::round_even; })
      .Case([](hlo::SineOp) { return VectorKind::sin; })
      .Case([](hlo::CosineOp) { return VectorKind::cos; })
      .Case([](hlo::ErfOp) { return VectorKind::erf; })
      .Case([](hlo::TanOp) { return VectorKind::tan; })
      .Case([](hlo::SinhOp) { return VectorKind::sinh; })
      .Case([](hlo::CoshOp) { return VectorKind::cosh; })
      .Case([](hlo::AsinhOp) { return VectorKind::asinh; })
      .Case([](hlo::AcoshOp) { return VectorKind::acosh; })
      .Case([](hlo::AtanhOp) { return VectorKind::atanh; })
      .Case([](hlo::ErfcOp) { return VectorKind::erfc; })
      .Case([](hlo::LgammaOp) { return VectorKind::lgamma; })
      .Case([](hlo::CbrtOp) { return VectorKind::cbrt; })
      .Case([](hlo::Expm1Op) { return VectorKind::expm1; })
      .Case([](hlo::Log1pOp) { return VectorKind::log1p; })
      .Case([](hlo::RoundNearestAfzOp) { return VectorKind::round_afz; })
      .Case([](hlo::PopcntOp) { return VectorKind::popcnt; })
      .Case([](hlo::ClzOp) { return VectorKind::clz; })
      .Case([](hlo::RemOp) { return VectorKind::rem; })
      .Case([](hlo::PowOp) { return VectorKind::pow; })
      .Case([](hlo::Atan2Op) { return VectorKind::atan2; })
      .Case([](hlo::CompareOp compare) -> std::optional<VectorKind> {
        switch (compare.getComparisonDirection()) {
        case hlo::ComparisonDirection::EQ:
          return VectorKind::eq;
        case hlo::ComparisonDirection::NE:
          return VectorKind::ne;
        case hlo::ComparisonDirection::LT:
          return VectorKind::lt;
        case hlo::ComparisonDirection::LE:
          return VectorKind::le;
        case hlo::ComparisonDirection::GT:
          return VectorKind::gt;
        case hlo::ComparisonDirection::GE:
          return VectorKind::ge;
        }
        return std::nullopt;
      })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<ReduceKind> reduceKindOf(hlo::ReduceKind kind) {
  switch (kind) {
  case hlo::ReduceKind::sum:
    return ReduceKind::sum;
  case hlo::ReduceKind::product:
    return ReduceKind::prod;
  case hlo::ReduceKind::max:
    return ReduceKind::max;
  case hlo::ReduceKind::min:
    return ReduceKind::min;
  }
  return std::nullopt;
}

/// Whether `value` is a splat zero constant.
bool isZeroSplat(Value value) {
  DenseElementsAttr dense;
  return matchPattern(value, m_Constant(&dense)) && dense.isSplat() &&
         isZero(dense.getSplatValue<TypedAttr>());
}

FailureOr<Physical> KernelPlan::physical(Location loc, Type type) {
  auto known = physicals.find(type);
  if (known == physicals.end()) {
    FailureOr<Physical> phys = physicalOf(loc, type);
    if (failed(phys))
      return failure();
    known = physicals.try_emplace(type, std::move(*phys)).first;
  }
  return known->second;
}

LogicalResult KernelPlan::setMap(Value value, ArrayRef<int64_t> map,
                                     Operation *user,
                                     ArrayRef<Window> windows) {
  // A dimension no iteration dimension walks (a broadcast's size-1 one)
  // keeps its window too: a slice or pad may read it at an offset.
  SmallVector<Window> lwin(map.size());
  for (auto [d, it] : llvm::enumerate(map))
    if (d < windows.size())
      lwin[d] = it >= 0 ? windows[d]
                        : Window{1, windows[d].tap, windows[d].tapScale,
                                 windows[d].offset};
  ValueInfo &info = values[value];
  if (info.mapped) {
    if (ArrayRef<int64_t>(info.lmap) == map &&
        ArrayRef<Window>(info.lwin) == ArrayRef<Window>(lwin))
      return success();
    if (deferMapConflicts) {
      mapConflict = {value, user};
      return failure();
    }
    return user->emitOpError()
           << "tpu-lower: a value is read through two different index "
              "maps in one kernel, and the kernel has made as many copies "
              "of such values as max-read-copies allows";
  }
  info.mapped = true;
  info.lmap.assign(map.begin(), map.end());
  info.lwin = std::move(lwin);
  FailureOr<Physical> phys = physical(value.getLoc(), value.getType());
  if (failed(phys))
    return failure();
  info.phys = std::move(*phys);
  info.pmap.clear();
  info.pwin.clear();
  for (int64_t l : info.phys.logicalOf) {
    info.pmap.push_back(info.lmap[l]);
    info.pwin.push_back(info.lwin[l]);
  }
  return success();
}

/// MXU passes of a K of `rows` (taken in whole 128s) on `arrayRows`-row
/// arrays.
static int64_t kPasses(int64_t rows, int64_t arrayRows) {
  return llvm::divideCeil(llvm::alignTo(rows, kLanes), arrayRows);
}

/// The value a folded operand's DMAs read: the operand, through the
/// kernel's slices of it.
static Value foldSource(Value v, ArrayRef<Operation *> ops) {
  while (auto slice = v.getDefiningOp<hlo::SliceOp>()) {
    if (!llvm::is_contained(ops, slice.getOperation()))
      break;
    v = slice.getOperand();
  }
  return v;
}

std::optional<int64_t>
KernelPlan::foldedTapRows(hlo::ConvolutionOp conv,
                              ArrayRef<Operation *> ops) const {
  // Each operand is read from HBM, through slices at most (which keep its
  // dimensions), so its DMAs can place the taps.
  Value lhs = foldSource(conv.getLhs(), ops);
  Value rhs = foldSource(conv.getRhs(), ops);
  auto read = [&](Value source) {
    Operation *def = source.getDefiningOp();
    return !def || !llvm::is_contained(ops, def);
  };
  if (!read(lhs) || !read(rhs) || lhs == rhs)
    return std::nullopt;
  auto rhsType = cast<RankedTensorType>(conv.getRhs().getType());
  int64_t spatial = conv.getNumSpatialDims();
  int64_t channels = rhsType.getDimSize(spatial), taps = 1;
  for (int64_t i = 0; i < spatial; ++i)
    taps *= rhsType.getDimSize(i);
  // The kernel's element count fits in 64 bits (physical() checked its
  // bytes before this is asked), and this product is part of it.
  int64_t folded = taps * channels;
  if (taps > 1 && llvm::alignTo(folded, kLanes) <= kMaxMxuBlock &&
      kPasses(folded, target.mxuRows) <
          taps * kPasses(channels, target.mxuRows))
    return folded;
  return std::nullopt;
}

/// A convolution is a sum over its window taps of matmuls: at tap t, the
/// output pixels' rows of the input, shifted by t and strided, times the
/// kernel's [C, F] matrix at t. The iteration space is the output's, then
/// one unit-block reduction dimension per spatial window dimension, then
/// the input features (the MXU's K). The shifted rows are read by strided,
/// masked DMAs, so the im2col matrix is never materialized (docs/lowering.md).
/// With the taps folded into K (foldedTapRows) there are no tap dimensions: K
/// holds every tap's channels and one step does the whole window.
LogicalResult KernelPlan::analyzeConvolution(hlo::ConvolutionOp conv,
                                                 const Physical &rootPhys,
                                                 ArrayRef<Operation *> ops) {
  if (cast<ShapedType>(root.getType()).getRank() !=
      conv.getResult().getType().getRank())
    return conv.emitOpError() << "tpu-lower: a convolution's epilogue must "
                                 "keep its rank";
  if (conv.getFeatureGroupCount() != 1)
    return conv.emitOpError() << "tpu-lower: grouped convolutions "
                                 "(feature_group_count > 1) are not lowered "
                                 "yet";
  if (llvm::any_of(conv.getLhsDilationOrDefault(),
                   [](int64_t d) { return d != 1; }))
    return conv.emitOpError()
           << "tpu-lower: input dilation (a transposed convolution) runs as "
              "the padded input hlo-decompose makes before layouts are "
              "assigned; this convolution came with layouts";
  auto lhsType = cast<RankedTensorType>(conv.getLhs().getType());
  auto rhsType = cast<RankedTensorType>(conv.getRhs().getType());
  if (failed(checkMxuElements(conv, lhsType.getElementType(),
                              rhsType.getElementType())))
    return failure();
  FailureOr<Physical> rhsPhys = physical(conv.getLoc(), rhsType);
  if (failed(rhsPhys))
    return failure();
  std::optional<int64_t> foldedRows = foldedTapRows(conv, ops);
  bool fold = foldedRows.has_value();
  int64_t spatial = conv.getNumSpatialDims();
  int64_t rank = rootPhys.dims.size();
  extent = rootPhys.dims;
  reduction.assign(rank, false);
  SmallVector<int64_t> taps;
  for (int64_t i = 0; i < spatial; ++i) {
    if (fold) {
      taps.push_back(-1);
      continue;
    }
    taps.push_back(extent.size());
    forcedUnit.push_back(extent.size());
    extent.push_back(rhsType.getDimSize(i));
    reduction.push_back(true);
  }
  int64_t k = extent.size();
  extent.push_back(fold ? *foldedRows
                        : rhsPhys->dims[rhsPhys->positionOf(spatial)]);
  reduction.push_back(true);
  if (fold)
    wholeDim = k;

  SmallVector<int64_t> res(rank);
  for (auto [i, l] : llvm::enumerate(rootPhys.logicalOf))
    res[l] = i;
  SmallVector<int64_t> lhsMap = {res[0]}, rhsMap = taps;
  for (int64_t i = 0; i < spatial; ++i)
    lhsMap.push_back(res[1 + i]);
  lhsMap.push_back(k);
  rhsMap.push_back(k);
  rhsMap.push_back(res[spatial + 1]);
  SmallVector<int64_t> strides = conv.getStridesOrDefault();
  SmallVector<int64_t> padding = conv.getPaddingOrDefault();
  SmallVector<int64_t> dilation = conv.getRhsDilationOrDefault();
  // Folded taps are no iteration dimension (tap -1), but their windows
  // keep the step between taps (the dilation on the input, one on the
  // kernel), which slices scale on the way to the buffer read.
  SmallVector<Window> windows(spatial + 2), rhsWindows(spatial + 2);
  for (int64_t i = 0; i < spatial; ++i) {
    windows[1 + i] = Window{strides[i], taps[i], dilation[i], -padding[2 * i]};
    if (fold)
      rhsWindows[i] = Window{1, -1, 1, 0};
  }
  return failure(failed(setMap(root, res, conv)) ||
                 (root != conv.getResult() &&
                  failed(setMap(conv.getResult(), res, conv))) ||
                 failed(setMap(conv.getLhs(), lhsMap, conv, windows)) ||
                 failed(setMap(conv.getRhs(), rhsMap, conv, rhsWindows)));
}

void KernelPlan::attachFolds(hlo::ConvolutionOp conv,
                                 ArrayRef<Operation *> ops) {
  int64_t spatial = conv.getNumSpatialDims();
  auto rhsType = cast<RankedTensorType>(conv.getRhs().getType());
  // The input's spatial dimensions are 1..spatial, the kernel's 0..; both
  // hold the channels next.
  for (auto [operand, first] : {std::make_pair(conv.getLhs(), int64_t(1)),
                                std::make_pair(conv.getRhs(), int64_t(0))}) {
    ValueInfo &info = values[foldSource(operand, ops)];
    // foldedTapRows chose sources outside the kernel: leaves, read from HBM.
    assert(info.role == Role::Input && "a folded operand is not read by DMA");
    TapFold tapFold;
    for (int64_t i = 0; i < spatial; ++i) {
      int64_t p = info.phys.positionOf(first + i);
      tapFold.taps.push_back(rhsType.getDimSize(i));
      tapFold.positions.push_back(p);
      tapFold.scales.push_back(info.pwin[p].tapScale);
    }
    tapFold.kPosition = info.phys.positionOf(first + spatial);
    tapFold.channels = rhsType.getDimSize(spatial);
    info.fold = std::move(tapFold);
  }
}

/// Logical dimension -> position in `phys`: the identity map of a value
/// stored as the iteration space is ordered.
static SmallVector<int64_t> logicalToIteration(const Physical &phys) {
  SmallVector<int64_t> lmap(phys.dims.size());
  for (auto [i, l] : llvm::enumerate(phys.logicalOf))
    lmap[l] = i;
  return lmap;
}

LogicalResult KernelPlan::findAnchor(ArrayRef<Operation *> ops) {
  for (Operation *inner : ops) {
    if (hlo::isContraction(inner) || hlo::isReduction(inner)) {
      if (anchor)
        return inner->emitOpError()
               << "tpu-lower: a kernel with two contractions or reductions "
                  "is not supported yet";
      anchor = inner;
    }
  }
  return success();
}

/// A matmul's iteration space: its result's dimensions, then K.
LogicalResult KernelPlan::analyzeDot(hlo::DotGeneralOp dot,
                                         const Physical &rootPhys) {
  if (cast<ShapedType>(root.getType()).getRank() !=
      dot.getResult().getType().getRank())
    return dot.emitOpError() << "tpu-lower: a matmul's epilogue must keep "
                                "its rank";
  auto lhsType = cast<RankedTensorType>(dot.getLhs().getType());
  auto rhsType = cast<RankedTensorType>(dot.getRhs().getType());
  int64_t batch = dot.getLhsBatchingDimensions().size();
  if (dot.getLhsContractingDimensions().size() != 1 ||
      lhsType.getRank() != batch + 2 || rhsType.getRank() != batch + 2)
    return dot.emitOpError()
           << "tpu-lower: a matmul needs one contracting and one free "
              "dimension per operand besides the batch dimensions";
  if (failed(checkMxuElements(dot, lhsType.getElementType(),
                              rhsType.getElementType())))
    return failure();
  FailureOr<Physical> lhsPhys = physical(dot.getLoc(), lhsType);
  if (failed(lhsPhys))
    return failure();
  int64_t rank = rootPhys.dims.size();
  extent = rootPhys.dims;
  reduction.assign(rank, false);
  int64_t k = rank;
  int64_t lhsK = dot.getLhsContractingDimensions()[0];
  extent.push_back(lhsPhys->dims[lhsPhys->positionOf(lhsK)]);
  reduction.push_back(true);
  SmallVector<int64_t> res = logicalToIteration(rootPhys);
  if (failed(setMap(root, res, dot)) ||
      (root != dot.getResult() && failed(setMap(dot.getResult(), res, dot))))
    return failure();
  auto operandMap = [&](Value operand, ArrayRef<int64_t> batchDims,
                        int64_t contracting, int64_t freePosition) {
    int64_t r = cast<RankedTensorType>(operand.getType()).getRank();
    SmallVector<int64_t> map(r, -1);
    for (auto [i, d] : llvm::enumerate(batchDims))
      map[d] = res[i];
    map[contracting] = k;
    for (int64_t d = 0; d < r; ++d)
      if (map[d] == -1 && d != contracting)
        map[d] = res[freePosition];
    return map;
  };
  if (failed(setMap(
          dot.getLhs(),
          operandMap(dot.getLhs(), dot.getLhsBatchingDimensions(), lhsK, batch),
          dot)) ||
      failed(setMap(dot.getRhs(),
                    operandMap(dot.getRhs(), dot.getRhsBatchingDimensions(),
                               dot.getRhsContractingDimensions()[0], batch + 1),
                    dot)))
    return failure();
  for (int64_t i = 0; i < batch; ++i)
    forcedUnit.push_back(res[i]);
  return success();
}

/// A reduction's iteration space is its operand's: hlo.reduce, or an index
/// reduction along one dimension.
LogicalResult KernelPlan::analyzeReduction() {
  SmallVector<int64_t> dims;
  if (auto reduce = dyn_cast<hlo::ReduceOp>(anchor))
    llvm::append_range(dims, reduce.getDimensions());
  else
    dims.push_back(anchor->getAttrOfType<IntegerAttr>("dimension").getInt());
  Value operand = anchor->getOperand(0), result = anchor->getResult(0);
  if (cast<ShapedType>(root.getType()).getRank() !=
      cast<ShapedType>(result.getType()).getRank())
    return anchor->emitOpError() << "tpu-lower: work after a reduction must "
                                    "keep its rank";
  FailureOr<Physical> inPhys = physical(anchor->getLoc(), operand.getType());
  if (failed(inPhys))
    return failure();
  extent = inPhys->dims;
  reduction.assign(extent.size(), false);
  SmallVector<int64_t> in = logicalToIteration(*inPhys);
  SmallVector<int64_t> kept;
  for (auto [l, it] : llvm::enumerate(in)) {
    if (llvm::is_contained(dims, int64_t(l)))
      reduction[it] = true;
    else
      kept.push_back(it);
  }
  // A pad after the reduction (tpu-pad's, or the program's extended to the
  // tile) writes the whole padded result: where its tile is larger than the
  // operand's along a kept dimension, the iteration space grows to it, the
  // operand's blocks read masked and the pad selects its value in.
  if (root != result) {
    FailureOr<Physical> rootPhys = physical(anchor->getLoc(), root.getType());
    if (failed(rootPhys))
      return failure();
    for (auto [i, it] : llvm::enumerate(kept))
      extent[it] =
          std::max(extent[it], rootPhys->dims[rootPhys->positionOf(i)]);
  }
  if (failed(setMap(operand, in, anchor)) ||
      failed(setMap(root, kept, anchor)) ||
      (root != result && failed(setMap(result, kept, anchor))))
    return failure();
  return success();
}

/// Maps flow from results to operands, op by op from the root back.
LogicalResult KernelPlan::propagateMaps(ArrayRef<Operation *> ops) {
  for (Operation *inner : llvm::reverse(ops)) {
    if (inner == anchor)
      continue;
    Value result = inner->getResult(0);
    auto found = values.find(result);
    if (found == values.end())
      return inner->emitOpError()
             << "tpu-lower: the result is not used by the kernel's output";
    SmallVector<int64_t> map = found->second.lmap;
    SmallVector<Window> win = found->second.lwin;
    auto alias = [&](Value source) {
      values[result].role = Role::Alias;
      values[result].source = source;
    };
    if (auto broadcast = dyn_cast<hlo::BroadcastInDimOp>(inner)) {
      auto from = cast<RankedTensorType>(broadcast.getOperand().getType());
      auto to = cast<RankedTensorType>(result.getType());
      SmallVector<int64_t> operandMap;
      SmallVector<Window> operandWin;
      for (auto [k, d] : llvm::enumerate(broadcast.getBroadcastDimensions())) {
        bool kept = from.getDimSize(k) == to.getDimSize(d);
        operandMap.push_back(kept ? map[d] : -1);
        operandWin.push_back(kept ? win[d] : Window());
      }
      if (failed(setMap(broadcast.getOperand(), operandMap, inner, operandWin)))
        return failure();
      alias(broadcast.getOperand());
      continue;
    }
    if (auto transpose = dyn_cast<hlo::TransposeOp>(inner)) {
      // Read where the operand lies; consumers' maps permute it.
      ArrayRef<int64_t> perm = transpose.getPermutation();
      SmallVector<int64_t> operandMap(map.size());
      SmallVector<Window> operandWin(map.size());
      for (auto [i, p] : llvm::enumerate(perm)) {
        operandMap[p] = map[i];
        operandWin[p] = win[i];
      }
      if (failed(setMap(transpose.getOperand(), operandMap, inner, operandWin)))
        return failure();
      alias(transpose.getOperand());
      continue;
    }
    if (auto reverse = dyn_cast<hlo::ReverseOp>(inner)) {
      // Element i of a reversed dimension is element size - 1 - i: a DMA
      // with stride -1.
      auto type = cast<RankedTensorType>(reverse.getOperand().getType());
      SmallVector<Window> operandWin = win;
      for (int64_t d : reverse.getDimensions())
        operandWin[d] = win[d].then(-1, type.getDimSize(d) - 1);
      if (failed(setMap(reverse.getOperand(), map, inner, operandWin)))
        return failure();
      alias(reverse.getOperand());
      continue;
    }
    if (auto slice = dyn_cast<hlo::SliceOp>(inner)) {
      // Element i of the slice is element start + i * stride of the operand.
      SmallVector<Window> operandWin;
      for (auto [d, w] : llvm::enumerate(win))
        operandWin.push_back(
            w.then(slice.getStrides()[d], slice.getStartIndices()[d]));
      if (failed(setMap(slice.getOperand(), map, inner, operandWin)))
        return failure();
      alias(slice.getOperand());
      continue;
    }
    if (auto pad = dyn_cast<hlo::PadOp>(inner)) {
      if (llvm::any_of(pad.getInteriorPadding(), [](int64_t v) { return v; }))
        return pad.emitOpError()
               << "tpu-lower: interior padding is not lowered yet "
                  "(hlo-decompose rewrites it into edge pads)";
      // Element i of the result is element i - low of the operand.
      SmallVector<Window> operandWin;
      for (auto [d, w] : llvm::enumerate(win))
        operandWin.push_back(w.then(1, -pad.getEdgePaddingLow()[d]));
      if (failed(setMap(pad.getOperand(), map, inner, operandWin)))
        return failure();
      // A zero pad is the operand read by a masked DMA, which zero-fills
      // past its edges; another value is selected in on the vector unit.
      // The value itself is then skipped, unless another op reads it too.
      if (isZeroSplat(pad.getPaddingValue())) {
        Value padValue = pad.getPaddingValue();
        if (llvm::all_of(padValue.getUsers(), [&](Operation *user) {
              auto other = dyn_cast<hlo::PadOp>(user);
              return other && other.getOperand() != padValue;
            }))
          values[padValue].role = Role::Skip;
        alias(pad.getOperand());
      } else if (failed(setMap(pad.getPaddingValue(), {}, inner))) {
        return failure();
      }
      continue;
    }
    if (auto concat = dyn_cast<hlo::ConcatenateOp>(inner)) {
      // Each input is read shifted to where it starts; selects pick it.
      int64_t dim = concat.getDimension(), start = 0;
      for (Value input : concat.getInputs()) {
        SmallVector<Window> inputWin = win;
        inputWin[dim] = win[dim].then(1, -start);
        if (failed(setMap(input, map, inner, inputWin)))
          return failure();
        start += cast<RankedTensorType>(input.getType()).getDimSize(dim);
      }
      continue;
    }
    if (auto iota = dyn_cast<hlo::IotaOp>(inner)) {
      const Window &w = win[iota.getIotaDimension()];
      if (w.stride != 1 || w.tap >= 0)
        return iota.emitOpError() << "tpu-lower: a strided iota is not "
                                     "lowered yet";
      continue;
    }
    if (auto constant = dyn_cast<hlo::ConstantOp>(inner)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (dense && dense.isSplat() && values[result].role != Role::Skip)
        values[result].role = Role::Splat;
      continue;
    }
    if (!vectorKindOf(inner))
      return inner->emitOpError() << "tpu-lower: '" << inner->getName()
                                  << "' is not lowered to the TensorCore yet";
    for (Value operand : inner->getOperands())
      if (failed(setMap(operand, map, inner, win)))
        return failure();
  }
  return success();
}

/// Leaves and dense constants are read from HBM; a zero pad whose operand's
/// padding may hold anything selects its zeros in on the vector unit.
LogicalResult KernelPlan::classifyLeaves(
    ArrayRef<Operation *> ops,
    llvm::function_ref<FailureOr<Value>(Value)> leaf) {
  for (auto &[value, info] : values) {
    if (info.role == Role::Skip)
      continue;
    Operation *def = value.getDefiningOp();
    bool leafValue = !def || !llvm::is_contained(ops, def);
    auto constant = dyn_cast_or_null<hlo::ConstantOp>(def);
    bool denseConstant = constant && info.role != Role::Splat;
    if (!leafValue && !denseConstant)
      continue;
    FailureOr<Value> hbm = leaf(value);
    if (failed(hbm))
      return failure();
    info.role = Role::Input;
    info.hbm = *hbm;
    inputs.push_back(value);
  }
  // A zero pad reads past the edges of its operand as zeros, which is only
  // right when the operand's own tile padding is not garbage there.
  for (auto &[value, info] : values) {
    auto pad = dyn_cast_or_null<hlo::PadOp>(value.getDefiningOp());
    if (!pad || info.role != Role::Alias)
      continue;
    ValueInfo &from = values[pad.getOperand()];
    auto logical = cast<RankedTensorType>(pad.getOperand().getType());
    for (auto [d, high] : llvm::enumerate(pad.getEdgePaddingHigh()))
      if ((high > 0 || pad.getEdgePaddingLow()[d] > 0) &&
          (from.role != Role::Input ||
           (high > 0 && !zeroPadded(pad.getOperand()) &&
            from.phys.dims[from.phys.positionOf(d)] !=
                logical.getDimSize(d)))) {
        // The operand's padding may hold anything: select zeros in on the
        // vector unit.
        info.role = Role::Computed;
        info.source = Value();
      }
  }
  return success();
}

/// The prologue is what the anchor depends on; the rest runs once per
/// output block.
void KernelPlan::splitPrologue(ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Operation *, 16> feedsAnchor;
  if (anchor) {
    feedsAnchor.insert(anchor);
    for (Operation *inner : llvm::reverse(ops))
      if (feedsAnchor.contains(inner))
        for (Value operand : inner->getOperands())
          if (Operation *def = operand.getDefiningOp())
            feedsAnchor.insert(def);
  }
  for (Operation *inner : ops) {
    if (inner == anchor)
      continue;
    if (values[inner->getResult(0)].role != Role::Computed)
      continue;
    (feedsAnchor.contains(inner) || !anchor ? prologue : epilogue)
        .push_back(inner);
  }
}

/// The MXU reads lhs [.., M, K] and rhs [.., K, N] blocks, each in either
/// order of its two minor dimensions; a convolution reads its input from
/// memory.
LogicalResult KernelPlan::checkMxuOperands() {
  if (auto conv = dyn_cast_or_null<hlo::ConvolutionOp>(anchor)) {
    if (values[storage(conv.getLhs())].role != Role::Input)
      return conv.emitOpError()
             << "tpu-lower: a convolution reads its input from memory; it "
                "cannot be computed in the same kernel";
  }
  // The MXU reads lhs [.., M, K] and rhs [.., K, N] blocks.
  if (mxuResult()) {
    Operation *dot = anchor;
    Value lhs = dot->getOperand(0), rhs = dot->getOperand(1);
    int64_t k = extent.size() - 1;
    SmallVector<int64_t> res = values[dot->getResult(0)].pmap;
    int64_t m = res[res.size() - 2], n = res.back();
    // Either order of the two minor dimensions: the MXU loads weights
    // transposed, and lhs goes through the transpose unit.
    auto check = [&](Value v, int64_t second, int64_t minor, StringRef what,
                     bool &transposed) -> LogicalResult {
      ArrayRef<int64_t> pmap = values[storage(v)].pmap;
      size_t n = pmap.size();
      if (n >= 2 && pmap[n - 2] == second && pmap[n - 1] == minor)
        return success();
      if (n >= 2 && pmap[n - 2] == minor && pmap[n - 1] == second) {
        transposed = true;
        return success();
      }
      return dot->emitOpError()
             << "tpu-lower: the " << what
             << "'s matrix dimensions are not its two minor ones in its "
                "layout, which needs a relayout the lowering does not emit "
                "yet";
    };
    // A result stored transposed ([N, M]) is rhs^T x lhs^T: the operands
    // trade places.
    Value first = lhs, second = rhs;
    if (!llvm::is_contained(values[storage(first)].pmap, m)) {
      std::swap(first, second);
      swapOperands = true;
    }
    if (failed(check(first, m, k, "lhs", transposeLhs)) ||
        failed(check(second, k, n, "rhs", transposeRhs)))
      return failure();
  }
  return success();
}

bool fitsIn(Type inner, Type outer) {
  ArrayRef<int64_t> in = cast<ShapedType>(inner).getShape();
  ArrayRef<int64_t> out = cast<ShapedType>(outer).getShape();
  return in.size() == out.size() &&
         llvm::all_of(llvm::zip(in, out), [](auto pair) {
           return std::get<0>(pair) <= std::get<1>(pair);
         });
}

/// Every result is computed block by block with the root, the largest: they
/// take its maps whatever their layouts, and DMAs mask the smaller ones.
LogicalResult KernelPlan::mapOutputs() {
  for (Value output : outputs) {
    if (!fitsIn(output.getType(), root.getType()))
      return op->emitOpError()
             << "tpu-lower: the results of a multi-output kernel must fit "
                "in the largest one's shape; "
             << output.getType() << " does not fit in " << root.getType();
    ValueInfo rootInfo = values[root];
    if (failed(setMap(output, rootInfo.lmap, op, rootInfo.lwin)))
      return failure();
  }
  return success();
}

LogicalResult
KernelPlan::analyze(ArrayRef<Operation *> ops,
                        llvm::function_ref<FailureOr<Value>(Value)> leaf) {
  if (failed(findAnchor(ops)))
    return failure();
  // ValueInfo is large: growing the map would move every entry.
  size_t count = outputs.size();
  for (Operation *inner : ops)
    count += inner->getNumOperands() + inner->getNumResults();
  values.reserve(count);
  FailureOr<Physical> rootPhys = physical(root.getLoc(), root.getType());
  if (failed(rootPhys))
    return failure();
  // The iteration space and the anchor's operand maps.
  if (auto dot = dyn_cast_or_null<hlo::DotGeneralOp>(anchor)) {
    if (failed(analyzeDot(dot, *rootPhys)))
      return failure();
  } else if (auto conv = dyn_cast_or_null<hlo::ConvolutionOp>(anchor)) {
    if (failed(analyzeConvolution(conv, *rootPhys, ops)))
      return failure();
  } else if (anchor) {
    if (failed(analyzeReduction()))
      return failure();
  } else {
    extent = rootPhys->dims;
    reduction.assign(extent.size(), false);
    if (failed(setMap(root, logicalToIteration(*rootPhys), op)))
      return failure();
  }
  if (failed(mapOutputs()) || failed(propagateMaps(ops)) ||
      failed(classifyLeaves(ops, leaf)))
    return failure();
  if (wholeDim >= 0)
    attachFolds(cast<hlo::ConvolutionOp>(anchor), ops);
  splitPrologue(ops);
  return checkMxuOperands();
}

} // namespace mlir::tpu::lowering
