//===- ChloOps.cpp - chlo input dialect -----------------------------------===//

#include "dialects/chlo/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::chlo;

#include "dialects/chlo/ChloDialect.cpp.inc"
#include "dialects/chlo/ChloEnums.cpp.inc"

/// `[0, 2]`, `[]`: a list of dimensions.
static ParseResult parseDims(AsmParser &parser,
                             SmallVector<int64_t> &dims) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    return parser.parseInteger(dims.emplace_back());
  });
}
static void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  printer << '[';
  llvm::interleaveComma(dims, printer);
  printer << ']';
}

#define GET_ATTRDEF_CLASSES
#include "dialects/chlo/ChloAttrs.cpp.inc"

namespace {
/// chlo ops sit in the private helpers JAX exports, which the import
/// inlines; they have no side effects, so any of them may be inlined.
struct ChloInliner : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/chlo/ChloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/chlo/ChloAttrs.cpp.inc"
      >();
  addInterfaces<ChloInliner>();
}

/// The shape `lhs` and `rhs` broadcast to: numpy's trailing alignment, or
/// the smaller operand's dimensions placed at `dims` of the larger; size 1
/// stretches. A message when they do not broadcast.
static FailureOr<SmallVector<int64_t>>
broadcastShape(Operation *op, ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
               std::optional<ArrayRef<int64_t>> dims) {
  bool swap = lhs.size() < rhs.size();
  ArrayRef<int64_t> large = swap ? rhs : lhs, small = swap ? lhs : rhs;
  SmallVector<int64_t> placed;
  if (dims && large.size() != small.size()) {
    placed.assign(dims->begin(), dims->end());
  } else {
    for (size_t i = 0; i < small.size(); ++i)
      placed.push_back(large.size() - small.size() + i);
  }
  if (placed.size() != small.size())
    return op->emitOpError("broadcast_dimensions must name ")
           << small.size() << " dimensions, one per dimension of the "
           << "smaller operand";
  SmallVector<int64_t> shape(large);
  for (auto [i, d] : llvm::enumerate(placed)) {
    if (d < 0 || d >= static_cast<int64_t>(large.size()))
      return op->emitOpError("broadcast dimension ")
             << d << " is not a dimension of the rank-" << large.size()
             << " operand";
    int64_t a = large[d], b = small[i];
    if (a != b && a != 1 && b != 1)
      return op->emitOpError("operand dimensions ")
             << a << " and " << b << " do not broadcast";
    shape[d] = a == 1 ? b : a;
  }
  return shape;
}

/// The result of a broadcasting op has the operands' broadcast `shape`.
static LogicalResult
verifyBroadcastResult(Operation *op, FailureOr<SmallVector<int64_t>> shape,
                      RankedTensorType result) {
  if (failed(shape))
    return failure();
  if (result.getShape() != ArrayRef<int64_t>(*shape))
    return op->emitOpError("result type must be ")
           << result.clone(*shape) << ", the operands broadcast, not "
           << result;
  return success();
}

/// Verifies every broadcasting binary op (ChloOps.td defines their
/// verify() as this): one element type, and the result
/// has the operands' broadcast shape.
template <typename BinaryOp>
static LogicalResult verifyBroadcastBinary(BinaryOp op) {
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  auto rhs = cast<RankedTensorType>(op.getRhs().getType());
  auto result = cast<RankedTensorType>(op.getType());
  if (lhs.getElementType() != rhs.getElementType() ||
      result.getElementType() != lhs.getElementType())
    return op.emitOpError("operands and result must have one element type");
  return verifyBroadcastResult(
      op, broadcastShape(op, lhs.getShape(), rhs.getShape(),
                         op.getBroadcastDimensions()),
      result);
}

#define GET_OP_CLASSES
#include "dialects/chlo/ChloOps.cpp.inc"

LogicalResult BroadcastCompareOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError("operands must have one element type");
  if (!getType().getElementType().isInteger(1))
    return emitOpError("result must be of i1, not ") << getType();
  return verifyBroadcastResult(*this,
                               broadcastShape(*this, lhs.getShape(),
                                              rhs.getShape(),
                                              getBroadcastDimensions()),
                               getType());
}

LogicalResult BroadcastSelectOp::verify() {
  auto pred = cast<RankedTensorType>(getPred().getType());
  auto onTrue = cast<RankedTensorType>(getOnTrue().getType());
  auto onFalse = cast<RankedTensorType>(getOnFalse().getType());
  if (!pred.getElementType().isInteger(1))
    return emitOpError("pred must be of i1, not ") << pred;
  if (onTrue.getElementType() != onFalse.getElementType() ||
      getType().getElementType() != onTrue.getElementType())
    return emitOpError("on_true, on_false and the result must have one "
                       "element type");
  FailureOr<SmallVector<int64_t>> shape = broadcastShape(
      *this, onTrue.getShape(), onFalse.getShape(), std::nullopt);
  if (succeeded(shape))
    shape = broadcastShape(*this, pred.getShape(), *shape, std::nullopt);
  return verifyBroadcastResult(*this, shape, getType());
}

LogicalResult TopKOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  if (operand.getRank() == 0)
    return emitOpError("operand must have at least one dimension");
  int64_t last = operand.getShape().back();
  int64_t k = getK();
  if (k < 0 || (!ShapedType::isDynamic(last) && k > last))
    return emitOpError("k = ") << k << " must be in [0, " << last << "]";
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  if (getValues().getType() !=
      RankedTensorType::get(shape, operand.getElementType()))
    return emitOpError("values must be the operand with its last dimension k");
  if (getIndices().getType() !=
      RankedTensorType::get(shape, IntegerType::get(getContext(), 32)))
    return emitOpError("indices must be i32 of the values' shape");
  return success();
}


LogicalResult ConstantLikeOp::verify() {
  auto result = cast<RankedTensorType>(getType());
  if (getValue().getType() != result.getElementType())
    return emitOpError("value ")
           << getValue() << " must have the result's element type "
           << result.getElementType();
  return success();
}

/// `type` without dimension `dim`: one slice of a scanned tensor.
static RankedTensorType dropDim(RankedTensorType type, int64_t dim) {
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  return type.clone(shape);
}

LogicalResult ScanOp::verify() {
  int64_t dim = getDimension();
  size_t inputs = getInputs().size(), inits = getInits().size();
  if (getNumResults() < inits)
    return emitOpError("has ") << getNumResults() << " results, fewer than "
                               << inits << " carries";
  size_t outputs = getNumResults() - inits;
  if (inputs == 0 && outputs == 0)
    return emitOpError("scans no inputs and makes no outputs");
  // Every input and output has the scanned dimension, of one length.
  std::optional<int64_t> length;
  SmallVector<Type> scanned(getInputs().getTypes());
  llvm::append_range(scanned, TypeRange(getResultTypes()).take_front(outputs));
  for (Type type : scanned) {
    auto tensor = cast<RankedTensorType>(type);
    if (dim < 0 || dim >= tensor.getRank())
      return emitOpError("dimension ")
             << dim << " is outside " << type << " (scanned inputs and "
             << "outputs must have it)";
    if (length && *length != tensor.getDimSize(dim))
      return emitOpError("scans ")
             << type << " of length " << tensor.getDimSize(dim)
             << " along dimension " << dim << ", but another of length "
             << *length;
    length = tensor.getDimSize(dim);
  }
  for (size_t i = 0; i < inits; ++i)
    if (getInits()[i].getType() != getResult(outputs + i).getType())
      return emitOpError("carry ")
             << i << " is initialized as " << getInits()[i].getType()
             << " but returned as " << getResult(outputs + i).getType();
  // The body takes a slice of each input and the carries, and returns a
  // slice of each output and the carries.
  Block &body = getBody().front();
  SmallVector<Type> expected;
  for (Value input : getInputs())
    expected.push_back(
        dropDim(cast<RankedTensorType>(input.getType()), dim));
  llvm::append_range(expected, getInits().getTypes());
  if (TypeRange(body.getArgumentTypes()) != TypeRange(expected))
    return emitOpError("body must take each input's slice, then the "
                       "carries: ")
           << TypeRange(expected) << ", but takes "
           << body.getArgumentTypes();
  Operation *terminator = body.getTerminator();
  SmallVector<Type> returned;
  for (Type type : TypeRange(getResultTypes()).take_front(outputs))
    returned.push_back(dropDim(cast<RankedTensorType>(type), dim));
  llvm::append_range(returned, getInits().getTypes());
  if (!terminator || TypeRange(terminator->getOperandTypes()) !=
                         TypeRange(returned))
    return emitOpError("body must return each output's slice, then the "
                       "carries: ")
           << TypeRange(returned) << ", but returns "
           << (terminator ? TypeRange(terminator->getOperandTypes()) : TypeRange());
  return success();
}

/// Checks that `dims` are distinct dimensions of a rank-`rank` operand not
/// in `used`, and adds them to it.
static LogicalResult claimDims(Operation *op, StringRef what,
                               ArrayRef<int64_t> dims, int64_t rank,
                               llvm::SmallBitVector &used) {
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError(what) << " dimension " << d
                                   << " is outside the operand of rank "
                                   << rank;
    if (used.test(d))
      return op->emitOpError(what)
             << " dimension " << d << " is used twice";
    used.set(d);
  }
  return success();
}

LogicalResult RaggedDotOp::verify() {
  RaggedDotDimensionNumbersAttr n = getRaggedDotDimensionNumbers();
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto sizes = cast<RankedTensorType>(getGroupSizes().getType());
  llvm::SmallBitVector lhsUsed(lhs.getRank()), rhsUsed(rhs.getRank());
  if (failed(claimDims(*this, "lhs batching", n.getLhsBatchingDimensions(),
                       lhs.getRank(), lhsUsed)) ||
      failed(claimDims(*this, "lhs contracting",
                       n.getLhsContractingDimensions(), lhs.getRank(),
                       lhsUsed)) ||
      failed(claimDims(*this, "rhs batching", n.getRhsBatchingDimensions(),
                       rhs.getRank(), rhsUsed)) ||
      failed(claimDims(*this, "rhs contracting",
                       n.getRhsContractingDimensions(), rhs.getRank(),
                       rhsUsed)) ||
      failed(claimDims(*this, "rhs group", n.getRhsGroupDimensions(),
                       rhs.getRank(), rhsUsed)))
    return failure();
  auto pairs = [&](ArrayRef<int64_t> l, ArrayRef<int64_t> r,
                   StringRef what) -> LogicalResult {
    if (l.size() != r.size())
      return emitOpError("has ") << l.size() << " lhs and " << r.size()
                                 << " rhs " << what << " dimensions";
    for (auto [a, b] : llvm::zip(l, r))
      if (lhs.getDimSize(a) != rhs.getDimSize(b))
        return emitOpError(what) << " dimensions " << a << " and " << b
                                 << " differ in size";
    return success();
  };
  if (failed(pairs(n.getLhsBatchingDimensions(), n.getRhsBatchingDimensions(),
                   "batching")) ||
      failed(pairs(n.getLhsContractingDimensions(),
                   n.getRhsContractingDimensions(), "contracting")))
    return failure();
  if (n.getLhsRaggedDimensions().size() != 1)
    return emitOpError("needs one lhs ragged dimension, not ")
           << n.getLhsRaggedDimensions().size();
  int64_t ragged = n.getLhsRaggedDimensions()[0];
  if (ragged < 0 || ragged >= lhs.getRank())
    return emitOpError("lhs ragged dimension ")
           << ragged << " is outside the operand of rank " << lhs.getRank();
  // Mode 1 (a non-contracting ragged dimension) takes one rhs group
  // dimension; modes 2 and 3 (contracting, batch) none.
  bool nonContracting = !lhsUsed.test(ragged);
  if (nonContracting != (n.getRhsGroupDimensions().size() == 1))
    return emitOpError(nonContracting
                           ? "needs one rhs group dimension, as the lhs "
                             "ragged dimension is not contracting or batch"
                           : "takes no rhs group dimension, as the lhs "
                             "ragged dimension is contracting or batch");
  if (sizes.getRank() < 1 || !isa<IntegerType>(sizes.getElementType()))
    return emitOpError("group_sizes must be a tensor of integers, not ")
           << sizes;
  int64_t groups = sizes.getShape().back();
  if (nonContracting &&
      rhs.getDimSize(n.getRhsGroupDimensions()[0]) != groups)
    return emitOpError("has ") << groups << " groups but the rhs group "
                               << "dimension has size "
                               << rhs.getDimSize(n.getRhsGroupDimensions()[0]);
  // The result: [g] for mode 2, the batch, the lhs free, the rhs free.
  SmallVector<int64_t> shape;
  if (llvm::is_contained(n.getLhsContractingDimensions(), ragged))
    shape.push_back(groups);
  for (int64_t d : n.getLhsBatchingDimensions())
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!lhsUsed.test(d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!rhsUsed.test(d))
      shape.push_back(rhs.getDimSize(d));
  if (getType().getShape() != ArrayRef<int64_t>(shape))
    return emitOpError("result shape must be ")
           << RankedTensorType::get(shape, getType().getElementType())
           << ", not " << getType();
  return success();
}
