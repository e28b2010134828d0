//===- HbmUsage.cpp - HBM in use while each kernel runs -------------------===//

#include "runtime/HbmUsage.h"

#include <algorithm>
#include <functional>
#include <limits>

namespace tpurt {
namespace {

struct Interval {
  int64_t first = std::numeric_limits<int64_t>::max(), last = -1;
  void cover(int64_t begin, int64_t end) {
    first = std::min(first, begin);
    last = std::max(last, end);
  }
};

} // namespace

void forEachBuffer(const std::vector<Instruction> &code, size_t count,
                   const std::function<void(int64_t)> &f) {
  for (const Instruction &inst : code) {
    if (inst.opcode == Opcode::Buffer && inst.fields.size() == 2 &&
        inst.fields[1] >= 0 && inst.fields[1] < static_cast<int64_t>(count))
      f(inst.fields[1]);
    forEachBuffer(inst.body, count, f);
    forEachBuffer(inst.orElse, count, f);
  }
}

std::vector<int64_t> hbmLiveAtKernels(const Executable &exe,
                                      const Function &function) {
  size_t count = exe.buffers.size();
  std::vector<std::vector<int64_t>> kernelBuffers(function.kernels.size());
  for (size_t k = 0; k < function.kernels.size(); ++k)
    forEachBuffer(function.kernels[k].code, count,
                  [&](int64_t id) { kernelBuffers[k].push_back(id); });
  std::vector<Interval> live(count);
  // (kernel, position) of every kernel step, in program order.
  std::vector<std::pair<int64_t, int64_t>> kernelSteps;
  int64_t position = 0;
  // Returns the buffers `steps` name; a loop's or branch's blocks name
  // theirs for the whole step (any iteration may run them).
  std::function<std::vector<int64_t>(const std::vector<Step> &)> walk =
      [&](const std::vector<Step> &steps) {
        std::vector<int64_t> named;
        for (const Step &step : steps) {
          int64_t at = position++;
          auto name = [&](int64_t id) {
            if (id >= 0 && id < static_cast<int64_t>(count)) {
              live[id].cover(at, at);
              named.push_back(id);
            }
          };
          if (step.kind == Step::Kind::Kernel &&
              step.kernel < static_cast<int64_t>(kernelBuffers.size())) {
            kernelSteps.push_back({step.kernel, at});
            for (int64_t id : kernelBuffers[step.kernel])
              name(id);
          } else if (step.kind == Step::Kind::Copy) {
            name(step.src);
            name(step.dst);
          } else if (step.kind == Step::Kind::Collective) {
            name(step.collective.dst.buffer);
            if (step.collective.src)
              name(step.collective.src->buffer);
          } else {
            name(step.buffer);
          }
          std::vector<int64_t> inside;
          for (const std::vector<Step> &block : step.blocks)
            for (int64_t id : walk(block))
              inside.push_back(id);
          for (int64_t id : inside) {
            live[id].cover(at, position - 1);
            named.push_back(id);
          }
        }
        return named;
      };
  walk(function.steps);
  // The function's own arguments and constants are live throughout, its
  // results to the end.
  std::vector<bool> always(count, false);
  for (const TensorSpec &spec : function.arguments)
    if (spec.buffer >= 0 && spec.buffer < static_cast<int64_t>(count))
      always[spec.buffer] = true;
  for (size_t id = 0; id < count; ++id)
    if (exe.buffers[id].kind == BufferKind::Constant && live[id].last >= 0)
      always[id] = true;
  for (const TensorSpec &spec : function.results)
    if (spec.buffer >= 0 && spec.buffer < static_cast<int64_t>(count))
      live[spec.buffer].last = position;
  std::vector<int64_t> result(function.kernels.size(), 0);
  for (auto [kernel, at] : kernelSteps) {
    int64_t bytes = 0;
    for (size_t id = 0; id < count; ++id) {
      const Buffer &b = exe.buffers[id];
      if (b.space != Space::Hbm)
        continue;
      if (always[id] || (live[id].first <= at && at <= live[id].last))
        bytes += b.bytes();
    }
    result[kernel] = std::max(result[kernel], bytes);
  }
  return result;
}

} // namespace tpurt
