//===- Fabric.h - The slice's ICI, where devices' runs meet -----*- C++ -*-===//
//
// An SPMD executable runs once per device, each run on its own thread with
// its own HBM and timeline. At a collective every run hands its tensor to
// the fabric and waits; the last to arrive moves the data, and the
// collective starts on every device once the slowest has reached it and
// takes the ICI model's time (tpc::collectiveCost; docs/multi-device.md).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_FABRIC_H
#define TPU_RUNTIME_FABRIC_H

#include "runtime/Executable.h"

#include "runtime/machine/Topology.h"

#include "absl/status/statusor.h"

#include <condition_variable>
#include <limits>
#include <map>
#include <mutex>
#include <vector>

namespace tpurt {

using tpc::HostTensor;

/// What one device gets back from a collective.
struct Exchange {
  HostTensor output;
  /// The cycle it starts on every device, and how long it takes.
  int64_t start = 0, cycles = 0;
  /// Bytes this device sends over ICI.
  int64_t iciBytes = 0;
};

class Fabric {
public:
  /// `runs` devices take part (1 when a timing-only run simulates one device
  /// for all: then nobody waits and the output is empty).
  Fabric(const tpc::Topology &topology, int64_t runs);
  const tpc::Topology &topology() const { return topology_; }
  int64_t runs() const { return runs_; }

  /// Device `device` reached its `sequence`-th collective at cycle `ready`.
  absl::StatusOr<Exchange> exchange(int64_t sequence, const Collective &c,
                                    int64_t device, int64_t ready,
                                    HostTensor input);
  /// A device's run ended after `collectives` collectives: a device
  /// waiting at a later one waits for nothing (an error, not a hang).
  void finished(int64_t collectives);
  /// A device failed: release the others.
  void abort();

private:
  struct Round {
    /// The step every device must have reached (one executable for all).
    const Collective *step = nullptr;
    std::vector<HostTensor> inputs, outputs;
    int64_t arrived = 0, taken = 0, ready = 0;
    bool done = false;
    absl::Status status;
  };
  tpc::Topology topology_;
  int64_t runs_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::map<int64_t, Round> rounds_;
  bool aborted_ = false;
  int64_t fewest_ = std::numeric_limits<int64_t>::max();
};

/// Whether `c`'s groups name only devices of a slice of `devices` and (but
/// for a permute's pairs) put every device in a group.
absl::Status checkGroups(const Collective &c, int64_t devices);

/// Every device's results of collective `c` from every device's input.
absl::Status moveTensors(const Collective &c,
                         const std::vector<HostTensor> &inputs,
                         std::vector<HostTensor> &outputs);

/// The ICI time and bytes of `c` for `device` on `topology`: V from the
/// logical tensors (tpc::collectiveCost says which).
tpc::CollectiveCost iciCost(const tpc::Topology &topology, const Collective &c,
                            int64_t device);

} // namespace tpurt

#endif // TPU_RUNTIME_FABRIC_H
