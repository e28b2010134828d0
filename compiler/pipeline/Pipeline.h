//===- Pipeline.h - The tpu-compile pipeline --------------------*- C++ -*-===//
//
// The compiler's passes in order, as one pipeline with named phases, so that
// tpu-compile, tpu-opt --tpu-compile and programs that embed the compiler run
// the same thing and can stop after any phase (as iree-compile's
// --compile-to does).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_PIPELINE_PIPELINE_H
#define TPU_COMPILER_PIPELINE_PIPELINE_H

#include "passes/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tpu {

/// The phases of tpu-compile, in order. Each names the state of the program
/// after it: `input` is the program as given (verified), `buffers` is
/// scheduled with HBM offsets.
enum class Phase {
  Input,
  Simplify,
  Fuse,
  Layouts,
  Pad,
  Buffers,
  Lower,
  /// The executable file (tpu-compile only; the pipeline stops at Lower).
  Executable
};

/// The phases as command-line values, for --compile-to options.
/// The phases as command-line values.
llvm::cl::ValuesClass phaseValues();

/// The help of --target: the generations of the machine description's
/// table, `detail` (what the flag means to this tool), and the default
/// (the module's tpu.target, else the default generation). The text lives
/// as long as the program, as llvm::cl wants.
llvm::StringRef targetHelp(llvm::StringRef detail = {});
/// The help of --topology, with Cloud TPU names generated from the table.
llvm::StringRef topologyHelp();

struct CompileOptions : public PassPipelineOptions<CompileOptions> {
  // Declared once, with the tools' flags (compiler/driver/ToolFlags.h).
#define TPU_OPTION(type, member, flag, help, initValue, valueDesc)            \
  Option<type> member{*this, flag, llvm::cl::desc(help),                      \
                      llvm::cl::init(initValue),                              \
                      llvm::cl::value_desc(valueDesc)};
#define TPU_ENUM_OPTION(type, member, flag, help, initValue, values)          \
  Option<type> member{*this, flag, llvm::cl::desc(help),                      \
                      llvm::cl::init(initValue), values};
#define TPU_SHARED_OPTIONS
#define TPU_OUTPUT_OPTIONS
#include "compiler/pipeline/CompileOptions.def"
  Option<int64_t> maxFusionOps{
      *this, "max-fusion-ops",
      llvm::cl::desc("Largest number of ops in one fusion"),
      llvm::cl::init(256)};

  /// Whether the pass manager verifies the IR after every pass; when not,
  /// the driver (compileModule) verifies the input and the lowered program
  /// only. Not a pipeline option: under tpu-opt, --verify-each decides.
  bool verifyEach = true;

  /// Whether the memory report or viewer is asked for.
  bool wantsMemoryPlan() const {
    return memoryReport || !memoryViewer.empty() || !memoryViewerJson.empty();
  }
};

/// Adds what every consumer of a program runs first, the compile pipeline
/// and the reference evaluator alike: the TOSA import (an hlo program passes
/// through unchanged), then `defaultPrecision` for contractions that set
/// none. `pm` must be anchored on builtin.module.
void buildImportPipeline(OpPassManager &pm, hlo::Precision defaultPrecision,
                         bool mixedBf16 = false);

/// Adds the passes up to and including `options.compileTo` to `pm`, which
/// must be anchored on builtin.module. With `memory`, buffer assignment
/// hands its plan there (the driver prints it); without, as in tpu-opt's
/// `--tpu-compile`, tpu-memory-report prints what the options ask for.
void buildCompilePipeline(OpPassManager &pm, const CompileOptions &options,
                          tpc::MemoryPlan *memory = nullptr);

/// Registers `tpu-compile` with tpu-opt's pass pipelines.
void registerCompilePipeline();

} // namespace mlir::tpu

#endif // TPU_COMPILER_PIPELINE_PIPELINE_H
