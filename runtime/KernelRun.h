//===- KernelRun.h - One kernel on the simulated TensorCore -----*- C++ -*-===//
//
// The interpreter of one kernel's instruction stream, internal to the
// runtime. The scalar core's dispatch, the dependence and race checks and
// the timeline are KernelRun.cpp's; each engine's instructions are in a
// file of their own: runtime/engines/Dma.cpp (HBM<->VMEM copies),
// runtime/engines/Mxu.cpp (matmuls), runtime/engines/VectorUnit.cpp
// (elementwise work, reductions, relayouts, fills). See docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_KERNELRUN_H
#define TPU_RUNTIME_KERNELRUN_H

#include "runtime/Executable.h"
#include "runtime/RunOptions.h"
#include "runtime/Timing.h"
#include "runtime/machine/Shape.h"

#include <map>
#include <string>
#include <vector>

namespace tpurt::detail {

/// Scalar memory per core; XLA does not publish it, and the lowering only
/// uses it for scalars.
constexpr int64_t kSmemBytes = 1 << 20;

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

using tpc::rowMajorStrides;

/// The part of a buffer an instruction touches: per dimension [lo, hi).
/// No dimensions means the whole buffer, which is how every access but a
/// sub-block's DMA or matmul window is recorded.
struct Box {
  std::vector<std::pair<int64_t, int64_t>> dims;

  bool whole() const { return dims.empty(); }
  bool operator==(const Box &other) const { return dims == other.dims; }
  /// Whether some element lies in both.
  bool overlaps(const Box &other) const;
  /// Whether every element of `inner` lies in this box.
  bool covers(const Box &inner) const;
  /// The box [at, at + sizes) of `buffer`, whole if it is all of it.
  static Box of(const Buffer &buffer, const std::vector<int64_t> &at,
                const std::vector<int64_t> &sizes);
};

/// A view and the part of its buffer an instruction reads or writes.
struct Access {
  Access(View *view, Box box = {}) : view(view), box(std::move(box)) {}
  View *view;
  Box box;
};

class KernelRun {
public:
  KernelRun(const Kernel &kernel, const tpc::Target &target,
            const RunOptions &options, Timeline &timeline,
            std::vector<View> &views, KernelStats &stats)
      : kernel(kernel), target(target), options(options), timeline(timeline),
        views(views), stats(stats), regs(kernel.registers, 0),
        sems(kernel.semaphores), compute(!options.timingOnly) {}

  /// Issues the kernel at cycle `start` (its tasks start no earlier).
  absl::Status run(int64_t start) {
    issue = start;
    stats.start = issue;
    absl::Status status = execute(kernel.code);
    stats.end = std::max(issue, timeline.computeMakespan());
    return status;
  }

private:
  absl::Status fail(const Instruction &inst, const std::string &why);

  absl::StatusOr<View *> view(const Instruction &inst, int64_t reg);

  absl::Status execute(const std::vector<Instruction> &code);

  /// Dependences of an operation that reads `reads` and writes `writes`,
  /// and the race check: no compute may touch a buffer a DMA is filling
  /// or draining until the DMA has been waited for.
  absl::StatusOr<std::vector<int64_t>>
  hazards(const Instruction &inst, const std::vector<Access> &reads,
          const std::vector<Access> &writes, bool isDma);

  void record(const std::vector<Access> &reads,
              const std::vector<Access> &writes,
              const std::vector<int64_t> &ids);

  absl::Status step(const Instruction &inst);

  absl::Status dma(const Instruction &inst);

  /// The [rows, cols] matrix of a buffer's two minor dimensions, and the
  /// number of matrices before them.
  static bool matrix(const Buffer &b, int64_t &rows, int64_t &cols,
                     int64_t &batch);

  absl::Status matmul(const Instruction &inst);

  /// Padded (8,128)-register elements of a block: what the vector unit
  /// processes.
  static int64_t registerElements(const Buffer &b);

  /// Queues vector-unit work that reads `reads` and writes `writes`,
  /// costing `elements` register elements (by default the first output's),
  /// `passes` times (the operations of a 64-bit expansion).
  absl::Status vectorTask(const Instruction &inst, std::vector<View *> reads,
                          std::vector<View *> writes, VectorCost cost,
                          const char *what, int64_t elements = -1,
                          int64_t passes = 1);

  absl::Status vector(const Instruction &inst);

  absl::Status reduce(const Instruction &inst);

  absl::Status argReduce(const Instruction &inst);

  absl::Status relayout(const Instruction &inst);
  absl::Status scalarLoad(const Instruction &inst);

  absl::Status fillOrIota(const Instruction &inst);

  const Kernel &kernel;
  const tpc::Target &target;
  const RunOptions &options;
  Timeline &timeline;
  std::vector<View> &views;
  KernelStats &stats;
  std::vector<int64_t> regs;
  /// A DMA in flight: its task, on-chip buffer and the window it fills or
  /// drains there.
  struct Flight {
    int64_t task;
    int64_t buffer;
    Box box;
  };
  /// Tasks that last wrote, or read since, a part of a buffer.
  struct Touch {
    Box box;
    std::vector<int64_t> tasks;
    /// The latest end of `tasks`: once the scalar core issues past it, the
    /// entry can delay nothing and is dropped.
    int64_t end = 0;
  };
  /// Per semaphore: the DMAs started on it.
  std::vector<std::vector<Flight>> sems;
  std::map<int64_t, std::vector<Touch>> lastWriters, readers;
  /// Per on-chip buffer: the windows of the DMAs in flight on it.
  std::map<int64_t, std::vector<Box>> inFlight;
  int64_t issue = 0;
  /// Instructions executed so far, loop bodies counted per iteration.
  int64_t executedSteps = 0;
  /// Whether values are computed, or only time (RunOptions::timingOnly).
  bool compute;
};

} // namespace tpurt::detail

#endif // TPU_RUNTIME_KERNELRUN_H
