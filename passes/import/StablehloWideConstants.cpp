//===- StablehloWideConstants.cpp - f64 constants that are converted -----===//
//
// Part of convert-stablehlo-to-hlo, run before the op-by-op import.
// PyTorch's exporters write Python floats as f64 scalar constants, each
// converted at once to the model's f32 or bf16. A TPU has no f64, so such
// a program would be refused for values it never computes with: an f64
// constant whose every use is a stablehlo.convert to a narrower type is
// folded here into one constant per convert, each value rounded once from
// f64 to the result type (as convert rounds: to nearest, ties to even, for
// floats; toward zero, saturating, NaN to 0, for integers; non-zero is true
// for i1). An f64 constant used any other way, and any other f64 value,
// stays and is refused by the import at its location.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

#include "dialects/hlo/HLOFold.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;
namespace sh = mlir::stablehlo;

namespace {

/// Whether `convert` turns f64 into a type the import takes.
bool narrows(sh::ConvertOp convert) {
  Type element = getElementTypeOrSelf(convert.getType());
  return !element.isF64() &&
         (isa<FloatType>(element) || isa<IntegerType>(element));
}

} // namespace

void mlir::tpu::stablehlo_import::foldConvertedWideConstants(
    func::FuncOp func) {
  SmallVector<sh::ConstantOp> wide;
  func.walk([&](sh::ConstantOp constant) {
    auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!value || !value.getElementType().isF64() ||
        constant->use_empty())
      return;
    for (Operation *user : constant->getUsers()) {
      auto convert = dyn_cast<sh::ConvertOp>(user);
      if (!convert || !narrows(convert))
        return;
    }
    wide.push_back(constant);
  });
  for (sh::ConstantOp constant : wide) {
    auto value = cast<DenseElementsAttr>(constant.getValue());
    for (Operation *user : llvm::make_early_inc_range(constant->getUsers())) {
      auto convert = cast<sh::ConvertOp>(user);
      // As hlo.convert folds: the value is rounded once, from f64.
      OpBuilder b(convert);
      auto folded = sh::ConstantOp::create(
          b, convert.getLoc(),
          hlo::convertElements(
              value, getElementTypeOrSelf(convert.getType())));
      convert.replaceAllUsesWith(folded.getResult());
      convert.erase();
    }
    constant.erase();
  }
}
