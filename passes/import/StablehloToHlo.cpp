//===- StablehloToHlo.cpp - Import StableHLO into hlo ---------------------===//
//
// convert-stablehlo-to-hlo: each StableHLO op of a function becomes the hlo
// ops with the same semantics (StableHLO's spec is the reference). hlo keeps
// broadcasting explicit and reductions as kinds, so scalar operands of select
// and clamp are broadcast and a reduce body must be one of hlo's kinds. What
// hlo cannot express fails the pass with one error at the op; nothing is
// rewritten then. Reductions, windows and scatters are in
// StablehloReductions.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/chlo/ChloOps.h"
#include "dialects/hlo/HLOOps.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "passes/PassUtils.h"
#include "passes/Passes.h"
#include "passes/import/ResourceConstants.h"
#include "passes/import/StablehloImport.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_CONVERTSTABLEHLOTOHLO
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
namespace sh = mlir::stablehlo;

using namespace mlir::tpu::stablehlo_import;

LogicalResult Importer::checkTypes(Operation *op, int skipOperand) {
  SmallVector<Type> types;
  for (OpOperand &operand : op->getOpOperands())
    if (static_cast<int>(operand.getOperandNumber()) != skipOperand)
      types.push_back(operand.get().getType());
  llvm::append_range(types, op->getResultTypes());
  for (Type type : types) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return unsupported(op)
             << "it needs tensors of static shape, not " << type;
    Type element = tensor.getElementType();
    if (element.isF64() || isa<ComplexType>(element))
      return unsupported(op)
             << "element type " << element << " (TPUs have no " << element
             << " arithmetic; XLA:TPU rejects it too)";
    if (!hlo::isSupportedElementType(element))
      return unsupported(op)
             << "element type " << element << " (the TPU compiler supports "
             << tpu::kSupportedElementTypes << ")";
  }
  return success();
}

Value Importer::broadcastScalar(Location loc, Value v,
                                ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getShape() == shape)
    return v;
  return hlo::BroadcastInDimOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), v,
      b.getDenseI64ArrayAttr({}));
}

Value Importer::transpose(Location loc, Value v, ArrayRef<int64_t> perm) {
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return v;
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  return hlo::TransposeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), v,
      b.getDenseI64ArrayAttr(perm));
}

Value Importer::reshapeTo(Location loc, RankedTensorType type, Value v) {
  return v.getType() == type ? v
                             : Value(hlo::ReshapeOp::create(b, loc, type, v));
}

Value Importer::splat(Location loc, RankedTensorType type, Attribute scalar) {
  return tpu::splatConstant(b, loc, type, cast<TypedAttr>(scalar));
}

Value Importer::compareOf(Location loc, hlo::ComparisonDirection direction,
                          Value lhs, Value rhs) {
  auto type = cast<RankedTensorType>(lhs.getType());
  return hlo::CompareOp::create(
      b, loc, RankedTensorType::get(type.getShape(), b.getI1Type()),
      hlo::ComparisonDirectionAttr::get(b.getContext(), direction), lhs, rhs);
}

/// Whether a dot_general's algorithm asks for more than the MXU's one bf16
/// pass: operands wider than bf16 (f16, tf32, f32, f64) or several passes
/// (bf16_bf16_f32_x3, x6, x9). hlo's only such precision is HIGHEST, the
/// MXU's f32 emulation, which is at least as precise as each of them.
static bool needsF32Passes(sh::DotAlgorithmAttr algorithm) {
  auto fitsBf16 = [](Type t) {
    auto f = dyn_cast<FloatType>(t);
    return f && (t.isBF16() || f.getWidth() == 8);
  };
  return algorithm.getNumPrimitiveOperations() > 1 ||
         !fitsBf16(algorithm.getLhsPrecisionType()) ||
         !fitsBf16(algorithm.getRhsPrecisionType());
}

/// DEFAULT leaves the choice to the compiler's default precision; HIGH
/// (bf16_3x on a TPU) and HIGHEST both take hlo's multi-pass HIGHEST, as
/// does a dot_general algorithm that needs more than one bf16 pass.
static hlo::PrecisionAttr precisionOf(MLIRContext *context, ArrayAttr config,
                                     sh::DotAlgorithmAttr algorithm = {}) {
  if (!sh::isDefaultPrecision(config) ||
      (algorithm && needsF32Passes(algorithm)))
    return hlo::PrecisionAttr::get(context, hlo::Precision::HIGHEST);
  return {};
}

FailureOr<Value> Importer::compare(sh::CompareOp op) {
  std::optional<sh::ComparisonType> kind;
  if (auto attr = op.getCompareTypeAttr())
    kind = attr.getValue();
  return compareValues(op, op.getComparisonDirection(), kind,
                       lookup(op.getLhs()), lookup(op.getRhs()));
}

FailureOr<Value> Importer::broadcastCompare(chlo::BroadcastCompareOp op) {
  // chlo's enums spell StableHLO's cases.
  std::optional<sh::ComparisonType> kind;
  if (auto attr = op.getCompareTypeAttr())
    kind = sh::symbolizeComparisonType(
        chlo::stringifyComparisonType(attr.getValue()));
  auto direction = sh::symbolizeComparisonDirection(
      chlo::stringifyComparisonDirection(op.getComparisonDirection()));
  return compareValues(op, *direction, kind, broadcastOperand(op, 0),
                       broadcastOperand(op, 1));
}

FailureOr<Value>
Importer::compareValues(Operation *op, sh::ComparisonDirection direction,
                        std::optional<sh::ComparisonType> kind, Value lhs,
                        Value rhs) {
  Type element = getElementTypeOrSelf(lhs.getType());
  // hlo compares floats by IEEE, signless integers as signed, unsigned
  // ones as unsigned and i1 as 0 < 1.
  bool isUnsigned = element.isInteger(1) || element.isUnsignedInteger();
  bool totalOrder =
      isa<FloatType>(element) && kind == sh::ComparisonType::TOTALORDER;
  bool ok = !kind || *kind == sh::ComparisonType::NOTYPE || totalOrder ||
            (isa<FloatType>(element) && *kind == sh::ComparisonType::FLOAT) ||
            (isUnsigned && *kind == sh::ComparisonType::UNSIGNED) ||
            (!isUnsigned && isa<IntegerType>(element) &&
             *kind == sh::ComparisonType::SIGNED);
  if (!ok)
    return unsupported(op) << "compare_type "
                           << sh::stringifyComparisonType(*kind) << " on "
                           << element << " elements";
  auto hloDirection = hlo::symbolizeComparisonDirection(
      sh::stringifyComparisonDirection(direction));
  if (totalOrder) {
    lhs = totalOrderKey(op->getLoc(), lhs);
    rhs = totalOrderKey(op->getLoc(), rhs);
  }
  return Value(hlo::CompareOp::create(
      b, op->getLoc(), resultType(op),
      hlo::ComparisonDirectionAttr::get(b.getContext(), *hloDirection), lhs,
      rhs));
}

/// reduce_precision rounds to a float format of `e` exponent and `m`
/// mantissa bits and back to the element type: nothing to do for a format
/// at least as wide as the element type's, a convert there and back for
/// bf16's (e8m7) and f16's (e5m10), the formats the TPU rounds to.
FailureOr<Value> Importer::reducePrecision(sh::ReducePrecisionOp op) {
  Value x = lookup(op.getOperand());
  auto element = cast<FloatType>(getElementTypeOrSelf(x.getType()));
  int e = op.getExponentBits(), m = op.getMantissaBits();
  int ownMantissa = element.getFPMantissaWidth() - 1; // without the hidden 1
  int ownExponent = static_cast<int>(element.getWidth()) - 1 - ownMantissa;
  if (e >= ownExponent && m >= ownMantissa)
    return x;
  Type format = e == 8 && m == 7    ? Type(b.getBF16Type())
                : e == 5 && m == 10 ? Type(b.getF16Type())
                                    : Type();
  if (!format)
    return unsupported(op) << "reduce_precision to e" << e << "m" << m
                           << " (the TPU rounds to bf16's e8m7 and f16's "
                              "e5m10)";
  Value rounded = hlo::ConvertOp::create(b, op.getLoc(), x, format);
  return Value(hlo::ConvertOp::create(b, op.getLoc(), rounded, element));
}

/// sign(x): -1, 0 or 1, with ±0 and NaN returned as they are (the spec's
/// semantics), by two comparisons and selects.
FailureOr<Value> Importer::sign(Operation *op) {
  Location loc = op->getLoc();
  RankedTensorType type = resultType(op);
  Type element = type.getElementType();
  if (element.isInteger(1))
    return unsupported(op) << "sign of i1 elements";
  Value x = lookup(op->getOperand(0));
  auto constant = [&](double v) -> Value {
    Attribute scalar = isa<FloatType>(element)
                           ? Attribute(b.getFloatAttr(element, v))
                           : Attribute(b.getIntegerAttr(element, (int64_t)v));
    return splat(loc, type, scalar);
  };
  auto cmp = [&](hlo::ComparisonDirection d) -> Value {
    return hlo::CompareOp::create(
        b, loc, RankedTensorType::get(type.getShape(), b.getI1Type()),
        hlo::ComparisonDirectionAttr::get(b.getContext(), d), x, constant(0));
  };
  Value zeroOrSelf = isa<FloatType>(element) ? x : constant(0);
  if (element.isUnsignedInteger()) // never below zero
    return Value(hlo::SelectOp::create(b, loc, type,
                                       cmp(hlo::ComparisonDirection::GT),
                                       constant(1), zeroOrSelf));
  Value negative =
      hlo::SelectOp::create(b, loc, type, cmp(hlo::ComparisonDirection::LT),
                            constant(-1), zeroOrSelf);
  return Value(hlo::SelectOp::create(
      b, loc, type, cmp(hlo::ComparisonDirection::GT), constant(1), negative));
}

FailureOr<Value> Importer::convertElementwise(Operation *op) {
  Location loc = op->getLoc();
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](sh::ConstantOp c) -> FailureOr<Value> {
        return Value(hlo::ConstantOp::create(
            b, loc, resultType(op), cast<DenseElementsAttr>(c.getValue())));
      })
      .Case<sh::AddOp>(binaryCase<hlo::AddOp>())
      .Case<sh::SubtractOp>(binaryCase<hlo::SubtractOp>())
      .Case<sh::MulOp>(binaryCase<hlo::MulOp>())
      .Case<sh::DivOp>(binaryCase<hlo::DivOp>())
      .Case<sh::MaxOp>(binaryCase<hlo::MaxOp>())
      .Case<sh::MinOp>(binaryCase<hlo::MinOp>())
      .Case<sh::AndOp>(binaryCase<hlo::AndOp>())
      .Case<sh::OrOp>(binaryCase<hlo::OrOp>())
      .Case<sh::XorOp>(binaryCase<hlo::XorOp>())
      .Case<sh::ShiftLeftOp>(binaryCase<hlo::ShiftLeftOp>())
      .Case<sh::ShiftRightLogicalOp>(binaryCase<hlo::ShiftRightLogicalOp>())
      .Case<sh::ShiftRightArithmeticOp>(
          binaryCase<hlo::ShiftRightArithmeticOp>())
      .Case<sh::AbsOp>(unaryCase<hlo::AbsOp>())
      .Case<sh::NegOp>(unaryCase<hlo::NegOp>())
      .Case<sh::ExpOp>(unaryCase<hlo::ExpOp>())
      .Case<sh::LogOp>(unaryCase<hlo::LogOp>())
      .Case<sh::TanhOp>(unaryCase<hlo::TanhOp>())
      .Case<sh::LogisticOp>(unaryCase<hlo::LogisticOp>())
      .Case<sh::SqrtOp>(unaryCase<hlo::SqrtOp>())
      .Case<sh::RsqrtOp>(unaryCase<hlo::RsqrtOp>())
      .Case<sh::FloorOp>(unaryCase<hlo::FloorOp>())
      .Case<sh::CeilOp>(unaryCase<hlo::CeilOp>())
      .Case<sh::RoundNearestEvenOp>(unaryCase<hlo::RoundNearestEvenOp>())
      .Case<sh::SineOp>(unaryCase<hlo::SineOp>())
      .Case<sh::CosineOp>(unaryCase<hlo::CosineOp>())
      .Case<sh::NotOp>(unaryCase<hlo::NotOp>())
      .Case<sh::TanOp>(unaryCase<hlo::TanOp>())
      .Case<sh::CbrtOp>(unaryCase<hlo::CbrtOp>())
      .Case<sh::Expm1Op>(unaryCase<hlo::Expm1Op>())
      .Case<sh::Log1pOp>(unaryCase<hlo::Log1pOp>())
      .Case<sh::RoundNearestAfzOp>(unaryCase<hlo::RoundNearestAfzOp>())
      .Case<sh::PopcntOp>(unaryCase<hlo::PopcntOp>())
      .Case<sh::ClzOp>(unaryCase<hlo::ClzOp>())
      .Case<sh::RemOp>(binaryCase<hlo::RemOp>())
      .Case<sh::PowOp>(binaryCase<hlo::PowOp>())
      .Case<sh::Atan2Op>(binaryCase<hlo::Atan2Op>())
      .Case([&](chlo::BroadcastCompareOp c) { return broadcastCompare(c); })
      .Case([&](chlo::BroadcastSelectOp) -> FailureOr<Value> {
        return Value(hlo::SelectOp::create(
            b, loc, resultType(op), broadcastOperand(op, 0),
            broadcastOperand(op, 1), broadcastOperand(op, 2)));
      })
      .Case<chlo::BroadcastAddOp>(broadcastBinaryCase<hlo::AddOp>())
      .Case<chlo::BroadcastSubOp>(broadcastBinaryCase<hlo::SubtractOp>())
      .Case<chlo::BroadcastMulOp>(broadcastBinaryCase<hlo::MulOp>())
      .Case<chlo::BroadcastDivOp>(broadcastBinaryCase<hlo::DivOp>())
      .Case<chlo::BroadcastRemOp>(broadcastBinaryCase<hlo::RemOp>())
      .Case<chlo::BroadcastMaxOp>(broadcastBinaryCase<hlo::MaxOp>())
      .Case<chlo::BroadcastMinOp>(broadcastBinaryCase<hlo::MinOp>())
      .Case<chlo::BroadcastPowOp>(broadcastBinaryCase<hlo::PowOp>())
      .Case<chlo::BroadcastAtan2Op>(broadcastBinaryCase<hlo::Atan2Op>())
      .Case<chlo::BroadcastAndOp>(broadcastBinaryCase<hlo::AndOp>())
      .Case<chlo::BroadcastOrOp>(broadcastBinaryCase<hlo::OrOp>())
      .Case<chlo::BroadcastXorOp>(broadcastBinaryCase<hlo::XorOp>())
      .Case<chlo::BroadcastShiftLeftOp>(
          broadcastBinaryCase<hlo::ShiftLeftOp>())
      .Case<chlo::BroadcastShiftRightArithmeticOp>(
          broadcastBinaryCase<hlo::ShiftRightArithmeticOp>())
      .Case<chlo::BroadcastShiftRightLogicalOp>(
          broadcastBinaryCase<hlo::ShiftRightLogicalOp>())
      .Case([&](chlo::ConstantLikeOp c) -> FailureOr<Value> {
        return splat(loc, resultType(op), c.getValue());
      })
      // chlo's math, where hlo has the function.
      .Case<chlo::MulhiOp>([&](chlo::MulhiOp) { return mulhi(op); })
      .Case<chlo::TanOp>(unaryCase<hlo::TanOp>())
      .Case<chlo::SinhOp>(unaryCase<hlo::SinhOp>())
      .Case<chlo::CoshOp>(unaryCase<hlo::CoshOp>())
      .Case<chlo::AsinhOp>(unaryCase<hlo::AsinhOp>())
      .Case<chlo::AcoshOp>(unaryCase<hlo::AcoshOp>())
      .Case<chlo::AtanhOp>(unaryCase<hlo::AtanhOp>())
      .Case<chlo::ErfOp>(unaryCase<hlo::ErfOp>())
      .Case<chlo::ErfcOp>(unaryCase<hlo::ErfcOp>())
      .Case<chlo::LgammaOp>(unaryCase<hlo::LgammaOp>())
      .Case([&](chlo::AtanOp a) -> FailureOr<Value> {
        Value x = lookup(a.getOperand());
        auto type = cast<RankedTensorType>(x.getType());
        Value one = splat(loc, type, b.getFloatAttr(type.getElementType(), 1));
        return Value(hlo::Atan2Op::create(b, loc, x, one));
      })
      .Case([&](sh::SignOp) { return sign(op); })
      .Case([&](sh::IsFiniteOp f) -> FailureOr<Value> {
        // x - x is 0 exactly when x is finite (inf - inf and NaN are NaN).
        Value x = lookup(f.getOperand());
        auto type = cast<RankedTensorType>(x.getType());
        Value diff = hlo::SubtractOp::create(b, loc, x, x);
        Value zero = splat(loc, type, b.getZeroAttr(type.getElementType()));
        return compareOf(loc, hlo::ComparisonDirection::EQ, diff, zero);
      })
      .Case([&](sh::ConvertOp c) -> FailureOr<Value> {
        return Value(hlo::ConvertOp::create(b, loc, lookup(c.getOperand()),
                                            resultType(op).getElementType()));
      })
      .Case([&](sh::BitcastConvertOp c) -> FailureOr<Value> {
        Type from = getElementTypeOrSelf(c.getOperand().getType());
        Type to = resultType(op).getElementType();
        if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
          return bitcastWidths(c);
        return Value(hlo::BitcastConvertOp::create(b, loc, resultType(op),
                                                   lookup(c.getOperand())));
      })
      .Case([&](sh::ReducePrecisionOp r) { return reducePrecision(r); })
      .Case([&](sh::CompareOp c) { return compare(c); })
      .Case([&](sh::SortOp s) { return sort(s); })
      .Case<sh::DynamicSliceOp>(
          [&](sh::DynamicSliceOp) { return dynamicSlice(op); })
      .Case<sh::DynamicUpdateSliceOp>(
          [&](sh::DynamicUpdateSliceOp) { return dynamicUpdateSlice(op); })
      .Case<chlo::TopKOp>([&](chlo::TopKOp) { return topK(op); })
      .Case([&](sh::GatherOp g) { return gather(g); })
      .Case([&](sh::TriangularSolveOp t) { return triangularSolve(t); })
      .Case([&](sh::CholeskyOp c) { return cholesky(c); })
      .Case<sh::BatchNormInferenceOp, sh::BatchNormTrainingOp,
            sh::BatchNormGradOp>([&](Operation *) { return batchNorm(op); })
      .Case([&](sh::MapOp m) -> FailureOr<Value> {
        SmallVector<Value> inputs;
        for (Value input : m.getInputs())
          inputs.push_back(lookup(input));
        FailureOr<SmallVector<Value>> results = applyBody(
            m.getComputation(), inputs, resultType(op).getShape());
        if (failed(results))
          return failure();
        return results->front();
      })
      .Case([&](sh::BroadcastOp bc) -> FailureOr<Value> {
        // The operand's dimensions are the result's last ones.
        int64_t added = bc.getBroadcastSizes().size();
        int64_t rank = resultType(op).getRank();
        return Value(hlo::BroadcastInDimOp::create(
            b, loc, resultType(op), lookup(bc.getOperand()),
            b.getDenseI64ArrayAttr(
                llvm::to_vector(llvm::seq<int64_t>(added, rank)))));
      })
      .Case([&](sh::RngOp r) { return rng(r); })
      .Case<sh::DynamicIotaOp, sh::DynamicReshapeOp,
            sh::DynamicBroadcastInDimOp>(
          [&](Operation *) { return shapeOperandOp(op); })
      .Case<sh::DynamicGatherOp, sh::DynamicConvOp, sh::SetDimensionSizeOp,
            sh::DynamicPadOp>(
          [&](Operation *) { return constantOperandOp(op); })
      .Case([&](sh::EinsumOp e) { return einsum(e); })
      .Case([&](sh::TorchIndexSelectOp t) { return torchIndexSelect(t); })
      .Case([&](sh::GetDimensionSizeOp g) -> FailureOr<Value> {
        int64_t size =
            cast<RankedTensorType>(g.getOperand().getType())
                .getDimSize(g.getDimensionAttr().getInt());
        return splat(loc, resultType(op), b.getI32IntegerAttr(size));
      })
      .Case([&](sh::SelectOp s) -> FailureOr<Value> {
        ArrayRef<int64_t> shape = resultType(op).getShape();
        return Value(hlo::SelectOp::create(
            b, loc, resultType(op),
            broadcastScalar(loc, lookup(s.getPred()), shape),
            lookup(s.getOnTrue()), lookup(s.getOnFalse())));
      })
      .Case([&](sh::ClampOp c) -> FailureOr<Value> {
        // min(max(operand, min), max), NaN propagating as the spec says.
        ArrayRef<int64_t> shape = resultType(op).getShape();
        Value low = broadcastScalar(loc, lookup(c.getMin()), shape);
        Value high = broadcastScalar(loc, lookup(c.getMax()), shape);
        Value above = hlo::MaxOp::create(b, loc, lookup(c.getOperand()), low);
        return Value(hlo::MinOp::create(b, loc, above, high));
      })
      .Default([&](Operation *) { return convertStructural(op); });
}

FailureOr<Value> Importer::dotGeneral(Operation *op, Value lhs, Value rhs,
                                      ArrayRef<int64_t> lhsBatch,
                                      ArrayRef<int64_t> rhsBatch,
                                      ArrayRef<int64_t> lhsContract,
                                      ArrayRef<int64_t> rhsContract,
                                      ArrayAttr precisionConfig,
                                      sh::DotAlgorithmAttr algorithm) {
  return Value(hlo::DotGeneralOp::create(
      b, op->getLoc(), resultType(op), lhs, rhs,
      b.getDenseI64ArrayAttr(lhsBatch), b.getDenseI64ArrayAttr(rhsBatch),
      b.getDenseI64ArrayAttr(lhsContract), b.getDenseI64ArrayAttr(rhsContract),
      precisionOf(b.getContext(), precisionConfig, algorithm)));
}

/// hlo convolves NHWC inputs with HWIO kernels into NHWC results: transpose
/// the operands into that form and the result back.
FailureOr<Value> Importer::convolution(sh::ConvolutionOp op) {
  Location loc = op.getLoc();
  sh::ConvDimensionNumbersAttr dims = op.getDimensionNumbers();
  SmallVector<int64_t> inputPerm{dims.getInputBatchDimension()};
  llvm::append_range(inputPerm, dims.getInputSpatialDimensions());
  inputPerm.push_back(dims.getInputFeatureDimension());
  SmallVector<int64_t> kernelPerm(dims.getKernelSpatialDimensions());
  kernelPerm.push_back(dims.getKernelInputFeatureDimension());
  kernelPerm.push_back(dims.getKernelOutputFeatureDimension());
  int64_t rank = inputPerm.size();
  if (rank != resultType(op).getRank() ||
      static_cast<int64_t>(kernelPerm.size()) != rank)
    return unsupported(op) << "dimension numbers that do not cover the "
                              "operands' dimensions";
  Value lhs = transpose(loc, lookup(op.getLhs()), inputPerm);
  Value rhs = transpose(loc, lookup(op.getRhs()), kernelPerm);
  if (auto reversal = op.getWindowReversalAttr()) {
    SmallVector<int64_t> reversed;
    for (auto [i, flag] : llvm::enumerate(reversal.asArrayRef()))
      if (flag)
        reversed.push_back(i);
    if (!reversed.empty())
      rhs =
          hlo::ReverseOp::create(b, loc, rhs, b.getDenseI64ArrayAttr(reversed));
  }
  // The result in NHWC, then in the layout the dimension numbers ask for.
  RankedTensorType type = resultType(op);
  SmallVector<int64_t> nhwcOf(rank); // result dim -> NHWC dim
  nhwcOf[dims.getOutputBatchDimension()] = 0;
  for (auto [i, d] : llvm::enumerate(dims.getOutputSpatialDimensions()))
    nhwcOf[d] = 1 + i;
  nhwcOf[dims.getOutputFeatureDimension()] = rank - 1;
  SmallVector<int64_t> nhwcShape(rank);
  for (int64_t d = 0; d < rank; ++d)
    nhwcShape[nhwcOf[d]] = type.getDimSize(d);
  DenseI64ArrayAttr padding;
  if (auto pad = op.getPaddingAttr())
    padding = b.getDenseI64ArrayAttr(llvm::to_vector(pad.getValues<int64_t>()));
  // batch_group_count B (the kernel gradient of a grouped convolution):
  // the spec's split of the input's batch and the kernel's output features
  // into B groups, one convolution per group, concatenated along the
  // result's features.
  int64_t groups = op.getBatchGroupCount();
  auto sliceDim = [&](Value v, int64_t dim, int64_t from, int64_t size) {
    auto t = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape());
    start[dim] = from;
    limit[dim] = from + size;
    return Value(hlo::SliceOp::create(
        b, loc, v, b.getDenseI64ArrayAttr(start),
        b.getDenseI64ArrayAttr(limit),
        b.getDenseI64ArrayAttr(SmallVector<int64_t>(t.getRank(), 1))));
  };
  SmallVector<int64_t> pieceShape(nhwcShape);
  pieceShape.back() /= groups;
  int64_t batch = cast<RankedTensorType>(lhs.getType()).getDimSize(0) / groups;
  SmallVector<Value> pieces;
  for (int64_t g = 0; g < groups; ++g) {
    Value pieceLhs = groups == 1 ? lhs : sliceDim(lhs, 0, g * batch, batch);
    Value pieceRhs = groups == 1 ? rhs
                                 : sliceDim(rhs, rank - 1, g * pieceShape.back(),
                                            pieceShape.back());
    pieces.push_back(hlo::ConvolutionOp::create(
        b, loc, RankedTensorType::get(pieceShape, type.getElementType()),
        pieceLhs, pieceRhs, op.getWindowStridesAttr(), padding,
        op.getLhsDilationAttr(), op.getRhsDilationAttr(),
        op.getFeatureGroupCountAttr(),
        precisionOf(b.getContext(), op.getPrecisionConfigAttr())));
  }
  Value conv = pieces.size() == 1
                   ? pieces.front()
                   : Value(hlo::ConcatenateOp::create(
                         b, loc,
                         RankedTensorType::get(nhwcShape, type.getElementType()),
                         pieces, b.getI64IntegerAttr(rank - 1)));
  return transpose(loc, conv, nhwcOf);
}

FailureOr<Value> Importer::convertStructural(Operation *op) {
  Location loc = op->getLoc();
  auto operand = [&](unsigned i) { return lookup(op->getOperand(i)); };
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](sh::IotaOp i) -> FailureOr<Value> {
        if (resultType(op).getElementType().isInteger(1))
          return unsupported(op) << "an iota of i1 elements";
        return Value(hlo::IotaOp::create(b, loc, resultType(op),
                                         i.getIotaDimensionAttr()));
      })
      .Case([&](sh::BroadcastInDimOp bc) {
        return Value(
            hlo::BroadcastInDimOp::create(b, loc, resultType(op), operand(0),
                                          bc.getBroadcastDimensionsAttr()));
      })
      .Case([&](sh::ReshapeOp) {
        return Value(
            hlo::ReshapeOp::create(b, loc, resultType(op), operand(0)));
      })
      .Case([&](sh::TransposeOp t) {
        return transpose(loc, operand(0), t.getPermutation());
      })
      .Case([&](sh::ReverseOp r) {
        return Value(
            hlo::ReverseOp::create(b, loc, operand(0), r.getDimensionsAttr()));
      })
      .Case([&](sh::SliceOp s) {
        return Value(hlo::SliceOp::create(
            b, loc, resultType(op), operand(0), s.getStartIndicesAttr(),
            s.getLimitIndicesAttr(), s.getStridesAttr()));
      })
      .Case([&](sh::PadOp p) {
        return Value(hlo::PadOp::create(b, loc, resultType(op), operand(0),
                                        operand(1), p.getEdgePaddingLowAttr(),
                                        p.getEdgePaddingHighAttr(),
                                        p.getInteriorPaddingAttr()));
      })
      .Case([&](sh::ConcatenateOp c) {
        SmallVector<Value> inputs;
        for (Value input : c.getInputs())
          inputs.push_back(lookup(input));
        return Value(hlo::ConcatenateOp::create(b, loc, resultType(op), inputs,
                                                c.getDimensionAttr()));
      })
      .Case([&](sh::DotGeneralOp d) {
        sh::DotDimensionNumbersAttr dims = d.getDotDimensionNumbers();
        return dotGeneral(
            op, operand(0), operand(1), dims.getLhsBatchingDimensions(),
            dims.getRhsBatchingDimensions(), dims.getLhsContractingDimensions(),
            dims.getRhsContractingDimensions(), d.getPrecisionConfigAttr(),
            d.getAlgorithmAttr());
      })
      .Case([&](sh::DotOp d) -> FailureOr<Value> {
        // The verifier holds both operands to rank 1 or 2.
        int64_t lhsRank =
            cast<RankedTensorType>(d.getLhs().getType()).getRank();
        return dotGeneral(op, operand(0), operand(1), {}, {}, {lhsRank - 1},
                          {0}, d.getPrecisionConfigAttr());
      })
      .Case([&](sh::ConvolutionOp c) { return convolution(c); })
      .Case([&](sh::ReduceOp r) { return reduce(r); })
      .Case([&](sh::ReduceWindowOp r) { return reduceWindow(r); })
      .Case([&](sh::SelectAndScatterOp s) { return selectAndScatter(s); })
      .Case([&](sh::ScatterOp s) { return scatter(s); })
      .Case<chlo::IsInfOp, chlo::IsPosInfOp, chlo::IsNegInfOp>(
          [&](Operation *m) { return isInf(m); })
      .Case<chlo::ErfInvOp, chlo::NextAfterOp, chlo::DigammaOp,
            chlo::BesselI1eOp, chlo::AsinOp, chlo::AcosOp,
            chlo::BroadcastNextAfterOp, chlo::PolygammaOp,
            chlo::BroadcastPolygammaOp, chlo::ZetaOp, chlo::BroadcastZetaOp>(
          [&](Operation *m) -> FailureOr<Value> {
        if (!isa<FloatType>(getElementTypeOrSelf(m->getResult(0).getType())))
          return unsupported(op) << "it takes floats";
        if (isa<chlo::AsinOp, chlo::AcosOp>(m))
          return inverseSine(m);
        if (isa<chlo::PolygammaOp, chlo::BroadcastPolygammaOp>(m))
          return polygamma(m);
        if (isa<chlo::ZetaOp, chlo::BroadcastZetaOp>(m))
          return zeta(m);
        if (isa<chlo::ErfInvOp>(m))
          return erfInv(m);
        if (isa<chlo::BesselI1eOp>(m))
          return besselI1e(m);
        return isa<chlo::DigammaOp>(m) ? digamma(m) : nextAfter(m);
      })
      .Case([&](sh::CustomCallOp c) -> FailureOr<Value> {
        // JAX's with_sharding_constraint.
        if (c.getCallTargetName() == "Sharding" && c.getInputs().size() == 1 &&
            op->getNumResults() == 1) {
          FailureOr<hlo::ShardingAttr> sharding =
              importSharding(op->getLoc(), op->getAttr("mhlo.sharding"));
          if (failed(sharding))
            return failure();
          return Value(hlo::ShardingConstraintOp::create(
              b, loc, resultType(op), operand(0), *sharding));
        }
        return unsupported(op) << "the custom call target @"
                               << c.getCallTargetName() << " is unknown to it";
      })
      .Default([&](Operation *) -> FailureOr<Value> {
        return unsupported(op) << "no conversion to hlo exists for it yet";
      });
}

/// An `mhlo.sharding` string as an #hlo.sharding, or a located error.
FailureOr<hlo::ShardingAttr>
mlir::tpu::stablehlo_import::importSharding(Location loc, Attribute attr) {
  auto text = dyn_cast_or_null<StringAttr>(attr);
  if (!text)
    return emitError(loc) << "expected an `mhlo.sharding` string";
  std::string error;
  FailureOr<hlo::ShardingAttr> sharding =
      hlo::ShardingAttr::parse(loc.getContext(), text.getValue(), error);
  if (failed(sharding))
    return emitError(loc) << "invalid sharding \"" << text.getValue()
                          << "\": " << error;
  return sharding;
}

/// Argument (or result) `i`'s `mhlo.sharding` becomes `hlo.sharding`.
static LogicalResult importFuncSharding(func::FuncOp func, unsigned i,
                                        bool result) {
  Attribute attr = result ? func.getResultAttr(i, "mhlo.sharding")
                          : func.getArgAttr(i, "mhlo.sharding");
  if (!attr)
    return success();
  Location loc = result ? func.getLoc() : func.getArgument(i).getLoc();
  FailureOr<hlo::ShardingAttr> sharding = importSharding(loc, attr);
  if (failed(sharding))
    return failure();
  if (result) {
    func.removeResultAttr(i,
                          StringAttr::get(func.getContext(), "mhlo.sharding"));
    func.setResultAttr(i, "hlo.sharding", *sharding);
  } else {
    func.removeArgAttr(i, "mhlo.sharding");
    func.setArgAttr(i, "hlo.sharding", *sharding);
  }
  return success();
}

/// The operand that gives an op its result's shape (read at compile time,
/// never computed), or -1.
static int shapeOperand(Operation *op) {
  if (isa<sh::DynamicIotaOp>(op))
    return 0;
  if (isa<sh::DynamicReshapeOp, sh::DynamicBroadcastInDimOp>(op))
    return 1;
  if (isa<sh::RngOp, sh::DynamicGatherOp, sh::DynamicConvOp>(op))
    return 2;
  if (isa<sh::SetDimensionSizeOp>(op))
    return 1;
  return -1;
}

/// A constant read only as scatter indices or as a shape: those ops read
/// its values, so its type (JAX's i64, `index`) need not be one the TPU
/// computes with.
static bool onlyIndices(Operation *op) {
  return isa<sh::ConstantOp>(op) && !op->use_empty() &&
         llvm::all_of(op->getUses(), [](OpOperand &use) {
           auto s = dyn_cast<sh::ScatterOp>(use.getOwner());
           return (s && use.get() == s.getScatterIndices()) ||
                  static_cast<int>(use.getOperandNumber()) ==
                      shapeOperand(use.getOwner());
         });
}

LogicalResult Importer::convert(Operation *op) {
  if (onlyIndices(op))
    return success();
  if (isa<sh::WhileOp, sh::IfOp, sh::CaseOp>(op))
    return controlFlow(op);
  // Tuples are taken apart where they are built: get_tuple_element of a
  // stablehlo.tuple is that operand. A tuple that reaches anything else
  // (a return, a call) has no hlo value.
  if (auto tuple = dyn_cast<sh::TupleOp>(op)) {
    for (Operation *user : tuple->getUsers())
      if (!isa<sh::GetTupleElementOp, sh::TupleOp>(user))
        return unsupported(op) << "its tuple is used by " << user->getName()
                               << " (only get_tuple_element takes tuples "
                                  "apart)";
    return success();
  }
  if (auto get = dyn_cast<sh::GetTupleElementOp>(op)) {
    auto leaves = tupleLeaves.find(get.getOperand());
    if (leaves != tupleLeaves.end()) {
      mapping.map(get.getResult(),
                  leaves->second[get.getIndexAttr().getInt()]);
      return success();
    }
    auto tuple = lookup(get.getOperand()).getDefiningOp<sh::TupleOp>();
    if (!tuple)
      return unsupported(op) << "a tuple not built by stablehlo.tuple in "
                                "this function";
    mapping.map(get.getResult(),
                lookup(tuple.getVal()[get.getIndexAttr().getInt()]));
    return success();
  }
  // The results are the operands: nothing moves across it once imported.
  if (auto barrier = dyn_cast<sh::OptimizationBarrierOp>(op)) {
    for (auto [result, operand] :
         llvm::zip(barrier.getResult(), barrier.getOperand()))
      mapping.map(result, lookup(operand));
    return success();
  }
  if (auto rng = dyn_cast<sh::RngBitGeneratorOp>(op))
    return rngBitGenerator(rng);
  if (auto call = dyn_cast<sh::CustomCallOp>(op);
      call && call.getCallTargetName() != "Sharding")
    return customCall(call);
  // The inliner inlines a composite's decomposition like a call's callee.
  if (auto composite = dyn_cast<sh::CompositeOp>(op))
    return unsupported(op) << "its decomposition @"
                           << composite.getDecomposition()
                           << " was not inlined";
  if (isa<sh::AllReduceOp, sh::AllGatherOp, sh::ReduceScatterOp, sh::AllToAllOp,
          sh::CollectivePermuteOp, sh::CollectiveBroadcastOp,
          sh::CollectiveReduceOp, sh::ReplicaIdOp, sh::PartitionIdOp>(op))
    return failed(checkTypes(op)) ? failure() : collective(op);
  // A scatter's indices are read at compile time; its other operands and
  // results are computed, so their types are checked.
  auto scatterOp = dyn_cast<sh::ScatterOp>(op);
  int indicesOperand = scatterOp
                           ? static_cast<int>(scatterOp.getInputs().size())
                           : shapeOperand(op);
  if (failed(checkTypes(op, indicesOperand)))
    return failure();
  if (op->getNumResults() != 1 &&
      !isa<sh::ReduceOp, sh::ReduceWindowOp, sh::ScatterOp, sh::CustomCallOp,
           sh::SortOp, chlo::TopKOp, sh::BatchNormTrainingOp,
           sh::BatchNormGradOp>(op))
    return unsupported(op) << "it has " << op->getNumResults() << " results";
  FailureOr<Value> result = convertElementwise(op);
  if (failed(result))
    return failure();
  mapping.map(op->getResult(0), *result);
  return success();
}

namespace {

struct ConvertStablehloToHloPass
    : tpu::impl::ConvertStablehloToHloBase<ConvertStablehloToHloPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (failed(tpu::readResourceConstants(func)))
      return signalPassFailure();
    flattenTupleSignature(func);
    foldConvertedWideConstants(func);
    if (failed(lowerQuantizedTypes(func)))
      return signalPassFailure();
    lowerChloScans(func);
    if (failed(lowerRaggedDots(func)))
      return signalPassFailure();
    // Top-level ops (and those in scf regions, which convert-scf-to-hlo
    // converts next) only: reduce bodies and the like are read by their
    // op's conversion.
    SmallVector<Operation *> ops;
    bool unregistered = false;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      // An op of a dialect nobody registered (--allow-unregistered-dialect)
      // has no meaning the compiler could give it.
      if (!op->isRegistered()) {
        tpu::emitUnsupported(op) << "its dialect is not registered";
        unregistered = true;
        return WalkResult::skip();
      }
      // A manual computation's body (import-shardy moved it in) converts
      // in place too.
      if (op == func.getOperation() ||
          isa_and_present<scf::SCFDialect>(op->getDialect()) ||
          isa<hlo::ManualComputationOp>(op))
        return WalkResult::advance();
      if (isa_and_present<sh::StableHLODialect, chlo::ChloDialect>(op->getDialect()))
        ops.push_back(op);
      return WalkResult::skip();
    });
    // Exporters' `mhlo.sharding` strings on arguments and results.
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      if (failed(importFuncSharding(func, i, /*result=*/false)))
        return signalPassFailure();
    for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
      if (failed(importFuncSharding(func, i, /*result=*/true)))
        return signalPassFailure();
    if (unregistered)
      return signalPassFailure();
    if (ops.empty())
      return;
    OpBuilder b(func.getContext());
    Importer importer(b);
    for (Operation *op : ops) {
      b.setInsertionPoint(op);
      if (failed(importer.convert(op)))
        return signalPassFailure();
    }
    for (Operation *op : ops)
      for (Value result : op->getResults())
        if (Value converted = importer.lookup(result); converted != result)
          result.replaceAllUsesWith(converted);
    for (Operation *op : llvm::reverse(ops))
      op->erase();
  }
};

} // namespace
