//===- StablehloOps.cpp - stablehlo input dialect -------------------------===//
//
// Verifiers check the structure convert-stablehlo-to-hlo relies on (ranks,
// dimension numbers in range, shapes that agree), with StableHLO's spec as
// the reference. Element types are any: the conversion says which ones the
// TPU compiler supports.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloOps.h"

#include "dialects/common/Assembly.h"
#include "dialects/stablehlo/StablehloAssembly.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::tpu::assembly;

#include "dialects/stablehlo/StablehloDialect.cpp.inc"
#include "dialects/stablehlo/StablehloEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/stablehlo/StablehloAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/stablehlo/StablehloOps.cpp.inc"

namespace {
/// Exporters put helpers in private functions (`@logaddexp`, `@_where`);
/// the import inlines them, as `stablehlo-opt -inline` does.
struct StablehloInliner : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void StableHLODialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/stablehlo/StablehloAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/stablehlo/StablehloOps.cpp.inc"
      >();
  addInterfaces<StablehloInliner>();
}

static std::string list(ArrayRef<int64_t> values) {
  std::string text = "[";
  for (auto [i, v] : llvm::enumerate(values))
    text += (i ? ", " : "") + std::to_string(v);
  return text + "]";
}

/// Each of `dims` is a dimension of a rank-`rank` tensor, none twice.
static LogicalResult checkDims(Operation *op, ArrayRef<int64_t> dims,
                               int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError()
             << what << " " << list(dims) << " names dimension " << d
             << " of a rank-" << rank << " tensor";
    if (!seen.insert(d).second)
      return op->emitOpError()
             << what << " " << list(dims) << " repeats dimension " << d;
  }
  return success();
}

/// Ops with N inputs, N init values (or updates) and N results.
static LogicalResult checkCounts(Operation *op, size_t inputs, size_t others,
                                 StringRef othersName) {
  if (inputs == 0 || others != inputs || op->getNumResults() != inputs)
    return op->emitOpError("expected as many inputs, ")
           << othersName << " and results, at least one";
  return success();
}

static RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// A value that may be a scalar stands for a tensor of `shape`.
static bool scalarOrShape(Value v, ArrayRef<int64_t> shape) {
  RankedTensorType type = tensorType(v);
  return type.getRank() == 0 || type.getShape() == shape;
}

/// A reducer body (reduce_c6, reduce_window_c13, scatter_c15): it takes
/// 2N rank-0 tensors of `elements` (twice) and returns N of them with
/// stablehlo.return.
static LogicalResult checkReducerBody(Operation *op, Region &body,
                                      ArrayRef<Type> elements,
                                      StringRef rule) {
  size_t n = elements.size();
  Block &block = body.front();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("(")
           << rule << ") the body must take " << 2 * n
           << " arguments, but takes " << block.getNumArguments();
  for (size_t i = 0; i < 2 * n; ++i) {
    auto scalar = RankedTensorType::get({}, elements[i % n]);
    if (block.getArgument(i).getType() != scalar)
      return op->emitOpError("(")
             << rule << ") body argument #" << i << " must be " << scalar
             << ", but is " << block.getArgument(i).getType();
  }
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getNumOperands() != n)
    return op->emitOpError("(")
           << rule << ") the body must end in stablehlo.return of " << n
           << " values";
  for (size_t i = 0; i < n; ++i) {
    auto scalar = RankedTensorType::get({}, elements[i]);
    if (ret.getOperand(i).getType() != scalar)
      return op->emitOpError("(")
             << rule << ") the body's result #" << i << " must be " << scalar
             << ", but is " << ret.getOperand(i).getType();
  }
  return success();
}

LogicalResult
ConstantOp::inferReturnTypes(MLIRContext *, std::optional<Location> location,
                             ValueRange, DictionaryAttr attributes,
                             OpaqueProperties properties, RegionRange,
                             SmallVectorImpl<Type> &inferred) {
  ConstantOp::Adaptor adaptor(ValueRange{}, attributes, properties, {});
  auto type = dyn_cast<RankedTensorType>(adaptor.getValue().getType());
  if (!type)
    return emitOptionalError(location, "the value must be a ranked tensor");
  inferred.push_back(type);
  return success();
}

LogicalResult SelectOp::verify() {
  ArrayRef<int64_t> shape = getType().getShape();
  if (getOnTrue().getType() != getType() || getOnFalse().getType() != getType())
    return emitOpError("on_true, on_false and the result must have one type");
  if (!scalarOrShape(getPred(), shape) ||
      !tensorType(getPred()).getElementType().isInteger(1))
    return emitOpError("pred must be an i1 scalar or an i1 tensor of the "
                       "result's shape");
  return success();
}

LogicalResult ClampOp::verify() {
  ArrayRef<int64_t> shape = getType().getShape();
  if (getOperand().getType() != getType())
    return emitOpError("operand and result must have one type");
  for (Value bound : {getMin(), getMax()})
    if (!scalarOrShape(bound, shape) ||
        tensorType(bound).getElementType() != getType().getElementType())
      return emitOpError("min and max must be scalars or tensors of the "
                         "operand's type");
  return success();
}

LogicalResult IotaOp::verify() {
  int64_t rank = getType().getRank();
  int64_t dim = getIotaDimensionAttr().getInt(); // the getter is unsigned
  if (dim < 0 || dim >= rank)
    return emitOpError("iota_dimension ")
           << dim << " is not a dimension of a rank-" << rank << " tensor";
  return success();
}

// reduce_precision_c1..c3
LogicalResult ReducePrecisionOp::verify() {
  Type element = getElementTypeOrSelf(getOperand().getType());
  if (!isa<FloatType>(element))
    return emitOpError("rounds floats, not ") << element;
  // The getters are unsigned; the attributes hold what was written.
  int64_t exponent = getExponentBitsAttr().getInt();
  int64_t mantissa = getMantissaBitsAttr().getInt();
  if (exponent < 1)
    return emitOpError("needs at least 1 exponent bit, not ") << exponent;
  if (mantissa < 0)
    return emitOpError("needs a non-negative number of mantissa bits, not ")
           << mantissa;
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  RankedTensorType in = tensorType(getOperand()), out = getType();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if (static_cast<int64_t>(dims.size()) != in.getRank())
    return emitOpError("broadcast_dimensions ")
           << list(dims) << " must name one result dimension per operand "
           << "dimension (" << in.getRank() << ")";
  if (failed(checkDims(*this, dims, out.getRank(), "broadcast_dimensions")))
    return failure();
  for (auto [i, d] : llvm::enumerate(dims))
    if (in.getDimSize(i) != 1 && in.getDimSize(i) != out.getDimSize(d))
      return emitOpError("operand dimension ")
             << i << " (" << in.getDimSize(i) << ") cannot broadcast to "
             << "result dimension " << d << " (" << out.getDimSize(d) << ")";
  if (in.getElementType() != out.getElementType())
    return emitOpError("operand and result element types differ");
  return success();
}

LogicalResult ReshapeOp::verify() {
  if (tensorType(getOperand()).getNumElements() != getType().getNumElements())
    return emitOpError("operand and result must have the same number of "
                       "elements");
  return success();
}

LogicalResult TransposeOp::verify() {
  RankedTensorType in = tensorType(getOperand());
  ArrayRef<int64_t> perm = getPermutation();
  if (static_cast<int64_t>(perm.size()) != in.getRank() ||
      failed(checkDims(*this, perm, in.getRank(), "permutation")))
    return emitOpError("permutation ")
           << list(perm) << " is not a permutation of " << in.getRank()
           << " dimensions";
  for (auto [i, p] : llvm::enumerate(perm))
    if (getType().getDimSize(i) != in.getDimSize(p))
      return emitOpError("result dimension ")
             << i << " must be operand dimension " << p;
  return success();
}

LogicalResult ReverseOp::verify() {
  return checkDims(*this, getDimensions(), getType().getRank(), "dimensions");
}

LogicalResult SliceOp::verify() {
  RankedTensorType in = tensorType(getOperand());
  ArrayRef<int64_t> start = getStartIndices(), limit = getLimitIndices(),
                    strides = getStrides();
  int64_t rank = in.getRank();
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitOpError("expected one start, limit and stride per dimension (")
           << rank << ")";
  for (int64_t d = 0; d < rank; ++d) {
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > in.getDimSize(d) ||
        strides[d] < 1)
      return emitOpError("dimension ")
             << d << ": start " << start[d] << ", limit " << limit[d]
             << " and stride " << strides[d]
             << " do not fit a dimension of size " << in.getDimSize(d);
    int64_t size = (limit[d] - start[d] + strides[d] - 1) / strides[d];
    if (getType().getDimSize(d) != size)
      return emitOpError("result dimension ")
             << d << " must be " << size << ", not " << getType().getDimSize(d);
  }
  return success();
}

LogicalResult PadOp::verify() {
  RankedTensorType in = tensorType(getOperand());
  int64_t rank = in.getRank();
  ArrayRef<int64_t> low = getEdgePaddingLow(), high = getEdgePaddingHigh(),
                    interior = getInteriorPadding();
  if (tensorType(getPaddingValue()).getRank() != 0)
    return emitOpError("padding_value must be a scalar");
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return emitOpError("expected low, high and interior padding per "
                       "dimension (")
           << rank << ")";
  for (int64_t d = 0; d < rank; ++d) {
    int64_t n = in.getDimSize(d);
    int64_t size = low[d] + high[d] + n + (n > 0 ? (n - 1) * interior[d] : 0);
    if (interior[d] < 0 || size < 0 || getType().getDimSize(d) != size)
      return emitOpError("result dimension ")
             << d << " must be " << size << " (interior padding must not be "
             << "negative)";
  }
  return success();
}

LogicalResult ConcatenateOp::verify() {
  if (getInputs().empty())
    return emitOpError("expected at least one input");
  int64_t rank = getType().getRank();
  int64_t dim = getDimension();
  if (dim < 0 || dim >= rank)
    return emitOpError("dimension ")
           << dim << " is not a dimension of a rank-" << rank << " tensor";
  int64_t total = 0;
  for (Value input : getInputs()) {
    RankedTensorType type = tensorType(input);
    if (type.getRank() != rank ||
        type.getElementType() != getType().getElementType())
      return emitOpError("inputs must have the result's rank and element "
                         "type");
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim && type.getDimSize(d) != getType().getDimSize(d))
        return emitOpError("inputs differ from the result in dimension ") << d;
    total += type.getDimSize(dim);
  }
  if (total != getType().getDimSize(dim))
    return emitOpError("the inputs' sizes along dimension ")
           << dim << " add up to " << total << ", not "
           << getType().getDimSize(dim);
  return success();
}

LogicalResult DotGeneralOp::verify() {
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  int64_t lhsRank = tensorType(getLhs()).getRank();
  int64_t rhsRank = tensorType(getRhs()).getRank();
  SmallVector<int64_t> lhsDims(dims.getLhsBatchingDimensions());
  llvm::append_range(lhsDims, dims.getLhsContractingDimensions());
  SmallVector<int64_t> rhsDims(dims.getRhsBatchingDimensions());
  llvm::append_range(rhsDims, dims.getRhsContractingDimensions());
  if (dims.getLhsBatchingDimensions().size() !=
          dims.getRhsBatchingDimensions().size() ||
      dims.getLhsContractingDimensions().size() !=
          dims.getRhsContractingDimensions().size())
    return emitOpError("lhs and rhs must have as many batching and "
                       "contracting dimensions as each other");
  if (failed(checkDims(*this, lhsDims, lhsRank,
                       "lhs batching and contracting dimensions")) ||
      failed(checkDims(*this, rhsDims, rhsRank,
                       "rhs batching and contracting dimensions")))
    return failure();
  if (getPrecisionConfig() && getPrecisionConfig()->size() > 2)
    return emitOpError("precision_config has more than 2 entries");
  return success();
}

LogicalResult ReduceOp::verify() {
  size_t n = getInputs().size();
  if (failed(checkCounts(*this, n, getInitValues().size(), "init values")))
    return failure();
  RankedTensorType first = tensorType(getInputs()[0]);
  if (failed(checkDims(*this, getDimensions(), first.getRank(), "dimensions")))
    return failure();
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < first.getRank(); ++d)
    if (!llvm::is_contained(getDimensions(), d))
      kept.push_back(first.getDimSize(d));
  SmallVector<Type> elements;
  for (size_t i = 0; i < n; ++i) {
    RankedTensorType input = tensorType(getInputs()[i]);
    RankedTensorType init = tensorType(getInitValues()[i]);
    auto result = dyn_cast<RankedTensorType>(getResult(i).getType());
    if (input.getShape() != first.getShape())
      return emitOpError("(reduce_c1) inputs must have one shape");
    if (init.getRank() != 0 || !result || result.getShape() != ArrayRef(kept))
      return emitOpError("init values must be scalars and results the "
                         "inputs' shape without the reduced dimensions");
    if (result.getElementType() != init.getElementType())
      return emitOpError("(reduce_c8) result #")
             << i << " must have its init value's element type";
    elements.push_back(init.getElementType());
  }
  return checkReducerBody(*this, getBody(), elements, "reduce_c6");
}

/// The window attributes of a rank-`rank` windowed op: each listed array
/// has one positive entry per dimension, padding is `rank`x2.
static LogicalResult
verifyWindow(Operation *op, int64_t rank,
             ArrayRef<std::pair<std::optional<ArrayRef<int64_t>>, StringRef>>
                 perDimension,
             DenseIntElementsAttr padding) {
  for (auto [values, what] : perDimension) {
    if (values && static_cast<int64_t>(values->size()) != rank)
      return op->emitOpError()
             << what << " must have one entry per dimension (" << rank << ")";
    if (values && llvm::any_of(*values, [](int64_t v) { return v < 1; }))
      return op->emitOpError() << what << " must be positive";
  }
  if (padding) {
    auto type = cast<ShapedType>(padding.getType());
    if (type.getRank() != 2 || type.getDimSize(0) != rank ||
        type.getDimSize(1) != 2)
      return op->emitOpError("padding must be a ")
             << rank << "x2 tensor of (low, high) pairs";
  }
  return success();
}

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  if (failed(checkCounts(*this, n, getInitValues().size(), "init values")))
    return failure();
  RankedTensorType input = tensorType(getInputs()[0]);
  int64_t rank = input.getRank();
  if (failed(verifyWindow(*this, rank,
                          {{getWindowDimensions(), "window_dimensions"},
                           {getWindowStrides(), "window_strides"},
                           {getBaseDilations(), "base_dilations"},
                           {getWindowDilations(), "window_dilations"}},
                          getPaddingAttr())))
    return failure();
  SmallVector<Type> elements;
  for (size_t i = 0; i < n; ++i) {
    RankedTensorType in = tensorType(getInputs()[i]);
    RankedTensorType init = tensorType(getInitValues()[i]);
    if (in.getShape() != input.getShape())
      return emitOpError("(reduce_window_c2) inputs must have one shape");
    if (init.getRank() != 0)
      return emitOpError("init values must be scalars");
    if (in.getElementType() != init.getElementType())
      return emitOpError("(reduce_window_c3) input #")
             << i << " and its init value must have one element type";
    elements.push_back(init.getElementType());
  }
  if (failed(checkReducerBody(*this, getBody(), elements,
                              "reduce_window_c13")))
    return failure();
  // reduce_window_c14..c16: every result has the shape of the windows over
  // the dilated, padded input, and its init value's element type.
  SmallVector<int64_t> padding(2 * rank, 0);
  if (DenseIntElementsAttr pad = getPaddingAttr())
    for (auto [i, v] : llvm::enumerate(pad.getValues<APInt>()))
      padding[i] = v.getSExtValue();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    auto at = [&](std::optional<ArrayRef<int64_t>> values) {
      return values ? (*values)[d] : int64_t{1};
    };
    int64_t size = input.getDimSize(d), dilated = 0, padded, window;
    bool overflow =
        (size > 0 &&
         llvm::MulOverflow(size - 1, at(getBaseDilations()), dilated)) ||
        llvm::AddOverflow(dilated, int64_t{size > 0}, dilated) ||
        llvm::AddOverflow(dilated, padding[2 * d], padded) ||
        llvm::AddOverflow(padded, padding[2 * d + 1], padded) ||
        llvm::MulOverflow(getWindowDimensions()[d] - 1,
                          at(getWindowDilations()), window);
    if (overflow)
      return emitOpError("the padded or dilated size of dimension ")
             << d << " overflows 64 bits";
    ++window;
    shape.push_back(padded < window
                        ? 0
                        : (padded - window) / at(getWindowStrides()) + 1);
  }
  for (size_t i = 0; i < n; ++i) {
    auto expected = RankedTensorType::get(shape, elements[i]);
    if (getResult(i).getType() != expected)
      return emitOpError("(reduce_window_c15, c16) result #")
             << i << " must be " << expected << ", but is "
             << getResult(i).getType();
  }
  return success();
}

// select_and_scatter_c1..c11, as far as the import relies on them.
LogicalResult SelectAndScatterOp::verify() {
  RankedTensorType operand = tensorType(getOperand());
  RankedTensorType source = tensorType(getSource());
  int64_t rank = operand.getRank();
  if (failed(verifyWindow(*this, rank,
                          {{getWindowDimensions(), "window_dimensions"},
                           {getWindowStrides(), "window_strides"}},
                          getPaddingAttr())))
    return failure();
  if (source.getRank() != rank ||
      source.getElementType() != operand.getElementType() ||
      tensorType(getInitValue()).getRank() != 0 || getType() != operand)
    return emitOpError("source must have the operand's rank and element "
                       "type, init_value must be a scalar and the result "
                       "the operand's type");
  auto scalar = RankedTensorType::get({}, operand.getElementType());
  for (Region *region : {&getSelect(), &getScatter()}) {
    Block &block = region->front();
    if (block.getNumArguments() != 2 ||
        llvm::any_of(block.getArgumentTypes(),
                     [&](Type t) { return t != scalar; }))
      return emitOpError("select and scatter take two ")
             << scalar << " arguments";
  }
  return success();
}

/// a is a batch of square matrices; b has a's batch and, on the side
/// `left_side` names, a's size.
LogicalResult TriangularSolveOp::verify() {
  RankedTensorType a = tensorType(getA()), b = tensorType(getB());
  if (a.getRank() < 2 || a.getRank() != b.getRank())
    return emitOpError("a and b must have one rank of at least 2, but have ")
           << a.getRank() << " and " << b.getRank();
  int64_t rank = a.getRank();
  if (a.getDimSize(rank - 1) != a.getDimSize(rank - 2))
    return emitOpError("a must be square in its last two dimensions");
  if (a.getShape().drop_back(2) != b.getShape().drop_back(2))
    return emitOpError("a and b must have the same batch dimensions");
  int64_t shared = b.getDimSize(getLeftSide() ? rank - 2 : rank - 1);
  if (shared != a.getDimSize(rank - 1))
    return emitOpError("b's ")
           << (getLeftSide() ? "rows" : "columns") << " (" << shared
           << ") must match a's size (" << a.getDimSize(rank - 1) << ")";
  if (tensorType(getResult()) != b)
    return emitOpError("result type must be b's type ") << b;
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOpError("transpose_a must not be TRANSPOSE_INVALID");
  return success();
}

/// The spec's gather constraints that the shapes depend on; the result's
/// shape is the batch positions of start_indices and the uncollapsed slice
/// sizes, placed by offset_dims.
LogicalResult GatherOp::verify() {
  GatherDimensionNumbersAttr dims = getDimensionNumbers();
  RankedTensorType operand = tensorType(getOperand());
  RankedTensorType indices = tensorType(getStartIndices());
  RankedTensorType result = tensorType(getResult());
  ArrayRef<int64_t> sizes = getSliceSizes();
  if (!isa<IntegerType>(indices.getElementType()))
    return emitOpError("start_indices must be integers");
  if (result.getElementType() != operand.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from the operand's "
           << operand.getElementType();
  int64_t ivd = dims.getIndexVectorDim();
  if (ivd < 0 || ivd > indices.getRank())
    return emitOpError("index_vector_dim ")
           << ivd << " must be at most the rank of start_indices ("
           << indices.getRank() << ")";
  if (static_cast<int64_t>(sizes.size()) != operand.getRank())
    return emitOpError("slice_sizes has ")
           << sizes.size() << " entries for a rank-" << operand.getRank()
           << " operand";
  if (failed(checkDims(*this, dims.getOffsetDims(), result.getRank(),
                       "offset_dims")) ||
      failed(checkDims(*this, dims.getCollapsedSliceDims(), operand.getRank(),
                       "collapsed_slice_dims")) ||
      failed(checkDims(*this, dims.getStartIndexMap(), operand.getRank(),
                       "start_index_map")))
    return failure();
  for (auto [d, size] : llvm::enumerate(sizes))
    if (size < 0 || size > operand.getDimSize(d))
      return emitOpError("slice size ")
             << size << " of dimension " << d << " does not fit the operand's "
             << operand.getDimSize(d);
  for (int64_t d : dims.getCollapsedSliceDims())
    if (sizes[d] > 1)
      return emitOpError("collapsed dimension ")
             << d << " has slice size " << sizes[d] << "; at most 1";
  int64_t vector = ivd < indices.getRank() ? indices.getDimSize(ivd) : 1;
  if (vector != static_cast<int64_t>(dims.getStartIndexMap().size()))
    return emitOpError("start_index_map must have one entry per index "
                       "vector element (")
           << vector << ")";
  SmallVector<int64_t> expected, batch, offsets;
  for (int64_t d = 0; d < indices.getRank(); ++d)
    if (d != ivd)
      batch.push_back(indices.getDimSize(d));
  for (auto [d, size] : llvm::enumerate(sizes))
    if (!llvm::is_contained(dims.getCollapsedSliceDims(), d) &&
        !llvm::is_contained(dims.getOperandBatchingDims(), d))
      offsets.push_back(size);
  if (dims.getOffsetDims().size() != offsets.size())
    return emitOpError("offset_dims must name one result dimension per "
                       "slice dimension that is not collapsed (")
           << offsets.size() << ")";
  if (batch.size() + offsets.size() != static_cast<size_t>(result.getRank()))
    return emitOpError("result rank ")
           << result.getRank() << " is not " << batch.size()
           << " batch dimensions plus " << offsets.size() << " offset ones";
  for (int64_t d = 0, b = 0, o = 0; d < result.getRank(); ++d)
    expected.push_back(llvm::is_contained(dims.getOffsetDims(), d)
                           ? offsets[o++]
                           : batch[b++]);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be ") << list(expected);
  return success();
}

LogicalResult ScatterOp::verify() {
  size_t n = getInputs().size();
  if (failed(checkCounts(*this, n, getUpdates().size(), "updates")))
    return failure();
  ScatterDimensionNumbersAttr dims = getScatterDimensionNumbers();
  RankedTensorType operand = tensorType(getInputs()[0]);
  RankedTensorType updates = tensorType(getUpdates()[0]);
  RankedTensorType indices = tensorType(getScatterIndices());
  if (!isa<IntegerType>(indices.getElementType()))
    return emitOpError("scatter_indices must be integers");
  if (dims.getIndexVectorDim() < 0 ||
      dims.getIndexVectorDim() > indices.getRank())
    return emitOpError("index_vector_dim ")
           << dims.getIndexVectorDim() << " must be at most the rank of "
           << "scatter_indices (" << indices.getRank() << ")";
  if (failed(checkDims(*this, dims.getUpdateWindowDims(), updates.getRank(),
                       "update_window_dims")) ||
      failed(checkDims(*this, dims.getInsertedWindowDims(), operand.getRank(),
                       "inserted_window_dims")) ||
      failed(checkDims(*this, dims.getScatterDimsToOperandDims(),
                       operand.getRank(), "scatter_dims_to_operand_dims")))
    return failure();
  int64_t window = dims.getUpdateWindowDims().size() +
                   dims.getInsertedWindowDims().size() +
                   dims.getInputBatchingDims().size();
  if (window != operand.getRank())
    return emitOpError("update_window_dims and inserted_window_dims must "
                       "cover the operand's ")
           << operand.getRank() << " dimensions";
  int64_t vector = dims.getIndexVectorDim() < indices.getRank()
                       ? indices.getDimSize(dims.getIndexVectorDim())
                       : 1;
  if (vector != static_cast<int64_t>(dims.getScatterDimsToOperandDims().size()))
    return emitOpError("scatter_dims_to_operand_dims must have one entry per "
                       "index vector element (")
           << vector << ")";
  // The updates' dimensions outside the window are scatter_indices' others
  // than index_vector_dim, in order (an index_vector_dim equal to the rank
  // of scatter_indices leaves them all).
  SmallVector<int64_t> batch, scattered;
  for (int64_t d = 0; d < indices.getRank(); ++d)
    if (d != dims.getIndexVectorDim())
      batch.push_back(indices.getDimSize(d));
  for (int64_t d = 0; d < updates.getRank(); ++d)
    if (!llvm::is_contained(dims.getUpdateWindowDims(), d))
      scattered.push_back(updates.getDimSize(d));
  if (batch != scattered)
    return emitOpError("the updates' dimensions outside update_window_dims "
                       "must be scatter_indices' dimensions other than "
                       "index_vector_dim [")
           << batch << "], but are [" << scattered << "]";
  for (size_t i = 0; i < n; ++i)
    if (getResult(i).getType() != getInputs()[i].getType())
      return emitOpError("each result must have its input's type");
  Block &block = getUpdateComputation().front();
  if (block.getNumArguments() != 2 * n)
    return emitOpError("the update computation must take ")
           << 2 * n << " arguments";
  return success();
}

LogicalResult SortOp::verify() {
  if (getInputs().empty())
    return emitOpError("has no inputs");
  RankedTensorType first = tensorType(getInputs()[0]);
  for (Value input : getInputs())
    if (tensorType(input).getShape() != first.getShape())
      return emitOpError("inputs must have one shape");
  if (getResultTypes() != getInputs().getTypes())
    return emitOpError("results must have the inputs' types");
  int64_t rank = first.getRank();
  auto dim = static_cast<int64_t>(getDimension());
  if (dim < -rank || dim >= rank)
    return emitOpError("dimension ")
           << dim << " is out of range for rank " << rank;
  Block &block = getComparator().front();
  if (block.getNumArguments() != 2 * getInputs().size())
    return emitOpError("comparator must take two scalars per input");
  for (auto [i, type] : llvm::enumerate(block.getArgumentTypes()))
    if (type != RankedTensorType::get(
                    {}, tensorType(getInputs()[i / 2]).getElementType()))
      return emitOpError("comparator argument #")
             << i << " must be a scalar of input #" << i / 2
             << "'s element type";
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getNumOperands() != 1 ||
      ret.getOperand(0).getType() !=
          RankedTensorType::get({}, IntegerType::get(getContext(), 1)))
    return emitOpError("comparator must return one tensor<i1>");
  return success();
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

/// replica_groups (all_reduce_c1..c3 and the other collectives' alike): a
/// rank-2 tensor of distinct process ids that are 0..n-1; -1 pads groups of
/// unequal sizes, where the op allows them.
static LogicalResult checkReplicaGroups(Operation *op,
                                        DenseIntElementsAttr groups,
                                        bool sameSizes) {
  if (cast<ShapedType>(groups.getType()).getRank() != 2)
    return op->emitOpError("replica groups should be a rank 2 tensor");
  llvm::SmallSet<int64_t, 16> seen;
  for (const APInt &value : groups.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    if (id == -1 && !sameSizes)
      continue;
    if (id < 0)
      return op->emitOpError("invalid replica id ") << id;
    if (!seen.insert(id).second)
      return op->emitOpError("replica id #") << id << " seen more than once";
  }
  for (int64_t id = 0; id < static_cast<int64_t>(seen.size()); ++id)
    if (!seen.contains(id))
      return op->emitOpError("replica id #")
             << id << " not seen in replica groups";
  return success();
}

/// With use_global_device_ids the op is cross-partition, so its channel
/// must be one (all_reduce_c4, reduce_scatter_c7).
static LogicalResult checkGlobalChannel(Operation *op,
                                        std::optional<ChannelHandleAttr> channel,
                                        bool useGlobalDeviceIds,
                                        int64_t least) {
  if (!useGlobalDeviceIds)
    return success();
  int64_t id = channel && *channel ? channel->getHandle() : 0;
  if (id < least)
    return op->emitOpError("channel_id must be at least ")
           << least << " when use_global_device_ids is set, but is " << id;
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), false)) ||
      failed(checkGlobalChannel(*this, getChannelHandle(),
                                getUseGlobalDeviceIds(), 1)))
    return failure();
  if (getOperands().size() != getNumResults())
    return emitOpError("(all_reduce_c7) expected one result per operand");
  SmallVector<Type> elements;
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    if (operand.getType() != result.getType())
      return emitOpError("(all_reduce_c7) result type ")
             << result.getType() << " must be the operand's, "
             << operand.getType();
    elements.push_back(getElementTypeOrSelf(operand.getType()));
  }
  // all_reduce_c5: the computation combines one element of each operand.
  llvm::SmallSetVector<Type, 2> distinct(elements.begin(), elements.end());
  // Operands of several element types share one computation only through
  // promotion (quantized types), which this dialect does not take: the
  // import refuses what it cannot lower.
  if (distinct.size() != 1)
    return success();
  return checkReducerBody(*this, getComputation(), {distinct.front()},
                          "all_reduce_c5");
}

LogicalResult ReduceScatterOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), true)) ||
      failed(checkGlobalChannel(*this, getChannelHandle(),
                                getUseGlobalDeviceIds(), 1)))
    return failure();
  RankedTensorType operand = tensorType(getOperand());
  RankedTensorType result = tensorType(getResult());
  if (failed(checkReducerBody(*this, getComputation(),
                              {operand.getElementType()}, "reduce_scatter_c7")))
    return failure();
  int64_t dim = getScatterDimension();
  if (dim < 0 || dim >= operand.getRank())
    return emitOpError("(reduce_scatter_c2) scatter_dimension ")
           << dim << " is not a dimension of the rank-" << operand.getRank()
           << " operand";
  if (result.getRank() != operand.getRank())
    return emitOpError("(reduce_scatter_c8) operand and result must have "
                       "one rank");
  if (result.getElementType() != operand.getElementType())
    return emitOpError("(reduce_scatter_c8) operand and result must have "
                       "one element type");
  int64_t part = result.getDimSize(dim);
  if (part == 0)
    return emitOpError("(reduce_scatter_c8) the result's scatter dimension "
                       "cannot be zero");
  if (operand.getDimSize(dim) % part != 0)
    return emitOpError("(reduce_scatter_c8) the operand's scatter dimension "
                       "has size ")
           << operand.getDimSize(dim) << ", not a multiple of the result's "
           << part;
  for (int64_t d = 0; d < operand.getRank(); ++d)
    if (d != dim && operand.getDimSize(d) != result.getDimSize(d))
      return emitOpError("(reduce_scatter_c8) dimension ")
             << d << " differs between operand and result";
  return success();
}

LogicalResult AllGatherOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), true)) ||
      failed(checkGlobalChannel(*this, getChannelHandle(),
                                getUseGlobalDeviceIds(), 0)))
    return failure();
  int64_t dim = getAllGatherDim();
  if (getOperands().size() != getNumResults())
    return emitOpError("expected one result per operand");
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    RankedTensorType in = tensorType(operand), out = tensorType(result);
    if (dim < 0 || dim >= in.getRank())
      return emitOpError("(all_gather_c1) all_gather_dim ")
             << dim << " is not a dimension of the rank-" << in.getRank()
             << " operand";
    if (in.getRank() != out.getRank() ||
        in.getElementType() != out.getElementType())
      return emitOpError("(all_gather_c6) operand and result must have one "
                         "rank and element type");
    for (int64_t d = 0; d < in.getRank(); ++d) {
      int64_t a = in.getDimSize(d), b = out.getDimSize(d);
      if (d == dim ? (a == 0 ? b != 0 : b % a != 0) : a != b)
        return emitOpError("(all_gather_c6) result dimension ")
               << d << " (" << b << ") does not follow from the operand's ("
               << a << ")";
    }
  }
  return success();
}

LogicalResult AllToAllOp::verify() {
  if (failed(checkReplicaGroups(*this, getReplicaGroups(), true)))
    return failure();
  int64_t split = getSplitDimension(), concat = getConcatDimension(),
          count = getSplitCount();
  if (count <= 0)
    return emitOpError("(all_to_all_c3) split_count must be positive");
  if (getOperands().size() != getNumResults())
    return emitOpError("expected one result per operand");
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    RankedTensorType in = tensorType(operand), out = tensorType(result);
    int64_t rank = in.getRank();
    if (split < 0 || split >= rank || concat < 0 || concat >= rank)
      return emitOpError("(all_to_all_c1, c4) split_dimension and "
                         "concat_dimension must be dimensions of the rank-")
             << rank << " operand";
    if (in.getDimSize(split) % count != 0)
      return emitOpError("(all_to_all_c2) the split dimension's size ")
             << in.getDimSize(split) << " is not a multiple of split_count "
             << count;
    SmallVector<int64_t> shape(in.getShape());
    shape[split] /= count;
    shape[concat] *= count;
    auto expected = RankedTensorType::get(shape, in.getElementType());
    if (out != expected)
      return emitOpError("(all_to_all_c9) result type must be ")
             << expected << ", but is " << out;
  }
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  auto pairs = getSourceTargetPairs();
  auto type = cast<ShapedType>(pairs.getType());
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitOpError("(collective_permute_c1) source_target_pairs must "
                       "have shape [N, 2], but has ")
           << type;
  llvm::SmallSet<int64_t, 16> sources, targets;
  SmallVector<int64_t> flat = llvm::map_to_vector(
      pairs.getValues<APInt>(), [](const APInt &v) { return v.getSExtValue(); });
  for (size_t i = 0; i < flat.size(); i += 2) {
    if (flat[i] < 0 || flat[i + 1] < 0)
      return emitOpError("(collective_permute_c4) process ids must not be "
                         "negative");
    if (!sources.insert(flat[i]).second)
      return emitOpError("(collective_permute_c2) duplicate sources not "
                         "allowed: ")
             << flat[i];
    if (!targets.insert(flat[i + 1]).second)
      return emitOpError("(collective_permute_c3) duplicate targets not "
                         "allowed: ")
             << flat[i + 1];
  }
  if (getOperand().getType() != getResult().getType())
    return emitOpError("(collective_permute_c5) the result must have the "
                       "operand's type");
  return success();
}
