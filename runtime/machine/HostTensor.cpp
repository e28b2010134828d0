//===- HostTensor.cpp - Stored element types and host tensors -------------===//

#include "runtime/machine/HostTensor.h"

#include <charconv>
#include <cstring>
#include <iterator>

namespace tpc {

namespace {

using K = SmallFloat::Kind;

struct ElementInfo {
  std::string_view name;
  int64_t bytes;
  int bits; // value bits: the float format's width, or the integer's
  bool isFloat;
  bool isUnsigned;
  ElementType xla;
  std::optional<SmallFloat> small = std::nullopt;
};

/// Indexed by the Element value.
constexpr ElementInfo kElements[] = {
    {"f32", 4, 32, true, false, ElementType::F32},
    {"bf16", 2, 16, true, false, ElementType::BF16},
    {"i32", 4, 32, false, false, ElementType::S32},
    {"i8", 1, 8, false, false, ElementType::S8},
    {"i1", 4, 1, false, false, ElementType::PRED},
    {"f16", 2, 16, true, false, ElementType::F16},
    {"i16", 2, 16, false, false, ElementType::S16},
    {"ui8", 1, 8, false, true, ElementType::U8},
    {"ui16", 2, 16, false, true, ElementType::U16},
    {"ui32", 4, 32, false, true, ElementType::U32},
    {"i64", 8, 64, false, false, ElementType::S64},
    {"ui64", 8, 64, false, true, ElementType::U64},
    {"i4", 1, 4, false, false, ElementType::S4},
    {"ui4", 1, 4, false, true, ElementType::U4},
    {"i2", 1, 2, false, false, ElementType::S2},
    {"ui2", 1, 2, false, true, ElementType::U2},
    {"f8E5M2", 1, 8, true, false, ElementType::F8E5M2, {{5, 2, 15, K::Ieee}}},
    {"f8E4M3FN", 1, 8, true, false, ElementType::F8E4M3FN,
     {{4, 3, 7, K::FiniteNan}}},
    {"f8E4M3", 1, 8, true, false, ElementType::F8E4M3, {{4, 3, 7, K::Ieee}}},
    {"f8E3M4", 1, 8, true, false, ElementType::F8E3M4, {{3, 4, 3, K::Ieee}}},
    {"f8E4M3FNUZ", 1, 8, true, false, ElementType::F8E4M3FNUZ,
     {{4, 3, 8, K::UnsignedZero}}},
    {"f8E5M2FNUZ", 1, 8, true, false, ElementType::F8E5M2FNUZ,
     {{5, 2, 16, K::UnsignedZero}}},
    {"f8E4M3B11FNUZ", 1, 8, true, false, ElementType::F8E4M3B11FNUZ,
     {{4, 3, 11, K::UnsignedZero}}},
    {"f8E8M0FNU", 1, 8, true, false, ElementType::F8E8M0FNU,
     {{8, 0, 127, K::ExponentOnly}}},
    {"f6E2M3FN", 1, 6, true, false, ElementType::F6E2M3FN,
     {{2, 3, 1, K::FiniteOnly}}},
    {"f6E3M2FN", 1, 6, true, false, ElementType::F6E3M2FN,
     {{3, 2, 3, K::FiniteOnly}}},
    {"f4E2M1FN", 1, 4, true, false, ElementType::F4E2M1FN,
     {{2, 1, 1, K::FiniteOnly}}},
};
static_assert(std::size(kElements) == static_cast<size_t>(kLastElement) + 1);

const ElementInfo &info(Element element) {
  return kElements[static_cast<size_t>(element)];
}

} // namespace

int64_t elementBytes(Element element) { return info(element).bytes; }
std::string_view elementName(Element element) { return info(element).name; }
bool isFloat(Element element) { return info(element).isFloat; }
bool isUnsigned(Element element) { return info(element).isUnsigned; }
int intBits(Element element) { return info(element).bits; }
std::optional<SmallFloat> smallFloat(Element element) {
  return info(element).small;
}
bool isPacked(Element element) {
  return element == Element::I4 || element == Element::U4 ||
         element == Element::I2 || element == Element::U2 ||
         element == Element::F4E2M1FN;
}
int64_t storageBits(Element element) {
  return isPacked(element) ? info(element).bits : info(element).bytes * 8;
}
int64_t hbmBytes(Element element, int64_t count) {
  return packedBytes(count, storageBits(element));
}
bool isWide(Element element) {
  return element == Element::I64 || element == Element::U64;
}

double fromWord(int64_t word) {
  double slot;
  std::memcpy(&slot, &word, sizeof(slot));
  return slot;
}

std::optional<double> wordFromDecimal(std::string_view token) {
  const char *end = token.data() + token.size();
  int64_t word;
  auto [at, error] = std::from_chars(token.data(), end, word);
  if (error == std::errc() && at == end)
    return fromWord(word);
  uint64_t magnitude;
  auto [uat, uerror] = std::from_chars(token.data(), end, magnitude);
  if (uerror == std::errc() && uat == end)
    return fromWord(static_cast<int64_t>(magnitude));
  return std::nullopt;
}

int64_t toWord(double slot) {
  int64_t word;
  std::memcpy(&word, &slot, sizeof(word));
  return word;
}

std::optional<Element> elementFromName(std::string_view name) {
  for (size_t i = 0; i < std::size(kElements); ++i)
    if (kElements[i].name == name)
      return static_cast<Element>(i);
  return std::nullopt;
}

std::optional<Element> storedElement(ElementType type) {
  for (size_t i = 0; i < std::size(kElements); ++i)
    if (kElements[i].xla == type)
      return static_cast<Element>(i);
  return std::nullopt;
}

HostTensor::HostTensor(Element element, std::vector<int64_t> dims)
    : element(element), dims(std::move(dims)) {
  values.assign(static_cast<size_t>(elements()), 0.0);
}

int64_t HostTensor::integerAt(int64_t n) const {
  return isWide(element) ? toWord(values[n]) : static_cast<int64_t>(values[n]);
}

int64_t HostTensor::elements() const {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

} // namespace tpc
