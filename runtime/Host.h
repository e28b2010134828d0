//===- Host.h - The host side of a TPU call ---------------------*- C++ -*-===//
//
// What happens around the device program on Cloud TPU: inputs travel from
// host memory through a premapped (pinned) host buffer over the host link,
// each host call pays a launch overhead, and --steps=N runs N steps per call
// (Keras' steps_per_execution) so that the overhead is paid once for N
// steps. See docs/runtime.md for the numbers and their sources.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_HOST_H
#define TPU_RUNTIME_HOST_H

#include "runtime/machine/Target.h"

#include "absl/status/statusor.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tpurt {

/// The premapped host buffer's configuration.
struct HostBufferConfig {
  /// TPU_PREMAPPED_BUFFER_SIZE.
  int64_t size = 4294967296;
  /// TPU_PREMAPPED_BUFFER_TRANSFER_THRESHOLD_BYTES: the largest piece of
  /// one transfer staged at a time (larger transfers go in pieces). Unset,
  /// transfers are staged whole.
  int64_t transferThreshold = std::numeric_limits<int64_t>::max();
};

/// The configuration from the two environment variable values (unset:
/// nullopt). A size that is not a positive multiple of 4096, or a value
/// that is not a number, is INVALID_ARGUMENT naming the variable.
absl::StatusOr<HostBufferConfig>
hostBufferConfig(std::optional<std::string> size,
                 std::optional<std::string> threshold);
/// The same, read from the process environment.
absl::StatusOr<HostBufferConfig> hostBufferConfigFromEnv();

/// The premapped host buffer: transfers take space in it while staged.
class PremappedBuffer {
public:
  explicit PremappedBuffer(HostBufferConfig config) : config(config) {}

  /// Stages a transfer of `bytes`: it holds min(bytes, threshold) bytes
  /// until release(). RESOURCE_EXHAUSTED with XLA's wording when that much
  /// is not free.
  absl::StatusOr<int64_t> stage(int64_t bytes);
  void release(int64_t staged) { inUse -= staged; }
  int64_t free() const { return config.size - inUse; }

private:
  HostBufferConfig config;
  int64_t inUse = 0;
};

/// Host link and launch costs of one generation's host.
struct HostLink {
  /// Bytes per second over PCIe between host and one TPU chip.
  double bytesPerSecond;
  /// Seconds per transfer before the first byte moves.
  double transferLatency;
  /// Seconds to launch one host call of a compiled program.
  double launchOverhead;
};
HostLink hostLink(const tpc::Target &target);

/// The time of one host call that runs `steps` steps, each moving
/// `inputBytes` in and `outputBytes` out over the host link in
/// `transfers` transfers and taking `stepSeconds` on the device.
struct CallTime {
  double launch = 0, transfers = 0, device = 0;
  double total() const { return launch + transfers + device; }
};
CallTime callTime(const tpc::Target &target, int64_t steps, double stepSeconds,
                  int64_t inputBytes, int64_t outputBytes, int64_t transfers);

} // namespace tpurt

#endif // TPU_RUNTIME_HOST_H
