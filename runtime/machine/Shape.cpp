//===- Shape.cpp - XLA shapes, tiled layouts and padded sizes -------------===//

#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <limits>

namespace tpc {

namespace {
struct TypeInfo {
  ElementType type;
  std::string_view name;
  int64_t bits;
};
constexpr std::array<TypeInfo, 28> kTypes{{
    {ElementType::PRED, "pred", 8},
    {ElementType::S8, "s8", 8},
    {ElementType::S16, "s16", 16},
    {ElementType::S32, "s32", 32},
    {ElementType::S64, "s64", 64},
    {ElementType::U8, "u8", 8},
    {ElementType::U16, "u16", 16},
    {ElementType::U32, "u32", 32},
    {ElementType::U64, "u64", 64},
    {ElementType::F16, "f16", 16},
    {ElementType::BF16, "bf16", 16},
    {ElementType::F32, "f32", 32},
    {ElementType::F64, "f64", 64},
    {ElementType::S4, "s4", 4},
    {ElementType::U4, "u4", 4},
    {ElementType::S2, "s2", 2},
    {ElementType::U2, "u2", 2},
    {ElementType::F8E5M2, "f8e5m2", 8},
    {ElementType::F8E4M3FN, "f8e4m3fn", 8},
    {ElementType::F8E4M3, "f8e4m3", 8},
    {ElementType::F8E3M4, "f8e3m4", 8},
    {ElementType::F8E4M3FNUZ, "f8e4m3fnuz", 8},
    {ElementType::F8E5M2FNUZ, "f8e5m2fnuz", 8},
    {ElementType::F8E4M3B11FNUZ, "f8e4m3b11fnuz", 8},
    {ElementType::F8E8M0FNU, "f8e8m0fnu", 8},
    {ElementType::F6E2M3FN, "f6e2m3fn", 8},
    {ElementType::F6E3M2FN, "f6e3m2fn", 8},
    {ElementType::F4E2M1FN, "f4e2m1fn", 4},
}};

const TypeInfo &info(ElementType type) {
  return kTypes[static_cast<size_t>(type)];
}
} // namespace

std::string_view elementTypeName(ElementType type) { return info(type).name; }

std::optional<ElementType> parseElementType(std::string_view name) {
  for (const TypeInfo &t : kTypes)
    if (t.name == name)
      return t.type;
  return std::nullopt;
}

int64_t elementBits(ElementType type) { return info(type).bits; }

bool isFloat(ElementType type) {
  return type == ElementType::F16 || type == ElementType::BF16 ||
         type == ElementType::F32 || type == ElementType::F64 ||
         type >= ElementType::F8E5M2;
}

bool Layout::operator==(const Layout &other) const {
  return minorToMajor == other.minorToMajor && tiles == other.tiles &&
         elementSizeBits == other.elementSizeBits &&
         memorySpace == other.memorySpace;
}

std::string layoutToString(const Layout &layout) {
  std::string text = "{" + absl::StrJoin(layout.minorToMajor, ",");
  bool hasSuffix =
      !layout.tiles.empty() || layout.elementSizeBits || layout.memorySpace;
  if (hasSuffix) {
    text += ":";
    if (!layout.tiles.empty()) {
      text += "T";
      for (const Tile &tile : layout.tiles)
        text += "(" + absl::StrJoin(tile, ",") + ")";
    }
    if (layout.elementSizeBits)
      absl::StrAppend(&text, "E(", layout.elementSizeBits, ")");
    if (layout.memorySpace)
      absl::StrAppend(&text, "S(", layout.memorySpace, ")");
  }
  return text + "}";
}

std::vector<int64_t> rowMajorOrder(int64_t rank) {
  std::vector<int64_t> order;
  for (int64_t d = rank - 1; d >= 0; --d)
    order.push_back(d);
  return order;
}

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int64_t d = static_cast<int64_t>(dims.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * dims[d + 1];
  return strides;
}

std::string shapeToString(const Shape &shape) {
  std::string text =
      absl::StrCat(std::string(elementTypeName(shape.elementType)), "[",
                   absl::StrJoin(shape.dims, ","), "]");
  if (shape.layout)
    text += layoutToString(*shape.layout);
  return text;
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
class Parser {
public:
  Parser(std::string_view text, ParseError &error) : text(text), error(error) {}

  bool shape(Shape &result) {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() &&
           std::isalnum(static_cast<unsigned char>(text[pos])))
      ++pos;
    std::optional<ElementType> type =
        parseElementType(text.substr(start, pos - start));
    if (!type)
      return fail(start, "expected an element type (pred, s8, s16, s32, s64, "
                         "u8, u16, u32, u64, f16, bf16, f32, f64)");
    result.elementType = *type;
    if (!expect('['))
      return false;
    skipSpace();
    if (!peek(']')) {
      do {
        int64_t size;
        if (!integer(size, "a dimension size"))
          return false;
        result.dims.push_back(size);
      } while (consume(','));
    }
    if (!expect(']'))
      return false;
    skipSpace();
    if (peek('{')) {
      Layout layout;
      if (!this->layout(layout))
        return false;
      result.layout = std::move(layout);
    }
    return end();
  }

  bool layout(Layout &result) {
    if (!expect('{'))
      return false;
    skipSpace();
    if (!peek(':') && !peek('}')) {
      do {
        int64_t dim;
        if (!integer(dim, "a dimension number"))
          return false;
        result.minorToMajor.push_back(dim);
      } while (consume(','));
    }
    if (consume(':')) {
      bool seenT = false, seenE = false, seenS = false;
      while (true) {
        skipSpace();
        size_t at = pos;
        if (consume('T')) {
          if (seenT)
            return fail(at, "tiles are given twice");
          seenT = true;
          if (!peek('('))
            return fail(pos, "expected '(' to start a tile");
          while (peek('(')) {
            Tile tile;
            consume('(');
            do {
              int64_t size;
              if (!integer(size, "a tile size"))
                return false;
              tile.push_back(size);
            } while (consume(','));
            if (!expect(')'))
              return false;
            result.tiles.push_back(std::move(tile));
          }
        } else if (consume('E')) {
          if (seenE)
            return fail(at, "E(n) is given twice");
          seenE = true;
          if (!expect('(') || !integer(result.elementSizeBits, "a bit width") ||
              !expect(')'))
            return false;
        } else if (consume('S')) {
          if (seenS)
            return fail(at, "S(n) is given twice");
          seenS = true;
          if (!expect('(') || !integer(result.memorySpace, "a memory space") ||
              !expect(')'))
            return false;
        } else {
          break;
        }
      }
    }
    return expect('}');
  }

  bool end() {
    skipSpace();
    if (pos != text.size())
      return fail(pos, "unexpected characters after the shape");
    return true;
  }

private:
  void skipSpace() {
    while (pos < text.size() &&
           std::isspace(static_cast<unsigned char>(text[pos])))
      ++pos;
  }
  bool peek(char c) {
    skipSpace();
    return pos < text.size() && text[pos] == c;
  }
  bool consume(char c) {
    if (!peek(c))
      return false;
    ++pos;
    return true;
  }
  bool expect(char c) {
    if (consume(c))
      return true;
    return fail(pos, std::string("expected '") + c + "'");
  }
  bool integer(int64_t &value, std::string_view what) {
    skipSpace();
    size_t start = pos;
    if (pos < text.size() && text[pos] == '-')
      return fail(pos, absl::StrCat("expected ", std::string(what),
                                    " (a non-negative integer)"));
    value = 0;
    while (pos < text.size() &&
           std::isdigit(static_cast<unsigned char>(text[pos]))) {
      std::optional<int64_t> next = checkedMul(value, 10);
      if (next)
        next = checkedAdd(*next, text[pos] - '0');
      if (!next)
        return fail(
            start, absl::StrCat(std::string(what), " does not fit in 64 bits"));
      value = *next;
      ++pos;
    }
    if (pos == start)
      return fail(start, absl::StrCat("expected ", std::string(what)));
    return true;
  }
  bool fail(size_t at, std::string message) {
    error.offset = at;
    error.message = std::move(message);
    return false;
  }

  std::string_view text;
  ParseError &error;
  size_t pos = 0;
};
} // namespace

bool parseShape(std::string_view text, Shape &shape, ParseError &error) {
  shape = Shape();
  Parser parser(text, error);
  if (!parser.shape(shape))
    return false;
  if (shape.layout) {
    absl::Status status = verifyLayout(*shape.layout, shape.rank());
    if (!status.ok()) {
      error.offset = text.find('{');
      error.message = std::string(status.message());
      return false;
    }
  }
  return true;
}

bool parseLayout(std::string_view text, Layout &layout, ParseError &error) {
  layout = Layout();
  Parser parser(text, error);
  return parser.layout(layout) && parser.end();
}

absl::StatusOr<Shape> parseShape(std::string_view text) {
  Shape shape;
  ParseError error;
  if (!parseShape(text, shape, error))
    return absl::InvalidArgumentError(
        absl::StrCat("invalid shape '", std::string(text), "' at offset ",
                     error.offset, ": ", error.message));
  return shape;
}

absl::Status verifyLayout(const Layout &layout, int64_t rank) {
  if (static_cast<int64_t>(layout.minorToMajor.size()) != rank)
    return absl::InvalidArgumentError(absl::StrCat(
        "minor_to_major {", absl::StrJoin(layout.minorToMajor, ","), "} has ",
        layout.minorToMajor.size(), " entries for a rank-", rank, " shape"));
  std::vector<bool> seen(rank, false);
  for (int64_t dim : layout.minorToMajor) {
    if (dim < 0 || dim >= rank)
      return absl::InvalidArgumentError(
          absl::StrCat("minor_to_major names dimension ", dim, " of a rank-",
                       rank, " shape"));
    if (seen[dim])
      return absl::InvalidArgumentError(
          absl::StrCat("minor_to_major repeats dimension ", dim,
                       "; it must be a permutation of the dimensions"));
    seen[dim] = true;
  }
  for (const Tile &tile : layout.tiles) {
    if (tile.empty())
      return absl::InvalidArgumentError("a tile needs at least one size");
    for (int64_t size : tile)
      if (size <= 0)
        return absl::InvalidArgumentError(
            absl::StrCat("tile sizes must be positive, but T(",
                         absl::StrJoin(tile, ","), ") has ", size));
  }
  if (layout.elementSizeBits < 0 || layout.memorySpace < 0)
    return absl::InvalidArgumentError("E(n) and S(n) must not be negative");
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t result;
  if (__builtin_mul_overflow(a, b, &result))
    return std::nullopt;
  return result;
}

std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t result;
  if (__builtin_add_overflow(a, b, &result))
    return std::nullopt;
  return result;
}

int64_t saturatingAdd(int64_t a, int64_t b) {
  std::optional<int64_t> sum = checkedAdd(a, b);
  return sum ? *sum : std::numeric_limits<int64_t>::max();
}

int64_t saturatingMul(int64_t a, int64_t b) {
  return checkedMul(a, b).value_or(std::numeric_limits<int64_t>::max());
}

std::optional<int64_t> checkedRoundUp(int64_t value, int64_t multiple) {
  int64_t remainder = value % multiple;
  if (remainder == 0)
    return value;
  return checkedAdd(value, multiple - remainder);
}

static absl::Status overflow(std::string_view what) {
  return absl::OutOfRangeError(
      absl::StrCat(std::string(what), " overflows 64 bits"));
}

absl::StatusOr<int64_t> elementCount(const std::vector<int64_t> &dims) {
  int64_t count = 1;
  for (int64_t size : dims) {
    std::optional<int64_t> next = checkedMul(count, size);
    if (!next)
      return overflow("the element count");
    count = *next;
  }
  return count;
}

int64_t packedBytes(int64_t count, int64_t bits) {
  if (bits >= 8)
    return count * (bits / 8);
  int64_t perByte = 8 / bits;
  return count / perByte + (count % perByte != 0);
}

absl::StatusOr<int64_t> unpaddedBytes(const Shape &shape) {
  absl::StatusOr<int64_t> count = elementCount(shape.dims);
  if (!count.ok())
    return count.status();
  int64_t bits = elementBits(shape.elementType);
  if (bits < 8)
    return packedBytes(*count, bits);
  std::optional<int64_t> bytes = checkedMul(*count, bits / 8);
  if (!bytes)
    return overflow("the unpadded size");
  return *bytes;
}

absl::StatusOr<std::vector<int64_t>> paddedDims(const Shape &shape) {
  std::vector<int64_t> padded = shape.dims;
  if (!shape.layout || shape.layout->tiles.empty())
    return padded;
  const Layout &layout = *shape.layout;
  if (absl::Status status = verifyLayout(layout, shape.rank()); !status.ok())
    return status;
  const Tile &tile = layout.tiles.front();
  int64_t k = static_cast<int64_t>(tile.size());
  for (int64_t i = 0; i < std::min(k, shape.rank()); ++i) {
    int64_t dim = layout.minorToMajor[i];
    std::optional<int64_t> rounded =
        checkedRoundUp(shape.dims[dim], tile[k - 1 - i]);
    if (!rounded)
      return overflow("a padded dimension");
    padded[dim] = *rounded;
  }
  return padded;
}

absl::StatusOr<int64_t> paddedElements(const Shape &shape) {
  absl::StatusOr<std::vector<int64_t>> dims = paddedDims(shape);
  if (!dims.ok())
    return dims.status();
  absl::StatusOr<int64_t> count = elementCount(*dims);
  if (!count.ok())
    return overflow("the padded element count");
  // Tile entries beyond the rank pad dimensions of size 1: a rank-1 array
  // under T(8,128) still takes a whole 8x128 tile.
  if (shape.layout && !shape.layout->tiles.empty()) {
    const Tile &tile = shape.layout->tiles.front();
    int64_t k = static_cast<int64_t>(tile.size());
    for (int64_t i = shape.rank(); i < k; ++i) {
      std::optional<int64_t> next = checkedMul(*count, tile[k - 1 - i]);
      if (!next)
        return overflow("the padded element count");
      count = *next;
    }
  }
  return count;
}

absl::StatusOr<int64_t> paddedBytes(const Shape &shape) {
  absl::StatusOr<int64_t> elements = paddedElements(shape);
  if (!elements.ok())
    return elements.status();
  int64_t bits = shape.layout && shape.layout->elementSizeBits
                     ? shape.layout->elementSizeBits
                     : elementBits(shape.elementType);
  std::optional<int64_t> totalBits = checkedMul(*elements, bits);
  if (!totalBits)
    return overflow("the padded size");
  return *totalBits / 8 + (*totalBits % 8 != 0);
}

std::string formatBytes(int64_t bytes) {
  if (bytes < 0)
    return "-" + formatBytes(-bytes);
  if (bytes < 1024)
    return absl::StrCat(bytes, "B");
  static constexpr char kUnits[] = {'K', 'M', 'G', 'T', 'P', 'E'};
  size_t unit = 0;
  int64_t value = bytes;
  while (value >= 1024 * 1024) {
    value /= 1024;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), unit == 0 ? "%.1f%c" : "%.2f%c",
                value / 1024.0, kUnits[unit]);
  return buffer;
}

absl::StatusOr<int64_t> parseBytes(std::string_view text) {
  auto invalid = [&] {
    return absl::InvalidArgumentError(
        absl::StrCat("'", std::string(text),
                     "' is not a byte count (e.g. 512, 64K, 1.5G, 16GiB)"));
  };
  size_t digits = 0, dots = 0;
  while (digits < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[digits])) ||
          (text[digits] == '.' && dots++ == 0)))
    ++digits;
  std::string_view number = text.substr(0, digits), unit = text.substr(digits);
  if (number.empty() || number == ".")
    return invalid();
  if (unit.size() > 1 && (unit.back() == 'B' || unit.back() == 'b'))
    unit.remove_suffix(unit.size() > 2 && unit[unit.size() - 2] == 'i' ? 2 : 1);
  static constexpr std::string_view kUnits = "BKMGTPE";
  size_t power = 0;
  if (!unit.empty()) {
    if (unit.size() != 1)
      return invalid();
    power = kUnits.find(static_cast<char>(std::toupper(unit[0])));
    if (power == std::string_view::npos)
      return invalid();
  }
  // Whole part and fraction exactly: 1.5G is 1610612736 bytes.
  using Wide = unsigned __int128;
  Wide scale = Wide(1) << (10 * power), bytes = 0, numerator = 0,
       denominator = 1;
  bool fraction = false;
  for (char c : number) {
    if (c == '.') {
      fraction = true;
      continue;
    }
    if (!fraction) {
      bytes = bytes * 10 + Wide(c - '0');
    } else if (denominator < Wide(1000000000000000000ull)) {
      numerator = numerator * 10 + Wide(c - '0');
      denominator *= 10;
    }
    if (bytes > Wide(std::numeric_limits<int64_t>::max()))
      return invalid();
  }
  bytes = bytes * scale + numerator * scale / denominator;
  if (bytes > Wide(std::numeric_limits<int64_t>::max()))
    return absl::InvalidArgumentError(
        absl::StrCat("'", std::string(text), "' bytes overflow a 64-bit size"));
  return static_cast<int64_t>(bytes);
}

std::string formatExpansion(int64_t padded, int64_t unpadded) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1fx",
                unpadded ? static_cast<double>(padded) / unpadded : 1.0);
  return buffer;
}

Shape onChipShape(ElementType elementType, const std::vector<int64_t> &dims) {
  Shape shape{elementType, dims, std::nullopt};
  int64_t rank = shape.rank();
  if (rank)
    shape.layout = Layout{rowMajorOrder(rank),
                          {{8, 128}},
                          elementType == ElementType::PRED ? 32 : 0};
  return shape;
}

std::optional<int64_t> onChipBytes(ElementType elementType,
                                   absl::Span<const int64_t> dims) {
  // The (8,128) tile pads the two minor dimensions, and a vector takes a
  // whole tile (paddedElements); a scalar has no tile.
  size_t rank = dims.size();
  int64_t elements = 1;
  for (size_t d = 0; d < rank; ++d) {
    int64_t size = dims[d];
    if (size < 0)
      return std::nullopt;
    if (d + 1 == rank || d + 2 == rank) {
      std::optional<int64_t> rounded =
          checkedRoundUp(size, d + 1 == rank ? 128 : 8);
      if (!rounded)
        return std::nullopt;
      size = *rounded;
    }
    std::optional<int64_t> next = checkedMul(elements, size);
    if (!next)
      return std::nullopt;
    elements = *next;
  }
  if (rank == 1) {
    std::optional<int64_t> tile = checkedMul(elements, 8);
    if (!tile)
      return std::nullopt;
    elements = *tile;
  }
  // The vector unit holds sub-byte elements unpacked, one per byte.
  int64_t bits = rank && elementType == ElementType::PRED
                     ? 32
                     : std::max<int64_t>(8, elementBits(elementType));
  std::optional<int64_t> totalBits = checkedMul(elements, bits);
  if (!totalBits)
    return std::nullopt;
  return *totalBits / 8 + (*totalBits % 8 != 0);
}

} // namespace tpc
