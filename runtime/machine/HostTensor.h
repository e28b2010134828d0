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
};
constexpr Element kLastElement = Element::U64;
int64_t elementBytes(Element element);
/// MLIR's spelling: "f32", "bf16", "i32", "ui8", "i1", ...
std::string_view elementName(Element element);
/// The element elementName() names, if any.
std::optional<Element> elementFromName(std::string_view name);
bool isFloat(Element element);
bool isUnsigned(Element element); // ui8, ui16, ui32, ui64
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
