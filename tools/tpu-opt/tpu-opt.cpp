//===- tpu-opt.cpp - The compiler's pass driver ---------------------------===//
//
// MlirOptMain over the hlo dialect, the upstream dialects its inputs use, and
// every pass this project defines. Exit status: 0 success, 1 failure, 2 a
// program that does not fit in HBM (tpu-assign-buffers marked it so).
//
//===----------------------------------------------------------------------===//

#include "compiler/InitAll.h"
#include "compiler/driver/Version.h"
#include "dialects/stablehlo/StablehloText.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "passes/Passes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {

/// Notes a failure of a module that buffer assignment found too large, so
/// that this run, and nothing else, exits with 2.
struct OutOfMemoryWatch : public PassInstrumentation {
  explicit OutOfMemoryWatch(bool &outOfMemory) : outOfMemory(outOfMemory) {}
  void runAfterPassFailed(Pass *, Operation *op) override {
    if (auto module = dyn_cast<ModuleOp>(op))
      outOfMemory |= tpu::isOutOfMemory(module);
  }
  bool &outOfMemory;
};

} // namespace

/// Hides from --help the options the linked LLVM libraries registered before
/// main (--amdgpu-*, --polly-*, ...): they stay usable and --help-hidden
/// lists them, but --help shows MLIR's and tpu-opt's own.
static void hideLibraryOptions() {
  for (auto &[name, option] : llvm::cl::getRegisteredOptions()) {
    llvm::StringRef key = name;
    if (!key.starts_with("help") && key != "version")
      option->setHiddenFlag(llvm::cl::Hidden);
  }
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  hideLibraryOptions();
  llvm::cl::SetVersionPrinter(tpu::printToolVersion);
  DialectRegistry registry;
  tpu::registerCompilerDialects(registry);
  tpu::registerCompilerPasses();
  auto [inputFile, outputFile] = registerAndParseCLIOptions(
      argc, argv, "TPU compiler pass driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldListPasses()) {
    printRegisteredPasses();
    return 0;
  }
  bool outOfMemory = false;
  MlirOptMainConfig withWatch = config;
  withWatch.setPassPipelineSetupFn([&](PassManager &pm) {
    if (failed(config.setupPassPipeline(pm)))
      return failure();
    pm.addInstrumentation(std::make_unique<OutOfMemoryWatch>(outOfMemory));
    return success();
  });

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  input = stablehlo::packBoolHexConstants(std::move(input));
  if (failed(MlirOptMain(output->os(), std::move(input), registry, withWatch)))
    return outOfMemory ? 2 : 1;
  output->keep();
  return 0;
}
