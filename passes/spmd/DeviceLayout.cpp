//===- DeviceLayout.cpp - which tile of a tensor each device holds --------===//
//
// Part of hlo-propagate-sharding and hlo-spmd-partition.
//
//===----------------------------------------------------------------------===//

#include "passes/spmd/DeviceLayout.h"

#include "llvm/ADT/STLExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::tpu::spmd;

DeviceLayout DeviceLayout::replicated(int64_t rank, int64_t devices) {
  DeviceLayout layout;
  layout.tiles.assign(rank, 1);
  layout.coords.assign(devices, SmallVector<int64_t>(rank, 0));
  return layout;
}

FailureOr<DeviceLayout> DeviceLayout::get(hlo::ShardingAttr sharding,
                                          int64_t rank, int64_t devices,
                                          std::string &error) {
  DeviceLayout layout = replicated(rank, devices);
  if (sharding.isReplicated())
    return layout;
  ArrayRef<int64_t> ids = sharding.getDevices();
  // A maximal sharding's one device holds the tensor; computing it on every
  // device gives it the same value, so it is replicated here.
  if (sharding.getMaximal()) {
    if (ids[0] >= devices) {
      error = "names device " + std::to_string(ids[0]) +
              ", but the program "
              "runs on " +
              std::to_string(devices);
      return failure();
    }
    return layout;
  }
  if (sharding.tensorRank() != rank) {
    error = "has " + std::to_string(sharding.tensorRank()) +
            " tiled dimensions for a tensor of rank " + std::to_string(rank);
    return failure();
  }
  if (static_cast<int64_t>(ids.size()) != devices) {
    error = "names " + std::to_string(ids.size()) +
            " devices, but the "
            "program runs on " +
            std::to_string(devices);
    return failure();
  }
  ArrayRef<int64_t> all = sharding.getTiles();
  layout.tiles.assign(all.begin(), all.begin() + rank);
  // Row-major positions in the device array, the replication dimension
  // (when there is one) innermost.
  for (auto [position, id] : llvm::enumerate(ids)) {
    if (id >= devices) {
      error = "names device " + std::to_string(id) +
              ", but the program runs "
              "on " +
              std::to_string(devices);
      return failure();
    }
    int64_t rest = static_cast<int64_t>(position);
    for (int64_t d = static_cast<int64_t>(all.size()) - 1; d >= 0; --d) {
      if (d < rank)
        layout.coords[id][d] = rest % all[d];
      rest /= all[d];
    }
  }
  return layout;
}

hlo::ShardingAttr DeviceLayout::attr(MLIRContext *context) const {
  if (isReplicated())
    return hlo::ShardingAttr::get(context, {}, {}, false, false);
  // Devices in row-major order of their tiles; copies of a tile in id order.
  SmallVector<int64_t> order =
      llvm::to_vector(llvm::seq<int64_t>(0, devices()));
  llvm::stable_sort(
      order, [&](int64_t a, int64_t b) { return coords[a] < coords[b]; });
  int64_t count = 1;
  for (int64_t t : tiles)
    count *= t;
  SmallVector<int64_t> all(tiles);
  bool replicate = devices() > count;
  if (replicate)
    all.push_back(devices() / count);
  return hlo::ShardingAttr::get(context, all, order, replicate, false);
}

bool DeviceLayout::isReplicated() const {
  return llvm::all_of(tiles, [](int64_t t) { return t == 1; });
}

DeviceLayout DeviceLayout::select(ArrayRef<int64_t> from) const {
  DeviceLayout out = replicated(from.size(), devices());
  for (auto [i, f] : llvm::enumerate(from)) {
    if (f < 0)
      continue;
    out.tiles[i] = tiles[f];
    for (int64_t d = 0; d < devices(); ++d)
      out.coords[d][i] = coords[d][f];
  }
  return out;
}

bool DeviceLayout::isUniform() const {
  std::map<SmallVector<int64_t>, int64_t> count;
  for (const auto &c : coords)
    ++count[c];
  int64_t combinations = 1;
  for (int64_t t : tiles)
    combinations *= t;
  if (static_cast<int64_t>(count.size()) != combinations)
    return false;
  return llvm::all_of(count, [&](const auto &entry) {
    return entry.second == count.begin()->second;
  });
}

bool DeviceLayout::divides(ArrayRef<int64_t> shape) const {
  for (auto [size, t] : llvm::zip(shape, tiles))
    if (size % t)
      return false;
  return true;
}

SmallVector<int64_t> DeviceLayout::tileShape(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> out;
  for (auto [size, t] : llvm::zip(shape, tiles))
    out.push_back(size / t);
  return out;
}

FailureOr<SmallVector<SmallVector<int64_t>>>
DeviceLayout::groups(ArrayRef<int64_t> dims) const {
  // Devices by their coordinates on the other dimensions, then on `dims`.
  std::map<SmallVector<int64_t>,
           std::map<SmallVector<int64_t>, SmallVector<int64_t>>>
      buckets;
  for (int64_t d = 0; d < devices(); ++d) {
    SmallVector<int64_t> key, at;
    for (int64_t k = 0; k < rank(); ++k)
      (llvm::is_contained(dims, k) ? at : key).push_back(coords[d][k]);
    buckets[key][at].push_back(d);
  }
  int64_t size = 1;
  for (int64_t k : dims)
    size *= tiles[k];
  SmallVector<SmallVector<int64_t>> out;
  for (auto &[key, byTile] : buckets) {
    if (static_cast<int64_t>(byTile.size()) != size)
      return failure();
    size_t copies = byTile.begin()->second.size();
    for (size_t j = 0; j < copies; ++j) {
      SmallVector<int64_t> group;
      for (auto &[at, ids] : byTile) {
        if (ids.size() != copies)
          return failure();
        group.push_back(ids[j]);
      }
      out.push_back(std::move(group));
    }
  }
  llvm::sort(out);
  return out;
}
