//===- Compile.cpp - The compiler's C++ entry point -----------------------===//

#include "compiler/driver/Compile.h"

#include "compiler/executable/ExecutableWriter.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

tpu::CompileStatus
tpu::compileModule(ModuleOp module, const CompileOptions &options,
                   std::vector<uint8_t> *executable,
                   llvm::function_ref<LogicalResult(PassManager &)> configure) {
  PassManager pm(module.getContext());
  if (configure && failed(configure(pm)))
    return CompileStatus::InvalidInput;
  buildCompilePipeline(pm, options);
  if (failed(pm.run(module)))
    return ranOutOfMemory() ? CompileStatus::OutOfMemory
                            : CompileStatus::InvalidInput;
  if (options.compileTo != Phase::Executable)
    return CompileStatus::Success;
  FailureOr<tpurt::Executable> exe = buildExecutable(module);
  if (failed(exe))
    return CompileStatus::InvalidInput;
  if (executable)
    *executable = tpurt::serialize(*exe);
  return CompileStatus::Success;
}
