//===- Topology.h - TPU slices and their ICI cost model ---------*- C++ -*-===//
//
// A Cloud TPU slice as the compiler and the runtime see it: how many devices
// (TensorCores a program runs on; v4's and v5p's megacores are one), how
// their chips sit on a torus, which axes wrap around, and what an ICI link
// carries. The collective cost model over it is the scaling book's, made
// exact for small rings (docs/multi-device.md gives the formulas and the
// sources). Plain C++.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_MACHINE_TOPOLOGY_H
#define TPU_RUNTIME_MACHINE_TOPOLOGY_H

#include "runtime/machine/Target.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpc {

struct Topology {
  /// As given: "v3-8", "v5e:4x4".
  std::string name;
  /// What each device is (per-device HBM, MXUs, clock).
  const Target *target = nullptr;
  /// Chips along each torus axis (x first), and whether that axis has
  /// wraparound links (only a full axis of the pod does).
  std::vector<int64_t> chipDims;
  std::vector<bool> wraparound;
  /// Devices per chip: 2 on v2 and v3 (each TensorCore is a device, with its
  /// own HBM), 1 elsewhere.
  int64_t devicesPerChip = 1;
  /// One-way bandwidth of one ICI link, bytes per second, and links per chip.
  double linkBytesPerSecond = 0;
  int64_t linksPerChip = 0;

  int64_t chips() const;
  int64_t devices() const { return chips() * devicesPerChip; }
  /// The device mesh: the cores of a chip innermost (when more than one),
  /// then the chip axes. Device ids count through it innermost first.
  std::vector<int64_t> meshDims() const;
  std::vector<int64_t> coordinates(int64_t device) const;
  /// "4x4 chips (16 devices, v5e), 16.00G of HBM per device (15.75G usable)"
  std::string describe() const;
};

/// Slices are named once: the name decides the rest.
inline bool operator==(const Topology &a, const Topology &b) {
  return a.name == b.name;
}

/// One device on one chip: the default when no topology is given.
Topology singleDevice(const Target &target);

/// Parses a Cloud TPU name (`v3-8`: the number counts TensorCores on v2, v3,
/// v4 and v5p, chips on v5e and v6e) or an explicit chip mesh
/// (`v5e:4x4`, `v4:2x2x4`). nullopt with `error` set when it is not one.
std::optional<Topology> parseTopology(std::string_view name,
                                      std::string *error);

enum class CollectiveKind {
  AllGather,
  ReduceScatter,
  AllReduce,
  AllToAll,
  CollectivePermute
};
std::string_view collectiveName(CollectiveKind kind);

/// Per-hop latency of an ICI transfer (the scaling book's T_min, about 1 us).
constexpr double kIciHopSeconds = 1e-6;

/// How a group of devices maps onto the torus, and what one collective over
/// it costs.
struct CollectiveCost {
  double seconds = 0;
  /// Sequential steps (each pays kIciHopSeconds) and the bytes each device
  /// sends over ICI.
  int64_t steps = 0;
  int64_t bytesSent = 0;
  /// Torus axes the group spans, and whether each wraps around within it.
  std::vector<int64_t> axes;
  std::vector<bool> rings;
  /// False when the group is not a sub-mesh of the torus; then it is costed
  /// as a line through its devices (no wraparound).
  bool regular = true;
};

/// The cost of `kind` over `group` (device ids) where `bytes` is V: the full
/// (gathered) array for all-gather and reduce-scatter, the array for
/// all-reduce and all-to-all, what each device sends for a permute. For a
/// permute, `pairs` holds (source, target) device ids.
CollectiveCost
collectiveCost(const Topology &topology, CollectiveKind kind, int64_t bytes,
               const std::vector<int64_t> &group,
               const std::vector<std::pair<int64_t, int64_t>> &pairs = {});

} // namespace tpc

#endif // TPU_RUNTIME_MACHINE_TOPOLOGY_H
