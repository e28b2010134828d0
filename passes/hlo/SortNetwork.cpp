//===- SortNetwork.cpp - hlo.sort as a bitonic sorting network ------------===//
//
// Part of hlo-decompose. The TPU has no sort instruction: XLA:TPU sorts on
// the vector unit with a sorting network, whose compare-exchange steps are
// the same for every input, so every lane does the same work. Here the
// sorted dimension is padded to a power of two P, and each of the
// log2(P) * (log2(P) + 1) / 2 steps of Batcher's bitonic sort is elementwise
// work on whole tensors: every position reads its partner i ^ j (two
// shifted copies, a slice and a pad each, and a select on bit j of the
// position), applies the comparator to the pair, and keeps the smaller or
// the larger element as the step's direction says. Fusion makes each step
// one loop kernel per sorted value, reading the previous step's values
// through windows (hlo-fuse's window reads).
//
// The network is not stable by itself, so an i32 index rides along (an
// extra operand, as XLA's sort expander adds one), and a pair the
// comparator calls equivalent goes by index: `before(a, b) = cmp(a, b) or
// (not cmp(b, a) and ia < ib)`, a strict total order for any strict weak
// order `cmp`. Its unique sorted order is the stable sort's, which is what
// the reference evaluator computes. Padding elements (index >= n) go after
// every real element whatever they hold.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tpu;

namespace {

/// Builds the network's elementwise work at one insertion point.
class NetworkBuilder {
public:
  NetworkBuilder(PatternRewriter &b, hlo::SortOp sort, ArrayRef<int64_t> shape)
      : b(b), sort(sort), loc(sort.getLoc()), shape(shape),
        dim(sort.getDimension()) {}

  RankedTensorType typeOf(Type element) const {
    return RankedTensorType::get(shape, element);
  }
  Value splatInt(Type element, int64_t v) {
    return splatConstant(b, loc, typeOf(element), b.getIntegerAttr(element, v));
  }
  Value cmp(hlo::ComparisonDirection direction, Value lhs, Value rhs) {
    return hlo::CompareOp::create(
        b, loc, typeOf(b.getI1Type()),
        hlo::ComparisonDirectionAttr::get(b.getContext(), direction), lhs, rhs);
  }
  /// Whether bit `bit` of the position along the sorted dimension is set.
  Value bitSet(Value position, int64_t bit) {
    Type i32 = b.getI32Type();
    Value masked = hlo::AndOp::create(b, loc, position, splatInt(i32, bit));
    return cmp(hlo::ComparisonDirection::NE, masked, splatInt(i32, 0));
  }
  /// `v` shifted by `by` along the sorted dimension: result[i] = v[i + by]
  /// (by > 0) or v[i - |by|], zero where that falls outside.
  Value shifted(Value v, int64_t by) {
    int64_t rank = shape.size(), p = shape[dim];
    SmallVector<int64_t> start(rank, 0), limit(shape), strides(rank, 1),
        low(rank, 0), high(rank, 0);
    if (by > 0) {
      start[dim] = by;
      high[dim] = by;
    } else {
      limit[dim] = p + by;
      low[dim] = -by;
    }
    Value part = hlo::SliceOp::create(b, loc, v, b.getDenseI64ArrayAttr(start),
                                      b.getDenseI64ArrayAttr(limit),
                                      b.getDenseI64ArrayAttr(strides));
    Type element = getElementTypeOrSelf(v.getType());
    Value zero = splatConstant(b, loc, RankedTensorType::get({}, element),
                               cast<TypedAttr>(b.getZeroAttr(element)));
    return hlo::PadOp::create(
        b, loc, part, zero, b.getDenseI64ArrayAttr(low),
        b.getDenseI64ArrayAttr(high),
        b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)));
  }
  /// The comparator applied to whole tensors: its block's ops, cloned with
  /// full-shape results (constants splatted).
  Value comparator(ArrayRef<Value> lhs, ArrayRef<Value> rhs) {
    Block &block = sort.getComparator().front();
    IRMapping map;
    for (auto [i, arg] : llvm::enumerate(block.getArguments()))
      map.map(arg, i % 2 == 0 ? lhs[i / 2] : rhs[i / 2]);
    for (Operation &op : block.without_terminator()) {
      if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
        auto dense = cast<DenseElementsAttr>(constant.getValue());
        map.map(constant.getResult(),
                splatConstant(b, loc, typeOf(dense.getElementType()),
                              dense.getSplatValue<TypedAttr>()));
        continue;
      }
      Operation *clone = b.clone(op, map);
      for (OpResult result : clone->getResults())
        result.setType(typeOf(getElementTypeOrSelf(result.getType())));
    }
    return map.lookup(block.getTerminator()->getOperand(0));
  }

  PatternRewriter &b;
  hlo::SortOp sort;
  Location loc;
  ArrayRef<int64_t> shape; // padded to a power of two along `dim`
  int64_t dim;
};

struct SortToBitonicNetwork : OpRewritePattern<hlo::SortOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::SortOp sort,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(sort.getInputs().front().getType());
    if (llvm::any_of(sort.getInputs().getTypes(), [](Type t) {
          return cast<RankedTensorType>(t).getEncoding() != nullptr;
        }))
      return rewriter.notifyMatchFailure(sort, "runs before layouts");
    int64_t dim = sort.getDimension(), n = type.getDimSize(dim);
    if (n <= 1) {
      rewriter.replaceOp(sort, sort.getInputs());
      return success();
    }
    int64_t p = llvm::PowerOf2Ceil(n);
    SmallVector<int64_t> shape(type.getShape());
    shape[dim] = p;
    NetworkBuilder net(rewriter, sort, shape);
    Location loc = sort.getLoc();
    int64_t rank = shape.size();

    // The operands padded to P, and the index that rides along.
    SmallVector<Value> values;
    for (Value input : sort.getInputs()) {
      if (p == n) {
        values.push_back(input);
        continue;
      }
      Type element = getElementTypeOrSelf(input.getType());
      SmallVector<int64_t> zeros(rank, 0), high(rank, 0);
      high[dim] = p - n;
      Value zero =
          splatConstant(rewriter, loc, RankedTensorType::get({}, element),
                        cast<TypedAttr>(rewriter.getZeroAttr(element)));
      values.push_back(hlo::PadOp::create(
          rewriter, loc, input, zero, rewriter.getDenseI64ArrayAttr(zeros),
          rewriter.getDenseI64ArrayAttr(high),
          rewriter.getDenseI64ArrayAttr(zeros)));
    }
    Type i32 = rewriter.getI32Type();
    Value position = hlo::IotaOp::create(rewriter, loc, net.typeOf(i32), dim);
    values.push_back(position); // the index: starts as the position
    size_t m = values.size() - 1;

    for (int64_t k = 2; k <= p; k *= 2) {
      for (int64_t j = k / 2; j >= 1; j /= 2) {
        // Both positions of a pair (i, i + j) decide from the same lower
        // and upper elements, so they swap together whatever the
        // comparator answers: the network stays a permutation.
        Value upper = net.bitSet(position, j); // the partner is i - j
        SmallVector<Value> partner, lo, hi;
        for (Value v : values) {
          // One statement per op: argument order is the compiler's.
          Value down = net.shifted(v, -j);
          Value up = net.shifted(v, j);
          Value other = hlo::SelectOp::create(rewriter, loc, v.getType(), upper,
                                              down, up);
          partner.push_back(other);
          lo.push_back(hlo::SelectOp::create(rewriter, loc, v.getType(), upper,
                                             other, v));
          hi.push_back(hlo::SelectOp::create(rewriter, loc, v.getType(), upper,
                                             v, other));
        }
        // Ascending blocks ((i & k) == 0) swap when the upper element goes
        // before the lower one, descending blocks when it does not.
        auto [hiFirst, loFirst] = orders(net, hi, lo, n, p);
        Value descending = net.bitSet(position, k);
        Value swap = hlo::SelectOp::create(rewriter, loc, hiFirst.getType(),
                                           descending, loFirst, hiFirst);
        for (auto [v, other] : llvm::zip(values, partner))
          v = hlo::SelectOp::create(rewriter, loc, v.getType(), swap, other, v);
      }
    }

    SmallVector<Value> results;
    SmallVector<int64_t> start(rank, 0), limit(type.getShape()),
        strides(rank, 1);
    for (size_t i = 0; i < m; ++i)
      results.push_back(p == n ? values[i]
                               : Value(hlo::SliceOp::create(
                                     rewriter, loc, values[i],
                                     rewriter.getDenseI64ArrayAttr(start),
                                     rewriter.getDenseI64ArrayAttr(limit),
                                     rewriter.getDenseI64ArrayAttr(strides))));
    rewriter.replaceOp(sort, results);
    return success();
  }

  /// Whether `a` goes strictly before `b`, and `b` before `a` (each: the
  /// operands, then the index), elementwise: by the comparator, ties by
  /// index, padding (index >= n) after every real element.
  static std::pair<Value, Value> orders(NetworkBuilder &net, ArrayRef<Value> a,
                                        ArrayRef<Value> b, int64_t n,
                                        int64_t p) {
    PatternRewriter &r = net.b;
    Location loc = net.loc;
    Value ia = a.back(), ib = b.back();
    ArrayRef<Value> aOps = a.drop_back(), bOps = b.drop_back();
    Value ab = net.comparator(aOps, bOps);
    Value ba = net.comparator(bOps, aOps);
    Value aLess = net.cmp(hlo::ComparisonDirection::LT, ia, ib);
    Value bLess = hlo::NotOp::create(r, loc, aLess); // indices differ
    auto before = [&](Value cmp, Value reverse, Value indexLess) -> Value {
      Value tie = hlo::AndOp::create(
          r, loc, hlo::NotOp::create(r, loc, reverse), indexLess);
      return hlo::OrOp::create(r, loc, cmp, tie);
    };
    Value aFirst = before(ab, ba, aLess), bFirst = before(ba, ab, bLess);
    if (p == n)
      return {aFirst, bFirst};
    Type i32 = r.getI32Type();
    Value limit = net.splatInt(i32, n);
    Value aReal = net.cmp(hlo::ComparisonDirection::LT, ia, limit);
    Value bReal = net.cmp(hlo::ComparisonDirection::LT, ib, limit);
    // A real element goes before padding; two paddings go by index.
    auto withPadding = [&](Value xReal, Value yReal, Value first,
                           Value indexLess) -> Value {
      Value yPadding = hlo::NotOp::create(r, loc, yReal);
      Value real = hlo::OrOp::create(r, loc, yPadding, first);
      Value padding = hlo::AndOp::create(r, loc, yPadding, indexLess);
      return hlo::SelectOp::create(r, loc, first.getType(), xReal, real,
                                   padding);
    };
    return {withPadding(aReal, bReal, aFirst, aLess),
            withPadding(bReal, aReal, bFirst, bLess)};
  }
};

} // namespace

void mlir::tpu::populateSortNetworkPatterns(RewritePatternSet &patterns) {
  patterns.add<SortToBitonicNetwork>(patterns.getContext());
}
