//===- ResourceConstants.cpp - dense_resource constants read at import ----===//
//
// Part of convert-stablehlo-to-hlo and convert-tosa-to-hlo (see
// ResourceConstants.h). A resource blob holds the elements in the type's
// storage, one byte per i1; DenseElementsAttr packs i1 in bits, so booleans
// are read one by one and every other type as a raw buffer.
//
//===----------------------------------------------------------------------===//

#include "passes/import/ResourceConstants.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;

namespace {

FailureOr<DenseElementsAttr> read(Operation *op,
                                  DenseResourceElementsAttr resource) {
  auto type = cast<ShapedType>(resource.getType());
  DenseResourceElementsHandle handle = resource.getRawHandle();
  AsmResourceBlob *blob = handle.getBlob();
  if (!blob)
    return op->emitOpError()
           << "has no values: its dense_resource<" << handle.getKey()
           << "> has no blob (weights printed elided); compile the program "
              "as exported, with its resource section";
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
  WalkResult walk = func.walk([&](Operation *op) {
    SmallVector<NamedAttribute> resources;
    for (NamedAttribute attr : op->getAttrs())
      if (isa<DenseResourceElementsAttr>(attr.getValue()))
        resources.push_back(attr);
    for (NamedAttribute attr : resources) {
      FailureOr<DenseElementsAttr> dense =
          read(op, cast<DenseResourceElementsAttr>(attr.getValue()));
      if (failed(dense))
        return WalkResult::interrupt();
      op->setAttr(attr.getName(), *dense);
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}
