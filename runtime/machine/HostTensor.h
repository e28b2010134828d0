//===- HostTensor.h - Stored element types and host tensors -----*- C++ -*-===//
//
// The element types a TensorCore stores (with the executable format's
// values) and the one host-side tensor every layer passes around: the
// runtime's inputs and results, .npy files, the reference evaluator's values
// and the conformance runner's expectations. Plain C++, no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_MACHINE_HOSTTENSOR_H
#define TPU_RUNTIME_MACHINE_HOSTTENSOR_H

#include "runtime/machine/Shape.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tpc {

/// Element types the TensorCore stores, with their bytes per element in
/// HBM and VMEM (i1 takes 32 bits, as the TPU's pred layout E(32)). The
/// values are the executable format's; new types take new values.
///
/// Sub-byte elements (i4, ui4, i2, ui2, f4E2M1FN) are packed in HBM as
/// XLA:TPU packs them (E(4), E(2): the first element in the low bits);
/// VMEM, SMEM and the host hold one per byte, the vector unit's unpacked
/// form. f6 formats, which XLA has no type for, take a byte everywhere.
enum class Element : uint8_t {
  F32 = 0,
  BF16 = 1,
  I32 = 2,
  I8 = 3,
  I1 = 4,
  F16 = 5,
  I16 = 6,
  U8 = 7,
  U16 = 8,
  U32 = 9,
  I64 = 10,
  U64 = 11,
  I4 = 12,
  U4 = 13,
  I2 = 14,
  U2 = 15,
  F8E5M2 = 16,
  F8E4M3FN = 17,
  F8E4M3 = 18,
  F8E3M4 = 19,
  F8E4M3FNUZ = 20,
  F8E5M2FNUZ = 21,
  F8E4M3B11FNUZ = 22,
  F8E8M0FNU = 23,
  F6E2M3FN = 24,
  F6E3M2FN = 25,
  F4E2M1FN = 26,
};
constexpr Element kLastElement = Element::F4E2M1FN;
/// Bytes one element takes in VMEM, SMEM and host buffers (sub-byte: 1).
int64_t elementBytes(Element element);
/// Bits one element takes in HBM: elementBytes * 8, or 4 and 2 for packed
/// sub-byte elements.
int64_t storageBits(Element element);
/// Sub-byte elements packed several to a byte in HBM.
bool isPacked(Element element);
/// Bytes `count` elements take in HBM (packed elements round up to a byte).
int64_t hbmBytes(Element element, int64_t count);

/// How a float format of at most 8 bits (the f8, f6 and f4 types) encodes
/// its values, as MLIR's APFloat semantics of the same name.
struct SmallFloat {
  int exponentBits;
  int mantissaBits;
  int bias;
  enum class Kind : uint8_t {
    Ieee,          // infinities and NaNs in the all-ones exponent
    FiniteNan,     // "FN": no infinities; S.1111.1..1 is NaN
    UnsignedZero,  // "FNUZ": no infinities, no -0; the -0 pattern is NaN
    FiniteOnly,    // f6 and f4 "FN": no infinities, no NaN
    ExponentOnly,  // f8E8M0FNU: 2^(e - bias), no sign or zero; 0xff is NaN
  } kind;
};
/// The format of an f8, f6 or f4 element; nullopt for other elements.
std::optional<SmallFloat> smallFloat(Element element);
/// MLIR's spelling: "f32", "bf16", "i32", "ui8", "i1", ...
std::string_view elementName(Element element);
/// The element elementName() names, if any.
std::optional<Element> elementFromName(std::string_view name);
bool isFloat(Element element);
bool isUnsigned(Element element); // ui2, ui4, ui8, ui16, ui32, ui64
/// i64 and ui64: values a double cannot hold, kept as words (below).
bool isWide(Element element);
/// The width of an integer element in bits (i1: 1).
int intBits(Element element);
/// The stored element of an XLA primitive type, if the TPU stores it.
std::optional<Element> storedElement(ElementType type);

/// A 64-bit integer element's slot in a double: the integer's two's
/// complement bits, which a double's 53-bit significand could not hold as a
/// value. Slots are only copied (bit for bit) or passed through these two.
double fromWord(int64_t word);
int64_t toWord(double slot);
/// The slot of a decimal i64 or ui64 (a double would round integers past
/// 2^53; ui64 past 2^63 keeps its bits), or nullopt if `token` is not one.
std::optional<double> wordFromDecimal(std::string_view token);

/// A logical tensor on the host: row-major elements held as doubles, which
/// represent every value of the element types up to 32 bits exactly; i64
/// and ui64 elements hold words (fromWord).
struct HostTensor {
  Element element = Element::F32;
  std::vector<int64_t> dims;
  std::vector<double> values;

  HostTensor() = default;
  HostTensor(Element element, std::vector<int64_t> dims,
             std::vector<double> values)
      : element(element), dims(std::move(dims)), values(std::move(values)) {}
  /// Zero-filled; `dims` must have a product that fits in memory.
  HostTensor(Element element, std::vector<int64_t> dims);

  /// The product of the dimensions (1 for a scalar).
  int64_t elements() const;
  int64_t rank() const { return static_cast<int64_t>(dims.size()); }
  /// Element `n` of an integer tensor as an int64 (ui64 as its bits).
  int64_t integerAt(int64_t n) const;
};

} // namespace tpc

#endif // TPU_RUNTIME_MACHINE_HOSTTENSOR_H
