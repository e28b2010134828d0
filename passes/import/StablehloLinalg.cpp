//===- StablehloLinalg.cpp - Import triangular_solve and cholesky ---------===//
//
// Part of convert-stablehlo-to-hlo. triangular_solve becomes substitution
// over whole batches: every form is first made op(a) x = b with a lower or
// upper matrix M (x op(a) = b is op(a)^T x^T = b^T), M's unread triangle and
// diagonal are masked to zero, and row by row (top down for a lower M,
// bottom up for an upper one) x_i = (b_i - M_i . x) / M_ii, where x holds
// zeros in the rows not solved yet: one HIGHEST-precision dot per row on
// the MXU, and elementwise work on the vector unit.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

/// Rows substituted one by one; larger systems are refused.
constexpr int64_t kMaxTriangularRows = 1024;

FailureOr<Value> Importer::triangularSolve(sh::TriangularSolveOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Type element = type.getElementType();
  if (!isa<FloatType>(element))
    return unsupported(op) << "elements of type " << element
                           << " (the spec solves float systems)";
  Value a = lookup(op.getA()), rhs = lookup(op.getB());
  int64_t rank = type.getRank(),
          n = type.getDimSize(op.getLeftSide() ? rank - 2 : rank - 1);
  if (n > kMaxTriangularRows)
    return unsupported(op) << "a system of " << n << " rows (at most "
                           << kMaxTriangularRows << " are substituted)";
  SmallVector<int64_t> swap = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(swap[rank - 1], swap[rank - 2]);
  // M x = b with M = op(a) on the left, op(a)^T on the right.
  bool transposed = op.getTransposeA() != sh::Transpose::NO_TRANSPOSE;
  bool useTranspose = op.getLeftSide() == transposed;
  Value full = useTranspose ? transpose(loc, a, swap) : a;
  bool lower = op.getLower() != useTranspose;
  if (!op.getLeftSide())
    rhs = transpose(loc, rhs, swap);
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  auto mType = cast<RankedTensorType>(full.getType());
  SmallVector<int64_t> batchDims =
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 2));
  // M's strict triangle: row > column (lower) or row < column (upper).
  auto iota2 = [&](int64_t dim) {
    auto t = RankedTensorType::get({n, n}, b.getI32Type());
    Value i = hlo::IotaOp::create(b, loc, t, b.getI64IntegerAttr(dim));
    return hlo::BroadcastInDimOp::create(
        b, loc, mType.clone(b.getI32Type()), i,
        b.getDenseI64ArrayAttr({rank - 2, rank - 1}));
  };
  Value rows = iota2(0), cols = iota2(1);
  Value strict = compareOf(
      loc, lower ? hlo::ComparisonDirection::GT : hlo::ComparisonDirection::LT,
      rows, cols);
  Value zerosM = splat(loc, mType, b.getZeroAttr(element));
  Value m = hlo::SelectOp::create(b, loc, mType, strict, full, zerosM);
  // x starts at zero; row i is selected in once solved.
  Value x = splat(loc, rhsType, b.getZeroAttr(element));
  auto rowIotaType = rhsType.clone(b.getI32Type());
  Value rowIota =
      hlo::IotaOp::create(b, loc, rowIotaType, b.getI64IntegerAttr(rank - 2));
  SmallVector<int64_t> rowShape(rhsType.getShape());
  rowShape[rank - 2] = 1;
  auto rowType = rhsType.clone(rowShape);
  SmallVector<int64_t> mRowShape(mType.getShape());
  mRowShape[rank - 2] = 1;
  SmallVector<int64_t> ones(rank, 1);
  auto rowSlice = [&](Value v, int64_t i, bool diagonalOnly) {
    auto t = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> start(rank, 0), limit(t.getShape());
    start[rank - 2] = i;
    limit[rank - 2] = i + 1;
    if (diagonalOnly) {
      start[rank - 1] = i;
      limit[rank - 1] = i + 1;
    }
    return hlo::SliceOp::create(b, loc, v, b.getDenseI64ArrayAttr(start),
                                b.getDenseI64ArrayAttr(limit),
                                b.getDenseI64ArrayAttr(ones));
  };
  auto highest =
      hlo::PrecisionAttr::get(b.getContext(), hlo::Precision::HIGHEST);
  for (int64_t step = 0; step < n; ++step) {
    int64_t i = lower ? step : n - 1 - step;
    Value dot = hlo::DotGeneralOp::create(
        b, loc, rowType, rowSlice(m, i, false), x,
        b.getDenseI64ArrayAttr(batchDims), b.getDenseI64ArrayAttr(batchDims),
        b.getDenseI64ArrayAttr({rank - 1}), b.getDenseI64ArrayAttr({rank - 2}),
        highest);
    Value xi = hlo::SubtractOp::create(b, loc, rowSlice(rhs, i, false), dot);
    if (!op.getUnitDiagonal()) {
      Value d = hlo::BroadcastInDimOp::create(
          b, loc, rowType, rowSlice(full, i, true),
          b.getDenseI64ArrayAttr(llvm::to_vector(llvm::seq<int64_t>(0, rank))));
      xi = hlo::DivOp::create(b, loc, xi, d);
    }
    Value wide = hlo::BroadcastInDimOp::create(
        b, loc, rhsType, xi,
        b.getDenseI64ArrayAttr(llvm::to_vector(llvm::seq<int64_t>(0, rank))));
    Value here = compareOf(loc, hlo::ComparisonDirection::EQ, rowIota,
                           splat(loc, rowIotaType, b.getI32IntegerAttr(i)));
    x = hlo::SelectOp::create(b, loc, rhsType, here, wide, x);
  }
  return op.getLeftSide() ? x : transpose(loc, x, swap);
}

/// Cholesky-Crout, column by column over whole batches: with L holding the
/// columns solved so far (zeros elsewhere), column j is
/// v = a[:, j] - L L[j, :]^T (one HIGHEST-precision dot on the MXU), its
/// diagonal d = sqrt(v[j]) and below it v / d; rows above j stay zero. An
/// upper factor is the transpose of the lower one of a^T (the triangle of a
/// that is read). A matrix that is not positive definite gives NaNs, as the
/// square root of a negative pivot does.
FailureOr<Value> Importer::cholesky(sh::CholeskyOp op) {
  Location loc = op.getLoc();
  RankedTensorType type = resultType(op);
  Type element = type.getElementType();
  if (!isa<FloatType>(element))
    return unsupported(op) << "elements of type " << element;
  int64_t rank = type.getRank(), n = type.getDimSize(rank - 1);
  if (n > kMaxTriangularRows)
    return unsupported(op) << "a matrix of " << n << " rows (at most "
                           << kMaxTriangularRows << " columns are solved)";
  SmallVector<int64_t> swap = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(swap[rank - 1], swap[rank - 2]);
  Value a = lookup(op.getA());
  if (!op.getLower())
    a = transpose(loc, a, swap);
  SmallVector<int64_t> batchDims =
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 2));
  SmallVector<int64_t> ones(rank, 1), colShape(type.getShape());
  colShape[rank - 1] = 1;
  auto colType = type.clone(colShape);
  auto box = [&](Value v, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
    auto t = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> start(rank, 0), limit(t.getShape());
    start[rank - 2] = r0;
    limit[rank - 2] = r1;
    start[rank - 1] = c0;
    limit[rank - 1] = c1;
    return Value(hlo::SliceOp::create(b, loc, v, b.getDenseI64ArrayAttr(start),
                                      b.getDenseI64ArrayAttr(limit),
                                      b.getDenseI64ArrayAttr(ones)));
  };
  auto iotaAlong = [&](RankedTensorType t, int64_t dim) {
    return Value(hlo::IotaOp::create(b, loc, t.clone(b.getI32Type()),
                                     b.getI64IntegerAttr(dim)));
  };
  auto equalsAt = [&](Value iota, int64_t i, hlo::ComparisonDirection dir) {
    auto t = cast<RankedTensorType>(iota.getType());
    return compareOf(loc, dir, iota, splat(loc, t, b.getI32IntegerAttr(i)));
  };
  auto highest =
      hlo::PrecisionAttr::get(b.getContext(), hlo::Precision::HIGHEST);
  auto spread = [&](Value v, RankedTensorType to) {
    return Value(hlo::BroadcastInDimOp::create(
        b, loc, to, v,
        b.getDenseI64ArrayAttr(llvm::to_vector(llvm::seq<int64_t>(0, rank)))));
  };
  Value l = splat(loc, type, b.getZeroAttr(element));
  Value rows = iotaAlong(colType, rank - 2), cols = iotaAlong(type, rank - 1);
  for (int64_t j = 0; j < n; ++j) {
    // L L[j, :]^T: L's rows against row j, contracting the columns.
    Value dot = hlo::DotGeneralOp::create(
        b, loc, colType, l, box(l, j, j + 1, 0, n),
        b.getDenseI64ArrayAttr(batchDims), b.getDenseI64ArrayAttr(batchDims),
        b.getDenseI64ArrayAttr({rank - 1}), b.getDenseI64ArrayAttr({rank - 1}),
        highest);
    Value v = hlo::SubtractOp::create(b, loc, box(a, 0, n, j, j + 1), dot);
    Value d = spread(hlo::SqrtOp::create(b, loc, box(v, j, j + 1, 0, 1)),
                     colType);
    Value below = hlo::DivOp::create(b, loc, v, d);
    Value zeros = splat(loc, colType, b.getZeroAttr(element));
    Value col = hlo::SelectOp::create(
        b, loc, colType, equalsAt(rows, j, hlo::ComparisonDirection::GT),
        below, zeros);
    col = hlo::SelectOp::create(
        b, loc, colType, equalsAt(rows, j, hlo::ComparisonDirection::EQ), d,
        col);
    Value wide = hlo::BroadcastInDimOp::create(
        b, loc, type, col,
        b.getDenseI64ArrayAttr(llvm::to_vector(llvm::seq<int64_t>(0, rank))));
    l = hlo::SelectOp::create(b, loc, type,
                              equalsAt(cols, j, hlo::ComparisonDirection::EQ),
                              wide, l);
  }
  return op.getLower() ? l : transpose(loc, l, swap);
}
