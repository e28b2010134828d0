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
#include "runtime/RunOptions.h"
#include "runtime/Timing.h"

#include "runtime/machine/Target.h"
#include "runtime/machine/Topology.h"

#include "absl/status/statusor.h"

#include <array>
#include <string>
#include <vector>

namespace tpurt {

using tpc::HostTensor;

struct RunResult {
  std::vector<HostTensor> results;
  std::vector<KernelStats> kernels;
  /// Every task the run scheduled, and their names (Task::name).
  std::vector<Task> tasks;
  /// Each run of a kernel, in order (kept with the tasks, for a profile).
  struct KernelSpan {
    int64_t kernel; // into `kernels`
    int64_t start, end, flops, hbmBytes;
    int64_t hbmLiveBytes; // HBM in use while it ran (hbmLiveAtKernels)
  };
  std::vector<KernelSpan> kernelRuns;
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

/// FAILED_PRECONDITION naming the constants a program was compiled without
/// (weights printed elided; Executable::elidedConstants): its values cannot
/// be computed. OK when there are none. The simulated run and tpu-run's
/// reference evaluation both use it.
absl::Status checkNoElidedConstants(const std::vector<std::string> &elided);

/// Runs `function` of `executable` on `target`. A run that computes values
/// (not `timingOnly`) of a program with elided constants fails with
/// checkNoElidedConstants's error. Inputs must match the
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
