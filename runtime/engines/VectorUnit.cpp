//===- VectorUnit.cpp - The vector unit
//-------------------------------------===//
//
// Vector-unit work over (8,128) registers: elementwise ops, reductions,
// index reductions, relayouts and fills, with their costs.
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelRun.h"

#include "runtime/Numerics.h"
#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>

namespace tpurt::detail {

/// Padded (8,128)-register elements of a block: what the vector unit
/// processes.
int64_t KernelRun::registerElements(const Buffer &b) {
  // F32 stands for every type: a register holds 1024 elements of any.
  absl::StatusOr<int64_t> elements =
      tpc::paddedElements(tpc::onChipShape(tpc::ElementType::F32, b.dims));
  return elements.ok() ? *elements : b.elements();
}

/// Queues vector-unit work that reads `reads` and writes `writes`,
/// costing `elements` register elements (by default the first output's).
absl::Status KernelRun::vectorTask(const Instruction &inst,
                                   std::vector<View *> reads,
                                   std::vector<View *> writes, VectorCost cost,
                                   const char *what, int64_t elements,
                                   int64_t passes) {
  std::vector<Access> readAccesses(reads.begin(), reads.end()),
      writeAccesses(writes.begin(), writes.end());
  absl::StatusOr<std::vector<int64_t>> deps =
      hazards(inst, readAccesses, writeAccesses, false);
  if (!deps.ok())
    return deps.status();
  if (elements < 0)
    elements = registerElements(*writes.front()->buffer);
  absl::StatusOr<int64_t> id = timeline.add(
      kernel.name + "/" + what, Engine{Engine::Vector, 0},
      tpc::saturatingMul(vectorCycles(elements, cost), passes), *deps, issue);
  if (!id.ok())
    return id.status();
  record(readAccesses, writeAccesses, {*id});
  return absl::OkStatus();
}

absl::Status KernelRun::vector(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  auto kind = static_cast<VectorKind>(f[0]);
  absl::StatusOr<View *> out = view(inst, f[1]);
  if (!out.ok())
    return out.status();
  const Buffer &o = *(*out)->buffer;
  int64_t rank = o.dims.size();
  struct Input {
    View *view;
    std::vector<int64_t> strides; // per output dimension
  };
  std::vector<Input> ins;
  size_t at = 3;
  for (int64_t i = 0; i < f[2]; ++i) {
    absl::StatusOr<View *> in = view(inst, f[at]);
    if (!in.ok())
      return in.status();
    const Buffer &b = *(*in)->buffer;
    int64_t mapRank = f[at + 1];
    if (mapRank != static_cast<int64_t>(b.dims.size()))
      return fail(inst, "map rank differs from the input's");
    std::vector<int64_t> own = rowMajorStrides(b.dims);
    Input input{*in, std::vector<int64_t>(rank, 0)};
    for (int64_t d = 0; d < mapRank; ++d) {
      int64_t target = f[at + 2 + d];
      if (target < -1 || target >= rank ||
          (target >= 0 && b.dims[d] != o.dims[target]))
        return fail(inst, "map does not fit the output");
      if (target >= 0)
        input.strides[target] += own[d];
    }
    ins.push_back(std::move(input));
    at += 2 + mapRank;
  }
  if (ins.size() != vectorArity(kind))
    return fail(inst, "wrong number of inputs");
  Element from = ins.back().view->buffer->element;
  Element to = o.element;
  int64_t outBytes = elementBytes(to);
  std::vector<int64_t> index(rank, 0);
  std::vector<int64_t> offsets(ins.size(), 0);
  double values[3] = {0, 0, 0};
  for (int64_t n = 0, count = o.elements(); compute && n < count; ++n) {
    for (size_t i = 0; i < ins.size(); ++i) {
      const Buffer &b = *ins[i].view->buffer;
      values[i] = load(b.element, ins[i].view->data +
                                      offsets[i] * elementBytes(b.element));
    }
    store(to, (*out)->data + n * outBytes,
          vectorElement(kind, from, to, values));
    for (int64_t d = rank - 1; d >= 0; --d) {
      for (size_t i = 0; i < ins.size(); ++i)
        offsets[i] += ins[i].strides[d];
      if (++index[d] < o.dims[d])
        break;
      for (size_t i = 0; i < ins.size(); ++i)
        offsets[i] -= ins[i].strides[d] * o.dims[d];
      index[d] = 0;
    }
  }
  VectorCost cost = VectorCost::Simple;
  bool transcendental =
      (kind >= VectorKind::Exp && kind <= VectorKind::Rsqrt) ||
      (kind >= VectorKind::Sin && kind <= VectorKind::Log1p) ||
      kind == VectorKind::Pow || kind == VectorKind::Atan2 ||
      (kind >= VectorKind::Sinh && kind <= VectorKind::Lgamma);
  if (kind == VectorKind::Div || kind == VectorKind::Rem)
    cost = VectorCost::Divide;
  else if (transcendental)
    cost = VectorCost::Transcendental;
  std::vector<View *> reads;
  for (Input &input : ins)
    reads.push_back(input.view);
  if (isWide(from) || isWide(to))
    return vectorTask(inst, reads, {*out}, VectorCost::Simple, "vector", -1,
                      wideVectorOps(kind, from, to));
  return vectorTask(inst, reads, {*out}, cost, "vector");
}

absl::Status KernelRun::reduce(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  auto kind = static_cast<ReduceKind>(f[0]);
  absl::StatusOr<View *> in = view(inst, f[1]), out = view(inst, f[2]);
  if (!in.ok() || !out.ok())
    return fail(inst, "operands are not buffers");
  const Buffer &i = *(*in)->buffer, &o = *(*out)->buffer;
  int64_t rank = i.dims.size();
  int64_t ndims = f[4];
  // A bf16 or f16 sum or product may accumulate in an f32 output.
  bool widening = (i.element == Element::BF16 || i.element == Element::F16) &&
                  o.element == Element::F32 &&
                  (kind == ReduceKind::Sum || kind == ReduceKind::Prod);
  if (static_cast<int64_t>(f.size()) != 5 + ndims + rank ||
      (i.element != o.element && !widening))
    return fail(inst, "malformed reduction");
  std::vector<bool> reduced(rank, false);
  for (int64_t d = 0; d < ndims; ++d) {
    int64_t dim = f[5 + d];
    if (dim < 0 || dim >= rank || reduced[dim])
      return fail(inst, "bad reduced dimension");
    reduced[dim] = true;
  }
  std::vector<int64_t> kept, valid(rank);
  for (int64_t d = 0; d < rank; ++d) {
    valid[d] = std::min(f[5 + ndims + d], i.dims[d]);
    if (!reduced[d])
      kept.push_back(i.dims[d]);
  }
  if (kept != o.dims)
    return fail(inst, "output does not have the kept dimensions");
  if (compute) {
    std::vector<double> acc(o.elements());
    int64_t bytes = elementBytes(o.element), inBytes = elementBytes(i.element);
    for (int64_t n = 0; n < o.elements(); ++n)
      acc[n] = f[3] ? load(o.element, (*out)->data + n * bytes)
                    : reduceIdentity(kind, o.element);
    std::vector<int64_t> outStrides = rowMajorStrides(o.dims);
    int64_t n = 0;
    forEachIndex(i.dims, [&](const std::vector<int64_t> &idx) {
      bool isValid = true;
      int64_t flat = 0, k = 0;
      for (int64_t d = 0; d < rank; ++d) {
        isValid &= idx[d] < valid[d];
        if (!reduced[d])
          flat += idx[d] * outStrides[k++];
      }
      if (isValid)
        acc[flat] = reduceStep(kind, o.element, acc[flat],
                               load(i.element, (*in)->data + n * inBytes));
      ++n;
    });
    for (int64_t m = 0; m < o.elements(); ++m)
      store(o.element, (*out)->data + m * bytes, acc[m]);
  }
  std::vector<View *> reads = {*in};
  if (f[3])
    reads.push_back(*out);
  // The vector unit reads the whole input block.
  return vectorTask(inst, reads, {*out}, VectorCost::Simple, "reduce",
                    registerElements(i),
                    isWide(i.element) ? wideReduceOps(kind) : 1);
}

absl::Status KernelRun::argReduce(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  bool isMax = static_cast<ArgReduceKind>(f[0]) == ArgReduceKind::ArgMax;
  absl::StatusOr<View *> in = view(inst, f[1]), best = view(inst, f[2]),
                         index = view(inst, f[3]);
  if (!in.ok() || !best.ok() || !index.ok())
    return fail(inst, "operands are not buffers");
  const Buffer &i = *(*in)->buffer, &v = *(*best)->buffer,
               &x = *(*index)->buffer;
  int64_t rank = i.dims.size(), dim = f[6];
  if (dim >= rank || i.element != v.element || x.element != Element::I32)
    return fail(inst, "malformed index reduction");
  std::vector<int64_t> kept = i.dims;
  kept.erase(kept.begin() + dim);
  if (kept != v.dims || kept != x.dims)
    return fail(inst, "outputs do not have the kept dimensions");
  int64_t valid = std::min(f[7], i.dims[dim]), offset = regs[f[4]];
  bool accumulate = f[5] != 0;
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d)
    outer *= i.dims[d];
  for (int64_t d = dim + 1; d < rank; ++d)
    inner *= i.dims[d];
  int64_t size = elementBytes(i.element), along = i.dims[dim];
  // Strictly better, so that ties keep the smaller (earlier) index; NaN
  // beats every number.
  bool wide = isWide(i.element), isSigned = !isUnsigned(i.element);
  auto better = [&](double a, double b) {
    if (wide) { // words
      int64_t x = toWord(a), y = toWord(b);
      if (!isSigned)
        return isMax ? uint64_t(x) > uint64_t(y) : uint64_t(x) < uint64_t(y);
      return isMax ? x > y : x < y;
    }
    if (std::isnan(b))
      return false;
    if (std::isnan(a))
      return true;
    return isMax ? a > b : a < b;
  };
  for (int64_t o = 0; compute && o < outer; ++o)
    for (int64_t n = 0; n < inner; ++n) {
      int64_t at = o * inner + n;
      uint8_t *bestAt = (*best)->data + at * size;
      uint8_t *indexAt = (*index)->data + at * 4;
      bool have = accumulate;
      double bestValue = have ? load(i.element, bestAt) : 0;
      double bestIndex = have ? load(Element::I32, indexAt) : 0;
      for (int64_t k = 0; k < valid; ++k) {
        double value =
            load(i.element, (*in)->data + ((o * along + k) * inner + n) * size);
        if (!have || better(value, bestValue)) {
          have = true;
          bestValue = value;
          bestIndex = static_cast<double>(offset + k);
        }
      }
      store(i.element, bestAt, bestValue);
      store(Element::I32, indexAt, bestIndex);
    }
  std::vector<View *> reads = {*in};
  if (accumulate) {
    reads.push_back(*best);
    reads.push_back(*index);
  }
  // A compare and two selects per input register (64-bit: a 4-operation
  // compare and a select of each word).
  return vectorTask(inst, reads, {*best, *index}, VectorCost::Simple,
                    "arg_reduce", registerElements(i),
                    isWide(i.element) ? 7 : 3);
}

absl::Status KernelRun::relayout(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  absl::StatusOr<View *> src = view(inst, f[0]), dst = view(inst, f[1]);
  if (!src.ok() || !dst.ok())
    return fail(inst, "operands are not buffers");
  const Buffer &s = *(*src)->buffer, &d = *(*dst)->buffer;
  // Per buffer: its logical shape and each logical dimension's physical
  // stride.
  struct Side {
    std::vector<int64_t> shape, strides;
  };
  auto side = [&](const Buffer &b, size_t at) -> std::optional<Side> {
    int64_t rank = f[at];
    if (rank != static_cast<int64_t>(b.dims.size()))
      return std::nullopt;
    std::vector<int64_t> physical = rowMajorStrides(b.dims);
    Side out{std::vector<int64_t>(rank, -1), std::vector<int64_t>(rank, 0)};
    for (int64_t p = 0; p < rank; ++p) {
      int64_t l = f[at + 1 + p];
      if (l < 0 || l >= rank || out.shape[l] >= 0)
        return std::nullopt;
      out.shape[l] = b.dims[p];
      out.strides[l] = physical[p];
    }
    return out;
  };
  std::optional<Side> from = side(s, 2), to = side(d, 3 + f[2]);
  if (!from || !to || s.element != d.element || s.elements() != d.elements())
    return fail(inst, "needs two buffers of one element type and count, "
                      "each with a permutation of its dimensions");
  int64_t size = elementBytes(s.element);
  std::vector<int64_t> fromIndex(from->shape.size(), 0),
      toIndex(to->shape.size(), 0);
  int64_t fromAt = 0, toAt = 0;
  // Advances a logical row-major index, keeping its physical offset.
  auto next = [](const Side &side, std::vector<int64_t> &index, int64_t &at) {
    for (int64_t l = static_cast<int64_t>(index.size()) - 1; l >= 0; --l) {
      at += side.strides[l];
      if (++index[l] < side.shape[l])
        return;
      at -= side.strides[l] * side.shape[l];
      index[l] = 0;
    }
  };
  for (int64_t n = 0; compute && n < s.elements(); ++n) {
    std::memcpy((*dst)->data + toAt * size, (*src)->data + fromAt * size, size);
    next(*from, fromIndex, fromAt);
    next(*to, toIndex, toAt);
  }
  // The vector unit reads every register of one block and writes every
  // register of the other, through the transpose unit.
  return vectorTask(inst, {*src}, {*dst}, VectorCost::Simple, "relayout",
                    registerElements(s) + registerElements(d),
                    isWide(s.element) ? 2 : 1);
}

absl::Status KernelRun::fillOrIota(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  absl::StatusOr<View *> out = view(inst, f[0]);
  if (!out.ok())
    return out.status();
  const Buffer &o = *(*out)->buffer;
  int64_t bytes = elementBytes(o.element);
  if (inst.opcode == Opcode::Fill) {
    double value = isWide(o.element) ? fromWord(f[1]) : f[1];
    if (isFloat(o.element)) {
      uint32_t bits = static_cast<uint32_t>(f[1]);
      float v;
      std::memcpy(&v, &bits, 4);
      value = v;
    }
    for (int64_t n = 0; compute && n < o.elements(); ++n)
      store(o.element, (*out)->data + n * bytes, value);
    return vectorTask(inst, {}, {*out}, VectorCost::Simple, "fill", -1,
                      isWide(o.element) ? 2 : 1);
  }
  int64_t dim = f[1], offset = regs[f[2]], step = f[3];
  if (dim >= static_cast<int64_t>(o.dims.size()))
    return fail(inst, "dimension out of range");
  int64_t n = 0;
  if (compute)
    forEachIndex(o.dims, [&](const std::vector<int64_t> &idx) {
      int64_t at = idx[dim] * step + offset;
      store(o.element, (*out)->data + n++ * bytes,
            isWide(o.element) ? fromWord(at) : static_cast<double>(at));
    });
  return vectorTask(inst, {}, {*out}, VectorCost::Simple, "iota", -1,
                    isWide(o.element) ? 2 : 1);
}

} // namespace tpurt::detail
