//===- StablehloTuples.cpp - Tuple arguments and results, flattened -------===//
//
// Part of convert-stablehlo-to-hlo, run before the op-by-op import. A TPU
// program's parameters and results are arrays: XLA flattens an entry
// computation's tuple parameters into their leaves and PJRT hands a tuple
// result back as its elements. The same here: each tuple argument becomes
// its leaves (nested tuples depth first), rebuilt with stablehlo.tuple at
// the entry, and each tuple result is returned as its leaves, read with
// get_tuple_element. The import then folds each get_tuple_element of a
// stablehlo.tuple into the element itself, so no tuple survives.
//
// Calls need nothing: the inliner has inlined every call before this runs.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

#include "dialects/stablehlo/StablehloOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;
namespace sh = mlir::stablehlo;

namespace {

/// The non-tuple types of `type`, depth first.
void leavesOf(Type type, SmallVectorImpl<Type> &leaves) {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    for (Type element : tuple.getTypes())
      leavesOf(element, leaves);
    return;
  }
  leaves.push_back(type);
}

/// A value of `type` built from `leaves`, consumed from the front.
Value rebuild(OpBuilder &b, Location loc, Type type, ArrayRef<Value> &leaves) {
  auto tuple = dyn_cast<TupleType>(type);
  if (!tuple) {
    Value leaf = leaves.front();
    leaves = leaves.drop_front();
    return leaf;
  }
  SmallVector<Value> elements;
  for (Type element : tuple.getTypes())
    elements.push_back(rebuild(b, loc, element, leaves));
  return sh::TupleOp::create(b, loc, tuple, elements);
}

/// The leaves of `value`, read with get_tuple_element.
void takeApart(OpBuilder &b, Location loc, Value value,
               SmallVectorImpl<Value> &leaves) {
  auto tuple = dyn_cast<TupleType>(value.getType());
  if (!tuple) {
    leaves.push_back(value);
    return;
  }
  for (auto [i, element] : llvm::enumerate(tuple.getTypes()))
    takeApart(b, loc,
              sh::GetTupleElementOp::create(b, loc, element, value,
                                            b.getI32IntegerAttr(i)),
              leaves);
}

} // namespace

void mlir::tpu::stablehlo_import::flattenTupleSignature(func::FuncOp func) {
  if (func.isExternal())
    return;
  OpBuilder b(func.getContext());
  Block &entry = func.getBody().front();
  // Arguments, from the last so that the indices still to visit hold.
  for (unsigned i = func.getNumArguments(); i-- > 0;) {
    Type type = func.getArgumentTypes()[i];
    if (!isa<TupleType>(type))
      continue;
    SmallVector<Type> leafTypes;
    leavesOf(type, leafTypes);
    DictionaryAttr attrs = func.getArgAttrDict(i);
    Location loc = entry.getArgument(i).getLoc();
    SmallVector<Value> leaves;
    for (auto [k, leafType] : llvm::enumerate(leafTypes)) {
      (void)func.insertArgument(i + 1 + k, leafType, attrs, loc);
      leaves.push_back(entry.getArgument(i + 1 + k));
    }
    b.setInsertionPointToStart(&entry);
    ArrayRef<Value> rest = leaves;
    entry.getArgument(i).replaceAllUsesWith(rebuild(b, loc, type, rest));
    (void)func.eraseArgument(i);
  }
  if (!llvm::any_of(func.getResultTypes(), llvm::IsaPred<TupleType>))
    return;
  // Each leaf keeps its tuple's result attributes (jax.result_info).
  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  for (unsigned i = 0, e = func.getNumResults(); i < e; ++i) {
    size_t first = resultTypes.size();
    leavesOf(func.getResultTypes()[i], resultTypes);
    DictionaryAttr attrs = func.getResultAttrDict(i);
    resultAttrs.append(resultTypes.size() - first,
                       attrs ? attrs : b.getDictionaryAttr({}));
  }
  func.walk([&](func::ReturnOp ret) {
    b.setInsertionPoint(ret);
    SmallVector<Value> leaves;
    for (Value v : ret.getOperands())
      takeApart(b, ret.getLoc(), v, leaves);
    ret->setOperands(leaves);
  });
  func.setFunctionType(
      FunctionType::get(func.getContext(), func.getArgumentTypes(),
                        resultTypes));
  func.setAllResultAttrs(resultAttrs);
}
