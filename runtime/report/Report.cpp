//===- Report.cpp - tpu-run's performance summary, stats and trace --------===//

#include "runtime/report/Report.h"

#include "runtime/Timing.h"
#include "runtime/machine/NameScope.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>
#include <optional>

using llvm::StringRef;

namespace tpurt {

std::string formatSeconds(double s) {
  char buffer[64];
  if (s >= 1)
    std::snprintf(buffer, sizeof buffer, "%.3f s", s);
  else if (s >= 1e-3)
    std::snprintf(buffer, sizeof buffer, "%.3f ms", s * 1e3);
  else
    std::snprintf(buffer, sizeof buffer, "%.3f us", s * 1e6);
  return buffer;
}

namespace {

struct Summary {
  double stepTime, roofline, ratio, mxuUtilization, hbmUtilization, tflops;
  /// Model and executed FLOP/s over the peak (MFU, HFU), and the share of
  /// the executed FLOPs the model asked for (the rest is MXU padding).
  double modelTflops, mfu, hfu, useful;
  /// int8 MXU OP/s (counted apart from FLOPs).
  double int8Tops;
};

Summary summarize(const tpurt::RunResult &run, const tpc::Target &t) {
  Summary s;
  s.stepTime = run.cycles / t.clockHz;
  // int8 products have their own peak: the compute bound is the time the
  // float and the int8 work take at their peaks, and utilizations are
  // against the peak of that mix.
  double executed = double(run.flops) + double(run.int8Ops);
  double compute = run.flops / t.peakFlopsPerSecond() +
                   run.int8Ops / t.peakInt8OpsPerSecond();
  double mixPeak = compute > 0 ? executed / compute : t.peakFlopsPerSecond();
  double memory = run.hbmBytes / t.hbmBytesPerSecond;
  s.roofline = std::max(compute, memory);
  s.ratio = s.roofline > 0 ? s.stepTime / s.roofline : 0;
  s.mxuUtilization = run.cycles
                         ? static_cast<double>(run.mxuBusyCycles) /
                               (static_cast<double>(run.cycles) * t.mxusPerCore)
                         : 0;
  s.hbmUtilization =
      s.stepTime > 0 ? run.hbmBytes / s.stepTime / t.hbmBytesPerSecond : 0;
  s.tflops = s.stepTime > 0 ? run.flops / s.stepTime / 1e12 : 0;
  s.int8Tops = s.stepTime > 0 ? run.int8Ops / s.stepTime / 1e12 : 0;
  s.modelTflops = s.stepTime > 0 ? run.modelFlops / s.stepTime / 1e12 : 0;
  // HFU is the float work's; MFU counts the model's operations (float and
  // int8) against the peak of the executed mix.
  s.hfu = s.tflops * 1e12 / t.peakFlopsPerSecond();
  s.mfu = s.modelTflops * 1e12 / mixPeak;
  s.useful = executed > 0 ? double(run.modelFlops) / executed : 0;
  return s;
}

const char *boundOf(const tpurt::KernelStats &k, const tpc::Target &t) {
  return tpurt::boundName(tpurt::kernelBound(k.cycles, k.mxuBusyCycles,
                                             t.mxusPerCore, k.vectorBusyCycles,
                                             k.dmaBusyCycles));
}

tpurt::CallTime hostCall(const tpurt::RunResult &run, const tpc::Target &t,
                         int64_t steps) {
  return tpurt::callTime(t, steps, run.cycles / t.clockHz, run.hostInBytes,
                         run.hostOutBytes, run.hostTransfers);
}

/// The int8 line of the summary, for programs with int8 products.
std::string int8Line(const tpurt::RunResult &run, const Summary &s,
                     const tpc::Target &t) {
  if (run.int8Ops == 0)
    return "";
  double peak = t.peakInt8OpsPerSecond() / 1e12;
  std::string line;
  llvm::raw_string_ostream os(line);
  os << llvm::format("  int8 OPs         %lld executed (%.2f TOP/s of %.2f "
                     "int8 peak: %.1f%%%s)\n",
                     static_cast<long long>(run.int8Ops), s.int8Tops, peak,
                     peak > 0 ? 100 * s.int8Tops / peak : 0.0,
                     t.int8Rate == 0 ? "; int8 taken as bf16" : "");
  return line;
}

} // namespace

std::vector<KernelGroup>
groupKernels(const tpurt::RunResult &run,
             std::string (*keyOf)(std::string_view opName)) {
  std::vector<KernelGroup> groups;
  std::map<std::string, size_t> index;
  for (const tpurt::KernelStats &k : run.kernels) {
    if (!k.runs)
      continue;
    std::string key = k.opName.empty() ? "(no op name)" : keyOf(k.opName);
    auto [it, inserted] = index.try_emplace(key, groups.size());
    if (inserted)
      groups.push_back({key});
    KernelGroup &g = groups[it->second];
    g.cycles += k.cycles;
    g.flops += k.flops;
    g.hbmBytes += k.hbmBytes;
    ++g.kernels;
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const KernelGroup &a, const KernelGroup &b) {
                     return a.cycles > b.cycles;
                   });
  return groups;
}

/// The first groups of kernels' time by `keyOf` of their op names, when
/// the program has op names (JAX's name scopes).
static void printGroups(const tpurt::RunResult &run, const tpc::Target &t,
                        const char *title,
                        std::string (*keyOf)(std::string_view),
                        llvm::raw_ostream &out) {
  if (llvm::none_of(run.kernels, [](const tpurt::KernelStats &k) {
        return !k.opName.empty();
      }))
    return;
  std::vector<KernelGroup> groups = groupKernels(run, keyOf);
  out << "  " << title << ":\n";
  for (size_t i = 0; i < std::min<size_t>(5, groups.size()); ++i)
    out << llvm::format("    %12s %5.1f%%  %4lld kernel(s)  %s\n",
                        formatSeconds(groups[i].cycles / t.clockHz).c_str(),
                        run.cycles ? 100.0 * groups[i].cycles / run.cycles
                                   : 0.0,
                        static_cast<long long>(groups[i].kernels),
                        groups[i].key.c_str());
}

void printSummary(const tpurt::RunResult &run, const tpc::Target &t,
                  const ReportOptions &options, llvm::raw_ostream &out) {
  Summary s = summarize(run, t);
  int64_t steps = options.steps;
  tpurt::CallTime call = hostCall(run, t, steps);
  out << llvm::format(
      "\nSimulated %s TensorCore (%s MXU model):\n"
      "  step time        %s (%lld cycles at %.2f GHz)\n"
      "  FLOPs            %lld executed (%.2f TFLOP/s of %.2f peak: %.1f%% "
      "HFU)\n"
      "%s"
      "  model FLOPs      %lld (%.2f TFLOP/s: %.1f%% MFU; %.1f%% of the "
      "executed, the rest MXU padding)\n"
      "  MXU utilization  %.1f%%\n"
      "  HBM traffic      %lld bytes (%.1f%% of %.0f GB/s)\n"
      "  roofline bound   %s; simulated time is %.2fx the bound\n",
      std::string(t.name).c_str(),
      options.mxuModel == tpurt::MxuModel::Pipelined ? "pipelined" : "serialized",
      formatSeconds(s.stepTime).c_str(), static_cast<long long>(run.cycles),
      t.clockHz / 1e9, static_cast<long long>(run.flops), s.tflops,
      t.peakFlopsPerSecond() / 1e12, 100 * s.hfu, int8Line(run, s, t).c_str(),
      static_cast<long long>(run.modelFlops), s.modelTflops, 100 * s.mfu,
      100 * s.useful, 100 * s.mxuUtilization,
      static_cast<long long>(run.hbmBytes), 100 * s.hbmUtilization,
      t.hbmBytesPerSecond / 1e9, formatSeconds(s.roofline).c_str(), s.ratio);
  out << llvm::format(
      "  host call        %s for %lld step(s): launch %s, host link %s "
      "(%lld bytes in, %lld out per step), device %s; %s per step\n",
      formatSeconds(call.total()).c_str(), static_cast<long long>(steps),
      formatSeconds(call.launch).c_str(), formatSeconds(call.transfers).c_str(),
      static_cast<long long>(run.hostInBytes),
      static_cast<long long>(run.hostOutBytes),
      formatSeconds(call.device).c_str(),
      formatSeconds(call.total() / steps).c_str());
  std::vector<const tpurt::KernelStats *> kernels;
  for (const tpurt::KernelStats &k : run.kernels)
    kernels.push_back(&k);
  std::stable_sort(kernels.begin(), kernels.end(),
                   [](auto *a, auto *b) { return a->cycles > b->cycles; });
  out << "  top kernels:\n";
  for (size_t i = 0; i < std::min<size_t>(5, kernels.size()); ++i) {
    const tpurt::KernelStats &k = *kernels[i];
    double time = k.cycles / t.clockHz;
    out << llvm::format(
        "    %-16s %12s %5.1f%%  %s-bound", k.name.c_str(),
        formatSeconds(time).c_str(),
        run.cycles ? 100.0 * k.cycles / run.cycles : 0.0, boundOf(k, t));
    if (!k.opName.empty())
      out << "  " << k.opName;
    out << "\n";
  }
  printGroups(run, t, "time by name scope", tpc::nameScopeOf, out);
  printGroups(run, t, "time by op", tpc::opKindOf, out);
}

/// What the slice adds to device 0's summary: its ICI traffic and time.
void printSlice(const tpurt::RunResult &run, const tpc::Topology &slice,
                llvm::raw_ostream &out) {
  double clock = slice.target->clockHz;
  out << llvm::format(
      "  slice            %s: %s; figures above are device 0's\n"
      "  ICI              %lld bytes sent, collectives %s (%.1f%% of the "
      "step; %.1f%% of it hidden under kernels)\n",
      slice.name.c_str(), slice.describe().c_str(),
      static_cast<long long>(run.iciBytes),
      formatSeconds(run.iciCycles / clock).c_str(),
      run.cycles ? 100.0 * run.iciCycles / run.cycles : 0.0,
      run.iciCycles ? 100.0 * run.iciHiddenCycles / run.iciCycles : 0.0);
  for (auto [op, kind] : llvm::enumerate(run.iciByOp))
    if (kind.runs)
      out << llvm::format(
          "    %-18s %lld run(s), %lld bytes, %s\n",
          std::string(
              tpurt::collectiveOpName(static_cast<tpurt::CollectiveOp>(op)))
              .c_str(),
          static_cast<long long>(kind.runs), static_cast<long long>(kind.bytes),
          formatSeconds(kind.cycles / clock).c_str());
}


std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

void writeStats(const tpurt::RunResult &run, const tpc::Target &t,
                int64_t programBytes, const ReportOptions &options,
                llvm::raw_ostream &os) {
  Summary s = summarize(run, t);
  int64_t steps = options.steps;
  tpurt::CallTime call = hostCall(run, t, steps);
  os << "{\n  \"target\": " << jsonString(std::string(t.name)) << ",\n"
     << llvm::format("  \"step_time_s\": %.9g,\n", s.stepTime)
     << "  \"program_bytes\": " << programBytes << ",\n"
     << "  \"cycles\": " << run.cycles << ",\n"
     << "  \"flops\": " << run.flops << ",\n"
     << "  \"int8_ops\": " << run.int8Ops << ",\n"
     << "  \"model_flops\": " << run.modelFlops << ",\n"
     << llvm::format("  \"hfu\": %.6g,\n", s.hfu)
     << llvm::format("  \"mfu\": %.6g,\n", s.mfu)
     << "  \"hbm_bytes\": " << run.hbmBytes << ",\n"
     << "  \"mxu_busy_cycles\": " << run.mxuBusyCycles << ",\n"
     << llvm::format("  \"mxu_utilization\": %.6g,\n", s.mxuUtilization)
     << llvm::format("  \"hbm_bw_utilization\": %.6g,\n", s.hbmUtilization)
     << llvm::format("  \"roofline_s\": %.9g,\n", s.roofline)
     << llvm::format("  \"roofline_ratio\": %.6g,\n", s.ratio)
     << "  \"steps\": " << steps << ",\n"
     << llvm::format("  \"call_time_s\": %.9g,\n", call.total())
     << llvm::format("  \"launch_overhead_s\": %.9g,\n", call.launch)
     << llvm::format("  \"host_transfer_s\": %.9g,\n", call.transfers)
     << "  \"host_in_bytes\": " << run.hostInBytes << ",\n"
     << "  \"host_out_bytes\": " << run.hostOutBytes << ",\n"
     << "  \"ici_bytes\": " << run.iciBytes << ",\n"
     << llvm::format("  \"ici_time_s\": %.9g,\n", run.iciCycles / t.clockHz)
     << llvm::format("  \"ici_hidden_s\": %.9g,\n",
                     run.iciHiddenCycles / t.clockHz)

     << "  \"kernels\": [";
  for (auto [i, k] : llvm::enumerate(run.kernels)) {
    os << (i ? ",\n" : "\n") << "    {\"name\": " << jsonString(k.name)
       << ", \"op_name\": " << jsonString(k.opName)
       << ", \"source\": " << jsonString(k.source)
       << ", \"start_cycle\": " << k.start << ", \"runs\": " << k.runs
       << ", \"cycles\": " << k.cycles << ", \"flops\": " << k.flops
       << ", \"hbm_bytes\": " << k.hbmBytes
       << ", \"mxu_busy_cycles\": " << k.mxuBusyCycles
       << ", \"vector_busy_cycles\": " << k.vectorBusyCycles
       << ", \"dma_busy_cycles\": " << k.dmaBusyCycles << ", \"bound\": \""
       << boundOf(k, t) << "\"}";
  }
  os << "\n  ]";
  auto groups = [&](const char *key, std::string (*keyOf)(std::string_view)) {
    os << ",\n  \"" << key << "\": [";
    for (auto [i, g] : llvm::enumerate(groupKernels(run, keyOf)))
      os << (i ? ",\n" : "\n") << "    {\"name\": " << jsonString(g.key)
         << llvm::format(", \"time_s\": %.9g", g.cycles / t.clockHz)
         << ", \"cycles\": " << g.cycles << ", \"flops\": " << g.flops
         << ", \"hbm_bytes\": " << g.hbmBytes
         << ", \"kernels\": " << g.kernels << "}";
    os << "\n  ]";
  };
  groups("by_name_scope", tpc::nameScopeOf);
  groups("by_op", tpc::opKindOf);
  os << "\n}\n";
}

/// Chrome trace events: one thread (track) per engine, one complete event
/// per task, in microseconds.
void writeProfile(const tpurt::RunResult &run, const tpc::Target &t,
                  llvm::raw_ostream &os) {
  std::vector<std::string> tracks;
  auto trackOf = [&](const tpurt::Engine &engine) {
    std::string name = engine.name();
    auto it = std::find(tracks.begin(), tracks.end(), name);
    if (it != tracks.end())
      return static_cast<int>(it - tracks.begin());
    tracks.push_back(name);
    return static_cast<int>(tracks.size() - 1);
  };
  // Traces of long runs stay small: a run of tasks of one name that an
  // engine executes back to back (a kernel's matmuls over its blocks) is
  // one event with its count, and past kMaxEventsPerKernel events of one
  // kernel on one engine, the rest of that kernel's tasks there are one
  // event spanning them, with their count and busy time.
  constexpr int64_t kMaxEventsPerKernel = 256;
  struct Span {
    std::string name;
    uint32_t id; // the tasks' name in RunResult::taskNames
    int64_t start = 0, end = 0, tasks = 0, busy = 0;
  };
  struct Track {
    std::string kernel;
    int64_t events = 0;
    std::optional<Span> open, rest;
  };
  std::vector<Track> state;
  std::string events;
  auto emit = [&](int tid, const Span &span) {
    events +=
        llvm::formatv("    {{\"name\": {0}, \"ph\": \"X\", \"pid\": 0, "
                      "\"tid\": {1}, \"ts\": {2:F4}, \"dur\": {3:F4}, "
                      "\"args\": {{\"tasks\": {4}, \"busy_us\": {5:F4}}},\n",
                      jsonString(span.name), tid, span.start / t.clockHz * 1e6,
                      (span.end - span.start) / t.clockHz * 1e6, span.tasks,
                      span.busy / t.clockHz * 1e6)
            .str();
  };
  auto close = [&](int tid, Track &track) {
    if (track.open)
      emit(tid, *track.open);
    if (track.rest)
      emit(tid, *track.rest);
    track.open.reset();
    track.rest.reset();
  };
  for (const tpurt::Task &task : run.tasks) {
    const std::string &name = run.taskNames[task.name];
    int tid = trackOf(task.engine);
    if (state.size() <= static_cast<size_t>(tid))
      state.resize(tid + 1);
    Track &track = state[tid];
    StringRef kernel = StringRef(name).split('/').first;
    if (kernel != track.kernel) {
      close(tid, track);
      track.kernel = kernel.str();
      track.events = 0;
    }
    int64_t end = task.start + task.cycles;
    if (track.rest) {
      track.rest->end = end;
      ++track.rest->tasks;
      track.rest->busy += task.cycles;
      continue;
    }
    if (track.open && track.open->id == task.name &&
        track.open->end == task.start) {
      track.open->end = end;
      ++track.open->tasks;
      track.open->busy += task.cycles;
      continue;
    }
    if (track.open) {
      emit(tid, *track.open);
      ++track.events;
    }
    if (track.events + 1 < kMaxEventsPerKernel) {
      track.open = Span{name, task.name, task.start, end, 1, task.cycles};
      continue;
    }
    track.open.reset();
    track.rest = Span{track.kernel + ": the rest of its tasks",
                      task.name,
                      task.start,
                      end,
                      1,
                      task.cycles};
  }
  for (auto [tid, track] : llvm::enumerate(state))
    close(static_cast<int>(tid), track);
  // XProf's views: the step, and each kernel run as one slice named by
  // its op name (XLA Ops), with what it computed and moved.
  auto us = [&](int64_t cycles) { return cycles / t.clockHz * 1e6; };
  int stepTid = static_cast<int>(tracks.size());
  tracks.push_back("Steps");
  events += llvm::formatv("    {{\"name\": \"0\", \"ph\": \"X\", \"pid\": 0, "
                          "\"tid\": {0}, \"ts\": 0, \"dur\": {1:F4}},\n",
                          stepTid, us(run.cycles))
                .str();
  int opTid = static_cast<int>(tracks.size());
  tracks.push_back("XLA Ops");
  for (const tpurt::RunResult::KernelSpan &span : run.kernelRuns) {
    const tpurt::KernelStats &k = run.kernels[span.kernel];
    events +=
        llvm::formatv(
            "    {{\"name\": {0}, \"ph\": \"X\", \"pid\": 0, \"tid\": {1}, "
            "\"ts\": {2:F4}, \"dur\": {3:F4}, \"args\": {{\"kernel\": {4}, "
            "\"op_name\": {5}, \"source\": {6}, \"flops\": {7}, "
            "\"bytes_accessed\": {8}}},\n",
            jsonString(k.name), opTid,
            us(span.start), us(span.end - span.start), jsonString(k.name),
            jsonString(k.opName), jsonString(k.source), span.flops,
            span.hbmBytes)
            .str();
  }
  // XProf's memory counter: HBM in use while each kernel runs.
  for (const tpurt::RunResult::KernelSpan &span : run.kernelRuns)
    events += llvm::formatv("    {{\"name\": \"HBM in use\", \"ph\": \"C\", "
                            "\"pid\": 0, \"ts\": {0:F4}, \"args\": {{\"bytes\": "
                            "{1}}},\n",
                            us(span.start), span.hbmLiveBytes)
                  .str();
  os << "{\"traceEvents\": [\n";
  // Steps and XLA Ops first, as XProf shows them, then the engines.
  for (auto [i, name] : llvm::enumerate(tracks)) {
    int64_t sort = int64_t(i) >= stepTid ? int64_t(i) - stepTid
                                         : int64_t(i) + 2;
    os << "    {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 0, "
          "\"tid\": "
       << i << ", \"args\": {\"name\": " << jsonString(name) << "}},\n"
       << "    {\"name\": \"thread_sort_index\", \"ph\": \"M\", \"pid\": "
          "0, \"tid\": "
       << i << ", \"args\": {\"sort_index\": " << sort << "}},\n";
  }
  os << events;
  os << "    {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 0, "
        "\"args\": {\"name\": "
     << jsonString(std::string("TPU ") + std::string(t.name) + " core")
     << "}}\n]}\n";
}


} // namespace tpurt
