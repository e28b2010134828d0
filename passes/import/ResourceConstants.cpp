//===- ResourceConstants.cpp - dense_resource constants read at import ----===//
//
// Part of convert-stablehlo-to-hlo and convert-tosa-to-hlo (see
// ResourceConstants.h). A resource blob holds the elements in the type's
// storage, one byte per i1; DenseElementsAttr packs i1 in bits, so booleans
// are read one by one and every other type as a raw buffer.
//
// A key without a blob is a weight printed elided. It gets placeholder
// values, varied (a splat would fold and be stored as an immediate, not as
// the HBM buffer the weight is) and deterministic, so the program compiles
// to what it would with its weights: same constants, same sizes, same
// schedule. The function records where each was; the executable carries
// the list, and a run that computes values refuses it (timing-only runs
// and memory reports need no values).
//
//===----------------------------------------------------------------------===//

#include "passes/import/ResourceConstants.h"

#include "dialects/tpu/TPUDialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

/// Placeholder values for an elided constant of `type`: 101 distinct
/// values in a fixed order (i mod 101, centred for floats), never all
/// equal unless there is one element.
FailureOr<DenseElementsAttr> placeholder(Operation *op, ShapedType type) {
  Type element = type.getElementType();
  int64_t count = type.getNumElements();
  constexpr int64_t kDistinct = 101;
  auto pattern = [](int64_t i) { return (i * 37) % kDistinct; };
  if (element.isInteger(1)) {
    SmallVector<bool> values;
    for (int64_t i = 0; i < count; ++i)
      values.push_back(pattern(i) % 2);
    return DenseElementsAttr::get(type, values);
  }
  if (!element.isIntOrFloat())
    return op->emitOpError() << "has no values (its weights were printed "
                                "elided) and no placeholder for "
                             << element;
  // Each of the distinct values' bits, then copied into place.
  unsigned width = element.getIntOrFloatBitWidth();
  size_t bytes = llvm::divideCeil(width, 8);
  SmallVector<APInt> bits;
  for (int64_t v = 0; v < kDistinct; ++v) {
    if (auto f = dyn_cast<FloatType>(element)) {
      APFloat x(static_cast<double>(v - kDistinct / 2) / 64.0);
      bool lost;
      x.convert(f.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      bits.push_back(x.bitcastToAPInt());
    } else {
      bits.push_back(APInt(width, v));
    }
  }
  std::vector<char> data(count * bytes);
  for (int64_t i = 0; i < count; ++i) {
    const APInt &b = bits[pattern(i)];
    for (size_t k = 0; k < bytes; ++k)
      data[i * bytes + k] = static_cast<char>(
          b.extractBitsAsZExtValue(std::min<unsigned>(8, width - 8 * k),
                                   8 * k));
  }
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

/// `loc` as `file:line:col` (or its printed form) and `type`.
std::string describe(Location loc, Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn();
  else if (auto fused = loc->findInstanceOf<FileLineColLoc>())
    os << fused.getFilename().getValue() << ":" << fused.getLine() << ":"
       << fused.getColumn();
  else
    os << loc;
  os << " " << type;
  return text;
}

FailureOr<DenseElementsAttr> read(Operation *op,
                                  DenseResourceElementsAttr resource,
                                  SmallVectorImpl<Attribute> &elided) {
  auto type = cast<ShapedType>(resource.getType());
  DenseResourceElementsHandle handle = resource.getRawHandle();
  AsmResourceBlob *blob = handle.getBlob();
  if (!blob) {
    elided.push_back(
        StringAttr::get(op->getContext(), describe(op->getLoc(), type)));
    return placeholder(op, type);
  }
  ArrayRef<char> data = blob->getData();
  Type element = type.getElementType();
  int64_t count = type.getNumElements();
  if (element.isInteger(1)) {
    if (static_cast<int64_t>(data.size()) != count)
      return op->emitOpError()
             << "dense_resource<" << handle.getKey() << "> holds "
             << data.size() << " bytes where " << type << " has " << count
             << " (one byte per i1)";
    SmallVector<bool> values;
    for (char byte : data)
      values.push_back(byte != 0);
    return DenseElementsAttr::get(type, values);
  }
  // Every element is stored (a blob has no splat form), each in whole
  // bytes, which is DenseElementsAttr's raw layout for these types.
  if (!element.isIntOrFloat() ||
      static_cast<int64_t>(data.size()) !=
          count * static_cast<int64_t>(
                      llvm::divideCeil(element.getIntOrFloatBitWidth(), 8)))
    return op->emitOpError()
           << "dense_resource<" << handle.getKey() << "> holds "
           << data.size() << " bytes, which are not the elements of " << type;
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

} // namespace

LogicalResult mlir::tpu::readResourceConstants(func::FuncOp func) {
  SmallVector<Attribute> elided;
  WalkResult walk = func.walk([&](Operation *op) {
    SmallVector<NamedAttribute> resources;
    for (NamedAttribute attr : op->getAttrs())
      if (isa<DenseResourceElementsAttr>(attr.getValue()))
        resources.push_back(attr);
    for (NamedAttribute attr : resources) {
      FailureOr<DenseElementsAttr> dense =
          read(op, cast<DenseResourceElementsAttr>(attr.getValue()), elided);
      if (failed(dense))
        return WalkResult::interrupt();
      op->setAttr(attr.getName(), *dense);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!elided.empty()) {
    func->setAttr(kElidedConstantsAttrName,
                  ArrayAttr::get(func.getContext(), elided));
    func.emitRemark() << elided.size()
                      << (elided.size() == 1 ? " constant has" : " constants have")
                      << " no values (weights printed elided, first at "
                      << cast<StringAttr>(elided.front()).getValue()
                      << "): placeholders stand in, so memory and timing hold "
                         "but running it for values is refused";
  }
  return success();
}
