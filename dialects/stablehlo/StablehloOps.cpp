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
#include "dialects/stablehlo/StablehloVerify.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::tpu::assembly;
using namespace mlir::stablehlo::verify;

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

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

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

/// Complex numbers' real and imaginary parts, and abs, have the element
/// type of the complex number's parts; others keep theirs.
static Type partType(Type element) {
  if (auto complex = dyn_cast<ComplexType>(element))
    return complex.getElementType();
  return element;
}

static LogicalResult checkPartType(Operation *op, StringRef rule) {
  Type operand = getElementTypeOrSelf(op->getOperand(0).getType());
  Type result = getElementTypeOrSelf(op->getResult(0).getType());
  if (result != partType(operand))
    return op->emitOpError("(")
           << rule << ") the result element type must be "
           << partType(operand) << ", but is " << result;
  return success();
}

LogicalResult AbsOp::verify() { return checkPartType(*this, "abs_c2"); }
LogicalResult RealOp::verify() { return checkPartType(*this, "real_c2"); }
LogicalResult ImagOp::verify() { return checkPartType(*this, "imag_c2"); }

LogicalResult IsFiniteOp::verify() {
  if (!isa<FloatType>(getElementTypeOrSelf(getOperand().getType())))
    return emitOpError("(is_finite) the operand must be floating-point, but "
                       "is ")
           << getOperand().getType();
  if (!getElementTypeOrSelf(getType()).isInteger(1))
    return emitOpError("(is_finite_c1) the result must be of i1, but is ")
           << getType();
  return success();
}

static std::optional<int64_t> bitWidth(Type element) {
  if (auto complex = dyn_cast<ComplexType>(element))
    if (std::optional<int64_t> part = bitWidth(complex.getElementType()))
      return 2 * *part;
  if (element.isIntOrFloat())
    return element.getIntOrFloatBitWidth();
  if (auto quantized = dyn_cast<quant::QuantizedType>(element))
    return quantized.getStorageTypeIntegralWidth();
  return std::nullopt;
}

/// bitcast_convert_c1, c2: equal bit widths keep the shape; a narrower
/// result adds a last dimension of the ratio, a wider one removes it.
LogicalResult BitcastConvertOp::verify() {
  RankedTensorType in = tensorType(getOperand()), out = getType();
  std::optional<int64_t> inBits = bitWidth(in.getElementType());
  std::optional<int64_t> outBits = bitWidth(out.getElementType());
  if (!inBits || !outBits)
    return emitOpError("(bitcast_convert) element types must have a bit "
                       "width");
  if (isa<ComplexType>(in.getElementType()) !=
      isa<ComplexType>(out.getElementType()))
    return emitOpError("(bitcast_convert_c2) cannot convert between complex "
                       "and other element types");
  RankedTensorType wide = *inBits >= *outBits ? in : out;
  RankedTensorType narrow = *inBits >= *outBits ? out : in;
  int64_t ratio = std::max(*inBits, *outBits) / std::min(*inBits, *outBits);
  bool ok = *inBits == *outBits
                ? in.getShape() == out.getShape()
                : std::max(*inBits, *outBits) % std::min(*inBits, *outBits) ==
                          0 &&
                      narrow.getRank() == wide.getRank() + 1 &&
                      narrow.getShape().drop_back() == wide.getShape() &&
                      narrow.getShape().back() == ratio;
  if (!ok)
    return emitOpError("(bitcast_convert_c1) cannot reinterpret ")
           << in << " as " << out
           << ": equal bit widths keep the shape, and a result of 1/N the "
           << "bit width adds a last dimension of N (a wider one removes "
           << "it)";
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
  if (failed(checkBroadcastDims(*this, in, out, getBroadcastDimensions(),
                                /*dynamicAgrees=*/false)))
    return failure();
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
  if (getType().getRank() != in.getRank())
    return emitOpError("(transpose_c4) the result must have rank ")
           << in.getRank() << ", but has rank " << getType().getRank();
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

/// pad_c1..c4 (and dynamic_pad's): one padding value of the operand's
/// element type, three paddings per dimension, interior ones not negative,
/// and the result's sizes, where the paddings are known.
static LogicalResult
verifyPad(Operation *op, Value operand, Value paddingValue, Value result,
          std::optional<std::array<SmallVector<int64_t>, 3>> paddings) {
  RankedTensorType in = tensorType(operand), out = tensorType(result);
  int64_t rank = in.getRank();
  RankedTensorType value = tensorType(paddingValue);
  if (value.getRank() != 0)
    return op->emitOpError("padding_value must be a scalar");
  if (value.getElementType() != in.getElementType() ||
      out.getElementType() != in.getElementType())
    return op->emitOpError("(pad_c1) operand, padding_value and result must "
                           "have one element type");
  if (out.getRank() != rank)
    return op->emitOpError("(pad_c4) the result must have the operand's rank");
  if (!paddings)
    return success();
  auto &[low, high, interior] = *paddings;
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return op->emitOpError("expected low, high and interior padding per "
                           "dimension (")
           << rank << ")";
  for (int64_t d = 0; d < rank; ++d) {
    int64_t n = in.getDimSize(d);
    int64_t size = low[d] + high[d] + n + (n > 0 ? (n - 1) * interior[d] : 0);
    if (interior[d] < 0 || size < 0 || out.getDimSize(d) != size)
      return op->emitOpError("result dimension ")
             << d << " must be " << size << " (interior padding must not be "
             << "negative)";
  }
  return success();
}

LogicalResult PadOp::verify() {
  return verifyPad(*this, getOperand(), getPaddingValue(), getResult(),
                   std::array<SmallVector<int64_t>, 3>{
                       SmallVector<int64_t>(getEdgePaddingLow()),
                       SmallVector<int64_t>(getEdgePaddingHigh()),
                       SmallVector<int64_t>(getInteriorPadding())});
}

/// dynamic_pad: pad's constraints; each padding has one entry per
/// dimension (dynamic_pad_c2) and, when all three are constants, they give
/// the result's sizes.
LogicalResult DynamicPadOp::verify() {
  int64_t rank = tensorType(getOperand()).getRank();
  std::array<SmallVector<int64_t>, 3> paddings;
  bool known = true;
  Value operands[] = {getEdgePaddingLow(), getEdgePaddingHigh(),
                      getInteriorPadding()};
  for (auto [i, v] : llvm::enumerate(operands)) {
    if (tensorType(v).getDimSize(0) != rank)
      return emitOpError("(dynamic_pad_c2) each padding must have ")
             << rank << " entries, one per dimension, but has "
             << tensorType(v).getDimSize(0);
    if (std::optional<SmallVector<int64_t>> values = constantInts(v))
      paddings[i] = std::move(*values);
    else
      known = false;
  }
  return verifyPad(*this, getOperand(), getPaddingValue(), getResult(),
                   known ? std::optional(paddings) : std::nullopt);
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

bool mlir::stablehlo::isDefaultPrecision(ArrayAttr precisionConfig) {
  return !precisionConfig || llvm::all_of(precisionConfig, [](Attribute a) {
    return cast<PrecisionAttr>(a).getValue() == Precision::DEFAULT;
  });
}

/// DEFAULT and HIGHEST take no tolerances; TOLERANCE's are not negative.
LogicalResult
ResultAccuracyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           llvm::APFloat atol, llvm::APFloat rtol, int64_t ulps,
                           ResultAccuracyModeAttr mode) {
  bool zero = atol.isZero() && rtol.isZero() && ulps == 0;
  if (mode.getValue() != ResultAccuracyMode::TOLERANCE && !zero)
    return emitError() << "result_accuracy with mode "
                       << stringifyResultAccuracyMode(mode.getValue())
                       << " takes no tolerances: atol, rtol and ulps must "
                          "be 0";
  if (atol.isNegative() || rtol.isNegative() || ulps < 0)
    return emitError() << "result_accuracy tolerances must not be negative";
  return success();
}

/// Mesh axes: #stablehlo.axis_ref entries, each named, no name twice.
LogicalResult ReplicaGroupMeshAxesAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, FlatSymbolRefAttr,
    ArrayAttr axes) {
  llvm::StringSet<> names;
  for (Attribute axis : axes) {
    auto ref = dyn_cast<AxisRefAttr>(axis);
    if (!ref)
      return emitError() << "replica_group_mesh_axes: each axis must be a "
                            "#stablehlo.axis_ref, not "
                         << axis;
    if (ref.getName().empty())
      return emitError() << "replica_group_mesh_axes: an axis has no name";
    if (!names.insert(ref.getName()).second)
      return emitError() << "replica_group_mesh_axes: axis \""
                         << ref.getName() << "\" appears twice";
  }
  return success();
}

/// dot_general_c22-c25. The algorithms StableHLO knows hardware for (its
/// spec's dot_general examples and XLA's PrecisionConfig::Algorithm): f8 x
/// f8 into f32; bf16 into f32 in 1, 3, 6 or 9 passes, or into bf16; tf32
/// in 1 or 3; f16 into f16 or f32; f32; f64.
LogicalResult
DotAlgorithmAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         Type lhs, Type rhs, Type acc, int64_t lhsComponents,
                         int64_t rhsComponents, int64_t passes,
                         bool allowImpreciseAccumulation) {
  if (lhsComponents < 1)
    return emitError() << "(dot_general_c22) lhs component count must be "
                          "positive";
  if (rhsComponents < 1)
    return emitError() << "(dot_general_c23) rhs component count must be "
                          "positive";
  if (passes < 1)
    return emitError() << "(dot_general_c24) num primitive operations must "
                          "be positive";
  auto isF8 = [](Type t) {
    auto f = dyn_cast<FloatType>(t);
    return f && f.getWidth() == 8;
  };
  auto known = [&] {
    if (lhsComponents != 1 || rhsComponents != 1)
      return false;
    if (isF8(lhs) && isF8(rhs))
      return acc.isF32() && passes == 1;
    if (allowImpreciseAccumulation || lhs != rhs)
      return false;
    if (lhs.isBF16())
      return (acc.isF32() && llvm::is_contained({1, 3, 6, 9}, passes)) ||
             (acc.isBF16() && passes == 1);
    if (isa<FloatTF32Type>(lhs))
      return acc.isF32() && (passes == 1 || passes == 3);
    if (lhs.isF16())
      return (acc.isF16() || acc.isF32()) && passes == 1;
    return (lhs.isF32() || lhs.isF64()) && acc == lhs && passes == 1;
  };
  if (!known())
    return emitError() << "(dot_general_c25) dot algorithm not known to be "
                          "supported on any hardware";
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
  // dot_general_c21 (the attribute checks c22-c25 itself).
  if (getAlgorithmAttr() && !isDefaultPrecision(getPrecisionConfigAttr()))
    return emitOpError("(dot_general_c21) must specify DEFAULT precision "
                       "config when algorithm is set");
  RankedTensorType lhs = tensorType(getLhs()), rhs = tensorType(getRhs());
  auto pairsAgree = [&](ArrayRef<int64_t> l, ArrayRef<int64_t> r,
                        StringRef what, StringRef rule) -> LogicalResult {
    for (auto [a, b] : llvm::zip(l, r))
      if (!verify::sizesAgree(lhs.getDimSize(a), rhs.getDimSize(b)))
        return emitOpError("(")
               << rule << ") " << what << " dimension " << a << " of lhs ("
               << lhs.getDimSize(a) << ") and " << b << " of rhs ("
               << rhs.getDimSize(b) << ") must have one size";
    return success();
  };
  if (failed(pairsAgree(dims.getLhsBatchingDimensions(),
                        dims.getRhsBatchingDimensions(), "batching",
                        "dot_general_c9")) ||
      failed(pairsAgree(dims.getLhsContractingDimensions(),
                        dims.getRhsContractingDimensions(), "contracting",
                        "dot_general_c10")))
    return failure();
  // dot_general_c12: batch dimensions, then lhs's free ones, then rhs's.
  SmallVector<int64_t> shape;
  for (int64_t d : dims.getLhsBatchingDimensions())
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhsRank; ++d)
    if (!llvm::is_contained(lhsDims, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhsRank; ++d)
    if (!llvm::is_contained(rhsDims, d))
      shape.push_back(rhs.getDimSize(d));
  if (failed(verifyCompatibleShape(getType().getShape(), shape)))
    return emitOpError("(dot_general_c12) the result shape must be ")
           << list(shape) << ", but is " << list(getType().getShape());
  return success();
}

/// dot: a vector or matrix times a vector or matrix, contracting lhs's last
/// dimension with rhs's first (dot_general with those dimension numbers).
LogicalResult DotOp::verify() {
  RankedTensorType lhs = tensorType(getLhs()), rhs = tensorType(getRhs());
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
      rhs.getRank() > 2)
    return emitOpError("lhs and rhs must be vectors or matrices, but have "
                       "ranks ")
           << lhs.getRank() << " and " << rhs.getRank();
  int64_t k = lhs.getShape().back();
  if (!verify::sizesAgree(k, rhs.getDimSize(0)))
    return emitOpError("lhs's last dimension (")
           << k << ") and rhs's first (" << rhs.getDimSize(0)
           << ") must have one size";
  SmallVector<int64_t> shape(lhs.getShape().drop_back());
  llvm::append_range(shape, rhs.getShape().drop_front());
  if (failed(verifyCompatibleShape(getType().getShape(), shape)))
    return emitOpError("the result shape must be ")
           << list(shape) << ", but is " << list(getType().getShape());
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
    if (input.getElementType() != init.getElementType())
      return emitOpError("(reduce_c2) input #")
             << i << " (" << input.getElementType()
             << ") and its init value (" << init.getElementType()
             << ") must have one element type";
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

/// a is a batch of square matrices; b has a's batch and, on the side
/// `left_side` names, a's size.
LogicalResult CholeskyOp::verify() {
  RankedTensorType a = tensorType(getA());
  if (a != getType())
    return emitOpError("(cholesky_c1) result must have a's type ") << a;
  if (a.getRank() < 2)
    return emitOpError("(cholesky_c2) a must have rank 2 or more, not ")
           << a.getRank();
  if (!sizesAgree(a.getDimSize(a.getRank() - 1), a.getDimSize(a.getRank() - 2)))
    return emitOpError("(cholesky_c3) a must be square in its last two "
                       "dimensions");
  if (!isa<FloatType>(a.getElementType()))
    return emitOpError("a must have float elements, not ")
           << a.getElementType();
  return success();
}

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

/// Each layout (minor-to-major dimension order) is a permutation of its
/// value's dimensions.
static LogicalResult checkLayouts(Operation *op, ArrayAttr layouts,
                                  TypeRange types, StringRef what) {
  if (layouts.size() != types.size())
    return op->emitOpError("(custom_call) ")
           << what << " must have one layout per " << what.drop_back(8)
           << " (" << types.size() << "), but has " << layouts.size();
  for (auto [layout, type] : llvm::zip(layouts, types)) {
    auto values = dyn_cast<DenseIntElementsAttr>(layout);
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!values || !tensor)
      return op->emitOpError("(custom_call) ")
             << what << " must be dense integer tensors for tensor values";
    SmallVector<int64_t> dims;
    for (const APInt &v : values.getValues<APInt>())
      dims.push_back(v.getSExtValue());
    SmallVector<int64_t> sorted(dims);
    llvm::sort(sorted);
    if (sorted != llvm::to_vector(llvm::seq<int64_t>(0, tensor.getRank())))
      return op->emitOpError("(custom_call) layout ")
             << list(dims) << " for " << type
             << " must be a permutation of [0, " << tensor.getRank() << ")";
  }
  return success();
}

/// The type at `path` inside `type` (tuple indices), or null.
static Type typeAtPath(Type type, ArrayRef<int64_t> path) {
  for (int64_t index : path) {
    auto tuple = dyn_cast<TupleType>(type);
    if (!tuple || index < 0 || index >= static_cast<int64_t>(tuple.size()))
      return {};
    type = tuple.getType(index);
  }
  return type;
}

/// Each output_operand_alias names an operand that exists, and a result and
/// operand part of one type. With several results the output path's first
/// index picks the result (MHLO's results were one tuple); the rest of each
/// path indexes into tuples.
static LogicalResult checkOutputOperandAliases(CustomCallOp op) {
  ArrayAttr aliases = op.getOutputOperandAliasesAttr();
  if (!aliases)
    return success();
  for (auto alias : aliases.getAsRange<OutputOperandAliasAttr>()) {
    int64_t index = alias.getOperandIndex();
    int64_t operands = op.getInputs().size();
    if (index < 0 || index >= operands)
      return op.emitOpError("(custom_call) output_operand_aliases names "
                            "operand ")
             << index << ", but the call has " << operands;
    ArrayRef<int64_t> outputPath = alias.getOutputTupleIndices();
    Type output;
    if (op.getNumResults() == 1) {
      output = typeAtPath(op.getResult(0).getType(), outputPath);
    } else if (!outputPath.empty() && outputPath[0] >= 0 &&
               outputPath[0] < static_cast<int64_t>(op.getNumResults())) {
      output = typeAtPath(op.getResult(outputPath[0]).getType(),
                          outputPath.drop_front());
    }
    if (!output)
      return op.emitOpError("(custom_call) output_operand_aliases' "
                            "output_tuple_indices ")
             << list(outputPath) << " name no result";
    Type operand = typeAtPath(op.getInputs()[index].getType(),
                              alias.getOperandTupleIndices());
    if (!operand)
      return op.emitOpError("(custom_call) output_operand_aliases' "
                            "operand_tuple_indices ")
             << list(alias.getOperandTupleIndices()) << " name no part of "
             << "operand " << index;
    if (operand != output)
      return op.emitOpError("(custom_call) the result aliases operand ")
             << index << ", so its type must be " << operand << ", not "
             << output;
  }
  return success();
}

LogicalResult CustomCallOp::verify() {
  // API_VERSION_TYPED_FFI (4) reads its backend_config as a dictionary;
  // the older versions as an opaque string.
  if (auto version = dyn_cast_if_present<IntegerAttr>(getApiVersionAttr());
      version && getBackendConfigAttr()) {
    bool typed = version.getInt() == 4;
    if (typed != isa<DictionaryAttr>(getBackendConfigAttr()))
      return emitOpError("(custom_call) backend_config must be ")
             << (typed ? "a dictionary for API_VERSION_TYPED_FFI"
                       : "a string for api_version before API_VERSION_TYPED_FFI");
  }
  if (failed(checkOutputOperandAliases(*this)))
    return failure();
  ArrayAttr operands = getOperandLayoutsAttr(), results = getResultLayoutsAttr();
  if (!operands && !results)
    return success();
  if (!operands || !results)
    return emitOpError("(custom_call) operand_layouts and result_layouts "
                       "must be given together");
  if (failed(checkLayouts(*this, operands, getInputs().getTypes(),
                          "operand_layouts")))
    return failure();
  return checkLayouts(*this, results, getResultTypes(), "result_layouts");
}
