//===- tpu-compile.cpp - The compiler driver ------------------------------===//
//
// Compiles an hlo program for a TPU generation: runs the tpu-compile
// pipeline (compiler/pipeline) and writes the executable the runtime loads,
// or, with --compile-to, stops after a phase and writes its MLIR. Exit codes: 0
// success, 1 invalid input, 2 the program does not fit in HBM (with XLA's
// memory report on stderr).
//
//===----------------------------------------------------------------------===//

#include "compiler/InitAll.h"
#include "compiler/driver/Advice.h"
#include "compiler/driver/Compile.h"
#include "compiler/driver/LargestBatch.h"
#include "compiler/driver/ToolFlags.h"
#include "dialects/stablehlo/StablehloText.h"
#include "runtime/machine/Target.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::tpu;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory category("tpu-compile options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program.mlir>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file (default stdout)"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(category));
CompileFlags flags(category, hlo::Precision::DEFAULT, /*targetDetail=*/{},
                   /*verifyEach=*/false);
OutputFlags outputs(category);
cl::opt<std::string> largestBatch(
    "largest-batch",
    cl::desc("Instead of compiling: the largest size of ARGUMENT:DIMENSION "
             "(the argument by number or JAX name, e.g. images:0) with which "
             "the program fits the target's HBM (each size tried is compiled "
             "with --resize up to buffer assignment)"),
    cl::value_desc("arg:dim"), cl::cat(category));

int compile(MLIRContext &context) {
  if (std::string error = flags.check(); !error.empty()) {
    llvm::errs() << "tpu-compile: " << error << "\n";
    return 1;
  }
  // An executable is bytes for tpu-run, not text for a terminal.
  if (outputs.compileTo == Phase::Executable && outputFile == "-" &&
      llvm::sys::Process::StandardOutIsDisplayed()) {
    llvm::errs() << "tpu-compile: refusing to write the binary executable to "
                    "a terminal; give -o FILE (or --compile-to=PHASE for "
                    "MLIR text)\n";
    return 1;
  }
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << "tpu-compile: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      stablehlo::packBoolHexConstants(std::move(input)), llvm::SMLoc());
  DriverDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseProgram(sourceMgr, &context, &handler);
  if (!module)
    return 1;

  CompileOptions options;
  flags.apply(options);
  outputs.apply(options);
  if (!largestBatch.empty()) {
    LargestBatch result =
        findLargestBatch(sourceMgr, &context, options, largestBatch);
    if (result.probes.empty()) {
      llvm::errs() << "tpu-compile: --largest-batch: " << result.error << "\n";
      return 1;
    }
    printLargestBatch(result, largestBatch, result.target, llvm::outs());
    return result.error.empty() ? 0 : 1;
  }
  std::vector<uint8_t> bytes;
  tpc::MemoryPlan memory;
  CompileStatus status = compileModule(
      *module, options, &bytes,
      [](PassManager &pm) {
        if (failed(applyPassManagerCLOptions(pm)))
          return failure();
        applyDefaultTimingPassManagerCLOptions(pm);
        return success();
      },
      &memory);
  // The report goes to stdout unless the program itself does: then stderr,
  // so that the executable's bytes and the report never share a stream.
  llvm::raw_ostream &report = outputFile == "-" ? llvm::errs() : llvm::outs();
  if (!memory.functions.empty() &&
      failed(emitMemoryOutputs(*module, options, memory, report)) &&
      status == CompileStatus::Success)
    status = CompileStatus::InvalidInput;
  adviseIfOutOfMemory(static_cast<int>(status), memory, sourceMgr, &context,
                      options, llvm::errs());
  if (status != CompileStatus::Success)
    return static_cast<int>(status);

  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "tpu-compile: " << error << "\n";
    return 1;
  }
  if (outputs.compileTo == Phase::Executable) {
    output->os().write(reinterpret_cast<const char *>(bytes.data()),
                       bytes.size());
  } else {
    module->print(output->os());
    output->os() << "\n";
  }
  output->keep();
  // The process exits next: freeing a large program's IR op by op would
  // take a twentieth of its compile time (clang's -disable-free). Buried,
  // the module stays reachable, so leak checkers do not report it.
  llvm::BuryPointer(module.release().getOperation());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  // --help lists tpu-compile's own options and MLIR's pass-manager ones
  // (--mlir-timing, --mlir-print-ir-*), not every LLVM library's.
  showOnlyToolOptions(category, /*passManagerOptions=*/true);
  cl::ParseCommandLineOptions(argc, argv, "TPU compiler\n");

  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  // Exporters annotate with other compilers' dialects (#ttcore...): their
  // attributes parse and are ignored with a remark; an op of an
  // unregistered dialect is refused at its location (tpu-verify).
  context.allowUnregisteredDialects();
  // Diagnostics name the op by its location; dumping the IR of a whole
  // function under an out-of-memory error buries the report.
  context.printOpOnDiagnostic(false);
  return compile(context);
}
