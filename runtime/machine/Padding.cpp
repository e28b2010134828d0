//===- Padding.cpp - Where padding comes from and how to avoid it ---------===//

#include "runtime/machine/Padding.h"

#include "absl/strings/str_cat.h"

#include <algorithm>

namespace tpc {

absl::StatusOr<PaddingInfo> analyzePadding(const Target &target, Shape shape) {
  if (!shape.layout)
    shape.layout = defaultLayout(target, shape.elementType, shape.dims);
  if (absl::Status status = verifyLayout(*shape.layout, shape.rank());
      !status.ok())
    return status;
  PaddingInfo info;
  absl::StatusOr<int64_t> unpadded = unpaddedBytes(shape);
  if (!unpadded.ok())
    return unpadded.status();
  absl::StatusOr<int64_t> padded = paddedBytes(shape);
  if (!padded.ok())
    return padded.status();
  absl::StatusOr<std::vector<int64_t>> dims = paddedDims(shape);
  if (!dims.ok())
    return dims.status();
  info.unpaddedBytes = *unpadded;
  info.paddedBytes = *padded;
  const Layout &layout = *shape.layout;
  if (!layout.tiles.empty()) {
    const Tile &tile = layout.tiles.front();
    int64_t k = static_cast<int64_t>(tile.size());
    for (int64_t i = 0; i < std::min(k, shape.rank()); ++i) {
      int64_t dim = layout.minorToMajor[i];
      if ((*dims)[dim] != shape.dims[dim])
        info.paddedDims.push_back(
            {dim, shape.dims[dim], (*dims)[dim], tile[k - 1 - i], i == 0});
    }
  }
  // Largest expansion first; the lane dimension first among equals.
  std::stable_sort(info.paddedDims.begin(), info.paddedDims.end(),
                   [](const DimPadding &a, const DimPadding &b) {
                     // Cross-multiplied in 128 bits: sizes reach 2^62.
                     return static_cast<__int128>(a.paddedSize) * b.size >
                            static_cast<__int128>(b.paddedSize) * a.size;
                   });
  info.shape = std::move(shape);
  return info;
}

absl::StatusOr<Layout> minPaddingLayout(const Target &target, ElementType type,
                                        const std::vector<int64_t> &dims) {
  int64_t rank = static_cast<int64_t>(dims.size());
  Layout best = defaultLayout(target, type, dims);
  if (rank < 2)
    return best;
  absl::StatusOr<int64_t> bestBytes = paddedBytes({type, dims, best});
  if (!bestBytes.ok())
    return bestBytes.status();
  for (int64_t minor = rank - 1; minor >= 0; --minor) {
    for (int64_t second = rank - 1; second >= 0; --second) {
      if (second == minor)
        continue;
      std::vector<int64_t> order{minor, second};
      for (int64_t d = rank - 1; d >= 0; --d)
        if (d != minor && d != second)
          order.push_back(d);
      Layout candidate = defaultLayout(target, type, dims, order);
      absl::StatusOr<int64_t> bytes = paddedBytes({type, dims, candidate});
      if (!bytes.ok())
        return bytes.status();
      if (*bytes < *bestBytes) {
        best = std::move(candidate);
        bestBytes = *bytes;
      }
    }
  }
  return best;
}

std::vector<std::string> paddingAdvice(const Target &target,
                                       const PaddingInfo &info) {
  std::vector<std::string> advice;
  const Shape &shape = info.shape;
  for (const DimPadding &pad : info.paddedDims) {
    std::string where =
        pad.isLane ? "the minor (lane) dimension, tiled by 128 lanes"
                   : absl::StrCat("the second-minor (sublane) dimension, "
                                  "tiled by ",
                                  pad.tileSize);
    advice.push_back(absl::StrCat("dimension ", pad.dim, " (size ", pad.size,
                                  ") is ", where, ": it pads to ",
                                  pad.paddedSize, " (",
                                  formatExpansion(pad.paddedSize, pad.size),
                                  "); a size that is a multiple of ",
                                  pad.tileSize, " removes this padding"));
  }
  if (!info.paddedDims.empty()) {
    absl::StatusOr<Layout> best =
        minPaddingLayout(target, shape.elementType, shape.dims);
    if (best.ok() && *best != *shape.layout) {
      absl::StatusOr<int64_t> bytes =
          paddedBytes({shape.elementType, shape.dims, *best});
      if (bytes.ok() && *bytes < info.paddedBytes)
        advice.push_back(absl::StrCat(
            "layout ", layoutToString(*best), " pads to ", formatBytes(*bytes),
            " (", formatExpansion(*bytes, info.unpaddedBytes), ") instead of ",
            formatBytes(info.paddedBytes),
            "; tpu-assign-layouts mode=min-padding chooses it (with "
            "relayout-entry=true for arguments and results)"));
    }
  }
  // The Cloud TPU guide's rule, taking dimension 0 as the batch and the last
  // dimension as the features: batch a multiple of 8 per core with features
  // a multiple of 128, or batch a multiple of 128 with features of 8.
  if (shape.rank() >= 2) {
    int64_t batch = shape.dims.front(), features = shape.dims.back();
    bool fits = (batch % 8 == 0 && features % 128 == 0) ||
                (batch % 128 == 0 && features % 8 == 0);
    if (!fits)
      advice.push_back(absl::StrCat(
          "if dimension 0 (size ", batch, ") is the batch and dimension ",
          shape.rank() - 1, " (size ", features,
          ") the features: the Cloud TPU guide recommends a batch that is a "
          "multiple of 128 with features a multiple of 8, or a batch that is "
          "a multiple of 8 per core with features a multiple of 128"));
  }
  if (shape.elementType == ElementType::F32) {
    Shape bf16{ElementType::BF16, shape.dims, std::nullopt};
    absl::StatusOr<PaddingInfo> half = analyzePadding(target, bf16);
    if (half.ok())
      advice.push_back(
          absl::StrCat("in bf16 it takes ", formatBytes(half->paddedBytes),
                       " (unpadded ", formatBytes(half->unpaddedBytes),
                       ", layout ", layoutToString(*half->shape.layout),
                       ") instead of ", formatBytes(info.paddedBytes)));
  }
  return advice;
}

} // namespace tpc
