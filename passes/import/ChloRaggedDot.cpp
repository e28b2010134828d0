//===- ChloRaggedDot.cpp - chlo.ragged_dot as a masked dot_general --------===//
//
// Part of convert-stablehlo-to-hlo, run before the op-by-op import.
// group_sizes (a run-time value) splits the lhs ragged dimension into
// consecutive groups [start_g, end_g). Each mode becomes one dot_general
// on a masked lhs, so the MXU does the work and no loop is needed:
//
//   mode 1 (ragged m, rhs group g):  lhs' [g, ..m..] = lhs where m is in
//       group g, else 0; contracting g with the rhs group dimension (and
//       k) picks each row's own rhs slice; rows past the groups give 0.
//   mode 2 (ragged k):  lhs' [g, ..k..] = lhs where k is in group g; g is
//       a free dimension, transposed to the front of the result.
//   mode 3 (ragged batch):  lhs with batches past the groups' total 0.
//
// Mode 1 multiplies g times the FLOPs of a dense product (XLA:TPU's
// ragged_dot kernels skip the zero blocks; the simulated time is the
// dense one). start_g is a product of a strictly lower triangular matrix
// and group_sizes, computed in group_sizes' integer type.
//
//===----------------------------------------------------------------------===//

#include "dialects/chlo/ChloOps.h"
#include "passes/import/StablehloImport.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

namespace {

class RaggedDotLowering {
public:
  RaggedDotLowering(OpBuilder &b, chlo::RaggedDotOp op)
      : b(b), op(op), loc(op.getLoc()),
        n(op.getRaggedDotDimensionNumbers()) {}

  LogicalResult run();

private:
  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }
  /// Whether each index along dimension 1 of [groups, length] lies in its
  /// row's group: start_g <= i < end_g.
  Value groupMask(int64_t length);
  /// `lhs` broadcast to [groups, lhs...], zero outside each group along
  /// lhs dimension `dim`.
  Value maskedPerGroup(int64_t dim);
  Value dot(Value lhs, Value rhs, Type result, ArrayRef<int64_t> lhsBatch,
            ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContract,
            ArrayRef<int64_t> rhsContract);

  OpBuilder &b;
  chlo::RaggedDotOp op;
  Location loc;
  chlo::RaggedDotDimensionNumbersAttr n;
  Value starts, ends;
  int64_t groups = 0;
};

Value RaggedDotLowering::groupMask(int64_t length) {
  Type index = cast<RankedTensorType>(starts.getType()).getElementType();
  auto square = tensor({groups, length}, index);
  Value at = sh::IotaOp::create(b, loc, square, b.getI64IntegerAttr(1));
  Value lo = sh::BroadcastInDimOp::create(b, loc, square, starts,
                                          b.getDenseI64ArrayAttr({0}));
  Value hi = sh::BroadcastInDimOp::create(b, loc, square, ends,
                                          b.getDenseI64ArrayAttr({0}));
  auto bools = tensor({groups, length}, b.getI1Type());
  Value above = sh::CompareOp::create(b, loc, bools, at, lo,
                                      sh::ComparisonDirection::GE, nullptr);
  Value below = sh::CompareOp::create(b, loc, bools, at, hi,
                                      sh::ComparisonDirection::LT, nullptr);
  return sh::AndOp::create(b, loc, bools, above, below);
}

Value RaggedDotLowering::maskedPerGroup(int64_t dim) {
  auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
  SmallVector<int64_t> shape = {groups};
  llvm::append_range(shape, lhsType.getShape());
  auto type = lhsType.clone(shape);
  SmallVector<int64_t> inner;
  for (int64_t d = 0; d < lhsType.getRank(); ++d)
    inner.push_back(d + 1);
  Value wide = sh::BroadcastInDimOp::create(b, loc, type, op.getLhs(),
                                            b.getDenseI64ArrayAttr(inner));
  Value mask = sh::BroadcastInDimOp::create(
      b, loc, type.clone(b.getI1Type()), groupMask(lhsType.getDimSize(dim)),
      b.getDenseI64ArrayAttr({0, dim + 1}));
  Value zeros = sh::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType())));
  return sh::SelectOp::create(b, loc, type, mask, wide, zeros);
}

Value RaggedDotLowering::dot(Value lhs, Value rhs, Type result,
                             ArrayRef<int64_t> lhsBatch,
                             ArrayRef<int64_t> rhsBatch,
                             ArrayRef<int64_t> lhsContract,
                             ArrayRef<int64_t> rhsContract) {
  auto numbers = sh::DotDimensionNumbersAttr::get(
      b.getContext(), lhsBatch, rhsBatch, lhsContract, rhsContract);
  ArrayAttr precision;
  if (ArrayAttr config = op.getPrecisionConfigAttr()) {
    SmallVector<Attribute> values;
    for (Attribute p : config)
      values.push_back(sh::PrecisionAttr::get(
          b.getContext(), static_cast<sh::Precision>(
                              cast<chlo::PrecisionAttr>(p).getValue())));
    precision = b.getArrayAttr(values);
  }
  return sh::DotGeneralOp::create(b, loc, result, lhs, rhs, numbers,
                                  precision, nullptr);
}

/// `dims` each plus one: dimensions of an operand given a leading one.
static SmallVector<int64_t> shifted(ArrayRef<int64_t> dims) {
  SmallVector<int64_t> out;
  for (int64_t d : dims)
    out.push_back(d + 1);
  return out;
}

LogicalResult RaggedDotLowering::run() {
  auto sizes = cast<RankedTensorType>(op.getGroupSizes().getType());
  if (sizes.getRank() != 1)
    return tpu::emitUnsupported(op)
           << "group_sizes of rank " << sizes.getRank()
           << " (one list of groups for the whole product is)";
  b.setInsertionPoint(op);
  groups = sizes.getDimSize(0);
  Type index = sizes.getElementType();
  // start_g = sum of the sizes before g: a strictly lower triangular
  // matrix times the sizes (integer products run on the vector unit).
  auto square = tensor({groups, groups}, index);
  Value row = sh::IotaOp::create(b, loc, square, b.getI64IntegerAttr(0));
  Value col = sh::IotaOp::create(b, loc, square, b.getI64IntegerAttr(1));
  Value lower = sh::CompareOp::create(
      b, loc, square.clone(b.getI1Type()), col, row,
      sh::ComparisonDirection::LT, nullptr);
  Value tri = sh::ConvertOp::create(b, loc, square, lower);
  auto dims = sh::DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {1},
                                               {0});
  starts = sh::DotGeneralOp::create(b, loc, sizes, tri, op.getGroupSizes(),
                                    dims, nullptr, nullptr);
  ends = sh::AddOp::create(b, loc, sizes, starts, op.getGroupSizes());

  int64_t ragged = n.getLhsRaggedDimensions()[0];
  Type result = op.getType();
  Value value;
  if (llvm::is_contained(n.getLhsContractingDimensions(), ragged)) {
    // Mode 2: g free on the lhs, then moved to the front.
    auto type = cast<RankedTensorType>(result);
    int64_t batch = n.getLhsBatchingDimensions().size();
    SmallVector<int64_t> shape(type.getShape().drop_front());
    shape.insert(shape.begin() + batch, groups);
    Value product = dot(maskedPerGroup(ragged), op.getRhs(), type.clone(shape),
                        shifted(n.getLhsBatchingDimensions()),
                        n.getRhsBatchingDimensions(),
                        shifted(n.getLhsContractingDimensions()),
                        n.getRhsContractingDimensions());
    SmallVector<int64_t> perm = {batch};
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != batch)
        perm.push_back(d);
    value = sh::TransposeOp::create(b, loc, type, product,
                                    b.getDenseI64ArrayAttr(perm));
  } else if (llvm::is_contained(n.getLhsBatchingDimensions(), ragged)) {
    // Mode 3: batches past the groups' total are zero.
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    int64_t length = lhsType.getDimSize(ragged);
    auto line = tensor({length}, index);
    Value at = sh::IotaOp::create(b, loc, line, b.getI64IntegerAttr(0));
    Value total = sh::SliceOp::create(
        b, loc, tensor({1}, index), ends, b.getDenseI64ArrayAttr({groups - 1}),
        b.getDenseI64ArrayAttr({groups}), b.getDenseI64ArrayAttr({1}));
    Value limit = sh::BroadcastInDimOp::create(b, loc, line, total,
                                               b.getDenseI64ArrayAttr({0}));
    Value inside = sh::CompareOp::create(b, loc, line.clone(b.getI1Type()),
                                         at, limit,
                                         sh::ComparisonDirection::LT, nullptr);
    Value mask = sh::BroadcastInDimOp::create(
        b, loc, lhsType.clone(b.getI1Type()), inside,
        b.getDenseI64ArrayAttr({ragged}));
    Value zeros = sh::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(lhsType,
                               b.getZeroAttr(lhsType.getElementType())));
    Value lhs = sh::SelectOp::create(b, loc, lhsType, mask, op.getLhs(), zeros);
    value = dot(lhs, op.getRhs(), result, n.getLhsBatchingDimensions(),
                n.getRhsBatchingDimensions(), n.getLhsContractingDimensions(),
                n.getRhsContractingDimensions());
  } else {
    // Mode 1: g contracted with the rhs group dimension.
    SmallVector<int64_t> lhsContract = {0};
    llvm::append_range(lhsContract, shifted(n.getLhsContractingDimensions()));
    SmallVector<int64_t> rhsContract = {n.getRhsGroupDimensions()[0]};
    llvm::append_range(rhsContract, n.getRhsContractingDimensions());
    value = dot(maskedPerGroup(ragged), op.getRhs(), result,
                shifted(n.getLhsBatchingDimensions()),
                n.getRhsBatchingDimensions(), lhsContract, rhsContract);
  }
  op.replaceAllUsesWith(value);
  op.erase();
  return success();
}

} // namespace

LogicalResult mlir::tpu::stablehlo_import::lowerRaggedDots(func::FuncOp func) {
  SmallVector<chlo::RaggedDotOp> dots;
  func.walk([&](chlo::RaggedDotOp op) { dots.push_back(op); });
  OpBuilder b(func.getContext());
  for (chlo::RaggedDotOp op : dots)
    if (failed(RaggedDotLowering(b, op).run()))
      return failure();
  return success();
}
