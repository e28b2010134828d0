//===- Shapes.h - Shape arithmetic shared by hlo and stablehlo --*- C++ -*-===//
//
// The sizes that windowed ops (convolution, reduce_window, select_and_scatter)
// and pad give their results, as StableHLO's spec defines them, with every
// intermediate checked for 64-bit overflow: a verifier must refuse an
// attribute such as a dilation of 2^62, not wrap it into a plausible shape.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_COMMON_SHAPES_H
#define TPU_DIALECTS_COMMON_SHAPES_H

#include <cstdint>
#include <optional>

namespace mlir::tpu::shapes {

/// A dimension of `size` elements with `dilation - 1` holes between
/// neighbours, then `low` and `high` elements added at its ends (negative
/// values remove them): pad's result size, and the padded input of a
/// windowed op. An empty dimension stays empty before padding. std::nullopt
/// if a step overflows.
std::optional<int64_t> dilatedPaddedSize(int64_t size, int64_t dilation,
                                         int64_t low, int64_t high);

/// The number of positions of a `window`-element window, dilated by
/// `windowDilation`, moved by `stride` over the dilated, padded input
/// (convolution_c25's num_windows, reduce_window_c16): 0 when the window
/// does not fit. std::nullopt if a step overflows. Dilations and the stride
/// must be positive.
std::optional<int64_t> windowCount(int64_t size, int64_t baseDilation,
                                   int64_t low, int64_t high, int64_t window,
                                   int64_t windowDilation, int64_t stride);

} // namespace mlir::tpu::shapes

#endif // TPU_DIALECTS_COMMON_SHAPES_H
