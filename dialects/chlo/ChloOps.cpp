//===- ChloOps.cpp - chlo input dialect -----------------------------------===//

#include "dialects/chlo/ChloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::chlo;

#include "dialects/chlo/ChloDialect.cpp.inc"

namespace {
/// chlo ops sit in the private helpers JAX exports, which the import
/// inlines; they have no side effects, so any of them may be inlined.
struct ChloInliner : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/chlo/ChloOps.cpp.inc"
      >();
  addInterfaces<ChloInliner>();
}

#define GET_OP_CLASSES
#include "dialects/chlo/ChloOps.cpp.inc"
