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

struct CompileOptions : public PassPipelineOptions<CompileOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("TPU generation: v2, v3, v4, v5e, v5p or v6e (default: "
                     "the module's tpu.target, else v3)")};
  Option<std::string> topology{
      *this, "topology",
      llvm::cl::desc("The slice every device of which runs the program "
                     "(v3-8, v5e:4x4); sets the target")};
  Option<LayoutMode> layoutMode{
      *this, "layout-mode", llvm::cl::desc("Layout policy"),
      llvm::cl::init(LayoutMode::MinPadding), layoutModeValues()};
  Option<hlo::Precision> defaultPrecision{
      *this, "default-precision",
      llvm::cl::desc("Precision of matmuls and convolutions that set none "
                     "(JAX's jax_default_matmul_precision)"),
      llvm::cl::init(hlo::Precision::DEFAULT), precisionValues()};
  Option<Phase> compileTo{*this, "compile-to",
                          llvm::cl::desc("Stop after this phase"),
                          llvm::cl::init(Phase::Lower), phaseValues()};
  Option<bool> memoryReport{
      *this, "memory-report",
      llvm::cl::desc("Print XLA's memory report even when the program fits"),
      llvm::cl::init(false)};
  Option<unsigned> memoryReportTop{
      *this, "memory-report-top",
      llvm::cl::desc("How many of the largest allocations the report lists"),
      llvm::cl::init(10)};
  Option<std::string> memoryViewer{
      *this, "memory-viewer",
      llvm::cl::desc("Write the memory viewer page (HTML) to this file")};
  Option<std::string> memoryViewerJson{
      *this, "memory-viewer-json",
      llvm::cl::desc("Write the memory viewer's data (JSON) to this file")};
  Option<bool> donateArguments{
      *this, "donate-arguments",
      llvm::cl::desc("Donate every argument, as if each had jax.buffer_donor"),
      llvm::cl::init(false)};
  Option<bool> dataParallel{
      *this, "data-parallel",
      llvm::cl::desc("Cut the batch (non-donated arguments) over the slice's "
                     "devices, replicate the donated model state"),
      llvm::cl::init(false)};
  Option<int64_t> zero{
      *this, "zero",
      llvm::cl::desc("ZeRO stage over the slice: 1 cuts the optimizer state, "
                     "3 the parameters too (with --data-parallel's batch)"),
      llvm::cl::init(0)};
  Option<std::string> mixedPrecision{
      *this, "mixed-precision",
      llvm::cl::desc("bf16: matmul operands and activations in bf16, "
                     "parameters and reductions f32 (none by default)")};
  Option<bool> rematerialize{
      *this, "rematerialize",
      llvm::cl::desc("Recompute values to fit the HBM limit "
                     "(tpu-rematerialize; on by default, as in XLA)"),
      llvm::cl::init(true)};
  Option<std::string> hbmLimit{
      *this, "hbm-limit",
      llvm::cl::desc("HBM the program may use (e.g. 8G), below the target's")};
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
