//===- Device.cpp - The simulated TensorCore ------------------------------===//

#include "runtime/Device.h"
#include "runtime/HbmUsage.h"
#include "runtime/Fabric.h"
#include "runtime/KernelRun.h"
#include "runtime/Sharding.h"

#include "runtime/HbmAllocator.h"
#include "runtime/Numerics.h"
#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <thread>

namespace tpurt {

std::vector<int64_t> physicalOrder(const std::vector<int64_t> &minorToMajor) {
  return std::vector<int64_t>(minorToMajor.rbegin(), minorToMajor.rend());
}

namespace {

using detail::forEachIndex;
using detail::KernelRun;
using detail::kSmemBytes;
using detail::rowMajorStrides;
using detail::View;

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
  if (buffer.bytes() == 0) // a tensor with no elements has no storage
    return;
  std::memset(data, 0, buffer.bytes());
  forEachPlaced(spec, buffer, [&](int64_t n, int64_t offset) {
    storeHbm(buffer.element, data, offset, tensor.values[n]);
  });
}

HostTensor readBack(const TensorSpec &spec, const Buffer &buffer,
                    const uint8_t *data) {
  HostTensor tensor{spec.element, spec.dims, {}};
  tensor.values.resize(tensor.elements());
  forEachPlaced(spec, buffer, [&](int64_t n, int64_t offset) {
    tensor.values[n] = loadHbm(buffer.element, data, offset);
  });
  return tensor;
}

/// Inputs must match the function's signature.
} // namespace

absl::Status checkInputs(const std::vector<TensorSpec> &arguments,
                         const std::string &name,
                         const std::vector<HostTensor> &inputs) {
  if (inputs.size() != arguments.size())
    return absl::InvalidArgumentError(
        absl::StrCat("function '", name, "' takes ", arguments.size(),
                     " arguments, but ", inputs.size(), " inputs were given"));
  for (size_t i = 0; i < inputs.size(); ++i) {
    const TensorSpec &spec = arguments[i];
    if (inputs[i].element != spec.element || inputs[i].dims != spec.dims ||
        static_cast<int64_t>(inputs[i].values.size()) != inputs[i].elements())
      return absl::InvalidArgumentError(absl::StrCat(
          "argument ", i, " of '", name, "' must be ",
          tensorTypeName(spec.element, spec.dims), ", but the input is ",
          tensorTypeName(inputs[i].element, inputs[i].dims)));
  }
  return absl::OkStatus();
}

/// The buffers a function's kernels, steps and signature name.
std::vector<bool> usedBuffers(const Executable &exe, const Function &function) {
  std::vector<bool> used(exe.buffers.size(), false);
  for (const Kernel &kernel : function.kernels)
    forEachBuffer(kernel.code, used.size(),
                  [&](int64_t id) { used[id] = true; });
  for (const TensorSpec &spec : function.results)
    used[spec.buffer] = true;
  std::function<void(const std::vector<Step> &)> markSteps =
      [&](const std::vector<Step> &steps) {
        for (const Step &step : steps) {
          if (step.kind == Step::Kind::Copy)
            used[step.src] = used[step.dst] = true;
          else if (step.kind == Step::Kind::Collective)
            used[step.collective.dst.buffer] =
                used[step.collective.src ? step.collective.src->buffer
                                         : step.collective.dst.buffer] = true;
          else if (step.kind != Step::Kind::Kernel)
            used[step.buffer] = true;
          for (const std::vector<Step> &block : step.blocks)
            markSteps(block);
        }
      };
  markSteps(function.steps);
  return used;
}

/// The scalar core's program between kernels: kernels in order, copies,
/// loops and branches on scalars it reads from HBM.
struct ProgramRun {
  const Function &function;
  const tpc::Target &target;
  const RunOptions &options;
  Timeline &timeline;
  std::vector<View> &views;
  RunResult &result;
  /// Collectives met so far: the fabric pairs the devices' n-th ones.
  int64_t sequence = 0;
  CollectivesInFlight inFlight;
  /// The HBM each kernel reads or writes, found when it first runs.
  std::vector<std::optional<std::vector<CollectivesInFlight::Span>>> touched;
  /// HBM in use while each kernel runs (for a profile's counter).
  std::vector<int64_t> hbmLive;

  absl::Status run(const std::vector<Step> &steps) {
    for (const Step &step : steps) {
      absl::Status s = absl::OkStatus();
      switch (step.kind) {
      case Step::Kind::Kernel:
        s = kernel(step.kernel, result.kernels[step.kernel]);
        break;
      case Step::Kind::Copy:
        s = copy(step);
        break;
      case Step::Kind::While:
        s = loop(step);
        break;
      case Step::Kind::Case:
        s = branch(step);
        break;
      case Step::Kind::Collective:
        s = collective(step.collective);
        break;
      }
      if (!s.ok())
        return s;
    }
    return absl::OkStatus();
  }

private:
  /// The HBM span of buffer `id` (nothing for on-chip buffers).
  void addSpan(int64_t id, std::vector<CollectivesInFlight::Span> &spans) {
    // A buffer this function does not bind has no view (the kernel fails
    // when it reaches it).
    if (id < 0 || id >= static_cast<int64_t>(views.size()) ||
        !views[id].buffer)
      return;
    const Buffer &b = *views[id].buffer;
    if (b.space != Space::Hbm)
      return;
    int64_t region = b.kind == BufferKind::Argument ? b.argument : -1;
    spans.push_back(
        {region, b.offset, tpc::saturatingAdd(b.offset, b.bytes())});
  }

  const std::vector<CollectivesInFlight::Span> &spansOf(int64_t index) {
    if (touched.empty())
      touched.resize(function.kernels.size());
    std::optional<std::vector<CollectivesInFlight::Span>> &spans =
        touched[index];
    if (spans)
      return *spans;
    spans.emplace();
    forEachBuffer(function.kernels[index].code, views.size(),
                  [&](int64_t id) { addSpan(id, *spans); });
    return *spans;
  }

  absl::Status kernel(int64_t index, KernelStats &total) {
    const Kernel &code = function.kernels[index];
    KernelStats stats;
    stats.name = code.name;
    int64_t firstTask = timeline.size();
    KernelRun runner(code, target, options, timeline, views, stats);
    // After the kernels before it; beside collectives still in flight
    // unless it touches what they read or write.
    int64_t start =
        inFlight.startFor(timeline.computeMakespan(), spansOf(index));
    if (absl::Status s = runner.run(start); !s.ok())
      return s;
    inFlight.kernelRan(stats.start, stats.end);
    result.iciHiddenCycles = inFlight.hiddenCycles();
    for (int64_t t = firstTask; t < timeline.size(); ++t) {
      const Task &task = timeline.task(t);
      if (task.engine.kind == Engine::Mxu)
        stats.mxuBusyCycles += task.cycles;
      else if (task.engine.kind == Engine::Vector)
        stats.vectorBusyCycles += task.cycles;
      else if (task.engine.kind == Engine::Dma)
        stats.dmaBusyCycles += task.cycles;
    }
    result.flops += stats.flops;
    result.int8Ops += stats.int8Ops;
    result.hbmBytes += stats.hbmBytes;
    result.mxuBusyCycles += stats.mxuBusyCycles;
    if (total.runs++ == 0)
      total.start = stats.start;
    total.end = stats.end;
    total.cycles += stats.end - stats.start;
    total.flops += stats.flops;
    total.int8Ops += stats.int8Ops;
    total.hbmBytes += stats.hbmBytes;
    total.mxuBusyCycles += stats.mxuBusyCycles;
    total.vectorBusyCycles += stats.vectorBusyCycles;
    total.dmaBusyCycles += stats.dmaBusyCycles;
    if (options.keepTasks)
      result.kernelRuns.push_back({index, stats.start, stats.end, stats.flops,
                                   stats.hbmBytes, hbmLive[index]});
    // A kernel's tasks depend on its own tasks only: without a profile to
    // write, what the run keeps stays the size of one kernel's tasks.
    if (!options.keepTasks)
      timeline.forgetBefore(timeline.size());
    return absl::OkStatus();
  }

  /// An HBM-to-HBM DMA once what came before has finished: the bytes are
  /// read and written.
  absl::Status copy(const Step &step) {
    const View &src = views[step.src], &dst = views[step.dst];
    int64_t bytes = src.buffer->bytes();
    if (src.data && dst.data)
      std::memmove(dst.data, src.data, bytes);
    result.hbmBytes += 2 * bytes;
    absl::StatusOr<int64_t> task = timeline.add(
        "copy", {Engine::Dma}, dmaTransferCycles(target, 2 * bytes), {},
        timeline.makespan(), kDmaLatencyCycles);
    return task.status();
  }

  /// The scalar core reads the first element of `id` (a DMA of one word
  /// into SMEM, then a branch) once everything before has finished.
  absl::StatusOr<int64_t> readScalar(int64_t id) {
    absl::StatusOr<int64_t> task =
        timeline.add("branch", {Engine::Dma}, dmaTransferCycles(target, 4), {},
                     timeline.makespan(), kDmaLatencyCycles + kBranchCycles);
    if (!task.ok())
      return task.status();
    const View &v = views[id];
    return v.data ? loadInteger(v.buffer->element, v.data) : 0;
  }

  /// Hands the source tensor to the fabric once everything before has
  /// finished; the result lands in HBM when the ICI transfer ends.
  absl::Status collective(const Collective &c) {
    const View &dst = views[c.dst.buffer];
    bool compute = !options.timingOnly;
    if (compute && (!dst.data || (c.src && !views[c.src->buffer].data)))
      return absl::InvalidArgumentError(
          absl::StrCat(std::string(collectiveOpName(c.op)),
                       " names a buffer this function does not have"));
    HostTensor input;
    if (compute && c.src)
      input = readBack(*c.src, *views[c.src->buffer].buffer,
                       views[c.src->buffer].data);
    // Its source is ready when the kernels before it are; the ICI runs one
    // collective after another.
    int64_t ready = timeline.computeMakespan();
    HostTensor output;
    int64_t start = ready, cycles = 0;
    if (c.op == CollectiveOp::DeviceId) {
      // The scalar core writes its own id: no ICI.
    } else if (options.fabric) {
      absl::StatusOr<Exchange> got = options.fabric->exchange(
          sequence++, c, options.device, ready, std::move(input));
      if (!got.ok())
        return got.status();
      output = std::move(got->output);
      start = got->start, cycles = got->cycles;
      result.iciBytes += got->iciBytes;
      result.iciByOp[static_cast<size_t>(c.op)].bytes += got->iciBytes;
    } else {
      std::vector<HostTensor> outs;
      if (absl::Status s = moveTensors(c, {input}, outs); !s.ok())
        return s;
      output = std::move(outs.front());
    }
    if (c.op == CollectiveOp::DeviceId) {
      output = HostTensor{c.dst.element, c.dst.dims, {}};
      output.values.assign(output.elements(), options.device);
    }
    if (compute)
      layOut(output, c.dst, *dst.buffer, dst.data);
    absl::StatusOr<int64_t> task =
        timeline.add(std::string(collectiveOpName(c.op)), {Engine::Ici},
                     std::max<int64_t>(cycles, 1), {}, start);
    if (!task.ok())
      return task.status();
    std::vector<CollectivesInFlight::Span> spans;
    addSpan(c.dst.buffer, spans);
    if (c.src)
      addSpan(c.src->buffer, spans);
    const Task &moved = timeline.task(*task);
    inFlight.add(moved.start, moved.end, std::move(spans));
    if (c.op == CollectiveOp::DeviceId) // no ICI traffic
      return absl::OkStatus();
    RunResult::Collectives &mine = result.iciByOp[static_cast<size_t>(c.op)];
    ++mine.runs;
    mine.cycles += std::max<int64_t>(cycles, 1);
    result.iciCycles += std::max<int64_t>(cycles, 1);
    return absl::OkStatus();
  }

  absl::Status loop(const Step &step) {
    int64_t trips =
        step.tripCount >= 0 ? step.tripCount : options.loopTripCount;
    if (options.timingOnly && trips < 0)
      return absl::FailedPreconditionError(
          "a loop's trip count depends on the inputs, which --timing-only "
          "does not compute; give the count (tpu-run --loop-trip-count=N)");
    for (int64_t i = 0;; ++i) {
      if (absl::Status s = run(step.blocks[0]); !s.ok())
        return s;
      absl::StatusOr<int64_t> pred = readScalar(step.buffer);
      if (!pred.ok())
        return pred.status();
      if (options.timingOnly ? i == trips : *pred == 0)
        return absl::OkStatus();
      if (options.maxLoopIterations > 0 && i == options.maxLoopIterations)
        return absl::ResourceExhaustedError(
            absl::StrCat("a loop ran ", i,
                         " iterations without its condition turning "
                         "false (the limit is ",
                         options.maxLoopIterations, ")"));
      if (absl::Status s = run(step.blocks[1]); !s.ok())
        return s;
    }
  }

  absl::Status branch(const Step &step) {
    if (options.timingOnly)
      return absl::FailedPreconditionError(
          "which branch runs depends on the inputs, which --timing-only does "
          "not compute; run with inputs");
    absl::StatusOr<int64_t> index = readScalar(step.buffer);
    if (!index.ok())
      return index.status();
    auto last = static_cast<int64_t>(step.blocks.size()) - 1;
    return run(step.blocks[*index < 0 || *index > last ? last : *index]);
  }
};

absl::Status checkNoElidedConstants(const std::vector<std::string> &elided) {
  if (elided.empty())
    return absl::OkStatus();
  std::string where;
  size_t shown = std::min<size_t>(elided.size(), 3);
  for (size_t i = 0; i < shown; ++i)
    absl::StrAppend(&where, i ? "; " : "", elided[i]);
  if (shown < elided.size())
    absl::StrAppend(&where, "; and ", elided.size() - shown, " more");
  return absl::FailedPreconditionError(absl::StrCat(
      "the program was compiled without the values of ", elided.size(),
      elided.size() == 1 ? " constant" : " constants",
      " (weights printed elided: ", where,
      "); compile it as exported, with its resource section, to compute "
      "values, or run with --timing-only"));
}

/// A run that computes values needs every constant's: one compiled from
/// weights printed elided holds placeholders, so only timing it is allowed.
static absl::Status checkComputable(const Executable &exe,
                                    const RunOptions &options) {
  return options.timingOnly ? absl::OkStatus()
                            : checkNoElidedConstants(exe.elidedConstants);
}

absl::StatusOr<RunResult> run(const Executable &exe, const tpc::Target &target,
                              const std::string &name,
                              const std::vector<HostTensor> &inputs,
                              const RunOptions &options) {
  if (absl::Status s = checkComputable(exe, options); !s.ok())
    return s;
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
    if (absl::Status s = checkInputs(function->arguments, name, inputs);
        !s.ok())
      return s;
  }

  // HBM: the program region, then each argument.
  absl::StatusOr<HbmAllocator> hbm =
      HbmAllocator::create(target.hbmCapacity(), target.hbmAlignment);
  if (!hbm.ok())
    return hbm.status();
  RunResult result;
  result.modelFlops = function->modelFlops;
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
  // buffers are materialized.
  std::vector<bool> used = usedBuffers(exe, *function);

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
      if (compute && b.kind == BufferKind::Constant && !b.data.empty())
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
  auto start = std::chrono::steady_clock::now();
  for (const Kernel &kernel : function->kernels) {
    KernelStats &stats = result.kernels.emplace_back();
    stats.name = kernel.name;
    stats.opName = kernel.opName;
    stats.source = kernel.source;
  }
  ProgramRun control{*function, target, options, timeline, views, result};
  if (options.keepTasks)
    control.hbmLive = hbmLiveAtKernels(exe, *function);
  if (absl::Status s = control.run(function->steps); !s.ok())
    return s;
  result.collectiveSteps = control.sequence;
  result.kernelHostSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  result.cycles = timeline.makespan();
  result.tasks = timeline.takeTasks();
  result.taskNames = timeline.takeNames();
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

namespace tpurt {

absl::StatusOr<std::vector<RunResult>>
runSlice(const Executable &exe, const tpc::Topology &topology,
         const std::string &name, const std::vector<HostTensor> &inputs,
         const RunOptions &options) {
  if (absl::Status s = checkComputable(exe, options); !s.ok())
    return s;
  int64_t runs = options.timingOnly ? 1 : topology.devices();
  Fabric fabric(topology, runs);
  std::vector<absl::StatusOr<RunResult>> results(runs,
                                                 absl::UnknownError("not run"));
  std::vector<std::thread> threads;
  for (int64_t d = 0; d < runs; ++d)
    threads.emplace_back([&, d] {
      RunOptions mine = options;
      mine.fabric = &fabric;
      mine.device = d;
      // A partitioned program takes each device's tiles.
      const Function *function = exe.findFunction(name);
      absl::StatusOr<std::vector<HostTensor>> mineIn =
          function && !inputs.empty() ? tileInputs(*function, inputs, d)
                                      : inputs;
      results[d] = mineIn.ok() ? run(exe, *topology.target, name, *mineIn, mine)
                               : mineIn.status();
      if (!results[d].ok())
        fabric.abort();
      else
        fabric.finished(results[d]->collectiveSteps);
    });
  for (std::thread &t : threads)
    t.join();
  std::vector<RunResult> out;
  // The first failure that is not another's consequence.
  for (absl::StatusOr<RunResult> &r : results)
    if (!r.ok() && !absl::IsAborted(r.status()))
      return r.status();
  for (absl::StatusOr<RunResult> &r : results) {
    if (!r.ok())
      return r.status();
    out.push_back(std::move(*r));
  }
  return out;
}

} // namespace tpurt
