//===- KernelRun.cpp - The scalar core and the timeline
//---------------------===//
//
// Runs a kernel's instruction stream: the scalar core's registers and
// control, the dependence and race checks between engines, and the
// dispatch of each instruction to its engine.
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

absl::Status KernelRun::fail(const Instruction &inst, const std::string &why) {
  return absl::FailedPreconditionError(
      absl::StrCat("kernel '", kernel.name,
                   "': ", std::string(opcodeName(inst.opcode)), ": ", why));
}

absl::StatusOr<View *> KernelRun::view(const Instruction &inst, int64_t reg) {
  int64_t id = regs[reg];
  if (id < 0 || id >= static_cast<int64_t>(views.size()) || !views[id].buffer)
    return fail(
        inst, absl::StrCat("register ", reg, " holds ", id, ", not a buffer"));
  return &views[id];
}

absl::Status KernelRun::execute(const std::vector<Instruction> &code) {
  for (const Instruction &inst : code) {
    if (options.maxSteps > 0 && ++executedSteps > options.maxSteps)
      return absl::ResourceExhaustedError(absl::StrCat(
          "kernel '", kernel.name, "' executed more than ", options.maxSteps,
          " instructions (RunOptions::maxSteps)"));
    if (absl::Status s = step(inst); !s.ok())
      return s;
  }
  return absl::OkStatus();
}

/// Dependences of an operation that reads `reads` and writes `writes`,
/// and the race check: no compute may touch a buffer a DMA is filling
/// or draining until the DMA has been waited for.
absl::StatusOr<std::vector<int64_t>>
KernelRun::hazards(const Instruction &inst, std::vector<View *> reads,
                   std::vector<View *> writes, bool isDma) {
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

void KernelRun::record(const std::vector<View *> &reads,
                       const std::vector<View *> &writes,
                       const std::vector<int64_t> &ids) {
  for (View *v : reads)
    readers[v->id].insert(readers[v->id].end(), ids.begin(), ids.end());
  for (View *v : writes) {
    lastWriters[v->id] = ids;
    readers[v->id].clear();
  }
}

absl::Status KernelRun::step(const Instruction &inst) {
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
      issue = std::max(issue, timeline.task(task).end);
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
  case Opcode::ScalarLoad:
    return scalarLoad(inst);
  }
  return fail(inst, "unknown opcode");
}

/// The scalar core reads one integer of SMEM into a register, once the
/// DMA that filled it has been waited for.
absl::Status KernelRun::scalarLoad(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  absl::StatusOr<View *> in = view(inst, f[1]);
  if (!in.ok())
    return in.status();
  const Buffer &b = *(*in)->buffer;
  int64_t rank = f[2];
  if (b.space != Space::Smem || isFloat(b.element) ||
      static_cast<int64_t>(b.dims.size()) != rank)
    return fail(inst, "needs an SMEM buffer of integers of the index's rank");
  absl::StatusOr<std::vector<int64_t>> deps = hazards(inst, {*in}, {}, false);
  if (!deps.ok())
    return deps.status();
  for (int64_t task : *deps)
    issue = std::max(issue, timeline.task(task).end);
  std::vector<int64_t> strides = rowMajorStrides(b.dims);
  int64_t offset = 0;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t at = regs[f[3 + d]];
    if (at < 0 || at >= b.dims[d])
      return fail(inst, "index out of the buffer");
    offset += at * strides[d];
  }
  regs[f[0]] =
      loadInteger(b.element, (*in)->data + offset * elementBytes(b.element));
  return absl::OkStatus();
}

} // namespace tpurt::detail
