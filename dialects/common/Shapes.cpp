//===- Shapes.cpp - Shape arithmetic shared by hlo and stablehlo ----------===//

#include "dialects/common/Shapes.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::tpu::shapes {

std::optional<int64_t> dilatedPaddedSize(int64_t size, int64_t dilation,
                                         int64_t low, int64_t high) {
  int64_t dilated = 0;
  if (size > 0 && (llvm::MulOverflow(size - 1, dilation, dilated) ||
                   llvm::AddOverflow(dilated, int64_t{1}, dilated)))
    return std::nullopt;
  int64_t padded;
  if (llvm::AddOverflow(dilated, low, padded) ||
      llvm::AddOverflow(padded, high, padded))
    return std::nullopt;
  return padded;
}

std::optional<int64_t> windowCount(int64_t size, int64_t baseDilation,
                                   int64_t low, int64_t high, int64_t window,
                                   int64_t windowDilation, int64_t stride) {
  std::optional<int64_t> padded =
      dilatedPaddedSize(size, baseDilation, low, high);
  std::optional<int64_t> dilatedWindow =
      dilatedPaddedSize(window, windowDilation, 0, 0);
  if (!padded || !dilatedWindow || stride <= 0)
    return std::nullopt;
  if (*padded <= 0 || *dilatedWindow > *padded)
    return 0;
  return (*padded - *dilatedWindow) / stride + 1;
}

} // namespace mlir::tpu::shapes
