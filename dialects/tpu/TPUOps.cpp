//===- TPUOps.cpp - TensorCore operations ---------------------------------===//

#include "dialects/tpu/TPUDialect.h"
#include "llvm/ADT/SmallBitVector.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "runtime/machine/Target.h"

using namespace mlir;
using namespace mlir::tpu;

namespace {

constexpr int64_t kLanes = 128;
constexpr int64_t kSublanes = 8;

std::optional<MemorySpace> memorySpaceOf(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return std::nullopt;
  auto space = dyn_cast_or_null<MemorySpaceAttr>(memref.getMemorySpace());
  if (!space)
    return std::nullopt;
  return space.getValue();
}

/// A buffer type the TensorCore can address: static shape, identity layout,
/// a #tpu.memory_space and an element type the TPU stores.
LogicalResult verifyBuffer(Operation *op, Type type, StringRef what,
                           std::optional<MemorySpace> expected = {}) {
  auto memref = cast<MemRefType>(type);
  std::optional<MemorySpace> space = memorySpaceOf(type);
  if (!space)
    return op->emitOpError()
           << what << " must be in a #tpu.memory_space, but has type " << type;
  if (expected && *space != *expected)
    return op->emitOpError()
           << what << " must be in " << stringifyMemorySpace(*expected)
           << ", but has type " << type;
  if (!memref.hasStaticShape() || !memref.getLayout().isIdentity())
    return op->emitOpError()
           << what << " must have a static shape and the identity layout, "
           << "but has type " << type;
  if (!toElementType(memref.getElementType()))
    return op->emitOpError()
           << what << " must hold a TPU element type (f32, bf16, an "
           << "integer, ...), but has type " << type;
  return success();
}

} // namespace

std::optional<int64_t> mlir::tpu::constantIndex(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || !def->hasTrait<OpTrait::ConstantLike>())
    return std::nullopt;
  if (std::optional<Attribute> value = def->getInherentAttr("value"))
    if (auto integer = dyn_cast_or_null<IntegerAttr>(*value))
      return integer.getValue().getSExtValue();
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

int64_t mlir::tpu::scratchFootprint(ArrayRef<int64_t> shape, Type element) {
  std::optional<tpc::ElementType> stored = toElementType(element);
  if (!stored)
    return 0;
  std::optional<int64_t> bytes =
      tpc::onChipBytes(*stored, {shape.data(), shape.size()});
  return bytes ? *bytes : std::numeric_limits<int64_t>::max();
}

int64_t mlir::tpu::scratchFootprint(MemRefType type) {
  return scratchFootprint(type.getShape(), type.getElementType());
}

namespace {

/// Whether `size` is a multiple of `multiple`, for the MXU's tile rules.
bool aligned(int64_t size, int64_t multiple) { return size % multiple == 0; }

} // namespace

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

int64_t KernelOp::scratchBytes(MemorySpace space) {
  int64_t total = 0;
  getBody().walk([&](AllocOp alloc) {
    if (memorySpaceOf(alloc.getType()) == space)
      total = tpc::saturatingAdd(total, scratchFootprint(alloc.getType()));
  });
  return total;
}

LogicalResult KernelOp::verifyRegions() {
  // kernel_c1: the scratch fits in the target's VMEM.
  const tpc::Target &target = getTarget(*this);
  int64_t vmem = scratchBytes(MemorySpace::vmem);
  if (vmem > target.vmemBytes)
    return emitOpError() << "allocates " << tpc::formatBytes(vmem) << " ("
                         << vmem << " bytes) of vmem, more than the "
                         << tpc::formatBytes(target.vmemBytes) << " of "
                         << target.name;
  return success();
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  // alloc_c1
  if (!(*this)->getParentOfType<KernelOp>())
    return emitOpError("must be inside a tpu.kernel, which scopes it");
  std::optional<MemorySpace> space = memorySpaceOf(getType());
  if (space == MemorySpace::hbm)
    return emitOpError("allocates on-chip scratch (vmem or smem); HBM "
                       "buffers come from buffer assignment (tpu.hbm_buffer)");
  // alloc_c2
  return verifyBuffer(*this, getType(), "the buffer");
}

LogicalResult HbmBufferOp::verify() {
  // hbm_buffer_c1
  if (static_cast<int64_t>(getOffset()) < 0 || getOffset() % 512)
    return emitOpError() << "offset must be a non-negative multiple of 512, "
                         << "but is " << getOffset();
  // hbm_buffer_c2
  if (failed(verifyBuffer(*this, getType(), "the buffer", MemorySpace::hbm)))
    return failure();
  // hbm_buffer_c3
  if (std::optional<ElementsAttr> value = getValue()) {
    auto type = cast<ShapedType>(value->getType());
    if (type.getShape() != getType().getShape() ||
        type.getElementType() != getType().getElementType())
      return emitOpError() << "value of type " << type
                           << " does not have the buffer's shape and element "
                           << "type " << getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

LogicalResult DmaStartOp::verify() {
  auto src = cast<MemRefType>(getSrc().getType());
  auto dst = cast<MemRefType>(getDst().getType());
  if (failed(verifyBuffer(*this, src, "the source")) ||
      failed(verifyBuffer(*this, dst, "the destination")))
    return failure();
  // dma_c1
  std::optional<MemorySpace> from = memorySpaceOf(src), to = memorySpaceOf(dst);
  bool hbmVmem = from == MemorySpace::hbm && to == MemorySpace::vmem;
  bool vmemHbm = from == MemorySpace::vmem && to == MemorySpace::hbm;
  bool hbmSmem = from == MemorySpace::hbm && to == MemorySpace::smem;
  if (!hbmVmem && !vmemHbm && !hbmSmem)
    return emitOpError() << "copies between hbm and vmem (or from hbm to "
                            "smem), but copies from "
                         << stringifyMemorySpace(*from) << " to "
                         << stringifyMemorySpace(*to);
  // dma_c2
  if (src.getElementType() != dst.getElementType() ||
      src.getRank() != dst.getRank())
    return emitOpError() << "source and destination must have the same "
                            "element type and rank, but are "
                         << src << " and " << dst;
  int64_t rank = src.getRank();
  if (static_cast<int64_t>(getSrcIndices().size()) != rank ||
      static_cast<int64_t>(getDstIndices().size()) != rank ||
      static_cast<int64_t>(getSizes().size()) != rank)
    return emitOpError() << "needs " << rank
                         << " source indices, destination indices and sizes, "
                            "one per dimension";
  // dma_c4
  if (std::optional<ArrayRef<int64_t>> strides = getStrides()) {
    if (static_cast<int64_t>(strides->size()) != rank ||
        llvm::any_of(*strides, [](int64_t s) { return s == 0; }))
      return emitOpError() << "needs one non-zero stride per dimension, "
                              "but has "
                           << strides->size() << " for rank " << rank;
  }
  // dma_c3: a masked window is clipped to the HBM side, where it may start
  // and end anywhere.
  auto check = [&](MemRefType type, OperandRange indices,
                   StringRef what) -> LogicalResult {
    bool hbm = memorySpaceOf(type) == MemorySpace::hbm;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = getSizes()[d];
      int64_t stride = hbm ? getStride(d) : 1;
      std::optional<int64_t> start = constantIndex(indices[d]);
      bool constant = start.has_value();
      int64_t first = start.value_or(0);
      // A negative stride walks down from `first`.
      int64_t last = first + (size - 1) * stride;
      int64_t span = (size - 1) * (stride < 0 ? -stride : stride);
      bool fits =
          size > 0 &&
          ((getMasked() && hbm) ||
           (span < type.getDimSize(d) &&
            (!constant || (std::min(first, last) >= 0 &&
                           std::max(first, last) < type.getDimSize(d)))));
      if (!fits)
        return emitOpError()
               << "window of size " << size << " at dimension " << d
               << " does not fit in the " << what << " " << type;
    }
    return success();
  };
  return failure(failed(check(src, getSrcIndices(), "source")) ||
                 failed(check(dst, getDstIndices(), "destination")));
}

//===----------------------------------------------------------------------===//
// MXU
//===----------------------------------------------------------------------===//

/// The [rows, cols] of a buffer's two minor dimensions, swapped if the
/// operand is read transposed.
static std::optional<std::pair<int64_t, int64_t>> matrixOf(MemRefType type,
                                                           bool transposed) {
  int64_t rank = type.getRank();
  if (rank < 2)
    return std::nullopt;
  std::pair<int64_t, int64_t> dims(type.getDimSize(rank - 2),
                                   type.getDimSize(rank - 1));
  if (transposed)
    std::swap(dims.first, dims.second);
  return dims;
}

MatmulOp::Window MatmulOp::getWindow() {
  if (std::optional<ArrayRef<int64_t>> offsets = getWindowOffsets())
    if (std::optional<ArrayRef<int64_t>> sizes = getWindowSizes())
      if (offsets->size() == 3 && sizes->size() == 3)
        return {{(*offsets)[0], (*offsets)[1], (*offsets)[2]},
                {(*sizes)[0], (*sizes)[1], (*sizes)[2]}};
  auto l = matrixOf(cast<MemRefType>(getLhs().getType()), getTransposeLhs());
  auto r = matrixOf(cast<MemRefType>(getRhs().getType()), getTransposeRhs());
  if (!l || !r)
    return {{0, 0, 0}, {0, 0, 0}};
  return {{0, 0, 0}, {l->first, l->second, r->second}};
}

LogicalResult MatmulOp::verify() {
  // matmul_c1
  for (auto [value, what] : {std::pair<Value, StringRef>{getLhs(), "lhs"},
                             {getRhs(), "rhs"},
                             {getAcc(), "the accumulator"}})
    if (failed(verifyBuffer(*this, value.getType(), what, MemorySpace::vmem)))
      return failure();
  auto lhs = cast<MemRefType>(getLhs().getType());
  auto rhs = cast<MemRefType>(getRhs().getType());
  auto acc = cast<MemRefType>(getAcc().getType());
  // matmul_c2: [B..,M,K] x [B..,K,N] -> [B..,M,N], an operand's batch
  // dimensions being the accumulator's or all 1.
  auto batchOk = [&](MemRefType operand) {
    ArrayRef<int64_t> batch = operand.getShape().drop_back(2);
    return operand.getRank() == acc.getRank() &&
           (batch == acc.getShape().drop_back(2) ||
            llvm::all_of(batch, [](int64_t d) { return d == 1; }));
  };
  auto l = matrixOf(lhs, getTransposeLhs());
  auto r = matrixOf(rhs, getTransposeRhs());
  auto a = matrixOf(acc, false);
  bool windowed = getWindowOffsets() || getWindowSizes();
  bool matching = l && r && a && l->second == r->first &&
                  a->first == l->first && a->second == r->second;
  if (!l || !r || !a || (!windowed && !matching) || !batchOk(lhs) ||
      !batchOk(rhs))
    return emitOpError() << "needs lhs [B..,M,K], rhs [B..,K,N] and "
                            "accumulator [B..,M,N] (after any transposes; an "
                            "operand's B.. may be all 1), but has "
                         << lhs << ", " << rhs << " and " << acc;
  // matmul_c3
  Type in = lhs.getElementType();
  bool floats = (in.isBF16() || in.isF32()) && acc.getElementType().isF32();
  bool int8 = in.isSignlessInteger(8) && acc.getElementType().isInteger(32);
  if (in != rhs.getElementType() || !(floats || int8))
    return emitOpError() << "multiplies bf16 or f32 inputs of one type into "
                            "an f32 accumulator, or i8 into i32, but has "
                         << lhs.getElementType() << " x "
                         << rhs.getElementType() << " -> "
                         << acc.getElementType();
  // matmul_c5: a window of three offsets and three positive sizes inside
  // every operand.
  if (windowed) {
    std::optional<ArrayRef<int64_t>> offsets = getWindowOffsets(),
                                     sizes = getWindowSizes();
    if (!offsets || !sizes || offsets->size() != 3 || sizes->size() != 3)
      return emitOpError() << "needs a window of three offsets and three "
                              "sizes (M, K, N)";
    std::array<std::pair<int64_t, int64_t>, 3> limits = {
        std::make_pair(l->first, a->first), std::make_pair(l->second, r->first),
        std::make_pair(r->second, a->second)};
    for (int i = 0; i < 3; ++i) {
      int64_t at = (*offsets)[i], size = (*sizes)[i];
      int64_t limit = std::min(limits[i].first, limits[i].second);
      if (at < 0 || size <= 0 || at > limit - size)
        return emitOpError() << "has a window [" << at << ", " << at << " + "
                             << size << ") along "
                             << "MKN"[i] << ", outside the operands' " << limit;
    }
  }
  // matmul_c4, c6: whole MXU tiles, 8 rows of lhs by 128 lanes.
  Window w = getWindow();
  auto aligned8 = [](int64_t v) { return aligned(v, kSublanes); };
  auto aligned128 = [](int64_t v) { return aligned(v, kLanes); };
  if (!aligned8(w.offsets[0]) || !aligned8(w.sizes[0]) ||
      !aligned128(w.offsets[1]) || !aligned128(w.sizes[1]) ||
      !aligned128(w.offsets[2]) || !aligned128(w.sizes[2]))
    return emitOpError() << "needs M a multiple of " << kSublanes
                         << " and K and N multiples of " << kLanes
                         << (windowed ? " in its window" : "") << ", but has "
                         << lhs << " x " << rhs;
  return success();
}

//===----------------------------------------------------------------------===//
// Vector unit
//===----------------------------------------------------------------------===//

SmallVector<int64_t> VectorOp::getMap(unsigned input) {
  if (std::optional<ArrayAttr> maps = getMaps(); maps && input < maps->size())
    if (auto map = dyn_cast<DenseI64ArrayAttr>((*maps)[input]))
      return SmallVector<int64_t>(map.asArrayRef());
  auto type = cast<MemRefType>(getInputs()[input].getType());
  return llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
}

LogicalResult VectorOp::verify() {
  auto out = cast<MemRefType>(getOut().getType());
  if (failed(verifyBuffer(*this, out, "the output", MemorySpace::vmem)))
    return failure();
  // vector_c1, vector_c2
  if (getMaps() && getMaps()->size() != getInputs().size())
    return emitOpError() << "maps needs one map per input ("
                         << getInputs().size() << "), but has "
                         << getMaps()->size();
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto type = cast<MemRefType>(input.getType());
    std::string what = "input #" + std::to_string(i);
    if (failed(verifyBuffer(*this, type, what, MemorySpace::vmem)))
      return failure();
    SmallVector<int64_t> map = getMap(i);
    if (static_cast<int64_t>(map.size()) != type.getRank())
      return emitOpError() << what << "'s map needs " << type.getRank()
                           << " entries, one per dimension, but has "
                           << map.size();
    // Any order: a permuted map reads the input through the transpose
    // unit.
    llvm::SmallBitVector seen(out.getRank());
    for (auto [d, target] : llvm::enumerate(map)) {
      if (target == -1)
        continue;
      if (target < -1 || target >= out.getRank() || seen.test(target))
        return emitOpError()
               << what << "'s map must name distinct output dimensions "
               << "below rank " << out.getRank() << ", or -1, but has "
               << target << " at dimension " << d;
      seen.set(target);
    }
    for (auto [d, target] : llvm::enumerate(map)) {
      if (target != -1 && type.getDimSize(d) != out.getDimSize(target))
        return emitOpError()
               << what << " has size " << type.getDimSize(d) << " at dimension "
               << d << ", but the output dimension " << target
               << " it follows has " << out.getDimSize(target);
    }
  }
  // vector_c3
  VectorKind kind = getKind();
  size_t arity = 2;
  if (kind == VectorKind::select)
    arity = 3;
  else if ((kind >= VectorKind::neg && kind <= VectorKind::copy) ||
           (kind >= VectorKind::not_ && kind <= VectorKind::clz) ||
           (kind >= VectorKind::bitcast && kind <= VectorKind::lgamma))
    arity = 1;
  if (kind >= VectorKind::shl && kind <= VectorKind::shra)
    arity = 2;
  if (getInputs().size() != arity)
    return emitOpError() << stringifyVectorKind(kind) << " takes " << arity
                         << " inputs, but has " << getInputs().size();
  auto elementOf = [](Value v) {
    return cast<MemRefType>(v.getType()).getElementType();
  };
  Type result = out.getElementType();
  bool compare = kind >= VectorKind::eq && kind <= VectorKind::ge;
  if (compare) {
    if (!result.isInteger(1) ||
        elementOf(getInputs()[0]) != elementOf(getInputs()[1]))
      return emitOpError() << "comparisons take two inputs of one element "
                              "type and produce i1";
    return success();
  }
  if (kind == VectorKind::convert)
    return success();
  if (kind == VectorKind::bitcast) {
    Type in = elementOf(getInputs()[0]);
    if (in.isInteger(1) || result.isInteger(1) ||
        in.getIntOrFloatBitWidth() != result.getIntOrFloatBitWidth())
      return emitOpError() << "bitcast reinterprets bits of one width, not "
                           << in << " as " << result;
    return success();
  }
  ValueRange values = getInputs();
  if (kind == VectorKind::select) {
    if (!elementOf(values[0]).isInteger(1))
      return emitOpError("select's first input must be i1");
    values = values.drop_front();
  }
  for (Value v : values)
    if (elementOf(v) != result)
      return emitOpError() << stringifyVectorKind(kind)
                           << " needs inputs of the output's element type "
                           << result << ", but has " << elementOf(v);
  bool bitwise = (kind >= VectorKind::and_ && kind <= VectorKind::shra) ||
                 kind == VectorKind::popcnt || kind == VectorKind::clz;
  bool floatOnly =
      (kind >= VectorKind::floor && kind <= VectorKind::round_afz) ||
      kind == VectorKind::atan2 ||
      (kind >= VectorKind::sinh && kind <= VectorKind::lgamma);
  bool notBool = (kind >= VectorKind::shl && kind <= VectorKind::shra) ||
                 (kind >= VectorKind::popcnt && kind <= VectorKind::pow);
  if ((bitwise && !isa<IntegerType>(result)) ||
      (floatOnly && !isa<FloatType>(result)) ||
      (notBool && result.isInteger(1)))
    return emitOpError() << stringifyVectorKind(kind) << " is not defined on "
                         << result;
  return success();
}

LogicalResult ReduceOp::verify() {
  auto input = cast<MemRefType>(getInput().getType());
  auto out = cast<MemRefType>(getOut().getType());
  // reduce_c1
  if (failed(verifyBuffer(*this, input, "the input", MemorySpace::vmem)) ||
      failed(verifyBuffer(*this, out, "the output", MemorySpace::vmem)))
    return failure();
  // A narrow float sum or product may accumulate in f32, as XLA's do.
  Type from = input.getElementType(), to = out.getElementType();
  bool widening =
      isa<BFloat16Type, Float16Type>(from) && to.isF32() &&
      (getKind() == ReduceKind::sum || getKind() == ReduceKind::prod);
  if (from != to && !widening)
    return emitOpError() << "input and output must have the same element "
                            "type (or a bf16 or f16 sum or product an f32 "
                            "output), but are "
                         << input << " and " << out;
  // reduce_c2
  int64_t rank = input.getRank();
  llvm::SmallVector<bool> reduced(rank, false);
  for (int64_t d : getDims()) {
    if (d < 0 || d >= rank || reduced[d])
      return emitOpError() << "dims must be distinct and in [0, " << rank
                           << "), but include " << d;
    reduced[d] = true;
  }
  // reduce_c3
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!reduced[d])
      kept.push_back(input.getDimSize(d));
  if (ArrayRef<int64_t>(kept) != out.getShape())
    return emitOpError() << "output must have the input's dimensions that "
                            "are not reduced ["
                         << kept << "], but has type " << out;
  // reduce_c4
  if (static_cast<int64_t>(getValid().size()) != rank)
    return emitOpError() << "valid needs one size per dimension (" << rank
                         << ")";
  for (int64_t d = 0; d < rank; ++d)
    if (getValid()[d] <= 0 || getValid()[d] > input.getDimSize(d))
      return emitOpError() << "valid size " << getValid()[d] << " at dimension "
                           << d << " is not in [1, " << input.getDimSize(d)
                           << "]";
  return success();
}

LogicalResult ArgReduceOp::verify() {
  auto input = cast<MemRefType>(getInput().getType());
  auto best = cast<MemRefType>(getBest().getType());
  auto index = cast<MemRefType>(getIndex().getType());
  // arg_reduce_c1
  if (failed(verifyBuffer(*this, input, "the input", MemorySpace::vmem)) ||
      failed(verifyBuffer(*this, best, "the best values", MemorySpace::vmem)) ||
      failed(verifyBuffer(*this, index, "the indices", MemorySpace::vmem)))
    return failure();
  // arg_reduce_c2
  if (best.getElementType() != input.getElementType() ||
      !index.getElementType().isInteger(32))
    return emitOpError() << "best values need the input's element type and "
                            "indices i32, but have "
                         << best << " and " << index;
  // arg_reduce_c3
  int64_t rank = input.getRank(), dim = getDim();
  if (dim < 0 || dim >= rank)
    return emitOpError() << "dim " << dim << " is not in [0, " << rank << ")";
  SmallVector<int64_t> kept(input.getShape());
  kept.erase(kept.begin() + dim);
  if (ArrayRef<int64_t>(kept) != best.getShape() ||
      ArrayRef<int64_t>(kept) != index.getShape())
    return emitOpError() << "outputs must have the input's dimensions other "
                            "than dim ["
                         << kept << "], but are " << best << " and " << index;
  // arg_reduce_c4
  if (getValid() < 1 ||
      static_cast<int64_t>(getValid()) > input.getDimSize(dim))
    return emitOpError() << "valid size " << getValid() << " is not in [1, "
                         << input.getDimSize(dim) << "]";
  return success();
}

LogicalResult RelayoutOp::verify() {
  auto src = cast<MemRefType>(getSrc().getType());
  auto dst = cast<MemRefType>(getDst().getType());
  // relayout_c1
  if (failed(verifyBuffer(*this, src, "the source", MemorySpace::vmem)) ||
      failed(verifyBuffer(*this, dst, "the destination", MemorySpace::vmem)))
    return failure();
  // relayout_c2
  if (src.getElementType() != dst.getElementType() ||
      src.getNumElements() != dst.getNumElements())
    return emitOpError() << "source and destination must have one element "
                            "type and element count, but are "
                         << src << " and " << dst;
  // relayout_c3
  for (auto [what, order, rank] :
       {std::tuple(StringRef("src_order"), getSrcOrder(), src.getRank()),
        std::tuple(StringRef("dst_order"), getDstOrder(), dst.getRank())}) {
    llvm::SmallBitVector seen(rank);
    bool permutation = static_cast<int64_t>(order.size()) == rank;
    for (int64_t d : order) {
      permutation &= d >= 0 && d < rank && !seen.test(d);
      if (permutation)
        seen.set(d);
    }
    if (!permutation)
      return emitOpError() << what << " must be a permutation of [0, " << rank
                           << "), but is [" << order << "]";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// FillOp, IotaOp
//===----------------------------------------------------------------------===//

LogicalResult FillOp::verify() {
  if (failed(verifyBuffer(*this, getOut().getType(), "the output",
                          MemorySpace::vmem)))
    return failure();
  // fill_c1
  Type element = cast<MemRefType>(getOut().getType()).getElementType();
  if (getValue().getType() != element)
    return emitOpError() << "value " << getValue() << " must have the "
                         << "buffer's element type " << element;
  return success();
}

LogicalResult IotaOp::verify() {
  auto out = cast<MemRefType>(getOut().getType());
  if (failed(verifyBuffer(*this, out, "the output", MemorySpace::vmem)))
    return failure();
  // iota_c1
  int64_t dim = static_cast<int64_t>(getDim());
  if (out.getElementType().isInteger(1) || dim < 0 || dim >= out.getRank())
    return emitOpError() << "needs a numeric buffer and a dimension below "
                         << "its rank, but has dim " << getDim() << " of "
                         << out;
  // iota_c2
  if (getStep() < 1)
    return emitOpError() << "needs a step of at least 1, but has " << getStep();
  return success();
}

LogicalResult ScalarLoadOp::verify() {
  auto src = cast<MemRefType>(getSrc().getType());
  if (failed(verifyBuffer(*this, src, "the source", MemorySpace::smem)))
    return failure();
  // scalar_load_c1
  auto element = dyn_cast<IntegerType>(src.getElementType());
  if (!element || element.getWidth() == 1 || element.getWidth() > 32)
    return emitOpError() << "reads integers of at most 32 bits, not "
                         << src.getElementType();
  // scalar_load_c2
  if (static_cast<int64_t>(getIndices().size()) != src.getRank())
    return emitOpError() << "needs " << src.getRank()
                         << " indices, one per dimension of " << src;
  return success();
}

//===----------------------------------------------------------------------===//
// Program control
//===----------------------------------------------------------------------===//

namespace {

/// control_c1: program control runs on the scalar core between kernels.
LogicalResult verifyBetweenKernels(Operation *op) {
  if (op->getParentOfType<KernelOp>())
    return op->emitOpError("runs between kernels, not inside a tpu.kernel");
  return success();
}

/// A scalar the scalar core reads from HBM to decide: an integer (or i1)
/// buffer with at least one element.
LogicalResult verifyScalarSource(Operation *op, Value buffer, StringRef what) {
  if (failed(verifyBuffer(op, buffer.getType(), what, MemorySpace::hbm)))
    return failure();
  auto type = cast<MemRefType>(buffer.getType());
  auto element = dyn_cast<IntegerType>(type.getElementType());
  if (!element || element.getWidth() > 32 || type.getNumElements() == 0)
    return op->emitOpError()
           << what << " must hold integers of at most 32 bits, but has type "
           << type;
  return success();
}

} // namespace

LogicalResult CopyOp::verify() {
  // copy_c1 (one type) is AllTypesMatch's.
  if (failed(verifyBetweenKernels(*this)))
    return failure();
  // copy_c2
  return verifyBuffer(*this, getSrc().getType(), "the source",
                      MemorySpace::hbm);
}

LogicalResult CollectiveOp::verify() {
  if (failed(verifyBetweenKernels(*this)))
    return failure();
  // collective_c1
  if (getSrc() && failed(verifyBuffer(*this, getSrc().getType(), "the source",
                                      MemorySpace::hbm)))
    return failure();
  if (failed(verifyBuffer(*this, getDst().getType(), "the destination",
                          MemorySpace::hbm)))
    return failure();
  // collective_c2
  static constexpr llvm::StringLiteral kinds[] = {
      "all_reduce", "all_gather",         "reduce_scatter",
      "all_to_all", "collective_permute", "device_id"};
  if (!llvm::is_contained(kinds, getKind()))
    return emitOpError("kind '")
           << getKind()
           << "' is none of all_reduce, all_gather, reduce_scatter, "
              "all_to_all, collective_permute, device_id";
  // collective_c3
  bool wantsSource = getKind() != "device_id";
  if (wantsSource != static_cast<bool>(getSrc()) ||
      wantsSource != static_cast<bool>(getSrcType()))
    return emitOpError(wantsSource ? "needs a source and its src_type"
                                   : "takes no source");
  return success();
}

LogicalResult WhileOp::verifyRegions() {
  if (failed(verifyBetweenKernels(*this)))
    return failure();
  // while_c1: the regions end as the scalar core expects.
  if (!isa<ConditionOp>(getCond().front().getTerminator()))
    return emitOpError("cond must end in tpu.condition");
  if (!isa<YieldOp>(getBody().front().getTerminator()))
    return emitOpError("body must end in tpu.yield");
  return success();
}

LogicalResult ConditionOp::verify() {
  // condition_c1
  return verifyScalarSource(*this, getPred(), "the predicate");
}

LogicalResult CaseOp::verify() {
  if (failed(verifyBetweenKernels(*this)))
    return failure();
  // case_c1
  if (getBranches().empty())
    return emitOpError("has no branches; it runs one of at least one");
  // case_c2
  return verifyScalarSource(*this, getIndex(), "the index");
}

#define GET_OP_CLASSES
#include "dialects/tpu/TPUOps.cpp.inc"
