//===- Collectives.h - The reference evaluator on many devices --*- C++ -*-===//
//
// An SPMD program runs as one evaluator per device, each on its own thread;
// at a collective each hands its operand to a rendezvous, where the last to
// arrive computes every device's result (docs/dialects/hlo.md
// "Collectives"). Internal to TPUReference.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_REFERENCE_COLLECTIVES_H
#define TPU_COMPILER_REFERENCE_COLLECTIVES_H

#include "runtime/machine/HostTensor.h"

#include "dialects/hlo/HLOOps.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <condition_variable>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tpu::reference {

using tpc::HostTensor;

class Rendezvous {
public:
  explicit Rendezvous(int64_t devices) : devices(devices) {}
  int64_t size() const { return devices; }
  /// Device `device`'s `sequence`-th collective, `op`, with its operand:
  /// waits for every device and returns this device's result, or failure
  /// (reported on `op` by one device) when the devices disagree, a group is
  /// malformed for this many devices, or another device failed.
  FailureOr<HostTensor> exchange(Operation *op, int64_t sequence,
                                 int64_t device, HostTensor operand);
  /// A device finished after `collectives` collectives: one waiting at a
  /// later collective fails (reported on its op) instead of hanging.
  void finished(int64_t collectives);
  /// A device failed: nobody waits for it any more.
  void abort();

private:
  struct Round {
    Operation *op = nullptr;
    std::vector<HostTensor> inputs, outputs;
    int64_t arrived = 0, taken = 0;
    bool done = false, failed = false;
  };
  int64_t devices;
  std::mutex mutex;
  std::condition_variable ready;
  std::map<int64_t, Round> rounds;
  bool aborted = false;
  int64_t fewest = std::numeric_limits<int64_t>::max();
};

/// What a device's evaluator needs to take part: its id and the rendezvous
/// (null on one device, where every group must be just device 0).
struct Spmd {
  int64_t device = 0;
  Rendezvous *rendezvous = nullptr;
  int64_t *sequence = nullptr;
};

/// The results of collective `op` for every device from every device's
/// operand, or a message saying why it cannot run on `inputs.size()`
/// devices.
std::optional<std::string> computeCollective(Operation *op,
                                             ArrayRef<HostTensor> inputs,
                                             std::vector<HostTensor> &outputs);

bool isCollective(Operation *op);

/// Runs `perDevice` for each of `devices` devices on its own thread, with a
/// rendezvous for their collectives: every device's results, or failure.
/// Only the first failing device's diagnostics are reported (how far the
/// others got varies from run to run, and the output must not).
FailureOr<SmallVector<SmallVector<HostTensor>>> runOnDevices(
    MLIRContext *context, int64_t devices,
    llvm::function_ref<FailureOr<SmallVector<HostTensor>>(Spmd)> perDevice);

/// Device `device`'s tile of `whole` under `sharding` (XLA's device array:
/// the device's position in it, row-major over the tile counts, is its
/// tile's coordinates); the whole tensor when it is replicated.
HostTensor tileOf(const HostTensor &whole, hlo::ShardingAttr sharding,
                  int64_t device);
/// Writes `tile`, device `device`'s under `sharding`, into `whole`.
void placeTile(HostTensor &whole, const HostTensor &tile,
               hlo::ShardingAttr sharding, int64_t device);

} // namespace mlir::tpu::reference

#endif // TPU_COMPILER_REFERENCE_COLLECTIVES_H
