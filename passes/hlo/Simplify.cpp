//===- Simplify.cpp - hlo-simplify ----------------------------------------===//
//
// Algebraic simplification that clears broadcasts out of the way before
// fusion: identities, broadcast composition and sinking, reductions of
// broadcasts. Constants fold through the hlo dialect's own folders
// (dialects/hlo/HLOFold.cpp), which the greedy driver applies.
//
// No rewrite changes the result for any input, NaN, infinities and signed
// zeros included, except that a sum over operand and broadcast dimensions
// together is regrouped, as hlo.reduce's unspecified order of additions
// allows; docs/fusion.md lists the float rewrites refused.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "passes/hlo/EmptyTensors.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOSIMPLIFY
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

using Dims = SmallVector<int64_t>;

//===----------------------------------------------------------------------===//
// Matchers
//===----------------------------------------------------------------------===//

/// The element of a splat constant.
std::optional<Attribute> splatOf(Value value) {
  auto constant = value.getDefiningOp<hlo::ConstantOp>();
  if (!constant)
    return std::nullopt;
  auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<Attribute>();
}

/// Float identities are exact: `x + (-0.0)` is `x` for every x, `x + 0.0` is
/// not (-0.0 + 0.0 is +0.0), and `x - 0.0` is `x` while `x - (-0.0)` is not.
enum class Identity { AddZero, SubZero, One };

bool isIdentity(Value value, Identity which) {
  std::optional<Attribute> scalar = splatOf(value);
  if (!scalar)
    return false;
  if (auto f = dyn_cast<FloatAttr>(*scalar)) {
    const APFloat &x = f.getValue();
    switch (which) {
    case Identity::AddZero:
      return x.isNegZero();
    case Identity::SubZero:
      return x.isPosZero();
    case Identity::One:
      return x.isExactlyValue(1.0);
    }
  }
  const APInt &i = cast<IntegerAttr>(*scalar).getValue();
  return which == Identity::One ? i.isOne() : i.isZero();
}

RankedTensorType plainType(ArrayRef<int64_t> shape, Type elementType) {
  return RankedTensorType::get(shape, elementType);
}

/// `value` as a scalar of `type`: rounded to nearest even for floats,
/// wrapped for integers, `value != 0` for i1.
TypedAttr scalarAttr(Type type, int64_t value) {
  APInt wide(64, static_cast<uint64_t>(value), /*isSigned=*/true);
  if (auto floatType = dyn_cast<FloatType>(type)) {
    APFloat x(floatType.getFloatSemantics());
    x.convertFromAPInt(wide, /*IsSigned=*/true, APFloat::rmNearestTiesToEven);
    return FloatAttr::get(type, x);
  }
  unsigned width = type.getIntOrFloatBitWidth();
  return IntegerAttr::get(type, width == 1 ? APInt(1, value != 0)
                                           : wide.trunc(width));
}

Value splatConstant(PatternRewriter &rewriter, Location loc,
                    RankedTensorType type, Attribute scalar) {
  return hlo::ConstantOp::create(
      rewriter, loc, type,
      DenseElementsAttr::get(type, cast<TypedAttr>(scalar)));
}

//===----------------------------------------------------------------------===//
// Identities
//===----------------------------------------------------------------------===//

/// `op(x, c)` (or `op(c, x)` when commutative) is `x` when `c` is `which`.
template <typename OpTy> struct DropIdentityOperand : OpRewritePattern<OpTy> {
  DropIdentityOperand(MLIRContext *context, Identity which)
      : OpRewritePattern<OpTy>(context), which(which) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value lhs = op.getLhs(), rhs = op.getRhs();
    bool commutative = op->template hasTrait<OpTrait::IsCommutative>();
    for (auto [x, c] : {std::pair(lhs, rhs), std::pair(rhs, lhs)}) {
      if (x.getType() == op.getType() && isIdentity(c, which)) {
        rewriter.replaceOp(op, x);
        return success();
      }
      if (!commutative)
        break;
    }
    return failure();
  }
  Identity which;
};

struct DoubleNegation : OpRewritePattern<hlo::NegOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::NegOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::NegOp>();
    if (!inner || inner.getOperand().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, inner.getOperand());
    return success();
  }
};

/// convert, reshape, transpose and broadcast_in_dim that return their
/// operand unchanged.
struct NoOp : RewritePattern {
  NoOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumOperands() < 1 || op->getNumResults() != 1 ||
        op->getOperand(0).getType() != op->getResult(0).getType())
      return failure();
    auto identity = [](ArrayRef<int64_t> dims) {
      for (auto [i, d] : llvm::enumerate(dims))
        if (static_cast<int64_t>(i) != d)
          return false;
      return true;
    };
    bool noop = TypeSwitch<Operation *, bool>(op)
                    .Case<hlo::ConvertOp, hlo::ReshapeOp>(
                        [](Operation *) { return true; })
                    .Case([&](hlo::TransposeOp t) {
                      return identity(t.getPermutation());
                    })
                    .Case([&](hlo::BroadcastInDimOp b) {
                      return identity(b.getBroadcastDimensions());
                    })
                    .Default([](Operation *) { return false; });
    if (!noop)
      return failure();
    rewriter.replaceOp(op, op->getOperand(0));
    return success();
  }
};

/// Rewrites `outer(inner(x))` as the one op `compose` builds on x, when it
/// can.
template <typename OuterOp, typename InnerOp>
struct Compose : OpRewritePattern<OuterOp> {
  using Builder = FailureOr<Value> (*)(PatternRewriter &, OuterOp, InnerOp);
  Compose(MLIRContext *context, Builder compose)
      : OpRewritePattern<OuterOp>(context), compose(compose) {}

  LogicalResult matchAndRewrite(OuterOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().template getDefiningOp<InnerOp>();
    if (!inner)
      return failure();
    FailureOr<Value> composed = compose(rewriter, op, inner);
    if (failed(composed))
      return failure();
    rewriter.replaceOp(op, *composed);
    return success();
  }
  Builder compose;
};

FailureOr<Value> reshapeOfReshape(PatternRewriter &rewriter, hlo::ReshapeOp op,
                                  hlo::ReshapeOp inner) {
  return Value(hlo::ReshapeOp::create(rewriter, op.getLoc(), op.getType(),
                                      inner.getOperand()));
}

FailureOr<Value> transposeOfTranspose(PatternRewriter &rewriter,
                                      hlo::TransposeOp op,
                                      hlo::TransposeOp inner) {
  // result[i] = op operand[p[i]] = inner operand[q[p[i]]].
  Dims perm;
  for (int64_t p : op.getPermutation())
    perm.push_back(inner.getPermutation()[p]);
  return Value(hlo::TransposeOp::create(rewriter, op.getLoc(), op.getType(),
                                        inner.getOperand(),
                                        rewriter.getDenseI64ArrayAttr(perm)));
}

//===----------------------------------------------------------------------===//
// Broadcasts
//===----------------------------------------------------------------------===//

/// `inner`'s operand broadcast to `op`'s result along `dims`, provided the
/// map stays increasing (a plain broadcast, not a transposition in
/// disguise) unless `anyOrder`.
FailureOr<Value> rebroadcast(PatternRewriter &rewriter, Operation *op,
                             hlo::BroadcastInDimOp inner,
                             ArrayRef<int64_t> dims, bool anyOrder = false) {
  bool ordered = llvm::is_sorted(dims) &&
                 std::adjacent_find(dims.begin(), dims.end()) == dims.end();
  if (!anyOrder && !ordered)
    return failure();
  return Value(hlo::BroadcastInDimOp::create(
      rewriter, op->getLoc(), op->getResult(0).getType(), inner.getOperand(),
      rewriter.getDenseI64ArrayAttr(dims)));
}

FailureOr<Value> broadcastOfBroadcast(PatternRewriter &rewriter,
                                      hlo::BroadcastInDimOp op,
                                      hlo::BroadcastInDimOp inner) {
  Dims dims;
  for (int64_t d : inner.getBroadcastDimensions())
    dims.push_back(op.getBroadcastDimensions()[d]);
  return rebroadcast(rewriter, op, inner, dims, /*anyOrder=*/true);
}

FailureOr<Value> transposeOfBroadcast(PatternRewriter &rewriter,
                                      hlo::TransposeOp op,
                                      hlo::BroadcastInDimOp inner) {
  ArrayRef<int64_t> perm = op.getPermutation();
  Dims inverse(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = i;
  Dims dims;
  for (int64_t d : inner.getBroadcastDimensions())
    dims.push_back(inverse[d]);
  return rebroadcast(rewriter, op, inner, dims);
}

/// Pairs the dimensions of two shapes that differ only by dimensions of size
/// 1: maps each dimension of `from` of size > 1 to its counterpart in `to`
/// (-1 for unit dimensions). Fails for any other reshape.
std::optional<Dims> unitDimMap(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  Dims map(from.size(), -1);
  size_t j = 0;
  for (size_t i = 0; i < from.size(); ++i) {
    if (from[i] == 1)
      continue;
    while (j < to.size() && to[j] == 1)
      ++j;
    if (j == to.size() || to[j] != from[i])
      return std::nullopt;
    map[i] = j++;
  }
  while (j < to.size() && to[j] == 1)
    ++j;
  if (j != to.size())
    return std::nullopt;
  return map;
}

FailureOr<Value> reshapeOfBroadcast(PatternRewriter &rewriter,
                                    hlo::ReshapeOp op,
                                    hlo::BroadcastInDimOp inner) {
  std::optional<Dims> map =
      unitDimMap(cast<RankedTensorType>(inner.getType()).getShape(),
                 cast<RankedTensorType>(op.getType()).getShape());
  if (!map)
    return failure();
  Dims dims;
  for (int64_t d : inner.getBroadcastDimensions()) {
    // An operand dimension on a unit dimension the reshape drops has no
    // place in the result.
    if ((*map)[d] < 0)
      return failure();
    dims.push_back((*map)[d]);
  }
  return rebroadcast(rewriter, op, inner, dims);
}

/// The map of `from`'s dimensions into `to`'s when `to` is `from` with unit
/// dimensions inserted (1x128 to 1x128x1: TOSA's kept reduced dimension
/// after a batch of 1).
std::optional<Dims> insertionMap(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  Dims map;
  for (auto [j, size] : llvm::enumerate(to)) {
    if (map.size() < from.size() && from[map.size()] == size)
      map.push_back(j);
    else if (size != 1)
      return std::nullopt;
  }
  if (map.size() != from.size())
    return std::nullopt;
  return map;
}

/// The reshape `value` is, when it only inserts or drops unit dimensions of
/// an operand that has none of its own, or only inserts unit dimensions,
/// and the map of the operand's dimensions into the result's.
std::optional<std::pair<hlo::ReshapeOp, Dims>> unitReshape(Value value) {
  auto reshape = value.getDefiningOp<hlo::ReshapeOp>();
  if (!reshape)
    return std::nullopt;
  ArrayRef<int64_t> from =
      cast<RankedTensorType>(reshape.getOperand().getType()).getShape();
  ArrayRef<int64_t> to = cast<RankedTensorType>(reshape.getType()).getShape();
  std::optional<Dims> map = unitDimMap(from, to);
  if (!map || llvm::is_contained(*map, -1))
    map = insertionMap(from, to);
  if (!map)
    return std::nullopt;
  return std::make_pair(reshape, *map);
}

/// A broadcast of a reshape that only inserts unit dimensions (TOSA's kept
/// reduced dimension) broadcasts the reshape's operand directly, so the
/// reshape, which fusion cannot absorb, goes away.
FailureOr<Value> broadcastOfReshape(PatternRewriter &rewriter,
                                    hlo::BroadcastInDimOp op,
                                    hlo::ReshapeOp inner) {
  std::optional<std::pair<hlo::ReshapeOp, Dims>> reshape =
      unitReshape(inner.getResult());
  if (!reshape)
    return failure();
  Dims dims;
  for (int64_t d : reshape->second)
    dims.push_back(op.getBroadcastDimensions()[d]);
  if (!llvm::is_sorted(dims))
    return failure();
  return Value(hlo::BroadcastInDimOp::create(
      rewriter, op.getLoc(), op.getType(), inner.getOperand(),
      rewriter.getDenseI64ArrayAttr(dims)));
}

/// Whether `op` is a one-result hlo elementwise op, which the sinking
/// patterns rebuild on smaller operands.
bool isSinkable(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() &&
         isa_and_present<hlo::HLODialect>(op->getDialect()) && op->getNumResults() == 1;
}

/// `op` rebuilt on operands of shape `shape`: each operand's `small`
/// counterpart, or (when that is null) its splat value at that shape.
Operation *rebuildSmall(PatternRewriter &rewriter, Operation *op,
                        ArrayRef<int64_t> shape,
                        function_ref<Value(Value)> small) {
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    Value value = small(operand);
    operands.push_back(
        value ? value
              : splatConstant(
                    rewriter, operand.getLoc(),
                    plainType(shape, getElementTypeOrSelf(operand.getType())),
                    *splatOf(operand)));
  }
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(plainType(shape, getElementTypeOrSelf(op->getResult(0))));
  state.addAttributes(op->getAttrs());
  return rewriter.create(state);
}

/// `op(broadcast(a, D), broadcast(b, D), splat c)` becomes
/// `broadcast(op(a, b, splat c'), D)` when a and b have one shape: the op
/// runs on the small operands and one broadcast remains.
struct SinkBroadcast : RewritePattern {
  SinkBroadcast(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isSinkable(op))
      return failure();
    hlo::BroadcastInDimOp first;
    for (Value operand : op->getOperands())
      if (auto b = operand.getDefiningOp<hlo::BroadcastInDimOp>()) {
        first = b;
        break;
      }
    if (!first)
      return failure();
    ArrayRef<int64_t> dims = first.getBroadcastDimensions();
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(first.getOperand().getType()).getShape();
    // Match every operand before creating anything.
    auto sinkable = [&](Value operand) {
      if (auto b = operand.getDefiningOp<hlo::BroadcastInDimOp>())
        return b.getBroadcastDimensions() == dims &&
               cast<RankedTensorType>(b.getOperand().getType()).getShape() ==
                   shape;
      return splatOf(operand).has_value();
    };
    if (!llvm::all_of(op->getOperands(), sinkable))
      return failure();
    Operation *sunk = rebuildSmall(rewriter, op, shape, [](Value operand) {
      auto b = operand.getDefiningOp<hlo::BroadcastInDimOp>();
      return b ? b.getOperand() : Value();
    });
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(
        op, op->getResult(0).getType(), sunk->getResult(0),
        first.getBroadcastDimensionsAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Unit-dimension reshapes
//===----------------------------------------------------------------------===//

/// `op(reshape(a), reshape(b), splat c)` becomes `reshape(op(a, b, c'))`
/// when a and b have one shape and the reshapes only add unit dimensions
/// (TOSA keeps reduced dimensions as 1): the elementwise op then fuses with
/// the reduction that made a, and the reshape meets the broadcast that
/// follows.
struct SinkUnitReshape : RewritePattern {
  SinkUnitReshape(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isSinkable(op))
      return failure();
    std::optional<ArrayRef<int64_t>> shape;
    for (Value operand : op->getOperands()) {
      if (auto reshape = unitReshape(operand)) {
        auto from =
            cast<RankedTensorType>(reshape->first.getOperand().getType())
                .getShape();
        if (shape && *shape != from)
          return failure();
        shape = from;
      } else if (!splatOf(operand)) {
        return failure();
      }
    }
    if (!shape)
      return failure();
    Operation *sunk = rebuildSmall(rewriter, op, *shape, [](Value operand) {
      auto reshape = unitReshape(operand);
      return reshape ? reshape->first.getOperand() : Value();
    });
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, op->getResult(0).getType(),
                                                sunk->getResult(0));
    return success();
  }
};

/// reduce(reshape(a)) with a reshape that only adds unit dimensions reduces
/// `a` over the dimensions it has, then reshapes.
struct ReduceOfUnitReshape : OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<std::pair<hlo::ReshapeOp, Dims>> reshape =
        unitReshape(op.getOperand());
    if (!reshape)
      return failure();
    Dims dims;
    for (auto [i, d] : llvm::enumerate(reshape->second))
      if (llvm::is_contained(op.getDimensions(), d))
        dims.push_back(i);
    // Reducing unit dimensions only is `0.0 + x` for a float sum, which
    // turns -0.0 into +0.0: that reduce stays.
    if (dims.empty())
      return failure();
    Value source = reshape->first.getOperand();
    auto type = cast<RankedTensorType>(source.getType());
    Dims kept;
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (!llvm::is_contained(dims, i))
        kept.push_back(type.getDimSize(i));
    Value reduced = hlo::ReduceOp::create(
        rewriter, op.getLoc(), plainType(kept, type.getElementType()),
        op.getKindAttr(), source, rewriter.getDenseI64ArrayAttr(dims));
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, op.getType(), reduced);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions of broadcasts
//===----------------------------------------------------------------------===//

/// How a reduction over dimensions `reduced` of broadcast(a, D) splits:
/// the operand dimensions it reduces, the broadcast dimensions of what is
/// left, and how many copies of each operand element every result sums.
struct SplitReduction {
  Dims operandDims;
  Dims resultDims;
  int64_t copies = 1;
};

SplitReduction split(hlo::BroadcastInDimOp broadcast,
                     ArrayRef<int64_t> reduced) {
  auto operandShape =
      cast<RankedTensorType>(broadcast.getOperand().getType()).getShape();
  auto shape = cast<RankedTensorType>(broadcast.getType()).getShape();
  SplitReduction s;
  for (int64_t d : reduced)
    s.copies *= shape[d];
  for (auto [i, d] : llvm::enumerate(broadcast.getBroadcastDimensions())) {
    if (llvm::is_contained(reduced, d)) {
      s.operandDims.push_back(i);
      s.copies /= operandShape[i];
      continue;
    }
    int64_t before =
        llvm::count_if(reduced, [d = d](int64_t r) { return r < d; });
    s.resultDims.push_back(d - before);
  }
  return s;
}

/// reduce(broadcast(a, D)) reduces `a` over the dimensions it has, then
/// broadcasts: sum multiplies by the number of copies, max and min (and i1
/// sums and products, which are or and and) need nothing more. A product
/// over copies would be a power, which is not exact, so it is left alone.
struct ReduceOfBroadcast : OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getOperand().getDefiningOp<hlo::BroadcastInDimOp>();
    if (!broadcast)
      return failure();
    SplitReduction s = split(broadcast, op.getDimensions());
    Type elementType = getElementTypeOrSelf(op.getType());
    bool logical = elementType.isInteger(1);
    hlo::ReduceKind kind = op.getKind();
    bool sum = kind == hlo::ReduceKind::sum && !logical;
    bool product = kind == hlo::ReduceKind::product && !logical;
    if (product && s.copies != 1)
      return failure();
    // Summing one copy is `0.0 + x`, which turns -0.0 into +0.0: a reduce
    // over unit dimensions only must stay.
    if (sum && s.copies == 1 && s.operandDims.empty())
      return failure();
    Location loc = op.getLoc();
    Value value = broadcast.getOperand();
    if (!s.operandDims.empty()) {
      auto type = cast<RankedTensorType>(value.getType());
      Dims shape;
      for (int64_t i = 0; i < type.getRank(); ++i)
        if (!llvm::is_contained(s.operandDims, i))
          shape.push_back(type.getDimSize(i));
      value = hlo::ReduceOp::create(
          rewriter, loc, plainType(shape, elementType), op.getKindAttr(), value,
          rewriter.getDenseI64ArrayAttr(s.operandDims));
    }
    if (sum && s.copies != 1) {
      auto type = cast<RankedTensorType>(value.getType());
      Value count = splatConstant(
          rewriter, loc, type,
          scalarAttr(elementType, s.copies));
      value = hlo::MulOp::create(rewriter, loc, value, count);
      // A sum starts from +0.0, so copies of -0.0 sum to +0.0; adding +0.0
      // keeps that and changes nothing else.
      if (isa<FloatType>(elementType) && s.operandDims.empty())
        value = hlo::AddOp::create(
            rewriter, loc, value,
            splatConstant(rewriter, loc, type, scalarAttr(elementType, 0)));
    }
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(
        op, op.getType(), value, rewriter.getDenseI64ArrayAttr(s.resultDims));
    return success();
  }
};

/// argmax/argmin along a dimension the broadcast created compares equal
/// copies: the first, index 0, wins. Along an operand dimension it is the
/// broadcast of the operand's argmax.
template <typename OpTy> struct ArgReduceOfBroadcast : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto broadcast =
        op.getOperand().template getDefiningOp<hlo::BroadcastInDimOp>();
    if (!broadcast)
      return failure();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t dim = static_cast<int64_t>(op.getDimension());
    SplitReduction s = split(broadcast, {dim});
    if (s.copies != 1 || s.operandDims.empty()) {
      rewriter.replaceOp(op, splatConstant(rewriter, op.getLoc(), resultType,
                                           rewriter.getI32IntegerAttr(0)));
      return success();
    }
    auto operandType = cast<RankedTensorType>(broadcast.getOperand().getType());
    Dims shape(operandType.getShape());
    shape.erase(shape.begin() + s.operandDims.front());
    Value arg = OpTy::create(rewriter, op.getLoc(),
                             plainType(shape, resultType.getElementType()),
                             broadcast.getOperand(), s.operandDims.front());
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(
        op, resultType, arg, rewriter.getDenseI64ArrayAttr(s.resultDims));
    return success();
  }
};

struct HLOSimplifyPass : tpu::impl::HLOSimplifyBase<HLOSimplifyPass> {
  using HLOSimplifyBase::HLOSimplifyBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<DropIdentityOperand<hlo::AddOp>>(context, Identity::AddZero);
    patterns.add<DropIdentityOperand<hlo::SubtractOp>>(context,
                                                       Identity::SubZero);
    patterns.add<DropIdentityOperand<hlo::MulOp>>(context, Identity::One);
    patterns.add<DropIdentityOperand<hlo::DivOp>>(context, Identity::One);
    patterns.add<Compose<hlo::ReshapeOp, hlo::ReshapeOp>>(context,
                                                          reshapeOfReshape);
    patterns.add<Compose<hlo::TransposeOp, hlo::TransposeOp>>(
        context, transposeOfTranspose);
    patterns.add<Compose<hlo::BroadcastInDimOp, hlo::BroadcastInDimOp>>(
        context, broadcastOfBroadcast);
    patterns.add<Compose<hlo::TransposeOp, hlo::BroadcastInDimOp>>(
        context, transposeOfBroadcast);
    patterns.add<Compose<hlo::ReshapeOp, hlo::BroadcastInDimOp>>(
        context, reshapeOfBroadcast);
    patterns.add<Compose<hlo::BroadcastInDimOp, hlo::ReshapeOp>>(
        context, broadcastOfReshape);
    patterns.add<DoubleNegation, NoOp, SinkBroadcast, SinkUnitReshape,
                 ReduceOfUnitReshape, ReduceOfBroadcast,
                 ArgReduceOfBroadcast<hlo::ArgMaxOp>,
                 ArgReduceOfBroadcast<hlo::ArgMinOp>>(context);
    populateEmptyTensorPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
