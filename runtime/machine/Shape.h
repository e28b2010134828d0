//===- Shape.h - XLA shapes, tiled layouts and padded sizes ----*- C++ -*-===//
//
// Plain C++ (no MLIR) so that tools, passes, the runtime and unit tests share
// one implementation of XLA's layout notation and size rule:
//
//   f32[128,256,896,18]{0,3,2,1:T(8,128)}
//
// Sizes are 64-bit; every product is overflow-checked and an overflow is an
// error, never a wrapped value. See docs/layouts.md.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_MACHINE_SHAPE_H
#define TPU_RUNTIME_MACHINE_SHAPE_H

#include "absl/status/statusor.h"
#include "absl/types/span.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tpc {

/// XLA primitive types, spelled as XLA prints them.
enum class ElementType {
  PRED,
  S8,
  S16,
  S32,
  S64,
  U8,
  U16,
  U32,
  U64,
  F16,
  BF16,
  F32,
  F64,
  S4,
  U4,
  S2,
  U2,
  F8E5M2,
  F8E4M3FN,
  F8E4M3,
  F8E3M4,
  F8E4M3FNUZ,
  F8E5M2FNUZ,
  F8E4M3B11FNUZ,
  F8E8M0FNU,
  F6E2M3FN, // no XLA type: MLIR's, held in a byte
  F6E3M2FN,
  F4E2M1FN,
};

std::string_view elementTypeName(ElementType type);
std::optional<ElementType> parseElementType(std::string_view name);
/// Storage bits of one element when no E(n) overrides it (pred: 8; s4,
/// u4 and f4e2m1fn: 4; s2 and u2: 2).
int64_t elementBits(ElementType type);
bool isFloat(ElementType type);

/// One tile of a tiled layout: T(8,128) is {8, 128}; its last entry covers
/// the most-minor physical dimension.
using Tile = std::vector<int64_t>;

/// An XLA layout: `{minor_to_major:T(..)(..)E(n)S(n)}`.
struct Layout {
  std::vector<int64_t> minorToMajor;
  std::vector<Tile> tiles;
  /// E(n): element size in bits; 0 when the element type decides.
  int64_t elementSizeBits = 0;
  /// S(n): memory space (1 is VMEM); 0 is HBM.
  int64_t memorySpace = 0;

  bool operator==(const Layout &other) const;
  bool operator!=(const Layout &other) const { return !(*this == other); }
};

/// Prints `{1,0:T(8,128)(2,1)}` (`{1,0}` without tiles, `{:T(256)}` for a
/// scalar).
std::string layoutToString(const Layout &layout);

/// The descending order {rank-1, ..., 0}: row-major.
std::vector<int64_t> rowMajorOrder(int64_t rank);

/// Element strides of a dense row-major array of `dims` (the last is 1).
std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &dims);

struct Shape {
  ElementType elementType = ElementType::F32;
  std::vector<int64_t> dims;
  std::optional<Layout> layout;

  int64_t rank() const { return static_cast<int64_t>(dims.size()); }
};

/// Prints `f32[8,128]{1,0:T(8,128)}`.
std::string shapeToString(const Shape &shape);

/// A parse error with the offset of the offending character.
struct ParseError {
  size_t offset = 0;
  std::string message;
};

/// Parses an XLA shape string. On failure returns false and fills `error`.
bool parseShape(std::string_view text, Shape &shape, ParseError &error);
/// Parses a layout alone, `{1,0:T(8,128)}`.
bool parseLayout(std::string_view text, Layout &layout, ParseError &error);
/// Convenience wrapper: the error as an InvalidArgument status whose message
/// names the offset.
absl::StatusOr<Shape> parseShape(std::string_view text);

/// Checks that the layout fits the shape: minor_to_major is a permutation of
/// the dimensions, tiles are non-empty with positive entries.
absl::Status verifyLayout(const Layout &layout, int64_t rank);

/// Element count, overflow-checked.
absl::StatusOr<int64_t> elementCount(const std::vector<int64_t> &dims);

/// Bytes that `count` elements of `bits` each take packed: sub-byte elements
/// share bytes (s4: two to a byte), rounded up to a whole byte; wider ones
/// take bits/8 bytes each. The caller checks the product for overflow.
int64_t packedBytes(int64_t count, int64_t bits);

/// Bytes without padding: elements * bytes per element (pred counts 1 byte).
absl::StatusOr<int64_t> unpaddedBytes(const Shape &shape);

/// Elements stored once the first tile pads the minor dimensions (XLA's
/// ShapeUtil::ArraySize rule); the logical element count without a layout.
absl::StatusOr<int64_t> paddedElements(const Shape &shape);

/// Bytes stored under the layout: padded elements times the element size,
/// or ceil(padded elements * E / 8) with E(n).
absl::StatusOr<int64_t> paddedBytes(const Shape &shape);

/// For each logical dimension, its size once padded by the first tile (the
/// size itself when no tile covers it).
absl::StatusOr<std::vector<int64_t>> paddedDims(const Shape &shape);

/// A block in VMEM or vector registers: `dims` row-major, the two minor
/// dimensions tiled by (8,128) sublanes and lanes (i1 held in 32 bits); a
/// scalar has no tiles.
Shape onChipShape(ElementType elementType, const std::vector<int64_t> &dims);
/// paddedBytes(onChipShape(elementType, dims)) without building the shape,
/// which kernel planning asks for hundreds of times per op; nullopt when a
/// dimension is negative or the size overflows.
std::optional<int64_t> onChipBytes(ElementType elementType,
                                   absl::Span<const int64_t> dims);

/// XLA's size format: `512B`, `4.0K`, `530.00M`, `14.00G`.
std::string formatBytes(int64_t bytes);
/// The inverse for limits given on command lines: a byte count, optionally
/// with a binary unit as formatBytes prints them (`512`, `64K`, `1.5G`,
/// `16GiB`; `B` and `iB` suffixes are accepted). Errors on an empty,
/// negative or malformed text and on a count past INT64_MAX.
absl::StatusOr<int64_t> parseBytes(std::string_view text);
/// `12.8x`
std::string formatExpansion(int64_t padded, int64_t unpadded);

/// Overflow-checked arithmetic on sizes.
std::optional<int64_t> checkedMul(int64_t a, int64_t b);
std::optional<int64_t> checkedAdd(int64_t a, int64_t b);
/// a + b for non-negative sizes, INT64_MAX when that overflows: for sums
/// that are compared or reported, where an overflowing one just loses.
int64_t saturatingAdd(int64_t a, int64_t b);
/// a * b for non-negative sizes, INT64_MAX when that overflows.
int64_t saturatingMul(int64_t a, int64_t b);
/// The product of non-negative `sizes` (a shape, a block), INT64_MAX when
/// it overflows: for counts that are compared or reported.
template <typename Range> int64_t saturatingProduct(const Range &sizes) {
  int64_t product = 1;
  for (int64_t size : sizes)
    product = saturatingMul(product, size);
  return product;
}
/// Rounds `value` up to a multiple of `multiple` (> 0).
std::optional<int64_t> checkedRoundUp(int64_t value, int64_t multiple);

} // namespace tpc

#endif // TPU_RUNTIME_MACHINE_SHAPE_H
