//===- Compile.cpp - The compiler's C++ entry point -----------------------===//

#include "compiler/driver/Compile.h"

#include "compiler/executable/ExecutableWriter.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "passes/memory/MemoryViewer.h"

using namespace mlir;

namespace {

/// Source lines longer than this (an exporter's function signature on one
/// line: tens of KB for a model's @main) are shown cut around the column.
constexpr size_t kMaxShownLine = 160;

/// The file position `loc` shows, through a JAX name scope (NameLoc) or a
/// call site; none for other locations, which print as MLIR prints them.
std::optional<FileLineColLoc> shownFileLoc(Location loc) {
  while (true) {
    if (auto file = dyn_cast<FileLineColLoc>(loc))
      return file;
    if (auto name = dyn_cast<NameLoc>(loc))
      loc = name.getChildLoc();
    else if (auto call = dyn_cast<CallSiteLoc>(loc))
      loc = call.getCallee();
    else
      return std::nullopt;
  }
}

/// Where an exporter located an op, as a reader wants it: the file
/// position, then the name scopes (JAX's
/// `"jit(f)/dense1/dot_general"("mlp.py":10:0)` is `mlp.py:10:0
/// (jit(f)/dense1/dot_general)`).
std::string exportedFrom(Location loc) {
  std::string names, text;
  llvm::raw_string_ostream os(text);
  while (true) {
    if (auto name = dyn_cast<NameLoc>(loc)) {
      names += (names.empty() ? "" : ", ") + name.getName().str();
      loc = name.getChildLoc();
    } else if (auto call = dyn_cast<CallSiteLoc>(loc)) {
      loc = call.getCallee();
    } else {
      break;
    }
  }
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn();
  else if (!isa<UnknownLoc>(loc))
    os << loc;
  if (!names.empty())
    os << (text.empty() ? "" : " ") << "(" << names << ")";
  return text;
}

/// Line `line` (1-based) of `buffer`, without its end of line.
llvm::StringRef lineOf(llvm::StringRef buffer, unsigned line) {
  for (unsigned n = 1; n < line; ++n) {
    size_t end = buffer.find('\n');
    if (end == llvm::StringRef::npos)
      return {};
    buffer = buffer.drop_front(end + 1);
  }
  return buffer.take_until([](char c) { return c == '\n' || c == '\r'; });
}

} // namespace

OwningOpRef<ModuleOp> tpu::parseProgram(llvm::SourceMgr &sourceMgr,
                                        MLIRContext *context,
                                        DriverDiagnosticHandler *handler) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringAttr file = StringAttr::get(context, buffer->getBufferIdentifier());
  Block block;
  AsmParserState state;
  // Verified below, once the handler knows where each op was.
  if (failed(parseAsmSourceFile(
          sourceMgr, &block,
          ParserConfig(context, /*verifyAfterParse=*/false), &state)))
    return nullptr;
  auto at = [&](llvm::SMLoc where) {
    auto [line, column] = sourceMgr.getLineAndColumn(where);
    return FileLineColLoc::get(file, line, column);
  };
  for (const AsmParserState::OperationDefinition &def : state.getOpDefs()) {
    Location loc = def.op->getLoc();
    if (isa<UnknownLoc>(loc)) {
      def.op->setLoc(at(def.loc.Start));
      continue;
    }
    std::optional<FileLineColLoc> shown = shownFileLoc(loc);
    if (handler && (!shown || shown->getFilename() != file))
      handler->recordParsedAt(loc, at(def.loc.Start));
  }
  for (const AsmParserState::BlockDefinition &def : state.getBlockDefs())
    for (auto [arg, argDef] :
         llvm::zip(def.block->getArguments(), def.arguments))
      if (isa<UnknownLoc>(arg.getLoc()) && argDef.loc.isValid())
        arg.setLoc(at(argDef.loc.Start));
  OwningOpRef<ModuleOp> module =
      mlir::detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &block, context, FileLineColLoc::get(file, 0, 0));
  if (module && failed(verify(*module)))
    return nullptr;
  return module;
}

tpu::DriverDiagnosticHandler::DriverDiagnosticHandler(llvm::SourceMgr &mgr,
                                                      MLIRContext *context,
                                                      llvm::raw_ostream &os)
    : SourceMgrDiagnosticHandler(mgr, context, os) {
  // As MLIR prints a diagnostic, but a long source line is cut to the part
  // around the column, with `...` where it was cut.
  auto emit = [this](Location loc, const std::string &message,
                     DiagnosticSeverity severity) {
    std::optional<FileLineColLoc> file = shownFileLoc(loc);
    const llvm::MemoryBuffer *buffer =
        file ? getBufferForFile(file->getFilename()) : nullptr;
    // An exporter's location with no file on this machine: the op's line
    // in the program, then a note on where it was exported from.
    std::string from;
    if (auto parsed = parsedAt.find(loc);
        !buffer && parsed != parsedAt.end()) {
      from = exportedFrom(loc);
      loc = parsed->second;
      file = parsed->second;
      buffer = getBufferForFile(file->getFilename());
    }
    llvm::StringRef line =
        buffer ? lineOf(buffer->getBuffer(), file->getLine())
               : llvm::StringRef();
    if (line.size() <= kMaxShownLine) {
      emitDiagnostic(loc, message, severity);
    } else {
      emitDiagnostic(loc, message, severity, /*displaySourceLine=*/false);
      size_t column = file->getColumn() > 0 ? file->getColumn() - 1 : 0;
      size_t start =
          column > kMaxShownLine / 3 ? column - kMaxShownLine / 3 : 0;
      llvm::StringRef shown = line.substr(start, kMaxShownLine);
      std::string prefix = start > 0 ? "..." : "";
      this->os << prefix << shown
               << (start + shown.size() < line.size() ? "..." : "") << "\n"
               << std::string(prefix.size() + column - start, ' ') << "^\n";
    }
    if (!from.empty())
      emitDiagnostic(loc, "exported from " + from, DiagnosticSeverity::Note,
                     /*displaySourceLine=*/false);
  };
  setHandler([this, emit](Diagnostic &diag) {
    emit(diag.getLocation(), diag.str(), diag.getSeverity());
    for (Diagnostic &note : diag.getNotes()) {
      if (isa<UnknownLoc>(note.getLocation())) {
        std::string text = note.str();
        this->os << text << (llvm::StringRef(text).ends_with("\n") ? "" : "\n");
      } else
        emit(note.getLocation(), note.str(), note.getSeverity());
    }
    return success();
  });
}

tpu::CompileStatus
tpu::compileModule(ModuleOp module, const CompileOptions &options,
                   std::vector<uint8_t> *executable,
                   llvm::function_ref<LogicalResult(PassManager &)> configure,
                   tpc::MemoryPlan *memory) {
  if (options.wantsMemoryPlan() && options.compileTo < Phase::Buffers) {
    module.emitError("the memory report and viewer describe assigned "
                     "buffers: they need compile-to=buffers or a later phase");
    return CompileStatus::InvalidInput;
  }
  PassManager pm(module.getContext());
  if (configure && failed(configure(pm)))
    return CompileStatus::InvalidInput;
  // Verifying after each of some twenty passes costs a fifth of a large
  // program's compile time; without it, the lowered program is verified
  // once before it is serialized (the parser verified the input).
  pm.enableVerifier(options.verifyEach);
  tpc::MemoryPlan plan;
  buildCompilePipeline(pm, options, memory ? memory : &plan);
  if (failed(pm.run(module)))
    return isOutOfMemory(module) ? CompileStatus::OutOfMemory
                                 : CompileStatus::InvalidInput;
  if (!options.verifyEach && failed(verify(module)))
    return CompileStatus::InvalidInput;
  if (options.compileTo != Phase::Executable)
    return CompileStatus::Success;
  FailureOr<tpurt::Executable> exe = buildExecutable(module);
  if (failed(exe))
    return CompileStatus::InvalidInput;
  if (executable)
    *executable = tpurt::serialize(*exe);
  return CompileStatus::Success;
}

LogicalResult tpu::emitMemoryOutputs(ModuleOp module,
                                     const CompileOptions &options,
                                     const tpc::MemoryPlan &memory,
                                     llvm::raw_ostream &report) {
  if (options.memoryReport)
    report << tpc::formatFitReports(memory);
  absl::Status written = tpc::writeMemoryViewers(memory, options.memoryViewer,
                                                 options.memoryViewerJson);
  if (!written.ok())
    return module.emitError() << std::string(written.message());
  return success();
}

tpu::CompileStatus tpu::compileAndLoad(ModuleOp module, CompileOptions &options,
                                       tpurt::Executable &executable,
                                       std::string &error,
                                       tpc::MemoryPlan *memory) {
  options.compileTo = Phase::Executable;
  std::vector<uint8_t> image;
  if (CompileStatus status = compileModule(module, options, &image, {}, memory);
      status != CompileStatus::Success)
    return status;
  absl::StatusOr<tpurt::Executable> parsed =
      tpurt::parseExecutable(image.data(), image.size());
  if (!parsed.ok()) {
    error = std::string(parsed.status().message());
    return CompileStatus::InvalidInput;
  }
  executable = std::move(*parsed);
  return CompileStatus::Success;
}

void tpu::copySharedOptions(const CompileOptions &from, CompileOptions &to) {
#define TPU_OPTION(type, member, flag, help, init, valueDesc)                 \
  to.member = from.member.getValue();
#define TPU_ENUM_OPTION(type, member, flag, help, init, values)               \
  to.member = from.member.getValue();
#define TPU_SHARED_OPTIONS
#include "compiler/pipeline/CompileOptions.def"
  to.maxFusionOps = from.maxFusionOps.getValue();
}

tpu::QuietCompile tpu::compileQuietly(llvm::SourceMgr &sourceMgr,
                                      MLIRContext *context,
                                      const CompileOptions &options) {
  QuietCompile result;
  ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error &&
        result.firstError.empty())
      result.firstError = llvm::StringRef(diag.str()).split('\n').first.str();
    return success();
  });
  OwningOpRef<ModuleOp> module = parseProgram(sourceMgr, context);
  if (module)
    result.status = compileModule(*module, options, nullptr, {}, &result.plan);
  return result;
}
