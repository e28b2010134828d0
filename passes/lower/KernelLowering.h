//===- KernelLowering.h - One hlo kernel to a tpu.kernel -------*- C++ -*-===//
//
// tpu-lower's kernel model, in two parts: KernelPlan, the analysis of a
// fused computation (Analysis.cpp) and its block plan with the cost model
// (BlockPlan.cpp, SubBlocks.cpp), which builds no IR; and KernelLowering,
// which emits the kernel from the plan (Emit.cpp, SubBlocks.cpp), and the
// relayout copies of reshapes (Relayout.cpp) and dynamic slices
// (DynamicSlice.cpp). Internal to the pass library; see docs/lowering.md.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_LOWER_KERNELLOWERING_H
#define TPU_PASSES_LOWER_KERNELLOWERING_H

#include "passes/PassUtils.h"

#include "runtime/machine/Shape.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <string>

namespace mlir::tpu::lowering {

/// Whether two HBM buffer values name the same bytes: one value, or two
/// tpu.hbm_buffer views at one offset with one type.
bool sameBuffer(Value a, Value b);

constexpr int64_t kLanes = 128;
constexpr int64_t kSublanes = 8;
/// Largest block along a tiled dimension: 512 rows or lanes keep a block
/// of f32 at 1 MiB, enough to hide DMA latency.
constexpr int64_t kMaxTiledBlock = 512;
/// An MXU kernel's blocks go up to 1024, which halves a matmul's HBM
/// traffic against 512, when its cost estimate says so.
constexpr int64_t kMaxMxuBlock = 1024;
/// Reduced dimensions shrink first when VMEM is short, down to this.
constexpr int64_t kMinReducedBlock = 256;
/// VMEM slots per input of an MXU kernel: block t+2's DMA starts while
/// block t computes, into the slot block t-1 used, so a DMA never waits for
/// the MXU to finish with the slot it fills and its latency stays hidden
/// behind two blocks of work. Vector-unit kernels finish with a slot
/// quickly and keep two.
constexpr int64_t kMxuInputSlots = 3;
constexpr int64_t kVectorInputSlots = 2;
/// Leading (untiled) dimensions grow until some VMEM block holds this many
/// elements, so that small minor dimensions still give large DMAs.
constexpr int64_t kTargetBlockElements = 1 << 18;

/// A tensor's storage: its tile-padded dimensions in physical
/// (major-to-minor) order.
struct Physical {
  SmallVector<int64_t> dims;
  /// The logical dimension at each physical position.
  SmallVector<int64_t> logicalOf;
  int64_t bytes = 0;
  Type element;

  int64_t positionOf(int64_t logical) const {
    return llvm::find(logicalOf, logical) - logicalOf.begin();
  }
};

FailureOr<Physical> physicalOf(Location loc, Type type);

Attribute spaceAttr(MLIRContext *ctx, MemorySpace space);

MemRefType memrefType(ArrayRef<int64_t> shape, Type element, MemorySpace space);

/// Whether every dimension of shaped type `inner` is at most `outer`'s.
bool fitsIn(Type inner, Type outer);

/// Zero of an element type.
TypedAttr zeroOf(Type element);

/// The MXU's operand rule: bf16 or f32, both of one type.
LogicalResult checkMxuElements(Operation *op, Type lhs, Type rhs);

/// A constant's contents in its buffer's physical shape: logical data
/// permuted into physical order, tile padding zero.
ElementsAttr physicalConstant(DenseElementsAttr value, const Physical &phys);

std::optional<VectorKind> vectorKindOf(Operation *op);

std::optional<ReduceKind> reduceKindOf(hlo::ReduceKind kind);

/// Whether `value` is a splat zero constant.
bool isZeroSplat(Value value);

//===----------------------------------------------------------------------===//
// One kernel
//===----------------------------------------------------------------------===//

/// How a value of the fused computation is stored in the kernel.
enum class Role {
  Input,    // read from HBM by DMA into two VMEM slots
  Alias,    // read through another value's buffer (broadcast, pad)
  Splat,    // a VMEM block filled once
  Computed, // written by an op each iteration (or each output step)
  Skip,     // not read as data (a pad's padding value)
};

/// Where a value's block lies along one dimension, relative to the
/// iteration space: the block for iteration block `b` (of size `block`) at
/// window tap `t` starts at `b * block * stride + t * tapScale + offset`
/// and steps by `stride`. Slices, pads, concatenations and convolution
/// windows shift and stride their operands' blocks this way; the identity
/// window is the common case.
struct Window {
  int64_t stride = 1;
  int64_t tap = -1; // iteration dimension of the window tap, or -1
  int64_t tapScale = 0;
  int64_t offset = 0;

  bool operator==(const Window &o) const {
    return stride == o.stride && tap == o.tap && tapScale == o.tapScale &&
           offset == o.offset;
  }
  bool operator!=(const Window &o) const { return !(*this == o); }
  /// This window seen through `x -> scale * x + shift` (a slice's start and
  /// stride, or a pad's or concatenation's negative offset).
  Window then(int64_t scale, int64_t shift) const {
    return Window{stride * scale, tap, tapScale * scale,
                  offset * scale + shift};
  }
};

/// A convolution operand whose window taps are folded into K (docs/
/// lowering.md, "Few channels: taps folded into K"): its VMEM block holds
/// every tap's `channels` rows along K, tap t at rows [t * channels,
/// (t + 1) * channels), each moved by a DMA of its own from the tap's
/// shifted window. The rest of K is zero.
struct TapFold {
  /// The window's size along each spatial dimension.
  SmallVector<int64_t> taps;
  /// The physical position of each spatial dimension, and the elements a
  /// tap steps there (the window dilation on the input, 1 on the kernel).
  SmallVector<int64_t> positions, scales;
  /// The physical position of the channels (K), and their count.
  int64_t kPosition = 0, channels = 0;
};

struct ValueInfo {
  Role role = Role::Computed;
  /// Whether setMap gave it its maps (a scalar's maps are empty).
  bool mapped = false;
  /// Logical dimension -> iteration dimension, or -1 (read at index 0).
  SmallVector<int64_t> lmap;
  /// Logical dimension -> window.
  SmallVector<Window> lwin;
  Physical phys;
  /// Physical position -> iteration dimension, or -1.
  SmallVector<int64_t> pmap;
  /// Physical position -> window.
  SmallVector<Window> pwin;
  /// Alias: the value whose buffer this one reads.
  Value source;
  /// Input: the HBM buffer.
  Value hbm;
  /// VMEM buffers: one, or two slots for inputs and the output.
  SmallVector<Value, 2> vmem;
  /// Input: the convolution taps it holds folded into K, if any.
  std::optional<TapFold> fold;
};

/// What one kernel computes and how it is cut into blocks: the analysis of
/// the fused computation (Analysis.cpp: each value's role, index maps and
/// windows) and the block plan with its cost model (BlockPlan.cpp, and the
/// sub-block plan in SubBlocks.cpp). It builds no IR: KernelLowering, below,
/// emits the kernel from it.
class KernelPlan {
public:
  KernelPlan(const tpc::Target &target, Operation *op)
      : target(target), op(op) {}

  /// Whether a leaf's tile padding holds zeros: true of the function's
  /// arguments, which the runtime lays out zero-padded.
  std::function<bool(Value)> zeroPadded = [](Value) { return false; };

  /// When set, a value read through two different index maps is not a
  /// diagnostic: analyze() fails and `mapConflict` names the value and the
  /// op whose read disagreed, for the caller to give that read its own copy
  /// of the value (as XLA's loop fusion recomputes an element per index).
  bool deferMapConflicts = false;
  std::optional<std::pair<Value, Operation *>> mapConflict;

protected:
  /// Analyzes the computation `ops` whose `results` go to the HBM buffers
  /// `outs`; `leaf` gives the HBM buffer of a value read from outside.
  LogicalResult analyze(ArrayRef<Operation *> ops,
                        llvm::function_ref<FailureOr<Value>(Value)> leaf);
  /// Chooses the blocks of the iteration space (after analyze).
  LogicalResult planBlocks();
  /// Splits the first block's input DMAs along K and the last block's
  /// result DMA along N, if the kernel is a plain matmul whose blocks
  /// divide into MXU-sized pieces (SubBlocks.cpp).
  void planSubBlocks();

  LogicalResult setMap(Value value, ArrayRef<int64_t> map, Operation *user,
                       ArrayRef<Window> windows = {});
  LogicalResult analyzeConvolution(hlo::ConvolutionOp conv,
                                   const Physical &rootPhys,
                                   ArrayRef<Operation *> ops);
  /// The rows of K (taps * channels) if the convolution's taps fold into
  /// it: both operands are read from HBM and the folded K takes fewer MXU
  /// passes than a pass per tap.
  std::optional<int64_t> foldedTapRows(hlo::ConvolutionOp conv,
                                       ArrayRef<Operation *> ops) const;
  /// Gives the buffers a folded convolution reads their TapFold, once
  /// their windows are known.
  void attachFolds(hlo::ConvolutionOp conv, ArrayRef<Operation *> ops);
  /// Gives the results besides the root the root's maps.
  LogicalResult mapOutputs();
  // The steps of analyze, in order.
  LogicalResult findAnchor(ArrayRef<Operation *> ops);
  LogicalResult analyzeDot(hlo::DotGeneralOp dot, const Physical &rootPhys);
  LogicalResult analyzeReduction();
  LogicalResult propagateMaps(ArrayRef<Operation *> ops);
  LogicalResult
  classifyLeaves(ArrayRef<Operation *> ops,
                 llvm::function_ref<FailureOr<Value>(Value)> leaf);
  void splitPrologue(ArrayRef<Operation *> ops);
  LogicalResult checkMxuOperands();
  /// Whether `value` is zero past the end of iteration dimension `dim`,
  /// where masked DMAs zero-fill the leaves that step along it (not a
  /// broadcast along it, a window or a buffer longer than the extent):
  /// only then may a sum of it take blocks that overhang the extent.
  bool zeroPastEnd(Value value, int64_t dim, DenseMap<Value, bool> &memo);
  int64_t footprint(ArrayRef<int64_t> blocks);
  /// The dimension whose block, halved, shrinks the footprint most, if
  /// halving any does.
  FailureOr<int64_t> narrowestCut();
  /// Bytes of a value's block.
  double blockBytes(const ValueInfo &info, ArrayRef<int64_t> blocks) const;
  /// Estimated cycles of an MXU kernel with these blocks.
  double estimateCycles(ArrayRef<int64_t> blocks);
  /// The tiled blocks of an MXU kernel that minimize estimateCycles within
  /// `budget` bytes of VMEM, if any fit.
  void chooseMxuBlocks(ArrayRef<int64_t> align, int64_t budget);
  /// The iteration dimensions the MXU takes in whole tiles (K, N, M), if
  /// the kernel has a matmul or convolution.
  SmallVector<int64_t> mxuDims();
  /// The largest block of dimension `d` a plan starts from: its extent
  /// rounded up to `align`, at most `cap`; a dimension shorter than its
  /// alignment is one block of its extent, unless the MXU takes it in
  /// whole tiles (`mxu`, from mxuDims).
  int64_t fullBlock(int64_t d, int64_t align, int64_t cap,
                    ArrayRef<int64_t> mxu) const;
  /// Elements of the largest block one DMA moves (a folded input moves
  /// one tap's channels of its block at a time).
  int64_t largestBlock(ArrayRef<int64_t> blocks);
  SmallVector<int64_t> blockShape(const ValueInfo &info,
                                  ArrayRef<int64_t> blocks) const;
  /// Blocks along each dimension of the iteration space.
  SmallVector<int64_t> blockCounts(ArrayRef<int64_t> blocks) const;
  /// The sub-block plan of a plain matmul kernel with these blocks (one
  /// piece each if the kernel is not one).
  struct SubBlocks;
  SubBlocks subBlocksFor(ArrayRef<int64_t> blocks);
  Value storage(Value value);
  /// The result of the kernel's matmul or convolution, if it has one.
  Value mxuResult() const {
    return hlo::isContraction(anchor) ? anchor->getResult(0) : Value();
  }
  /// The anchor's result when its partial values accumulate in an f32
  /// block: a matmul's or convolution's narrower than f32, or a bf16 or
  /// f16 sum's or product's (XLA accumulates those in f32 too).
  Value wideAccResult() const;
  /// The accumulator of the anchor's arithmetic: i32 for an integer
  /// result (the MXU's int8 path, integer sums), f32 otherwise.
  Type wideAccType() const;
  /// The result of the kernel's argmax or argmin, if it has one.
  Value argResult() const {
    return anchor && isa<hlo::ArgMaxOp, hlo::ArgMinOp>(anchor)
               ? anchor->getResult(0)
               : Value();
  }
  /// VMEM slots per input.
  int64_t inputSlots() const {
    return mxuResult() && !tight ? kMxuInputSlots : kVectorInputSlots;
  }
  bool isOutput(Value value) const {
    return llvm::is_contained(outputs, value);
  }

  const tpc::Target &target;
  Operation *op;
  Location loc() const { return op->getLoc(); }

  // The analysis.
  llvm::MapVector<Value, ValueInfo> values;
  /// physicalOf, once per type: a kernel's values share a few types.
  FailureOr<Physical> physical(Location loc, Type type);
  llvm::SmallDenseMap<Type, Physical, 4> physicals;
  SmallVector<Value> inputs; // Role::Input, in first-use order
  SmallVector<Operation *> prologue, epilogue;
  Operation *anchor = nullptr; // dot_general, convolution or reduce
  bool transposeLhs = false, transposeRhs = false, swapOperands = false;
  /// The kernel's results and their HBM buffers; the first result, the
  /// root, defines the iteration space.
  SmallVector<Value, 1> outputs, outBuffers;
  Value root;

  // The iteration space and its blocks.
  SmallVector<int64_t> extent, block, count;
  SmallVector<bool> reduction;
  SmallVector<int64_t> stride; // of each dimension in the flattened loop
  int64_t trips = 1, reductionTrips = 1;
  SmallVector<int64_t> forcedUnit; // batch dimensions of a matmul
  /// A dimension that stays one block: the K of folded taps.
  int64_t wholeDim = -1;
  /// Whether the block plan fell back to double-buffered inputs in most of
  /// VMEM, the smallest blocks overflowing half of it.
  bool tight = false;
  /// Sub-block pipelining: the K pieces of the first `firstTrips` blocks
  /// and the last block's N pieces; one piece means none.
  struct SubBlocks {
    int64_t kDim = -1, kPieces = 1, nDim = -1, nPieces = 1, firstTrips = 0;
  } sub;
};

/// Emits one kernel from its plan: the tpu.kernel with its scratch, the
/// software-pipelined loop over blocks with DMAs into rotating VMEM slots,
/// and each block's MXU and vector-unit ops (Emit.cpp, SubBlocks.cpp); and
/// the kernels of data-moving reshapes (Relayout.cpp) and dynamic slices
/// (DynamicSlice.cpp).
class KernelLowering : public KernelPlan {
public:
  KernelLowering(OpBuilder &b, const tpc::Target &target, Operation *op,
                 std::string name)
      : KernelPlan(target, op), b(b), name(std::move(name)) {}

  /// Lowers the computation `ops` whose `results` go to the HBM buffers
  /// `outs` (one each; a multi-output fusion has several, all of one
  /// shape, written by the same blocks). `leafBuffer` gives the HBM buffer
  /// of a value the computation reads from outside (a fusion parameter, a
  /// fused dense constant, an operand).
  LogicalResult lower(ArrayRef<Operation *> ops, ArrayRef<Value> results,
                      ArrayRef<Value> outs,
                      llvm::function_ref<FailureOr<Value>(Value)> leafBuffer);

  /// A reshape that moves data: a relayout copy through VMEM (see
  /// docs/lowering.md).
  LogicalResult lowerReshape(hlo::ReshapeOp reshape, Value in, Value outBuf);

  /// hlo.dynamic_slice (`update` null) or hlo.dynamic_update_slice: start
  /// indices read at run time, boxes moved by DMA (DynamicSlice.cpp).
  LogicalResult lowerDynamicSlice(Operation *sliceOp, Value in, Value update,
                                  ArrayRef<Value> indexBuffers, Value outBuf);

private:
  FailureOr<Attribute> mapsFor(ArrayRef<Value> inputs, Value out,
                               Operation *user);
  // Emission.
  /// A VMEM buffer allocated once per kernel for `purpose`.
  Value scratch(StringRef purpose, ArrayRef<int64_t> shape, Type element);
  struct KeptOrder {
    /// Block sizes of the kept dimensions, in the input's physical order.
    SmallVector<int64_t> shape;
    /// Where each lies in the result's physical order.
    SmallVector<int64_t> toResult;
    /// Whether the orders agree (or a kept dimension is a broadcast's).
    bool same = true;
  };
  KeptOrder keptOrder(const ValueInfo &in, Value result);
  /// The info and buffer a reduction reads (Emit.cpp).
  std::pair<const ValueInfo *, Value> reductionInput(hlo::ReduceOp reduce);
  /// A rank-0 VMEM buffer holding `value`, filled once per kernel.
  Value splat(TypedAttr value);
  Value index(int64_t value);
  /// memrefType, with the identity layouts and memory spaces made once per
  /// kernel instead of once per buffer.
  MemRefType bufferType(ArrayRef<int64_t> shape, Type element,
                        MemorySpace space);
  Value mulC(Value v, int64_t c);
  Value addC(Value v, int64_t c);
  Value divC(Value v, int64_t c);
  Value remC(Value v, int64_t c);
  Value isEq(Value v, int64_t c);
  Value pick(Value odd, Value even, Value oddValue);
  /// options[t % options.size()].
  Value slotOf(Value t, ArrayRef<Value> options);
  SmallVector<Value> blockIndices(Value t);
  /// The index of a block's first element along a physical position.
  Value blockStart(const ValueInfo &info, int64_t position,
                   ArrayRef<Value> idx);
  /// An i1 block: whether each element's index along logical dimension
  /// `dim` of `info` lies in [lo, hi).
  Value inRange(const ValueInfo &info, int64_t dim, int64_t lo, int64_t hi,
                ArrayRef<Value> idx);
  /// The map [0, 1, .., rank-1] (rank 0: a scalar's empty map).
  Attribute identityMap(int64_t rank);
  /// mapsFor, with identity maps spelled out.
  FailureOr<SmallVector<Attribute>> explicitMaps(ArrayRef<Value> operands,
                                                 Value result, Operation *user);
  /// A part of a block along one iteration dimension: [offset, offset +
  /// size) of the block.
  struct Piece {
    int64_t dim, offset, size;
  };
  /// Copies a block (or the `piece` of it) between HBM and its VMEM slot.
  void emitDma(Value hbm, const ValueInfo &info, ArrayRef<Value> idx,
               Value vmem, Value sem, bool toHbm,
               std::optional<Piece> piece = std::nullopt);
  /// A DMA's window: indices on both sides, sizes, HBM strides, and
  /// whether any block reaches outside the HBM buffer along each position.
  struct DmaWindow {
    SmallVector<Value> hbm, vmem;
    SmallVector<int64_t> sizes, strides;
    SmallVector<bool> outside;
  };
  DmaWindow dmaWindow(const ValueInfo &info, ArrayRef<Value> idx);
  /// Starts the DMA of a window, masked where it may leave the buffer.
  void startDma(Value hbm, Value vmem, Value sem, const DmaWindow &w,
                bool toHbm);
  /// A folded input's block: one DMA per tap into its rows of K.
  void emitFoldedDma(const ValueInfo &info, ArrayRef<Value> idx, Value vmem,
                     Value sem);
  LogicalResult emitOp(Operation *op, ArrayRef<Value> idx, bool accumulate);
  /// The tpu.matmul of a contraction into `dst`.
  MatmulOp emitMatmul(Operation *inner, Value dst, bool accumulate);

  // Sub-block pipelining (SubBlocks.cpp).
  /// Starts block t's input DMAs (t < sub.firstTrips), piece by piece
  /// along K.
  void emitFirstPieces(int64_t t);
  /// The anchor matmul of block t in pieces: with `kPieces` (t <
  /// sub.firstTrips),
  /// each K piece once its DMA is waited for; with `nPieces` (the last
  /// block), each N piece of the last K piece followed by its result's
  /// DMA. `first`: the block's first reduction step (no accumulation).
  void emitMatmulPieces(int64_t t, bool kPieces, bool nPieces, bool first,
                        ArrayRef<Value> idx);
  LogicalResult emitBody(Value t, bool prefetch);
  /// Starts block t's input DMAs into its slots.
  void emitPrefetch(Value t);
  /// Dynamic slices (DynamicSlice.cpp): the clamped start registers, and a
  /// box copied HBM -> VMEM -> HBM.
  SmallVector<Value> loadStarts(ValueRange indices,
                                ArrayRef<Value> indexBuffers,
                                ArrayRef<int64_t> limits);
  Value plus(Value a, Value b);
  LogicalResult copyBox(Value src, ArrayRef<Value> srcStart, Value dst,
                        ArrayRef<Value> dstStart, ArrayRef<int64_t> box,
                        const Physical &phys);
  /// Opens the tpu.kernel and its block; the builder stays inside.
  KernelOp beginKernel();
  /// Removes the index arithmetic the two copies of a loop body repeat.
  void cleanUp(KernelOp kernel);


  OpBuilder &b;
  std::string name;

  Block *kernelBlock = nullptr;
  DenseMap<int64_t, Value> indexConstants;
  llvm::StringMap<Value> scratchBuffers;
  SmallVector<MemRefLayoutAttrInterface> identityLayouts; // by rank
  DenseMap<unsigned, Attribute> spaceAttrs;
  Value boolConstants[2];

  // Per-iteration state while emitting.
  DenseMap<Value, Value> current; // value -> VMEM buffer this iteration
  SmallVector<Value, kMxuInputSlots> inSems;
  Value outSems[2], outSem;
  /// The f32 or i32 accumulator of wideAccResult(), converted on the last
  /// reduction step.
  Value wideAcc;
  /// The semaphores of the sub-block plan's K pieces, block-major.
  SmallVector<Value> subSems;
};

} // namespace mlir::tpu::lowering

#endif // TPU_PASSES_LOWER_KERNELLOWERING_H
