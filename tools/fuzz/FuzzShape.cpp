//===- FuzzShape.cpp - libFuzzer: tpu-shape's shape parser ----------------===//
//
// Arbitrary text through tpc::parseShape; a shape that parses goes through
// the padding analysis of every target, which must answer with sizes or a
// Status (overflow included), and must print back to text that parses to
// the same shape.
//
//===----------------------------------------------------------------------===//

#include "runtime/machine/Padding.h"
#include "runtime/machine/Shape.h"
#include "runtime/machine/Target.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  tpc::Shape shape;
  tpc::ParseError error;
  if (!tpc::parseShape(text, shape, error)) {
    if (error.offset > text.size())
      std::abort();
    return 0;
  }
  tpc::Shape again;
  if (!tpc::parseShape(tpc::shapeToString(shape), again, error) ||
      tpc::shapeToString(again) != tpc::shapeToString(shape))
    std::abort();
  for (const tpc::Target &target : tpc::allTargets())
    (void)tpc::analyzePadding(target, shape);
  return 0;
}
