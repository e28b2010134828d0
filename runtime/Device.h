//===- Device.h - The simulated TensorCore ----------------------*- C++ -*-===//
//
// Runs an executable's function on one simulated TensorCore: allocates HBM
// through the HBM allocator, lays the inputs out in their physical
// (tile-padded) form, executes every kernel's instruction stream with real
// numerics, and schedules each DMA, MXU and vector-unit operation on the
// engine timeline to say how long the step would take. docs/runtime.md.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_DEVICE_H
#define TPU_RUNTIME_DEVICE_H

#include "runtime/Executable.h"
#include "runtime/Host.h"
#include "runtime/Timing.h"

#include "runtime/machine/Target.h"
#include "runtime/machine/Topology.h"

#include "absl/status/statusor.h"

#include <array>
#include <string>
#include <vector>

namespace tpurt {

using tpc::HostTensor;

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

struct RunResult {
  std::vector<HostTensor> results;
  std::vector<KernelStats> kernels;
  /// Every task the run scheduled, and their names (Task::name).
  std::vector<Task> tasks;
  std::vector<std::string> taskNames;
  int64_t cycles = 0;
  /// What the MXUs executed (padded blocks, 2*M*N*K each), and the
  /// function's model FLOPs (Function::modelFlops).
  int64_t flops = 0, modelFlops = 0;
  /// What the MXUs executed on int8 operands (2*M*N*K), apart from flops:
  /// int8 has its own peak (tpc::Target::peakInt8OpsPerSecond).
  int64_t int8Ops = 0;
  int64_t hbmBytes = 0;
  int64_t mxuBusyCycles = 0;
  /// Bytes this device sent over ICI, and the cycles its collectives took;
  /// and the same per collective op (CollectiveOp order) with their runs.
  int64_t iciBytes = 0, iciCycles = 0;
  /// Of iciCycles, those kernels ran beside (hidden under compute).
  int64_t iciHiddenCycles = 0;
  /// Collective steps run (device-id included): the fabric's count.
  int64_t collectiveSteps = 0;
  struct Collectives {
    int64_t runs = 0, bytes = 0, cycles = 0;
  };
  std::array<Collectives, static_cast<size_t>(kLastCollectiveOp) + 1> iciByOp{};
  /// HBM the run allocated: the program region and the arguments.
  int64_t hbmAllocated = 0;
  /// Bytes copied in (arguments) and out (results) over the host link, and
  /// the number of those transfers.
  int64_t hostInBytes = 0, hostOutBytes = 0, hostTransfers = 0;
  /// Host seconds the simulator spent running the kernels (not staging
  /// inputs or reading results): its speed, not the simulated time.
  double kernelHostSeconds = 0;
};

/// Checks `inputs` against a function's `arguments` (count, element type,
/// dimensions): INVALID_ARGUMENT naming the argument and its expected type.
/// The simulated run and tpu-run's reference evaluation both use it, so the
/// two accept exactly the same inputs.
absl::Status checkInputs(const std::vector<TensorSpec> &arguments,
                         const std::string &name,
                         const std::vector<HostTensor> &inputs);

/// Runs `function` of `executable` on `target`. Inputs must match the
/// signature (or be empty with `timingOnly`) (INVALID_ARGUMENT naming the
/// argument and its expected type otherwise); a program that reads out of
/// bounds or races a DMA fails with a message naming the kernel and
/// instruction.
absl::StatusOr<RunResult> run(const Executable &executable,
                              const tpc::Target &target,
                              const std::string &function,
                              const std::vector<HostTensor> &inputs,
                              const RunOptions &options = {});

/// Runs `function` on every device of `topology` (SPMD), each device on its
/// own thread with its own HBM and timeline, `inputs` given to every device.
/// Under timingOnly one device is simulated for all: every device runs the
/// same kernels, and each collective costs what device 0's group does.
/// Results per device (one entry under timingOnly).
absl::StatusOr<std::vector<RunResult>>
runSlice(const Executable &executable, const tpc::Topology &topology,
         const std::string &function, const std::vector<HostTensor> &inputs,
         const RunOptions &options = {});

/// The element coordinates of a physical buffer's row-major index space
/// that hold a logical tensor laid out with `minorToMajor`: physical
/// dimension i is logical dimension minorToMajor[rank-1-i].
std::vector<int64_t> physicalOrder(const std::vector<int64_t> &minorToMajor);

} // namespace tpurt

#endif // TPU_RUNTIME_DEVICE_H
