//===- Timing.h - The TensorCore's cycle model ------------------*- C++ -*-===//
//
// How long the engines of one TensorCore take, in target cycles: the MXUs
// (weight-stationary systolic arrays), the vector unit, the DMA queue to HBM
// and the host link, and an event-driven timeline that runs operations on
// one in-order queue per engine, each starting when its engine is free and
// the operations it depends on have finished. docs/runtime.md gives every
// formula. Plain C++: the runtime does not depend on MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_TIMING_H
#define TPU_RUNTIME_TIMING_H

#include "runtime/machine/Target.h"

#include "absl/status/statusor.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace tpurt {

/// How the MXU is charged. Pipelined is the hardware: the next fold's
/// weights load while the current fold streams. Serialized charges every
/// fold separately, as the SCALE-Sim simulator does, for cross-checking.
enum class MxuModel { Pipelined, Serialized };

/// MXU passes per product: 1 with bf16 inputs (and f32 inputs at DEFAULT
/// precision, rounded to bf16); 6 at HIGHEST, XLA's bf16_6x scheme for f32.
enum class Precision { Default, Highest };
int64_t mxuPasses(Precision precision, bool f32Inputs);

/// The contraction depth an int8 product [M,K] x [K,N] occupies the arrays
/// for: ceil(K / int8Rate) where a cell takes int8Rate int8 products per
/// cycle (v5e, v6e: two rows of int8 weights per row of cells), K where it
/// takes one (v4) or takes int8 as bf16 (v2, v3).
int64_t mxuInt8Depth(const tpc::Target &target, int64_t k);

/// Folds of [M,K] x [K,N] on an R x C array: ceil(K/R) * ceil(N/C), each a
/// weight tile of R x C streamed by M rows.
int64_t mxuFolds(const tpc::Target &target, int64_t k, int64_t n);

/// Cycles for one MXU to run `folds` folds, each streaming `rows` rows:
///   serialized: folds * (R + rows + R + C - 2)
///   pipelined:  R + folds * max(rows, R) + (R + C - 2)
/// (zero for zero folds). Saturates at INT64_MAX.
int64_t mxuCycles(const tpc::Target &target, int64_t rows, int64_t folds,
                  MxuModel model);

/// Vector-unit cost per (8,128) register, by kind of work.
enum class VectorCost { Simple, Divide, Transcendental };
int64_t cyclesPerRegister(VectorCost cost);

/// Cycles for the vector unit to process `elements` elements (a block
/// already padded to whole registers is `registers * 1024` elements):
/// ceil(elements / 1024) * cyclesPerRegister(cost).
int64_t vectorCycles(int64_t elements, VectorCost cost);

/// DMA between HBM and VMEM: kDmaLatencyCycles + ceil(bytes / (HBM bytes
/// per second / clock)). The transfer part occupies the DMA queue; the
/// latency does not (see Timeline::add).
using tpc::kDmaLatencyCycles;
int64_t dmaTransferCycles(const tpc::Target &target, int64_t bytes);
/// The scalar core's branch once a loop predicate or branch index has
/// arrived in SMEM: a compare and a jump through its pipeline.
constexpr int64_t kBranchCycles = 8;
int64_t dmaCycles(const tpc::Target &target, int64_t bytes);
/// HBM bytes a DMA moves for `runs` contiguous runs of `runBytes` each:
/// each run at least one access granule (tpc::kHbmGranuleBytes).
int64_t dmaHbmBytes(int64_t runs, int64_t runBytes);

/// What limits a kernel over its `span` cycles: the engine busiest for
/// most of it (the MXUs' busy cycles spread over `mxus` arrays, the vector
/// unit's, the DMA engine's transfers, which move HBM bytes), or latency
/// when none is busy for half the span: DMAs waiting out their latency, or
/// a chain of small steps each waiting for the last.
enum class Bound { Mxu, Vector, Hbm, Latency };
Bound kernelBound(int64_t span, int64_t mxuBusy, int64_t mxus,
                  int64_t vectorBusy, int64_t dmaBusy);
/// "MXU", "vector", "HBM", "latency".
const char *boundName(Bound bound);

/// The engines with a queue of their own.
struct Engine {
  enum Kind { Mxu, Vector, Dma, HostLink, Ici } kind;
  int index = 0; // which MXU
  bool operator==(const Engine &other) const {
    return kind == other.kind && index == other.index;
  }
  std::string name() const; // "mxu0", "vector", "dma", "host", "ici"
};

/// One scheduled task. A long run holds tens of millions, so a task is 40
/// bytes: its name is an index into the timeline's table of names, and its
/// dependences are not kept once it is scheduled.
struct Task {
  uint32_t name = 0; // an index into the names takeNames() returns
  Engine engine;
  int64_t cycles = 0;
  // Filled by the timeline.
  int64_t start = 0;
  int64_t end = 0;
};

/// One in-order queue per engine. Tasks are added in program order; a task
/// starts when its engine has finished the tasks queued before it and its
/// dependences have finished.
class Timeline {
public:
  explicit Timeline(const tpc::Target &target);

  /// Adds a task; returns its id. It starts no earlier than `notBefore`
  /// (the cycle its instruction is issued). An unknown engine, a negative
  /// cost or a dependence on a task not yet added is INVALID_ARGUMENT.
  /// `latency` cycles pass between the engine finishing the task and its
  /// result being visible, without occupying the engine: a DMA engine
  /// keeps several transfers in flight, so its latency overlaps the next
  /// transfer.
  absl::StatusOr<int64_t> add(std::string name, Engine engine, int64_t cycles,
                              std::vector<int64_t> deps = {},
                              int64_t notBefore = 0, int64_t latency = 0);

  /// Splits a matmul's folds over the MXUs (each fold to the MXU that
  /// becomes free first; ties to the lowest index) and adds one task per
  /// MXU used. Returns their ids; a consumer depends on all of them.
  absl::StatusOr<std::vector<int64_t>>
  addMatmul(const std::string &name, int64_t m, int64_t k, int64_t n,
            int64_t passes, MxuModel model, const std::vector<int64_t> &deps,
            int64_t notBefore = 0);

  /// The tasks kept: ids from firstKept() on (all, unless forgotten).
  const std::vector<Task> &tasks() const { return tasks_; }
  /// Task `id`, which must be kept (firstKept() <= id < size()).
  const Task &task(int64_t id) const { return tasks_[id - base_]; }
  /// Tasks added so far, kept or not: the next task's id.
  int64_t size() const { return base_ + static_cast<int64_t>(tasks_.size()); }
  int64_t firstKept() const { return base_; }
  /// Drops the tasks before `id` (no later task may depend on them), so
  /// that a long run needs memory for its current kernel's tasks only;
  /// makespan() is unchanged.
  void forgetBefore(int64_t id);
  /// Moves the tasks kept and their names (each once; Task::name indexes
  /// them) out, for a result that outlives the timeline.
  std::vector<Task> takeTasks() { return std::move(tasks_); }
  std::vector<std::string> takeNames() { return std::move(names_); }
  /// The cycle at which the last task ends.
  int64_t makespan() const { return makespan_; }
  /// The same over the TensorCore's own engines (not the ICI): when the
  /// next kernel may start if it needs nothing a collective still moves.
  int64_t computeMakespan() const { return computeMakespan_; }
  /// Busy cycles of one engine (the sum of its kept tasks' cycles).
  int64_t busyCycles(Engine engine) const;
  /// Busy cycles summed over the MXUs.
  int64_t mxuBusyCycles() const;

private:
  int64_t &freeAt(Engine engine);

  const tpc::Target &target_;
  std::vector<Task> tasks_;
  int64_t base_ = 0; // the id of tasks_[0]
  std::vector<std::string> names_;
  std::unordered_map<std::string, uint32_t> nameIds_;
  std::vector<int64_t> mxuFree_;
  int64_t vectorFree_ = 0, dmaFree_ = 0, hostFree_ = 0, iciFree_ = 0;
  int64_t makespan_ = 0, computeMakespan_ = 0;
};

/// Collectives still moving data while later kernels are issued (XLA's
/// asynchronous collectives: a start, the kernels that do not need the
/// result, then a done). A kernel whose HBM overlaps a collective's source
/// or destination waits for it; others run beside it. It also counts the
/// collective cycles that kernels covered: the time hidden under compute.
class CollectivesInFlight {
public:
  /// A span of HBM: `region` -1 is the program region, else an argument's
  /// buffer; [begin, end) in bytes.
  struct Span {
    int64_t region = -1, begin = 0, end = 0;
  };
  /// A collective on the ICI over [start, end) reading and writing `spans`.
  void add(int64_t start, int64_t end, std::vector<Span> spans);
  /// When a kernel touching `spans` may start: `ready`, or later if a
  /// collective still in flight touches them too.
  int64_t startFor(int64_t ready, const std::vector<Span> &spans) const;
  /// A kernel ran over [start, end) (kernels run one after another):
  /// counts the collective cycles it covered, and forgets collectives that
  /// ended before it started.
  void kernelRan(int64_t start, int64_t end);
  int64_t hiddenCycles() const { return hidden_; }

private:
  struct Flight {
    int64_t start, end;
    std::vector<Span> spans;
  };
  std::vector<Flight> flights_;
  int64_t hidden_ = 0;
};

} // namespace tpurt

#endif // TPU_RUNTIME_TIMING_H
