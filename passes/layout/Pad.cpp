//===- Pad.cpp - tpu-pad --------------------------------------------------===//
//
// Rewrites each function to compute on the physical (tile-padded) shapes its
// layouts imply. Every value V is replaced by a physical value P(V) whose
// dimensions are V's padded dimensions; what P(V) holds in its padding is
// unspecified unless the value is known to be zero-padded. Ops that would
// read padding into a logical result (reductions, argmax/argmin,
// contractions, convolution windows) first replace it with their neutral
// element, unless it is already known to be zero and zero is neutral.
// See docs/passes.md for the rationale.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "passes/PassUtils.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "runtime/machine/Shape.h"
#include "runtime/machine/Target.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <map>

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUPAD
#include "passes/layout/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

using Dims = SmallVector<int64_t>;

RankedTensorType withDims(RankedTensorType type, ArrayRef<int64_t> dims) {
  return RankedTensorType::get(dims, type.getElementType(), type.getEncoding());
}

/// Calls `f` with the row-major offset in an array of `physical` dims of
/// each element of the `logical` box at its origin, in logical row-major
/// order: where a constant's elements go when it is padded.
void forEachPhysicalOffset(ArrayRef<int64_t> logical,
                           ArrayRef<int64_t> physical,
                           llvm::function_ref<void(int64_t)> f) {
  int64_t count = 1;
  for (int64_t size : logical)
    count *= size; // Cannot overflow: the padded size was checked.
  SmallVector<int64_t> index(logical.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t offset = 0;
    for (size_t d = 0; d < logical.size(); ++d)
      offset = offset * physical[d] + index[d];
    f(offset);
    for (int64_t d = static_cast<int64_t>(logical.size()) - 1; d >= 0; --d) {
      if (++index[d] < logical[d])
        break;
      index[d] = 0;
    }
  }
}

/// A value's physical counterpart and whether all of its padding is zero
/// (trivially true when it has none).
struct Physical {
  Value value;
  bool zeroPadded;
};

class Padder {
public:
  Padder(const tpc::Target &target, func::FuncOp func)
      : target(target), func(func), b(func.getContext()) {}

  LogicalResult run();

private:
  // Shapes.
  FailureOr<Dims> physicalDims(Location loc, Type type);
  llvm::DenseMap<Type, Dims> dimsOf;

  // Building blocks.
  Physical lookup(Value logical) { return values.lookup(logical); }
  Value zeroScalar(Type elementType);
  Physical resize(Location loc, Physical value, ArrayRef<int64_t> dims);
  Physical resizeUncached(Location loc, Physical value, ArrayRef<int64_t> dims);
  Value resizeToLogical(Location loc, Value logical);
  /// `value` with its padding along `dims` replaced by the identity of the
  /// `neutral` reduction (hlo::getReduceIdentity: 0 for a sum, the lowest
  /// value for a max), which a reduction-like op may read in place of
  /// padding without changing its result.
  Value mask(Location loc, Value value, ArrayRef<int64_t> logical,
             ArrayRef<int64_t> dims, hlo::ReduceKind neutral);
  Value zeroPadding(Location loc, Physical value, ArrayRef<int64_t> logical,
                    ArrayRef<int64_t> dims);
  /// Rewrites a physical splat constant of `logical` elements to hold zero
  /// in its padding; false when it is too large or of packed elements.
  bool zeroPadSplat(hlo::ConstantOp constant, ArrayRef<int64_t> logical);
  Value splat(Location loc, RankedTensorType type, TypedAttr scalar);
  /// Clones `op` onto `operands` with result type `resultType`.
  Value cloneWith(Operation *op, ValueRange operands,
                  RankedTensorType resultType);
  /// Records `computed` as `logical`'s physical value after resizing it to
  /// the padded dimensions of `logical`'s type.
  LogicalResult finish(Value logical, Physical computed);

  // Per-op rewrites; each records the op's result.
  LogicalResult padElementwise(Operation *op);
  LogicalResult padConstant(hlo::ConstantOp op);
  LogicalResult padBroadcast(hlo::BroadcastInDimOp op);
  LogicalResult padOnLogicalShape(Operation *op);
  LogicalResult padTranspose(hlo::TransposeOp op);
  LogicalResult padSlice(hlo::SliceOp op);
  LogicalResult padPad(hlo::PadOp op);
  LogicalResult padConcatenate(hlo::ConcatenateOp op);
  LogicalResult padDot(hlo::DotGeneralOp op);
  LogicalResult padConvolution(hlo::ConvolutionOp op);
  LogicalResult padReduce(hlo::ReduceOp op);
  LogicalResult padArgReduce(Operation *op, int64_t dim,
                             hlo::ReduceKind neutral);
  LogicalResult padCall(Operation *op);
  LogicalResult padFusion(hlo::FusionOp op);
  LogicalResult padOp(Operation *op);

  const tpc::Target &target;
  func::FuncOp func;
  OpBuilder b;
  DenseMap<Value, Physical> values;
  /// Zero scalars per block they are made in (the function, or a fusion
  /// body, which cannot read the function's values), and element type.
  std::map<std::pair<Block *, const void *>, Value> zeros;
  /// The block new zero scalars go to.
  Block *scope = nullptr;
  /// Zero-pads made by resize() and the value each one padded.
  DenseMap<Value, Value> zeroPads;
  /// Zero pads at a reduction's root: the kernel does not write what they
  /// add (padReduce), so it is not zero either.
  llvm::SmallPtrSet<Value, 4> unwrittenPads;
  /// Arguments of the fusion bodies made so far and the physical values
  /// they read.
  DenseMap<Value, Value> fusionInputs;
  /// Slices made by resize() and the value each one sliced.
  DenseMap<Value, Value> slices;
  /// The slices and pads made by resize(), in order; the shortcut above can
  /// leave some unused.
  SmallVector<Operation *> resizes;
  /// resize() results by value and size, so each is made once.
  std::map<std::pair<void *, std::vector<int64_t>>, Physical> resized;
};

FailureOr<Dims> Padder::physicalDims(Location loc, Type type) {
  // A program's values share a few types; each type's sizes are worked out
  // once.
  if (auto known = dimsOf.find(type); known != dimsOf.end())
    return known->second;
  FailureOr<tpc::Shape> shape = laidOutShape(loc, type, "tpu-pad");
  if (failed(shape))
    return failure();
  absl::StatusOr<std::vector<int64_t>> dims = tpc::paddedDims(*shape);
  if (!dims.ok())
    return emitError(loc) << "cannot pad " << type << ": "
                          << std::string(dims.status().message());
  return dimsOf.try_emplace(type, dims->begin(), dims->end()).first->second;
}

Value Padder::zeroScalar(Type elementType) {
  Value &zero = zeros[std::make_pair(scope, elementType.getAsOpaquePointer())];
  if (zero)
    return zero;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(scope);
  tpc::Layout layout =
      tpc::defaultLayout(target, *toElementType(elementType), {});
  auto type = withLayout(RankedTensorType::get({}, elementType), layout);
  zero = hlo::ConstantOp::create(
      b, func.getLoc(), type,
      DenseElementsAttr::get(type, b.getZeroAttr(elementType)));
  return zero;
}

/// Slices away the dimensions that shrink, then zero-pads those that grow.
/// Both keep the value's layout; zero padding stays zero.
Physical Padder::resize(Location loc, Physical value, ArrayRef<int64_t> dims) {
  auto type = cast<RankedTensorType>(value.value.getType());
  ArrayRef<int64_t> shape = type.getShape();
  if (shape == dims)
    return value;
  auto key = std::make_pair(value.value.getAsOpaquePointer(),
                            std::vector<int64_t>(dims.begin(), dims.end()));
  if (auto it = resized.find(key); it != resized.end())
    return it->second;
  Physical result = resizeUncached(loc, value, dims);
  resized[key] = result;
  return result;
}

Physical Padder::resizeUncached(Location loc, Physical value,
                                ArrayRef<int64_t> dims) {
  auto type = cast<RankedTensorType>(value.value.getType());
  ArrayRef<int64_t> shape = type.getShape();
  // Resizing a zero-pad of ours again: start from what it padded, so that
  // round trips through the logical shape leave no pad-slice pairs behind.
  if (auto it = zeroPads.find(value.value); it != zeroPads.end()) {
    auto sourceShape = cast<RankedTensorType>(it->second.getType()).getShape();
    bool covers = llvm::all_of(llvm::enumerate(dims), [&](auto indexed) {
      return indexed.value() >= sourceShape[indexed.index()];
    });
    if (covers)
      return resize(loc, {it->second, value.zeroPadded}, dims);
  }
  // Likewise for a slice of ours, unless that would bring back elements it
  // dropped.
  if (auto it = slices.find(value.value); it != slices.end()) {
    auto sourceShape = cast<RankedTensorType>(it->second.getType()).getShape();
    bool keepsDropped = llvm::all_of(llvm::enumerate(dims), [&](auto indexed) {
      size_t d = indexed.index();
      return indexed.value() <= shape[d] || shape[d] == sourceShape[d];
    });
    if (keepsDropped)
      return resize(loc, {it->second, value.zeroPadded}, dims);
  }
  Dims sliced(shape.begin(), shape.end());
  bool shrinks = false, grows = false;
  for (auto [d, size] : llvm::enumerate(dims)) {
    shrinks |= size < shape[d];
    grows |= size > shape[d];
    sliced[d] = std::min(size, shape[d]);
  }
  Value result = value.value;
  int64_t rank = type.getRank();
  if (shrinks) {
    result = hlo::SliceOp::create(b, loc, withDims(type, sliced), result,
                                  b.getDenseI64ArrayAttr(Dims(rank, 0)),
                                  b.getDenseI64ArrayAttr(sliced),
                                  b.getDenseI64ArrayAttr(Dims(rank, 1)));
    slices[result] = value.value;
    resizes.push_back(result.getDefiningOp());
  }
  if (grows) {
    Value source = result;
    Dims high(rank);
    for (int64_t d = 0; d < rank; ++d)
      high[d] = dims[d] - sliced[d];
    result = hlo::PadOp::create(
        b, loc, withDims(type, dims), result, zeroScalar(type.getElementType()),
        b.getDenseI64ArrayAttr(Dims(rank, 0)), b.getDenseI64ArrayAttr(high),
        b.getDenseI64ArrayAttr(Dims(rank, 0)));
    zeroPads[result] = source;
    resizes.push_back(result.getDefiningOp());
  }
  return {result, value.zeroPadded};
}

Value Padder::resizeToLogical(Location loc, Value logical) {
  auto type = cast<RankedTensorType>(logical.getType());
  return resize(loc, lookup(logical), type.getShape()).value;
}

Value Padder::splat(Location loc, RankedTensorType type, TypedAttr scalar) {
  return splatConstant(b, loc, type, scalar);
}

/// Replaces the padding of `value` along `dims` by `neutral`:
/// select(iota(d) < logical[d], value, neutral) for each padded d.
Value Padder::mask(Location loc, Value value, ArrayRef<int64_t> logical,
                   ArrayRef<int64_t> dims, hlo::ReduceKind neutral) {
  auto type = cast<RankedTensorType>(value.getType());
  Value fill;
  for (int64_t d : dims) {
    if (type.getDimSize(d) == logical[d])
      continue;
    // The mask has the value's dimension order and first tile, so it is
    // aligned wherever the value is.
    tpc::Layout layout = getLayout(type).toLayout();
    layout.tiles.resize(std::min<size_t>(layout.tiles.size(), 1));
    layout.elementSizeBits = 0;
    auto indexType = withLayout(
        RankedTensorType::get(type.getShape(), b.getI32Type()), layout);
    layout.elementSizeBits = 32;
    auto predType = withLayout(
        RankedTensorType::get(type.getShape(), b.getI1Type()), layout);
    Value iota = hlo::IotaOp::create(b, loc, indexType, d);
    Value size = splat(loc, indexType,
                       b.getI32IntegerAttr(static_cast<int32_t>(
                           std::min<int64_t>(logical[d], INT32_MAX))));
    Value inside = hlo::CompareOp::create(
        b, loc, predType,
        hlo::ComparisonDirectionAttr::get(b.getContext(),
                                          hlo::ComparisonDirection::LT),
        iota, size);
    if (!fill)
      fill = splat(loc, type,
                   hlo::getReduceIdentity(neutral, type.getElementType()));
    value = hlo::SelectOp::create(b, loc, type, inside, value, fill);
  }
  return value;
}

/// `value` with its padding along `dims` replaced by zero, for an MXU
/// operand. A fusion reads its inputs from memory straight into the MXU, so
/// a mask there would need a vector pass over the input of its own
/// (tpu-lower does not make one). When the input is another fusion's result,
/// that fusion zeroes all of its result's padding in its epilogue instead,
/// for every reader: a select per padded dimension on data already in
/// VMEM.
Value Padder::zeroPadding(Location loc, Physical value,
                          ArrayRef<int64_t> logical, ArrayRef<int64_t> dims) {
  if (value.zeroPadded)
    return value.value;
  // A zero-pad of ours holds zeros where it grew; only the padding of what
  // it padded is unspecified.
  Value padded = value.value;
  if (auto it = zeroPads.find(padded);
      it != zeroPads.end() && !unwrittenPads.contains(padded))
    padded = it->second;
  auto paddedShape = cast<RankedTensorType>(padded.getType()).getShape();
  if (llvm::none_of(dims,
                    [&](int64_t d) { return paddedShape[d] > logical[d]; }))
    return value.value;
  // A slice of ours that meets a smaller contracted size reads the same
  // buffer: the padding it keeps is its source's.
  Value origin = padded;
  if (auto it = slices.find(origin); it != slices.end())
    origin = it->second;
  // Inside a fusion body, the value its argument reads.
  Value source = fusionInputs.lookup(origin);
  if (!source)
    source = origin;
  auto result = dyn_cast<OpResult>(source);
  auto producer =
      result ? dyn_cast<hlo::FusionOp>(result.getOwner()) : hlo::FusionOp();
  // A splat constant (whose padding holds the splat) is rewritten with
  // zeros there: a mask in the reading fusion could not be lowered. (A
  // slice of ours keeps the constant's logical shape.)
  auto constant = source.getDefiningOp<hlo::ConstantOp>();
  if (constant && padded == value.value && zeroPadSplat(constant, logical)) {
    for (Physical &physical : llvm::make_second_range(values))
      if (physical.value == source || physical.value == padded ||
          physical.value == origin)
        physical.zeroPadded = true;
    return value.value;
  }
  if (!producer)
    return mask(loc, value.value, logical, dims, hlo::ReduceKind::sum);
  auto yield = cast<hlo::YieldOp>(producer.getBlock().getTerminator());
  unsigned index = result.getResultNumber();
  {
    OpBuilder::InsertionGuard guard(b);
    Block *outer = scope;
    scope = &producer.getBlock();
    llvm::scope_exit restore([&] { scope = outer; });
    b.setInsertionPoint(yield);
    auto all = llvm::to_vector(llvm::seq<int64_t>(0, logical.size()));
    yield->setOperand(index, mask(loc, yield->getOperand(index), logical, all,
                                  hlo::ReduceKind::sum));
  }
  for (Physical &physical : llvm::make_second_range(values))
    if (physical.value == source || physical.value == padded ||
        physical.value == origin)
      physical.zeroPadded = true;
  return value.value;
}

bool Padder::zeroPadSplat(hlo::ConstantOp constant,
                          ArrayRef<int64_t> logical) {
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  auto type = cast<RankedTensorType>(constant.getType());
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  // 64 MiB of constant data at most: larger ones keep the mask.
  constexpr int64_t kLimit = int64_t{1} << 26;
  if (!dense || !dense.isSplat() || bits % 8 != 0 ||
      type.getNumElements() > kLimit / (bits / 8) ||
      static_cast<int64_t>(logical.size()) != type.getRank())
    return false;
  size_t width = bits / 8;
  ArrayRef<char> element = dense.getRawData().take_front(width);
  std::vector<char> data(type.getNumElements() * width, 0);
  forEachPhysicalOffset(logical, type.getShape(), [&](int64_t offset) {
    std::copy(element.begin(), element.end(), data.begin() + offset * width);
  });
  constant.setValueAttr(DenseElementsAttr::getFromRawBuffer(type, data));
  return true;
}

Value Padder::cloneWith(Operation *op, ValueRange operands,
                        RankedTensorType resultType) {
  Operation *clone = b.clone(*op);
  clone->setOperands(operands);
  clone->getResult(0).setType(resultType);
  return clone->getResult(0);
}

LogicalResult Padder::finish(Value logical, Physical computed) {
  FailureOr<Dims> dims = physicalDims(logical.getLoc(), logical.getType());
  if (failed(dims))
    return failure();
  values[logical] = resize(logical.getLoc(), computed, *dims);
  return success();
}

/// Operands and result meet at the largest padded size of each dimension
/// (their layouts may differ, e.g. i1 against f32).
LogicalResult Padder::padElementwise(Operation *op) {
  Value result = op->getResult(0);
  FailureOr<Dims> common = physicalDims(op->getLoc(), result.getType());
  if (failed(common))
    return failure();
  for (Value operand : op->getOperands()) {
    auto type = cast<RankedTensorType>(lookup(operand).value.getType());
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      (*common)[d] = std::max((*common)[d], size);
  }
  SmallVector<Value> operands;
  bool zeroPadded = preservesZero(op);
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    Physical physical = resize(op->getLoc(), lookup(operand), *common);
    operands.push_back(physical.value);
    // A select's padding comes from its two branches, not its predicate.
    if (!isa<hlo::SelectOp>(op) || i > 0)
      zeroPadded &= physical.zeroPadded;
  }
  auto type = cast<RankedTensorType>(result.getType());
  return finish(result,
                {cloneWith(op, operands, withDims(type, *common)), zeroPadded});
}

LogicalResult Padder::padConstant(hlo::ConstantOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  FailureOr<Dims> dims = physicalDims(op.getLoc(), type);
  if (failed(dims))
    return failure();
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!dense)
    return op.emitOpError("tpu-pad supports dense constants only");
  auto physicalType = withDims(type, *dims);
  if (dense.isSplat()) {
    // A splat stays a splat; its padding then holds the splat value.
    auto value = dense.getSplatValue<TypedAttr>();
    Value result =
        hlo::ConstantOp::create(b, op.getLoc(), physicalType,
                                DenseElementsAttr::get(physicalType, value));
    values[op] = {result,
                  isZero(value) || ArrayRef<int64_t>(*dims) == type.getShape()};
    return success();
  }
  // Scatter the logical elements into a zero-filled physical array.
  SmallVector<Attribute> elements(physicalType.getNumElements(),
                                  b.getZeroAttr(type.getElementType()));
  auto element = dense.value_begin<Attribute>();
  forEachPhysicalOffset(type.getShape(), *dims,
                        [&](int64_t offset) { elements[offset] = *element++; });
  values[op] = {
      hlo::ConstantOp::create(b, op.getLoc(), physicalType,
                              DenseElementsAttr::get(physicalType, elements)),
      true};
  return success();
}

/// A dimension broadcast from size 1 reads the operand at index 0 only, so
/// that dimension is first sliced to size 1; the other operand dimensions
/// meet the result's padded sizes.
LogicalResult Padder::padBroadcast(hlo::BroadcastInDimOp op) {
  auto resultType = cast<RankedTensorType>(op.getType());
  FailureOr<Dims> dims = physicalDims(op.getLoc(), resultType);
  if (failed(dims))
    return failure();
  auto operandType = cast<RankedTensorType>(op.getOperand().getType());
  ArrayRef<int64_t> mapped = op.getBroadcastDimensions();
  Dims operandDims(operandType.getRank());
  // Result padding holds zeros only where it comes from operand padding.
  Dims replicated =
      llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()));
  for (auto [i, r] : llvm::enumerate(mapped)) {
    bool expands = operandType.getDimSize(i) != resultType.getDimSize(r);
    operandDims[i] = expands ? 1 : (*dims)[r];
    if (!expands)
      llvm::erase(replicated, r);
  }
  Physical operand = resize(op.getLoc(), lookup(op.getOperand()), operandDims);
  bool zeroPadded =
      operand.zeroPadded && llvm::all_of(replicated, [&](int64_t r) {
        return (*dims)[r] == resultType.getDimSize(r);
      });
  values[op] = {cloneWith(op, operand.value, withDims(resultType, *dims)),
                zeroPadded};
  return success();
}

/// A reshape regroups logical elements and a reverse moves padding to the
/// front, so both work on the logical shapes: slice, the op, zero-pad. On a
/// TPU a reshape is the relayout copy XLA emits. A dynamic slice clamps its
/// start indices to the logical shape, so it too reads and writes logical
/// boxes (its kernel's DMAs leave the result's tile padding alone; the
/// zero pad after it fills it).
LogicalResult Padder::padOnLogicalShape(Operation *op) {
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(resizeToLogical(op->getLoc(), operand));
  return finish(op->getResult(0),
                {cloneWith(op, operands,
                           cast<RankedTensorType>(op->getResult(0).getType())),
                 true});
}

LogicalResult Padder::padTranspose(hlo::TransposeOp op) {
  Physical operand = lookup(op.getOperand());
  auto operandType = cast<RankedTensorType>(operand.value.getType());
  Dims dims;
  for (int64_t d : op.getPermutation())
    dims.push_back(operandType.getDimSize(d));
  auto type = cast<RankedTensorType>(op.getType());
  return finish(op, {cloneWith(op, operand.value, withDims(type, dims)),
                     operand.zeroPadded});
}

/// A slice's indices lie inside the logical shape, so it reads no padding;
/// its result is zero-padded to the result's tiles.
LogicalResult Padder::padSlice(hlo::SliceOp op) {
  return finish(op, {cloneWith(op, lookup(op.getOperand()).value,
                               cast<RankedTensorType>(op.getType())),
                     true});
}

/// The op's own high padding is extended to the physical size; that padding
/// holds the padding value, unless the op crops (a negative high edge): the
/// extension then starts inside the operand, so the cropped elements land in
/// the result's padding, which is left to be masked like any other.
LogicalResult Padder::padPad(hlo::PadOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  FailureOr<Dims> dims = physicalDims(op.getLoc(), type);
  if (failed(dims))
    return failure();
  Value operand = resizeToLogical(op.getLoc(), op.getOperand());
  Dims high(op.getEdgePaddingHigh());
  bool extended = false, cropsIntoPadding = false;
  for (auto [d, size] : llvm::enumerate(*dims)) {
    bool grows = size != type.getDimSize(d);
    cropsIntoPadding |= grows && high[d] < 0;
    high[d] += size - type.getDimSize(d);
    extended |= grows;
  }
  Value padded = cloneWith(op, {operand, lookup(op.getPaddingValue()).value},
                           withDims(type, *dims));
  cast<hlo::PadOp>(padded.getDefiningOp()).setEdgePaddingHigh(high);
  bool zeroValue = false;
  if (auto constant = op.getPaddingValue().getDefiningOp<hlo::ConstantOp>())
    if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
      zeroValue = isZero(dense.getSplatValue<TypedAttr>());
  values[op] = {padded, !extended || (zeroValue && !cropsIntoPadding)};
  return success();
}

/// Inputs meet at the largest padded size off the joined dimension and keep
/// their logical size along it, so no padding ends up between them.
LogicalResult Padder::padConcatenate(hlo::ConcatenateOp op) {
  int64_t axis = static_cast<int64_t>(op.getDimension());
  FailureOr<Dims> common = physicalDims(op.getLoc(), op.getType());
  if (failed(common))
    return failure();
  for (Value input : op.getInputs()) {
    auto type = cast<RankedTensorType>(lookup(input).value.getType());
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      (*common)[d] = std::max((*common)[d], size);
  }
  SmallVector<Value> inputs;
  bool zeroPadded = true;
  int64_t joined = 0;
  for (Value input : op.getInputs()) {
    Dims dims = *common;
    dims[axis] = cast<RankedTensorType>(input.getType()).getDimSize(axis);
    joined += dims[axis];
    Physical physical = resize(op.getLoc(), lookup(input), dims);
    inputs.push_back(physical.value);
    zeroPadded &= physical.zeroPadded;
  }
  (*common)[axis] = joined;
  auto type = cast<RankedTensorType>(op.getType());
  return finish(op,
                {cloneWith(op, inputs, withDims(type, *common)), zeroPadded});
}

/// Every dimension meets at the smallest padded size of the operands and
/// the result. No dimension is rounded to the MXU's size here:
/// HBM holds only the tile-padded layouts, and tpu-lower aligns K and N to
/// the systolic array in VMEM, zero-filling as its DMAs load blocks.
/// Contracted padding is zero in both operands: 0 * NaN would leak.
LogicalResult Padder::padDot(hlo::DotGeneralOp op) {
  Location loc = op.getLoc();
  FailureOr<Dims> resultDims = physicalDims(loc, op.getType());
  if (failed(resultDims))
    return failure();
  Physical lhs = lookup(op.getLhs()), rhs = lookup(op.getRhs());
  auto lhsType = cast<RankedTensorType>(lhs.value.getType());
  auto rhsType = cast<RankedTensorType>(rhs.value.getType());
  Dims lhsDims(lhsType.getShape()), rhsDims(rhsType.getShape()), dims;
  ArrayRef<int64_t> lhsBatch = op.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = op.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContracting = op.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContracting = op.getRhsContractingDimensions();
  // Every dimension meets at the smallest padded size among the operands
  // and the result, which still holds every logical element: the others
  // drop tile padding (a bitcast), where meeting at the largest would copy
  // them into wider buffers (a one-hot f32[29360128,10] times a 10x16
  // weight would have needed 14G copies). The result grows back to its own
  // padded size in place.
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch)) {
    int64_t size =
        std::min({lhsDims[l], rhsDims[r], (*resultDims)[dims.size()]});
    lhsDims[l] = rhsDims[r] = size;
    dims.push_back(size);
  }
  for (auto [l, r] : llvm::zip(lhsContracting, rhsContracting))
    lhsDims[l] = rhsDims[r] = std::min(lhsDims[l], rhsDims[r]);
  for (int64_t d : op.getLhsFreeDimensions()) {
    lhsDims[d] = std::min(lhsDims[d], (*resultDims)[dims.size()]);
    dims.push_back(lhsDims[d]);
  }
  for (int64_t d : op.getRhsFreeDimensions()) {
    rhsDims[d] = std::min(rhsDims[d], (*resultDims)[dims.size()]);
    dims.push_back(rhsDims[d]);
  }
  Physical newLhs = resize(loc, lhs, lhsDims);
  Physical newRhs = resize(loc, rhs, rhsDims);
  auto lhsLogical = cast<RankedTensorType>(op.getLhs().getType()).getShape();
  auto rhsLogical = cast<RankedTensorType>(op.getRhs().getType()).getShape();
  Value lhsValue = zeroPadding(loc, newLhs, lhsLogical, lhsContracting);
  Value rhsValue = zeroPadding(loc, newRhs, rhsLogical, rhsContracting);
  auto type = cast<RankedTensorType>(op.getType());
  // Free-dimension padding meets real data in the products (0 * inf), so the
  // result's padding is not known to be zero.
  return finish(
      op, {cloneWith(op, {lhsValue, rhsValue}, withDims(type, dims)), false});
}

/// Batch, input and output features meet at the smallest padded size of the
/// operands and the result, as a dot's dimensions do (the MXU's alignment is
/// tpu-lower's, in VMEM); the result grows back to its own padded size in
/// place. Padded spatial input
/// is folded into the window's high padding (which may become negative), so the
/// output spatial sizes stay logical; padding a window reaches is masked to
/// zero. Grouped convolutions keep logical feature sizes: padding each group
/// would interleave padding between groups.
LogicalResult Padder::padConvolution(hlo::ConvolutionOp op) {
  Location loc = op.getLoc();
  FailureOr<Dims> resultDims = physicalDims(loc, op.getType());
  if (failed(resultDims))
    return failure();
  Physical lhs = lookup(op.getLhs()), rhs = lookup(op.getRhs());
  auto lhsLogical = cast<RankedTensorType>(op.getLhs().getType()).getShape();
  auto rhsLogical = cast<RankedTensorType>(op.getRhs().getType()).getShape();
  auto resultType = cast<RankedTensorType>(op.getType());
  Dims lhsDims(cast<RankedTensorType>(lhs.value.getType()).getShape());
  Dims rhsDims(rhsLogical);
  int64_t spatial = op.getNumSpatialDims();
  int64_t feature = spatial + 1, kernelIn = spatial, kernelOut = spatial + 1;
  Dims padding = op.getPaddingOrDefault();
  Dims lhsDilation = op.getLhsDilationOrDefault();
  Dims lhsMasked;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t extra = lhsDims[i + 1] - lhsLogical[i + 1];
    if (extra > 0 && padding[2 * i + 1] > 0)
      lhsMasked.push_back(i + 1);
    padding[2 * i + 1] -= extra * lhsDilation[i];
  }
  Dims dims(resultType.getShape());
  dims[0] = lhsDims[0] = std::min(lhsDims[0], (*resultDims)[0]);
  if (op.getFeatureGroupCount() == 1) {
    auto rhsType = cast<RankedTensorType>(rhs.value.getType());
    // Input features are contracted: they meet at the smaller padded size,
    // as a dot's K does. The MXU's alignment happens in VMEM (tpu-lower).
    lhsDims[feature] = rhsDims[kernelIn] =
        std::min(lhsDims[feature], rhsType.getDimSize(kernelIn));
    rhsDims[kernelOut] = dims[feature] =
        std::min(rhsType.getDimSize(kernelOut), (*resultDims)[feature]);
    lhsMasked.push_back(feature);
  } else {
    lhsDims[feature] = lhsLogical[feature];
  }
  Physical newLhs = resize(loc, lhs, lhsDims);
  Physical newRhs = resize(loc, rhs, rhsDims);
  Value lhsValue = zeroPadding(loc, newLhs, lhsLogical, lhsMasked);
  Value rhsValue = zeroPadding(loc, newRhs, rhsLogical, {kernelIn});
  Value conv = cloneWith(op, {lhsValue, rhsValue}, withDims(resultType, dims));
  if (padding != op.getPaddingOrDefault())
    cast<hlo::ConvolutionOp>(conv.getDefiningOp())
        .setPaddingAttr(b.getDenseI64ArrayAttr(padding));
  return finish(op, {conv, false});
}

/// Padding along reduced dimensions becomes the reduction's identity; a sum
/// of zero padding needs no mask. Kept dimensions carry their padding
/// through, which stays zero when it was, unless the result's tiles need
/// more than the operand has.
LogicalResult Padder::padReduce(hlo::ReduceOp op) {
  Physical operand = lookup(op.getOperand());
  ArrayRef<int64_t> reduced = op.getDimensions();
  auto logical = cast<RankedTensorType>(op.getOperand().getType());
  Value input = operand.value;
  if (!(operand.zeroPadded && op.getKind() == hlo::ReduceKind::sum))
    input = mask(op.getLoc(), input, logical.getShape(), reduced, op.getKind());
  Dims dims;
  for (auto [d, size] :
       llvm::enumerate(cast<RankedTensorType>(input.getType()).getShape()))
    if (!llvm::is_contained(reduced, static_cast<int64_t>(d)))
      dims.push_back(size);
  bool nonEmpty = llvm::all_of(
      reduced, [&](int64_t d) { return logical.getDimSize(d) > 0; });
  auto type = cast<RankedTensorType>(op.getType());
  // Where the result's tiles are larger than the kept dimensions the operand
  // brings, they grow after the reduction; the kernel writes the result only
  // as far as its operand reaches, so that padding is not zero. This is
  // known before finish() so that resize() caches the growth as not zero.
  FailureOr<Dims> own = physicalDims(op.getLoc(), type);
  if (failed(own))
    return failure();
  bool grows = llvm::any_of(llvm::zip(*own, dims), [](auto pair) {
    return std::get<0>(pair) > std::get<1>(pair);
  });
  if (failed(finish(op, {cloneWith(op, input, withDims(type, dims)),
                         operand.zeroPadded && nonEmpty && !grows})))
    return failure();
  // Nor is the growing pad one whose new elements are zero (zeroPadding).
  if (grows)
    unwrittenPads.insert(values[op.getResult()].value);
  return success();
}

/// Padding along the searched dimension becomes -inf (argmax) or +inf
/// (argmin); it lies after every real element, so ties still pick the real
/// index and a NaN still wins.
LogicalResult Padder::padArgReduce(Operation *op, int64_t dim,
                                   hlo::ReduceKind neutral) {
  Value logical = op->getOperand(0);
  Value input = mask(op->getLoc(), lookup(logical).value,
                     cast<RankedTensorType>(logical.getType()).getShape(),
                     {dim}, neutral);
  Dims dims(cast<RankedTensorType>(input.getType()).getShape());
  dims.erase(dims.begin() + dim);
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  return finish(op->getResult(0),
                {cloneWith(op, input, withDims(type, dims)), false});
}

/// Callees keep logical signatures: arguments are sliced, results padded.
/// Calls, loops and branches pass logical values; what an outlined loop
/// body or branch leaves in its results' padding is not known.
LogicalResult Padder::padCall(Operation *op) {
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(resizeToLogical(op->getLoc(), operand));
  IRMapping mapping;
  mapping.map(op->getOperands(), operands);
  Operation *call = b.clone(*op, mapping);
  bool zeroPadded = isa<func::CallOp>(op);
  for (auto [old, result] : llvm::zip(op->getResults(), call->getResults()))
    if (failed(finish(old, {result, zeroPadded})))
      return failure();
  return success();
}

/// A fusion computes on physical shapes like the rest of the function: its
/// body is padded op by op into a new fusion over the padded operands.
LogicalResult Padder::padFusion(hlo::FusionOp op) {
  SmallVector<Type> resultTypes;
  for (Value result : op.getResults()) {
    FailureOr<Dims> dims = physicalDims(result.getLoc(), result.getType());
    if (failed(dims))
      return failure();
    resultTypes.push_back(
        withDims(cast<RankedTensorType>(result.getType()), *dims));
  }
  SmallVector<Physical> inputs;
  SmallVector<Value> inputValues;
  for (Value input : op.getInputs()) {
    inputs.push_back(lookup(input));
    inputValues.push_back(inputs.back().value);
  }
  auto fusion = hlo::FusionOp::create(b, op.getLoc(), resultTypes, inputValues,
                                      op.getKind());
  fusion->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  Block *body = new Block();
  fusion.getBody().push_back(body);
  for (auto [param, input] : llvm::zip(op.getBlock().getArguments(), inputs)) {
    Value arg = body->addArgument(input.value.getType(), param.getLoc());
    values[param] = {arg, input.zeroPadded};
    fusionInputs[arg] = input.value;
  }

  OpBuilder::InsertionGuard guard(b);
  Block *outer = scope;
  scope = body;
  llvm::scope_exit restore([&] { scope = outer; });
  for (Operation &inner : op.getBlock().without_terminator()) {
    b.setInsertionPointToEnd(body);
    if (failed(padOp(&inner)))
      return failure();
  }
  b.setInsertionPointToEnd(body);
  SmallVector<Value> yielded;
  SmallVector<bool> zeroPadded;
  for (auto [value, type] : llvm::zip(op.getYielded(), resultTypes)) {
    Physical physical = resize(value.getLoc(), lookup(value),
                               cast<RankedTensorType>(type).getShape());
    yielded.push_back(physical.value);
    zeroPadded.push_back(physical.zeroPadded);
  }
  hlo::YieldOp::create(b, op.getLoc(), yielded);
  for (auto [old, result, zero] :
       llvm::zip(op.getResults(), fusion.getResults(), zeroPadded))
    values[old] = {result, zero};
  return success();
}

LogicalResult Padder::padOp(Operation *op) {
  if (op->hasTrait<OpTrait::Elementwise>())
    return padElementwise(op);
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](hlo::ConstantOp op) { return padConstant(op); })
      .Case([&](hlo::IotaOp op) {
        // Padding holds indices past the logical size.
        FailureOr<Dims> dims = physicalDims(op.getLoc(), op.getType());
        if (failed(dims))
          return failure();
        auto type = cast<RankedTensorType>(op.getType());
        values[op] = {cloneWith(op, {}, withDims(type, *dims)),
                      ArrayRef<int64_t>(*dims) == type.getShape()};
        return success();
      })
      .Case([&](hlo::CopyOp op) {
        // A layout change: the operand meets the result's padded sizes.
        FailureOr<Dims> dims = physicalDims(op.getLoc(), op.getType());
        if (failed(dims))
          return failure();
        Physical operand = resize(op.getLoc(), lookup(op.getOperand()), *dims);
        auto type = cast<RankedTensorType>(op.getType());
        values[op] = {cloneWith(op, operand.value, withDims(type, *dims)),
                      operand.zeroPadded};
        return success();
      })
      .Case([&](hlo::BroadcastInDimOp op) { return padBroadcast(op); })
      // Collectives move logical tensors between devices: the runtime
      // reads and writes their buffers through their layouts.
      .Case<hlo::ReshapeOp, hlo::ReverseOp, hlo::DynamicSliceOp,
            hlo::DynamicUpdateSliceOp, hlo::AllReduceOp, hlo::AllGatherOp,
            hlo::ReduceScatterOp, hlo::AllToAllOp, hlo::CollectivePermuteOp,
            hlo::DeviceIdOp>(
          [&](Operation *op) { return padOnLogicalShape(op); })
      .Case([&](hlo::TransposeOp op) { return padTranspose(op); })
      .Case([&](hlo::SliceOp op) { return padSlice(op); })
      .Case([&](hlo::PadOp op) { return padPad(op); })
      .Case([&](hlo::ConcatenateOp op) { return padConcatenate(op); })
      .Case([&](hlo::DotGeneralOp op) { return padDot(op); })
      .Case([&](hlo::ConvolutionOp op) { return padConvolution(op); })
      .Case([&](hlo::ReduceOp op) { return padReduce(op); })
      .Case([&](hlo::ArgMaxOp op) {
        return padArgReduce(op, op.getDimension(), hlo::ReduceKind::max);
      })
      .Case([&](hlo::ArgMinOp op) {
        return padArgReduce(op, op.getDimension(), hlo::ReduceKind::min);
      })
      .Case<func::CallOp, hlo::WhileCallOp, hlo::CaseCallOp>(
          [&](Operation *op) { return padCall(op); })
      .Case([&](hlo::FusionOp op) { return padFusion(op); })
      .Default([&](Operation *op) {
        return op->emitOpError("is not supported by tpu-pad");
      });
}

LogicalResult Padder::run() {
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("tpu-pad supports single-block functions only");
  Block &entry = func.getBody().front();
  scope = &entry;
  auto original = llvm::to_vector(llvm::make_pointer_range(entry));
  b.setInsertionPointToStart(&entry);
  // Arguments are zero-padded once on entry; an outlined loop body's or
  // branch's are what its caller computed.
  for (BlockArgument arg : entry.getArguments()) {
    if (!isa<RankedTensorType>(arg.getType()))
      return func.emitOpError("tpu-pad supports tensor arguments only, but "
                              "argument #")
             << arg.getArgNumber() << " has type " << arg.getType();
    if (failed(finish(arg, {arg, !isOutlined(func)})))
      return failure();
  }
  SmallVector<Operation *> rewritten;
  for (Operation *op : original) {
    b.setInsertionPoint(op);
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (OpOperand &operand : ret->getOpOperands())
        operand.set(resizeToLogical(ret.getLoc(), operand.get()));
      continue;
    }
    if (failed(padOp(op)))
      return failure();
    rewritten.push_back(op);
  }
  // Buffer assignment reports how much of each padded buffer is padding.
  for (Operation *op : rewritten)
    for (Value result : op->getResults())
      if (auto it = values.find(result); it != values.end())
        setLogicalType(it->second.value, result.getType());
  for (Operation *op : llvm::reverse(rewritten))
    op->erase();
  for (Operation *op : llvm::reverse(resizes))
    if (op->use_empty())
      op->erase();
  for (Value zero : llvm::make_second_range(zeros))
    if (zero.use_empty())
      zero.getDefiningOp()->erase();
  return success();
}

struct TPUPadPass : tpu::impl::TPUPadBase<TPUPadPass> {
  using TPUPadBase::TPUPadBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const tpc::Target *spec = &getTarget(module);
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      if (failed(Padder(*spec, func).run()))
        return signalPassFailure();
    }
  }
};

} // namespace
