//===- RunOptions.h - How a run executes, what each kernel did --*- C++ -*-===//
//
// The options of one run and the per-kernel record it keeps, shared by the
// device (runtime/Device.h), which runs an executable's steps, and the
// kernel interpreter below it (runtime/KernelRun.h), which reads the
// options and fills the record.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_RUNOPTIONS_H
#define TPU_RUNTIME_RUNOPTIONS_H

#include "runtime/Host.h"
#include "runtime/Timing.h"

#include <cstdint>
#include <string>

namespace tpurt {

class Fabric;

struct RunOptions {
  MxuModel mxuModel = MxuModel::Pipelined;
  /// The premapped host buffer inputs and results are staged through.
  HostBufferConfig hostBuffer;
  /// Schedule and time every operation without computing values: no
  /// results, no host memory for HBM, and inputs may be omitted. Cycles,
  /// FLOPs and bytes equal a full run's, since no instruction branches on
  /// data; this is how models too large to compute on the host are timed.
  bool timingOnly = false;
  /// Stop a kernel that executes more instructions than this (loop bodies
  /// counted per iteration) with RESOURCE_EXHAUSTED; 0 is no limit. For
  /// callers that run executables they did not compile (the fuzzer): any
  /// loop bound is valid, and a huge one would otherwise run for hours.
  int64_t maxSteps = 0;
  /// How often a loop whose trip count the compiler could not tell runs
  /// under timingOnly (which reads no predicate); -1: such a loop is an
  /// error there.
  int64_t loopTripCount = -1;
  /// Stop a loop after this many iterations with RESOURCE_EXHAUSTED (a
  /// predicate that never turns false); 0 is no limit.
  int64_t maxLoopIterations = 0;
  /// Keep every task in RunResult::tasks (for a profile); otherwise each
  /// kernel's are dropped once it is counted, so that a run's memory does
  /// not grow with its length (millions of tasks for a large model).
  bool keepTasks = false;
  /// The slice's ICI when the executable runs on many devices (runSlice),
  /// and which device this run is.
  Fabric *fabric = nullptr;
  int64_t device = 0;
};

/// What one kernel did, for the profile and the roofline, summed over the
/// times it ran (a loop body's kernels run once per iteration).
struct KernelStats {
  std::string name;
  std::string opName, source; // Kernel::opName and Kernel::source
  int64_t runs = 0;
  int64_t start = 0, end = 0; // cycles: its first start, its last end
  int64_t cycles = 0;         // the sum of each run's end - start
  int64_t flops = 0;          // 2*M*N*K of every float MXU product
  int64_t int8Ops = 0;        // 2*M*N*K of every int8 MXU product
  int64_t hbmBytes = 0;       // bytes DMAs moved to or from HBM
  int64_t mxuBusyCycles = 0;  // summed over the MXUs
  int64_t vectorBusyCycles = 0;
  int64_t dmaBusyCycles = 0; // transfers, not their latency
};

} // namespace tpurt

#endif // TPU_RUNTIME_RUNOPTIONS_H
