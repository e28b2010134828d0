//===- HLOComputeOps.cpp - dot_general, convolution, reductions, fusion ---===//
//
// Verifiers, type inference and syntax of the ops that compute across
// elements: contractions, reductions and fusions. Constraint numbers refer
// to docs/dialects/hlo.md.
//
//===----------------------------------------------------------------------===//

#include "dialects/common/Shapes.h"
#include "dialects/hlo/HLOOps.h"
#include "dialects/hlo/HLOVerify.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::hlo;
using namespace mlir::hlo::detail;

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
    std::optional<int64_t> count = tpu::shapes::windowCount(
        lhs.getDimSize(d + 1), lhsDilation[d], padding[2 * d],
        padding[2 * d + 1], rhs.getDimSize(d), rhsDilation[d], strides[d]);
    if (!count)
      return emitOpError("the padded or dilated size of spatial dimension ")
             << d << " overflows 64 bits";
    shape.push_back(*count);
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

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  // sort_c1
  if (getInputs().empty())
    return emitOpError("has no operands; a sort sorts at least one tensor");
  auto first = cast<RankedTensorType>(getInputs().front().getType());
  // sort_c2
  for (auto [i, input] : llvm::enumerate(getInputs()))
    if (cast<RankedTensorType>(input.getType()).getShape() != first.getShape())
      return emitOpError("operand #")
             << i << " has shape "
             << join(cast<RankedTensorType>(input.getType()).getShape())
             << " but operand #0 has shape " << join(first.getShape())
             << "; sorted operands have one shape";
  // sort_c3
  if (getResultTypes() != getInputs().getTypes())
    return emitOpError("results (")
           << getResultTypes() << ") must have the operands' types ("
           << getInputs().getTypes() << ")";
  // sort_c4
  int64_t rank = first.getRank();
  auto dim = static_cast<int64_t>(getDimension());
  if (dim < 0 || dim >= rank)
    return emitOpError("dimension ")
           << dim << " is not a dimension of a rank-" << rank << " operand";
  return success();
}

LogicalResult SortOp::verifyRegions() {
  Block &block = getComparator().front();
  // sort_c5
  if (block.getNumArguments() != 2 * getInputs().size())
    return emitOpError("comparator has ")
           << block.getNumArguments() << " parameters but must have "
           << 2 * getInputs().size() << ", an lhs and an rhs per operand";
  for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
    Type element =
        cast<RankedTensorType>(getInputs()[i / 2].getType()).getElementType();
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type || type.getRank() != 0 || type.getElementType() != element)
      return emitOpError("comparator parameter #")
             << i << " has type " << arg.getType() << " but must be "
             << RankedTensorType::get({}, element) << ", a scalar of operand #"
             << i / 2;
  }
  // sort_c6
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  Type i1 = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (!yield || yield.getResults().size() != 1 ||
      yield.getResults().front().getType() != i1)
    return emitOpError("comparator must yield one tensor<i1>");
  // sort_c7: the network applies the comparator to whole vectors.
  for (Operation &op : block.without_terminator())
    if (!isa<HLODialect>(op.getDialect()) ||
        !(op.hasTrait<mlir::OpTrait::Elementwise>() || isa<ConstantOp>(op)))
      return op.emitOpError("cannot be in a sort comparator, which holds "
                            "elementwise hlo ops and constants only");
  return success();
}

TypedAttr mlir::hlo::getReduceIdentity(ReduceKind kind, Type element) {
  Builder b(element.getContext());
  if (auto f = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    switch (kind) {
    case ReduceKind::sum:
      return b.getFloatAttr(element, APFloat::getZero(sem));
    case ReduceKind::product:
      return b.getFloatAttr(element, APFloat::getOne(sem));
    case ReduceKind::max:
      return b.getFloatAttr(element, APFloat::getInf(sem, /*Negative=*/true));
    case ReduceKind::min:
      return b.getFloatAttr(element, APFloat::getInf(sem));
    }
  }
  unsigned width = element.getIntOrFloatBitWidth();
  // i1 orders false < true, as unsigned integers do.
  bool isUnsigned = width == 1 || element.isUnsignedInteger();
  APInt value(width, 0);
  switch (kind) {
  case ReduceKind::sum:
    break;
  case ReduceKind::product:
    value = APInt(width, 1);
    break;
  case ReduceKind::max:
    value = isUnsigned ? APInt::getMinValue(width)
                       : APInt::getSignedMinValue(width);
    break;
  case ReduceKind::min:
    value = isUnsigned ? APInt::getMaxValue(width)
                       : APInt::getSignedMaxValue(width);
    break;
  }
  return b.getIntegerAttr(element, value);
}
