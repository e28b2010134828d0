//===- tpu-conformance.cpp - Run a conformance suite
//-----------------------===//
//
// tpu-conformance SUITE [--filter=TEXT] [--target=v3]
//                 [--default-precision=highest] [--reference=true]
// Runs every case of a suite in the refexec format (NAME.tosa.mlir with a
// no-argument @main, NAME.expected with its results and tolerances), such
// as ../shared/conformance/stablehlo-tosa: the constants @main defines
// become arguments, so the compiler cannot fold the case away; compiles
// each for the simulated TPU and runs it on those inputs, and also runs
// the hlo reference evaluator on the imported program; both must match. A case whose element types the
// project does not support is skipped and counted by reason. Prints each
// failure and one line `N passed, M failed, K skipped`; exits 1 when a case
// fails or the suite is missing.
//
//===----------------------------------------------------------------------===//

#include "tools/tpu-conformance/Conformance.h"

#include "compiler/InitAll.h"
#include "compiler/driver/Compile.h"
#include "compiler/driver/ToolFlags.h"
#include "compiler/executable/ExecutableWriter.h"
#include "compiler/reference/Evaluator.h"
#include "passes/Passes.h"
#include "runtime/Device.h"
#include "runtime/Executable.h"
#include "runtime/machine/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <map>

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::conformance;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory category("tpu-conformance options");
cl::opt<std::string> suiteDir(cl::Positional, cl::desc("<suite directory>"),
                              cl::Required, cl::cat(category));
cl::opt<std::string> filter("filter",
                            cl::desc("Run only cases whose name contains "
                                     "this text"),
                            cl::cat(category));
// HIGHEST by default: the suite's expected values are f32 products.
CompileFlags flags(category, hlo::Precision::HIGHEST,
                   "TPU generation: v2, v3, v4, v5e or v6e (default: v3)");
cl::opt<bool> checkReference("reference",
                             cl::desc("Also check the reference evaluator"),
                             cl::init(true), cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("Print every case, not only failures"),
                      cl::cat(category));

/// Why a case cannot be expressed: the first tensor element type the
/// project does not support, as "f16 elements".
std::optional<std::string>
unsupportedType(ModuleOp module, const std::vector<ExpectedResult> &expected) {
  std::optional<std::string> reason;
  auto check = [&](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (reason || !tensor || toRuntimeElement(tensor.getElementType()))
      return;
    std::string name;
    llvm::raw_string_ostream os(name);
    os << tensor.getElementType() << " elements";
    reason = name;
  };
  module.walk([&](Operation *op) {
    llvm::for_each(op->getOperandTypes(), check);
    llvm::for_each(op->getResultTypes(), check);
  });
  for (const ExpectedResult &result : expected)
    if (!reason && !tpurt::elementFromName(result.tensor.element))
      reason = result.tensor.element + " elements";
  return reason;
}

Tensor toTensor(const tpurt::HostTensor &t) {
  return {std::string(tpurt::elementName(t.element)), t.dims, t.values};
}

/// Collects a case's diagnostics as text instead of printing them.
class Diagnostics {
public:
  explicit Diagnostics(MLIRContext &context)
      : handler(&context, [this](Diagnostic &d) {
          if (d.getSeverity() == DiagnosticSeverity::Error && text.empty()) {
            llvm::raw_string_ostream os(text);
            os << d.getLocation() << ": " << d;
          }
          return success();
        }) {}
  std::string take(llvm::StringRef fallback) {
    std::string out = text.empty() ? fallback.str() : text;
    text.clear();
    return out;
  }

private:
  std::string text;
  ScopedDiagnosticHandler handler;
};

/// A case ready to run: its program imported into hlo, with the constants
/// that the source's @main defines (the case's inputs) turned into
/// arguments, as IREE's util.unfoldable_constant keeps inputs out of the
/// compiler's reach, and the values to pass for them.
struct PreparedCase {
  OwningOpRef<ModuleOp> module;
  SmallVector<Literal> inputs;
};

/// The locations of the tensor constants in the body of `source`'s @main.
DenseSet<Location> inputLocations(ModuleOp source) {
  DenseSet<Location> locations;
  if (auto main = source.lookupSymbol<func::FuncOp>("main"))
    for (Operation &op : main.getBody().getOps())
      if (op.hasTrait<OpTrait::ConstantLike>() && op.getNumResults() == 1 &&
          isa<RankedTensorType>(op.getResult(0).getType()))
        locations.insert(op.getLoc());
  return locations;
}

llvm::Expected<PreparedCase> prepare(ModuleOp source,
                                     Diagnostics &diagnostics) {
  auto fail = [&](llvm::StringRef what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   diagnostics.take(what));
  };
  PreparedCase prepared{source.clone(), {}};
  PassManager pm(source.getContext());
  buildImportPipeline(pm, flags.defaultPrecision);
  if (failed(pm.run(*prepared.module)))
    return fail("the TOSA import failed");
  auto main = prepared.module->lookupSymbol<func::FuncOp>("main");
  if (!main)
    return fail("no function @main");
  // The import keeps each constant's location, so the hlo constants that
  // carry an input's location are that input (or a conversion of it).
  DenseSet<Location> inputs = inputLocations(source);
  Block &entry = main.getBody().front();
  for (auto constant :
       llvm::make_early_inc_range(entry.getOps<hlo::ConstantOp>())) {
    auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!value || !inputs.contains(constant.getLoc()))
      continue;
    prepared.inputs.push_back(toLiteral(value));
    BlockArgument arg =
        entry.addArgument(constant.getType(), constant.getLoc());
    constant.getResult().replaceAllUsesWith(arg);
    constant.erase();
  }
  main.setFunctionType(FunctionType::get(source.getContext(),
                                         entry.getArgumentTypes(),
                                         main.getResultTypes()));
  return prepared;
}

llvm::Expected<std::vector<Tensor>> runReference(PreparedCase &prepared,
                                                 Diagnostics &diagnostics) {
  auto main = prepared.module->lookupSymbol<func::FuncOp>("main");
  FailureOr<SmallVector<Literal>> results = evaluate(main, prepared.inputs);
  if (failed(results))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   diagnostics.take("the evaluator failed"));
  std::vector<Tensor> out;
  for (const Literal &literal : *results)
    out.push_back({std::string(tpurt::elementName(
                       *toRuntimeElement(literal.elementType))),
                   {literal.shape.begin(), literal.shape.end()},
                   literal.data});
  return out;
}

llvm::Expected<std::vector<Tensor>> runDevice(PreparedCase &prepared,
                                              Diagnostics &diagnostics) {
  auto fail = [&](llvm::StringRef what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   diagnostics.take(what));
  };
  std::vector<tpurt::HostTensor> inputs;
  for (const Literal &literal : prepared.inputs)
    inputs.push_back({*toRuntimeElement(literal.elementType),
                      {literal.shape.begin(), literal.shape.end()},
                      literal.data});
  // Compiling consumes the module; the reference may still need it.
  OwningOpRef<ModuleOp> module = prepared.module->clone();
  CompileOptions options;
  flags.apply(options);
  tpurt::Executable exe;
  std::string error;
  if (compileAndLoad(*module, options, exe, error) != CompileStatus::Success)
    return fail(error.empty() ? "compilation failed" : error);
  // The executable runs on the target it was compiled for.
  const tpc::Target *device = tpc::findTarget(exe.target);
  if (!device)
    return fail(tpc::unknownTargetMessage(exe.target));
  absl::StatusOr<tpurt::RunResult> run =
      tpurt::run(exe, *device, "main", inputs);
  if (!run.ok())
    return fail(std::string(run.status().message()));
  std::vector<Tensor> out;
  for (const tpurt::HostTensor &t : run->results)
    out.push_back(toTensor(t));
  return out;
}

/// The first mismatch between `actual` and `expected`, as text.
std::optional<std::string> check(const std::vector<ExpectedResult> &expected,
                                 const std::vector<Tensor> &actual) {
  if (actual.size() != expected.size())
    return std::to_string(actual.size()) + " results, expected " +
           std::to_string(expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    if (std::optional<std::string> why = compare(expected[i], actual[i]))
      return "result " + std::to_string(i) + ": " + *why;
  return std::nullopt;
}

int runSuite(MLIRContext &context) {
  if (std::string error = flags.checkTarget(); !error.empty()) {
    llvm::errs() << "tpu-conformance: " << error << "\n";
    return 1;
  }
  if (!llvm::sys::fs::is_directory(suiteDir)) {
    llvm::errs() << "tpu-conformance: no conformance suite at '" << suiteDir
                 << "': the suite lives outside the repository (CI puts it "
                    "at ../shared/conformance/stablehlo-tosa beside the "
                    "project); pass its directory\n";
    return 1;
  }
  std::vector<std::string> names;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(suiteDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef file = llvm::sys::path::filename(it->path());
    if (file.consume_back(".tosa.mlir") && file.contains(filter))
      names.push_back(file.str());
  }
  if (ec || names.empty()) {
    llvm::errs() << "tpu-conformance: no cases (NAME.tosa.mlir) in '"
                 << suiteDir << "'" << (filter.empty() ? "" : " matching '")
                 << filter << (filter.empty() ? "" : "'") << "\n";
    return 1;
  }
  std::sort(names.begin(), names.end());

  auto start = std::chrono::steady_clock::now();
  int passed = 0, failed = 0;
  std::map<std::string, int> skipped;
  Diagnostics diagnostics(context);
  for (const std::string &name : names) {
    auto report = [&](llvm::StringRef stage, const std::string &why) {
      ++failed;
      llvm::outs() << "FAIL " << name << " (" << stage << "): " << why << "\n";
    };
    llvm::SmallString<256> base(suiteDir);
    llvm::sys::path::append(base, name);
    auto expectedFile = llvm::MemoryBuffer::getFile(base + ".expected");
    if (!expectedFile) {
      report("expected", "cannot read " + (base + ".expected").str());
      continue;
    }
    llvm::Expected<std::vector<ExpectedResult>> expected =
        parseExpected((*expectedFile)->getBuffer());
    if (!expected) {
      report("expected", llvm::toString(expected.takeError()));
      continue;
    }
    llvm::SourceMgr sourceMgr;
    std::string programPath = (base + ".tosa.mlir").str();
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(programPath, sourceMgr, &context);
    if (!module) {
      report("parse", diagnostics.take("cannot parse " + programPath));
      continue;
    }
    if (std::optional<std::string> reason =
            unsupportedType(*module, *expected)) {
      ++skipped[*reason];
      if (verbose)
        llvm::outs() << "SKIP " << name << ": " << *reason << "\n";
      continue;
    }
    llvm::Expected<PreparedCase> prepared = prepare(*module, diagnostics);
    if (!prepared) {
      report("import", llvm::toString(prepared.takeError()));
      continue;
    }
    bool ok = true;
    if (checkReference) {
      llvm::Expected<std::vector<Tensor>> results =
          runReference(*prepared, diagnostics);
      std::optional<std::string> why =
          results ? check(*expected, *results)
                  : llvm::toString(results.takeError());
      if (why) {
        report("reference", *why);
        ok = false;
      }
    }
    if (ok) {
      llvm::Expected<std::vector<Tensor>> results =
          runDevice(*prepared, diagnostics);
      std::optional<std::string> why =
          results ? check(*expected, *results)
                  : llvm::toString(results.takeError());
      if (why) {
        report("tpu", *why);
        ok = false;
      }
    }
    if (ok) {
      ++passed;
      if (verbose)
        llvm::outs() << "PASS " << name << " (" << prepared->inputs.size()
                     << " inputs as arguments)\n";
    }
  }
  int skippedTotal = 0;
  for (auto &[reason, count] : skipped)
    skippedTotal += count;
  llvm::outs() << passed << " passed, " << failed << " failed, " << skippedTotal
               << " skipped\n";
  for (auto &[reason, count] : skipped)
    llvm::outs() << "  skipped " << count << ": " << reason
                 << " (not supported by the project)\n";
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::errs() << llvm::format("tpu-conformance: %zu cases in %.1f s\n",
                               names.size(), seconds);
  return failed ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  showOnlyToolOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Conformance suite runner\n");
  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  return runSuite(context);
}
