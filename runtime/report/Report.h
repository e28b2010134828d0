//===- Report.h - A run's performance summary, stats and trace -*- C++ -*-===//
//
// What tpu-run, the C API and the Python package report of a simulated
// run, in the profiler's terms: the summary (step time, utilizations, the
// host call, the top kernels, time by JAX name scope and by op), the stats
// JSON and the Chrome trace (Perfetto; an engine track each, the step and
// XLA Ops tracks).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_REPORT_REPORT_H
#define TPU_RUNTIME_REPORT_REPORT_H

#include "runtime/Device.h"
#include "runtime/machine/Target.h"
#include "runtime/machine/Topology.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <string_view>
#include <vector>

namespace tpurt {

struct ReportOptions {
  int64_t steps = 1;
  tpurt::MxuModel mxuModel = tpurt::MxuModel::Pipelined;
};

std::string formatSeconds(double s);
std::string jsonString(const std::string &s);

/// The kernels whose op names share a key (a name scope, an op), with
/// their summed time and work, most time first; kernels without an op name
/// group as "(no op name)".
struct KernelGroup {
  std::string key;
  int64_t cycles = 0, flops = 0, hbmBytes = 0, kernels = 0;
};
std::vector<KernelGroup>
groupKernels(const tpurt::RunResult &run,
             std::string (*keyOf)(std::string_view opName));

void printSummary(const tpurt::RunResult &run, const tpc::Target &t,
                  const ReportOptions &options, llvm::raw_ostream &out);
/// What a slice adds to device 0's summary: its ICI traffic and time.
void printSlice(const tpurt::RunResult &run, const tpc::Topology &slice,
                llvm::raw_ostream &out);
void writeStats(const tpurt::RunResult &run, const tpc::Target &t,
                int64_t programBytes, const ReportOptions &options,
                llvm::raw_ostream &os);
/// Chrome trace events (needs the run's tasks: RunOptions::keepTasks).
void writeProfile(const tpurt::RunResult &run, const tpc::Target &t,
                  llvm::raw_ostream &os);

} // namespace tpurt

#endif // TPU_RUNTIME_REPORT_REPORT_H
