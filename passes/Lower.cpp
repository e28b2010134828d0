//===- Lower.cpp - hlo to TensorCore kernels ------------------------------===//
//
// tpu-lower: each fusion (or unfused op) of a buffer-assigned function
// becomes one tpu.kernel. A kernel iterates over blocks of its iteration
// space (the output's physical dimensions, then the reduced or contracted
// ones) in one flattened, software-pipelined loop with two VMEM slots per
// input and per output. See docs/lowering.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "runtime/machine/Shape.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <set>

namespace mlir::tpu {
#define GEN_PASS_DEF_TPULOWER
#include "passes/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

constexpr int64_t kLanes = 128;
constexpr int64_t kSublanes = 8;
/// Largest block along a tiled dimension: 512 rows or lanes keep a block
/// of f32 at 1 MiB, enough to hide DMA latency.
constexpr int64_t kMaxTiledBlock = 512;
/// An MXU kernel's blocks go up to 1024, which halves a matmul's HBM
/// traffic against 512, when its cost estimate says so.
constexpr int64_t kMaxMxuBlock = 1024;
/// Reduced dimensions shrink first when VMEM is short, down to this.
constexpr int64_t kMinReducedBlock = 256;
/// VMEM slots per input of an MXU kernel: block t+2's DMA starts while
/// block t computes, into the slot block t-1 used, so a DMA never waits for
/// the MXU to finish with the slot it fills and its latency stays hidden
/// behind two blocks of work. Vector-unit kernels finish with a slot
/// quickly and keep two.
constexpr int64_t kMxuInputSlots = 3;
constexpr int64_t kVectorInputSlots = 2;
/// Leading (untiled) dimensions grow until some VMEM block holds this many
/// elements, so that small minor dimensions still give large DMAs.
constexpr int64_t kTargetBlockElements = 1 << 18;

/// A tensor's storage: its tile-padded dimensions in physical
/// (major-to-minor) order.
struct Physical {
  SmallVector<int64_t> dims;
  /// The logical dimension at each physical position.
  SmallVector<int64_t> logicalOf;
  int64_t bytes = 0;
  Type element;

  int64_t positionOf(int64_t logical) const {
    return llvm::find(logicalOf, logical) - logicalOf.begin();
  }
};

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
  if ((lhs.isF32() || lhs.isBF16()) && lhs == rhs)
    return success();
  return op->emitOpError()
         << "tpu-lower: the MXU multiplies bf16 or f32 operands of one type, "
            "not "
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

//===----------------------------------------------------------------------===//
// One kernel
//===----------------------------------------------------------------------===//

/// How a value of the fused computation is stored in the kernel.
enum class Role {
  Input,    // read from HBM by DMA into two VMEM slots
  Alias,    // read through another value's buffer (broadcast, pad)
  Splat,    // a VMEM block filled once
  Computed, // written by an op each iteration (or each output step)
  Skip,     // not read as data (a pad's padding value)
};

/// Where a value's block lies along one dimension, relative to the
/// iteration space: the block for iteration block `b` (of size `block`) at
/// window tap `t` starts at `b * block * stride + t * tapScale + offset`
/// and steps by `stride`. Slices, pads, concatenations and convolution
/// windows shift and stride their operands' blocks this way; the identity
/// window is the common case.
struct Window {
  int64_t stride = 1;
  int64_t tap = -1; // iteration dimension of the window tap, or -1
  int64_t tapScale = 0;
  int64_t offset = 0;

  bool operator==(const Window &o) const {
    return stride == o.stride && tap == o.tap && tapScale == o.tapScale &&
           offset == o.offset;
  }
  bool operator!=(const Window &o) const { return !(*this == o); }
  /// This window seen through `x -> scale * x + shift` (a slice's start and
  /// stride, or a pad's or concatenation's negative offset).
  Window then(int64_t scale, int64_t shift) const {
    return Window{stride * scale, tap, tapScale * scale,
                  offset * scale + shift};
  }
};

struct ValueInfo {
  Role role = Role::Computed;
  /// Whether setMap gave it its maps (a scalar's maps are empty).
  bool mapped = false;
  /// Logical dimension -> iteration dimension, or -1 (read at index 0).
  SmallVector<int64_t> lmap;
  /// Logical dimension -> window.
  SmallVector<Window> lwin;
  Physical phys;
  /// Physical position -> iteration dimension, or -1.
  SmallVector<int64_t> pmap;
  /// Physical position -> window.
  SmallVector<Window> pwin;
  /// Alias: the value whose buffer this one reads.
  Value source;
  /// Input: the HBM buffer.
  Value hbm;
  /// VMEM buffers: one, or two slots for inputs and the output.
  SmallVector<Value, 2> vmem;
};

class KernelLowering {
public:
  KernelLowering(OpBuilder &b, const tpc::Target &target, Operation *op,
                 std::string name)
      : b(b), target(target), op(op), name(std::move(name)) {}

  /// `leafBuffer` gives the HBM buffer of a value the computation reads
  /// from outside (a fusion parameter, a fused dense constant, an operand).
  LogicalResult lower(ArrayRef<Operation *> ops, Value root, Value out,
                      llvm::function_ref<FailureOr<Value>(Value)> leafBuffer);

  /// A reshape that moves data: a relayout copy through VMEM (see
  /// docs/lowering.md).
  LogicalResult lowerReshape(hlo::ReshapeOp reshape, Value in, Value outBuf);

  /// Whether a leaf's tile padding holds zeros: true of the function's
  /// arguments, which the runtime lays out zero-padded.
  std::function<bool(Value)> zeroPadded = [](Value) { return false; };

private:
  LogicalResult setMap(Value value, ArrayRef<int64_t> map, Operation *user,
                       ArrayRef<Window> windows = {});
  LogicalResult analyzeConvolution(hlo::ConvolutionOp conv,
                                   const Physical &rootPhys);
  LogicalResult analyze(ArrayRef<Operation *> ops, Value root,
                        llvm::function_ref<FailureOr<Value>(Value)> leaf);
  LogicalResult planBlocks();
  int64_t footprint(ArrayRef<int64_t> blocks);
  /// Estimated cycles of an MXU kernel with these blocks.
  double estimateCycles(ArrayRef<int64_t> blocks);
  /// The tiled blocks of an MXU kernel that minimize estimateCycles within
  /// `budget` bytes of VMEM, if any fit.
  void chooseMxuBlocks(ArrayRef<int64_t> align, int64_t budget);
  /// Elements of the largest VMEM block.
  int64_t largestBlock(ArrayRef<int64_t> blocks);
  SmallVector<int64_t> blockShape(const ValueInfo &info,
                                  ArrayRef<int64_t> blocks) const;
  Value storage(Value value);
  /// The result of the kernel's matmul or convolution, if it has one.
  Value mxuResult() const {
    return hlo::isContraction(anchor) ? anchor->getResult(0) : Value();
  }
  /// The result of the kernel's argmax or argmin, if it has one.
  Value argResult() const {
    return anchor && isa<hlo::ArgMaxOp, hlo::ArgMinOp>(anchor)
               ? anchor->getResult(0)
               : Value();
  }
  FailureOr<Attribute> mapsFor(ArrayRef<Value> inputs, Value out,
                               Operation *user);

  // Emission.
  /// A VMEM buffer allocated once per kernel for `purpose`.
  Value scratch(StringRef purpose, ArrayRef<int64_t> shape, Type element);
  /// A rank-0 VMEM buffer holding `value`, filled once per kernel.
  Value splat(TypedAttr value);
  Value index(int64_t value);
  Value mulC(Value v, int64_t c);
  Value addC(Value v, int64_t c);
  Value divC(Value v, int64_t c);
  Value remC(Value v, int64_t c);
  Value isEq(Value v, int64_t c);
  Value pick(Value odd, Value even, Value oddValue);
  /// options[t % options.size()].
  Value slotOf(Value t, ArrayRef<Value> options);
  SmallVector<Value> blockIndices(Value t);
  /// The index of a block's first element along a physical position.
  Value blockStart(const ValueInfo &info, int64_t position,
                   ArrayRef<Value> idx);
  /// An i1 block: whether each element's index along logical dimension
  /// `dim` of `info` lies in [lo, hi).
  Value inRange(const ValueInfo &info, int64_t dim, int64_t lo, int64_t hi,
                ArrayRef<Value> idx);
  /// The map [0, 1, .., rank-1] (rank 0: a scalar's empty map).
  Attribute identityMap(int64_t rank);
  /// mapsFor, with identity maps spelled out.
  FailureOr<SmallVector<Attribute>> explicitMaps(ArrayRef<Value> operands,
                                                 Value result, Operation *user);
  void emitDma(Value hbm, const ValueInfo &info, ArrayRef<Value> idx,
               Value vmem, Value sem, bool toHbm);
  LogicalResult emitOp(Operation *op, ArrayRef<Value> idx, bool accumulate);
  LogicalResult emitBody(Value t, bool prefetch);
  /// Starts block t's input DMAs into its slots.
  void emitPrefetch(Value t);
  /// Opens the tpu.kernel and its block; the builder stays inside.
  KernelOp beginKernel();
  /// Removes the index arithmetic the two copies of a loop body repeat.
  void cleanUp(KernelOp kernel);

  OpBuilder &b;
  const tpc::Target &target;
  Operation *op;
  std::string name;
  Location loc() const { return op->getLoc(); }

  llvm::MapVector<Value, ValueInfo> values;
  SmallVector<Value> inputs; // Role::Input, in first-use order
  SmallVector<Operation *> prologue, epilogue;
  Operation *anchor = nullptr; // dot_general, convolution or reduce
  bool transposeLhs = false, transposeRhs = false, swapOperands = false;
  Value root, out;

  // The iteration space.
  SmallVector<int64_t> extent, block, count;
  SmallVector<bool> reduction;
  SmallVector<int64_t> stride; // of each dimension in the flattened loop
  int64_t trips = 1, reductionTrips = 1;
  SmallVector<int64_t> forcedUnit; // batch dimensions of a matmul

  Block *kernelBlock = nullptr;
  DenseMap<int64_t, Value> indexConstants;
  llvm::StringMap<Value> scratchBuffers;
  Value boolConstants[2];

  // Per-iteration state while emitting.
  DenseMap<Value, Value> current; // value -> VMEM buffer this iteration
  SmallVector<Value, kMxuInputSlots> inSems;
  Value outSems[2], outSlot, outSem;
  /// VMEM slots per input.
  int64_t inputSlots() const {
    return mxuResult() ? kMxuInputSlots : kVectorInputSlots;
  }
  /// The f32 accumulator of an MXU op with a narrower result, converted
  /// on the last contraction step.
  Value mxuAcc;
  /// The best values so far of an index reduction.
  Value bestAcc;
};

LogicalResult KernelLowering::setMap(Value value, ArrayRef<int64_t> map,
                                     Operation *user,
                                     ArrayRef<Window> windows) {
  SmallVector<Window> lwin(map.size());
  for (auto [d, it] : llvm::enumerate(map))
    if (it >= 0 && d < windows.size())
      lwin[d] = windows[d];
  ValueInfo &info = values[value];
  if (info.mapped) {
    if (ArrayRef<int64_t>(info.lmap) != map ||
        ArrayRef<Window>(info.lwin) != ArrayRef<Window>(lwin))
      return user->emitOpError()
             << "tpu-lower: a value is read through two different index "
                "maps in one kernel, which the lowering does not support yet";
    return success();
  }
  info.mapped = true;
  info.lmap.assign(map.begin(), map.end());
  info.lwin = std::move(lwin);
  FailureOr<Physical> phys = physicalOf(value.getLoc(), value.getType());
  if (failed(phys))
    return failure();
  info.phys = *phys;
  info.pmap.clear();
  info.pwin.clear();
  for (int64_t l : info.phys.logicalOf) {
    info.pmap.push_back(info.lmap[l]);
    info.pwin.push_back(info.lwin[l]);
  }
  return success();
}

/// A convolution is a sum over its window taps of matmuls: at tap t, the
/// output pixels' rows of the input, shifted by t and strided, times the
/// kernel's [C, F] matrix at t. The iteration space is the output's, then
/// one unit-block reduction dimension per spatial window dimension, then
/// the input features (the MXU's K). The shifted rows are read by strided,
/// masked DMAs, so the im2col matrix is never materialized (docs/lowering.md).
LogicalResult KernelLowering::analyzeConvolution(hlo::ConvolutionOp conv,
                                                 const Physical &rootPhys) {
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
    return conv.emitOpError() << "tpu-lower: input dilation (a transposed "
                                 "convolution) is not lowered yet";
  auto lhsType = cast<RankedTensorType>(conv.getLhs().getType());
  auto rhsType = cast<RankedTensorType>(conv.getRhs().getType());
  if (failed(checkMxuElements(conv, lhsType.getElementType(),
                              rhsType.getElementType())))
    return failure();
  FailureOr<Physical> rhsPhys = physicalOf(conv.getLoc(), rhsType);
  if (failed(rhsPhys))
    return failure();
  int64_t spatial = conv.getNumSpatialDims();
  int64_t rank = rootPhys.dims.size();
  extent = rootPhys.dims;
  reduction.assign(rank, false);
  SmallVector<int64_t> taps;
  for (int64_t i = 0; i < spatial; ++i) {
    taps.push_back(extent.size());
    forcedUnit.push_back(extent.size());
    extent.push_back(rhsType.getDimSize(i));
    reduction.push_back(true);
  }
  int64_t k = extent.size();
  extent.push_back(rhsPhys->dims[rhsPhys->positionOf(spatial)]);
  reduction.push_back(true);

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
  SmallVector<Window> windows(spatial + 2);
  for (int64_t i = 0; i < spatial; ++i)
    windows[1 + i] = Window{strides[i], taps[i], dilation[i], -padding[2 * i]};
  return failure(failed(setMap(root, res, conv)) ||
                 (root != conv.getResult() &&
                  failed(setMap(conv.getResult(), res, conv))) ||
                 failed(setMap(conv.getLhs(), lhsMap, conv, windows)) ||
                 failed(setMap(conv.getRhs(), rhsMap, conv)));
}

LogicalResult
KernelLowering::analyze(ArrayRef<Operation *> ops, Value rootValue,
                        llvm::function_ref<FailureOr<Value>(Value)> leaf) {
  root = rootValue;
  for (Operation *inner : ops) {
    if (hlo::isContraction(inner) || hlo::isReduction(inner)) {
      if (anchor)
        return inner->emitOpError()
               << "tpu-lower: a kernel with two contractions or reductions "
                  "is not supported yet";
      anchor = inner;
    }
  }
  FailureOr<Physical> rootPhys = physicalOf(root.getLoc(), root.getType());
  if (failed(rootPhys))
    return failure();
  auto identity = [](const Physical &phys) {
    SmallVector<int64_t> lmap(phys.dims.size());
    for (auto [i, l] : llvm::enumerate(phys.logicalOf))
      lmap[l] = i;
    return lmap;
  };

  // The iteration space and the anchor's operand maps.
  if (auto dot = dyn_cast_or_null<hlo::DotGeneralOp>(anchor)) {
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
    FailureOr<Physical> lhsPhys = physicalOf(dot.getLoc(), lhsType);
    if (failed(lhsPhys))
      return failure();
    int64_t rank = rootPhys->dims.size();
    extent = rootPhys->dims;
    reduction.assign(rank, false);
    int64_t k = rank;
    int64_t lhsK = dot.getLhsContractingDimensions()[0];
    extent.push_back(lhsPhys->dims[lhsPhys->positionOf(lhsK)]);
    reduction.push_back(true);
    SmallVector<int64_t> res = identity(*rootPhys);
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
    if (failed(setMap(dot.getLhs(),
                      operandMap(dot.getLhs(), dot.getLhsBatchingDimensions(),
                                 lhsK, batch),
                      dot)) ||
        failed(
            setMap(dot.getRhs(),
                   operandMap(dot.getRhs(), dot.getRhsBatchingDimensions(),
                              dot.getRhsContractingDimensions()[0], batch + 1),
                   dot)))
      return failure();
    for (int64_t i = 0; i < batch; ++i)
      forcedUnit.push_back(res[i]);
  } else if (auto conv = dyn_cast_or_null<hlo::ConvolutionOp>(anchor)) {
    if (failed(analyzeConvolution(conv, *rootPhys)))
      return failure();
  } else if (anchor) {
    // A reduction: hlo.reduce, or an index reduction along one dimension.
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
    FailureOr<Physical> inPhys =
        physicalOf(anchor->getLoc(), operand.getType());
    if (failed(inPhys))
      return failure();
    extent = inPhys->dims;
    reduction.assign(extent.size(), false);
    SmallVector<int64_t> in = identity(*inPhys);
    SmallVector<int64_t> kept;
    for (auto [l, it] : llvm::enumerate(in)) {
      if (llvm::is_contained(dims, int64_t(l)))
        reduction[it] = true;
      else
        kept.push_back(it);
    }
    if (failed(setMap(operand, in, anchor)) ||
        failed(setMap(root, kept, anchor)) ||
        (root != result && failed(setMap(result, kept, anchor))))
      return failure();
  } else {
    extent = rootPhys->dims;
    reduction.assign(extent.size(), false);
    if (failed(setMap(root, identity(*rootPhys), op)))
      return failure();
  }

  // Maps flow from results to operands.
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
               << "tpu-lower: interior padding is not lowered yet";
      // Element i of the result is element i - low of the operand.
      SmallVector<Window> operandWin;
      for (auto [d, w] : llvm::enumerate(win))
        operandWin.push_back(w.then(1, -pad.getEdgePaddingLow()[d]));
      if (failed(setMap(pad.getOperand(), map, inner, operandWin)))
        return failure();
      // A zero pad is the operand read by a masked DMA, which zero-fills
      // past its edges; another value is selected in on the vector unit.
      if (isZeroSplat(pad.getPaddingValue())) {
        values[pad.getPaddingValue()].role = Role::Skip;
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

  // Leaves and dense constants are read from HBM.
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

  // Prologue: what the anchor depends on; the rest runs once per output.
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

Value KernelLowering::storage(Value value) {
  while (values[value].role == Role::Alias)
    value = values[value].source;
  return value;
}

SmallVector<int64_t>
KernelLowering::blockShape(const ValueInfo &info,
                           ArrayRef<int64_t> blocks) const {
  SmallVector<int64_t> shape;
  for (int64_t it : info.pmap)
    shape.push_back(it < 0 ? 1 : blocks[it]);
  return shape;
}

int64_t KernelLowering::largestBlock(ArrayRef<int64_t> blocks) {
  int64_t largest = 0;
  for (auto &[value, info] : values) {
    if (info.role == Role::Alias || info.role == Role::Skip)
      continue;
    int64_t elements = 1;
    for (int64_t d : blockShape(info, blocks))
      elements = tpc::checkedMul(elements, d).value_or(INT64_MAX);
    largest = std::max(largest, elements);
  }
  return largest;
}

int64_t KernelLowering::footprint(ArrayRef<int64_t> blocks) {
  int64_t total = 0;
  for (auto &[value, info] : values) {
    if ((info.role == Role::Alias || info.role == Role::Skip) && value != root)
      continue;
    Type element = info.phys.element;
    int64_t bytes = scratchFootprint(
        memrefType(blockShape(info, blocks), element, MemorySpace::vmem));
    int64_t slots = info.role == Role::Input ? inputSlots()
                    : value == root          ? 2
                                             : 1;
    total = tpc::saturatingAdd(
        total, tpc::checkedMul(bytes, slots).value_or(INT64_MAX));
    // An MXU result narrower than f32 also needs an f32 accumulator, and
    // an index reduction a block of the best values.
    Type accumulator;
    if (value == mxuResult() && !element.isF32())
      accumulator = Float32Type::get(element.getContext());
    if (value == argResult())
      accumulator = getElementTypeOrSelf(anchor->getOperand(0).getType());
    if (accumulator)
      total = tpc::saturatingAdd(
          total, scratchFootprint(memrefType(blockShape(info, blocks),
                                             accumulator, MemorySpace::vmem)));
  }
  return total;
}

/// The first input blocks' DMAs, then the largest of the MXU's work, the
/// HBM traffic (every step reloads its input blocks; each output block is
/// written once) and the DMA latency the prefetch cannot hide, then the
/// last output block's DMA. Larger output blocks
/// cut the traffic; smaller blocks shorten the exposed first and last
/// DMAs, which dominate small problems.
double KernelLowering::estimateCycles(ArrayRef<int64_t> blocks) {
  auto bytesOf = [&](const ValueInfo &info) {
    double elements = 1;
    for (int64_t d : blockShape(info, blocks))
      elements *= d;
    Type element = info.phys.element;
    return elements * std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
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
  double out = bytesOf(values[root]);
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
  return in / perCycle + latency + std::max({mxu, hbm, issue}) +
         out / perCycle + latency;
}

void KernelLowering::chooseMxuBlocks(ArrayRef<int64_t> align, int64_t budget) {
  SmallVector<int64_t> tiled;
  SmallVector<SmallVector<int64_t>> options;
  for (size_t d = 0; d < extent.size(); ++d) {
    if (align[d] <= 1)
      continue;
    tiled.push_back(d);
    int64_t full =
        std::min(*tpc::checkedRoundUp(extent[d], align[d]), kMaxMxuBlock);
    SmallVector<int64_t> sizes = {full};
    for (int64_t size = align[d]; size < full; size *= 2)
      sizes.push_back(size);
    options.push_back(sizes);
  }
  SmallVector<int64_t> trial = block, best;
  double bestCycles = 0;
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
    for (int64_t size : options[i]) {
      trial[tiled[i]] = size;
      visit(i + 1);
    }
  };
  visit(0);
  if (!best.empty())
    block = best;
}

LogicalResult KernelLowering::planBlocks() {
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
  // its sublanes.
  if (mxuResult()) {
    ArrayRef<int64_t> res = values[anchor->getResult(0)].pmap;
    align[rank - 1] = std::max(align[rank - 1], kLanes);
    align[res.back()] = std::max(align[res.back()], kLanes);
  }
  block.assign(rank, 1);
  for (int64_t d = 0; d < rank; ++d) {
    // A dimension shorter than its alignment (a small tile such as T(2,128),
    // or a dimension tiled in one value only) is one block of its extent:
    // values where it is a leading dimension then hold no copies of
    // nothing.
    if (align[d] > 1)
      block[d] = extent[d] < align[d]
                     ? extent[d]
                     : std::min(*tpc::checkedRoundUp(extent[d], align[d]),
                                kMaxTiledBlock);
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
      if (reduction[d] && block[d] > std::max(align[d], kMinReducedBlock) &&
          (widest < 0 || block[d] > block[widest]))
        widest = d;
    if (widest < 0)
      for (int64_t d = 0; d < rank; ++d)
        if (block[d] > align[d] && (widest < 0 || block[d] > block[widest]))
          widest = d;
    if (widest < 0)
      return op->emitOpError()
             << "tpu-lower: the smallest blocks of this kernel need "
             << tpc::formatBytes(footprint(block)) << " of VMEM, more than "
             << "half of the " << tpc::formatBytes(target.vmemBytes) << " of "
             << target.name;
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
  // which only a sum ignores: other reductions take blocks that divide it.
  auto reduce = dyn_cast_or_null<hlo::ReduceOp>(anchor);
  if (anchor && !mxuResult() &&
      !(reduce && reduce.getKind() == hlo::ReduceKind::sum))
    for (int64_t d = 0; d < rank; ++d) {
      if (!reduction[d] || extent[d] % block[d] == 0)
        continue;
      int64_t divisor = block[d] - block[d] % align[d];
      while (divisor > 0 && extent[d] % divisor != 0)
        divisor -= align[d];
      // A dimension shorter than its alignment (a small tile such as
      // T(2,128)) is one block of exactly its extent.
      block[d] = divisor > 0 ? divisor : extent[d];
    }
  count.clear();
  for (int64_t d = 0; d < rank; ++d)
    count.push_back((extent[d] + block[d] - 1) / block[d]);
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

Value KernelLowering::scratch(StringRef purpose, ArrayRef<int64_t> shape,
                              Type element) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << purpose << ":" << element;
  for (int64_t d : shape)
    os << "x" << d;
  Value &buffer = scratchBuffers[key];
  if (!buffer) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kernelBlock);
    buffer = AllocOp::create(b, loc(),
                             memrefType(shape, element, MemorySpace::vmem));
  }
  return buffer;
}

Value KernelLowering::splat(TypedAttr value) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << "splat:" << value;
  Value &buffer = scratchBuffers[key];
  if (!buffer) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kernelBlock);
    buffer = AllocOp::create(
        b, loc(), memrefType({}, value.getType(), MemorySpace::vmem));
    FillOp::create(b, loc(), buffer, value);
  }
  return buffer;
}

Value KernelLowering::mulC(Value v, int64_t c) {
  if (std::optional<int64_t> k = getConstantIntValue(v))
    return index(*k * c);
  if (c == 1)
    return v;
  return arith::MulIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::addC(Value v, int64_t c) {
  if (std::optional<int64_t> k = getConstantIntValue(v))
    return index(*k + c);
  return arith::AddIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::divC(Value v, int64_t c) {
  if (std::optional<int64_t> k = getConstantIntValue(v))
    return index(*k / c);
  if (c == 1)
    return v;
  return arith::DivUIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::remC(Value v, int64_t c) {
  if (std::optional<int64_t> k = getConstantIntValue(v))
    return index(*k % c);
  if (c == 1)
    return index(0);
  return arith::RemUIOp::create(b, loc(), v, index(c));
}

Value KernelLowering::isEq(Value v, int64_t c) {
  if (std::optional<int64_t> k = getConstantIntValue(v)) {
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
  if (std::optional<int64_t> k = getConstantIntValue(odd))
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

void KernelLowering::emitDma(Value hbm, const ValueInfo &info,
                             ArrayRef<Value> idx, Value vmem, Value sem,
                             bool toHbm) {
  SmallVector<Value> hbmIndices, vmemIndices;
  SmallVector<int64_t> sizes = blockShape(info, block);
  SmallVector<int64_t> strides(sizes.size(), 1);
  bool masked = false;
  for (auto [i, it] : llvm::enumerate(info.pmap)) {
    vmemIndices.push_back(index(0));
    if (it < 0) {
      hbmIndices.push_back(index(0));
      continue;
    }
    const Window &window = info.pwin[i];
    hbmIndices.push_back(blockStart(info, i, idx));
    strides[i] = window.stride;
    // The lowest and highest positions any block reads; a negative stride
    // or tap scale walks down.
    int64_t end = (count[it] * block[it] - 1) * window.stride + window.offset;
    int64_t low = std::min(window.offset, end),
            high = std::max(window.offset, end);
    if (window.tap >= 0) {
      int64_t reach = (extent[window.tap] - 1) * window.tapScale;
      (reach < 0 ? low : high) += reach;
    }
    if (low < 0 || high >= info.phys.dims[i])
      masked = true;
  }
  DenseI64ArrayAttr strideAttr;
  if (llvm::any_of(strides, [](int64_t s) { return s != 1; }))
    strideAttr = b.getDenseI64ArrayAttr(strides);
  auto hbmType = cast<MemRefType>(hbm.getType());
  for (auto [i, size] : llvm::enumerate(sizes))
    if (size > hbmType.getDimSize(i))
      masked = true;
  if (toHbm)
    DmaStartOp::create(b, loc(), vmem, vmemIndices, hbm, hbmIndices, sem,
                       b.getDenseI64ArrayAttr(sizes), strideAttr, masked);
  else
    DmaStartOp::create(b, loc(), hbm, hbmIndices, vmem, vmemIndices, sem,
                       b.getDenseI64ArrayAttr(sizes), strideAttr, masked);
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
  IotaOp::create(b, loc(), lanes, pos, blockStart(info, pos, idx));
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

LogicalResult KernelLowering::emitOp(Operation *inner, ArrayRef<Value> idx,
                                     bool accumulate) {
  Value result = inner->getResult(0);
  Value dst = current.lookup(result);
  auto bufferOf = [&](Value v) { return current.lookup(storage(v)); };
  if (hlo::isContraction(inner)) {
    auto attr = inner->getAttrOfType<hlo::PrecisionAttr>("precision");
    Precision precision = attr && attr.getValue() == hlo::Precision::HIGHEST
                              ? Precision::highest
                              : Precision::default_;
    Value lhs = bufferOf(inner->getOperand(0)),
          rhs = bufferOf(inner->getOperand(1));
    if (mxuAcc)
      dst = mxuAcc;
    if (swapOperands)
      std::swap(lhs, rhs);
    MatmulOp::create(b, loc(), lhs, rhs, dst, accumulate, precision,
                     transposeLhs, transposeRhs);
    return success();
  }
  if (auto reduce = dyn_cast<hlo::ReduceOp>(inner)) {
    Value in = storage(reduce.getOperand());
    const ValueInfo &info = values[in];
    SmallVector<int64_t> dims;
    for (auto [i, it] : llvm::enumerate(info.pmap))
      if (it >= 0 && reduction[it])
        dims.push_back(i);
    SmallVector<int64_t> valid = blockShape(info, block);
    // The kept dimensions in the input's physical order, and where each
    // lies in the result's.
    SmallVector<int64_t> kept, keptShape, toResult;
    ArrayRef<int64_t> resultMap = values[storage(result)].pmap;
    for (auto [i, it] : llvm::enumerate(info.pmap))
      if (it < 0 || !reduction[it]) {
        kept.push_back(it);
        keptShape.push_back(valid[i]);
        toResult.push_back(llvm::find(resultMap, it) - resultMap.begin());
      }
    if (ArrayRef<int64_t>(kept) == resultMap || llvm::is_contained(kept, -1)) {
      ReduceOp::create(b, loc(), *reduceKindOf(reduce.getKind()),
                       current.lookup(in), dst, dims, valid, accumulate);
      return success();
    }
    // Layout assignment may order the result's dimensions differently: the
    // reduction accumulates in the input's order and each step's partial
    // result is transposed into the result block.
    Value partial = scratch("reduce.partial", keptShape,
                            getElementTypeOrSelf(result.getType()));
    ReduceOp::create(b, loc(), *reduceKindOf(reduce.getKind()),
                     current.lookup(in), partial, dims, valid, accumulate);
    VectorOp::create(b, loc(), VectorKind::copy, ValueRange{partial}, dst,
                     b.getArrayAttr({b.getDenseI64ArrayAttr(toResult)}));
    return success();
  }
  if (isa<hlo::ArgMaxOp, hlo::ArgMinOp>(inner)) {
    Value in = storage(inner->getOperand(0));
    const ValueInfo &info = values[in];
    int64_t dim = info.phys.positionOf(
        inner->getAttrOfType<IntegerAttr>("dimension").getInt());
    ArgReduceKind kind = isa<hlo::ArgMaxOp>(inner) ? ArgReduceKind::argmax
                                                   : ArgReduceKind::argmin;
    ArgReduceOp::create(b, loc(), kind, current.lookup(in), bestAcc, dst, dim,
                        blockShape(info, block)[dim],
                        blockStart(info, dim, idx), accumulate);
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
    IotaOp::create(b, loc(), dst, pos, blockStart(info, pos, idx));
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
  if (prefetch)
    emitPrefetch(addC(t, inputSlots() - 1));
  if (!inputs.empty())
    DmaWaitOp::create(b, loc(), slotOf(t, inSems));
  SmallVector<Value> idx = blockIndices(t);
  Value step = divC(t, reductionTrips);
  outSlot = slotOf(step, values[root].vmem);
  outSem = slotOf(step, outSems);
  current.clear();
  for (auto &[value, info] : values) {
    if (info.role == Role::Input)
      current[value] = slotOf(t, info.vmem);
    else if (!info.vmem.empty())
      current[value] = info.vmem[0];
  }
  current[root] = outSlot;

  // Without an anchor the prologue computes the output block, so its slot
  // must be free (its DMA two steps ago done) before the prologue runs.
  if (!anchor)
    DmaWaitOp::create(b, loc(), outSem);
  for (Operation *inner : prologue)
    if (failed(emitOp(inner, idx, false)))
      return failure();
  Value r = remC(t, reductionTrips);
  bool rootIsAnchor = anchor && anchor->getResult(0) == root;
  if (anchor) {
    // The first reduction step overwrites the accumulator, the others add
    // to it; an output slot is reused once its DMA two steps ago is done.
    auto emitStep = [&](bool first) -> LogicalResult {
      if (first && rootIsAnchor)
        DmaWaitOp::create(b, loc(), outSem);
      return emitOp(anchor, idx, !first);
    };
    Value first = isEq(r, 0);
    if (std::optional<int64_t> k = getConstantIntValue(first)) {
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
    if (anchor && !rootIsAnchor)
      DmaWaitOp::create(b, loc(), outSem);
    if (mxuAcc)
      VectorOp::create(b, loc(), VectorKind::convert, ValueRange{mxuAcc},
                       current.lookup(anchor->getResult(0)), ArrayAttr());
    for (Operation *inner : epilogue)
      if (failed(emitOp(inner, idx, false)))
        return failure();
    Value rootStorage = storage(root);
    bool written =
        rootIsAnchor || (values[root].role == Role::Computed &&
                         (llvm::is_contained(prologue, root.getDefiningOp()) ||
                          llvm::is_contained(epilogue, root.getDefiningOp())));
    if (!written) {
      // The output is a parameter, a broadcast or a constant: copy it.
      Value from = rootStorage;
      FailureOr<Attribute> maps = mapsFor({from}, root, op);
      if (failed(maps))
        return failure();
      VectorOp::create(b, loc(), VectorKind::copy,
                       ValueRange{current.lookup(from)}, outSlot,
                       llvm::cast_if_present<ArrayAttr>(*maps));
    }
    emitDma(out, values[root], idx, outSlot, outSem, true);
    return success();
  };
  Value last = isEq(r, reductionTrips - 1);
  if (std::optional<int64_t> k = getConstantIntValue(last)) {
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
KernelLowering::lower(ArrayRef<Operation *> ops, Value rootValue, Value outBuf,
                      llvm::function_ref<FailureOr<Value>(Value)> leaf) {
  out = outBuf;
  if (failed(analyze(ops, rootValue, leaf)) || failed(planBlocks()))
    return failure();
  // The root is stored in the output slots; a broadcast returned as is is
  // copied there. A fused constant or parameter returned as is is not
  // lowered yet.
  if (values[root].role == Role::Input || values[root].role == Role::Splat)
    return op->emitOpError()
           << "tpu-lower: a kernel that returns a parameter or constant "
              "unchanged is not lowered yet";

  OpBuilder::InsertionGuard guard(b);
  KernelOp kernel = beginKernel();

  auto alloc = [&](const ValueInfo &info) {
    return AllocOp::create(b, loc(),
                           memrefType(blockShape(info, block),
                                      info.phys.element, MemorySpace::vmem))
        .getResult();
  };
  for (auto &[value, info] : values) {
    if (value == root) {
      info.vmem = {alloc(info), alloc(info)};
      continue;
    }
    switch (info.role) {
    case Role::Input:
      for (int64_t i = 0; i < inputSlots(); ++i)
        info.vmem.push_back(alloc(info));
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
  if (Value result = mxuResult()) {
    const ValueInfo &info = values[result];
    if (!info.phys.element.isF32())
      mxuAcc = AllocOp::create(b, loc(),
                               memrefType(blockShape(info, block),
                                          b.getF32Type(), MemorySpace::vmem));
  }
  if (Value result = argResult())
    bestAcc = AllocOp::create(
        b, loc(),
        memrefType(blockShape(values[result], block),
                   getElementTypeOrSelf(anchor->getOperand(0).getType()),
                   MemorySpace::vmem));
  auto semType = SemaphoreType::get(b.getContext());
  for (int64_t i = 0; i < inputSlots(); ++i)
    inSems.push_back(SemaphoreAllocOp::create(b, loc(), semType));
  for (Value &sem : outSems)
    sem = SemaphoreAllocOp::create(b, loc(), semType);

  // Prefetch the first blocks, run the blocks with the DMAs of the block
  // inputSlots() - 1 ahead in flight, then the last ones (peeled, so the
  // prefetch needs no condition), and drain the output DMAs.
  int64_t ahead = std::min(inputSlots() - 1, trips);
  for (int64_t t = 0; t < ahead; ++t)
    emitPrefetch(index(t));
  if (trips > ahead) {
    auto loop =
        scf::ForOp::create(b, loc(), index(0), index(trips - ahead), index(1));
    OpBuilder::InsertionGuard inLoop(b);
    b.setInsertionPointToStart(loop.getBody());
    if (failed(emitBody(loop.getInductionVar(), /*prefetch=*/true)))
      return failure();
  }
  for (int64_t t = std::max<int64_t>(trips - ahead, 0); t < trips; ++t)
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

void KernelLowering::cleanUp(KernelOp kernel) {
  IRRewriter rewriter(b);
  DominanceInfo dominance(kernel);
  eliminateCommonSubExpressions(rewriter, dominance, kernel);
  SmallVector<Operation *> dead;
  kernel.walk([&](Operation *inner) {
    if (isa<arith::ArithDialect>(inner->getDialect()) && inner->use_empty())
      dead.push_back(inner);
  });
  for (Operation *inner : llvm::reverse(dead))
    if (inner->use_empty())
      inner->erase();
}

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
LogicalResult KernelLowering::lowerReshape(hlo::ReshapeOp reshape, Value in,
                                           Value outBuf) {
  auto inType = cast<RankedTensorType>(reshape.getOperand().getType());
  auto outType = cast<RankedTensorType>(reshape.getType());
  FailureOr<Physical> inPhys = physicalOf(reshape.getLoc(), inType);
  FailureOr<Physical> outPhys = physicalOf(reshape.getLoc(), outType);
  if (failed(inPhys) || failed(outPhys))
    return failure();
  if (inType.getNumElements() == 0)
    return success();
  ArrayRef<int64_t> inShape = inType.getShape(), outShape = outType.getShape();
  SmallVector<ReshapeGroup> groups = reshapeGroups(inShape, outShape);
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
  auto physicalShape = [](ArrayRef<int64_t> logical, const Physical &phys) {
    SmallVector<int64_t> shape;
    for (int64_t l : phys.logicalOf)
      shape.push_back(logical[l]);
    return shape;
  };
  auto footprintOf = [&](ArrayRef<int64_t> per) {
    auto [inBlock, outBlock] = blockShapes(per);
    int64_t one = tpc::saturatingAdd(
        scratchFootprint(memrefType(physicalShape(inBlock, *inPhys),
                                    inPhys->element, MemorySpace::vmem)),
        scratchFootprint(memrefType(physicalShape(outBlock, *outPhys),
                                    outPhys->element, MemorySpace::vmem)));
    return tpc::saturatingAdd(one, one);
  };
  // The longest runs that fit half of VMEM, then kept dimensions grow,
  // innermost first, while the block is small.
  int64_t budget = target.vmemBytes / 2;
  SmallVector<int64_t> per(rank, 1);
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
             << "half of the " << tpc::formatBytes(target.vmemBytes) << " of "
             << target.name;
    per[longest] = runs[longest][--choice[longest]];
  }
  auto elements = [&](ArrayRef<int64_t> per) {
    int64_t n = 1;
    for (int64_t v : per)
      n = tpc::checkedMul(n, v).value_or(INT64_MAX);
    return n;
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
  SmallVector<int64_t> counts(rank), strides(rank);
  int64_t trips = 1;
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
  auto [inBlock, outBlock] = blockShapes(per);

  OpBuilder::InsertionGuard guard(b);
  KernelOp kernel = beginKernel();
  auto alloc = [&](ArrayRef<int64_t> logical, const Physical &phys) {
    return AllocOp::create(b, loc(),
                           memrefType(physicalShape(logical, phys),
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
    SmallVector<int64_t> logicalBlock = toHbm ? outBlock : inBlock;
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

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

LogicalResult lowerFunction(func::FuncOp func, const tpc::Target &target) {
  MLIRContext *ctx = func.getContext();
  Block &entry = func.getBody().front();
  OpBuilder b(func);

  SmallVector<Type> argTypes, resultTypes;
  SmallVector<Physical> argPhys;
  for (BlockArgument arg : entry.getArguments()) {
    FailureOr<Physical> phys = physicalOf(arg.getLoc(), arg.getType());
    if (failed(phys))
      return failure();
    argTypes.push_back(memrefType(phys->dims, phys->element, MemorySpace::hbm));
  }
  for (Type type : func.getResultTypes()) {
    FailureOr<Physical> phys = physicalOf(func.getLoc(), type);
    if (failed(phys))
      return failure();
    resultTypes.push_back(
        memrefType(phys->dims, phys->element, MemorySpace::hbm));
  }
  auto lowered =
      func::FuncOp::create(b, func.getLoc(), func.getName(),
                           FunctionType::get(ctx, argTypes, resultTypes));
  lowered.setVisibility(func.getVisibility());
  for (auto [i, arg] : llvm::enumerate(entry.getArguments()))
    lowered.setArgAttr(i, "tpu.logical_type", TypeAttr::get(arg.getType()));
  for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
    lowered.setResultAttr(i, "tpu.logical_type", TypeAttr::get(type));
  Block *body = lowered.addEntryBlock();
  b.setInsertionPointToStart(body);

  DenseMap<Value, Value> buffers;
  for (auto [from, to] : llvm::zip(entry.getArguments(), body->getArguments()))
    buffers[from] = to;
  int64_t programBytes = 0;
  llvm::StringMap<int> kernelCount;

  auto hbmBuffer = [&](Operation *at, Value value, int64_t offset,
                       ElementsAttr contents) -> FailureOr<Value> {
    FailureOr<Physical> phys = physicalOf(value.getLoc(), value.getType());
    if (failed(phys))
      return failure();
    std::optional<int64_t> end = tpc::checkedAdd(offset, phys->bytes);
    if (!end)
      return at->emitOpError("tpu-lower: buffer end overflows 64 bits");
    programBytes = std::max(programBytes, *end);
    if (auto dense = dyn_cast_if_present<DenseElementsAttr>(contents))
      contents = physicalConstant(dense, *phys);
    else if (contents)
      return at->emitOpError("tpu-lower: constants must be dense");
    return HbmBufferOp::create(
               b, at->getLoc(),
               memrefType(phys->dims, phys->element, MemorySpace::hbm),
               b.getI64IntegerAttr(offset), contents)
        .getResult();
  };
  auto offsetsOf = [](Operation *op) -> FailureOr<ArrayRef<int64_t>> {
    auto offsets = op->getAttrOfType<DenseI64ArrayAttr>("tpu.hbm_offsets");
    if (!offsets || offsets.size() != op->getNumResults())
      return op->emitOpError()
             << "tpu-lower needs HBM offsets; run -tpu-assign-buffers first";
    return offsets.asArrayRef();
  };

  for (Operation &op : entry) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<Value> results;
      for (Value v : ret.getOperands())
        results.push_back(buffers.lookup(v));
      func::ReturnOp::create(b, ret.getLoc(), results);
      continue;
    }
    if (op.getNumResults() != 1)
      return op.emitOpError() << "tpu-lower: ops with " << op.getNumResults()
                              << " results are not lowered yet";
    if (isBitcast(&op, entry)) {
      Value from = buffers.lookup(op.getOperand(0));
      // A reshape views the same bytes with its own shape.
      if (isa<hlo::ReshapeOp>(op)) {
        auto source = from.getDefiningOp<HbmBufferOp>();
        if (!source)
          return op.emitOpError("tpu-lower: a bitcast reshape needs its "
                                "operand in the program's HBM region");
        FailureOr<Value> view =
            hbmBuffer(&op, op.getResult(0), source.getOffset(), {});
        if (failed(view))
          return failure();
        from = *view;
      }
      buffers[op.getResult(0)] = from;
      continue;
    }
    FailureOr<ArrayRef<int64_t>> offsets = offsetsOf(&op);
    if (failed(offsets))
      return failure();
    Value result = op.getResult(0);
    if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
      FailureOr<Value> buffer =
          hbmBuffer(&op, result, (*offsets)[0], constant.getValue());
      if (failed(buffer))
        return failure();
      buffers[result] = *buffer;
      continue;
    }
    FailureOr<Value> outBuffer = hbmBuffer(&op, result, (*offsets)[0], {});
    if (failed(outBuffer))
      return failure();
    buffers[result] = *outBuffer;

    StringRef opName = op.getName().stripDialect();
    std::string kernelName =
        (opName + "." + std::to_string(kernelCount[opName]++)).str();
    KernelLowering kernel(b, target, &op, kernelName);
    SmallVector<Operation *> ops;
    Value root;
    DenseMap<Value, Value> outside;
    if (auto fusion = dyn_cast<hlo::FusionOp>(op)) {
      for (Operation &inner : fusion.getBlock().without_terminator())
        ops.push_back(&inner);
      root = fusion.getBlock().getTerminator()->getOperand(0);
      for (auto [param, operand] :
           llvm::zip(fusion.getBlock().getArguments(), fusion.getInputs()))
        outside[param] = operand;
    } else {
      ops.push_back(&op);
      root = result;
    }
    auto leaf = [&](Value value) -> FailureOr<Value> {
      if (Value operand = outside.lookup(value))
        value = operand;
      if (Value buffer = buffers.lookup(value))
        return buffer;
      // A fused dense constant: assign-buffers placed it in the globals.
      auto constant = value.getDefiningOp<hlo::ConstantOp>();
      if (!constant)
        return op.emitOpError("tpu-lower: an operand has no buffer");
      FailureOr<ArrayRef<int64_t>> at = offsetsOf(constant);
      if (failed(at))
        return failure();
      FailureOr<Value> buffer =
          hbmBuffer(constant, value, (*at)[0], constant.getValue());
      if (succeeded(buffer))
        buffers[value] = *buffer;
      return buffer;
    };
    kernel.zeroPadded = [&](Value value) {
      if (Value operand = outside.lookup(value))
        value = operand;
      auto arg = dyn_cast<BlockArgument>(value);
      return arg && arg.getOwner() == &entry;
    };
    if (auto reshape = dyn_cast<hlo::ReshapeOp>(op)) {
      FailureOr<Value> in = leaf(reshape.getOperand());
      if (failed(in) || failed(kernel.lowerReshape(reshape, *in, *outBuffer)))
        return failure();
      continue;
    }
    if (failed(kernel.lower(ops, root, *outBuffer, leaf)))
      return failure();
  }
  lowered->setAttr("tpu.program_bytes", b.getI64IntegerAttr(programBytes));
  func.erase();
  return success();
}

struct TPULowerPass : tpu::impl::TPULowerBase<TPULowerPass> {
  using TPULowerBase::TPULowerBase;
  void runOnOperation() override {
    const tpc::Target *found = &getTarget(getOperation());
    SmallVector<func::FuncOp> funcs(getOperation().getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      if (failed(lowerFunction(func, *found)))
        return signalPassFailure();
    }
  }
};

} // namespace
