//===- HLOOps.cpp - hlo dialect verifiers, inference and syntax -----------===//
//
// Constraint numbers (C1, ...) refer to docs/dialects/hlo.md.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlo;

#include "dialects/hlo/HLODialect.cpp.inc"
#include "dialects/hlo/HLOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/hlo/HLOAttrs.cpp.inc"

void HLODialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/hlo/HLOAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/hlo/HLOOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Diagnostics shared by verifiers and type inference
//===----------------------------------------------------------------------===//

namespace {
/// Emits errors in the form of Operation::emitOpError from contexts that have
/// only an optional location (type inference runs before an op exists).
struct OpDiag {
  std::optional<Location> loc;
  StringRef opName;

  template <typename... Args> LogicalResult error(Args &&...args) const {
    return emitOptionalError(loc, "'", opName, "' op ",
                             std::forward<Args>(args)...);
  }

  /// Checks an operand type; on success returns it as a ranked tensor
  /// without its layout, which inferred result types do not inherit.
  FailureOr<RankedTensorType> tensor(Type type, const Twine &what) const {
    if (failed(
            verifyTensorType(loc, type, "'" + Twine(opName) + "' op " + what)))
      return failure();
    auto ranked = cast<RankedTensorType>(type);
    return RankedTensorType::get(ranked.getShape(), ranked.getElementType());
  }
};
} // namespace

static std::string join(ArrayRef<int64_t> values) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return text;
}

/// Checks that each of `dims` is a dimension of a rank-`rank` tensor and that
/// none repeats. `what` names the attribute.
static LogicalResult checkDimensions(const OpDiag &diag, ArrayRef<int64_t> dims,
                                     int64_t rank, StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return diag.error(what, " ", join(dims), " has ", dim,
                        ", which is not a dimension of a rank-", rank,
                        " tensor");
    if (!seen.insert(dim).second)
      return diag.error(what, " ", join(dims), " repeats dimension ", dim);
  }
  return success();
}

static OpDiag diagFor(Operation *op) {
  return OpDiag{op->getLoc(), op->getName().getStringRef()};
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `T` when all types are equal, else `(T0, T1, ...) -> R`.
static ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                                      ArrayRef<Type *> operands,
                                                      Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto fn = dyn_cast<FunctionType>(type);
  if (!fn) {
    for (Type *operand : operands)
      *operand = type;
    result = type;
    return success();
  }
  if (fn.getNumInputs() != operands.size() || fn.getNumResults() != 1)
    return parser.emitError(loc, "expected a function type with ")
           << operands.size() << " inputs and 1 result";
  for (auto [operand, input] : llvm::zip(operands, fn.getInputs()))
    *operand = input;
  result = fn.getResult(0);
  return success();
}

template <typename... Types>
static ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                                  Types &...types) {
  SmallVector<Type *> all{&types...};
  return parseSameOperandsAndResultTypeImpl(
      parser, ArrayRef<Type *>(all).drop_back(), *all.back());
}

template <typename... Types>
static void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                           Types... types) {
  SmallVector<Type> all{types...};
  if (llvm::all_equal(all)) {
    printer << all.front();
    return;
  }
  printer << FunctionType::get(all.front().getContext(),
                               ArrayRef<Type>(all).drop_back(), all.back());
}

/// `%a, %b, ` before `dim = N`: operands, each followed by a comma.
static ParseResult parseConcatenateInputs(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inputs) {
  do {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed))
      return failure();
    inputs.push_back(operand);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.emitError(parser.getCurrentLocation(),
                          "expected ',' and 'dim = N' after the inputs");
}

static void printConcatenateInputs(OpAsmPrinter &printer, Operation *,
                                   OperandRange inputs) {
  llvm::interleaveComma(inputs, printer);
  printer << ",";
}

/// An enum attribute as its bare keyword (`LT`, `HIGHEST`, `sum`); the
/// attributes' own syntax is kept for the generic form.
template <typename AttrT>
static ParseResult parseEnumKeyword(OpAsmParser &parser, AttrT &attr) {
  using EnumT = decltype(std::declval<AttrT>().getValue());
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value)
    return parser.emitError(loc, "unknown keyword '") << keyword << "'";
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

template <typename AttrT>
static void printEnumKeyword(OpAsmPrinter &printer, Operation *, AttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

static ParseResult parseIntList(OpAsmParser &parser,
                                SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        return parser.parseInteger(values.emplace_back());
      });
}

static void printIntList(OpAsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << join(values);
}

/// `[start:limit(:stride)?, ...]`
static ParseResult parseSliceRanges(OpAsmParser &parser,
                                    DenseI64ArrayAttr &start,
                                    DenseI64ArrayAttr &limit,
                                    DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t step = 1;
            if (parser.parseInteger(starts.emplace_back()) ||
                parser.parseColon() ||
                parser.parseInteger(limits.emplace_back()))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(step))
              return failure();
            steps.push_back(step);
            return success();
          }))
    return failure();
  Builder &b = parser.getBuilder();
  start = b.getDenseI64ArrayAttr(starts);
  limit = b.getDenseI64ArrayAttr(limits);
  strides = b.getDenseI64ArrayAttr(steps);
  return success();
}

static void printSliceRanges(OpAsmPrinter &printer, Operation *,
                             DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                             DenseI64ArrayAttr strides) {
  // Sizes that disagree cannot be written in this form; the generic form is
  // used for such invalid ops, so only print what is consistent.
  printer << "[";
  size_t n = std::min({start.size(), limit.size(), strides.size()});
  for (size_t i = 0; i < n; ++i) {
    if (i)
      printer << ", ";
    printer << start[i] << ":" << limit[i];
    if (strides[i] != 1)
      printer << ":" << strides[i];
  }
  printer << "]";
}

/// `(batching_dims = [..] x [..], )? contracting_dims = [..] x [..]`
static ParseResult parseDotDimensions(OpAsmParser &parser,
                                      DenseI64ArrayAttr &lhsBatch,
                                      DenseI64ArrayAttr &rhsBatch,
                                      DenseI64ArrayAttr &lhsContract,
                                      DenseI64ArrayAttr &rhsContract) {
  SmallVector<int64_t> lb, rb, lc, rc;
  auto parsePair = [&](SmallVectorImpl<int64_t> &lhs,
                       SmallVectorImpl<int64_t> &rhs) -> ParseResult {
    return failure(parser.parseEqual() || parseIntList(parser, lhs) ||
                   parser.parseKeyword("x") || parseIntList(parser, rhs));
  };
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parsePair(lb, rb) || parser.parseComma())
      return failure();
  }
  if (parser.parseKeyword("contracting_dims") || parsePair(lc, rc))
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
  if (!lhsBatch.empty() || !rhsBatch.empty()) {
    printer << "batching_dims = ";
    printIntList(printer, lhsBatch.asArrayRef());
    printer << " x ";
    printIntList(printer, rhsBatch.asArrayRef());
    printer << ", ";
  }
  printer << "contracting_dims = ";
  printIntList(printer, lhsContract.asArrayRef());
  printer << " x ";
  printIntList(printer, rhsContract.asArrayRef());
}

/// `{stride = [..], pad = [[lo, hi], ..], lhs_dilate = [..], rhs_dilate =
/// [..]}` with every entry optional.
static ParseResult parseConvWindow(OpAsmParser &parser, OperationState &state) {
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  Builder &b = parser.getBuilder();
  do {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    StringRef name = llvm::StringSwitch<StringRef>(key)
                         .Case("stride", "window_strides")
                         .Case("pad", "padding")
                         .Case("lhs_dilate", "lhs_dilation")
                         .Case("rhs_dilate", "rhs_dilation")
                         .Default("");
    if (name.empty())
      return parser.emitError(loc, "unknown window entry '")
             << key << "'; expected stride, pad, lhs_dilate or rhs_dilate";
    if (state.attributes.get(name))
      return parser.emitError(loc, "window entry '") << key << "' repeats";
    SmallVector<int64_t> values;
    ParseResult parsed =
        key == "pad" ? parser.parseCommaSeparatedList(
                           OpAsmParser::Delimiter::Square,
                           [&]() -> ParseResult {
                             SmallVector<int64_t> pair;
                             SMLoc pairLoc = parser.getCurrentLocation();
                             if (parseIntList(parser, pair))
                               return failure();
                             if (pair.size() != 2)
                               return parser.emitError(
                                   pairLoc, "expected a [low, high] pair");
                             values.append(pair);
                             return success();
                           })
                     : parseIntList(parser, values);
    if (failed(parsed))
      return failure();
    state.addAttribute(name, b.getDenseI64ArrayAttr(values));
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRBrace();
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

//===----------------------------------------------------------------------===//
// DotGeneralOp and ConvolutionOp
//===----------------------------------------------------------------------===//

/// The result element type of an MXU op may widen: float operands may
/// accumulate into f32, integer operands into i32.
static LogicalResult checkAccumulatorType(const OpDiag &diag, Type operand,
                                          Type result) {
  if (result == operand)
    return success();
  if (isa<FloatType>(operand) && result.isF32())
    return success();
  if (isa<IntegerType>(operand) && !operand.isInteger(1) &&
      result.isInteger(32))
    return success();
  return diag.error("result element type ", result,
                    " is neither the operand element type ", operand,
                    " nor its accumulator type (",
                    isa<FloatType>(operand) ? "f32" : "i32", ")");
}

/// Verifies dot_general's dimension numbers and returns its result shape.
static FailureOr<SmallVector<int64_t>>
inferDotGeneralShape(const OpDiag &diag, RankedTensorType lhs,
                     RankedTensorType rhs, ArrayRef<int64_t> lhsBatch,
                     ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContract,
                     ArrayRef<int64_t> rhsContract) {
  // dot_general_c1
  if (lhsBatch.size() != rhsBatch.size())
    return diag.error("lhs_batching_dimensions ", join(lhsBatch),
                      " and "
                      "rhs_batching_dimensions ",
                      join(rhsBatch), " must have the same length");
  // dot_general_c2
  if (lhsContract.size() != rhsContract.size())
    return diag.error("lhs_contracting_dimensions ", join(lhsContract),
                      " and rhs_contracting_dimensions ", join(rhsContract),
                      " must have the same length");
  // dot_general_c3, dot_general_c4
  SmallVector<int64_t> lhsDims(lhsBatch), rhsDims(rhsBatch);
  lhsDims.append(lhsContract.begin(), lhsContract.end());
  rhsDims.append(rhsContract.begin(), rhsContract.end());
  if (failed(checkDimensions(diag, lhsDims, lhs.getRank(),
                             "lhs batching and contracting dimensions")) ||
      failed(checkDimensions(diag, rhsDims, rhs.getRank(),
                             "rhs batching and contracting dimensions")))
    return failure();
  // dot_general_c5
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return diag.error("batching dimension ", l, " of lhs has size ",
                        lhs.getDimSize(l), " but batching dimension ", r,
                        " of rhs has size ", rhs.getDimSize(r));
  // dot_general_c6
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return diag.error("contracting dimension ", l, " of lhs has size ",
                        lhs.getDimSize(l), " but contracting dimension ", r,
                        " of rhs has size ", rhs.getDimSize(r));
  // dot_general_c7
  if (lhs.getElementType() != rhs.getElementType())
    return diag.error("lhs and rhs must have the same element type, but have ",
                      lhs.getElementType(), " and ", rhs.getElementType());
  if (lhs.getElementType().isInteger(1))
    return diag.error("is not defined for i1 (boolean) operands");
  SmallVector<int64_t> shape;
  for (int64_t d : lhsBatch)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsDims, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsDims, d))
      shape.push_back(rhs.getDimSize(d));
  return shape;
}

void DotGeneralOp::build(OpBuilder &builder, OperationState &state, Value lhs,
                         Value rhs, ArrayRef<int64_t> lhsBatch,
                         ArrayRef<int64_t> rhsBatch,
                         ArrayRef<int64_t> lhsContracting,
                         ArrayRef<int64_t> rhsContracting) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  // Invalid dimension numbers still build (with the lhs type) so that the
  // verifier, not the builder, reports them.
  OpDiag diag{std::nullopt, getOperationName()};
  auto shape = inferDotGeneralShape(diag, lhsType, rhsType, lhsBatch, rhsBatch,
                                    lhsContracting, rhsContracting);
  Type resultType = RankedTensorType::get(
      succeeded(shape) ? ArrayRef<int64_t>(*shape) : lhsType.getShape(),
      lhsType.getElementType());
  build(builder, state, resultType, lhs, rhs, lhsBatch, rhsBatch,
        lhsContracting, rhsContracting, /*precision=*/nullptr);
}

LogicalResult DotGeneralOp::verify() {
  OpDiag diag = diagFor(*this);
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getType());
  auto shape = inferDotGeneralShape(
      diag, lhs, rhs, getLhsBatchingDimensions(), getRhsBatchingDimensions(),
      getLhsContractingDimensions(), getRhsContractingDimensions());
  if (failed(shape))
    return failure();
  // dot_general_c8
  if (result.getShape() != ArrayRef<int64_t>(*shape))
    return emitOpError("result shape ")
           << join(result.getShape()) << " does not match the expected shape "
           << join(*shape)
           << " (batch dimensions, then lhs free, then rhs free dimensions)";
  // dot_general_c9
  return checkAccumulatorType(diag, lhs.getElementType(),
                              result.getElementType());
}

static SmallVector<int64_t> valuesOr(DenseI64ArrayAttr attr, size_t size,
                                     int64_t fill) {
  if (attr)
    return SmallVector<int64_t>(attr.asArrayRef());
  return SmallVector<int64_t>(size, fill);
}

SmallVector<int64_t> ConvolutionOp::getStridesOrDefault() {
  return valuesOr(getWindowStridesAttr(), getNumSpatialDims(), 1);
}
static SmallVector<int64_t> freeDimensions(Value operand,
                                           ArrayRef<int64_t> batching,
                                           ArrayRef<int64_t> contracting) {
  SmallVector<int64_t> free;
  for (int64_t d = 0, e = cast<ShapedType>(operand.getType()).getRank(); d < e;
       ++d)
    if (!llvm::is_contained(batching, d) && !llvm::is_contained(contracting, d))
      free.push_back(d);
  return free;
}

SmallVector<int64_t> DotGeneralOp::getLhsFreeDimensions() {
  return freeDimensions(getLhs(), getLhsBatchingDimensions(),
                        getLhsContractingDimensions());
}

SmallVector<int64_t> DotGeneralOp::getRhsFreeDimensions() {
  return freeDimensions(getRhs(), getRhsBatchingDimensions(),
                        getRhsContractingDimensions());
}

SmallVector<int64_t> ConvolutionOp::getPaddingOrDefault() {
  return valuesOr(getPaddingAttr(), 2 * getNumSpatialDims(), 0);
}
SmallVector<int64_t> ConvolutionOp::getLhsDilationOrDefault() {
  return valuesOr(getLhsDilationAttr(), getNumSpatialDims(), 1);
}
SmallVector<int64_t> ConvolutionOp::getRhsDilationOrDefault() {
  return valuesOr(getRhsDilationAttr(), getNumSpatialDims(), 1);
}

LogicalResult ConvolutionOp::verify() {
  OpDiag diag = diagFor(*this);
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getType());
  // convolution_c1
  if (lhs.getRank() < 3)
    return emitOpError("lhs must be [batch, spatial..., features] with at "
                       "least one spatial dimension, but has rank ")
           << lhs.getRank();
  if (rhs.getRank() != lhs.getRank())
    return emitOpError("rhs (kernel) must have the rank of lhs (")
           << lhs.getRank() << "), but has rank " << rhs.getRank();
  int64_t spatial = getNumSpatialDims();
  // convolution_c2
  auto checkSize = [&](DenseI64ArrayAttr attr, StringRef name,
                       int64_t expected) -> LogicalResult {
    if (attr && static_cast<int64_t>(attr.size()) != expected)
      return emitOpError(name)
             << " has " << attr.size() << " entries, but " << expected
             << " are needed for " << spatial << " spatial dimensions";
    return success();
  };
  if (failed(checkSize(getWindowStridesAttr(), "window_strides", spatial)) ||
      failed(checkSize(getPaddingAttr(), "padding", 2 * spatial)) ||
      failed(checkSize(getLhsDilationAttr(), "lhs_dilation", spatial)) ||
      failed(checkSize(getRhsDilationAttr(), "rhs_dilation", spatial)))
    return failure();
  SmallVector<int64_t> strides = getStridesOrDefault();
  SmallVector<int64_t> padding = getPaddingOrDefault();
  SmallVector<int64_t> lhsDilation = getLhsDilationOrDefault();
  SmallVector<int64_t> rhsDilation = getRhsDilationOrDefault();
  // convolution_c3
  for (int64_t d = 0; d < spatial; ++d)
    if (strides[d] <= 0 || lhsDilation[d] <= 0 || rhsDilation[d] <= 0)
      return emitOpError("window_strides, lhs_dilation and rhs_dilation must "
                         "be positive in spatial dimension ")
             << d;
  // convolution_c4
  int64_t groups = getFeatureGroupCount();
  int64_t inFeatures = lhs.getDimSize(lhs.getRank() - 1);
  int64_t kernelIn = rhs.getDimSize(rhs.getRank() - 2);
  int64_t outFeatures = rhs.getDimSize(rhs.getRank() - 1);
  if (groups <= 0)
    return emitOpError("feature_group_count must be positive, but is ")
           << groups;
  if (inFeatures % groups != 0 || kernelIn * groups != inFeatures ||
      outFeatures % groups != 0)
    return emitOpError("lhs has ")
           << inFeatures << " input features and the kernel " << kernelIn
           << " input and " << outFeatures
           << " output features; with feature_group_count " << groups
           << " the kernel needs " << inFeatures / std::max<int64_t>(groups, 1)
           << " input features and a multiple of " << groups
           << " output features";
  // convolution_c5
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError("lhs and rhs must have the same element type, but have ")
           << lhs.getElementType() << " and " << rhs.getElementType();
  if (lhs.getElementType().isInteger(1))
    return emitOpError("is not defined for i1 (boolean) operands");
  // convolution_c6
  SmallVector<int64_t> shape{lhs.getDimSize(0)};
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t in = lhs.getDimSize(d + 1);
    int64_t window = rhs.getDimSize(d);
    int64_t dilatedIn = in == 0 ? 0 : (in - 1) * lhsDilation[d] + 1;
    int64_t dilatedWindow = window == 0 ? 0 : (window - 1) * rhsDilation[d] + 1;
    int64_t padded = dilatedIn + padding[2 * d] + padding[2 * d + 1];
    shape.push_back(
        padded < dilatedWindow ? 0 : (padded - dilatedWindow) / strides[d] + 1);
  }
  shape.push_back(outFeatures);
  if (result.getShape() != ArrayRef<int64_t>(shape))
    return emitOpError("result shape ")
           << join(result.getShape()) << " does not match the expected shape "
           << join(shape) << " ([batch, spatial..., output features])";
  // convolution_c7
  return checkAccumulatorType(diag, lhs.getElementType(),
                              result.getElementType());
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

static FailureOr<RankedTensorType> inferReducedType(const OpDiag &diag,
                                                    Type operandType,
                                                    ArrayRef<int64_t> dims,
                                                    StringRef what) {
  auto type = diag.tensor(operandType, "operand #0");
  if (failed(type) ||
      failed(checkDimensions(diag, dims, type->getRank(), what)))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type->getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      shape.push_back(type->getDimSize(d));
  return type->clone(shape);
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  // reduce_c1, reduce_c2
  auto type = inferReducedType({loc, getOperationName()},
                               adaptor.getOperand().getType(),
                               adaptor.getDimensions(), "dimensions");
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}

template <typename Adaptor>
static LogicalResult inferArgReduceType(MLIRContext *context,
                                        std::optional<Location> loc,
                                        StringRef opName, Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  int64_t dim = adaptor.getDimension();
  // argmax_c1
  auto type = inferReducedType({loc, opName}, adaptor.getOperand().getType(),
                               ArrayRef<int64_t>(dim), "dimension");
  if (failed(type))
    return failure();
  types.push_back(type->clone(IntegerType::get(context, 32)));
  return success();
}

LogicalResult ArgMaxOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  return inferArgReduceType(context, loc, getOperationName(), adaptor, types);
}

LogicalResult ArgMinOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &types) {
  return inferArgReduceType(context, loc, getOperationName(), adaptor, types);
}

//===----------------------------------------------------------------------===//
// FusionOp
//===----------------------------------------------------------------------===//

/// `kind = K (%param_0 = %a, ...) attributes {...} : (A, ...) -> (R, ...) {
/// body }`: the operands bound to the parameters, as XLA prints
/// `fusion(%a, ...), kind=kLoop, calls=%fused_computation`.
ParseResult FusionOp::parse(OpAsmParser &parser, OperationState &state) {
  FusionKindAttr kind;
  if (parser.parseKeyword("kind") || parser.parseEqual() ||
      parseEnumKeyword(parser, kind))
    return failure();
  state.addAttribute(getKindAttrName(state.name), kind);
  SmallVector<OpAsmParser::Argument> params;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseAssignmentList(params, operands))
    return failure();
  FunctionType type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDictWithKeyword(state.attributes) ||
      parser.parseColon() || parser.parseType(type))
    return failure();
  if (type.getNumInputs() != operands.size())
    return parser.emitError(typeLoc, "expected ")
           << operands.size() << " operand types, got " << type.getNumInputs();
  for (auto [param, paramType] : llvm::zip(params, type.getInputs()))
    param.type = paramType;
  state.addTypes(type.getResults());
  if (parser.resolveOperands(operands, type.getInputs(), parser.getNameLoc(),
                             state.operands))
    return failure();
  return parser.parseRegion(*state.addRegion(), params);
}

void FusionOp::print(OpAsmPrinter &printer) {
  printer << " kind = " << stringifyEnum(getKind()) << " (";
  llvm::interleaveComma(llvm::zip(getBlock().getArguments(), getInputs()),
                        printer, [&](auto pair) {
                          printer << std::get<0>(pair) << " = "
                                  << std::get<1>(pair);
                        });
  printer << ")";
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getKindAttrName()});
  printer << " : ";
  printer.printFunctionalType(getInputs().getTypes(), getResultTypes());
  printer << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

void FusionOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults())
    setNameFn(getResult(0), "fusion");
}

void FusionOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, ("param_" + Twine(arg.getArgNumber())).str());
}

LogicalResult FusionOp::verify() {
  // fusion_c1
  if (getNumResults() == 0)
    return emitOpError("has no results; a fusion computes at least one value");
  return success();
}

LogicalResult FusionOp::verifyRegions() {
  Block &block = getBlock();
  // fusion_c2
  if (block.getNumArguments() != getInputs().size())
    return emitOpError("has ")
           << getInputs().size() << " operands but its body has "
           << block.getNumArguments() << " parameters";
  for (auto [i, arg, input] :
       llvm::enumerate(block.getArguments(), getInputs()))
    if (arg.getType() != input.getType())
      return emitOpError("parameter #")
             << i << " has type " << arg.getType() << " but operand #" << i
             << " has type " << input.getType();
  // fusion_c3
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return emitOpError("body must end with 'hlo.yield'");
  if (yield.getResults().getTypes() != getResultTypes())
    return yield.emitOpError("yields (")
           << yield.getResults().getTypes() << ") but the fusion returns ("
           << getResultTypes() << ")";
  // fusion_c4
  Operation *contraction = nullptr;
  Operation *reduction = nullptr;
  for (Operation &op : block.without_terminator()) {
    if (!isa<HLODialect>(op.getDialect()))
      return op.emitOpError(
          "cannot be fused: a fusion body holds hlo ops only");
    if (isa<FusionOp>(op))
      return op.emitOpError("cannot be nested in another fusion");
    if (op.hasTrait<OpTrait::Contraction>()) {
      if (contraction)
        return op.emitOpError("is a second MXU op in one fusion; a fusion "
                              "holds at most one dot_general or convolution");
      contraction = &op;
    }
    if (op.hasTrait<OpTrait::Reduction>() && !reduction)
      reduction = &op;
  }
  // fusion_c5
  FusionKind kind = getKind();
  if (kind != FusionKind::input && reduction)
    return emitOpError("of kind '")
           << stringifyEnum(kind) << "' holds a reduction ('"
           << reduction->getName() << "'); reductions root 'input' fusions";
  if (kind != FusionKind::output && contraction)
    return emitOpError("of kind '")
           << stringifyEnum(kind) << "' holds an MXU op ('"
           << contraction->getName() << "'); MXU ops root 'output' fusions";
  if (kind == FusionKind::output && !contraction)
    return emitOpError("of kind 'output' holds no dot_general or convolution");
  if (kind == FusionKind::input) {
    // Reductions root the fusion; an epilogue (a convert, a pad to tile
    // size) may follow them.
    auto fromReduction = [](Value value) {
      SmallVector<Value> stack{value};
      llvm::SmallPtrSet<Operation *, 8> seen;
      while (!stack.empty()) {
        Operation *def = stack.pop_back_val().getDefiningOp();
        if (!def || !seen.insert(def).second)
          continue;
        if (def->hasTrait<OpTrait::Reduction>())
          return true;
        stack.append(def->operand_begin(), def->operand_end());
      }
      return false;
    };
    for (auto [i, value] : llvm::enumerate(yield.getResults()))
      if (!fromReduction(value))
        return emitOpError("of kind 'input' must yield values computed by "
                           "its reductions, but result #")
               << i << " does not depend on one";
  }
  return success();
}

#define GET_OP_CLASSES
#include "dialects/hlo/HLOOps.cpp.inc"
