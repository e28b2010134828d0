//===- Host.cpp - The host side of a TPU call -----------------------------===//

#include "runtime/Host.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cstdlib>

namespace tpurt {

namespace {

absl::StatusOr<int64_t> parseBytes(const std::string &name,
                                   const std::string &text) {
  int64_t value = 0;
  if (!absl::SimpleAtoi(text, &value) || value <= 0)
    return absl::InvalidArgumentError(
        absl::StrCat(name, "=", text, " is not a positive number of bytes"));
  return value;
}

} // namespace

absl::StatusOr<HostBufferConfig>
hostBufferConfig(std::optional<std::string> size,
                 std::optional<std::string> threshold) {
  HostBufferConfig config;
  if (size) {
    absl::StatusOr<int64_t> bytes =
        parseBytes("TPU_PREMAPPED_BUFFER_SIZE", *size);
    if (!bytes.ok())
      return bytes.status();
    if (*bytes % 4096 != 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "TPU_PREMAPPED_BUFFER_SIZE=", *size,
          " is not a multiple of 4096 (the host page size the buffer is "
          "pinned in)"));
    config.size = *bytes;
  }
  if (threshold) {
    absl::StatusOr<int64_t> bytes =
        parseBytes("TPU_PREMAPPED_BUFFER_TRANSFER_THRESHOLD_BYTES", *threshold);
    if (!bytes.ok())
      return bytes.status();
    config.transferThreshold = *bytes;
  }
  return config;
}

absl::StatusOr<HostBufferConfig> hostBufferConfigFromEnv() {
  auto get = [](const char *name) -> std::optional<std::string> {
    if (const char *value = std::getenv(name))
      return std::string(value);
    return std::nullopt;
  };
  return hostBufferConfig(get("TPU_PREMAPPED_BUFFER_SIZE"),
                          get("TPU_PREMAPPED_BUFFER_TRANSFER_THRESHOLD_BYTES"));
}

absl::StatusOr<int64_t> PremappedBuffer::stage(int64_t bytes) {
  int64_t staged = std::min(bytes, config.transferThreshold);
  if (staged > free())
    return absl::ResourceExhaustedError(absl::StrCat(
        "Attempting to allocate ", staged,
        ". That was not possible. There are ", free(),
        " free. (the premapped host buffer of TPU_PREMAPPED_BUFFER_SIZE=",
        config.size,
        " bytes is too small for this transfer; raise it, or lower "
        "TPU_PREMAPPED_BUFFER_TRANSFER_THRESHOLD_BYTES to send large "
        "transfers in pieces)"));
  inUse += staged;
  return staged;
}

HostLink hostLink(const tpc::Target &target) {
  // v2 and v3 hosts reach each chip over PCIe 3.0 x16, v4 and later over
  // PCIe 4.0 x16 (about 16 and 32 GB/s usable). The launch overhead of a
  // host call is the order of magnitude the Keras guide's
  // steps_per_execution advice is about: tens of microseconds.
  bool pcie3 = target.name == "v2" || target.name == "v3";
  return HostLink{pcie3 ? 16e9 : 32e9, 2e-6, 30e-6};
}

CallTime callTime(const tpc::Target &target, int64_t steps, double stepSeconds,
                  int64_t inputBytes, int64_t outputBytes, int64_t transfers) {
  HostLink link = hostLink(target);
  CallTime time;
  time.launch = link.launchOverhead;
  double perStep =
      static_cast<double>(inputBytes + outputBytes) / link.bytesPerSecond +
      static_cast<double>(transfers) * link.transferLatency;
  time.transfers = static_cast<double>(steps) * perStep;
  time.device = static_cast<double>(steps) * stepSeconds;
  return time;
}

} // namespace tpurt
