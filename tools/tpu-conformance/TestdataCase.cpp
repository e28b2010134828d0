//===- TestdataCase.cpp - StableHLO's JAX-generated execution tests -------===//

#include "tools/tpu-conformance/TestdataCase.h"

#include "compiler/executable/ExecutableWriter.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "dialects/tpu/TPUDialect.h"
#include "runtime/Executable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::conformance;

llvm::Error mlir::tpu::conformance::caseError(const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), why);
}

llvm::Expected<DenseElementsAttr>
mlir::tpu::conformance::supportedConstant(Attribute value) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(value);
  if (!dense)
    return caseError("an expected value that is not a dense constant");
  if (!toStoredElement(dense.getElementType())) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "element type " << dense.getElementType()
       << " (the TPU compiler supports " << tpu::kSupportedElementTypes << ")";
    return caseError(text);
  }
  return dense;
}

namespace {

/// The constants a no-argument function returns, in order.
llvm::Expected<SmallVector<DenseElementsAttr>>
returnedConstants(func::FuncOp fn) {
  SmallVector<DenseElementsAttr> values;
  auto ret = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
  for (Value v : ret.getOperands()) {
    auto constant = v.getDefiningOp<stablehlo::ConstantOp>();
    if (!constant || !isa<DenseElementsAttr>(constant.getValue()))
      return caseError("@" + fn.getSymName() +
                       " returns a value that is not a stablehlo.constant");
    auto attr = supportedConstant(constant.getValue());
    if (!attr)
      return attr.takeError();
    values.push_back(*attr);
  }
  return values;
}

llvm::Expected<Tolerance> toleranceOf(stablehlo::CustomCallOp check) {
  StringRef target = check.getCallTargetName();
  Tolerance tolerance;
  if (target == "check.expect_eq")
    return tolerance;
  if (target == "check.expect_close") {
    tolerance.kind = Tolerance::Kind::Ulp;
    tolerance.maxUlp = 1;
    if (auto max = check->getAttrOfType<IntegerAttr>("max_ulp_difference"))
      tolerance.maxUlp = max.getInt();
    return tolerance;
  }
  if (target == "check.expect_almost_eq") {
    tolerance.kind = Tolerance::Kind::Absolute;
    tolerance.atol = 1e-4;
    if (auto atol = check->getAttrOfType<FloatAttr>("tolerance"))
      tolerance.atol = atol.getValueAsDouble();
    return tolerance;
  }
  return caseError("unknown check @" + target);
}

} // namespace

std::optional<std::string>
mlir::tpu::conformance::testdataSkipReason(llvm::StringRef text) {
  // Read from the text: a case that needs f64 or complex numbers is out of
  // reach whether or not the rest of it parses.
  if (text.contains("complex<"))
    return "complex elements";
  for (size_t at = text.find("f64>"); at != llvm::StringRef::npos;
       at = text.find("f64>", at + 1))
    if (at > 0 && (text[at - 1] == 'x' || text[at - 1] == '<'))
      return "f64 elements";
  return std::nullopt;
}

llvm::Expected<TestdataCase>
mlir::tpu::conformance::extractTestdataCase(ModuleOp module) {
  auto main = module.lookupSymbol<func::FuncOp>("main");
  auto inputsFn = module.lookupSymbol<func::FuncOp>("inputs");
  auto expectedFn = module.lookupSymbol<func::FuncOp>("expected");
  // A case without inputs (an iota) has no @inputs.
  if (!main || !expectedFn || main.getBody().empty())
    return caseError("expected functions @main and @expected");
  TestdataCase result;
  auto inputs = inputsFn ? returnedConstants(inputsFn)
                         : llvm::Expected<SmallVector<DenseElementsAttr>>(
                               SmallVector<DenseElementsAttr>());
  if (!inputs)
    return inputs.takeError();
  auto expected = returnedConstants(expectedFn);
  if (!expected)
    return expected.takeError();
  for (DenseElementsAttr attr : *inputs)
    result.inputs.push_back(toHostTensor(attr));

  Block &entry = main.getBody().front();
  SmallVector<Value> checked;
  SmallVector<Operation *> dead;
  for (Operation &op : llvm::make_early_inc_range(entry)) {
    if (auto call = dyn_cast<func::CallOp>(op)) {
      if (call.getCallee() == "inputs") {
        for (Value v : call.getResults())
          v.replaceAllUsesWith(entry.addArgument(v.getType(), call.getLoc()));
        dead.push_back(call);
      } else if (call.getCallee() == "expected") {
        dead.push_back(call);
      }
      continue;
    }
    auto check = dyn_cast<stablehlo::CustomCallOp>(op);
    if (!check || !check.getCallTargetName().starts_with("check."))
      continue;
    auto tolerance = toleranceOf(check);
    if (!tolerance)
      return tolerance.takeError();
    auto source = check->getNumOperands() == 2
                      ? check->getOperand(1).getDefiningOp<func::CallOp>()
                      : func::CallOp();
    if (!source || source.getCallee() != "expected")
      return caseError("a check that does not compare with @expected()");
    auto index = cast<OpResult>(check->getOperand(1)).getResultNumber();
    result.expected.push_back({toHostTensor((*expected)[index]), *tolerance});
    checked.push_back(check->getOperand(0));
    dead.push_back(check);
  }
  if (checked.empty())
    return caseError("@main checks nothing");
  // @main now returns what it checked; the checks and @expected go.
  Operation *ret = entry.getTerminator();
  OpBuilder b(ret);
  func::ReturnOp::create(b, ret->getLoc(), checked);
  ret->erase();
  for (Operation *op : llvm::reverse(dead))
    op->erase();
  main.setFunctionType(FunctionType::get(module.getContext(),
                                         entry.getArgumentTypes(),
                                         ValueRange(checked).getTypes()));
  main.setResAttrsAttr(ArrayAttr());
  if (inputsFn)
    inputsFn.erase();
  expectedFn.erase();
  return result;
}
