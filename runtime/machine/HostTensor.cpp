//===- HostTensor.cpp - Stored element types and host tensors -------------===//

#include "runtime/machine/HostTensor.h"

#include <charconv>
#include <cstring>
#include <iterator>

namespace tpc {

namespace {

struct ElementInfo {
  std::string_view name;
  int64_t bytes;
  int bits; // value bits: the float format's width, or the integer's
  bool isFloat;
  bool isUnsigned;
  ElementType xla;
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
