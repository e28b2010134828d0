//===- StablehloImport.h - The StableHLO importer's state -------*- C++ -*-===//
//
// The importer convert-stablehlo-to-hlo runs op by op, shared by the files
// that implement it (StablehloToHlo.cpp: elementwise, structural and
// contraction ops; StablehloReductions.cpp: reductions, windows and
// scatters). Not a public interface.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_IMPORT_STABLEHLOIMPORT_H
#define TPU_PASSES_IMPORT_STABLEHLOIMPORT_H

#include "dialects/chlo/ChloOps.h"
#include "dialects/hlo/HLOOps.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tpu::stablehlo_import {

namespace sh = mlir::stablehlo;

/// Gathers and scatters expand this many index vectors in line; more run as
/// a loop over chunks of this many (StablehloIndexLoops.cpp).
constexpr int64_t kIndexChunk = 256;

/// The hlo reduction kind of a reduce (or reduce_window, scatter,
/// all_reduce) body that is one op of its two arguments, and that op.
struct ReduceBody {
  hlo::ReduceKind kind;
  Operation *combine;
};

/// Result `i` of a body over `n` inputs (arguments: the n accumulators,
/// then the n elements) that is one op of accumulator i and element i,
/// the body holding one such op per result and nothing else.
FailureOr<ReduceBody> matchReduceBody(Region &region, unsigned i = 0,
                                      unsigned n = 1);

/// Rewrites the StableHLO ops of `func` on `!quant.uniform` types into ops
/// on their storage integers and expressed floats (StablehloQuant.cpp).
LogicalResult lowerQuantizedTypes(func::FuncOp func);

/// Folds each f64 constant whose every use is a convert to a narrower
/// type into a constant of that type (StablehloWideConstants.cpp).
void foldConvertedWideConstants(func::FuncOp func);

/// Flattens `func`'s tuple arguments and results into their leaves, as
/// XLA flattens an entry computation's (StablehloTuples.cpp).
void flattenTupleSignature(func::FuncOp func);

/// Rewrites each chlo.scan of `func` as a stablehlo.while over positions
/// (ChloScan.cpp).
void lowerChloScans(func::FuncOp func);

/// Rewrites each chlo.ragged_dot of `func` as a dot_general of a masked lhs
/// (ChloRaggedDot.cpp).
LogicalResult lowerRaggedDots(func::FuncOp func);

/// An `mhlo.sharding` string as an #hlo.sharding, or an error at `loc`.
FailureOr<hlo::ShardingAttr> importSharding(Location loc, Attribute attr);

class Importer {
public:
  explicit Importer(OpBuilder &b) : b(b) {}

  LogicalResult convert(Operation *op);
  Value lookup(Value v) const { return mapping.lookupOrDefault(v); }
  /// Maps `op`'s results to `values`: one each, or the leaves of its one
  /// tuple result.
  void mapResultLeaves(Operation *op, ArrayRef<Value> values);

private:
  InFlightDiagnostic unsupported(Operation *op) { return emitUnsupported(op); }
  /// Operands (but `skipOperand`) and results are tensors the TPU computes.
  LogicalResult checkTypes(Operation *op, int skipOperand = -1);
  FailureOr<Value> convertElementwise(Operation *op);
  FailureOr<Value> convertStructural(Operation *op);
  FailureOr<Value> compare(sh::CompareOp op);
  FailureOr<Value> broadcastCompare(chlo::BroadcastCompareOp op);
  /// compare's semantics on already imported operands of `op`.
  FailureOr<Value> compareValues(Operation *op,
                                 sh::ComparisonDirection direction,
                                 std::optional<sh::ComparisonType> kind,
                                 Value lhs, Value rhs);
  FailureOr<Value> reducePrecision(sh::ReducePrecisionOp op);
  FailureOr<Value> sign(Operation *op);
  FailureOr<Value> reduce(sh::ReduceOp op);
  /// JAX's argmax/argmin: hlo.reduce for the value, hlo.argmax/argmin for
  /// the index (mapped for the second result).
  FailureOr<Value> argReduce(sh::ReduceOp op);
  FailureOr<Value> reduceWindow(sh::ReduceWindowOp op);
  /// reduce_window of several inputs or a body of several ops: the body
  /// applied tap by tap to whole tensors, from the init values.
  FailureOr<Value> reduceWindowGeneral(sh::ReduceWindowOp op,
                                       ArrayRef<Value> padded,
                                       ArrayRef<int64_t> strides,
                                       ArrayRef<int64_t> dilations);
  /// The results of a scalar body (block arguments `args`, tensors of
  /// `shape`) computed elementwise on tensors of `shape`: each op converted
  /// as the top-level op it would be at that shape.
  FailureOr<SmallVector<Value>> applyBody(Region &body, ArrayRef<Value> args,
                                          ArrayRef<int64_t> shape);
  FailureOr<Value> selectAndScatter(sh::SelectAndScatterOp op);
  FailureOr<Value> scatter(sh::ScatterOp op);
  /// scatter at indices computed at run time: per update window, a
  /// dynamic slice of the operand, the update computation (`combine`, or
  /// replacement when null), selected where the window fits, and a dynamic
  /// update slice back.
  FailureOr<Value> scatterAtRunTime(sh::ScatterOp op, Value indices,
                                    ArrayRef<int64_t> scatterDims,
                                    ArrayRef<int64_t> windowShape,
                                    Operation *combine);
  /// Compile-time scatter indices as an i32 hlo constant.
  Value constantIndices(Location loc, DenseIntElementsAttr indices);
  /// sort and chlo.top_k become hlo.sort (StablehloSort.cpp).
  FailureOr<Value> sort(sh::SortOp op);
  FailureOr<Value> topK(Operation *op);
  /// The signed integer whose order is IEEE 754's totalOrder of the float
  /// `x`'s elements (-NaN < -inf < ... < -0 < +0 < ... < inf < NaN).
  Value totalOrderKey(Location loc, Value x);
  /// A stable hlo.sort of `operands` along `dim` by the first one, in
  /// total order for floats: ascending for LT, descending for GT.
  hlo::SortOp sortByFirst(Location loc, ValueRange operands, int64_t dim,
                          hlo::ComparisonDirection direction);
  /// An hlo.while over `inits` with empty condition and body blocks that
  /// take the carried values; the caller fills and terminates both.
  hlo::WhileOp emptyWhile(Location loc, ValueRange inits);
  /// chlo ops XLA expands into arithmetic (ChloMath.cpp).
  FailureOr<Value> erfInv(Operation *op);
  FailureOr<Value> digamma(Operation *op);
  FailureOr<Value> besselI1e(Operation *op);
  Value besselI1eF32(Location loc, Value x);
  /// next_after, polygamma, zeta and their broadcast_ forms.
  FailureOr<Value> nextAfter(Operation *op);
  FailureOr<Value> polygamma(Operation *op);
  FailureOr<Value> zeta(Operation *op);
  Value polygammaF32(Location loc, Value n, Value x);
  Value zetaF32(Location loc, Value x, Value q);
  FailureOr<Value> mulhi(Operation *op);
  /// chlo.asin and chlo.acos by atan2, as XLA expands them, in f32.
  FailureOr<Value> inverseSine(Operation *op);
  /// chlo.is_inf, is_pos_inf, is_neg_inf: compares with the infinities.
  FailureOr<Value> isInf(Operation *op);
  /// `body` on the operand in f32, its result converted back: how XLA
  /// computes bf16 and f16 math (DoWithUpcastToF32).
  Value inF32(Operation *op, llvm::function_ref<Value(Value)> body);
  Value inF32(Location loc, ArrayRef<Value> inputs,
              llvm::function_ref<Value(ArrayRef<Value>)> body);
  /// `v` rounded to f32, splat to `type`'s shape.
  Value f32Splat(Location loc, RankedTensorType type, double v);
  Value erfInvF32(Location loc, Value x);
  Value digammaF32(Location loc, Value x);
  /// dynamic_slice, dynamic_update_slice and gather
  /// (StablehloDynamicSlice.cpp);
  /// `startIndices` converts their indices to i32 for a box of `box` in the
  /// op's operand #0.
  FailureOr<Value> dynamicSlice(Operation *op);
  FailureOr<Value> dynamicUpdateSlice(Operation *op);
  FailureOr<SmallVector<Value>> startIndices(Operation *op, ValueRange indices,
                                             ArrayRef<int64_t> box);
  /// An integer scalar start index as i32, clamped first to [0, largest]
  /// when its type holds values i32 does not.
  Value indexToI32(Location loc, Value index, int64_t largest);
  /// Component `component` of the index vector at `position` of
  /// `indices` (its dimensions but `vectorDim`, which may be its rank: a
  /// vector of one), as a scalar.
  Value indexComponent(Location loc, Value indices, ArrayRef<int64_t> position,
                       int64_t vectorDim, int64_t component);
  FailureOr<Value> gather(sh::GatherOp op);
  /// Gathers and scatters over index vectors (StablehloIndexLoops.cpp):
  /// `indices` as [N, K] rows, one per position (K components; `ivd` may be
  /// the rank, for an implicit trailing 1).
  Value indexRows(Location loc, Value indices, int64_t ivd);
  /// `indices` with one component appended per batching dimension, the
  /// position along it (an iota); `ivd` becomes explicit.
  Value withBatchingIndices(Location loc, Value indices, int64_t &ivd,
                            ArrayRef<int64_t> indicesBatchingDims);
  /// Rows [first, first + count) of `rows`: a slice when `known` gives
  /// `first` at compile time, a dynamic_slice otherwise.
  Value rowsAt(Location loc, Value rows, Value first,
               std::optional<int64_t> known, int64_t count);
  /// One chunk of rows: (first row as an i32 scalar, it at compile time if
  /// known, the chunk's row count, the state) -> the next state.
  using ChunkBody = llvm::function_ref<SmallVector<Value>(
      Value, std::optional<int64_t>, int64_t, ValueRange)>;
  /// `emit` over rows [0, n) in chunks of kIndexChunk: the full chunks in a
  /// counted hlo.while (in line if there is one), the rest after it.
  SmallVector<Value> chunkedLoop(Location loc, int64_t n, ValueRange init,
                                 const ChunkBody &emit);
  /// A gather's slices at `rows` ([C, K]) as [C, offset sizes...].
  Value gatherRows(Location loc, Value operand, Value rows,
                   ArrayRef<int64_t> indexMap, ArrayRef<int64_t> sizes,
                   RankedTensorType pieceType);
  /// collective_broadcast as permutes from each group's root
  /// (StablehloCollectives.cpp), on R replicas x P partitions.
  LogicalResult collectiveBroadcast(sh::CollectiveBroadcastOp op, int64_t R,
                                    int64_t P);
  /// dynamic_gather, dynamic_conv, dynamic_pad and set_dimension_size with
  /// constant sizes or paddings: their static ops (StablehloShapes.cpp).
  FailureOr<Value> constantOperandOp(Operation *op);
  /// dynamic_iota/reshape/broadcast_in_dim of static results, and einsum as
  /// a dot_general (StablehloShapes.cpp).
  FailureOr<Value> shapeOperandOp(Operation *op);
  FailureOr<Value> einsum(sh::EinsumOp op);
  /// torch_index_select as the gather it means (StablehloShapes.cpp).
  FailureOr<Value> torchIndexSelect(sh::TorchIndexSelectOp op);
  /// bitcast_convert between element widths (StablehloBitcast.cpp).
  FailureOr<Value> bitcastWidths(sh::BitcastConvertOp op);
  /// rng_bit_generator as XLA's Threefry and Philox arithmetic
  /// (StablehloRng.cpp); both results are mapped.
  LogicalResult rngBitGenerator(sh::RngBitGeneratorOp op);
  /// rng: uniform or normal numbers from Philox bits of a compiler-chosen
  /// state, one counter range per rng op.
  FailureOr<Value> rng(sh::RngOp op);
  /// batch_norm_inference, _training and _grad as elementwise ops and sums
  /// (StablehloBatchNorm.cpp); the extra results are mapped.
  FailureOr<Value> batchNorm(Operation *op);
  /// triangular_solve as row-by-row substitution (StablehloLinalg.cpp).
  FailureOr<Value> triangularSolve(sh::TriangularSolveOp op);
  /// cholesky column by column (StablehloLinalg.cpp).
  FailureOr<Value> cholesky(sh::CholeskyOp op);
  /// The custom calls JAX exports for the TPU besides `Sharding`
  /// (StablehloLinalgCalls.cpp): LuDecomposition, Qr,
  /// ProductOfElementaryHouseholderReflectors, Eigh and AllocateBuffer,
  /// every result mapped, a tuple result's leaves recorded in
  /// `tupleLeaves`. Fails on other targets, naming them.
  LogicalResult customCall(sh::CustomCallOp op);
  LogicalResult eigh(sh::CustomCallOp op);
  /// while, if and case (StablehloControlFlow.cpp): the hlo op with its
  /// regions converted, every result mapped.
  LogicalResult controlFlow(Operation *op);
  /// Collectives (StablehloCollectives.cpp): their process groups resolved
  /// to device ids from the module's replica and partition counts, every
  /// result mapped.
  LogicalResult collective(Operation *op);
  LogicalResult convertRegion(Region &from, Region &to);
  /// `lhs OP rhs` with the hlo op of a reduce body's one op.
  Value combineLike(Operation *bodyOp, Value lhs, Value rhs);
  FailureOr<Value> convolution(sh::ConvolutionOp op);
  FailureOr<Value>
  dotGeneral(Operation *op, Value lhs, Value rhs, ArrayRef<int64_t> lhsBatch,
             ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContract,
             ArrayRef<int64_t> rhsContract, ArrayAttr precisionConfig,
             sh::DotAlgorithmAttr algorithm = {});
  /// A scalar operand broadcast to `shape`; other values unchanged.
  Value broadcastScalar(Location loc, Value v, ArrayRef<int64_t> shape);
  Value transpose(Location loc, Value v, ArrayRef<int64_t> perm);
  /// `v` reshaped to `type`; `v` itself when it has that type.
  Value reshapeTo(Location loc, RankedTensorType type, Value v);
  Value splat(Location loc, RankedTensorType type, Attribute scalar);
  /// `lhs direction rhs`, an i1 tensor of their shape.
  Value compareOf(Location loc, hlo::ComparisonDirection direction, Value lhs,
                  Value rhs);
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
  /// chlo's broadcasting binary ops: each operand broadcast to the result's
  /// shape first (StablehloShapes.cpp).
  Value broadcastOperand(Operation *op, unsigned i);
  template <typename HloOp> auto broadcastBinaryCase() {
    return [this](Operation *op) -> FailureOr<Value> {
      return Value(HloOp::create(b, op->getLoc(), broadcastOperand(op, 0),
                                 broadcastOperand(op, 1)));
    };
  }

  OpBuilder &b;
  IRMapping mapping;
  /// The leaves of each tuple-typed result an import produced (a custom
  /// call's), which get_tuple_element reads.
  DenseMap<Value, SmallVector<Value>> tupleLeaves;
  /// rng ops imported so far: the next one's counter.
  uint64_t rngOps = 0;
};

} // namespace mlir::tpu::stablehlo_import

#endif // TPU_PASSES_IMPORT_STABLEHLOIMPORT_H
