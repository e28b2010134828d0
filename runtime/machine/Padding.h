//===- Padding.h - Where padding comes from and how to avoid it -*- C++ -*-===//
//
// Shared by tpu-shape, tpu-assign-layouts and its padding report: which
// dimensions a tiled layout pads, the layout with the least padding, and
// advice in the Cloud TPU performance guide's terms. Plain C++.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_MACHINE_PADDING_H
#define TPU_RUNTIME_MACHINE_PADDING_H

#include "runtime/machine/Shape.h"
#include "runtime/machine/Target.h"

#include <string>
#include <vector>

namespace tpc {

/// A dimension that the first tile rounds up.
struct DimPadding {
  int64_t dim;
  int64_t size;
  int64_t paddedSize;
  /// The tile entry covering it: 128 is the lane dimension, 8/4/2 sublanes.
  int64_t tileSize;
  /// True for the most-minor physical dimension (the 128 lanes).
  bool isLane;
};

struct PaddingInfo {
  /// The shape with its layout (always set).
  Shape shape;
  int64_t unpaddedBytes = 0;
  int64_t paddedBytes = 0;
  /// Dimensions the tile pads, largest expansion first.
  std::vector<DimPadding> paddedDims;

  int64_t extraBytes() const { return paddedBytes - unpaddedBytes; }
};

/// Analyzes `shape`, giving it the target's default layout if it has none.
absl::StatusOr<PaddingInfo> analyzePadding(const Target &target, Shape shape);

/// The physical order (with default tiles) that minimizes padded bytes.
/// Only the two most-minor physical dimensions are tiled, so it searches the
/// ordered pairs of (minor, second-minor) dimensions and keeps the others in
/// descending order; ties keep the row-major order, then the earliest pair.
absl::StatusOr<Layout> minPaddingLayout(const Target &target, ElementType type,
                                        const std::vector<int64_t> &dims);

/// Concrete advice for one shape: which size removes the padding, a better
/// layout, batch and feature sizes per the Cloud TPU guide, and the bf16
/// figure for f32 data.
std::vector<std::string> paddingAdvice(const Target &target,
                                       const PaddingInfo &info);

} // namespace tpc

#endif // TPU_RUNTIME_MACHINE_PADDING_H
