//===- Compile.h - The compiler's C++ entry point ---------------*- C++ -*-===//
//
// What tpu-compile does, for programs that embed the compiler: run the
// pipeline on a module and produce the executable (or stop after a phase).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_DRIVER_COMPILE_H
#define TPU_COMPILER_DRIVER_COMPILE_H

#include "compiler/pipeline/Pipeline.h"
#include "runtime/Executable.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <vector>

namespace mlir::tpu {

/// The drivers' diagnostics: MLIR's source-manager rendering (location,
/// message, source line and caret), except that a note without a location
/// (XLA's memory report under an out-of-memory error) is printed as plain
/// text after its error, with no `<unknown>` prefix, and that a location
/// the exporter wrote (`"jit(f)/dense1/dot_general"("/home/me/mlp.py":10:0)`,
/// a file not on this machine) is shown at the op's line of the program
/// (recorded by parseProgram), with a note naming where it was exported
/// from.
class DriverDiagnosticHandler : public SourceMgrDiagnosticHandler {
public:
  DriverDiagnosticHandler(llvm::SourceMgr &mgr, MLIRContext *context,
                          llvm::raw_ostream &os = llvm::errs());
  /// Records that an op located at `loc` was parsed at `at`, the first
  /// such op's position kept.
  void recordParsedAt(Location loc, FileLineColLoc at) {
    parsedAt.try_emplace(loc, at);
  }

private:
  llvm::DenseMap<Location, FileLineColLoc> parsedAt;
};

/// Parses the program in `sourceMgr`'s main buffer as a module. Exporters
/// (JAX among them) locate `@main`, its arguments and some ops at
/// `loc(unknown)`, which diagnostics would print as `<unknown>:0:`; each
/// such op and block argument is given its position in the file instead.
/// Null after a parse error (reported to the context's handlers).
/// With `handler`, where each op located outside the program (an exporter's
/// file and name scope) was parsed is recorded for its diagnostics.
OwningOpRef<ModuleOp> parseProgram(llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context,
                                   DriverDiagnosticHandler *handler = nullptr);

/// The options tpu-compile and tpu-run share (and the fusion limit), from
/// `from` into `to`: a compile of the same program with one changed.
void copySharedOptions(const CompileOptions &from, CompileOptions &to);

/// How a compilation ended; the values are tpu-compile's exit codes.
enum class CompileStatus { Success = 0, InvalidInput = 1, OutOfMemory = 2 };

/// A compile whose diagnostics were held back: its status, memory plan and
/// the first line of its first error.
struct QuietCompile {
  CompileStatus status = CompileStatus::InvalidInput;
  tpc::MemoryPlan plan;
  std::string firstError;
};
/// The program in `sourceMgr` parsed again and compiled with `options` (up
/// to their phase), showing no diagnostics: the tries the out-of-memory
/// advice and the largest-batch search make.
QuietCompile compileQuietly(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                            const CompileOptions &options);

/// Runs the compile pipeline on `module` up to `options.compileTo`, on a
/// pass manager that `configure` may adjust first (timing, IR printing).
/// With compile-to=executable, fills `executable` with the file's bytes;
/// otherwise `module` holds the phase's IR. Diagnostics go to the context's
/// handlers; the memory plan, when buffers were assigned (for programs that
/// do not fit too), to `memory`. The status is this compile's alone.
CompileStatus
compileModule(ModuleOp module, const CompileOptions &options,
              std::vector<uint8_t> *executable,
              llvm::function_ref<LogicalResult(PassManager &)> configure = {},
              tpc::MemoryPlan *memory = nullptr);

/// Compiles `module` to an executable and loads it as the runtime does: what
/// tpu-run and tpu-conformance do with MLIR input. On failure, the compile's
/// status (its diagnostics went to the context's handlers), or InvalidInput
/// with `error` saying why the runtime rejected the executable. The memory
/// plan goes to `memory` as compileModule's does.
CompileStatus compileAndLoad(ModuleOp module, CompileOptions &options,
                             tpurt::Executable &executable, std::string &error,
                             tpc::MemoryPlan *memory = nullptr);

/// What `options` ask of the memory plan: its report (`--memory-report`,
/// for the functions that fit; the others were reported as errors) printed
/// to `report`, and the viewer page and data written to their files. An
/// unwritable file is an error on `module`.
LogicalResult emitMemoryOutputs(ModuleOp module, const CompileOptions &options,
                                const tpc::MemoryPlan &memory,
                                llvm::raw_ostream &report);

} // namespace mlir::tpu

#endif // TPU_COMPILER_DRIVER_COMPILE_H
