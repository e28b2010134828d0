//===- FuzzNpy.cpp - libFuzzer: the .npy reader ---------------------------===//
//
// Arbitrary bytes through tpurt::parseNpy (tpu-run's --input=FILE.npy); a
// tensor that parses must serialize and parse back to itself.
//
//===----------------------------------------------------------------------===//

#include "runtime/Npy.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  absl::StatusOr<tpurt::HostTensor> tensor =
      tpurt::parseNpy(std::vector<uint8_t>(data, data + size));
  if (!tensor.ok())
    return 0;
  absl::StatusOr<tpurt::HostTensor> again =
      tpurt::parseNpy(tpurt::serializeNpy(*tensor));
  if (!again.ok() || again->dims != tensor->dims ||
      again->element != tensor->element ||
      again->values.size() != tensor->values.size())
    std::abort();
  for (size_t i = 0; i < tensor->values.size(); ++i) {
    double a = tensor->values[i], b = again->values[i];
    if (!(a == b || (std::isnan(a) && std::isnan(b))))
      std::abort();
  }
  return 0;
}
