//===- PassUtils.cpp - What the passes share ------------------------------===//

#include "passes/PassUtils.h"
#include "passes/Passes.h"

#include "dialects/hlo/HLOOps.h"
#include "mlir/IR/Matchers.h"

#include <limits>

using namespace mlir;

llvm::cl::ValuesClass mlir::tpu::layoutModeValues() {
  return llvm::cl::values(clEnumValN(LayoutMode::XlaDefault, "xla-default",
                                     "XLA's default TPU layouts"),
                          clEnumValN(LayoutMode::MinPadding, "min-padding",
                                     "the order with the fewest padded bytes"));
}

llvm::cl::ValuesClass mlir::tpu::precisionValues() {
  return llvm::cl::values(
      clEnumValN(hlo::Precision::DEFAULT, "default",
                 "the TPU's: f32 operands rounded to bf16, one MXU pass"),
      clEnumValN(hlo::Precision::HIGHEST, "highest",
                 "six bf16 MXU passes, matching f32 products"));
}

FailureOr<tpc::Shape> mlir::tpu::laidOutShape(Location loc, Type type,
                                              llvm::StringRef pass) {
  std::optional<tpc::Shape> shape = toShape(type);
  if (!shape || !shape->layout)
    return emitError(loc) << pass
                          << " needs every tensor to carry a #tpu.layout, but "
                             "found "
                          << type << "; run -tpu-assign-layouts first";
  return *shape;
}

mlir::tpu::TensorBytes mlir::tpu::tensorBytes(Type type) {
  TensorBytes bytes;
  std::optional<tpc::Shape> shape = toShape(type);
  if (!shape)
    return bytes;
  constexpr int64_t kSaturated = std::numeric_limits<int64_t>::max();
  absl::StatusOr<int64_t> unpadded = tpc::unpaddedBytes(*shape);
  bytes.unpadded = unpadded.ok() ? *unpadded : kSaturated;
  if (shape->layout) {
    absl::StatusOr<int64_t> padded = tpc::paddedBytes(*shape);
    bytes.padded = padded.ok() ? *padded : kSaturated;
  }
  return bytes;
}

/// The logical types recorded in `loc`, or null.
static ArrayAttr logicalTypesIn(Location loc) {
  auto fused = dyn_cast<FusedLoc>(loc);
  auto metadata =
      fused ? dyn_cast_or_null<DictionaryAttr>(fused.getMetadata()) : nullptr;
  return metadata ? metadata.getAs<ArrayAttr>(tpu::kLogicalTypesAttrName)
                  : nullptr;
}

void mlir::tpu::setLogicalType(Value physical, Type logical) {
  auto result = dyn_cast<OpResult>(physical);
  if (!result || physical.getType() == logical)
    return;
  Operation *op = result.getOwner();
  MLIRContext *context = op->getContext();
  Location inner = op->getLoc();
  SmallVector<Attribute> types;
  if (ArrayAttr old = logicalTypesIn(inner)) {
    types.assign(old.begin(), old.end());
    inner = FusedLoc::get(context, cast<FusedLoc>(inner).getLocations());
  } else {
    for (Type type : op->getResultTypes())
      types.push_back(TypeAttr::get(type));
  }
  // The first logical value a buffer holds names it (a bitcast's result
  // shares the buffer under another logical shape).
  Attribute &entry = types[result.getResultNumber()];
  if (cast<TypeAttr>(entry).getValue() == physical.getType())
    entry = TypeAttr::get(logical);
  auto metadata = DictionaryAttr::get(
      context, {NamedAttribute(StringAttr::get(context, kLogicalTypesAttrName),
                               ArrayAttr::get(context, types))});
  op->setLoc(FusedLoc::get(context, {inner}, metadata));
}

Type mlir::tpu::logicalTypeOf(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return value.getType();
  Operation *op = result.getOwner();
  if (ArrayAttr types = logicalTypesIn(op->getLoc()))
    if (auto type = dyn_cast<TypeAttr>(types[result.getResultNumber()]))
      return type.getValue();
  // Fusions formed after padding: the yielded value's record.
  if (auto fusion = dyn_cast<hlo::FusionOp>(op)) {
    Value yielded = fusion.getYielded()[result.getResultNumber()];
    Type inner = logicalTypeOf(yielded);
    if (inner != yielded.getType())
      return inner;
  }
  return value.getType();
}

bool mlir::tpu::isZero(TypedAttr value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

bool mlir::tpu::preservesZero(Operation *op) {
  return isa<hlo::AbsOp, hlo::NegOp, hlo::SqrtOp, hlo::TanhOp, hlo::ConvertOp,
             hlo::AddOp, hlo::SubtractOp, hlo::MulOp, hlo::MaxOp, hlo::MinOp,
             hlo::SelectOp, hlo::CopyOp>(op);
}

/// Whether `a` and `b` are the same bytes: element type, layout and padded
/// shape agree.
static bool samePhysical(Value a, Value b) {
  std::optional<tpc::Shape> sa = tpu::toShape(a.getType());
  std::optional<tpc::Shape> sb = tpu::toShape(b.getType());
  if (!sa || !sb || !sa->layout || !sb->layout ||
      sa->elementType != sb->elementType || *sa->layout != *sb->layout)
    return false;
  absl::StatusOr<std::vector<int64_t>> pa = tpc::paddedDims(*sa);
  absl::StatusOr<std::vector<int64_t>> pb = tpc::paddedDims(*sb);
  return pa.ok() && pb.ok() && *pa == *pb;
}

static bool allZero(ArrayRef<int64_t> values) {
  return llvm::all_of(values, [](int64_t v) { return v == 0; });
}

bool mlir::tpu::padsTilePadding(hlo::PadOp pad) {
  return allZero(pad.getEdgePaddingLow()) &&
         allZero(pad.getInteriorPadding()) &&
         samePhysical(pad.getOperand(), pad.getResult());
}

bool mlir::tpu::isBitcast(Operation *op, Block &entry) {
  if (op->getNumOperands() < 1 || op->getNumResults() != 1)
    return false;
  if (auto pad = dyn_cast<hlo::PadOp>(op)) {
    // Only the entry's arguments are zero-padded (by the runtime); an
    // outlined loop body's or branch's are what its caller computed.
    auto arg = dyn_cast<BlockArgument>(pad.getOperand());
    auto func = dyn_cast_if_present<func::FuncOp>(entry.getParentOp());
    DenseElementsAttr value;
    return arg && arg.getOwner() == &entry && func && !isOutlined(func) &&
           matchPattern(pad.getPaddingValue(), m_Constant(&value)) &&
           value.isSplat() && isZero(value.getSplatValue<TypedAttr>()) &&
           padsTilePadding(pad);
  }
  // A reshape of row-major tensors with the same minor dimension only
  // regroups whole tiles when the second-minor ones are equal or both fill
  // whole tiles: the bytes are the same. Its operand must be a buffer of
  // the program's region, which tpu-lower views with the new shape (an
  // argument's buffer is the caller's; a constant's is written at load).
  if (auto reshape = dyn_cast<hlo::ReshapeOp>(op)) {
    Operation *def = reshape.getOperand().getDefiningOp();
    if (!def || isa<hlo::ConstantOp>(def) || isBitcast(def, entry))
      return false;
    std::optional<tpc::Shape> from = toShape(reshape.getOperand().getType());
    std::optional<tpc::Shape> to = toShape(reshape.getType());
    if (!from || !to || !from->layout || !to->layout ||
        from->elementType != to->elementType || from->dims.size() < 2 ||
        to->dims.size() < 2 || from->layout->tiles != to->layout->tiles ||
        from->layout->elementSizeBits != to->layout->elementSizeBits)
      return false;
    auto rowMajor = [](const tpc::Shape &shape) {
      const std::vector<int64_t> &m2m = shape.layout->minorToMajor;
      for (size_t i = 0; i < m2m.size(); ++i)
        if (m2m[i] != static_cast<int64_t>(m2m.size() - 1 - i))
          return false;
      return true;
    };
    const std::vector<tpc::Tile> &tiles = from->layout->tiles;
    int64_t rows = tiles.empty() ? 1 : tiles[0].size() == 2 ? tiles[0][0] : 0;
    int64_t fromSecond = from->dims[from->dims.size() - 2];
    int64_t toSecond = to->dims[to->dims.size() - 2];
    return rows > 0 && rowMajor(*from) && rowMajor(*to) &&
           from->dims.back() == to->dims.back() &&
           (fromSecond == toSecond ||
            (fromSecond % rows == 0 && toSecond % rows == 0));
  }
  if (auto slice = dyn_cast<hlo::SliceOp>(op))
    return dropsTilePadding(slice);
  return false;
}

bool mlir::tpu::dropsTilePadding(hlo::SliceOp slice) {
  return allZero(slice.getStartIndices()) &&
         llvm::all_of(slice.getStrides(), [](int64_t v) { return v == 1; }) &&
         samePhysical(slice.getOperand(), slice.getResult());
}

bool mlir::tpu::sameStorage(Type a, Type b) {
  std::optional<tpc::Shape> sa = tpu::toShape(a);
  std::optional<tpc::Shape> sb = tpu::toShape(b);
  if (!sa || !sb || !sa->layout || !sb->layout || *sa->layout != *sb->layout ||
      getElementTypeOrSelf(a).getIntOrFloatBitWidth() !=
          getElementTypeOrSelf(b).getIntOrFloatBitWidth())
    return false;
  absl::StatusOr<std::vector<int64_t>> pa = tpc::paddedDims(*sa);
  absl::StatusOr<std::vector<int64_t>> pb = tpc::paddedDims(*sb);
  return pa.ok() && pb.ok() && *pa == *pb;
}

Value mlir::tpu::splatConstant(OpBuilder &b, Location loc,
                               RankedTensorType type, TypedAttr scalar) {
  return hlo::ConstantOp::create(b, loc, type,
                                 DenseElementsAttr::get(type, scalar));
}

/// A scalar integer constant's value.
static std::optional<int64_t> constantInt(Value v) {
  DenseIntElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)) || !attr.isSplat() ||
      cast<ShapedType>(attr.getType()).getRank() != 0)
    return std::nullopt;
  return attr.getSplatValue<APInt>().getSExtValue();
}

std::optional<int64_t> mlir::tpu::tripCount(hlo::WhileOp loop) {
  Block &cond = loop.getCond().front(), &body = loop.getBody().front();
  auto compare = dyn_cast_if_present<hlo::CompareOp>(
      cond.getTerminator()->getOperand(0).getDefiningOp());
  if (!compare)
    return std::nullopt;
  auto counter = dyn_cast<BlockArgument>(compare.getLhs());
  std::optional<int64_t> bound = constantInt(compare.getRhs());
  if (!counter || counter.getOwner() != &cond || !bound ||
      !getElementTypeOrSelf(counter.getType()).isSignlessInteger(32))
    return std::nullopt;
  unsigned k = counter.getArgNumber();
  auto add = dyn_cast_if_present<hlo::AddOp>(
      body.getTerminator()->getOperand(k).getDefiningOp());
  std::optional<int64_t> start = constantInt(loop.getInputs()[k]);
  if (!add || add.getLhs() != body.getArgument(k) || !start)
    return std::nullopt;
  std::optional<int64_t> step = constantInt(add.getRhs());
  if (!step || *step == 0)
    return std::nullopt;
  // Trips until the counter (which stays within i32 on the way) fails the
  // condition.
  int64_t distance = *bound - *start, s = *step;
  auto ceilDiv = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  switch (compare.getComparisonDirection()) {
  case hlo::ComparisonDirection::LT:
    return s > 0 ? std::optional<int64_t>(
                       std::max<int64_t>(0, ceilDiv(distance, s)))
                 : std::nullopt;
  case hlo::ComparisonDirection::LE:
    return s > 0
               ? std::optional<int64_t>(std::max<int64_t>(0, distance / s + 1))
               : std::nullopt;
  case hlo::ComparisonDirection::GT:
    return s < 0 ? std::optional<int64_t>(
                       std::max<int64_t>(0, ceilDiv(-distance, -s)))
                 : std::nullopt;
  case hlo::ComparisonDirection::GE:
    return s < 0 ? std::optional<int64_t>(
                       std::max<int64_t>(0, -distance / -s + 1))
                 : std::nullopt;
  case hlo::ComparisonDirection::NE:
    return distance % s == 0 && distance / s >= 0
               ? std::optional<int64_t>(distance / s)
               : std::nullopt;
  default:
    return std::nullopt;
  }
}

int64_t mlir::tpu::hbmLimit(ModuleOp module, const tpc::Target &target) {
  int64_t limit = target.hbmCapacity();
  if (auto attr = module->getAttrOfType<IntegerAttr>(kHbmLimitAttrName))
    limit = std::min(limit, attr.getInt());
  return limit;
}
