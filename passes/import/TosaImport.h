//===- TosaImport.h - The TOSA importer's state -----------------*- C++ -*-===//
//
// The importer convert-tosa-to-hlo runs op by op, shared by the files that
// implement it (TosaToHlo.cpp: float and structural ops; TosaQuantized.cpp:
// quantized integer arithmetic). Not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_IMPORT_TOSAIMPORT_H
#define TPU_PASSES_IMPORT_TOSAIMPORT_H

#include "dialects/hlo/HLOOps.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tpu::tosa_import {

class Importer {
public:
  explicit Importer(OpBuilder &b) : b(b) {}

  /// Converts `op`, mapping its results; fails with one error at it.
  LogicalResult convert(Operation *op);
  FailureOr<Value> convertStructural(Operation *op);
  /// Converts one of the upstream ops converters write around TOSA (see
  /// isConverterOp); shape operands (index constants) are left to the
  /// reshapes that read them.
  LogicalResult convertUpstream(Operation *op);
  /// cond_if and while_loop become hlo.if and hlo.while, their regions
  /// converted op by op.
  LogicalResult convertControl(Operation *op);
  /// Converts any op the import takes: TOSA, control flow, converters'.
  LogicalResult convertAny(Operation *op);
  Value lookup(Value v) const { return mapping.lookupOrDefault(v); }

private:
  InFlightDiagnostic unsupported(Operation *op) { return emitUnsupported(op); }
  LogicalResult checkTypes(Operation *op);
  /// Fails at `op` unless every type of `types` is a static tensor of a
  /// supported element type (or a TOSA shape).
  LogicalResult checkTypes(Operation *op, ArrayRef<Type> types);
  LogicalResult checkZeroPoint(Operation *op, Value zp, StringRef what);
  FailureOr<SmallVector<int64_t>> shapeValues(Operation *op, Value shape,
                                              StringRef what);
  /// `v` broadcast to `shape` (TOSA's rank-equal broadcasting: size-1
  /// dimensions stretch).
  Value broadcastTo(Location loc, Value v, ArrayRef<int64_t> shape);
  Value splat(Location loc, RankedTensorType type, Attribute scalar);
  template <typename HloOp> Value binary(Operation *op, Value lhs, Value rhs);
  /// TypeSwitch cases for a TOSA op that is one hlo op on its operands
  /// (a binary one broadcast to the result's shape).
  template <typename HloOp> auto unaryCase() {
    return [this](Operation *op) -> FailureOr<Value> {
      return Value(HloOp::create(b, op->getLoc(), lookup(op->getOperand(0))));
    };
  }
  template <typename HloOp> auto binaryCase() {
    return [this](Operation *op) -> FailureOr<Value> {
      return binary<HloOp>(op, op->getOperand(0), op->getOperand(1));
    };
  }
  Value compare(Operation *op, hlo::ComparisonDirection direction);
  FailureOr<Value> reduce(Operation *op, hlo::ReduceKind kind, Value input,
                          int64_t axis);
  FailureOr<Value> convertCast(tosa::CastOp op);
  FailureOr<Value> conv2d(tosa::Conv2DOp op);
  FailureOr<Value> depthwiseConv2d(tosa::DepthwiseConv2DOp op);
  /// `input` padded with `padValue` by TOSA's [top, bottom, left, right].
  Value padSpatial(Location loc, Value input, ArrayRef<int64_t> pad,
                   Attribute padValue);
  /// The strided window of `padded` that tap (i, j) of a pooling or
  /// depthwise window reads for every output pixel of `out`.
  Value tapSlice(Location loc, Value padded, int64_t i, int64_t j,
                 ArrayRef<int64_t> stride, RankedTensorType out);
  /// The weights of window tap (i, j): the unit slice of `weight` at i
  /// along `tapDims[0]` and j along `tapDims[1]`, reshaped to `shape`.
  Value weightTap(Location loc, Value weight, int64_t i, int64_t j,
                  ArrayRef<int64_t> tapDims, ArrayRef<int64_t> shape);
  /// The taps of a `kernel` window over `padded`, combined by HloOp.
  template <typename HloOp>
  Value foldTaps(Location loc, Value padded, ArrayRef<int64_t> kernel,
                 ArrayRef<int64_t> stride, RankedTensorType out);
  /// For each output pixel (y, x) of an [N, OH, OW, C] pooling `out`, row
  /// by row, how many taps of its window lie inside the unpadded [N, H, W,
  /// C] `input` (TOSA's AVG_POOL2D leaves padding out of the average).
  static SmallVector<int64_t> tapsInside(RankedTensorType input,
                                         RankedTensorType out,
                                         ArrayRef<int64_t> kernel,
                                         ArrayRef<int64_t> stride,
                                         ArrayRef<int64_t> pad);
  FailureOr<Value> maxPool2d(tosa::MaxPool2dOp op);
  FailureOr<Value> avgPool2d(tosa::AvgPool2dOp op);
  FailureOr<Value> tile(tosa::TileOp op);
  /// The element type's lowest value (-inf, INT_MIN, false), and its
  /// splat.
  Attribute lowestAttr(Type element);
  Value lowest(Location loc, RankedTensorType type);
  /// For each (n, i, j, c) of `shape` ([N, I, J, C]), whether
  /// indices[n, w] == k, where the indices' second dimension is `wDim` (1
  /// or 2) of `shape` and k is the other of dimensions 1 and 2.
  Value indexMatch(Location loc, Value indices, ArrayRef<int64_t> shape,
                   int64_t wDim);
  /// The maximum over dimension 2 of `source` ([N, J, C]) broadcast to
  /// `match`'s [N, I, J, C] where `match` holds, the lowest value elsewhere:
  /// [N, I, C] of `type`.
  Value pickWhere(Location loc, Value match, Value source,
                  RankedTensorType type);
  FailureOr<Value> gather(tosa::GatherOp op);
  FailureOr<Value> scatter(tosa::ScatterOp op);

  // Quantized arithmetic (TosaQuantized.cpp), with the TOSA 1.0
  // specification's integer semantics.
  /// A zero point's value: TOSA requires them constant.
  FailureOr<int64_t> zeroPoint(Operation *op, Value zp, StringRef what);
  /// Two zero points, or one error (at the first that is not constant).
  LogicalResult zeroPoints(Operation *op, Value first, StringRef firstName,
                           Value second, StringRef secondName,
                           int64_t &firstValue, int64_t &secondValue);
  /// An integer operand converted to the accumulator type `acc`, less its
  /// zero point.
  Value widen(Location loc, Value v, Type acc, int64_t zp);
  /// `v` converted to `element` (its own shape).
  Value convertTo(Location loc, Value v, Type element);
  /// A splat of `value` in `element` with `shape`.
  Value intSplat(Location loc, ArrayRef<int64_t> shape, Type element,
                 int64_t value);
  /// TOSA's apply_scale on i64 tensors of one shape: (value * multiplier +
  /// round) >> shift, round = 2^(shift-1) (moved by 2^30 toward the value's
  /// sign where `doubleRound` and shift > 31); the i64 result.
  Value applyScale(Location loc, Value value, Value multiplier, Value shift,
                   bool doubleRound);
  /// `v` (i64) plus `zp`, clipped to `to`'s range and converted to `to`,
  /// the last steps of rescale and integer average pooling; `unsignedOut`
  /// clips to [0, 2^bits - 1].
  Value clipTo(Location loc, Value v, Type to, bool unsignedOut);
  FailureOr<Value> rescale(tosa::RescaleOp op);
  /// Constant multipliers at least 0 and shifts in [2, 62], as TOSA's
  /// apply_scale requires; an error at `op` otherwise.
  LogicalResult checkScale(tosa::RescaleOp op);
  FailureOr<Value> table(tosa::TableOp op);
  /// table[index] for i32 `index` of any shape, `table` a rank-1 tensor:
  /// a one-hot sum over the table's entries on the vector unit.
  Value lookupTable(Location loc, Value index, Value table);
  FailureOr<Value> mul(tosa::MulOp op);
  FailureOr<Value> arithmeticRightShift(tosa::ArithmeticRightShiftOp op);
  FailureOr<Value> negate(tosa::NegateOp op);
  /// An int8 conv2d with zero points on the MXU's int8 path.
  FailureOr<Value> quantizedConv2d(tosa::Conv2DOp op);
  /// `padded` (int8) convolved with an HWIO int8 `kernel` into i32 on the
  /// MXU, with `op`'s strides and dilations and no further padding.
  Value convolveInt8(tosa::Conv2DOp op, Value padded, Value kernel,
                     RankedTensorType out);
  /// TOSA's OHWI weights as hlo's HWIO kernel.
  Value hwioKernel(Location loc, Value weight);
  /// The sum of each output channel's weights (OHWI), in `acc`.
  Value filterSums(Location loc, Value weight, Type acc);
  /// An int16 tensor's bytes as int8: (x >> 8, (x & 255) - 128), so that
  /// x = 256 hi + lo + 128.
  std::pair<Value, Value> splitInt16(Location loc, Value v);
  /// tosa.matmul's [N,H,C] x [N,C,W] -> `out` as a dot_general.
  Value batchedProduct(Location loc, RankedTensorType out, Value lhs,
                       Value rhs);
  /// `v` summed over `dim` in `out`'s element type and broadcast to `out`
  /// (`keep`: where v's other dimensions go).
  Value contractedSum(Location loc, Value v, int64_t dim,
                      ArrayRef<int64_t> keep, RankedTensorType out);
  /// An int16 matmul without zero points as four int8 MXU products.
  FailureOr<Value> limbMatmul(tosa::MatMulOp op);
  /// A 16x8 conv2d (int16 input without zero points) as two int8 MXU
  /// convolutions of the input's high and low bytes.
  FailureOr<Value> limbConv2d(tosa::Conv2DOp op);
  /// Another integer conv2d (zero points on a 16x8 one): one
  /// integer dot_general per window tap, on the vector unit.
  FailureOr<Value> wideConv2d(tosa::Conv2DOp op, int64_t inZp, int64_t wZp);
  FailureOr<Value> quantizedMatmul(tosa::MatMulOp op);
  FailureOr<Value> quantizedAvgPool2d(tosa::AvgPool2dOp op);
  /// `v` plus `bias` broadcast along the last dimension (skipped for a
  /// zero constant).
  FailureOr<Value> addBias(Operation *op, Value v, Value bias);
  /// The type an op's result has in hlo: i48 accumulators become i64.
  RankedTensorType importedType(Operation *op);

  OpBuilder &b;
  IRMapping mapping;
};

template <typename HloOp>
inline Value
Importer::foldTaps(Location loc, Value padded, ArrayRef<int64_t> kernel,
                   ArrayRef<int64_t> stride, RankedTensorType out) {
  Value result;
  for (int64_t i = 0; i < kernel[0]; ++i)
    for (int64_t j = 0; j < kernel[1]; ++j) {
      Value tap = tapSlice(loc, padded, i, j, stride, out);
      result = result ? Value(HloOp::create(b, loc, result, tap)) : tap;
    }
  return result;
}

} // namespace mlir::tpu::tosa_import

#endif // TPU_PASSES_IMPORT_TOSAIMPORT_H
