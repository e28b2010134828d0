//===- Target.cpp - TPU generation presets --------------------------------===//

#include "runtime/machine/Target.h"

namespace tpc {

namespace {
constexpr int64_t KiB = 1024;
constexpr int64_t MiB = 1024 * KiB;
constexpr int64_t GiB = 1024 * MiB;
} // namespace

const std::vector<Target> &allTargets() {
  // Per-chip figures of tpu-facts.md §8 divided among the cores a program
  // sees; reserved bytes from the capacities XLA reports (§5). v6e's clock is
  // derived from its peak: 918 TF / (2 * 2 MXUs * 256 * 256).
  static const std::vector<Target> targets = {
      {"v2", 128, 128, 1, 16 * MiB, 8 * GiB, 530 * MiB, 350e9, 0.70e9, 2, 512,
       0},
      {"v3", 128, 128, 2, 16 * MiB, 16 * GiB, 530 * MiB, 450e9, 0.94e9, 2, 512,
       0},
      {"v4", 128, 128, 8, 32 * MiB, 32 * GiB, 1280 * MiB, 1200e9, 1.05e9, 2,
       512, 1},
      {"v5e", 128, 128, 4, 128 * MiB, 16 * GiB, 256 * MiB, 819e9, 1.5e9, 1, 512,
       2},
      // v5p: one megacore of 2 TensorCores x 4 MXUs; 459 TF at 1.75 GHz,
      // 2765 GB/s, 95 GB. VMEM and the reserved bytes are not published:
      // v5e's reservation and half its VMEM are assumed (docs/multi-device.md).
      {"v5p", 128, 128, 8, 64 * MiB, 96 * GiB, 256 * MiB, 2765e9,
       459e12 / (2.0 * 8 * 128 * 128), 2, 512, 2},
      {"v6e", 256, 256, 2, 128 * MiB, 32 * GiB, 768 * MiB, 1640e9,
       918e12 / (2.0 * 2 * 256 * 256), 1, 512, 2},
  };
  return targets;
}

const Target *findTarget(std::string_view name) {
  for (const Target &target : allTargets())
    if (target.name == name)
      return &target;
  return nullptr;
}

std::string targetNames() { return "v2, v3, v4, v5e, v5p or v6e"; }

std::string unknownTargetMessage(std::string_view name) {
  return "unknown target '" + std::string(name) + "'; expected " +
         targetNames();
}

const Target &defaultTarget() { return *findTarget("v3"); }

/// The smallest of T(128), T(256), T(512), T(1024) that holds `length`.
static int64_t rank1Tile(int64_t length) {
  for (int64_t tile : {128, 256, 512})
    if (length <= tile)
      return tile;
  return 1024;
}

Layout defaultLayout(const Target &, ElementType type,
                     const std::vector<int64_t> &dims,
                     const std::vector<int64_t> &minorToMajor) {
  Layout layout;
  layout.minorToMajor = minorToMajor;
  int64_t bits = elementBits(type);
  if (type == ElementType::PRED)
    layout.elementSizeBits = 32;
  // Sub-byte elements pack 32/bits rows into each 32-bit word, as (4,1)
  // does for 8-bit ones; XLA spells their size E(4) and E(2).
  if (bits < 8)
    layout.elementSizeBits = bits;
  if (dims.empty()) {
    layout.tiles = {{256}};
    return layout;
  }
  if (dims.size() == 1) {
    if (bits == 16)
      layout.tiles = {{1024}, {128}, {2, 1}};
    else if (bits <= 8 && type != ElementType::PRED)
      layout.tiles = {{1024}, {128}, {32 / bits, 1}};
    else
      layout.tiles = {{rank1Tile(dims.front())}};
    return layout;
  }
  int64_t secondMinor = dims[minorToMajor[1]];
  int64_t rows = secondMinor <= 2 ? 2 : secondMinor <= 4 ? 4 : 8;
  if (type == ElementType::PRED || bits >= 32) {
    layout.tiles = {{rows, 128}};
  } else if (bits == 16) {
    layout.tiles = {{rows <= 4 ? 4 : 8, 128}, {2, 1}};
  } else {
    layout.tiles = {{8, 128}, {32 / bits, 1}};
  }
  return layout;
}

Layout defaultLayout(const Target &target, ElementType type,
                     const std::vector<int64_t> &dims) {
  return defaultLayout(target, type, dims,
                       rowMajorOrder(static_cast<int64_t>(dims.size())));
}

} // namespace tpc
