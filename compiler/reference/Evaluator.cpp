//===- Evaluator.cpp - Reference interpreter of the hlo dialect -----------===//
//
// Semantics follow docs/dialects/hlo.md. Element arithmetic is in
// Scalar.cpp; this file walks blocks and computes the ops that move, reduce
// or contract whole tensors. Sums and dot products accumulate in double.
//
//===----------------------------------------------------------------------===//

#include "compiler/reference/Evaluator.h"
#include "compiler/reference/Collectives.h"
#include "compiler/reference/Scalar.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <numeric>
#include <thread>

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::reference;

namespace {

using Index = SmallVector<int64_t>;

Index stridesOf(ArrayRef<int64_t> shape) {
  Index strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

int64_t linearize(ArrayRef<int64_t> index, ArrayRef<int64_t> strides) {
  int64_t offset = 0;
  for (auto [i, stride] : llvm::zip(index, strides))
    offset += i * stride;
  return offset;
}

/// Calls `body(index, n)` for every index of `shape` in row-major order.
template <typename Body> void forEachIndex(ArrayRef<int64_t> shape, Body body) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  Index index(shape.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    body(ArrayRef<int64_t>(index), n);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

} // namespace

namespace {

class Evaluator {
public:
  explicit Evaluator(Spmd spmd = {}) : spmd(spmd) {}
  FailureOr<SmallVector<HostTensor>> run(func::FuncOp func,
                                         ArrayRef<HostTensor> args);

private:
  /// Evaluates `block` on `args` and returns its terminator's operands.
  FailureOr<SmallVector<HostTensor>> runBlock(Block &block,
                                              ArrayRef<HostTensor> args);
  const HostTensor &get(Value value) { return values.find(value)->second; }
  FailureOr<HostTensor> evalOp(Operation *op);

  HostTensor constant(hlo::ConstantOp op);
  HostTensor broadcast(hlo::BroadcastInDimOp op);
  HostTensor transpose(hlo::TransposeOp op);
  HostTensor reverse(hlo::ReverseOp op);
  HostTensor slice(hlo::SliceOp op);
  Index clampedStarts(ValueRange indices, ArrayRef<int64_t> dims,
                      ArrayRef<int64_t> sizes);
  HostTensor dynamicSlice(hlo::DynamicSliceOp op);
  HostTensor dynamicUpdateSlice(hlo::DynamicUpdateSliceOp op);
  HostTensor pad(hlo::PadOp op);
  HostTensor concatenate(hlo::ConcatenateOp op);
  HostTensor dot(hlo::DotGeneralOp op);
  HostTensor convolution(hlo::ConvolutionOp op);
  HostTensor reduce(hlo::ReduceOp op);
  HostTensor argReduce(Operation *op, int64_t dim, bool isMax);
  FailureOr<SmallVector<HostTensor>> sort(hlo::SortOp op);
  /// Control flow runs its regions in this evaluator: they read values
  /// defined above them.
  FailureOr<SmallVector<HostTensor>> whileLoop(hlo::WhileOp op);
  FailureOr<SmallVector<HostTensor>> branch(Operation *op, int64_t index);
  /// Hands the operand to the other devices' evaluators.
  FailureOr<HostTensor> collective(Operation *op);
  /// Runs the body on every device's tiles and puts the results together.
  FailureOr<SmallVector<HostTensor>> manual(hlo::ManualComputationOp op);

  Spmd spmd;
  DenseMap<Value, HostTensor> values;
};

/// A zero tensor of `type` (whose element type the hlo verifier has checked).
HostTensor zeros(RankedTensorType type) {
  return HostTensor(*toStoredElement(type.getElementType()),
                    {type.getShape().begin(), type.getShape().end()});
}

HostTensor resultTensor(Operation *op) {
  return zeros(cast<RankedTensorType>(op->getResult(0).getType()));
}

Type resultElementType(Operation *op) {
  return getElementTypeOrSelf(op->getResult(0).getType());
}

HostTensor Evaluator::constant(hlo::ConstantOp op) {
  return toHostTensor(cast<DenseElementsAttr>(op.getValue()));
}

HostTensor Evaluator::broadcast(hlo::BroadcastInDimOp op) {
  const HostTensor &operand = get(op.getOperand());
  HostTensor result = resultTensor(op);
  Index strides = stridesOf(operand.dims);
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  forEachIndex(result.dims, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0;
    for (auto [i, d] : llvm::enumerate(dims))
      offset += (operand.dims[i] == 1 ? 0 : index[d]) * strides[i];
    result.values[n] = operand.values[offset];
  });
  return result;
}

HostTensor Evaluator::transpose(hlo::TransposeOp op) {
  const HostTensor &operand = get(op.getOperand());
  HostTensor result = resultTensor(op);
  Index strides = stridesOf(operand.dims);
  ArrayRef<int64_t> permutation = op.getPermutation();
  forEachIndex(result.dims, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0;
    for (auto [d, p] : llvm::enumerate(permutation))
      offset += index[d] * strides[p];
    result.values[n] = operand.values[offset];
  });
  return result;
}

HostTensor Evaluator::reverse(hlo::ReverseOp op) {
  const HostTensor &operand = get(op.getOperand());
  HostTensor result = resultTensor(op);
  Index strides = stridesOf(operand.dims);
  forEachIndex(result.dims, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0;
    for (auto [d, i] : llvm::enumerate(index))
      offset +=
          (llvm::is_contained(op.getDimensions(), d) ? operand.dims[d] - 1 - i
                                                     : i) *
          strides[d];
    result.values[n] = operand.values[offset];
  });
  return result;
}

HostTensor Evaluator::slice(hlo::SliceOp op) {
  const HostTensor &operand = get(op.getOperand());
  HostTensor result = resultTensor(op);
  Index strides = stridesOf(operand.dims);
  ArrayRef<int64_t> start = op.getStartIndices(), step = op.getStrides();
  forEachIndex(result.dims, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d)
      offset += (start[d] + index[d] * step[d]) * strides[d];
    result.values[n] = operand.values[offset];
  });
  return result;
}

/// A scalar index tensor's value; a ui64 past INT64_MAX saturates there.
static int64_t indexValue(const HostTensor &index) {
  int64_t v = index.integerAt(0);
  return tpc::isUnsigned(index.element) && v < 0 ? INT64_MAX : v;
}

/// Each start index clamped so that a box of `sizes` fits in `dims`.
Index Evaluator::clampedStarts(ValueRange indices, ArrayRef<int64_t> dims,
                               ArrayRef<int64_t> sizes) {
  Index starts;
  for (auto [d, index] : llvm::enumerate(indices))
    starts.push_back(
        std::clamp(indexValue(get(index)), int64_t{0}, dims[d] - sizes[d]));
  return starts;
}

/// Calls body(n, offset) for the n-th element (row-major) of the box of
/// `box` at `start` in a tensor of `dims`, offset being its place there.
template <typename Body>
void forEachInBox(ArrayRef<int64_t> dims, ArrayRef<int64_t> box,
                  ArrayRef<int64_t> start, Body body) {
  Index strides = stridesOf(dims);
  forEachIndex(box, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d)
      offset += (start[d] + index[d]) * strides[d];
    body(n, offset);
  });
}

HostTensor Evaluator::dynamicSlice(hlo::DynamicSliceOp op) {
  const HostTensor &operand = get(op.getOperand());
  HostTensor result = resultTensor(op);
  Index start =
      clampedStarts(op.getStartIndices(), operand.dims, op.getSliceSizes());
  forEachInBox(operand.dims, result.dims, start, [&](int64_t n, int64_t at) {
    result.values[n] = operand.values[at];
  });
  return result;
}

HostTensor Evaluator::dynamicUpdateSlice(hlo::DynamicUpdateSliceOp op) {
  HostTensor result = get(op.getOperand());
  const HostTensor &update = get(op.getUpdate());
  Index start = clampedStarts(op.getStartIndices(), result.dims, update.dims);
  forEachInBox(result.dims, update.dims, start, [&](int64_t n, int64_t at) {
    result.values[at] = update.values[n];
  });
  return result;
}

HostTensor Evaluator::pad(hlo::PadOp op) {
  const HostTensor &operand = get(op.getOperand());
  HostTensor result = resultTensor(op);
  std::fill(result.values.begin(), result.values.end(),
            get(op.getPaddingValue()).values.front());
  Index strides = stridesOf(result.dims);
  ArrayRef<int64_t> low = op.getEdgePaddingLow();
  ArrayRef<int64_t> interior = op.getInteriorPadding();
  forEachIndex(operand.dims, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0;
    for (size_t d = 0; d < index.size(); ++d) {
      int64_t position = low[d] + index[d] * (interior[d] + 1);
      if (position < 0 || position >= result.dims[d])
        return; // Removed by negative padding.
      offset += position * strides[d];
    }
    result.values[offset] = operand.values[n];
  });
  return result;
}

HostTensor Evaluator::concatenate(hlo::ConcatenateOp op) {
  HostTensor result = resultTensor(op);
  Index strides = stridesOf(result.dims);
  int64_t axis = static_cast<int64_t>(op.getDimension()), base = 0;
  for (Value input : op.getInputs()) {
    const HostTensor &part = get(input);
    forEachIndex(part.dims, [&](ArrayRef<int64_t> index, int64_t n) {
      Index shifted(index);
      shifted[axis] += base;
      result.values[linearize(shifted, strides)] = part.values[n];
    });
    base += part.dims[axis];
  }
  return result;
}

/// Products accumulate exactly enough: in double for floats, modulo 2^64
/// (then wrapped) for integers.
/// A float contraction accumulates in f32 in contraction order, each
/// product and sum rounded (XLA's f32 dot on a CPU, which the conformance
/// suite's expected values come from); integers wrap.
struct Accumulator {
  /// The operands' elements tell words (i64, ui64) from values.
  Accumulator(Type type, tpc::Element lhs, tpc::Element rhs)
      : type(type), integer(!isFloat(type)), lhsWide(tpc::isWide(lhs)),
        rhsWide(tpc::isWide(rhs)) {}
  static uint64_t word(bool wide, double slot) {
    return static_cast<uint64_t>(wide ? tpc::toWord(slot)
                                      : static_cast<int64_t>(slot));
  }
  void add(double a, double b) {
    if (integer)
      bits += word(lhsWide, a) * word(rhsWide, b);
    else
      sum = static_cast<float>(sum + static_cast<float>(static_cast<float>(a) *
                                                        static_cast<float>(b)));
  }
  double result() const {
    if (isWide(type))
      return tpc::fromWord(static_cast<int64_t>(bits));
    return integer ? roundTo(type, static_cast<double>(
                                       wrap(type, static_cast<int64_t>(bits))))
                   : roundTo(type, sum);
  }
  Type type;
  bool integer, lhsWide, rhsWide;
  float sum = 0;
  uint64_t bits = 0;
};

/// A row of accumulators fed together: `add(a, r)` adds a * r[n] (or
/// a * r[offsets[n]]) to accumulator n, so the rows of a contraction are
/// read along their (usually contiguous) free dimension rather than one
/// strided column per result element. Each accumulator still sees its
/// products in contraction order.
class AccumulatorRow {
public:
  AccumulatorRow(const Accumulator &zero, size_t size,
                 ArrayRef<int64_t> offsets = {})
      : zero(zero), row(size, zero), sums(size), offsets(offsets) {
    // Offsets 0, 1, 2... are the contiguous case.
    for (size_t n = 0; n < this->offsets.size(); ++n)
      if (this->offsets[n] != static_cast<int64_t>(n))
        return;
    this->offsets = {};
  }
  void reset() {
    std::fill(row.begin(), row.end(), zero);
    std::fill(sums.begin(), sums.end(), 0.0f);
  }
  void add(double a, const double *r) {
    if (zero.integer) {
      for (size_t n = 0; n < row.size(); ++n)
        row[n].add(a, r[at(n)]);
      return;
    }
    // Accumulator::add's float step, with the product rounded to f32 on
    // its own (no fused multiply-add).
    float a32 = static_cast<float>(a);
    for (size_t n = 0; n < sums.size(); ++n) {
      float product = a32 * static_cast<float>(r[at(n)]);
      sums[n] += product;
    }
  }
  /// Writes the row's results to out[0..size).
  void store(double *out) {
    for (size_t n = 0; n < row.size(); ++n) {
      if (!zero.integer)
        row[n].sum = sums[n];
      out[n] = row[n].result();
    }
  }

private:
  int64_t at(size_t n) const {
    return offsets.empty() ? static_cast<int64_t>(n) : offsets[n];
  }
  Accumulator zero;
  std::vector<Accumulator> row;
  std::vector<float> sums;
  ArrayRef<int64_t> offsets;
};

/// The offsets into a tensor of strides `strides` of every index of its
/// dimensions `dims`, in row-major order over those dimensions.
std::vector<int64_t> offsetsOf(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
                               ArrayRef<int64_t> dims) {
  Index sizes;
  for (int64_t d : dims)
    sizes.push_back(shape[d]);
  std::vector<int64_t> offsets;
  forEachIndex(sizes, [&](ArrayRef<int64_t> index, int64_t) {
    int64_t offset = 0;
    for (auto [i, d] : llvm::zip(index, dims))
      offset += i * strides[d];
    offsets.push_back(offset);
  });
  return offsets;
}

HostTensor Evaluator::dot(hlo::DotGeneralOp op) {
  const HostTensor &lhs = get(op.getLhs()), &rhs = get(op.getRhs());
  HostTensor result = resultTensor(op);
  Index lhsStrides = stridesOf(lhs.dims), rhsStrides = stridesOf(rhs.dims);
  auto lhsOffsets = [&](ArrayRef<int64_t> dims) {
    return offsetsOf(lhs.dims, lhsStrides, dims);
  };
  auto rhsOffsets = [&](ArrayRef<int64_t> dims) {
    return offsetsOf(rhs.dims, rhsStrides, dims);
  };
  // The result is [batch..., lhs free..., rhs free...]: one row of rhs-free
  // accumulators per batch and lhs-free index, each fed in contraction
  // order, so the rhs is read along its (usually contiguous) free
  // dimensions rather than down a column per result element.
  std::vector<int64_t> lhsBatch = lhsOffsets(op.getLhsBatchingDimensions());
  std::vector<int64_t> rhsBatch = rhsOffsets(op.getRhsBatchingDimensions());
  std::vector<int64_t> lhsFree = lhsOffsets(op.getLhsFreeDimensions());
  std::vector<int64_t> rhsFree = rhsOffsets(op.getRhsFreeDimensions());
  std::vector<int64_t> lhsK = lhsOffsets(op.getLhsContractingDimensions());
  std::vector<int64_t> rhsK = rhsOffsets(op.getRhsContractingDimensions());
  AccumulatorRow row(
      Accumulator(resultElementType(op), lhs.element, rhs.element),
      rhsFree.size(), rhsFree);
  double *out = result.values.data();
  for (size_t b = 0; b < lhsBatch.size(); ++b) {
    for (int64_t m : lhsFree) {
      row.reset();
      for (auto [lk, rk] : llvm::zip(lhsK, rhsK))
        row.add(lhs.values[lhsBatch[b] + m + lk],
                rhs.values.data() + rhsBatch[b] + rk);
      row.store(out);
      out += rhsFree.size();
    }
  }
  return result;
}

HostTensor Evaluator::convolution(hlo::ConvolutionOp op) {
  const HostTensor &lhs = get(op.getLhs()), &rhs = get(op.getRhs());
  HostTensor result = resultTensor(op);
  int64_t spatial = op.getNumSpatialDims();
  Index strides = op.getStridesOrDefault(), padding = op.getPaddingOrDefault();
  Index lhsDilation = op.getLhsDilationOrDefault();
  Index rhsDilation = op.getRhsDilationOrDefault();
  int64_t groups = op.getFeatureGroupCount();
  int64_t inPerGroup = rhs.dims[spatial];
  int64_t outPerGroup = rhs.dims[spatial + 1] / groups;
  Index lhsStrides = stridesOf(lhs.dims), rhsStrides = stridesOf(rhs.dims);
  Index window(rhs.dims.begin(), rhs.dims.begin() + spatial);
  window.push_back(inPerGroup);
  // One row of accumulators per output position and group: the group's
  // output features, contiguous in the rhs's last dimension.
  AccumulatorRow row(
      Accumulator(resultElementType(op), lhs.element, rhs.element),
      outPerGroup);
  Index positions(result.dims.begin(), result.dims.end() - 1);
  forEachIndex(positions, [&](ArrayRef<int64_t> out, int64_t n) {
    for (int64_t group = 0; group < groups; ++group) {
      row.reset();
      forEachIndex(window, [&](ArrayRef<int64_t> k, int64_t) {
        // k = [kernel spatial..., input feature within the group].
        int64_t lo = out[0] * lhsStrides[0];
        for (int64_t d = 0; d < spatial; ++d) {
          int64_t position =
              out[d + 1] * strides[d] + k[d] * rhsDilation[d] - padding[2 * d];
          if (position < 0 || position % lhsDilation[d] != 0)
            return; // Window padding or a dilation hole: zero.
          int64_t i = position / lhsDilation[d];
          if (i >= lhs.dims[d + 1])
            return;
          lo += i * lhsStrides[d + 1];
        }
        int64_t channel = group * inPerGroup + k[spatial];
        lo += channel * lhsStrides[spatial + 1];
        int64_t ro = group * outPerGroup;
        for (int64_t d = 0; d <= spatial; ++d)
          ro += k[d] * rhsStrides[d];
        row.add(lhs.values[lo], rhs.values.data() + ro);
      });
      row.store(result.values.data() + (n * groups + group) * outPerGroup);
    }
  });
  return result;
}

HostTensor Evaluator::reduce(hlo::ReduceOp op) {
  const HostTensor &operand = get(op.getOperand());
  HostTensor result = resultTensor(op);
  Type type = resultElementType(op);
  ArrayRef<int64_t> reduced = op.getDimensions();
  hlo::ReduceKind kind = op.getKind();
  bool integer = !isFloat(type);
  double init = kind == hlo::ReduceKind::sum       ? 0
                : kind == hlo::ReduceKind::product ? 1
                : kind == hlo::ReduceKind::max     ? lowest(type)
                                                   : highest(type);
  std::fill(result.values.begin(), result.values.end(), init);
  // Integer accumulators (float ones start at +-inf, which no integer holds).
  // i64 and ui64 accumulate every kind here, as words; max and min compare
  // them signed or unsigned.
  bool wide = isWide(type), isSigned = wide && !isUnsigned(type);
  uint64_t start = 0;
  if (!wide && integer)
    start = static_cast<uint64_t>(static_cast<int64_t>(init));
  else if (wide && kind == hlo::ReduceKind::product)
    start = 1;
  else if (wide && kind == hlo::ReduceKind::max)
    start = isSigned ? uint64_t{1} << 63 : 0;
  else if (wide && kind == hlo::ReduceKind::min)
    start = isSigned ? ~uint64_t{0} >> 1 : ~uint64_t{0};
  std::vector<uint64_t> bits(result.elements(), integer ? start : 0);
  auto below = [&](uint64_t a, uint64_t b) {
    return isSigned ? static_cast<int64_t>(a) < static_cast<int64_t>(b) : a < b;
  };
  Index kept;
  for (int64_t d = 0; d < operand.rank(); ++d)
    if (!llvm::is_contained(reduced, d))
      kept.push_back(d);
  Index strides = stridesOf(result.dims);
  forEachIndex(operand.dims, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0;
    for (auto [r, d] : llvm::enumerate(kept))
      offset += index[d] * strides[r];
    double &acc = result.values[offset];
    double x = operand.values[n];
    uint64_t word = integer ? static_cast<uint64_t>(operand.integerAt(n)) : 0;
    uint64_t &accWord = bits[offset];
    if (wide && kind == hlo::ReduceKind::max)
      accWord = below(accWord, word) ? word : accWord;
    else if (wide && kind == hlo::ReduceKind::min)
      accWord = below(word, accWord) ? word : accWord;
    if (wide && (kind == hlo::ReduceKind::max || kind == hlo::ReduceKind::min))
      return;
    switch (kind) {
    case hlo::ReduceKind::sum:
      if (type.isInteger(1))
        acc = acc != 0 || x != 0;
      else if (integer)
        accWord += word;
      else
        acc += x;
      break;
    case hlo::ReduceKind::product:
      if (type.isInteger(1))
        acc = acc != 0 && x != 0;
      else if (integer)
        accWord *= word;
      else
        acc *= x;
      break;
    case hlo::ReduceKind::max:
      acc = maximum(acc, x);
      break;
    case hlo::ReduceKind::min:
      acc = minimum(acc, x);
      break;
    }
  });
  bool modular =
      integer && !type.isInteger(1) &&
      (kind == hlo::ReduceKind::sum || kind == hlo::ReduceKind::product);
  for (int64_t i = 0; i < result.elements(); ++i)
    result.values[i] =
        wide ? tpc::fromWord(static_cast<int64_t>(bits[i]))
        : modular
            ? static_cast<double>(wrap(type, static_cast<int64_t>(bits[i])))
            : roundTo(type, result.values[i]);
  return result;
}

/// Ties give the smallest index; the first NaN wins.
HostTensor Evaluator::argReduce(Operation *op, int64_t dim, bool isMax) {
  const HostTensor &operand = get(op->getOperand(0));
  HostTensor result = resultTensor(op);
  std::vector<double> best(result.elements(), 0);
  std::vector<bool> seen(result.elements(), false);
  bool wide = tpc::isWide(operand.element);
  auto wideLess = [&](double a, double b) {
    int64_t x = tpc::toWord(a), y = tpc::toWord(b);
    return tpc::isUnsigned(operand.element) ? uint64_t(x) < uint64_t(y) : x < y;
  };
  Index strides = stridesOf(result.dims);
  forEachIndex(operand.dims, [&](ArrayRef<int64_t> index, int64_t n) {
    int64_t offset = 0, r = 0;
    for (int64_t d = 0; d < operand.rank(); ++d)
      if (d != dim)
        offset += index[d] * strides[r++];
    double x = operand.values[n];
    bool better;
    if (!seen[offset])
      better = true;
    else if (wide)
      better = isMax ? wideLess(best[offset], x) : wideLess(x, best[offset]);
    else if (std::isnan(best[offset]))
      better = false;
    else if (std::isnan(x))
      better = true;
    else
      better = isMax ? x > best[offset] : x < best[offset];
    if (better) {
      seen[offset] = true;
      best[offset] = x;
      result.values[offset] = static_cast<double>(index[dim]);
    }
  });
  if (tpc::isWide(result.element))
    for (double &v : result.values)
      v = tpc::fromWord(static_cast<int64_t>(v));
  return result;
}

/// Each line along the dimension is merge sorted, stably, by the
/// comparator evaluated on its elements: a merge sort written out here reads
/// only positions of the line, whatever the comparator answers.
FailureOr<SmallVector<HostTensor>> Evaluator::sort(hlo::SortOp op) {
  SmallVector<const HostTensor *> inputs;
  for (Value v : op.getInputs())
    inputs.push_back(&get(v));
  const std::vector<int64_t> &dims = inputs.front()->dims;
  int64_t dim = op.getDimension(), n = dims[dim], inner = 1, outer = 1;
  for (int64_t d = 0; d < dim; ++d)
    outer *= dims[d];
  for (int64_t d = dim + 1; d < static_cast<int64_t>(dims.size()); ++d)
    inner *= dims[d];
  Block &comparator = op.getComparator().front();
  bool failedOnce = false;
  // Whether element `a` of the line at `base` goes before element `b`.
  auto before = [&](int64_t base, int64_t a, int64_t b) {
    SmallVector<HostTensor> args;
    for (const HostTensor *input : inputs)
      for (int64_t i : {a, b})
        args.emplace_back(input->element, std::vector<int64_t>{},
                          std::vector<double>{input->values[base + i * inner]});
    FailureOr<SmallVector<HostTensor>> less =
        Evaluator().runBlock(comparator, args);
    failedOnce |= failed(less);
    return succeeded(less) && less->front().values.front() != 0;
  };
  SmallVector<HostTensor> results;
  for (const HostTensor *input : inputs)
    results.push_back(*input);
  std::vector<int64_t> order(n), merged(n);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t s = 0; s < inner; ++s) {
      int64_t base = o * n * inner + s;
      std::iota(order.begin(), order.end(), 0);
      for (int64_t width = 1; width < n && !failedOnce; width *= 2) {
        for (int64_t lo = 0; lo < n; lo += 2 * width) {
          int64_t mid = std::min(lo + width, n),
                  hi = std::min(lo + 2 * width, n);
          int64_t i = lo, j = mid, k = lo;
          // The right run's element goes first only if strictly before.
          while (i < mid && j < hi)
            merged[k++] =
                before(base, order[j], order[i]) ? order[j++] : order[i++];
          while (i < mid)
            merged[k++] = order[i++];
          while (j < hi)
            merged[k++] = order[j++];
        }
        std::swap(order, merged);
      }
      if (failedOnce)
        return failure();
      for (auto [result, input] : llvm::zip(results, inputs))
        for (int64_t p = 0; p < n; ++p)
          result.values[base + p * inner] =
              input->values[base + order[p] * inner];
    }
  }
  return results;
}

FailureOr<HostTensor> Evaluator::evalOp(Operation *op) {
  if (op->hasTrait<OpTrait::Elementwise>()) {
    HostTensor result = resultTensor(op);
    SmallVector<const HostTensor *> operands;
    for (Value v : op->getOperands())
      operands.push_back(&get(v));
    SmallVector<double, 3> scalars(operands.size());
    for (int64_t n = 0; n < result.elements(); ++n) {
      for (auto [i, operand] : llvm::enumerate(operands))
        scalars[i] = operand->values[n];
      result.values[n] = evaluateElementwise(op, scalars);
    }
    return result;
  }
  return TypeSwitch<Operation *, FailureOr<HostTensor>>(op)
      .Case([&](hlo::ConstantOp op) -> FailureOr<HostTensor> {
        if (!isa<DenseElementsAttr>(op.getValue()))
          return op.emitOpError("the evaluator supports dense constants only");
        return constant(op);
      })
      .Case([&](hlo::IotaOp op) {
        HostTensor result = resultTensor(op);
        int64_t dim = static_cast<int64_t>(op.getIotaDimension());
        forEachIndex(result.dims, [&](ArrayRef<int64_t> index, int64_t n) {
          // Rounded as a store would: i8 wraps past 127, bf16 rounds 129.
          Type type = resultElementType(op);
          result.values[n] =
              isWide(type) ? tpc::fromWord(index[dim])
                           : roundTo(type, static_cast<double>(index[dim]));
        });
        return result;
      })
      .Case([&](hlo::DeviceIdOp op) {
        HostTensor result = resultTensor(op);
        result.values[0] = static_cast<double>(spmd.device);
        return result;
      })
      .Case<hlo::ReshapeOp, hlo::CopyOp, hlo::ShardingConstraintOp>(
          [&](Operation *op) {
            HostTensor result = resultTensor(op);
            result.values = get(op->getOperand(0)).values;
            return result;
          })
      .Case([&](hlo::BroadcastInDimOp op) { return broadcast(op); })
      .Case([&](hlo::TransposeOp op) { return transpose(op); })
      .Case([&](hlo::ReverseOp op) { return reverse(op); })
      .Case([&](hlo::SliceOp op) { return slice(op); })
      .Case([&](hlo::DynamicSliceOp op) { return dynamicSlice(op); })
      .Case(
          [&](hlo::DynamicUpdateSliceOp op) { return dynamicUpdateSlice(op); })
      .Case([&](hlo::PadOp op) { return pad(op); })
      .Case([&](hlo::ConcatenateOp op) { return concatenate(op); })
      .Case([&](hlo::DotGeneralOp op) { return dot(op); })
      .Case([&](hlo::ConvolutionOp op) { return convolution(op); })
      .Case([&](hlo::ReduceOp op) { return reduce(op); })
      .Case([&](hlo::ArgMaxOp op) {
        return argReduce(op, op.getDimension(), /*isMax=*/true);
      })
      .Case([&](hlo::ArgMinOp op) {
        return argReduce(op, op.getDimension(), /*isMax=*/false);
      })
      .Default([&](Operation *op) -> FailureOr<HostTensor> {
        return op->emitOpError("is not supported by the reference evaluator");
      });
}

FailureOr<SmallVector<HostTensor>> Evaluator::run(func::FuncOp func,
                                                  ArrayRef<HostTensor> args) {
  if (func.isExternal())
    return func.emitOpError("has no body to evaluate");
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("the evaluator supports single-block functions");
  Block &entry = func.getBody().front();
  if (args.size() != entry.getNumArguments())
    return func.emitOpError("takes ")
           << entry.getNumArguments() << " arguments, but " << args.size()
           << " were given";
  for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type || toStoredElement(type.getElementType()) != args[i].element ||
        type.getShape() != ArrayRef<int64_t>(args[i].dims)) {
      InFlightDiagnostic diag = func.emitOpError("argument #")
                                << i << " must be " << arg.getType()
                                << ", but a 'tensor<";
      for (int64_t size : args[i].dims)
        diag << size << "x";
      return diag << tpc::elementName(args[i].element) << ">' was given";
    }
  }
  return runBlock(entry, args);
}

FailureOr<HostTensor> Evaluator::collective(Operation *op) {
  HostTensor operand = get(op->getOperand(0));
  if (!spmd.rendezvous) {
    std::vector<HostTensor> outputs;
    if (std::optional<std::string> error =
            computeCollective(op, {operand}, outputs))
      return op->emitOpError(*error);
    return outputs.front();
  }
  return spmd.rendezvous->exchange(op, (*spmd.sequence)++, spmd.device,
                                   std::move(operand));
}

FailureOr<SmallVector<HostTensor>> Evaluator::whileLoop(hlo::WhileOp op) {
  // A loop that never ends would hang the oracle; none of the programs it
  // checks needs this many iterations.
  constexpr int64_t kMaxIterations = 100'000'000;
  SmallVector<HostTensor> carried;
  for (Value v : op.getInputs())
    carried.push_back(get(v));
  for (int64_t i = 0;; ++i) {
    FailureOr<SmallVector<HostTensor>> go =
        runBlock(op.getCond().front(), carried);
    if (failed(go))
      return failure();
    if ((*go)[0].values[0] == 0)
      return carried;
    if (i == kMaxIterations)
      return op.emitOpError("did not finish in ")
             << kMaxIterations << " iterations in the reference evaluator";
    FailureOr<SmallVector<HostTensor>> next =
        runBlock(op.getBody().front(), carried);
    if (failed(next))
      return failure();
    carried = std::move(*next);
  }
}

FailureOr<SmallVector<HostTensor>>
Evaluator::manual(hlo::ManualComputationOp op) {
  if (spmd.rendezvous)
    return op.emitOpError("runs inside a program that already runs per "
                          "device");
  int64_t devices = op.getDevices();
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op.getBody(), captured);
  FailureOr<SmallVector<SmallVector<HostTensor>>> tiles = runOnDevices(
      op.getContext(), devices, [&](Spmd device) {
        Evaluator body(device);
        for (Value v : captured)
          body.values[v] = get(v);
        SmallVector<HostTensor> args;
        for (auto [v, s] : llvm::zip(
                 op.getInputs(), op.getInShardings().getAsRange<hlo::ShardingAttr>()))
          args.push_back(tileOf(get(v), s, device.device));
        return body.runBlock(op.getBlock(), args);
      });
  if (failed(tiles))
    return failure();
  SmallVector<HostTensor> results;
  for (auto [i, s] : llvm::enumerate(
           op.getOutShardings().getAsRange<hlo::ShardingAttr>())) {
    HostTensor whole = zeros(cast<RankedTensorType>(op.getResult(i).getType()));
    for (int64_t d = 0; d < devices; ++d)
      placeTile(whole, (*tiles)[d][i], s, d);
    results.push_back(std::move(whole));
  }
  return results;
}

FailureOr<SmallVector<HostTensor>> Evaluator::branch(Operation *op,
                                                     int64_t index) {
  return runBlock(op->getRegion(index).front(), {});
}

FailureOr<SmallVector<HostTensor>>
Evaluator::runBlock(Block &block, ArrayRef<HostTensor> args) {
  for (auto [arg, tensor] : llvm::zip(block.getArguments(), args))
    values[arg] = tensor;
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<HostTensor> results;
      for (Value v : op.getOperands())
        results.push_back(get(v));
      return results;
    }
    auto inputs = [&] {
      SmallVector<HostTensor> tensors;
      for (Value v : op.getOperands())
        tensors.push_back(get(v));
      return tensors;
    };
    FailureOr<SmallVector<HostTensor>> results;
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee)
        return call.emitOpError("calls an unknown function");
      results = Evaluator(spmd).run(callee, inputs());
    } else if (auto sortOp = dyn_cast<hlo::SortOp>(op)) {
      results = sort(sortOp);
    } else if (auto loop = dyn_cast<hlo::WhileOp>(op)) {
      results = whileLoop(loop);
    } else if (isa<hlo::IfOp>(op)) {
      // Region 0 is the true branch.
      results = branch(&op, get(op.getOperand(0)).values[0] != 0 ? 0 : 1);
    } else if (isa<hlo::CaseOp>(op)) {
      auto index = static_cast<int64_t>(get(op.getOperand(0)).values[0]);
      int64_t last = op.getNumRegions() - 1;
      results = branch(&op, index < 0 || index > last ? last : index);
    } else if (auto m = dyn_cast<hlo::ManualComputationOp>(op)) {
      results = manual(m);
    } else if (auto fusion = dyn_cast<hlo::FusionOp>(op)) {
      // A fused computation computes what its ops would unfused.
      results = Evaluator(spmd).runBlock(fusion.getBlock(), inputs());
    } else if (isCollective(&op)) {
      FailureOr<HostTensor> result = collective(&op);
      if (failed(result))
        return failure();
      results = SmallVector<HostTensor>{std::move(*result)};
    } else {
      if (op.getNumResults() != 1 ||
          !isa<RankedTensorType>(op.getResult(0).getType()) ||
          !toStoredElement(resultElementType(&op)))
        return op.emitOpError("is not supported by the reference evaluator");
      FailureOr<HostTensor> result = evalOp(&op);
      if (failed(result))
        return failure();
      results = SmallVector<HostTensor>{std::move(*result)};
    }
    if (failed(results))
      return failure();
    for (auto [v, tensor] : llvm::zip(op.getResults(), *results))
      values[v] = std::move(tensor);
  }
  return emitError(block.getParent()->getLoc(), "block has no terminator");
}

} // namespace

HostTensor mlir::tpu::toHostTensor(DenseElementsAttr dense) {
  auto tensorType = cast<RankedTensorType>(dense.getType());
  HostTensor result = zeros(tensorType);
  Type type = tensorType.getElementType();
  if (isFloat(type)) {
    auto values = dense.getValues<APFloat>();
    for (int64_t i = 0; i < result.elements(); ++i)
      result.values[i] = floatValue(values[dense.isSplat() ? 0 : i]);
  } else {
    auto values = dense.getValues<APInt>();
    for (int64_t i = 0; i < result.elements(); ++i) {
      const APInt &v = values[dense.isSplat() ? 0 : i];
      if (isWide(type)) {
        result.values[i] =
            tpc::fromWord(static_cast<int64_t>(v.getZExtValue()));
        continue;
      }
      result.values[i] = type.isInteger(1) || isUnsigned(type)
                             ? static_cast<double>(v.getZExtValue())
                             : static_cast<double>(v.getSExtValue());
    }
  }
  return result;
}

FailureOr<SmallVector<HostTensor>>
mlir::tpu::evaluate(func::FuncOp func, ArrayRef<HostTensor> args) {
  return Evaluator().run(func, args);
}

FailureOr<SmallVector<SmallVector<HostTensor>>>
mlir::tpu::evaluateSpmd(func::FuncOp func,
                        ArrayRef<SmallVector<HostTensor>> args) {
  auto devices = static_cast<int64_t>(args.size());
  SmallVector<SmallVector<HostTensor>> results(devices);
  if (devices == 1) {
    FailureOr<SmallVector<HostTensor>> one = evaluate(func, args[0]);
    if (failed(one))
      return failure();
    results[0] = std::move(*one);
    return results;
  }
  return runOnDevices(func.getContext(), devices, [&](Spmd spmd) {
    return Evaluator(spmd).run(func, args[spmd.device]);
  });
}
