//===- HLOOps.cpp - hlo dialect verifiers, inference and syntax -----------===//
//
// Constraint numbers (C1, ...) refer to docs/dialects/hlo.md.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "dialects/common/Assembly.h"
#include "dialects/hlo/HLOVerify.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlo;
using namespace mlir::hlo::detail;
using namespace mlir::tpu::assembly;

#include "dialects/hlo/HLODialect.cpp.inc"
#include "dialects/hlo/HLOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/hlo/HLOAttrs.cpp.inc"

namespace {
/// A program an exporter wrote is inlined before its import; of hlo's ops
/// only those import-shardy writes into such programs (shardings and
/// manual computations) may be. Other hlo calls stay calls.
struct HLOInliner : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *op, Region *, bool,
                       IRMapping &) const final {
    return isa<ShardingConstraintOp, ManualComputationOp>(op) ||
           (isa<YieldOp>(op) && isa<ManualComputationOp>(op->getParentOp()));
  }
};
} // namespace

void HLODialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/hlo/HLOAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/hlo/HLOOps.cpp.inc"
      >();
  addInterfaces<HLOInliner>();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

template <typename AttrT>
static void printEnumKeyword(OpAsmPrinter &printer, Operation *, AttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

/// hlo's dot dimensions are four attributes; the shared directive reads the
/// pairs into vectors.
static ParseResult parseDotDimensions(OpAsmParser &parser,
                                      DenseI64ArrayAttr &lhsBatch,
                                      DenseI64ArrayAttr &rhsBatch,
                                      DenseI64ArrayAttr &lhsContract,
                                      DenseI64ArrayAttr &rhsContract) {
  SmallVector<int64_t> lb, rb, lc, rc;
  if (tpu::assembly::parseDotDimensions(parser, lb, rb, lc, rc))
    return failure();
  Builder &b = parser.getBuilder();
  lhsBatch = b.getDenseI64ArrayAttr(lb);
  rhsBatch = b.getDenseI64ArrayAttr(rb);
  lhsContract = b.getDenseI64ArrayAttr(lc);
  rhsContract = b.getDenseI64ArrayAttr(rc);
  return success();
}

static void printDotDimensions(OpAsmPrinter &printer, Operation *,
                               DenseI64ArrayAttr lhsBatch,
                               DenseI64ArrayAttr rhsBatch,
                               DenseI64ArrayAttr lhsContract,
                               DenseI64ArrayAttr rhsContract) {
  tpu::assembly::printDotDimensions(
      printer, lhsBatch.asArrayRef(), rhsBatch.asArrayRef(),
      lhsContract.asArrayRef(), rhsContract.asArrayRef());
}

/// hlo's window has no reversal; its entries become the op's attributes.
static ParseResult parseConvWindow(OpAsmParser &parser, OperationState &state) {
  ConvWindow window;
  if (tpu::assembly::parseConvWindow(parser, window, /*allowReverse=*/false))
    return failure();
  Builder &b = parser.getBuilder();
  auto add = [&](StringRef name, const std::optional<SmallVector<int64_t>> &v) {
    if (v)
      state.addAttribute(name, b.getDenseI64ArrayAttr(*v));
  };
  add("window_strides", window.strides);
  add("padding", window.padding);
  add("lhs_dilation", window.lhsDilation);
  add("rhs_dilation", window.rhsDilation);
  return success();
}

ParseResult ConvolutionOp::parse(OpAsmParser &parser, OperationState &state) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  if (parser.parseOperand(lhs) || parser.parseComma() ||
      parser.parseOperand(rhs))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key == "window") {
      if (parseConvWindow(parser, state))
        return failure();
    } else if (key == "feature_group_count") {
      int64_t count;
      if (parser.parseInteger(count))
        return failure();
      state.addAttribute(getFeatureGroupCountAttrName(state.name),
                         parser.getBuilder().getI64IntegerAttr(count));
    } else if (key == "precision") {
      PrecisionAttr precision;
      if (parseEnumKeyword(parser, precision))
        return failure();
      state.addAttribute(getPrecisionAttrName(state.name), precision);
    } else {
      return parser.emitError(loc, "unknown convolution attribute '")
             << key << "'; expected window, feature_group_count or precision";
    }
  }
  FunctionType type;
  if (parser.parseOptionalAttrDict(state.attributes) || parser.parseColon() ||
      parser.parseType(type))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected (lhs type, rhs type) -> result type");
  state.addTypes(type.getResults());
  return parser.resolveOperands({lhs, rhs}, type.getInputs(),
                                parser.getNameLoc(), state.operands);
}

void ConvolutionOp::print(OpAsmPrinter &printer) {
  printer << " " << getLhs() << ", " << getRhs();
  SmallVector<std::string> window;
  if (auto strides = getWindowStridesAttr())
    window.push_back("stride = " + join(strides.asArrayRef()));
  if (auto padding = getPaddingAttr()) {
    std::string text = "pad = [";
    ArrayRef<int64_t> values = padding.asArrayRef();
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      text += (i ? ", [" : "[") + std::to_string(values[i]) + ", " +
              std::to_string(values[i + 1]) + "]";
    window.push_back(text + "]");
  }
  if (auto dilation = getLhsDilationAttr())
    window.push_back("lhs_dilate = " + join(dilation.asArrayRef()));
  if (auto dilation = getRhsDilationAttr())
    window.push_back("rhs_dilate = " + join(dilation.asArrayRef()));
  // A padding attribute of odd length cannot be written as pairs; such an op
  // is invalid and prints in the generic form, but stay lossless regardless.
  bool oddPadding = getPaddingAttr() && getPaddingAttr().size() % 2;
  if (!window.empty() && !oddPadding) {
    printer << ", window = {";
    llvm::interleaveComma(window, printer);
    printer << "}";
  }
  if (getFeatureGroupCount() != 1)
    printer << ", feature_group_count = " << getFeatureGroupCount();
  if (auto precision = getPrecisionAttr())
    printer << ", precision = " << stringifyEnum(precision.getValue());
  SmallVector<StringRef> elided{getFeatureGroupCountAttrName(),
                                getPrecisionAttrName()};
  if (!oddPadding)
    elided.append({getWindowStridesAttrName(), getPaddingAttrName(),
                   getLhsDilationAttrName(), getRhsDilationAttrName()});
  printer.printOptionalAttrDict((*this)->getAttrs(), elided);
  printer << " : ";
  printer.printFunctionalType(*this);
}

//===----------------------------------------------------------------------===//
// ConstantOp and IotaOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  auto value = adaptor.getValue();
  if (!value)
    return diag.error("requires a 'value' attribute");
  if (failed(diag.tensor(value.getType(), "value")))
    return failure();
  types.push_back(value.getType());
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

void ConstantOp::setResultType(RankedTensorType type) {
  getResult().setType(type);
  if (auto dense = dyn_cast<DenseElementsAttr>(getValue()))
    setValueAttr(dense.reshape(type));
}

LogicalResult IotaOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  // iota_c1
  auto dim = static_cast<int64_t>(getIotaDimension());
  if (dim < 0 || dim >= type.getRank())
    return emitOpError("iota_dimension ")
           << dim << " is not a dimension of the rank-" << type.getRank()
           << " result";
  // iota_c2
  if (type.getElementType().isInteger(1))
    return emitOpError("cannot produce i1 values");
  return success();
}

//===----------------------------------------------------------------------===//
// Elementwise operations
//===----------------------------------------------------------------------===//

/// The unary and binary elementwise ops produce their first operand's type.
template <typename Adaptor>
static LogicalResult inferFirstOperandType(std::optional<Location> loc,
                                           StringRef opName, Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, opName};
  auto type = diag.tensor(adaptor.getOperands()[0].getType(), "operand #0");
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}

#define HLO_INFER_FIRST_OPERAND_TYPE(OP)                                       \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *, std::optional<Location> loc, Adaptor adaptor,             \
      SmallVectorImpl<Type> &types) {                                          \
    return inferFirstOperandType(loc, getOperationName(), adaptor, types);     \
  }
HLO_INFER_FIRST_OPERAND_TYPE(AbsOp)
HLO_INFER_FIRST_OPERAND_TYPE(NegOp)
HLO_INFER_FIRST_OPERAND_TYPE(ExpOp)
HLO_INFER_FIRST_OPERAND_TYPE(LogOp)
HLO_INFER_FIRST_OPERAND_TYPE(TanhOp)
HLO_INFER_FIRST_OPERAND_TYPE(LogisticOp)
HLO_INFER_FIRST_OPERAND_TYPE(SqrtOp)
HLO_INFER_FIRST_OPERAND_TYPE(RsqrtOp)
HLO_INFER_FIRST_OPERAND_TYPE(AddOp)
HLO_INFER_FIRST_OPERAND_TYPE(SubtractOp)
HLO_INFER_FIRST_OPERAND_TYPE(MulOp)
HLO_INFER_FIRST_OPERAND_TYPE(DivOp)
HLO_INFER_FIRST_OPERAND_TYPE(MaxOp)
HLO_INFER_FIRST_OPERAND_TYPE(MinOp)
HLO_INFER_FIRST_OPERAND_TYPE(CopyOp)
HLO_INFER_FIRST_OPERAND_TYPE(FloorOp)
HLO_INFER_FIRST_OPERAND_TYPE(CeilOp)
HLO_INFER_FIRST_OPERAND_TYPE(RoundNearestEvenOp)
HLO_INFER_FIRST_OPERAND_TYPE(SineOp)
HLO_INFER_FIRST_OPERAND_TYPE(CosineOp)
HLO_INFER_FIRST_OPERAND_TYPE(ErfOp)
HLO_INFER_FIRST_OPERAND_TYPE(TanOp)
HLO_INFER_FIRST_OPERAND_TYPE(SinhOp)
HLO_INFER_FIRST_OPERAND_TYPE(CoshOp)
HLO_INFER_FIRST_OPERAND_TYPE(AsinhOp)
HLO_INFER_FIRST_OPERAND_TYPE(AcoshOp)
HLO_INFER_FIRST_OPERAND_TYPE(AtanhOp)
HLO_INFER_FIRST_OPERAND_TYPE(ErfcOp)
HLO_INFER_FIRST_OPERAND_TYPE(LgammaOp)
HLO_INFER_FIRST_OPERAND_TYPE(CbrtOp)
HLO_INFER_FIRST_OPERAND_TYPE(Expm1Op)
HLO_INFER_FIRST_OPERAND_TYPE(Log1pOp)
HLO_INFER_FIRST_OPERAND_TYPE(RoundNearestAfzOp)
HLO_INFER_FIRST_OPERAND_TYPE(PopcntOp)
HLO_INFER_FIRST_OPERAND_TYPE(ClzOp)
HLO_INFER_FIRST_OPERAND_TYPE(RemOp)
HLO_INFER_FIRST_OPERAND_TYPE(PowOp)
HLO_INFER_FIRST_OPERAND_TYPE(Atan2Op)
HLO_INFER_FIRST_OPERAND_TYPE(NotOp)
HLO_INFER_FIRST_OPERAND_TYPE(AndOp)
HLO_INFER_FIRST_OPERAND_TYPE(OrOp)
HLO_INFER_FIRST_OPERAND_TYPE(XorOp)
HLO_INFER_FIRST_OPERAND_TYPE(ShiftLeftOp)
HLO_INFER_FIRST_OPERAND_TYPE(ShiftRightLogicalOp)
HLO_INFER_FIRST_OPERAND_TYPE(ShiftRightArithmeticOp)
#undef HLO_INFER_FIRST_OPERAND_TYPE

void ConvertOp::build(OpBuilder &builder, OperationState &state, Value operand,
                      Type elementType) {
  auto type = cast<RankedTensorType>(operand.getType());
  build(builder, state, RankedTensorType::get(type.getShape(), elementType),
        operand);
}

// bitcast_convert_c1
LogicalResult BitcastConvertOp::verify() {
  Type from = getElementTypeOrSelf(getOperand().getType());
  Type to = getElementTypeOrSelf(getType());
  if (from.isInteger(1) || to.isInteger(1))
    return emitOpError("cannot reinterpret i1, which has no bit pattern");
  if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return emitOpError() << "reinterprets " << from << " as " << to
                         << ", which has another width; TPU bitcasts keep "
                            "the shape";
  return success();
}

LogicalResult CompareOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  auto lhs = diag.tensor(adaptor.getLhs().getType(), "operand #0");
  if (failed(lhs))
    return failure();
  types.push_back(lhs->clone(IntegerType::get(context, 1)));
  return success();
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  auto pred = diag.tensor(adaptor.getPred().getType(), "operand #0");
  auto onTrue = diag.tensor(adaptor.getOnTrue().getType(), "operand #1");
  auto onFalse = diag.tensor(adaptor.getOnFalse().getType(), "operand #2");
  if (failed(pred) || failed(onTrue) || failed(onFalse))
    return failure();
  // select_c1
  if (!pred->getElementType().isInteger(1))
    return diag.error("pred must have element type i1, but has ",
                      pred->getElementType());
  // select_c2
  if (onTrue->getElementType() != onFalse->getElementType())
    return diag.error("on_true and on_false must have the same element type, "
                      "but have ",
                      onTrue->getElementType(), " and ",
                      onFalse->getElementType());
  types.push_back(*onTrue);
  return success();
}

//===----------------------------------------------------------------------===//
// Shape operations
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  // broadcast_in_dim_c1
  if (static_cast<int64_t>(dims.size()) != operandType.getRank())
    return emitOpError("broadcast_dimensions has ")
           << dims.size() << " entries, but the operand has rank "
           << operandType.getRank();
  // broadcast_in_dim_c2, broadcast_in_dim_c3
  if (failed(checkDimensions(diagFor(*this), dims, resultType.getRank(),
                             "broadcast_dimensions")))
    return failure();
  // broadcast_in_dim_c4
  for (auto [index, dim] : llvm::enumerate(dims)) {
    int64_t size = operandType.getDimSize(index);
    if (size != 1 && size != resultType.getDimSize(dim))
      return emitOpError("operand dimension ")
             << index << " of size " << size << " maps to result dimension "
             << dim << " of size " << resultType.getDimSize(dim)
             << "; it must have size 1 or " << resultType.getDimSize(dim);
  }
  // broadcast_in_dim_c5
  if (operandType.getElementType() != resultType.getElementType())
    return emitOpError("result element type ")
           << resultType.getElementType()
           << " differs from the operand element type "
           << operandType.getElementType();
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto resultType = cast<RankedTensorType>(getType());
  // reshape_c1
  if (operandType.getNumElements() != resultType.getNumElements())
    return emitOpError("cannot reshape ")
           << operandType.getNumElements() << " elements " << operandType
           << " into " << resultType.getNumElements() << " elements "
           << resultType;
  return success();
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  auto type = diag.tensor(adaptor.getOperand().getType(), "operand #0");
  if (failed(type))
    return failure();
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  // transpose_c1
  if (static_cast<int64_t>(perm.size()) != type->getRank())
    return diag.error("permutation ", join(perm), " has ", perm.size(),
                      " entries, but the operand has rank ", type->getRank());
  // transpose_c2
  if (failed(checkDimensions(diag, perm, type->getRank(), "permutation")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t dim : perm)
    shape.push_back(type->getDimSize(dim));
  types.push_back(type->clone(shape));
  return success();
}

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  auto type = diag.tensor(adaptor.getOperand().getType(), "operand #0");
  if (failed(type))
    return failure();
  // reverse_c2, reverse_c3
  if (failed(checkDimensions(diag, adaptor.getDimensions(), type->getRank(),
                             "dimensions")))
    return failure();
  types.push_back(*type);
  return success();
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  auto type = diag.tensor(adaptor.getOperand().getType(), "operand #0");
  if (failed(type))
    return failure();
  ArrayRef<int64_t> start = adaptor.getStartIndices();
  ArrayRef<int64_t> limit = adaptor.getLimitIndices();
  ArrayRef<int64_t> strides = adaptor.getStrides();
  int64_t rank = type->getRank();
  // slice_c1
  if (static_cast<int64_t>(start.size()) != rank ||
      static_cast<int64_t>(limit.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return diag.error("start_indices, limit_indices and strides need one "
                      "entry per operand dimension (",
                      rank, "), but have ", start.size(), ", ", limit.size(),
                      " and ", strides.size());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    // slice_c2
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > type->getDimSize(d))
      return diag.error("dimension ", d, " slices ", start[d], ":", limit[d],
                        ", which is not within 0:", type->getDimSize(d),
                        " with start <= limit");
    // slice_c3
    if (strides[d] <= 0)
      return diag.error("stride ", strides[d], " of dimension ", d,
                        " must be positive");
    shape.push_back(llvm::divideCeil(limit[d] - start[d], strides[d]));
  }
  types.push_back(type->clone(shape));
  return success();
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  auto type = diag.tensor(adaptor.getOperand().getType(), "operand #0");
  auto value = diag.tensor(adaptor.getPaddingValue().getType(), "operand #1");
  if (failed(type) || failed(value))
    return failure();
  // pad_c1
  if (value->getRank() != 0 ||
      value->getElementType() != type->getElementType())
    return diag.error("padding_value must have type ",
                      RankedTensorType::get({}, type->getElementType()),
                      ", but has type ", *value);
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow();
  ArrayRef<int64_t> high = adaptor.getEdgePaddingHigh();
  ArrayRef<int64_t> interior = adaptor.getInteriorPadding();
  int64_t rank = type->getRank();
  // pad_c2
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return diag.error("edge_padding_low, edge_padding_high and "
                      "interior_padding need one entry per operand dimension (",
                      rank, "), but have ", low.size(), ", ", high.size(),
                      " and ", interior.size());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    // pad_c3
    if (interior[d] < 0)
      return diag.error("interior_padding ", interior[d], " of dimension ", d,
                        " must not be negative");
    int64_t size = type->getDimSize(d);
    int64_t padded =
        size + std::max<int64_t>(size - 1, 0) * interior[d] + low[d] + high[d];
    // pad_c4
    if (padded < 0)
      return diag.error("dimension ", d, " would have negative size ", padded);
    shape.push_back(padded);
  }
  types.push_back(type->clone(shape));
  return success();
}

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &types) {
  OpDiag diag{loc, getOperationName()};
  ValueRange inputs = adaptor.getInputs();
  // concatenate_c1
  if (inputs.empty())
    return diag.error("needs at least one input");
  SmallVector<RankedTensorType> inputTypes;
  for (auto [index, input] : llvm::enumerate(inputs)) {
    auto type = diag.tensor(input.getType(), "operand #" + Twine(index));
    if (failed(type))
      return failure();
    inputTypes.push_back(*type);
  }
  RankedTensorType first = inputTypes.front();
  int64_t dim = adaptor.getDimension();
  // concatenate_c2
  if (dim < 0 || dim >= first.getRank())
    return diag.error("dimension ", dim, " is not a dimension of the rank-",
                      first.getRank(), " inputs");
  SmallVector<int64_t> shape(first.getShape());
  for (auto [index, type] : llvm::enumerate(inputTypes)) {
    if (index == 0)
      continue;
    // concatenate_c3
    if (type.getRank() != first.getRank())
      return diag.error("operand #", index, " has rank ", type.getRank(),
                        ", but operand #0 has rank ", first.getRank());
    // concatenate_c4
    for (int64_t d = 0; d < first.getRank(); ++d)
      if (d != dim && type.getDimSize(d) != first.getDimSize(d))
        return diag.error("operand #", index, " has size ", type.getDimSize(d),
                          " in dimension ", d, ", but operand #0 has ",
                          first.getDimSize(d),
                          "; only the concatenated dimension may differ");
    shape[dim] += type.getDimSize(dim);
  }
  types.push_back(first.clone(shape));
  return success();
}

#define GET_OP_CLASSES
#include "dialects/hlo/HLOOps.cpp.inc"

//===----------------------------------------------------------------------===//
// DynamicSliceOp and DynamicUpdateSliceOp
//===----------------------------------------------------------------------===//

/// dynamic_slice_c1/c2, dynamic_update_slice_c2/c3: one rank-0 i32 start
/// index per operand dimension.
static LogicalResult checkStartIndices(Operation *op, ValueRange indices,
                                       int64_t rank) {
  if (static_cast<int64_t>(indices.size()) != rank)
    return op->emitOpError("has ")
           << indices.size() << " start indices but its operand has rank "
           << rank << "; it needs one per dimension";
  for (auto [i, index] : llvm::enumerate(indices)) {
    auto type = cast<RankedTensorType>(index.getType());
    if (type.getRank() != 0 || !type.getElementType().isSignlessInteger(32))
      return op->emitOpError("start index #")
             << i << " has type " << type << " but must be 'tensor<i32>'";
  }
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  auto type = cast<RankedTensorType>(getOperand().getType());
  int64_t rank = type.getRank();
  if (failed(checkStartIndices(*this, getStartIndices(), rank)))
    return failure();
  ArrayRef<int64_t> sizes = getSliceSizes();
  // dynamic_slice_c3
  if (static_cast<int64_t>(sizes.size()) != rank)
    return emitOpError("slice_sizes has ")
           << sizes.size() << " entries but the operand has rank " << rank;
  for (auto [d, size] : llvm::enumerate(sizes))
    if (size < 0 || size > type.getDimSize(d))
      return emitOpError("slice size ")
             << size << " of dimension " << d << " is not within 0 and "
             << type.getDimSize(d);
  // dynamic_slice_c4
  auto result = cast<RankedTensorType>(getType());
  if (result.getShape() != sizes ||
      result.getElementType() != type.getElementType())
    return emitOpError("result type ")
           << result << " must have shape " << join(sizes)
           << " and element type " << type.getElementType();
  return success();
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto type = cast<RankedTensorType>(getOperand().getType());
  auto update = cast<RankedTensorType>(getUpdate().getType());
  int64_t rank = type.getRank();
  // dynamic_update_slice_c1
  if (update.getRank() != rank ||
      update.getElementType() != type.getElementType())
    return emitOpError("update ")
           << update << " must have the operand's rank (" << rank
           << ") and element type (" << type.getElementType() << ")";
  for (int64_t d = 0; d < rank; ++d)
    if (update.getDimSize(d) > type.getDimSize(d))
      return emitOpError("update dimension ")
             << d << " (" << update.getDimSize(d)
             << ") is larger than the operand's (" << type.getDimSize(d) << ")";
  if (failed(checkStartIndices(*this, getStartIndices(), rank)))
    return failure();
  // dynamic_update_slice_c4
  auto result = cast<RankedTensorType>(getType());
  if (result.getShape() != type.getShape() ||
      result.getElementType() != type.getElementType())
    return emitOpError("result type ")
           << result << " must have the operand's shape and element type";
  return success();
}
