//===- CAPI.cpp - The TPU compiler's C API --------------------------------===//

#include "compiler/capi/Compiler.h"
#include "compiler/capi/CallbackStream.h"
#include "dialects/stablehlo/StablehloText.h"

#include "compiler/InitAll.h"
#include "compiler/driver/Advice.h"
#include "compiler/driver/Compile.h"
#include "compiler/driver/CostAnalysis.h"
#include "compiler/driver/LargestBatch.h"
#include "passes/layout/PaddingReport.h"
#include "passes/memory/MemoryReport.h"
#include "passes/memory/MemoryViewer.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <optional>

using namespace mlir;
using tpucapi::CallbackStream;

namespace {

MLIRContext *unwrap(TpuCompiler compiler) {
  return static_cast<MLIRContext *>(compiler.ptr);
}

/// `source`, named `name` in diagnostics, as the program of `sourceMgr`.
void addSource(llvm::SourceMgr &sourceMgr, llvm::StringRef source,
               llvm::StringRef name) {
  sourceMgr.AddNewSourceBuffer(
      stablehlo::packBoolHexConstants(
          llvm::MemoryBuffer::getMemBufferCopy(source, name)),
      llvm::SMLoc());
}

/// Parses tpu-compile's option text into `options`; false, with an error
/// on `diagnostics`, when it is not valid.
bool parseOptions(llvm::StringRef text, tpu::CompileOptions &options,
                  llvm::raw_ostream &diagnostics) {
  if (succeeded(options.parseFromString(text, diagnostics)))
    return true;
  // llvm::cl reports a bad value on stderr, not on the stream given.
  diagnostics << "error: invalid compile options '" << text
              << "' (tpu-compile --help lists them)\n";
  return false;
}

/// What compileSource hands its caller: the parsed and compiled module, the
/// options, and the compile's outputs.
struct Compiled {
  ModuleOp module;
  const tpu::CompileOptions &options;
  std::vector<uint8_t> &executable;
  tpc::MemoryPlan &memory;
};

/// Parses `source` (named `name` in diagnostics) and compiles it with
/// `optionText` as tpu-compile does, after `adjust` has changed the parsed
/// options; diagnostics go to `diagnostics`. `done` (when parsing
/// succeeded) sees the result while the module lives.
TpuCompileStatus
compileSource(MLIRContext *context, llvm::StringRef source, llvm::StringRef name,
              llvm::StringRef optionText, llvm::raw_ostream &diagnostics,
              llvm::function_ref<void(tpu::CompileOptions &)> adjust,
              llvm::function_ref<void(TpuCompileStatus, Compiled)> done) {
  llvm::SourceMgr sourceMgr;
  addSource(sourceMgr, source, name);
  tpu::DriverDiagnosticHandler handler(sourceMgr, context, diagnostics);
  tpu::CompileOptions options;
  // The C API writes the executable unless a phase is asked for.
  options.compileTo = tpu::Phase::Executable;
  if (!parseOptions(optionText, options, diagnostics))
    return TpuCompileInvalidInput;
  adjust(options);
  OwningOpRef<ModuleOp> module = tpu::parseProgram(sourceMgr, context, &handler);
  if (!module)
    return TpuCompileInvalidInput;
  std::vector<uint8_t> bytes;
  tpc::MemoryPlan memory;
  tpu::CompileStatus status = tpu::compileModule(
      *module, options, &bytes, /*configure=*/{}, &memory);
  // The memory report is the caller's, with the diagnostics.
  if (!memory.functions.empty() &&
      failed(tpu::emitMemoryOutputs(*module, options, memory, diagnostics)) &&
      status == tpu::CompileStatus::Success)
    status = tpu::CompileStatus::InvalidInput;
  auto result = static_cast<TpuCompileStatus>(status);
  tpu::adviseIfOutOfMemory(result, memory, sourceMgr, context, options,
                           diagnostics);
  done(result, Compiled{*module, options, bytes, memory});
  return result;
}

llvm::StringRef str(TpuStringRef s) { return llvm::StringRef(s.data, s.length); }
TpuStringRef wrap(const std::string &s) { return {s.data(), s.size()}; }

/// A compilation: its outputs, and what it computes on first use.
struct Compilation {
  MLIRContext *context;
  std::string source, name, options;
  TpuCompileStatus status = TpuCompileInvalidInput;
  std::string executable, diagnostics, viewerJson;
  tpc::MemoryPlan memory;
  std::map<std::string, std::string> memoryReports;
  std::optional<std::string> paddingReport;
  std::map<std::string, std::string> phaseTexts;
};

Compilation *unwrap(TpuCompilation c) {
  return static_cast<Compilation *>(c.ptr);
}

/// Compiles `c`'s source again up to `phase`, with diagnostics to `os`;
/// `use` sees the module on success.
bool compileTo(Compilation &c, tpu::Phase phase, llvm::raw_ostream &os,
               llvm::function_ref<bool(ModuleOp, const tpu::CompileOptions &)>
                   use) {
  bool ok = false;
  compileSource(
      c.context, c.source, c.name, c.options, os,
      [&](tpu::CompileOptions &options) {
        options.compileTo = phase;
        // Reports are the first compile's; this one only computes.
        options.memoryReport = false;
        options.paddingReport = false;
        options.memoryViewer = "";
        options.memoryViewerJson = "";
      },
      [&](TpuCompileStatus status, Compiled compiled) {
        ok = status == TpuCompileSuccess && use(compiled.module, compiled.options);
      });
  return ok;
}

} // namespace

TpuCompiler tpuCompilerCreate(void) {
  DialectRegistry registry;
  tpu::registerCompilerDialects(registry);
  auto *context = new MLIRContext(registry);
  context->loadAllAvailableDialects();
  // As the tools: other compilers' attributes parse and are ignored with a
  // remark; their ops are refused at their location.
  context->allowUnregisteredDialects();
  return TpuCompiler{context};
}

void tpuCompilerDestroy(TpuCompiler compiler) { delete unwrap(compiler); }

TpuCompileStatus tpuCompilerCompile(TpuCompiler compiler, TpuStringRef source,
                                    TpuStringRef options,
                                    TpuStringCallback onOutput,
                                    TpuStringCallback onDiagnostic,
                                    void *userData) {
  CallbackStream diagnostics(onDiagnostic, userData);
  return compileSource(
      unwrap(compiler), str(source), "<source>", str(options), diagnostics,
      [](tpu::CompileOptions &) {},
      [&](TpuCompileStatus status, Compiled compiled) {
        if (status != TpuCompileSuccess)
          return;
        CallbackStream output(onOutput, userData);
        if (compiled.options.compileTo == tpu::Phase::Executable)
          output.write(reinterpret_cast<const char *>(compiled.executable.data()),
                       compiled.executable.size());
        else
          compiled.module.print(output);
      });
}

TpuCompileStatus tpuCompilerCompileProgram(TpuCompiler compiler,
                                           TpuStringRef source,
                                           TpuStringRef sourceName,
                                           TpuStringRef options,
                                           TpuCompilation *compilation) {
  auto *c = new Compilation;
  c->context = unwrap(compiler);
  c->source = str(source).str();
  c->name = sourceName.length ? str(sourceName).str() : "<source>";
  c->options = str(options).str();
  llvm::raw_string_ostream diagnostics(c->diagnostics);
  c->status = compileSource(
      c->context, c->source, c->name, c->options, diagnostics,
      [](tpu::CompileOptions &) {},
      [&](TpuCompileStatus status, Compiled compiled) {
        c->memory = std::move(compiled.memory);
        c->viewerJson = tpc::memoryViewerJson(c->memory.target,
                                              c->memory.functions);
        if (status == TpuCompileSuccess)
          c->executable.assign(compiled.executable.begin(),
                               compiled.executable.end());
      });
  *compilation = TpuCompilation{c};
  return c->status;
}

void tpuCompilationDestroy(TpuCompilation compilation) {
  delete unwrap(compilation);
}

TpuStringRef tpuCompilationGetExecutable(TpuCompilation compilation) {
  return wrap(unwrap(compilation)->executable);
}

TpuStringRef tpuCompilationGetDiagnostics(TpuCompilation compilation) {
  return wrap(unwrap(compilation)->diagnostics);
}

TpuStringRef tpuCompilationGetMemoryViewerJson(TpuCompilation compilation) {
  return wrap(unwrap(compilation)->viewerJson);
}

namespace {
const tpc::MemoryReport *findReport(const Compilation &c,
                                    llvm::StringRef function) {
  for (const tpc::MemoryReport &report : c.memory.functions)
    if (report.function == function)
      return &report;
  return nullptr;
}
} // namespace

TpuStringRef tpuCompilationGetMemoryReport(TpuCompilation compilation,
                                           TpuStringRef function) {
  Compilation &c = *unwrap(compilation);
  const tpc::MemoryReport *report = findReport(c, str(function));
  if (!report)
    return {"", 0};
  std::string &text = c.memoryReports[report->function];
  if (text.empty())
    text = report->fits()
               ? tpc::formatFitReport(*report, c.memory.target,
                                      c.memory.devices)
               : tpc::outOfMemoryLine(*report) + "\n\n" +
                     tpc::formatMemoryReport(*report);
  return wrap(text);
}

int tpuCompilationGetMemoryAnalysis(TpuCompilation compilation,
                                    TpuStringRef function,
                                    TpuMemoryAnalysis *analysis) {
  Compilation &c = *unwrap(compilation);
  const tpc::MemoryReport *report = findReport(c, str(function));
  if (!report)
    return 0;
  TpuMemoryAnalysis a{};
  a.argumentSizeInBytes = report->arguments;
  a.outputSizeInBytes = report->outputSize;
  a.aliasSizeInBytes = report->outputSharedWithArguments;
  a.tempSizeInBytes = report->temp;
  a.generatedCodeSizeInBytes = static_cast<long long>(c.executable.size());
  a.constantSizeInBytes = report->global;
  a.scopedSizeInBytes = report->scoped;
  a.peakMemoryInBytes = report->used();
  a.hbmCapacityInBytes = report->capacity;
  a.paddingAtPeakInBytes =
      report->tempPaddedAtPeak - report->tempUnpaddedAtPeak;
  a.fits = report->fits();
  if (analysis)
    *analysis = a;
  return 1;
}

int tpuCompilationGetCostAnalysis(TpuCompilation compilation,
                                  TpuStringRef function,
                                  TpuCostAnalysis *analysis,
                                  TpuStringCallback onDiagnostic,
                                  void *userData) {
  Compilation &c = *unwrap(compilation);
  CallbackStream diagnostics(onDiagnostic, userData);
  return compileTo(c, tpu::Phase::Fuse, diagnostics,
                   [&](ModuleOp module, const tpu::CompileOptions &) {
                     auto func = module.lookupSymbol<func::FuncOp>(str(function));
                     if (!func) {
                       diagnostics << "error: the program has no function '"
                                   << str(function) << "'\n";
                       return false;
                     }
                     tpu::CostAnalysis cost = tpu::analyzeCost(func);
                     if (analysis)
                       *analysis = TpuCostAnalysis{cost.flops,
                                                   cost.transcendentals,
                                                   cost.bytesAccessed};
                     return true;
                   });
}

int tpuCompilationGetPaddingReport(TpuCompilation compilation,
                                   TpuStringCallback onOutput,
                                   TpuStringCallback onDiagnostic,
                                   void *userData) {
  Compilation &c = *unwrap(compilation);
  CallbackStream diagnostics(onDiagnostic, userData);
  if (!c.paddingReport) {
    std::string text;
    if (!compileTo(c, tpu::Phase::Layouts, diagnostics,
                   [&](ModuleOp module, const tpu::CompileOptions &) {
                     llvm::raw_string_ostream os(text);
                     return succeeded(tpu::printPaddingReport(module, 3, os));
                   }))
      return 0;
    c.paddingReport = std::move(text);
  }
  CallbackStream(onOutput, userData) << *c.paddingReport;
  return 1;
}

int tpuCompilationGetPhaseText(TpuCompilation compilation, TpuStringRef phase,
                               TpuStringCallback onOutput,
                               TpuStringCallback onDiagnostic, void *userData) {
  Compilation &c = *unwrap(compilation);
  CallbackStream diagnostics(onDiagnostic, userData);
  static const std::pair<const char *, tpu::Phase> kPhases[] = {
      {"input", tpu::Phase::Input},     {"simplify", tpu::Phase::Simplify},
      {"fuse", tpu::Phase::Fuse},       {"layouts", tpu::Phase::Layouts},
      {"pad", tpu::Phase::Pad},         {"buffers", tpu::Phase::Buffers},
      {"lower", tpu::Phase::Lower}};
  std::optional<tpu::Phase> wanted;
  for (auto [name, value] : kPhases)
    if (str(phase) == name)
      wanted = value;
  if (!wanted) {
    diagnostics << "error: unknown phase '" << str(phase)
                << "' (input, simplify, fuse, layouts, pad, buffers, lower)\n";
    return 0;
  }
  auto cached = c.phaseTexts.find(str(phase).str());
  if (cached == c.phaseTexts.end()) {
    std::string text;
    if (!compileTo(c, *wanted, diagnostics,
                   [&](ModuleOp module, const tpu::CompileOptions &) {
                     llvm::raw_string_ostream os(text);
                     module.print(os);
                     return true;
                   }))
      return 0;
    cached = c.phaseTexts.emplace(str(phase).str(), std::move(text)).first;
  }
  CallbackStream(onOutput, userData) << cached->second;
  return 1;
}

int tpuCompilerLargestBatch(TpuCompiler compiler, TpuStringRef source,
                            TpuStringRef options, TpuStringRef vary,
                            TpuLargestBatch *result,
                            TpuStringCallback onReport,
                            TpuStringCallback onDiagnostic, void *userData) {
  MLIRContext *context = unwrap(compiler);
  CallbackStream diagnostics(onDiagnostic, userData);
  llvm::SourceMgr sourceMgr;
  addSource(sourceMgr, str(source), "<source>");
  tpu::DriverDiagnosticHandler handler(sourceMgr, context, diagnostics);
  tpu::CompileOptions compileOptions;
  if (!parseOptions(str(options), compileOptions, diagnostics))
    return 0;
  tpu::LargestBatch found =
      tpu::findLargestBatch(sourceMgr, context, compileOptions, str(vary));
  if (result)
    *result = TpuLargestBatch{found.size, found.original,
                              static_cast<long long>(found.probes.size())};
  if (found.probes.empty() || !found.error.empty()) {
    diagnostics << "error: " << (found.error.empty() ? "nothing compiled"
                                                     : found.error)
                << "\n";
    return 0;
  }
  CallbackStream report(onReport, userData);
  tpu::printLargestBatch(found, str(vary), found.target, report);
  return 1;
}
