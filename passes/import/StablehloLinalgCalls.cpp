//===- StablehloLinalgCalls.cpp - JAX's TPU linear-algebra custom calls ---===//
//
// Part of convert-stablehlo-to-hlo. For the TPU, JAX exports jnp.linalg.lu,
// qr and eigh as custom calls that XLA:TPU expands into HLO loops:
//
//   @LuDecomposition(a) -> (lu, pivots, permutation)   (LAPACK getrf)
//   @Qr(a) -> (a', taus)                               (LAPACK geqrf)
//   @ProductOfElementaryHouseholderReflectors(a, taus) (LAPACK orgqr)
//   @Eigh(a) {backend_config = "lower,sort,max_iter,tol"} -> (v, w)
//
// The same here, in the style of StablehloLinalg.cpp: the column steps of
// LU and QR are unrolled over whole batches, each a few elementwise ops,
// masked row and column selections and reductions on the vector unit;
// Eigh is a parallel (Brent-Luk) Jacobi iteration in an hlo.while, each
// sweep's n-1 rounds of disjoint rotations applied as two HIGHEST-
// precision matmuls on the MXU. Row picks are max-reductions of a masked
// tensor, so they move values exactly.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

/// Elimination steps (columns, reflectors or Jacobi indices) unrolled one
/// by one; more are refused, as for triangular_solve and cholesky.
constexpr int64_t kMaxLinalgSteps = 1024;

/// Batched matrix arithmetic on tensors shaped `batch ++ tail`, where the
/// tail is a matrix (rows, cols) or a vector; dimensions below count from
/// the tail's first.
struct Matrices {
  OpBuilder &b;
  Location loc;
  SmallVector<int64_t> batch;

  int64_t rank(Value v) const {
    return cast<RankedTensorType>(v.getType()).getRank();
  }
  int64_t full(int64_t tailDim) const { return batch.size() + tailDim; }
  RankedTensorType type(ArrayRef<int64_t> tail, Type element) const {
    SmallVector<int64_t> shape(batch);
    llvm::append_range(shape, tail);
    return RankedTensorType::get(shape, element);
  }
  Value iota(ArrayRef<int64_t> tail, int64_t dim) const {
    return hlo::IotaOp::create(b, loc, type(tail, b.getI32Type()),
                               b.getI64IntegerAttr(full(dim)));
  }
  Value splat(ArrayRef<int64_t> tail, Type element, double v) const {
    TypedAttr attr =
        isa<FloatType>(element)
            ? TypedAttr(b.getFloatAttr(element, v))
            : TypedAttr(b.getIntegerAttr(element, static_cast<int64_t>(v)));
    return tpu::splatConstant(b, loc, type(tail, element), attr);
  }
  Value like(Value v, double x) const {
    auto t = cast<RankedTensorType>(v.getType());
    return splat(t.getShape().drop_front(batch.size()), t.getElementType(), x);
  }
  /// The lowest value of `v`'s element type: what a max-reduction ignores.
  Value lowest(Value v) const {
    auto t = cast<RankedTensorType>(v.getType());
    Type element = t.getElementType();
    if (auto f = dyn_cast<FloatType>(element))
      return tpu::splatConstant(
          b, loc, t,
          b.getFloatAttr(f, APFloat::getInf(f.getFloatSemantics(),
                                            /*Negative=*/true)));
    return tpu::splatConstant(
        b, loc, t,
        b.getIntegerAttr(element, APInt::getSignedMinValue(
                                      element.getIntOrFloatBitWidth())));
  }
  Value cmp(hlo::ComparisonDirection direction, Value x, Value y) const {
    auto t = cast<RankedTensorType>(x.getType());
    return hlo::CompareOp::create(
        b, loc, RankedTensorType::get(t.getShape(), b.getI1Type()),
        hlo::ComparisonDirectionAttr::get(b.getContext(), direction), x, y);
  }
  Value cmpAt(hlo::ComparisonDirection direction, Value iota,
              int64_t at) const {
    return cmp(direction, iota, like(iota, static_cast<double>(at)));
  }
  Value select(Value c, Value x, Value y) const {
    return hlo::SelectOp::create(b, loc, x.getType(), c, x, y);
  }
  Value add(Value x, Value y) const { return hlo::AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) const {
    return hlo::SubtractOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) const { return hlo::MulOp::create(b, loc, x, y); }
  Value div(Value x, Value y) const { return hlo::DivOp::create(b, loc, x, y); }
  /// `v` (batch ++ some tail dims) broadcast to `batch ++ tail`, its tail
  /// dims going to `dims`.
  Value spread(Value v, ArrayRef<int64_t> tail, ArrayRef<int64_t> dims) const {
    SmallVector<int64_t> map = llvm::to_vector(
        llvm::seq<int64_t>(0, static_cast<int64_t>(batch.size())));
    for (int64_t d : dims)
      map.push_back(full(d));
    auto element = cast<RankedTensorType>(v.getType()).getElementType();
    return hlo::BroadcastInDimOp::create(b, loc, type(tail, element), v,
                                         b.getDenseI64ArrayAttr(map));
  }
  /// Entries [start, start + size) of tail dimension `dim`.
  Value slice(Value v, int64_t dim, int64_t start, int64_t size) const {
    auto t = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> begin(t.getRank(), 0), end(t.getShape()),
        ones(t.getRank(), 1);
    begin[full(dim)] = start;
    end[full(dim)] = start + size;
    return hlo::SliceOp::create(b, loc, v, b.getDenseI64ArrayAttr(begin),
                                b.getDenseI64ArrayAttr(end),
                                b.getDenseI64ArrayAttr(ones));
  }
  /// Entry `at` of tail dimension `dim`, that dimension removed.
  Value at(Value v, int64_t dim, int64_t at) const {
    auto t = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> shape(t.getShape());
    shape.erase(shape.begin() + full(dim));
    return hlo::ReshapeOp::create(b, loc, t.clone(shape), slice(v, dim, at, 1));
  }
  Value reduce(hlo::ReduceKind kind, Value v, int64_t dim) const {
    auto t = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> shape(t.getShape());
    shape.erase(shape.begin() + full(dim));
    return hlo::ReduceOp::create(b, loc, t.clone(shape), kind, v,
                                 b.getDenseI64ArrayAttr({full(dim)}));
  }
  /// Along `dim`, the one entry of `v` where `mask` holds, exactly.
  Value pick(Value v, Value mask, int64_t dim) const {
    return reduce(hlo::ReduceKind::max, select(mask, v, lowest(v)), dim);
  }
  /// `v` with tail entry `at` of the vector set to `x` (a batch value).
  Value setAt(Value v, Value iota, int64_t at, Value x) const {
    auto t = cast<RankedTensorType>(v.getType());
    return select(cmpAt(hlo::ComparisonDirection::EQ, iota, at),
                  spread(x, t.getShape().drop_front(batch.size()), {}), v);
  }
  Value matmul(Value x, Value y, bool transposeX) const {
    auto t = cast<RankedTensorType>(x.getType());
    SmallVector<int64_t> batchDims = llvm::to_vector(
        llvm::seq<int64_t>(0, static_cast<int64_t>(batch.size())));
    return hlo::DotGeneralOp::create(
        b, loc, t, x, y, b.getDenseI64ArrayAttr(batchDims),
        b.getDenseI64ArrayAttr(batchDims),
        b.getDenseI64ArrayAttr({full(transposeX ? 0 : 1)}),
        b.getDenseI64ArrayAttr({full(0)}),
        hlo::PrecisionAttr::get(b.getContext(), hlo::Precision::HIGHEST));
  }
};

using Dir = hlo::ComparisonDirection;

/// The result types of `op`: its results', or the leaves of its one tuple.
SmallVector<Type> resultLeafTypes(Operation *op) {
  if (op->getNumResults() == 1)
    if (auto tuple = dyn_cast<TupleType>(op->getResult(0).getType()))
      return llvm::to_vector(tuple.getTypes());
  return llvm::to_vector(op->getResultTypes());
}

/// Checks `op`'s result leaves against `expected`, its operand against a
/// float matrix and the `steps` its expansion unrolls against the limit.
LogicalResult checkCall(sh::CustomCallOp op, ArrayRef<Type> expected,
                        int64_t steps) {
  auto a = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!a || a.getRank() < 2 || !isa<FloatType>(a.getElementType()) ||
      isa<Float64Type>(a.getElementType()))
    return tpu::emitUnsupported(op) << "@" << op.getCallTargetName()
                                    << " takes a matrix of f32, bf16 or f16";
  if (resultLeafTypes(op) != expected) {
    auto diag = tpu::emitUnsupported(op)
                << "@" << op.getCallTargetName() << " of " << a << " returns (";
    llvm::interleaveComma(expected, diag);
    return diag << ")";
  }
  if (steps > kMaxLinalgSteps)
    return tpu::emitUnsupported(op)
           << "@" << op.getCallTargetName() << " of " << a << " takes "
           << steps << " steps (at most " << kMaxLinalgSteps
           << " are expanded)";
  return success();
}

Matrices matricesOf(OpBuilder &b, sh::CustomCallOp op, RankedTensorType a) {
  return Matrices{b, op.getLoc(),
                  SmallVector<int64_t>(a.getShape().drop_back(2))};
}

/// getrf with partial pivoting: at step k the row at or below k with the
/// largest |a[:, k]| (the first of equals) is swapped into row k, the
/// column below the pivot divided by it, and the trailing block updated
/// by the outer product. pivots[k] is that row; permutation the rows'
/// order after all swaps. A zero pivot divides (infinities and NaNs), as
/// JAX's own expansion does.
LogicalResult luDecomposition(OpBuilder &b, Importer &im, sh::CustomCallOp op) {
  auto a = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!a || a.getRank() < 2)
    return tpu::emitUnsupported(op) << "@LuDecomposition takes a matrix";
  int64_t m = a.getDimSize(a.getRank() - 2), n = a.getShape().back(),
          steps = std::min(m, n);
  Matrices mx = matricesOf(b, op, a);
  Type i32 = b.getI32Type();
  if (failed(checkCall(op, {a, mx.type({steps}, i32), mx.type({m}, i32)},
                       steps)))
    return failure();
  Value lu = im.lookup(op.getInputs()[0]);
  Value rows = mx.iota({m, n}, 0), cols = mx.iota({m, n}, 1);
  Value rowVec = mx.iota({m}, 0), stepVec = mx.iota({steps}, 0);
  Value pivots = mx.splat({steps}, i32, 0);
  Value perm = rowVec;
  for (int64_t k = 0; k < steps; ++k) {
    // The pivot: the largest magnitude at or below row k.
    Value column = mx.at(lu, 1, k);
    Value magnitude = hlo::AbsOp::create(b, mx.loc, column);
    magnitude = mx.select(mx.cmpAt(Dir::GE, rowVec, k), magnitude,
                          mx.like(magnitude, -1));
    Value p = hlo::ArgMaxOp::create(b, mx.loc, mx.type({}, i32), magnitude,
                                    mx.full(0));
    pivots = mx.setAt(pivots, stepVec, k, p);
    // Rows k and p swap, in the matrix and the permutation.
    Value isP = mx.cmp(Dir::EQ, rows, mx.spread(p, {m, n}, {}));
    Value isK = mx.cmpAt(Dir::EQ, rows, k);
    Value rowP = mx.pick(lu, isP, 0), rowK = mx.at(lu, 0, k);
    lu = mx.select(isK, mx.spread(rowP, {m, n}, {1}),
                   mx.select(isP, mx.spread(rowK, {m, n}, {1}), lu));
    Value permIsP = mx.cmp(Dir::EQ, rowVec, mx.spread(p, {m}, {}));
    Value permP = mx.pick(perm, permIsP, 0), permK = mx.at(perm, 0, k);
    perm = mx.select(mx.cmpAt(Dir::EQ, rowVec, k), mx.spread(permP, {m}, {}),
                     mx.select(permIsP, mx.spread(permK, {m}, {}), perm));
    // Multipliers below the pivot, then the trailing block's update.
    Value pivot = mx.at(rowP, 0, k);
    Value col = mx.at(lu, 1, k);
    Value l = mx.div(col, mx.spread(pivot, {m}, {}));
    l = mx.select(mx.cmpAt(Dir::GT, rowVec, k), l, col);
    Value update = mx.sub(
        lu, mx.mul(mx.spread(l, {m, n}, {0}), mx.spread(rowP, {m, n}, {1})));
    Value trailing = hlo::AndOp::create(b, mx.loc, mx.cmpAt(Dir::GT, rows, k),
                                        mx.cmpAt(Dir::GT, cols, k));
    lu = mx.select(trailing, update, lu);
    lu = mx.select(mx.cmpAt(Dir::EQ, cols, k), mx.spread(l, {m, n}, {0}), lu);
  }
  im.mapResultLeaves(op, {lu, pivots, perm});
  return success();
}

/// geqrf: column k's Householder reflector H = I - tau v v^T (v[k] = 1)
/// maps a[k:, k] to beta e_k, beta = -sign(a[k, k]) * norm (sign(0) = 1),
/// tau = (beta - alpha) / beta; a column with nothing below the diagonal
/// gets tau = 0 and keeps its entry, as LAPACK's dlarfg does. The result
/// holds R on and above the diagonal and v below it.
LogicalResult qr(OpBuilder &b, Importer &im, sh::CustomCallOp op) {
  auto a = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!a || a.getRank() < 2)
    return tpu::emitUnsupported(op) << "@Qr takes a matrix";
  int64_t m = a.getDimSize(a.getRank() - 2), n = a.getShape().back(),
          steps = std::min(m, n);
  Matrices mx = matricesOf(b, op, a);
  Type element = a.getElementType();
  if (failed(checkCall(op, {a, mx.type({steps}, element)}, steps)))
    return failure();
  Value r = im.lookup(op.getInputs()[0]);
  Value cols = mx.iota({m, n}, 1), rowVec = mx.iota({m}, 0),
        stepVec = mx.iota({steps}, 0);
  Value taus = mx.splat({steps}, element, 0);
  for (int64_t k = 0; k < steps; ++k) {
    Value column = mx.at(r, 1, k);
    Value alpha = mx.at(column, 0, k);
    Value below = mx.cmpAt(Dir::GT, rowVec, k);
    Value x = mx.select(below, column, mx.like(column, 0));
    Value sigma = mx.reduce(hlo::ReduceKind::sum, mx.mul(x, x), 0);
    Value norm =
        hlo::SqrtOp::create(b, mx.loc, mx.add(mx.mul(alpha, alpha), sigma));
    Value beta = mx.select(mx.cmp(Dir::LT, alpha, mx.like(alpha, 0)), norm,
                           hlo::NegOp::create(b, mx.loc, norm));
    Value none = mx.cmp(Dir::EQ, sigma, mx.like(sigma, 0));
    Value tau =
        mx.select(none, mx.like(alpha, 0), mx.div(mx.sub(beta, alpha), beta));
    Value scale = mx.select(none, mx.like(alpha, 0),
                            mx.div(mx.like(alpha, 1), mx.sub(alpha, beta)));
    beta = mx.select(none, alpha, beta);
    Value v = mx.mul(x, mx.spread(scale, {m}, {}));
    v = mx.select(mx.cmpAt(Dir::EQ, rowVec, k), mx.like(v, 1), v);
    // H applied to the columns right of k: a -= tau v (v^T a).
    Value vWide = mx.spread(v, {m, n}, {0});
    Value w = mx.reduce(hlo::ReduceKind::sum, mx.mul(vWide, r), 0);
    Value update = mx.sub(r, mx.mul(mx.spread(tau, {m, n}, {}),
                                    mx.mul(vWide, mx.spread(w, {m, n}, {1}))));
    r = mx.select(mx.cmpAt(Dir::GT, cols, k), update, r);
    // Column k: R above the diagonal, beta on it, v below.
    Value newColumn = mx.select(below, v, column);
    newColumn = mx.setAt(newColumn, rowVec, k, beta);
    r = mx.select(mx.cmpAt(Dir::EQ, cols, k), mx.spread(newColumn, {m, n}, {0}),
                  r);
    taus = mx.setAt(taus, stepVec, k, tau);
  }
  im.mapResultLeaves(op, {r, taus});
  return success();
}

/// orgqr: the first n columns of H_0 H_1 ... H_{k-1}, applied to the
/// identity from the last reflector to the first.
LogicalResult householderProduct(OpBuilder &b, Importer &im,
                                 sh::CustomCallOp op) {
  auto a = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  auto t = op.getInputs().size() == 2
               ? dyn_cast<RankedTensorType>(op.getInputs()[1].getType())
               : RankedTensorType();
  if (!a || a.getRank() < 2 || !t || t.getRank() != a.getRank() - 1 ||
      t.getShape().drop_back() != a.getShape().drop_back(2) ||
      t.getElementType() != a.getElementType() ||
      t.getShape().back() >
          std::min(a.getShape().back(), a.getDimSize(a.getRank() - 2)))
    return tpu::emitUnsupported(op)
           << "@ProductOfElementaryHouseholderReflectors takes a matrix and "
              "at most min(rows, columns) taus of its type and batch";
  if (failed(checkCall(op, {a}, t.getShape().back())))
    return failure();
  int64_t m = a.getDimSize(a.getRank() - 2), n = a.getShape().back();
  Matrices mx = matricesOf(b, op, a);
  Value vectors = im.lookup(op.getInputs()[0]);
  Value taus = im.lookup(op.getInputs()[1]);
  Value rows = mx.iota({m, n}, 0), rowVec = mx.iota({m}, 0);
  Value q = mx.cmp(Dir::EQ, rows, mx.iota({m, n}, 1));
  q = mx.select(q, mx.like(vectors, 1), mx.like(vectors, 0));
  for (int64_t j = t.getShape().back() - 1; j >= 0; --j) {
    Value v = mx.select(mx.cmpAt(Dir::GT, rowVec, j), mx.at(vectors, 1, j),
                        mx.splat({m}, a.getElementType(), 0));
    v = mx.setAt(v, rowVec, j, mx.splat({}, a.getElementType(), 1));
    Value vWide = mx.spread(v, {m, n}, {0});
    Value w = mx.reduce(hlo::ReduceKind::sum, mx.mul(vWide, q), 0);
    Value tau = mx.at(taus, 0, j);
    q = mx.sub(q, mx.mul(mx.spread(tau, {m, n}, {}),
                         mx.mul(vWide, mx.spread(w, {m, n}, {1}))));
  }
  im.mapResultLeaves(op, {q});
  return success();
}

/// The fields of Eigh's backend_config, "lower,sort,max_iter,tol".
struct EighConfig {
  bool lower = true;
  bool sort = true;
  int64_t maxSweeps = 15;
  double tol = 1e-5;
};

FailureOr<EighConfig> readEighConfig(sh::CustomCallOp op) {
  EighConfig config;
  auto text = dyn_cast_or_null<StringAttr>(op.getBackendConfigAttr());
  if (!text)
    return config;
  SmallVector<StringRef> fields;
  text.getValue().split(fields, ',');
  int64_t lower = 0, sort = 0;
  if (fields.size() != 4 || fields[0].trim().getAsInteger(10, lower) ||
      fields[1].trim().getAsInteger(10, sort) ||
      fields[2].trim().getAsInteger(10, config.maxSweeps) ||
      fields[3].trim().getAsDouble(config.tol) || config.maxSweeps < 0 ||
      config.maxSweeps > (1 << 20))
    return tpu::emitUnsupported(op)
           << "@Eigh's backend_config \"" << text.getValue()
           << "\" is not \"lower,sort,max_iter,tol\"";
  config.lower = lower != 0;
  config.sort = sort != 0;
  return config;
}

/// One round of the Brent-Luk (round-robin) ordering of n indices: each
/// index's partner; an index without one (n odd) is its own.
SmallVector<int64_t> roundPartners(int64_t n, int64_t round) {
  int64_t players = n + (n % 2), m = players - 1;
  SmallVector<int64_t> partner(n);
  for (int64_t i = 0; i < n; ++i) {
    int64_t other;
    if (i == 0) {
      other = 1 + round % m;
    } else {
      int64_t a = i - 1, b = ((2 * round - a) % m + m) % m;
      other = a == b ? 0 : b + 1;
    }
    partner[i] = other < n ? other : i;
  }
  return partner;
}

/// A static n x n (or n) i1 mask as a constant broadcast over the batch.
Value maskConstant(Matrices &mx, ArrayRef<int64_t> tail,
                   function_ref<bool(int64_t, int64_t)> holds) {
  SmallVector<bool> bits;
  int64_t rows = tail.size() == 2 ? tail[0] : 1, cols = tail.back();
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      bits.push_back(holds(tail.size() == 2 ? i : j, j));
  auto type = RankedTensorType::get(tail, mx.b.getI1Type());
  Value mask =
      hlo::ConstantOp::create(mx.b, mx.loc, DenseElementsAttr::get(type, bits));
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < static_cast<int64_t>(tail.size()); ++d)
    dims.push_back(mx.full(d));
  return hlo::BroadcastInDimOp::create(mx.b, mx.loc,
                                       mx.type(tail, mx.b.getI1Type()), mask,
                                       mx.b.getDenseI64ArrayAttr(dims));
}

/// One round of disjoint Jacobi rotations: for each pair (p, q) the
/// rotation J (J_pp = J_qq = c, J_pq = s, J_qp = -s) with tan = t that
/// zeroes a_pq in J^T A J (Golub and Van Loan, sym.schur2); A and V
/// become J^T A J and V J.
std::pair<Value, Value> jacobiRound(Matrices &mx, Value a, Value v, int64_t n,
                                    int64_t round) {
  SmallVector<int64_t> partner = roundPartners(n, round);
  Value eye =
      maskConstant(mx, {n, n}, [](int64_t i, int64_t j) { return i == j; });
  Value pm = maskConstant(
      mx, {n, n}, [&](int64_t i, int64_t j) { return j == partner[i]; });
  Value first =
      maskConstant(mx, {n}, [&](int64_t, int64_t i) { return i < partner[i]; });
  Value firstRows = maskConstant(
      mx, {n, n}, [&](int64_t i, int64_t) { return i < partner[i]; });
  Value idle = maskConstant(
      mx, {n}, [&](int64_t, int64_t i) { return i == partner[i]; });
  Value offPartner = maskConstant(mx, {n, n}, [&](int64_t i, int64_t j) {
    return j == partner[i] && i != j;
  });
  Value d = mx.pick(a, eye, 1);
  Value dPartner = mx.pick(mx.spread(d, {n, n}, {1}), pm, 1);
  // a_pq read from row p for both members of the pair, so they agree.
  Value aT =
      hlo::TransposeOp::create(mx.b, mx.loc, a, mx.b.getDenseI64ArrayAttr([&] {
        SmallVector<int64_t> perm =
            llvm::to_vector(llvm::seq<int64_t>(0, mx.full(2)));
        std::swap(perm[mx.full(0)], perm[mx.full(1)]);
        return perm;
      }()));
  Value apq = mx.select(first, mx.pick(a, pm, 1), mx.pick(aT, pm, 1));
  Value app = mx.select(first, d, dPartner);
  Value aqq = mx.select(first, dPartner, d);
  Value one = mx.like(d, 1);
  Value tau = mx.div(mx.sub(aqq, app), mx.mul(mx.like(d, 2), apq));
  Value sign =
      mx.select(mx.cmp(Dir::GE, tau, mx.like(tau, 0)), one, mx.like(d, -1));
  Value root = hlo::SqrtOp::create(mx.b, mx.loc, mx.add(one, mx.mul(tau, tau)));
  Value t = mx.div(sign, mx.add(hlo::AbsOp::create(mx.b, mx.loc, tau), root));
  Value c = hlo::RsqrtOp::create(mx.b, mx.loc, mx.add(one, mx.mul(t, t)));
  Value s = mx.mul(t, c);
  Value still = hlo::OrOp::create(mx.b, mx.loc, idle,
                                  mx.cmp(Dir::EQ, apq, mx.like(apq, 0)));
  c = mx.select(still, one, c);
  s = mx.select(still, mx.like(s, 0), s);
  Value sWide = mx.spread(s, {n, n}, {0});
  Value j =
      mx.select(eye, mx.spread(c, {n, n}, {0}),
                mx.select(offPartner,
                          mx.select(firstRows, sWide,
                                    hlo::NegOp::create(mx.b, mx.loc, sWide)),
                          mx.like(a, 0)));
  Value rotated = mx.matmul(j, mx.matmul(a, j, false), true);
  return {rotated, mx.matmul(v, j, false)};
}

} // namespace

/// Eigh as parallel Jacobi: the symmetric matrix the stored triangle
/// describes is rotated sweep by sweep (each sweep n - 1 rounds of
/// disjoint pairs, every pair once) until its off-diagonal norm is at most
/// tol times its Frobenius norm in every batch member, or max_iter sweeps.
/// The eigenvalues are the diagonal, the eigenvectors V's columns, sorted
/// ascending (stably) when asked.
LogicalResult Importer::eigh(sh::CustomCallOp op) {
  auto a = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!a || a.getRank() < 2 ||
      a.getShape().back() != a.getDimSize(a.getRank() - 2))
    return unsupported(op) << "@Eigh takes a square matrix";
  int64_t n = a.getShape().back();
  Matrices mx = matricesOf(b, op, a);
  Type element = a.getElementType();
  if (failed(checkCall(op, {a, mx.type({n}, element)}, n)))
    return failure();
  FailureOr<EighConfig> config = readEighConfig(op);
  if (failed(config))
    return failure();
  Location loc = op.getLoc();
  Value stored = lookup(op.getInputs()[0]);
  SmallVector<int64_t> swap =
      llvm::to_vector(llvm::seq<int64_t>(0, a.getRank()));
  std::swap(swap[a.getRank() - 1], swap[a.getRank() - 2]);
  Value rows = mx.iota({n, n}, 0), cols = mx.iota({n, n}, 1);
  Value kept = mx.cmp(config->lower ? Dir::GE : Dir::LE, rows, cols);
  Value sym = mx.select(kept, stored, transpose(loc, stored, swap));
  Value eye = mx.cmp(Dir::EQ, rows, cols);
  Value identity = mx.select(eye, mx.like(sym, 1), mx.like(sym, 0));

  auto i32 = RankedTensorType::get({}, b.getI32Type());
  SmallVector<Value> inits = {sym, identity,
                              splat(loc, i32, b.getI32IntegerAttr(0))};
  hlo::WhileOp loop = emptyWhile(loc, inits);
  Block &cond = loop.getCond().front();
  Block &body = loop.getBody().front();
  {
    OpBuilder::InsertionGuard guard(b);
    // Go on while sweeps remain and some member's off-diagonal part is
    // above tol of its norm (a NaN stops the loop).
    b.setInsertionPointToStart(&cond);
    Value x = cond.getArgument(0);
    Value squares = mx.mul(x, x);
    Value off =
        mx.select(mx.cmp(Dir::EQ, mx.iota({n, n}, 0), mx.iota({n, n}, 1)),
                  mx.like(x, 0), squares);
    auto perMember = [&](Value v) {
      return mx.reduce(hlo::ReduceKind::sum,
                       mx.reduce(hlo::ReduceKind::sum, v, 1), 0);
    };
    Value offNorm = perMember(off), norm = perMember(squares);
    Value limit = mx.mul(norm, mx.like(norm, config->tol * config->tol));
    Value unconverged = mx.cmp(Dir::GT, offNorm, limit);
    SmallVector<int64_t> batchDims = llvm::to_vector(
        llvm::seq<int64_t>(0, static_cast<int64_t>(mx.batch.size())));
    if (!batchDims.empty())
      unconverged = hlo::ReduceOp::create(b, loc, i32.clone(b.getI1Type()),
                                          hlo::ReduceKind::max, unconverged,
                                          b.getDenseI64ArrayAttr(batchDims));
    Value more =
        compareOf(loc, Dir::LT, cond.getArgument(2),
                  splat(loc, i32, b.getI32IntegerAttr(config->maxSweeps)));
    hlo::YieldOp::create(
        b, loc, ValueRange{hlo::AndOp::create(b, loc, more, unconverged)});
    b.setInsertionPointToStart(&body);
    Value x2 = body.getArgument(0), v2 = body.getArgument(1);
    int64_t rounds = n + (n % 2) - 1;
    for (int64_t round = 0; round < rounds; ++round)
      std::tie(x2, v2) = jacobiRound(mx, x2, v2, n, round);
    Value next = hlo::AddOp::create(b, loc, body.getArgument(2),
                                    splat(loc, i32, b.getI32IntegerAttr(1)));
    hlo::YieldOp::create(b, loc, ValueRange{x2, v2, next});
  }
  Value w = mx.pick(loop.getResult(0), eye, 1);
  Value vectors = loop.getResult(1);
  if (config->sort) {
    // Every row of V sorted by the eigenvalues of its columns, stably.
    Value keys = mx.spread(w, {n, n}, {1});
    hlo::SortOp sorted = sortByFirst(loc, ValueRange{keys, vectors},
                                     a.getRank() - 1, Dir::LT);
    w = mx.at(sorted.getResult(0), 0, 0);
    vectors = sorted.getResult(1);
  }
  mapResultLeaves(op, {vectors, w});
  return success();
}

void Importer::mapResultLeaves(Operation *op, ArrayRef<Value> values) {
  if (op->getNumResults() == 1 && isa<TupleType>(op->getResult(0).getType())) {
    tupleLeaves[op->getResult(0)] = llvm::to_vector(values);
    return;
  }
  for (auto [result, value] : llvm::zip_equal(op->getResults(), values))
    mapping.map(result, value);
}

LogicalResult Importer::customCall(sh::CustomCallOp op) {
  StringRef target = op.getCallTargetName();
  // jax.lax.empty: an uninitialized array, whose contents no program may
  // read before writing; zeros, as JAX's TPU record shows.
  if (target == "AllocateBuffer" && op.getInputs().empty() &&
      op.getNumResults() == 1)
    if (auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType())) {
      if (failed(checkTypes(op)))
        return failure();
      mapping.map(op.getResult(0), splat(op.getLoc(), type,
                                         b.getZeroAttr(type.getElementType())));
      return success();
    }
  if (op.getInputs().empty())
    return unsupported(op) << "the custom call target @" << target
                           << " is unknown to it";
  if (target == "LuDecomposition")
    return luDecomposition(b, *this, op);
  if (target == "Qr")
    return qr(b, *this, op);
  if (target == "ProductOfElementaryHouseholderReflectors")
    return householderProduct(b, *this, op);
  if (target == "Eigh")
    return eigh(op);
  return unsupported(op) << "the custom call target @" << target
                         << " is unknown to it";
}
