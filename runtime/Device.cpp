//===- Device.cpp - The simulated TensorCore ------------------------------===//

#include "runtime/Device.h"

#include "runtime/machine/Shape.h"
#include "runtime/HbmAllocator.h"
#include "runtime/Numerics.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <optional>

namespace tpurt {

int64_t HostTensor::elements() const {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

std::vector<int64_t> physicalOrder(const std::vector<int64_t> &minorToMajor) {
  return std::vector<int64_t>(minorToMajor.rbegin(), minorToMajor.rend());
}

namespace {

/// Scalar memory per core; XLA does not publish it, and the lowering only
/// uses it for scalars.
constexpr int64_t kSmemBytes = 1 << 20;

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int64_t d = static_cast<int64_t>(dims.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * dims[d + 1];
  return strides;
}

/// Calls body(index) for every index of `dims`, row-major.
template <typename Body>
void forEachIndex(const std::vector<int64_t> &dims, Body body) {
  int64_t count = 1;
  for (int64_t d : dims)
    count *= d;
  std::vector<int64_t> index(dims.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    body(index);
    for (int64_t d = static_cast<int64_t>(dims.size()) - 1; d >= 0; --d) {
      if (++index[d] < dims[d])
        break;
      index[d] = 0;
    }
  }
}

/// A buffer's bytes while a kernel runs.
struct View {
  const Buffer *buffer = nullptr;
  uint8_t *data = nullptr;
  int64_t id = 0;
};

/// C[M,N] += A[M,K] * B[K,N] in f32, row-major: the inner loop runs along
/// contiguous rows of B and C so that the compiler vectorizes it.
void gemm(int64_t m, int64_t k, int64_t n, const float *a, const float *b,
          float *c) {
  constexpr int64_t kBlock = 256;
  for (int64_t k0 = 0; k0 < k; k0 += kBlock) {
    int64_t k1 = std::min(k, k0 + kBlock);
    for (int64_t i = 0; i < m; ++i) {
      float *ci = c + i * n;
      for (int64_t kk = k0; kk < k1; ++kk) {
        float av = a[i * k + kk];
        const float *bk = b + kk * n;
        for (int64_t j = 0; j < n; ++j)
          ci[j] += av * bk[j];
      }
    }
  }
}

/// Copies a DMA window row by row between HBM and VMEM. Per dimension only
/// window positions [lo, hi) lie inside the HBM buffer; a read zero-fills
/// the rest of the VMEM window.
void copyWindow(bool toHbm, int64_t rank, const std::vector<int64_t> &sizes,
                const std::vector<int64_t> &steps,
                const std::vector<int64_t> &lo, const std::vector<int64_t> &hi,
                const std::vector<int64_t> &hbmAt,
                const std::vector<int64_t> &vmemAt,
                const std::vector<int64_t> &hbmStrides,
                const std::vector<int64_t> &vmemStrides, uint8_t *hbmData,
                uint8_t *vmemData, int64_t bytesPerElement) {
  std::vector<int64_t> rows(sizes.begin(), sizes.end());
  if (rank)
    rows[rank - 1] = 1;
  int64_t lastSize = rank ? sizes[rank - 1] : 1;
  int64_t lastStep = rank ? steps[rank - 1] : 1;
  forEachIndex(rows, [&](const std::vector<int64_t> &w) {
    bool rowInside = true;
    int64_t ho = 0, vo = 0;
    for (int64_t i = 0; i < rank; ++i) {
      if (i + 1 < rank)
        rowInside &= w[i] >= lo[i] && w[i] < hi[i];
      ho += (hbmAt[i] + w[i] * steps[i]) * hbmStrides[i];
      vo += (vmemAt[i] + w[i]) * vmemStrides[i];
    }
    int64_t first = rank ? lo[rank - 1] : 0, end = rank ? hi[rank - 1] : 1;
    if (!rowInside)
      first = end = 0;
    uint8_t *v = vmemData + vo * bytesPerElement;
    // Only elements inside the HBM buffer are addressed.
    auto at = [&](int64_t j) {
      return hbmData + (ho + j * lastStep) * bytesPerElement;
    };
    if (!toHbm) {
      std::memset(v, 0, first * bytesPerElement);
      std::memset(v + end * bytesPerElement, 0,
                  (lastSize - std::max(first, end)) * bytesPerElement);
    }
    if (end > first && lastStep == 1) {
      uint8_t *hp = at(first);
      uint8_t *vp = v + first * bytesPerElement;
      std::memcpy(toHbm ? hp : vp, toHbm ? vp : hp,
                  (end - first) * bytesPerElement);
    } else {
      for (int64_t j = first; j < end; ++j) {
        uint8_t *hp = at(j);
        uint8_t *vp = v + j * bytesPerElement;
        std::memcpy(toHbm ? hp : vp, toHbm ? vp : hp, bytesPerElement);
      }
    }
  });
}

class KernelRun {
public:
  KernelRun(const Kernel &kernel, const tpc::Target &target,
            const RunOptions &options, Timeline &timeline,
            std::vector<View> &views, KernelStats &stats)
      : kernel(kernel), target(target), options(options), timeline(timeline),
        views(views), stats(stats), regs(kernel.registers, 0),
        sems(kernel.semaphores), compute(!options.timingOnly) {}

  absl::Status run() {
    issue = timeline.makespan();
    stats.start = issue;
    absl::Status status = execute(kernel.code);
    stats.end = std::max(issue, timeline.makespan());
    return status;
  }

private:
  absl::Status fail(const Instruction &inst, const std::string &why) {
    return absl::FailedPreconditionError(
        absl::StrCat("kernel '", kernel.name,
                     "': ", std::string(opcodeName(inst.opcode)), ": ", why));
  }

  absl::StatusOr<View *> view(const Instruction &inst, int64_t reg) {
    int64_t id = regs[reg];
    if (id < 0 || id >= static_cast<int64_t>(views.size()) || !views[id].buffer)
      return fail(inst, absl::StrCat("register ", reg, " holds ", id,
                                     ", not a buffer"));
    return &views[id];
  }

  absl::Status execute(const std::vector<Instruction> &code) {
    for (const Instruction &inst : code)
      if (absl::Status s = step(inst); !s.ok())
        return s;
    return absl::OkStatus();
  }

  /// Dependences of an operation that reads `reads` and writes `writes`,
  /// and the race check: no compute may touch a buffer a DMA is filling
  /// or draining until the DMA has been waited for.
  absl::StatusOr<std::vector<int64_t>> hazards(const Instruction &inst,
                                               std::vector<View *> reads,
                                               std::vector<View *> writes,
                                               bool isDma) {
    std::vector<int64_t> deps;
    for (View *v : reads) {
      if (!isDma && inFlight[v->id])
        return fail(inst, absl::StrCat("reads buffer ", v->id,
                                       " while a DMA on it is in flight "
                                       "(missing dma_wait)"));
      const auto &w = lastWriters[v->id];
      deps.insert(deps.end(), w.begin(), w.end());
    }
    for (View *v : writes) {
      if (inFlight[v->id])
        return fail(inst, absl::StrCat("writes buffer ", v->id,
                                       " while a DMA on it is in flight "
                                       "(missing dma_wait)"));
      const auto &w = lastWriters[v->id];
      deps.insert(deps.end(), w.begin(), w.end());
      const auto &r = readers[v->id];
      deps.insert(deps.end(), r.begin(), r.end());
    }
    std::sort(deps.begin(), deps.end());
    deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
    return deps;
  }

  void record(const std::vector<View *> &reads,
              const std::vector<View *> &writes,
              const std::vector<int64_t> &ids) {
    for (View *v : reads)
      readers[v->id].insert(readers[v->id].end(), ids.begin(), ids.end());
    for (View *v : writes) {
      lastWriters[v->id] = ids;
      readers[v->id].clear();
    }
  }

  absl::Status step(const Instruction &inst) {
    const std::vector<int64_t> &f = inst.fields;
    switch (inst.opcode) {
    case Opcode::Const:
      regs[f[0]] = f[1];
      return absl::OkStatus();
    case Opcode::Add:
      regs[f[0]] = regs[f[1]] + regs[f[2]];
      return absl::OkStatus();
    case Opcode::Sub:
      regs[f[0]] = regs[f[1]] - regs[f[2]];
      return absl::OkStatus();
    case Opcode::Mul:
      regs[f[0]] = regs[f[1]] * regs[f[2]];
      return absl::OkStatus();
    case Opcode::DivU:
    case Opcode::RemU: {
      uint64_t a = regs[f[1]], b = regs[f[2]];
      if (!b)
        return fail(inst, "division by zero");
      regs[f[0]] =
          static_cast<int64_t>(inst.opcode == Opcode::DivU ? a / b : a % b);
      return absl::OkStatus();
    }
    case Opcode::Cmp: {
      uint64_t a = regs[f[2]], b = regs[f[3]];
      bool r = false;
      switch (f[1]) {
      case 0:
        r = a == b;
        break;
      case 1:
        r = a != b;
        break;
      case 2:
        r = a < b;
        break;
      case 3:
        r = a <= b;
        break;
      case 4:
        r = a > b;
        break;
      case 5:
        r = a >= b;
        break;
      }
      regs[f[0]] = r;
      return absl::OkStatus();
    }
    case Opcode::Select:
      regs[f[0]] = regs[f[1]] ? regs[f[2]] : regs[f[3]];
      return absl::OkStatus();
    case Opcode::Buffer:
    case Opcode::Semaphore:
      regs[f[0]] = f[1];
      return absl::OkStatus();
    case Opcode::For: {
      int64_t lower = regs[f[1]], upper = regs[f[2]], stepBy = regs[f[3]];
      if (stepBy <= 0)
        return fail(inst, "non-positive step");
      for (int64_t i = lower; i < upper; i += stepBy) {
        regs[f[0]] = i;
        if (absl::Status s = execute(inst.body); !s.ok())
          return s;
      }
      return absl::OkStatus();
    }
    case Opcode::If:
      return execute(regs[f[0]] ? inst.body : inst.orElse);
    case Opcode::DmaStart:
      return dma(inst);
    case Opcode::DmaWait: {
      int64_t sem = regs[f[0]];
      if (sem < 0 || sem >= kernel.semaphores)
        return fail(inst, "not a semaphore");
      for (auto &[task, buffer] : sems[sem]) {
        issue = std::max(issue, timeline.tasks()[task].end);
        --inFlight[buffer];
      }
      sems[sem].clear();
      return absl::OkStatus();
    }
    case Opcode::Matmul:
      return matmul(inst);
    case Opcode::Vector:
      return vector(inst);
    case Opcode::Reduce:
      return reduce(inst);
    case Opcode::Fill:
    case Opcode::Iota:
      return fillOrIota(inst);
    case Opcode::ArgReduce:
      return argReduce(inst);
    case Opcode::Relayout:
      return relayout(inst);
    }
    return fail(inst, "unknown opcode");
  }

  absl::Status dma(const Instruction &inst) {
    const std::vector<int64_t> &f = inst.fields;
    absl::StatusOr<View *> src = view(inst, f[0]), dst = view(inst, f[1]);
    if (!src.ok())
      return src.status();
    if (!dst.ok())
      return dst.status();
    int64_t sem = regs[f[2]];
    if (sem < 0 || sem >= kernel.semaphores)
      return fail(inst, "not a semaphore");
    bool masked = f[3] != 0;
    int64_t rank = f[4];
    const Buffer &s = *(*src)->buffer, &d = *(*dst)->buffer;
    bool toHbm = d.space == Space::Hbm;
    if ((s.space == Space::Hbm) == toHbm || s.element != d.element ||
        static_cast<int64_t>(s.dims.size()) != rank ||
        static_cast<int64_t>(d.dims.size()) != rank)
      return fail(inst, "needs an HBM and a VMEM buffer of one element type "
                        "and the window's rank");
    std::vector<int64_t> srcAt(rank), dstAt(rank), sizes(rank), steps(rank);
    for (int64_t i = 0; i < rank; ++i) {
      srcAt[i] = regs[f[5 + i]];
      dstAt[i] = regs[f[5 + rank + i]];
      sizes[i] = f[5 + 2 * rank + i];
      steps[i] = f[5 + 3 * rank + i];
    }
    // Per dimension, the window positions [lo, hi) inside the HBM buffer;
    // masking clips there, on either side.
    const Buffer &hbm = toHbm ? d : s;
    const Buffer &onChip = toHbm ? s : d;
    const std::vector<int64_t> &hbmAt = toHbm ? dstAt : srcAt;
    const std::vector<int64_t> &vmemAt = toHbm ? srcAt : dstAt;
    std::vector<int64_t> lo(rank), hi(rank);
    for (int64_t i = 0; i < rank; ++i) {
      if (vmemAt[i] < 0 || vmemAt[i] + sizes[i] > onChip.dims[i])
        return fail(inst, absl::StrCat("window at dimension ", i,
                                       " is outside the VMEM buffer"));
      // The j in [0, size) with 0 <= hbmAt + j * step < dims: an interval,
      // as the position moves one way.
      auto firstWith = [&](auto pred) {
        int64_t low = 0, high = sizes[i];
        while (low < high) {
          int64_t mid = low + (high - low) / 2;
          if (pred(hbmAt[i] + mid * steps[i]))
            high = mid;
          else
            low = mid + 1;
        }
        return low;
      };
      if (steps[i] > 0) {
        lo[i] = firstWith([](int64_t at) { return at >= 0; });
        hi[i] = firstWith([&](int64_t at) { return at >= hbm.dims[i]; });
      } else {
        lo[i] = firstWith([&](int64_t at) { return at < hbm.dims[i]; });
        hi[i] = firstWith([](int64_t at) { return at < 0; });
      }
      hi[i] = std::max(lo[i], hi[i]);
      if (!masked && (lo[i] != 0 || hi[i] != sizes[i]))
        return fail(inst,
                    absl::StrCat("window at dimension ", i, " (", hbmAt[i],
                                 " + ", sizes[i], " x ", steps[i],
                                 ") is outside the HBM buffer of size ",
                                 hbm.dims[i], " and the DMA is not masked"));
    }
    int64_t bytesPerElement = elementBytes(s.element);
    std::vector<int64_t> hbmStrides = rowMajorStrides(hbm.dims);
    std::vector<int64_t> vmemStrides = rowMajorStrides(onChip.dims);
    uint8_t *hbmData = (toHbm ? *dst : *src)->data;
    uint8_t *vmemData = (toHbm ? *src : *dst)->data;
    // Bytes inside the HBM buffer: a box, as each dimension clips to an
    // interval.
    int64_t moved = bytesPerElement;
    for (int64_t i = 0; i < rank; ++i)
      moved *= hi[i] - lo[i];
    if (compute)
      copyWindow(toHbm, rank, sizes, steps, lo, hi, hbmAt, vmemAt, hbmStrides,
                 vmemStrides, hbmData, vmemData, bytesPerElement);
    View *onChipView = toHbm ? *src : *dst;
    absl::StatusOr<std::vector<int64_t>> deps =
        hazards(inst, {*src}, {*dst}, /*isDma=*/true);
    if (!deps.ok())
      return deps.status();
    absl::StatusOr<int64_t> id = timeline.add(
        kernel.name + (toHbm ? "/dma_out" : "/dma_in"), Engine{Engine::Dma, 0},
        dmaTransferCycles(target, moved), *deps, issue, kDmaLatencyCycles);
    if (!id.ok())
      return id.status();
    record({*src}, {*dst}, {*id});
    sems[sem].emplace_back(*id, onChipView->id);
    ++inFlight[onChipView->id];
    stats.hbmBytes += moved;
    return absl::OkStatus();
  }

  /// The [rows, cols] matrix of a buffer's two minor dimensions, and the
  /// number of matrices before them.
  static bool matrix(const Buffer &b, int64_t &rows, int64_t &cols,
                     int64_t &batch) {
    size_t rank = b.dims.size();
    if (rank < 2)
      return false;
    batch = 1;
    for (size_t i = 0; i + 2 < rank; ++i)
      batch *= b.dims[i];
    rows = b.dims[rank - 2];
    cols = b.dims[rank - 1];
    return true;
  }

  absl::Status matmul(const Instruction &inst) {
    const std::vector<int64_t> &f = inst.fields;
    absl::StatusOr<View *> lhs = view(inst, f[0]), rhs = view(inst, f[1]),
                           acc = view(inst, f[2]);
    if (!lhs.ok() || !rhs.ok() || !acc.ok())
      return fail(inst, "operands are not buffers");
    int64_t m = 0, k = 0, k2 = 0, n = 0, m2 = 0, n2 = 0;
    int64_t lb = 0, rb = 0, batch = 0;
    const Buffer &l = *(*lhs)->buffer, &r = *(*rhs)->buffer,
                 &a = *(*acc)->buffer;
    bool transposeLhs = f[5] != 0, transposeRhs = f[6] != 0;
    bool shaped =
        matrix(l, m, k, lb) && matrix(r, k2, n, rb) && matrix(a, m2, n2, batch);
    if (transposeLhs)
      std::swap(m, k);
    if (transposeRhs)
      std::swap(k2, n);
    // An operand's batch is the accumulator's, or one matrix for all.
    auto batchOk = [&](const Buffer &b, int64_t count) {
      if (b.dims.size() != a.dims.size())
        return false;
      if (count == 1)
        return true;
      return std::equal(b.dims.begin(), b.dims.end() - 2, a.dims.begin());
    };
    if (!shaped || k != k2 || m != m2 || n != n2 || a.element != Element::F32 ||
        l.element != r.element || !isFloat(l.element) || !batchOk(l, lb) ||
        !batchOk(r, rb))
      return fail(inst, "needs bf16 or f32 [B..,M,K] x [B..,K,N] into f32 "
                        "[B..,M,N]");
    bool highest = f[4] == 1 && l.element == Element::F32;
    // Weights shared by a batch of untransposed rows: one matmul of all the
    // rows, the weights loaded once.
    int64_t matrices = batch;
    if (rb == 1 && !transposeLhs && lb == batch) {
      m *= batch;
      matrices = 1;
    }
    // Row-major [rows, cols] floats of a matrix stored as such, or as its
    // transpose.
    auto toFloats = [](Element element, const uint8_t *data, int64_t rows,
                       int64_t cols, bool transposed) {
      std::vector<float> out(rows * cols);
      int64_t size = elementBytes(element);
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j)
          out[i * cols + j] = static_cast<float>(
              load(element,
                   data + (transposed ? j * rows + i : i * cols + j) * size));
      return out;
    };
    // The MXU multiplies bf16: f32 inputs round to bf16 at DEFAULT. HIGHEST
    // (XLA's bf16_6x: each input split into three bf16 terms, six of the
    // nine products summed) reproduces the f32 product to its last bits, so
    // it is computed as f32 multiply-adds in contraction order, which is
    // what f32 results from XLA on other backends are; its time is still
    // six passes.
    auto mxuInputs = [&](std::vector<float> x) {
      if (!highest)
        for (float &v : x)
          v = static_cast<float>(roundToBF16(v));
      return x;
    };
    int64_t inSize = elementBytes(l.element);
    for (int64_t bi = 0; compute && bi < matrices; ++bi) {
      const uint8_t *ld = (*lhs)->data + (lb == 1 ? 0 : bi * m * k * inSize);
      const uint8_t *rd = (*rhs)->data + (rb == 1 ? 0 : bi * k * n * inSize);
      uint8_t *ad = (*acc)->data + bi * m * n * 4;
      std::vector<float> ls =
          mxuInputs(toFloats(l.element, ld, m, k, transposeLhs));
      std::vector<float> rs =
          mxuInputs(toFloats(r.element, rd, k, n, transposeRhs));
      std::vector<float> c(m * n, 0.0f);
      if (f[3])
        for (int64_t i = 0; i < m * n; ++i)
          c[i] = static_cast<float>(load(Element::F32, ad + 4 * i));
      gemm(m, k, n, ls.data(), rs.data(), c.data());
      for (int64_t i = 0; i < m * n; ++i)
        store(Element::F32, ad + 4 * i, c[i]);
    }

    std::vector<View *> reads = {*lhs, *rhs};
    if (f[3])
      reads.push_back(*acc);
    absl::StatusOr<std::vector<int64_t>> deps =
        hazards(inst, reads, {*acc}, false);
    if (!deps.ok())
      return deps.status();
    std::vector<int64_t> all;
    for (int64_t bi = 0; bi < matrices; ++bi) {
      absl::StatusOr<std::vector<int64_t>> ids = timeline.addMatmul(
          kernel.name + "/matmul", m, k, n,
          mxuPasses(highest ? Precision::Highest : Precision::Default,
                    l.element == Element::F32),
          options.mxuModel, *deps, issue);
      if (!ids.ok())
        return ids.status();
      all.insert(all.end(), ids->begin(), ids->end());
    }
    record(reads, {*acc}, all);
    stats.flops += 2 * m * n * k * matrices;
    for (int64_t id : all)
      stats.mxuBusyCycles += timeline.tasks()[id].cycles;
    return absl::OkStatus();
  }

  /// Padded (8,128)-register elements of a block: what the vector unit
  /// processes.
  static int64_t registerElements(const Buffer &b) {
    // F32 stands for every type: a register holds 1024 elements of any.
    absl::StatusOr<int64_t> elements =
        tpc::paddedElements(tpc::onChipShape(tpc::ElementType::F32, b.dims));
    return elements.ok() ? *elements : b.elements();
  }

  /// Queues vector-unit work that reads `reads` and writes `writes`,
  /// costing `elements` register elements (by default the first output's).
  absl::Status vectorTask(const Instruction &inst, std::vector<View *> reads,
                          std::vector<View *> writes, VectorCost cost,
                          const char *what, int64_t elements = -1) {
    absl::StatusOr<std::vector<int64_t>> deps =
        hazards(inst, reads, writes, false);
    if (!deps.ok())
      return deps.status();
    if (elements < 0)
      elements = registerElements(*writes.front()->buffer);
    absl::StatusOr<int64_t> id =
        timeline.add(kernel.name + "/" + what, Engine{Engine::Vector, 0},
                     vectorCycles(elements, cost), *deps, issue);
    if (!id.ok())
      return id.status();
    record(reads, writes, {*id});
    return absl::OkStatus();
  }

  absl::Status vector(const Instruction &inst) {
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
    if (kind == VectorKind::Div)
      cost = VectorCost::Divide;
    else if ((kind >= VectorKind::Exp && kind <= VectorKind::Rsqrt) ||
             kind >= VectorKind::Sin)
      cost = VectorCost::Transcendental;
    std::vector<View *> reads;
    for (Input &input : ins)
      reads.push_back(input.view);
    return vectorTask(inst, reads, {*out}, cost, "vector");
  }

  absl::Status reduce(const Instruction &inst) {
    const std::vector<int64_t> &f = inst.fields;
    auto kind = static_cast<ReduceKind>(f[0]);
    absl::StatusOr<View *> in = view(inst, f[1]), out = view(inst, f[2]);
    if (!in.ok() || !out.ok())
      return fail(inst, "operands are not buffers");
    const Buffer &i = *(*in)->buffer, &o = *(*out)->buffer;
    int64_t rank = i.dims.size();
    int64_t ndims = f[4];
    if (static_cast<int64_t>(f.size()) != 5 + ndims + rank ||
        i.element != o.element)
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
      int64_t bytes = elementBytes(o.element);
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
                                 load(i.element, (*in)->data + n * bytes));
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
                      registerElements(i));
  }

  absl::Status argReduce(const Instruction &inst) {
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
    auto better = [&](double a, double b) {
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
          double value = load(
              i.element, (*in)->data + ((o * along + k) * inner + n) * size);
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
    // A compare and two selects per input register.
    return vectorTask(inst, reads, {*best, *index}, VectorCost::Simple,
                      "arg_reduce", 3 * registerElements(i));
  }

  absl::Status relayout(const Instruction &inst) {
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
      std::memcpy((*dst)->data + toAt * size, (*src)->data + fromAt * size,
                  size);
      next(*from, fromIndex, fromAt);
      next(*to, toIndex, toAt);
    }
    // The vector unit reads every register of one block and writes every
    // register of the other, through the transpose unit.
    return vectorTask(inst, {*src}, {*dst}, VectorCost::Simple, "relayout",
                      registerElements(s) + registerElements(d));
  }

  absl::Status fillOrIota(const Instruction &inst) {
    const std::vector<int64_t> &f = inst.fields;
    absl::StatusOr<View *> out = view(inst, f[0]);
    if (!out.ok())
      return out.status();
    const Buffer &o = *(*out)->buffer;
    int64_t bytes = elementBytes(o.element);
    if (inst.opcode == Opcode::Fill) {
      double value = static_cast<double>(f[1]);
      if (isFloat(o.element)) {
        uint32_t bits = static_cast<uint32_t>(f[1]);
        float v;
        std::memcpy(&v, &bits, 4);
        value = v;
      }
      for (int64_t n = 0; compute && n < o.elements(); ++n)
        store(o.element, (*out)->data + n * bytes, value);
      return vectorTask(inst, {}, {*out}, VectorCost::Simple, "fill");
    }
    int64_t dim = f[1], offset = regs[f[2]];
    if (dim >= static_cast<int64_t>(o.dims.size()))
      return fail(inst, "dimension out of range");
    int64_t n = 0;
    if (compute)
      forEachIndex(o.dims, [&](const std::vector<int64_t> &idx) {
        store(o.element, (*out)->data + n++ * bytes,
              static_cast<double>(idx[dim] + offset));
      });
    return vectorTask(inst, {}, {*out}, VectorCost::Simple, "iota");
  }

  const Kernel &kernel;
  const tpc::Target &target;
  const RunOptions &options;
  Timeline &timeline;
  std::vector<View> &views;
  KernelStats &stats;
  std::vector<int64_t> regs;
  /// Per semaphore: the DMA tasks started on it and their on-chip buffers.
  std::vector<std::vector<std::pair<int64_t, int64_t>>> sems;
  std::map<int64_t, std::vector<int64_t>> lastWriters, readers;
  std::map<int64_t, int> inFlight;
  int64_t issue = 0;
  /// Whether values are computed, or only time (RunOptions::timingOnly).
  bool compute;
};

/// Writes a logical tensor into its physical buffer: dimensions permuted
/// to major-to-minor order, tile padding zero.
/// Calls body(n, offset) for every element of a logical tensor laid out in
/// its physical buffer: n is its row-major logical index, offset its element
/// offset in the buffer (dimensions permuted to major-to-minor order).
template <typename Body>
void forEachPlaced(const TensorSpec &spec, const Buffer &buffer, Body body) {
  std::vector<int64_t> order = physicalOrder(spec.minorToMajor);
  std::vector<int64_t> physStrides = rowMajorStrides(buffer.dims);
  int64_t n = 0;
  forEachIndex(spec.dims, [&](const std::vector<int64_t> &idx) {
    int64_t offset = 0;
    for (size_t i = 0; i < order.size(); ++i)
      offset += idx[order[i]] * physStrides[i];
    body(n++, offset);
  });
}

/// Writes a logical tensor into its physical buffer, tile padding zero.
void layOut(const HostTensor &tensor, const TensorSpec &spec,
            const Buffer &buffer, uint8_t *data) {
  std::memset(data, 0, buffer.bytes());
  int64_t bytes = elementBytes(buffer.element);
  forEachPlaced(spec, buffer, [&](int64_t n, int64_t offset) {
    store(buffer.element, data + offset * bytes, tensor.values[n]);
  });
}

HostTensor readBack(const TensorSpec &spec, const Buffer &buffer,
                    const uint8_t *data) {
  HostTensor tensor{spec.element, spec.dims, {}};
  tensor.values.resize(tensor.elements());
  int64_t bytes = elementBytes(buffer.element);
  forEachPlaced(spec, buffer, [&](int64_t n, int64_t offset) {
    tensor.values[n] = load(buffer.element, data + offset * bytes);
  });
  return tensor;
}

/// Inputs must match the function's signature.
absl::Status checkInputs(const Function &function, const std::string &name,
                         const std::vector<HostTensor> &inputs) {
  if (inputs.size() != function.arguments.size())
    return absl::InvalidArgumentError(
        absl::StrCat("function '", name, "' takes ", function.arguments.size(),
                     " arguments, but ", inputs.size(), " inputs were given"));
  for (size_t i = 0; i < inputs.size(); ++i) {
    const TensorSpec &spec = function.arguments[i];
    if (inputs[i].element != spec.element || inputs[i].dims != spec.dims ||
        static_cast<int64_t>(inputs[i].values.size()) != inputs[i].elements())
      return absl::InvalidArgumentError(absl::StrCat(
          "argument ", i, " of '", name, "' must be ",
          tensorTypeName(spec.element, spec.dims), ", but the input is ",
          tensorTypeName(inputs[i].element, inputs[i].dims)));
  }
  return absl::OkStatus();
}

} // namespace

absl::StatusOr<RunResult> run(const Executable &exe, const tpc::Target &target,
                              const std::string &name,
                              const std::vector<HostTensor> &inputs,
                              const RunOptions &options) {
  const Function *function = exe.findFunction(name);
  if (!function)
    return absl::NotFoundError(
        absl::StrCat("the executable has no function '", name, "'"));
  if (exe.target != target.name)
    return absl::InvalidArgumentError(
        absl::StrCat("the executable was compiled for ", exe.target, ", not ",
                     std::string(target.name)));
  bool compute = !options.timingOnly;
  if (compute || !inputs.empty()) {
    if (absl::Status s = checkInputs(*function, name, inputs); !s.ok())
      return s;
  }

  // HBM: the program region, then each argument.
  absl::StatusOr<HbmAllocator> hbm =
      HbmAllocator::create(target.hbmCapacity(), target.hbmAlignment);
  if (!hbm.ok())
    return hbm.status();
  RunResult result;
  absl::StatusOr<int64_t> region = hbm->allocate(exe.programBytes);
  if (!region.ok())
    return region.status();
  std::vector<uint8_t> program(compute ? exe.programBytes : 0);
  // Inputs are staged together in the premapped host buffer, then copied
  // into their HBM buffers.
  PremappedBuffer staging(options.hostBuffer);
  std::vector<int64_t> staged;
  std::vector<std::vector<uint8_t>> args(function->arguments.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const Buffer &buffer = exe.buffers[function->arguments[i].buffer];
    absl::StatusOr<int64_t> piece = staging.stage(buffer.bytes());
    if (!piece.ok())
      return piece.status();
    staged.push_back(*piece);
    absl::StatusOr<int64_t> at = hbm->allocate(buffer.bytes());
    if (!at.ok())
      return at.status();
    if (compute) {
      args[i].resize(buffer.bytes());
      layOut(inputs[i], function->arguments[i], buffer, args[i].data());
    }
    result.hostInBytes += buffer.bytes();
    ++result.hostTransfers;
  }
  for (int64_t piece : staged)
    staging.release(piece);
  staged.clear();
  result.hbmAllocated = hbm->stats().inUse;

  // Functions place their buffers independently, so only this function's
  // buffers are materialized: those its kernels and signature name.
  std::vector<bool> used(exe.buffers.size(), false);
  std::function<void(const std::vector<Instruction> &)> mark =
      [&](const std::vector<Instruction> &list) {
        for (const Instruction &inst : list) {
          if (inst.opcode == Opcode::Buffer && inst.fields.size() == 2 &&
              inst.fields[1] >= 0 &&
              inst.fields[1] < static_cast<int64_t>(used.size()))
            used[inst.fields[1]] = true;
          mark(inst.body);
          mark(inst.orElse);
        }
      };
  for (const Kernel &kernel : function->kernels)
    mark(kernel.code);
  for (const TensorSpec &spec : function->results)
    used[spec.buffer] = true;

  std::vector<View> views(exe.buffers.size());
  // On-chip memory as far as the kernels' scratch reaches, within the
  // target's VMEM and SMEM.
  int64_t vmemEnd = 0, smemEnd = 0;
  for (size_t id = 0; id < exe.buffers.size(); ++id) {
    const Buffer &b = exe.buffers[id];
    if (b.kind != BufferKind::Scratch)
      continue;
    bool inVmem = b.space == Space::Vmem;
    int64_t end = b.offset + b.bytes();
    if (end > (inVmem ? target.vmemBytes : kSmemBytes))
      return absl::InvalidArgumentError(
          absl::StrCat("scratch buffer ", id, " lies outside the target's ",
                       inVmem ? "VMEM" : "SMEM"));
    (inVmem ? vmemEnd : smemEnd) = std::max(inVmem ? vmemEnd : smemEnd, end);
  }
  std::vector<uint8_t> vmem(vmemEnd), smem(smemEnd);
  for (size_t id = 0; id < exe.buffers.size(); ++id) {
    const Buffer &b = exe.buffers[id];
    View &v = views[id];
    v.id = static_cast<int64_t>(id);
    if (!used[id])
      continue;
    switch (b.kind) {
    case BufferKind::Temp:
    case BufferKind::Constant:
      v.buffer = &b;
      v.data = compute ? program.data() + b.offset : nullptr;
      if (compute && b.kind == BufferKind::Constant)
        std::memcpy(v.data, b.data.data(), b.data.size());
      break;
    case BufferKind::Argument:
      // Bound below: only this function's arguments.
      break;
    case BufferKind::Scratch:
      v.buffer = &b;
      v.data = (b.space == Space::Vmem ? vmem : smem).data() + b.offset;
      break;
    }
  }

  for (size_t i = 0; i < function->arguments.size() && i < args.size(); ++i) {
    int64_t id = function->arguments[i].buffer;
    const Buffer &b = exe.buffers[id];
    if (b.kind != BufferKind::Argument ||
        (compute && static_cast<int64_t>(args[i].size()) != b.bytes()))
      return absl::InvalidArgumentError(absl::StrCat(
          "buffer ", id, " does not match argument ", i, "'s size"));
    views[id].buffer = &b;
    views[id].data = args[i].data();
  }

  Timeline timeline(target);
  for (const Kernel &kernel : function->kernels) {
    KernelStats stats;
    stats.name = kernel.name;
    KernelRun runner(kernel, target, options, timeline, views, stats);
    if (absl::Status s = runner.run(); !s.ok())
      return s;
    result.flops += stats.flops;
    result.hbmBytes += stats.hbmBytes;
    result.mxuBusyCycles += stats.mxuBusyCycles;
    result.kernels.push_back(std::move(stats));
  }
  result.cycles = timeline.makespan();
  result.tasks = timeline.tasks();
  for (const TensorSpec &spec : function->results) {
    const View &v = views[spec.buffer];
    if (!v.buffer)
      return absl::InvalidArgumentError("a result has no buffer");
    absl::StatusOr<int64_t> piece = staging.stage(v.buffer->bytes());
    if (!piece.ok())
      return piece.status();
    staged.push_back(*piece);
    if (compute)
      result.results.push_back(readBack(spec, *v.buffer, v.data));
    result.hostOutBytes += v.buffer->bytes();
    ++result.hostTransfers;
  }
  return result;
}

} // namespace tpurt
