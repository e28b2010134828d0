//===- InterpretCase.cpp - StableHLO's interpreter tests ------------------===//

#include "tools/tpu-conformance/InterpretCase.h"

#include "tools/tpu-conformance/TestdataCase.h"

#include "dialects/check/CheckOps.h"
#include "dialects/stablehlo/StablehloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::conformance;

namespace {

/// The functions a chunk defines, in order.
SmallVector<std::string> functionNames(llvm::StringRef text) {
  SmallVector<std::string> names;
  llvm::Regex def("func\\.func[ \t]+(public[ \t]+|private[ \t]+)?@([A-Za-z0-9_$.]+)");
  SmallVector<llvm::StringRef> match;
  while (def.match(text, &match)) {
    names.push_back(match[2].str());
    text = text.drop_front(match[0].data() + match[0].size() - text.data());
  }
  return names;
}

/// Operands that give a dynamic op its result's shape: they must be known
/// when the program is compiled, so a constant feeding only them stays one.
bool isShapeOperand(OpOperand &use) {
  static const std::pair<llvm::StringLiteral, unsigned> kFirstShapeOperand[] = {
      {"stablehlo.dynamic_iota", 0},          {"stablehlo.dynamic_reshape", 1},
      {"stablehlo.dynamic_broadcast_in_dim", 1}, {"stablehlo.dynamic_pad", 2},
      {"stablehlo.dynamic_gather", 2},        {"stablehlo.dynamic_conv", 2},
      {"stablehlo.real_dynamic_slice", 1},    {"stablehlo.set_dimension_size", 1},
  };
  llvm::StringRef name = use.getOwner()->getName().getStringRef();
  for (const auto &[op, first] : kFirstShapeOperand)
    if (name == op)
      return use.getOperandNumber() >= first;
  return false;
}

bool isCheck(Operation &op) { return isa<check::CheckDialect>(op.getDialect()); }

Tolerance absolute(double atol) {
  Tolerance tolerance;
  tolerance.kind = Tolerance::Kind::Absolute;
  tolerance.atol = atol;
  return tolerance;
}

/// The function whose body asserts: the case.
llvm::Expected<func::FuncOp> caseFunction(ModuleOp module) {
  func::FuncOp found;
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal() ||
        llvm::none_of(fn.getBody().front(), [](Operation &op) {
          return isCheck(op);
        }))
      continue;
    if (found)
      return caseError("several functions check values");
    found = fn;
  }
  if (!found)
    return caseError("no function checks a value");
  if (found.getNumArguments() != 0)
    return caseError("the checking function takes arguments");
  return found;
}

} // namespace

bool mlir::tpu::conformance::isInterpretFile(llvm::StringRef text) {
  // The testdata format's cases also RUN --interpret, but compare with the
  // results of their @expected() by custom calls.
  return text.contains("--interpret") &&
         !text.contains("custom_call @check.") && !text.contains("@expected(");
}

namespace {
/// The RUN line's `--args="..."` and the results a file FileChecks after it:
/// `// CHECK: tensor<2xi32> {`, `// CHECK-NEXT: [3, 3]`, `// CHECK-NEXT: }`.
void readPrintedCase(llvm::StringRef text, std::string &args,
                     std::vector<std::string> &results) {
  SmallVector<llvm::StringRef> match;
  if (llvm::Regex("// RUN: [^\n]*--interpret --args=\"([^\"]*)\"")
          .match(text, &match))
    args = match[1].str();
  if (args.empty())
    return;
  llvm::Regex open("^// CHECK:[ \t]*(tensor<[^>]*>) \\{[ \t]*$");
  std::string type, values;
  SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (open.match(line, &match)) {
      type = match[1].str();
      values.clear();
    } else if (!type.empty() && line.consume_front("// CHECK-NEXT:")) {
      line = line.trim();
      if (line == "}") {
        results.push_back("dense<" + values + "> : " + type);
        type.clear();
      } else {
        values += line.str();
      }
    }
  }
}
} // namespace

std::vector<InterpretChunk>
mlir::tpu::conformance::splitInterpretFile(llvm::StringRef relativePath,
                                           llvm::StringRef text) {
  std::vector<InterpretChunk> chunks;
  InterpretChunk current;
  unsigned line = 1;
  std::string args;
  std::vector<std::string> printed;
  readPrintedCase(text, args, printed);
  llvm::StringMap<int> seen;
  auto flush = [&] {
    SmallVector<std::string> names = functionNames(current.text);
    if (!names.empty()) {
      llvm::StringRef name = llvm::is_contained(names, "main")
                                 ? llvm::StringRef("main")
                                 : llvm::StringRef(names.front());
      // A `main` that drives helpers is named after its first helper, so
      // that cases of one file keep distinct names.
      if (name == "main" && names.size() > 1)
        name = names.front() == "main" ? names[1] : names.front();
      current.name = (relativePath + ":" + name).str();
      // Two cases of one name (upstream has some) are told apart by count.
      if (int count = seen[current.name]++)
        current.name += "#" + std::to_string(count + 1);
      current.args = args;
      current.printedResults = printed;
      chunks.push_back(std::move(current));
    }
    current = InterpretChunk();
    current.firstLine = line + 1;
  };
  current.firstLine = 1;
  while (!text.empty()) {
    auto [head, rest] = text.split('\n');
    if (head.trim() == "// -----")
      flush();
    else
      current.text += (head + "\n").str();
    text = rest;
    ++line;
  }
  flush();
  return chunks;
}

std::optional<std::string>
mlir::tpu::conformance::interpretSkipReason(llvm::StringRef text) {
  if (std::optional<std::string> reason = testdataSkipReason(text))
    return reason;
  if (text.contains("run_parallel"))
    return "several processes (run_parallel)";
  for (llvm::StringRef io : {"stablehlo.infeed", "stablehlo.outfeed",
                             "stablehlo.send", "stablehlo.recv",
                             "stablehlo.token", "stablehlo.after_all"})
    if (text.contains(io))
      return "host I/O and tokens";
  return std::nullopt;
}

namespace {
/// A chunk whose @main takes `chunk.args` and prints its results.
llvm::Expected<InterpretCase> extractPrintedCase(ModuleOp module,
                                                 const InterpretChunk &chunk) {
  MLIRContext *context = module.getContext();
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (!main)
    return caseError("--args without a function @main");
  auto args = dyn_cast_or_null<ArrayAttr>(parseAttribute(chunk.args, context));
  if (!args)
    return caseError("--args is not an array attribute: " + chunk.args);
  InterpretCase result;
  for (Attribute arg : args) {
    auto value = supportedConstant(arg);
    if (!value)
      return value.takeError();
    result.inputs.push_back(toHostTensor(*value));
  }
  if (chunk.printedResults.size() != main.getNumResults())
    return caseError("@main has " + llvm::Twine(main.getNumResults()) +
                     " results and the file checks " +
                     llvm::Twine(chunk.printedResults.size()));
  for (const std::string &printed : chunk.printedResults) {
    auto value = supportedConstant(parseAttribute(printed, context));
    if (!value)
      return caseError("cannot read the checked result " + printed);
    result.expected.push_back({toHostTensor(*value), Tolerance()});
  }
  return result;
}
} // namespace

llvm::Expected<InterpretCase>
mlir::tpu::conformance::extractInterpretCase(ModuleOp module,
                                             const InterpretChunk &chunk) {
  if (!chunk.args.empty())
    return extractPrintedCase(module, chunk);
  llvm::Expected<func::FuncOp> found = caseFunction(module);
  if (!found)
    return found.takeError();
  func::FuncOp fn = *found;
  if (fn.getSymName() != "main") {
    if (module.lookupSymbol("main"))
      return caseError("a function @main besides the checking one");
    fn.setSymName("main");
  }
  fn.setPublic();
  Block &entry = fn.getBody().front();
  InterpretCase result;
  SmallVector<Value> returned;
  SmallVector<Operation *> checks;
  for (Operation &op : entry) {
    if (!isCheck(op))
      continue;
    checks.push_back(&op);
    ExpectedResult expected;
    Value actual, other;
    if (auto c = dyn_cast<check::ExpectEqConstOp>(op)) {
      actual = c.getLhs();
      auto value = supportedConstant(c.getValue());
      if (!value)
        return value.takeError();
      expected.tensor = toHostTensor(*value);
    } else if (auto c = dyn_cast<check::ExpectAlmostEqConstOp>(op)) {
      actual = c.getLhs();
      auto value = supportedConstant(c.getValue());
      if (!value)
        return value.takeError();
      expected.tensor = toHostTensor(*value);
      expected.tolerance = absolute(c.getTolerance().convertToDouble());
    } else if (auto c = dyn_cast<check::ExpectEqOp>(op)) {
      actual = c.getLhs();
      other = c.getRhs();
    } else if (auto c = dyn_cast<check::ExpectAlmostEqOp>(op)) {
      actual = c.getLhs();
      other = c.getRhs();
      expected.tolerance = absolute(c.getTolerance().convertToDouble());
    } else if (auto c = dyn_cast<check::ExpectCloseOp>(op)) {
      if (c.getMinUlpDifference() != 0)
        return caseError("expect_close with a min_ulp_difference");
      actual = c.getActual();
      other = c.getExpected();
      expected.tolerance.kind = Tolerance::Kind::Ulp;
      expected.tolerance.maxUlp = c.getMaxUlpDifference();
    } else {
      return caseError("unknown check " + op.getName().getStringRef());
    }
    // A computed value checked against a constant: the constant is the
    // expectation, as in the *_const forms.
    if (auto constant = other ? other.getDefiningOp<stablehlo::ConstantOp>()
                              : stablehlo::ConstantOp()) {
      auto value = supportedConstant(constant.getValue());
      if (!value)
        return value.takeError();
      expected.tensor = toHostTensor(*value);
      other = Value();
    }
    returned.push_back(actual);
    if (other) {
      expected.against = returned.size();
      returned.push_back(other);
    }
    result.expected.push_back(expected);
    if (other) {
      ExpectedResult unchecked;
      unchecked.checked = false;
      result.expected.push_back(unchecked);
    }
  }
  Operation *ret = entry.getTerminator();
  OpBuilder b(ret);
  auto newReturn = func::ReturnOp::create(b, ret->getLoc(), returned);
  ret->erase();
  for (Operation *op : checks)
    op->erase();

  // The operands become arguments, so the compiler cannot fold the case.
  for (auto constant :
       llvm::make_early_inc_range(entry.getOps<stablehlo::ConstantOp>())) {
    auto type = dyn_cast<RankedTensorType>(constant.getType());
    if (!type || llvm::all_of(constant->getUses(), isShapeOperand))
      continue;
    auto value = supportedConstant(constant.getValue());
    if (!value)
      return value.takeError();
    result.inputs.push_back(toHostTensor(*value));
    BlockArgument arg = entry.addArgument(type, constant.getLoc());
    constant.getResult().replaceUsesWithIf(
        arg, [](OpOperand &use) { return !isShapeOperand(use); });
    if (constant->use_empty())
      constant.erase();
  }
  fn.setFunctionType(FunctionType::get(module.getContext(),
                                       entry.getArgumentTypes(),
                                       newReturn.getOperandTypes()));
  return result;
}
