//===- tpu-conformance.cpp - Run a conformance suite ----------------------===//
//
// tpu-conformance SUITE [--filter=TEXT] [--target=v3] [--xfail=FILE]
//                 [--default-precision=highest] [--reference=true] [-v]
// Runs every case of a suite in one of two formats:
// * refexec (../shared/conformance/stablehlo-tosa): NAME.tosa.mlir with a
//   no-argument @main and NAME.expected with its results and tolerances;
//   the constants @main defines become arguments;
// * StableHLO's testdata (../shared/conformance/stablehlo-testdata):
//   NAME.mlir whose @main calls @inputs() and @expected() and checks with
//   check.expect_* custom calls (TestdataCase.h); @inputs() become
//   arguments.
// So the compiler cannot fold a case away. Each case is compiled for the
// simulated TPU and run on its inputs, and the hlo reference evaluator runs
// the imported program; both must match. A case whose element types the
// project does not support (refexec) or that needs f64 or complex numbers
// (testdata) is skipped and counted by reason. Cases listed in the --xfail
// file count apart while they fail and fail the run when they pass. Prints
// each failure and one line `N passed, M failed, K skipped[, X expected to
// fail]`; exits 1 when a case fails or the suite is missing.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloText.h"
#include "tools/tpu-conformance/Conformance.h"
#include "tools/tpu-conformance/InterpretCase.h"
#include "tools/tpu-conformance/TestdataCase.h"

#include "compiler/InitAll.h"
#include "dialects/check/CheckOps.h"
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
#include <set>

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
CompileFlags flags(category, hlo::Precision::HIGHEST, /*targetDetail=*/{},
                   /*verifyEach=*/true);
cl::opt<bool> checkReference("reference",
                             cl::desc("Also check the reference evaluator"),
                             cl::init(true), cl::cat(category));
cl::opt<std::string> xfailFile(
    "xfail",
    cl::desc("File of cases expected to fail (one name per line, '#' "
             "comments): they count apart, and one that passes is a failure"),
    cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("Print every case, not only failures"),
                      cl::cat(category));

/// Why a case cannot be expressed: the first tensor element type the
/// project does not support, as "i64 elements".
std::optional<std::string> unsupportedType(ModuleOp module) {
  std::optional<std::string> reason;
  auto check = [&](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (reason || !tensor || toStoredElement(tensor.getElementType()))
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
  return reason;
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
  SmallVector<HostTensor> inputs;
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

/// The import pipeline (inlining, StableHLO and TOSA into hlo) on `module`.
LogicalResult importProgram(ModuleOp module) {
  PassManager pm(module.getContext());
  buildImportPipeline(pm, flags.defaultPrecision);
  return pm.run(module);
}

llvm::Expected<PreparedCase> prepare(ModuleOp source,
                                     Diagnostics &diagnostics) {
  auto fail = [&](llvm::StringRef what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   diagnostics.take(what));
  };
  PreparedCase prepared{source.clone(), {}};
  if (failed(importProgram(*prepared.module)))
    return fail("the import failed");
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
    prepared.inputs.push_back(toHostTensor(value));
    BlockArgument arg =
        entry.addArgument(constant.getType(), constant.getLoc());
    constant.getResult().replaceAllUsesWith(arg);
    constant.erase();
  }
  main.setFunctionType(FunctionType::get(
      source.getContext(), entry.getArgumentTypes(), main.getResultTypes()));
  return prepared;
}

llvm::Expected<std::vector<HostTensor>> runReference(PreparedCase &prepared,
                                                     Diagnostics &diagnostics) {
  auto main = prepared.module->lookupSymbol<func::FuncOp>("main");
  FailureOr<SmallVector<HostTensor>> results = evaluate(main, prepared.inputs);
  if (failed(results))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   diagnostics.take("the evaluator failed"));
  return std::vector<HostTensor>(results->begin(), results->end());
}

llvm::Expected<std::vector<HostTensor>> runDevice(PreparedCase &prepared,
                                                  Diagnostics &diagnostics) {
  auto fail = [&](llvm::StringRef what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   diagnostics.take(what));
  };
  std::vector<HostTensor> inputs(prepared.inputs.begin(),
                                 prepared.inputs.end());
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
  return std::move(run->results);
}

/// The first mismatch between `actual` and `expected`, as text.
std::optional<std::string> check(const std::vector<ExpectedResult> &expected,
                                 const std::vector<HostTensor> &actual) {
  if (actual.size() != expected.size())
    return std::to_string(actual.size()) + " results, expected " +
           std::to_string(expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    if (!expected[i].checked)
      continue;
    std::optional<std::string> why =
        expected[i].against
            ? compare({actual[*expected[i].against], expected[i].tolerance},
                      actual[i])
            : compare(expected[i], actual[i]);
    if (why)
      return "result " + std::to_string(i) + ": " + *why;
  }
  return std::nullopt;
}

/// A case's outcome: passed, skipped (with the reason) or failed (at a
/// stage, with why).
struct Outcome {
  enum class Kind { Pass, Skip, Fail } kind = Kind::Pass;
  std::string stage, why;
  size_t inputs = 0;
};

Outcome failAt(llvm::StringRef stage, std::string why) {
  return {Outcome::Kind::Fail, stage.str(), std::move(why)};
}

/// Runs a prepared case on the evaluator (optionally) and the device.
Outcome check(PreparedCase &prepared,
              const std::vector<ExpectedResult> &expected,
              Diagnostics &diagnostics) {
  if (checkReference) {
    llvm::Expected<std::vector<HostTensor>> results =
        runReference(prepared, diagnostics);
    std::optional<std::string> why = results
                                         ? check(expected, *results)
                                         : llvm::toString(results.takeError());
    if (why)
      return failAt("reference", *why);
  }
  llvm::Expected<std::vector<HostTensor>> results =
      runDevice(prepared, diagnostics);
  std::optional<std::string> why =
      results ? check(expected, *results) : llvm::toString(results.takeError());
  if (why)
    return failAt("tpu", *why);
  Outcome pass;
  pass.inputs = prepared.inputs.size();
  return pass;
}

/// NAME.tosa.mlir with NAME.expected (the refexec format).
Outcome runRefexecCase(MLIRContext &context, llvm::StringRef base,
                       Diagnostics &diagnostics) {
  llvm::SourceMgr sourceMgr;
  std::string programPath = (base + ".tosa.mlir").str();
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(programPath, sourceMgr, &context);
  if (!module)
    return failAt("parse", diagnostics.take("cannot parse " + programPath));
  // Checked first: the expected file of such a case names the same type.
  if (std::optional<std::string> reason = unsupportedType(*module))
    return {Outcome::Kind::Skip, "", *reason};
  auto expectedFile = llvm::MemoryBuffer::getFile(base + ".expected");
  if (!expectedFile)
    return failAt("expected", "cannot read " + (base + ".expected").str());
  llvm::Expected<std::vector<ExpectedResult>> expected =
      parseExpected((*expectedFile)->getBuffer());
  if (!expected)
    return failAt("expected", llvm::toString(expected.takeError()));
  llvm::Expected<PreparedCase> prepared = prepare(*module, diagnostics);
  if (!prepared)
    return failAt("import", llvm::toString(prepared.takeError()));
  return check(*prepared, *expected, diagnostics);
}

/// NAME.mlir in StableHLO's testdata format (TestdataCase.h), whose text
/// is `file`.
Outcome runTestdataCase(MLIRContext &context,
                        std::unique_ptr<llvm::MemoryBuffer> file,
                        Diagnostics &diagnostics) {
  std::string programPath = file->getBufferIdentifier().str();
  if (std::optional<std::string> reason =
          testdataSkipReason(file->getBuffer()))
    return {Outcome::Kind::Skip, "", *reason};
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      stablehlo::packBoolHexConstants(std::move(file)), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return failAt("parse", diagnostics.take("cannot parse " + programPath));
  llvm::Expected<TestdataCase> extracted = extractTestdataCase(*module);
  if (!extracted)
    return failAt("inputs", llvm::toString(extracted.takeError()));
  if (failed(importProgram(*module)))
    return failAt("import", diagnostics.take("the import failed"));
  PreparedCase prepared{std::move(module), std::move(extracted->inputs)};
  return check(prepared, extracted->expected, diagnostics);
}

/// One `// -----` chunk of an interpreter-test file (InterpretCase.h).
Outcome runInterpretChunk(MLIRContext &context, const InterpretChunk &chunk,
                          llvm::StringRef path, Diagnostics &diagnostics) {
  if (std::optional<std::string> reason = interpretSkipReason(chunk.text))
    return {Outcome::Kind::Skip, "", *reason};
  // Blank lines in front keep the file's line numbers in diagnostics.
  std::string text(chunk.firstLine - 1, '\n');
  text += chunk.text;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      stablehlo::packBoolHexConstants(
          llvm::MemoryBuffer::getMemBufferCopy(text, path)),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return failAt("parse", diagnostics.take("cannot parse the case"));
  llvm::Expected<InterpretCase> extracted = extractInterpretCase(*module, chunk);
  if (!extracted)
    return failAt("inputs", llvm::toString(extracted.takeError()));
  if (failed(importProgram(*module)))
    return failAt("import", diagnostics.take("the import failed"));
  PreparedCase prepared{std::move(module), std::move(extracted->inputs)};
  return check(prepared, extracted->expected, diagnostics);
}

/// The cases of one file of the suite, named and run: NAME.tosa.mlir
/// (refexec), a file of interpreter tests (one case per chunk) or a testdata
/// case.
std::vector<std::pair<std::string, Outcome>>
runFile(MLIRContext &context, llvm::StringRef name, Diagnostics &diagnostics) {
  llvm::SmallString<256> path(suiteDir);
  llvm::sys::path::append(path, name);
  llvm::StringRef base = path;
  llvm::StringRef caseName = name;
  if (base.consume_back(".tosa.mlir")) {
    caseName.consume_back(".tosa.mlir");
    if (!caseName.contains(filter))
      return {};
    return {{caseName.str(), runRefexecCase(context, base, diagnostics)}};
  }
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file)
    return {{name.str(), failAt("parse", "cannot read " + path.str().str())}};
  if (!isInterpretFile((*file)->getBuffer())) {
    caseName.consume_back(".mlir");
    if (!caseName.contains(filter))
      return {};
    return {{caseName.str(),
             runTestdataCase(context, std::move(*file), diagnostics)}};
  }
  std::vector<std::pair<std::string, Outcome>> outcomes;
  for (const InterpretChunk &chunk :
       splitInterpretFile(name, (*file)->getBuffer()))
    if (chunk.name.find(filter) != std::string::npos)
      outcomes.push_back(
          {chunk.name, runInterpretChunk(context, chunk, path, diagnostics)});
  return outcomes;
}

/// A failure's message without its location, to group failures by cause.
std::string causeOf(const Outcome &outcome) {
  llvm::StringRef why = outcome.why;
  if (why.starts_with("loc(")) {
    size_t end = why.find("): ");
    if (end != llvm::StringRef::npos)
      why = why.drop_front(end + 3);
  }
  // A mismatch names an element; group those by stage alone.
  bool mismatch = why.starts_with("result ") || why.contains(" results, ");
  if (mismatch)
    return outcome.stage + ": wrong results";
  return (outcome.stage + ": " + why.take_front(110)).str();
}

/// Case names listed (first word of each line; ` #` starts a comment) in the
/// expected-failures file.
llvm::Expected<std::set<std::string>> readExpectedFailures() {
  std::set<std::string> names;
  if (xfailFile.empty())
    return names;
  auto file = llvm::MemoryBuffer::getFile(xfailFile);
  if (!file)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read " + xfailFile);
  llvm::SmallVector<llvm::StringRef> lines;
  (*file)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    // A comment starts at a `#` that begins a word (a case name may hold
    // one: `FILE:NAME#2`).
    line = line.trim();
    if (line.starts_with("#"))
      continue;
    line = line.split(" #").first.trim();
    if (!line.empty())
      names.insert(line.split(' ').first.str());
  }
  return names;
}

/// The suite's files, relative to it and sorted: NAME.tosa.mlir (refexec)
/// or NAME.mlir (testdata, or interpreter tests), in subdirectories too. A
/// file of interpreter tests is filtered by case, the others by name.
std::vector<std::string> listFiles(std::error_code &ec) {
  std::vector<std::string> files;
  llvm::StringRef root(suiteDir);
  for (llvm::sys::fs::recursive_directory_iterator it(suiteDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef path = it->path();
    if (!path.ends_with(".mlir"))
      continue;
    llvm::StringRef relative = path.drop_front(root.size()).ltrim('/');
    files.push_back(relative.str());
  }
  std::sort(files.begin(), files.end());
  return files;
}

int runSuite(MLIRContext &context) {
  if (std::string error = flags.check(); !error.empty()) {
    llvm::errs() << "tpu-conformance: " << error << "\n";
    return 1;
  }
  if (!llvm::sys::fs::is_directory(suiteDir)) {
    llvm::errs() << "tpu-conformance: no conformance suite at '" << suiteDir
                 << "': the suites live outside the repository (CI puts "
                    "them in ../shared/conformance beside the project); "
                    "pass its directory\n";
    return 1;
  }
  llvm::Expected<std::set<std::string>> expectedFailures =
      readExpectedFailures();
  if (!expectedFailures) {
    llvm::errs() << "tpu-conformance: "
                 << llvm::toString(expectedFailures.takeError()) << "\n";
    return 1;
  }
  std::error_code ec;
  std::vector<std::string> files = listFiles(ec);
  if (ec || files.empty()) {
    llvm::errs() << "tpu-conformance: no cases (NAME.tosa.mlir or NAME.mlir) "
                 << "in '" << suiteDir << "'\n";
    return 1;
  }

  auto start = std::chrono::steady_clock::now();
  int passed = 0, failed = 0, xfailed = 0;
  size_t total = 0;
  std::map<std::string, int> skipped, causes;
  Diagnostics diagnostics(context);
  for (const std::string &file : files) {
    for (auto &[name, outcome] : runFile(context, file, diagnostics)) {
      ++total;
      bool listed = expectedFailures->count(name);
      switch (outcome.kind) {
      case Outcome::Kind::Skip:
        ++skipped[outcome.why];
        if (verbose)
          llvm::outs() << "SKIP " << name << ": " << outcome.why << "\n";
        break;
      case Outcome::Kind::Pass:
        if (listed) {
          ++failed;
          llvm::outs() << "FAIL " << name << ": passes but is listed in "
                       << xfailFile << "; take it off the list\n";
        } else {
          ++passed;
          if (verbose)
            llvm::outs() << "PASS " << name << " (" << outcome.inputs
                         << " inputs as arguments)\n";
        }
        break;
      case Outcome::Kind::Fail:
        ++causes[causeOf(outcome)];
        if (listed)
          ++xfailed;
        else
          ++failed;
        if (!listed || verbose)
          llvm::outs() << (listed ? "XFAIL " : "FAIL ") << name << " ("
                       << outcome.stage << "): " << outcome.why << "\n";
        break;
      }
    }
  }
  if (total == 0) {
    llvm::errs() << "tpu-conformance: no cases in '" << suiteDir << "'"
                 << (filter.empty() ? "" : " matching '") << filter
                 << (filter.empty() ? "" : "'") << "\n";
    return 1;
  }
  int skippedTotal = 0;
  for (auto &[reason, count] : skipped)
    skippedTotal += count;
  llvm::outs() << passed << " passed, " << failed << " failed, " << skippedTotal
               << " skipped";
  if (!xfailFile.empty())
    llvm::outs() << ", " << xfailed << " expected to fail";
  llvm::outs() << "\n";
  for (auto &[reason, count] : skipped)
    llvm::outs() << "  skipped " << count << ": " << reason
                 << " (not supported by the project)\n";
  std::vector<std::pair<int, std::string>> byCount;
  for (auto &[cause, count] : causes)
    byCount.push_back({-count, cause});
  std::sort(byCount.begin(), byCount.end());
  if (!xfailFile.empty() || verbose)
    for (auto &[count, cause] : byCount)
      llvm::outs() << "  failing " << -count << ": " << cause << "\n";
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::errs() << llvm::format("tpu-conformance: %zu cases in %.1f s\n",
                               total, seconds);
  return failed ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  showOnlyToolOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Conformance suite runner\n");
  DialectRegistry registry;
  registerCompilerDialects(registry);
  registry.insert<check::CheckDialect>();
  MLIRContext context(registry);
  return runSuite(context);
}
