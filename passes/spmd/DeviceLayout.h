//===- DeviceLayout.h - which tile of a tensor each device holds -*- C++
//-*-===//
//
// The SPMD passes' working form of a sharding: the tile count of every
// dimension and, device by device, the coordinates of the tile it holds.
// Keeping coordinates per device (not a device array) makes every rule a
// column operation: a broadcast selects columns, a transpose permutes them,
// and any device order composes with any other.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_SPMD_DEVICELAYOUT_H
#define TPU_PASSES_SPMD_DEVICELAYOUT_H

#include "dialects/hlo/HLOOps.h"

#include <string>
#include <vector>

namespace mlir::tpu::spmd {

struct DeviceLayout {
  llvm::SmallVector<int64_t> tiles;
  /// coords[device][dimension], each below tiles[dimension].
  std::vector<llvm::SmallVector<int64_t>> coords;

  static DeviceLayout replicated(int64_t rank, int64_t devices);
  /// The layout `sharding` gives a rank-`rank` tensor on `devices` devices;
  /// an error message when it does not fit them.
  static FailureOr<DeviceLayout> get(hlo::ShardingAttr sharding, int64_t rank,
                                     int64_t devices, std::string &error);
  /// The sharding attribute that says the same (replicated when untiled).
  hlo::ShardingAttr attr(MLIRContext *context) const;

  int64_t rank() const { return static_cast<int64_t>(tiles.size()); }
  int64_t devices() const { return static_cast<int64_t>(coords.size()); }
  bool isReplicated() const;
  bool operator==(const DeviceLayout &other) const {
    return tiles == other.tiles && coords == other.coords;
  }
  bool operator!=(const DeviceLayout &other) const { return !(*this == other); }

  /// A layout of another tensor whose dimension i is tiled as this one's
  /// dimension from[i] (untiled where from[i] < 0).
  DeviceLayout select(ArrayRef<int64_t> from) const;
  /// Every tile combination held by the same number of devices: what a
  /// layout built from two others (a matmul's) must satisfy.
  bool isUniform() const;
  /// Whether `shape` divides evenly into the tiles.
  bool divides(ArrayRef<int64_t> shape) const;
  /// The shape of one tile of `shape`.
  llvm::SmallVector<int64_t> tileShape(ArrayRef<int64_t> shape) const;
  /// Groups for a collective over `dims`: the devices that hold the same
  /// tile of every other dimension, one per tile of `dims`, ordered by
  /// their coordinates there (row-major). Devices that hold copies form
  /// separate groups. Failure when the counts are not uniform.
  FailureOr<llvm::SmallVector<llvm::SmallVector<int64_t>>>
  groups(ArrayRef<int64_t> dims) const;
};

} // namespace mlir::tpu::spmd

#endif // TPU_PASSES_SPMD_DEVICELAYOUT_H
