//===- Compile.h - The compiler's C++ entry point ---------------*- C++ -*-===//
//
// What tpu-compile does, for programs that embed the compiler: run the
// pipeline on a module and produce the executable (or stop after a phase).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_DRIVER_COMPILE_H
#define TPU_COMPILER_DRIVER_COMPILE_H

#include "compiler/pipeline/Pipeline.h"

#include <cstdint>
#include <vector>

namespace mlir::tpu {

/// How a compilation ended; the values are tpu-compile's exit codes.
enum class CompileStatus { Success = 0, InvalidInput = 1, OutOfMemory = 2 };

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

/// What `options` ask of the memory plan: its report (`--memory-report`,
/// for the functions that fit; the others were reported as errors) printed
/// to `report`, and the viewer page and data written to their files. An
/// unwritable file is an error on `module`.
LogicalResult emitMemoryOutputs(ModuleOp module, const CompileOptions &options,
                                const tpc::MemoryPlan &memory,
                                llvm::raw_ostream &report);

} // namespace mlir::tpu

#endif // TPU_COMPILER_DRIVER_COMPILE_H
