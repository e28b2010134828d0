//===- StablehloToHlo.cpp - Import StableHLO into hlo ---------------------===//
//
// convert-stablehlo-to-hlo: each StableHLO op of a function becomes the hlo
// ops with the same semantics (StableHLO's spec is the reference). hlo keeps
// broadcasting explicit and reductions as kinds, so scalar operands of select
// and clamp are broadcast and a reduce body must be one of hlo's kinds. What
// hlo cannot express fails the pass with one error at the op; nothing is
// rewritten then.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "passes/PassUtils.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_CONVERTSTABLEHLOTOHLO
#include "passes/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
namespace sh = mlir::stablehlo;

namespace {

RankedTensorType resultType(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType());
}

class Importer {
public:
  explicit Importer(OpBuilder &b) : b(b) {}

  LogicalResult convert(Operation *op);
  Value lookup(Value v) const { return mapping.lookupOrDefault(v); }

private:
  InFlightDiagnostic unsupported(Operation *op) {
    return op->emitError() << op->getName()
                           << " is not supported by the TPU compiler: ";
  }
  /// Operands (but `skipOperand`) and results are tensors the TPU computes.
  LogicalResult checkTypes(Operation *op, int skipOperand = -1);
  FailureOr<Value> convertElementwise(Operation *op);
  FailureOr<Value> convertStructural(Operation *op);
  FailureOr<Value> compare(sh::CompareOp op);
  FailureOr<Value> reducePrecision(sh::ReducePrecisionOp op);
  FailureOr<Value> sign(Operation *op);
  FailureOr<Value> reduce(sh::ReduceOp op);
  /// JAX's argmax/argmin: hlo.reduce for the value, hlo.argmax/argmin for
  /// the index (mapped for the second result).
  FailureOr<Value> argReduce(sh::ReduceOp op);
  FailureOr<Value> reduceWindow(sh::ReduceWindowOp op);
  FailureOr<Value> scatter(sh::ScatterOp op);
  /// `lhs OP rhs` with the hlo op of a reduce body's one op.
  Value combineLike(Operation *bodyOp, Value lhs, Value rhs);
  FailureOr<Value> convolution(sh::ConvolutionOp op);
  FailureOr<Value>
  dotGeneral(Operation *op, Value lhs, Value rhs, ArrayRef<int64_t> lhsBatch,
             ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContract,
             ArrayRef<int64_t> rhsContract, ArrayAttr precisionConfig);
  /// A scalar operand broadcast to `shape`; other values unchanged.
  Value broadcastScalar(Location loc, Value v, ArrayRef<int64_t> shape);
  Value transpose(Location loc, Value v, ArrayRef<int64_t> perm);
  Value splat(Location loc, RankedTensorType type, Attribute scalar);
  template <typename HloOp> auto unaryCase() {
    return [this](Operation *op) -> FailureOr<Value> {
      return Value(HloOp::create(b, op->getLoc(), lookup(op->getOperand(0))));
    };
  }
  template <typename HloOp> Value combine(Value lhs, Value rhs) {
    return HloOp::create(b, lhs.getLoc(), lhs, rhs);
  }
  template <typename HloOp> auto binaryCase() {
    return [this](Operation *op) -> FailureOr<Value> {
      return Value(HloOp::create(b, op->getLoc(), lookup(op->getOperand(0)),
                                 lookup(op->getOperand(1))));
    };
  }

  OpBuilder &b;
  IRMapping mapping;
};

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
      return unsupported(op) << "element type " << element
                             << " (the TPU compiler supports "
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

Value Importer::splat(Location loc, RankedTensorType type, Attribute scalar) {
  return tpu::splatConstant(b, loc, type, cast<TypedAttr>(scalar));
}

/// DEFAULT leaves the choice to the compiler's default precision; HIGH
/// (bf16_3x on a TPU) and HIGHEST both take hlo's multi-pass HIGHEST.
static hlo::PrecisionAttr precisionOf(MLIRContext *context, ArrayAttr config) {
  if (config && llvm::any_of(config, [](Attribute a) {
        return cast<sh::PrecisionAttr>(a).getValue() != sh::Precision::DEFAULT;
      }))
    return hlo::PrecisionAttr::get(context, hlo::Precision::HIGHEST);
  return {};
}

FailureOr<Value> Importer::compare(sh::CompareOp op) {
  Type element = getElementTypeOrSelf(op.getLhs().getType());
  std::optional<sh::ComparisonType> kind;
  if (auto attr = op.getCompareTypeAttr())
    kind = attr.getValue();
  // hlo compares floats by IEEE, signless integers as signed, unsigned
  // ones as unsigned and i1 as 0 < 1.
  bool isUnsigned = element.isInteger(1) || element.isUnsignedInteger();
  bool ok = !kind || *kind == sh::ComparisonType::NOTYPE ||
            (isa<FloatType>(element) && *kind == sh::ComparisonType::FLOAT) ||
            (isUnsigned && *kind == sh::ComparisonType::UNSIGNED) ||
            (!isUnsigned && isa<IntegerType>(element) &&
             *kind == sh::ComparisonType::SIGNED);
  if (!ok)
    return unsupported(op) << "compare_type "
                           << sh::stringifyComparisonType(*kind) << " on "
                           << element << " elements";
  auto direction = hlo::symbolizeComparisonDirection(
      sh::stringifyComparisonDirection(op.getComparisonDirection()));
  return Value(hlo::CompareOp::create(
      b, op.getLoc(), resultType(op),
      hlo::ComparisonDirectionAttr::get(b.getContext(), *direction),
      lookup(op.getLhs()), lookup(op.getRhs())));
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
      .Case([&](sh::SignOp) { return sign(op); })
      .Case([&](sh::IsFiniteOp f) -> FailureOr<Value> {
        // x - x is 0 exactly when x is finite (inf - inf and NaN are NaN).
        Value x = lookup(f.getOperand());
        auto type = cast<RankedTensorType>(x.getType());
        Value diff = hlo::SubtractOp::create(b, loc, x, x);
        return Value(hlo::CompareOp::create(
            b, loc, resultType(op),
            hlo::ComparisonDirectionAttr::get(b.getContext(),
                                              hlo::ComparisonDirection::EQ),
            diff, splat(loc, type, b.getZeroAttr(type.getElementType()))));
      })
      .Case([&](sh::ConvertOp c) -> FailureOr<Value> {
        return Value(hlo::ConvertOp::create(b, loc, lookup(c.getOperand()),
                                            resultType(op).getElementType()));
      })
      .Case([&](sh::BitcastConvertOp c) -> FailureOr<Value> {
        Type from = getElementTypeOrSelf(c.getOperand().getType());
        Type to = resultType(op).getElementType();
        if (from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
          return unsupported(op)
                 << "a bitcast_convert from " << from << " to " << to
                 << ", which changes the shape (the widths differ)";
        return Value(hlo::BitcastConvertOp::create(b, loc, resultType(op),
                                                   lookup(c.getOperand())));
      })
      .Case([&](sh::ReducePrecisionOp r) { return reducePrecision(r); })
      .Case([&](sh::CompareOp c) { return compare(c); })
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
                                      ArrayAttr precisionConfig) {
  return Value(hlo::DotGeneralOp::create(
      b, op->getLoc(), resultType(op), lhs, rhs,
      b.getDenseI64ArrayAttr(lhsBatch), b.getDenseI64ArrayAttr(rhsBatch),
      b.getDenseI64ArrayAttr(lhsContract), b.getDenseI64ArrayAttr(rhsContract),
      precisionOf(b.getContext(), precisionConfig)));
}

} // namespace

namespace {

/// The hlo reduction kind of a reduce (or reduce_window, scatter) body that
/// is one op of its two arguments, and that op.
struct ReduceBody {
  hlo::ReduceKind kind;
  Operation *combine;
};

FailureOr<ReduceBody> matchReduceBody(Region &region) {
  Block &body = region.front();
  if (body.getOperations().size() != 2)
    return failure();
  Operation *combine = &body.front();
  auto ret = cast<sh::ReturnOp>(body.getTerminator());
  if (combine->getNumOperands() != 2 ||
      ret->getOperands() != combine->getResults())
    return failure();
  Value a = combine->getOperand(0), c = combine->getOperand(1);
  if (!((a == body.getArgument(0) && c == body.getArgument(1)) ||
        (a == body.getArgument(1) && c == body.getArgument(0))))
    return failure();
  bool isBool = getElementTypeOrSelf(a.getType()).isInteger(1);
  std::optional<hlo::ReduceKind> kind =
      llvm::TypeSwitch<Operation *, std::optional<hlo::ReduceKind>>(combine)
          .Case([](sh::AddOp) { return hlo::ReduceKind::sum; })
          .Case([](sh::MulOp) { return hlo::ReduceKind::product; })
          .Case([](sh::MaxOp) { return hlo::ReduceKind::max; })
          .Case([](sh::MinOp) { return hlo::ReduceKind::min; })
          // On i1, hlo's sum is or and its product is and.
          .Case([&](sh::OrOp) -> std::optional<hlo::ReduceKind> {
            if (isBool)
              return hlo::ReduceKind::sum;
            return std::nullopt;
          })
          .Case([&](sh::AndOp) -> std::optional<hlo::ReduceKind> {
            if (isBool)
              return hlo::ReduceKind::product;
            return std::nullopt;
          })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind)
    return failure();
  return ReduceBody{*kind, combine};
}

/// The direction (GT: argmax, LT: argmin) of JAX's variadic reduce over
/// (values, iota indices): with block arguments (v, i, w, j),
///   better = compare(DIR, v, w) or compare(NE, v, v)      (NaN wins)
///   pick   = better or (compare(EQ, v, w) and compare(LT, i, j))
///   return select(better, v, w), select(pick, i, j)
/// which is hlo.argmax/argmin's rule (the first index of the best value).
std::optional<sh::ComparisonDirection> matchArgReduceBody(sh::ReduceOp op) {
  Block &body = op.getBody().front();
  Value v = body.getArgument(0), i = body.getArgument(1),
        w = body.getArgument(2), j = body.getArgument(3);
  auto compare = [](Value c, sh::ComparisonDirection dir, Value lhs,
                    Value rhs) {
    auto cmp = c.getDefiningOp<sh::CompareOp>();
    return cmp && cmp.getComparisonDirection() == dir && cmp.getLhs() == lhs &&
           cmp.getRhs() == rhs;
  };
  // `c` is `op(x, y)` with x satisfying `first` and y `second`, either way.
  auto either = [](auto binary, auto first, auto second) {
    if (!binary)
      return false;
    Value x = binary.getLhs(), y = binary.getRhs();
    return (first(x) && second(y)) || (first(y) && second(x));
  };
  auto ret = cast<sh::ReturnOp>(body.getTerminator());
  auto pickValue = ret.getOperand(0).getDefiningOp<sh::SelectOp>();
  auto pickIndex = ret.getOperand(1).getDefiningOp<sh::SelectOp>();
  if (!pickValue || !pickIndex || pickValue.getOnTrue() != v ||
      pickValue.getOnFalse() != w || pickIndex.getOnTrue() != i ||
      pickIndex.getOnFalse() != j)
    return std::nullopt;
  Value better = pickValue.getPred();
  for (auto dir : {sh::ComparisonDirection::GT, sh::ComparisonDirection::LT}) {
    bool betterOk = either(
        better.getDefiningOp<sh::OrOp>(),
        [&](Value c) { return compare(c, dir, v, w); },
        [&](Value c) { return compare(c, sh::ComparisonDirection::NE, v, v); });
    bool pickOk = either(
        pickIndex.getPred().getDefiningOp<sh::OrOp>(),
        [&](Value c) { return c == better; },
        [&](Value c) {
          return either(
              c.getDefiningOp<sh::AndOp>(),
              [&](Value e) {
                return compare(e, sh::ComparisonDirection::EQ, v, w);
              },
              [&](Value e) {
                return compare(e, sh::ComparisonDirection::LT, i, j);
              });
        });
    if (betterOk && pickOk)
      return dir;
  }
  return std::nullopt;
}

/// Whether `value` is a constant splat of `kind`'s identity, the value
/// hlo.reduce starts from.
bool isIdentity(Value value, hlo::ReduceKind kind) {
  // Exporters write scalar inits as a rank-0 broadcast of a constant.
  if (auto bc = value.getDefiningOp<hlo::BroadcastInDimOp>())
    if (cast<RankedTensorType>(bc.getOperand().getType()).getRank() == 0)
      value = bc.getOperand();
  DenseElementsAttr attr;
  return matchPattern(value, m_Constant(&attr)) && attr.isSplat() &&
         attr.getSplatValue<Attribute>() ==
             hlo::getReduceIdentity(kind, attr.getElementType());
}

} // namespace

FailureOr<Value> Importer::argReduce(sh::ReduceOp op) {
  auto fail = [&]() {
    return unsupported(op) << "a reduce of 2 inputs that is not JAX's argmax "
                              "or argmin (values and an iota along the one "
                              "reduced dimension, the best value's first "
                              "index)";
  };
  std::optional<sh::ComparisonDirection> dir = matchArgReduceBody(op);
  ArrayRef<int64_t> dims = op.getDimensions();
  auto iota = op.getInputs()[1].getDefiningOp<sh::IotaOp>();
  if (!dir || dims.size() != 1 || !iota || iota.getIotaDimension() != dims[0] ||
      !getElementTypeOrSelf(iota.getType()).isSignlessInteger(32))
    return fail();
  bool isMax = *dir == sh::ComparisonDirection::GT;
  hlo::ReduceKind kind = isMax ? hlo::ReduceKind::max : hlo::ReduceKind::min;
  // The inits must be where hlo starts: the worst value and index 0.
  Value init = lookup(op.getInitValues()[0]);
  DenseElementsAttr index;
  if (!isIdentity(init, kind) ||
      !matchPattern(lookup(op.getInitValues()[1]), m_Constant(&index)) ||
      !index.isSplat() || !index.getSplatValue<APInt>().isZero())
    return unsupported(op) << "an argmax or argmin whose init values are not "
                              "the lowest (highest) value and index 0";
  Location loc = op.getLoc();
  Value input = lookup(op.getInputs()[0]);
  auto valueType = cast<RankedTensorType>(op.getResult(0).getType());
  auto indexType = cast<RankedTensorType>(op.getResult(1).getType());
  Value indices =
      isMax ? Value(hlo::ArgMaxOp::create(b, loc, indexType, input, dims[0]))
            : Value(hlo::ArgMinOp::create(b, loc, indexType, input, dims[0]));
  mapping.map(op.getResult(1), indices);
  return Value(hlo::ReduceOp::create(
      b, loc, valueType, hlo::ReduceKindAttr::get(b.getContext(), kind), input,
      op.getDimensionsAttr()));
}

FailureOr<Value> Importer::reduce(sh::ReduceOp op) {
  if (op.getInputs().size() == 2)
    return argReduce(op);
  if (op.getInputs().size() != 1)
    return unsupported(op) << "a reduce of " << op.getInputs().size()
                           << " inputs";
  FailureOr<ReduceBody> body = matchReduceBody(op.getBody());
  if (failed(body))
    return unsupported(op) << "its body is not one add, multiply, maximum or "
                              "minimum (or, and on i1) of its two arguments";
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Value reduced = hlo::ReduceOp::create(
      b, loc, type, hlo::ReduceKindAttr::get(b.getContext(), body->kind),
      lookup(op.getInputs()[0]), op.getDimensionsAttr());
  Value init = lookup(op.getInitValues()[0]);
  if (isIdentity(init, body->kind))
    return reduced;
  // reduce(x, init) = op(init, reduce(x, identity)) for the associative,
  // commutative ops hlo reduces with.
  Value initAll = broadcastScalar(loc, init, type.getShape());
  return combineLike(body->combine, reduced, initAll);
}

Value Importer::combineLike(Operation *bodyOp, Value lhs, Value rhs) {
  return llvm::TypeSwitch<Operation *, Value>(bodyOp)
      .Case([&](sh::AddOp) { return combine<hlo::AddOp>(lhs, rhs); })
      .Case([&](sh::MulOp) { return combine<hlo::MulOp>(lhs, rhs); })
      .Case([&](sh::MaxOp) { return combine<hlo::MaxOp>(lhs, rhs); })
      .Case([&](sh::MinOp) { return combine<hlo::MinOp>(lhs, rhs); })
      .Case([&](sh::OrOp) { return combine<hlo::OrOp>(lhs, rhs); })
      .Default([&](Operation *) { return combine<hlo::AndOp>(lhs, rhs); });
}

/// Each window of the input padded with the init value, reduced tap by tap:
/// one strided slice per window position, combined in row-major window
/// order (XLA's order), then the init value once unless it is the identity.
FailureOr<Value> Importer::reduceWindow(sh::ReduceWindowOp op) {
  if (op.getInputs().size() != 1)
    return unsupported(op) << "a reduce_window of " << op.getInputs().size()
                           << " inputs";
  FailureOr<ReduceBody> body = matchReduceBody(op.getBody());
  if (failed(body))
    return unsupported(op) << "its body is not one add, multiply, maximum or "
                              "minimum (or, and on i1) of its two arguments";
  auto ones = [](std::optional<ArrayRef<int64_t>> v) {
    return !v || llvm::all_of(*v, [](int64_t x) { return x == 1; });
  };
  if (!ones(op.getBaseDilations()) || !ones(op.getWindowDilations()))
    return unsupported(op) << "base or window dilations";
  Location loc = op.getLoc();
  Value input = lookup(op.getInputs()[0]);
  Value init = lookup(op.getInitValues()[0]);
  auto inputType = cast<RankedTensorType>(input.getType());
  RankedTensorType type = resultType(op);
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  if (auto padding = op.getPaddingAttr()) {
    SmallVector<int64_t> flat(padding.getValues<int64_t>());
    for (int64_t d = 0; d < rank; ++d) {
      low[d] = flat[2 * d];
      high[d] = flat[2 * d + 1];
    }
  }
  Value padded = input;
  SmallVector<int64_t> paddedShape(inputType.getShape());
  if (llvm::any_of(low, [](int64_t v) { return v; }) ||
      llvm::any_of(high, [](int64_t v) { return v; })) {
    for (int64_t d = 0; d < rank; ++d)
      paddedShape[d] += low[d] + high[d];
    padded = hlo::PadOp::create(
        b, loc, RankedTensorType::get(paddedShape, inputType.getElementType()),
        input, init, b.getDenseI64ArrayAttr(low), b.getDenseI64ArrayAttr(high),
        b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)));
  }
  ArrayRef<int64_t> window = op.getWindowDimensions();
  SmallVector<int64_t> strides(rank, 1);
  if (auto s = op.getWindowStrides())
    strides.assign(s->begin(), s->end());
  int64_t taps = 1;
  for (int64_t w : window)
    taps *= w;
  if (taps > 1024)
    return unsupported(op) << "a window of " << taps
                           << " elements (at most 1024 are expanded)";
  Value acc;
  SmallVector<int64_t> at(rank, 0);
  for (int64_t t = 0; t < taps; ++t) {
    SmallVector<int64_t> start(at), limit;
    for (int64_t d = 0; d < rank; ++d)
      limit.push_back(at[d] + (type.getDimSize(d) - 1) * strides[d] + 1);
    Value tap = hlo::SliceOp::create(
        b, loc, type, padded, b.getDenseI64ArrayAttr(start),
        b.getDenseI64ArrayAttr(limit), b.getDenseI64ArrayAttr(strides));
    acc = acc ? combineLike(body->combine, acc, tap) : tap;
    for (int64_t d = rank - 1; d >= 0 && ++at[d] == window[d]; --d)
      at[d] = 0;
  }
  if (isIdentity(init, body->kind))
    return acc;
  return combineLike(body->combine, acc,
                     broadcastScalar(loc, init, type.getShape()));
}

/// hlo convolves NHWC inputs with HWIO kernels into NHWC results: transpose
/// the operands into that form and the result back.
FailureOr<Value> Importer::convolution(sh::ConvolutionOp op) {
  if (op.getBatchGroupCount() != 1)
    return unsupported(op) << "batch_group_count = " << op.getBatchGroupCount();
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
  Value conv = hlo::ConvolutionOp::create(
      b, loc, RankedTensorType::get(nhwcShape, type.getElementType()), lhs, rhs,
      op.getWindowStridesAttr(), padding, op.getLhsDilationAttr(),
      op.getRhsDilationAttr(), op.getFeatureGroupCountAttr(),
      precisionOf(b.getContext(), op.getPrecisionConfigAttr()));
  return transpose(loc, conv, nhwcOf);
}

/// Scatter at compile-time indices (JAX writes them as constants): each
/// update window is sliced out of the updates, reshaped to the operand's
/// rank, padded to the operand's shape at its start, combined with the
/// current values by the update computation and selected in by a padded
/// mask, in the order of the scatter indices (XLA's serial order). A
/// window that does not fit the operand is skipped, as XLA skips it.
FailureOr<Value> Importer::scatter(sh::ScatterOp op) {
  if (op.getInputs().size() != 1)
    return unsupported(op) << "a scatter of " << op.getInputs().size()
                           << " inputs";
  sh::ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
  if (!dims.getInputBatchingDims().empty() ||
      !dims.getScatterIndicesBatchingDims().empty())
    return unsupported(op) << "batching dimensions";
  auto constant = op.getScatterIndices().getDefiningOp<sh::ConstantOp>();
  auto indices = constant ? dyn_cast<DenseIntElementsAttr>(constant.getValue())
                          : DenseIntElementsAttr();
  if (!indices)
    return unsupported(op) << "indices computed at run time (only constant "
                              "indices are expanded yet)";
  Region &computation = op.getUpdateComputation();
  Block &body = computation.front();
  bool assign = body.getTerminator()->getOperand(0) == body.getArgument(1);
  FailureOr<ReduceBody> combineBody = matchReduceBody(computation);
  if (!assign && failed(combineBody))
    return unsupported(op) << "its update computation is not a replacement "
                              "or one add, multiply, maximum or minimum (or, "
                              "and on i1)";
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  int64_t rank = type.getRank();
  auto updatesType = cast<RankedTensorType>(op.getUpdates()[0].getType());
  auto indicesType = cast<RankedTensorType>(indices.getType());
  ArrayRef<int64_t> windowDims = dims.getUpdateWindowDims();
  SmallVector<int64_t> scatterDims, scatterShape;
  for (int64_t d = 0; d < updatesType.getRank(); ++d)
    if (!llvm::is_contained(windowDims, d)) {
      scatterDims.push_back(d);
      scatterShape.push_back(updatesType.getDimSize(d));
    }
  int64_t windows = 1;
  for (int64_t s : scatterShape)
    windows *= s;
  if (windows > 256)
    return unsupported(op) << windows
                           << " update windows (at most 256 are "
                              "expanded)";
  SmallVector<int64_t> windowShape(rank, 1);
  for (int64_t d = 0, w = 0; d < rank; ++d)
    if (!llvm::is_contained(dims.getInsertedWindowDims(), d))
      windowShape[d] = updatesType.getDimSize(windowDims[w++]);
  SmallVector<int64_t> flat(indices.getValues<int64_t>());
  SmallVector<int64_t> indexStrides(indicesType.getRank(), 1);
  for (int64_t d = indicesType.getRank() - 2; d >= 0; --d)
    indexStrides[d] = indexStrides[d + 1] * indicesType.getDimSize(d + 1);
  int64_t vectorDim = dims.getIndexVectorDim();
  Type element = type.getElementType();
  Value zero =
      splat(loc, RankedTensorType::get({}, element), b.getZeroAttr(element));
  Value yes = splat(loc, RankedTensorType::get(windowShape, b.getI1Type()),
                    b.getBoolAttr(true));
  Value no = splat(loc, RankedTensorType::get({}, b.getI1Type()),
                   b.getBoolAttr(false));
  Value result = lookup(op.getInputs()[0]);
  Value updates = lookup(op.getUpdates()[0]);
  SmallVector<int64_t> at(scatterDims.size(), 0);
  for (int64_t k = 0; k < windows; ++k) {
    // The window's start: its index vector, spread over the operand.
    SmallVector<int64_t> start(rank, 0);
    for (auto [j, operandDim] :
         llvm::enumerate(dims.getScatterDimsToOperandDims())) {
      int64_t offset = 0;
      for (int64_t d = 0, u = 0; d < indicesType.getRank(); ++d)
        offset += (d == vectorDim ? static_cast<int64_t>(j) : at[u++]) *
                  indexStrides[d];
      start[operandDim] = flat[offset];
    }
    bool fits = true;
    SmallVector<int64_t> high(rank);
    for (int64_t d = 0; d < rank; ++d) {
      high[d] = type.getDimSize(d) - start[d] - windowShape[d];
      fits &= start[d] >= 0 && high[d] >= 0;
    }
    if (fits) {
      SmallVector<int64_t> sliceStart(updatesType.getRank(), 0);
      SmallVector<int64_t> sliceLimit(updatesType.getShape());
      SmallVector<int64_t> sliceShape(updatesType.getShape());
      for (auto [i, d] : llvm::enumerate(scatterDims)) {
        sliceStart[d] = at[i];
        sliceLimit[d] = at[i] + 1;
        sliceShape[d] = 1;
      }
      Value window = hlo::SliceOp::create(
          b, loc, RankedTensorType::get(sliceShape, element), updates,
          b.getDenseI64ArrayAttr(sliceStart),
          b.getDenseI64ArrayAttr(sliceLimit),
          b.getDenseI64ArrayAttr(SmallVector<int64_t>(sliceShape.size(), 1)));
      window = hlo::ReshapeOp::create(
          b, loc, RankedTensorType::get(windowShape, element), window);
      auto place = [&](Value v, Value padding) -> Value {
        auto vType = cast<RankedTensorType>(v.getType());
        return hlo::PadOp::create(
            b, loc,
            RankedTensorType::get(type.getShape(), vType.getElementType()), v,
            padding, b.getDenseI64ArrayAttr(start),
            b.getDenseI64ArrayAttr(high),
            b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)));
      };
      Value placed = place(window, zero);
      Value combined =
          assign ? placed : combineLike(combineBody->combine, result, placed);
      result =
          hlo::SelectOp::create(b, loc, type, place(yes, no), combined, result);
    }
    for (int64_t d = static_cast<int64_t>(at.size()) - 1;
         d >= 0 && ++at[d] == scatterShape[d]; --d)
      at[d] = 0;
  }
  return result;
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
            dims.getRhsContractingDimensions(), d.getPrecisionConfigAttr());
      })
      .Case([&](sh::DotOp d) -> FailureOr<Value> {
        int64_t lhsRank =
            cast<RankedTensorType>(d.getLhs().getType()).getRank();
        if (lhsRank < 1 || lhsRank > 2 ||
            cast<RankedTensorType>(d.getRhs().getType()).getRank() < 1)
          return unsupported(op) << "a dot of operands that are not vectors "
                                    "or matrices";
        return dotGeneral(op, operand(0), operand(1), {}, {}, {lhsRank - 1},
                          {0}, d.getPrecisionConfigAttr());
      })
      .Case([&](sh::ConvolutionOp c) { return convolution(c); })
      .Case([&](sh::ReduceOp r) { return reduce(r); })
      .Case([&](sh::ReduceWindowOp r) { return reduceWindow(r); })
      .Case([&](sh::ScatterOp s) { return scatter(s); })
      .Case([&](sh::CustomCallOp c) -> FailureOr<Value> {
        return unsupported(op) << "the custom call target @"
                               << c.getCallTargetName() << " is unknown to it";
      })
      .Default([&](Operation *) -> FailureOr<Value> {
        return unsupported(op) << "no conversion to hlo exists for it yet";
      });
}

/// A constant read only as scatter indices: the scatter reads its values,
/// so its type (JAX's i64) need not be one the TPU computes with.
bool onlyIndices(Operation *op) {
  return isa<sh::ConstantOp>(op) && !op->use_empty() &&
         llvm::all_of(op->getUses(), [](OpOperand &use) {
           auto s = dyn_cast<sh::ScatterOp>(use.getOwner());
           return s && use.get() == s.getScatterIndices();
         });
}

LogicalResult Importer::convert(Operation *op) {
  if (onlyIndices(op))
    return success();
  if (isa<sh::WhileOp, sh::IfOp, sh::CaseOp>(op))
    return unsupported(op) << "control flow (while, if, case) is not "
                              "compiled yet";
  // A scatter's indices are read at compile time; its other operands and
  // results are computed, so their types are checked.
  auto scatterOp = dyn_cast<sh::ScatterOp>(op);
  int indicesOperand =
      scatterOp ? static_cast<int>(scatterOp.getInputs().size()) : -1;
  if (failed(checkTypes(op, indicesOperand)))
    return failure();
  if (op->getNumResults() != 1 &&
      !isa<sh::ReduceOp, sh::ReduceWindowOp, sh::ScatterOp, sh::CustomCallOp>(
          op))
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
    // Top-level ops only: reduce bodies are read by the reduce's conversion.
    SmallVector<Operation *> ops;
    for (Block &block : func.getBody())
      for (Operation &op : block)
        if (isa<sh::StableHLODialect>(op.getDialect()))
          ops.push_back(&op);
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
