//===- Timing.cpp - The TensorCore's cycle model --------------------------===//

#include "runtime/Timing.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <limits>

namespace tpurt {

using tpc::saturatingMul;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kRegisterElements = 8 * 128;

int64_t ceilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0); }

} // namespace

int64_t mxuPasses(Precision precision, bool f32Inputs) {
  return precision == Precision::Highest && f32Inputs ? 6 : 1;
}

int64_t mxuInt8Depth(const tpc::Target &target, int64_t k) {
  return ceilDiv(k, std::max<int64_t>(1, target.int8Rate));
}

int64_t mxuFolds(const tpc::Target &target, int64_t k, int64_t n) {
  return saturatingMul(ceilDiv(k, target.mxuRows), ceilDiv(n, target.mxuCols));
}

int64_t mxuCycles(const tpc::Target &target, int64_t rows, int64_t folds,
                  MxuModel model) {
  if (folds <= 0)
    return 0;
  int64_t r = target.mxuRows, c = target.mxuCols;
  int64_t skew = r + c - 2;
  if (model == MxuModel::Serialized)
    return saturatingMul(folds, tpc::saturatingAdd(r + skew, rows));
  return tpc::saturatingAdd(saturatingMul(folds, std::max(rows, r)), r + skew);
}

Bound kernelBound(int64_t span, int64_t mxuBusy, int64_t mxus,
                  int64_t vectorBusy, int64_t dmaBusy) {
  double mxu = mxus > 0 ? double(mxuBusy) / double(mxus) : 0;
  double busiest = std::max({mxu, double(vectorBusy), double(dmaBusy)});
  if (busiest * 2 < double(span))
    return Bound::Latency;
  if (busiest == mxu)
    return Bound::Mxu;
  return busiest == double(dmaBusy) ? Bound::Hbm : Bound::Vector;
}

const char *boundName(Bound bound) {
  switch (bound) {
  case Bound::Mxu:
    return "MXU";
  case Bound::Vector:
    return "vector";
  case Bound::Hbm:
    return "HBM";
  case Bound::Latency:
    return "latency";
  }
  return "?";
}

int64_t cyclesPerRegister(VectorCost cost) {
  switch (cost) {
  case VectorCost::Simple:
    return 1;
  case VectorCost::Divide:
    return 4;
  case VectorCost::Transcendental:
    return 8;
  }
  return 1;
}

int64_t vectorCycles(int64_t elements, VectorCost cost) {
  return saturatingMul(ceilDiv(elements, kRegisterElements),
                       cyclesPerRegister(cost));
}

int64_t dmaTransferCycles(const tpc::Target &target, int64_t bytes) {
  double perCycle = target.hbmBytesPerSecond / target.clockHz;
  double transfer = static_cast<double>(bytes) / perCycle;
  if (transfer >= static_cast<double>(kMax - kDmaLatencyCycles))
    return kMax - kDmaLatencyCycles;
  int64_t cycles = static_cast<int64_t>(transfer);
  if (static_cast<double>(cycles) < transfer)
    ++cycles;
  return cycles;
}

int64_t dmaCycles(const tpc::Target &target, int64_t bytes) {
  return kDmaLatencyCycles + dmaTransferCycles(target, bytes);
}

int64_t dmaHbmBytes(int64_t runs, int64_t runBytes) {
  if (runs <= 0 || runBytes <= 0)
    return 0;
  return saturatingMul(runs, std::max(runBytes, tpc::kHbmGranuleBytes));
}

std::string Engine::name() const {
  switch (kind) {
  case Mxu:
    return absl::StrCat("mxu", index);
  case Vector:
    return "vector";
  case Dma:
    return "dma";
  case HostLink:
    return "host";
  case Ici:
    return "ici";
  }
  return "?";
}

Timeline::Timeline(const tpc::Target &target)
    : target_(target), mxuFree_(target.mxusPerCore, 0) {}

int64_t &Timeline::freeAt(Engine engine) {
  switch (engine.kind) {
  case Engine::Mxu:
    return mxuFree_[engine.index];
  case Engine::Vector:
    return vectorFree_;
  case Engine::Dma:
    return dmaFree_;
  case Engine::HostLink:
    break;
  case Engine::Ici:
    return iciFree_;
  }
  return hostFree_;
}

absl::StatusOr<int64_t> Timeline::add(std::string name, Engine engine,
                                      int64_t cycles, std::vector<int64_t> deps,
                                      int64_t notBefore, int64_t latency) {
  if (engine.kind == Engine::Mxu &&
      (engine.index < 0 || engine.index >= target_.mxusPerCore))
    return absl::InvalidArgumentError(absl::StrCat(
        "task '", name, "' names mxu", engine.index, ", but ",
        std::string(target_.name), " has ", target_.mxusPerCore, " MXUs"));
  if (cycles < 0 || latency < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("task '", name, "' costs ", cycles, " cycles"));
  int64_t id = size();
  int64_t start = std::max(freeAt(engine), notBefore);
  for (int64_t dep : deps) {
    if (dep < base_ || dep >= id)
      return absl::InvalidArgumentError(
          absl::StrCat("task '", name, "' depends on task ", dep,
                       dep < base_ && dep >= 0 ? ", which was forgotten"
                                               : ", which is not earlier"));
    start = std::max(start, task(dep).end);
  }
  auto [named, added] = nameIds_.try_emplace(
      std::move(name), static_cast<uint32_t>(names_.size()));
  if (added)
    names_.push_back(named->first);
  Task task{named->second, engine, cycles};
  task.start = start;
  freeAt(engine) = tpc::saturatingAdd(start, cycles);
  task.end = tpc::saturatingAdd(freeAt(engine), latency);
  makespan_ = std::max(makespan_, task.end);
  if (engine.kind != Engine::Ici)
    computeMakespan_ = std::max(computeMakespan_, task.end);
  tasks_.push_back(task);
  return id;
}

void CollectivesInFlight::add(int64_t start, int64_t end,
                              std::vector<Span> spans) {
  flights_.push_back({start, end, std::move(spans)});
}

int64_t CollectivesInFlight::startFor(int64_t ready,
                                      const std::vector<Span> &spans) const {
  int64_t start = ready;
  for (const Flight &f : flights_)
    for (const Span &a : f.spans)
      for (const Span &b : spans)
        if (a.region == b.region && a.begin < b.end && b.begin < a.end)
          start = std::max(start, f.end);
  return start;
}

void CollectivesInFlight::kernelRan(int64_t start, int64_t end) {
  std::vector<Flight> kept;
  for (Flight &f : flights_) {
    hidden_ +=
        std::max<int64_t>(0, std::min(end, f.end) - std::max(start, f.start));
    if (f.end > start)
      kept.push_back(std::move(f));
  }
  flights_ = std::move(kept);
}

absl::StatusOr<std::vector<int64_t>>
Timeline::addMatmul(const std::string &name, int64_t m, int64_t k, int64_t n,
                    int64_t passes, MxuModel model,
                    const std::vector<int64_t> &deps, int64_t notBefore) {
  if (m < 0 || k < 0 || n < 0 || passes < 1)
    return absl::InvalidArgumentError(
        absl::StrCat("matmul '", name, "' has a negative size or no pass"));
  int64_t ready = notBefore;
  for (int64_t dep : deps)
    if (dep >= base_ && dep < size())
      ready = std::max(ready, task(dep).end);
  int64_t folds = saturatingMul(mxuFolds(target_, k, n), passes);
  // Each fold goes to the MXU whose share would finish first; the fixed
  // fill and drain make this differ from a plain round robin only when the
  // MXUs are free at different times.
  size_t mxus = mxuFree_.size();
  std::vector<int64_t> share(mxus, 0);
  if (folds <= static_cast<int64_t>(mxus) * 4096) {
    for (int64_t f = 0; f < folds; ++f) {
      size_t best = 0;
      int64_t bestEnd = kMax;
      for (size_t i = 0; i < mxus; ++i) {
        int64_t end = std::max(mxuFree_[i], ready) +
                      mxuCycles(target_, m, share[i] + 1, model);
        if (end < bestEnd) {
          best = i;
          bestEnd = end;
        }
      }
      ++share[best];
    }
  } else {
    // Too many folds to place one by one: split evenly.
    for (size_t i = 0; i < mxus; ++i)
      share[i] = folds / static_cast<int64_t>(mxus) +
                 (static_cast<int64_t>(i) < folds % static_cast<int64_t>(mxus));
  }
  std::vector<int64_t> ids;
  for (size_t i = 0; i < mxus; ++i) {
    if (!share[i])
      continue;
    int64_t cycles = mxuCycles(target_, m, share[i], model);
    // Pipelined, a matmul that follows another on a busy MXU continues its
    // wavefront: its weights loaded during the previous stream, and the
    // skew fill overlaps the previous drain.
    if (model == MxuModel::Pipelined && mxuFree_[i] > 0 && mxuFree_[i] >= ready)
      cycles -= target_.mxuRows + target_.mxuRows + target_.mxuCols - 2;
    absl::StatusOr<int64_t> id =
        add(name, Engine{Engine::Mxu, static_cast<int>(i)}, cycles, deps,
            notBefore);
    if (!id.ok())
      return id.status();
    ids.push_back(*id);
  }
  return ids;
}

void Timeline::forgetBefore(int64_t id) {
  id = std::clamp(id, base_, size());
  tasks_.erase(tasks_.begin(), tasks_.begin() + (id - base_));
  base_ = id;
}

int64_t Timeline::busyCycles(Engine engine) const {
  int64_t busy = 0;
  for (const Task &task : tasks_)
    if (task.engine == engine)
      busy = tpc::saturatingAdd(busy, task.cycles);
  return busy;
}

int64_t Timeline::mxuBusyCycles() const {
  int64_t busy = 0;
  for (int i = 0; i < static_cast<int>(mxuFree_.size()); ++i)
    busy = tpc::saturatingAdd(busy, busyCycles({Engine::Mxu, i}));
  return busy;
}

} // namespace tpurt
