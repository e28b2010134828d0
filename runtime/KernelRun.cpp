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

bool Box::overlaps(const Box &other) const {
  if (whole() || other.whole())
    return true;
  for (size_t i = 0; i < dims.size() && i < other.dims.size(); ++i)
    if (dims[i].second <= other.dims[i].first ||
        other.dims[i].second <= dims[i].first)
      return false;
  return true;
}

bool Box::covers(const Box &inner) const {
  if (whole())
    return true;
  if (inner.whole() || inner.dims.size() != dims.size())
    return false;
  for (size_t i = 0; i < dims.size(); ++i)
    if (inner.dims[i].first < dims[i].first ||
        inner.dims[i].second > dims[i].second)
      return false;
  return true;
}

Box Box::of(const Buffer &buffer, const std::vector<int64_t> &at,
            const std::vector<int64_t> &sizes) {
  Box box;
  bool all = true;
  for (size_t i = 0; i < at.size(); ++i) {
    box.dims.emplace_back(at[i], at[i] + sizes[i]);
    all &= at[i] == 0 && sizes[i] == buffer.dims[i];
  }
  if (all)
    box.dims.clear();
  return box;
}

/// Dependences of an operation that reads `reads` and writes `writes`,
/// and the race check: no compute may touch a part of a buffer a DMA is
/// filling or draining until the DMA has been waited for.
absl::StatusOr<std::vector<int64_t>>
KernelRun::hazards(const Instruction &inst, const std::vector<Access> &reads,
                   const std::vector<Access> &writes, bool isDma) {
  std::vector<int64_t> deps;
  auto inFlightOn = [&](const Access &a) {
    auto it = inFlight.find(a.view->id);
    return it != inFlight.end() &&
           std::any_of(it->second.begin(), it->second.end(),
                       [&](const Box &box) { return box.overlaps(a.box); });
  };
  // Entries whose tasks all ended by the issue cycle, where every new task
  // starts at the earliest, are dropped on the way: without that, the
  // windows of a long kernel's DMAs into one HBM buffer pile up.
  auto depend = [&](std::map<int64_t, std::vector<Touch>> &touched,
                    const Access &a) {
    auto it = touched.find(a.view->id);
    if (it == touched.end())
      return;
    std::vector<Touch> &list = it->second;
    size_t kept = 0;
    for (Touch &t : list) {
      if (t.end <= issue)
        continue;
      if (t.box.overlaps(a.box))
        deps.insert(deps.end(), t.tasks.begin(), t.tasks.end());
      if (&list[kept] != &t)
        list[kept] = std::move(t);
      ++kept;
    }
    list.resize(kept);
  };
  for (const Access &a : reads) {
    if (!isDma && inFlightOn(a))
      return fail(inst, absl::StrCat("reads buffer ", a.view->id,
                                     " while a DMA on it is in flight "
                                     "(missing dma_wait)"));
    depend(lastWriters, a);
  }
  for (const Access &a : writes) {
    if (inFlightOn(a))
      return fail(inst, absl::StrCat("writes buffer ", a.view->id,
                                     " while a DMA on it is in flight "
                                     "(missing dma_wait)"));
    depend(lastWriters, a);
    depend(readers, a);
  }
  std::sort(deps.begin(), deps.end());
  deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
  return deps;
}

void KernelRun::record(const std::vector<Access> &reads,
                       const std::vector<Access> &writes,
                       const std::vector<int64_t> &ids) {
  int64_t end = 0;
  for (int64_t id : ids)
    end = std::max(end, timeline.task(id).end);
  // Entries that can delay nothing any more go first (see hazards).
  auto prune = [&](std::vector<Touch> &list) {
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const Touch &t) { return t.end <= issue; }),
               list.end());
  };
  for (const Access &a : reads) {
    std::vector<Touch> &list = readers[a.view->id];
    prune(list);
    auto same = std::find_if(list.begin(), list.end(),
                             [&](const Touch &t) { return t.box == a.box; });
    if (same == list.end()) {
      list.push_back({a.box, ids, end});
      continue;
    }
    same->tasks.insert(same->tasks.end(), ids.begin(), ids.end());
    same->end = std::max(same->end, end);
  }
  // A write supersedes the writers and readers of what it covers.
  auto covered = [](std::vector<Touch> &list, const Box &box) {
    list.erase(
        std::remove_if(list.begin(), list.end(),
                       [&](const Touch &t) { return box.covers(t.box); }),
        list.end());
  };
  for (const Access &a : writes) {
    std::vector<Touch> &list = lastWriters[a.view->id];
    prune(list);
    covered(list, a.box);
    list.push_back({a.box, ids, end});
    covered(readers[a.view->id], a.box);
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
    for (const Flight &flight : sems[sem]) {
      issue = std::max(issue, timeline.task(flight.task).end);
      std::vector<Box> &boxes = inFlight[flight.buffer];
      auto it = std::find(boxes.begin(), boxes.end(), flight.box);
      if (it != boxes.end())
        boxes.erase(it);
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
