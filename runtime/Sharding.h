//===- Sharding.h - whole tensors and the tiles devices hold ---*- C++ -*-===//
//
// A partitioned program (hlo-spmd-partition) takes and returns tiles; the
// host gives and wants whole tensors. These cut inputs into each device's
// tiles and put results back together, by the signature's layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_SHARDING_H
#define TPU_RUNTIME_SHARDING_H

#include "runtime/Device.h"
#include "runtime/Executable.h"

#include "absl/status/statusor.h"

namespace tpurt {

using tpc::HostTensor;

/// Whether `function` was partitioned: its signature lays tensors out over
/// devices.
bool isPartitioned(const Function &function);

/// The tile of `whole` that `device` holds by `spec`.
HostTensor tileOf(const HostTensor &whole, const TensorSpec &spec,
                  int64_t device);

/// Device `device`'s inputs from whole ones (INVALID_ARGUMENT naming the
/// argument when one is not the whole tensor the signature wants).
absl::StatusOr<std::vector<HostTensor>>
tileInputs(const Function &function, const std::vector<HostTensor> &whole,
           int64_t device);

/// The whole tensor from the tiles each device holds (`tiles[device]`):
/// each tile read from the first device that holds it.
HostTensor wholeOf(const TensorSpec &spec,
                   const std::vector<const HostTensor *> &tiles);

/// Runs `function` on `topology` as tpu-run does: a single device alone, a
/// slice on every device (runSlice). For a partitioned program (not under
/// timingOnly) device 0's results become the whole results, put together
/// from the devices' tiles. The runs per device, device 0 first (one under
/// timingOnly or on one device).
absl::StatusOr<std::vector<RunResult>>
runOnTopology(const Executable &executable, const tpc::Topology &topology,
              const std::string &function,
              const std::vector<HostTensor> &inputs, const RunOptions &options);

} // namespace tpurt

#endif // TPU_RUNTIME_SHARDING_H
