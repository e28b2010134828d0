//===- Sharding.h - whole tensors and the tiles devices hold ---*- C++ -*-===//
//
// A partitioned program (hlo-spmd-partition) takes and returns tiles; the
// host gives and wants whole tensors. These cut inputs into each device's
// tiles and put results back together, by the signature's layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_SHARDING_H
#define TPU_RUNTIME_SHARDING_H

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

} // namespace tpurt

#endif // TPU_RUNTIME_SHARDING_H
