//===- CAPI.cpp - The TPU compiler's C API --------------------------------===//

#include "compiler/capi/Compiler.h"
#include "dialects/stablehlo/StablehloText.h"

#include "compiler/InitAll.h"
#include "compiler/driver/Compile.h"
#include "runtime/Device.h"
#include "runtime/Executable.h"
#include "runtime/Host.h"
#include "runtime/machine/Topology.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

MLIRContext *unwrap(TpuCompiler compiler) {
  return static_cast<MLIRContext *>(compiler.ptr);
}

/// A raw_ostream that hands what is written to a callback.
class CallbackStream : public llvm::raw_ostream {
public:
  CallbackStream(TpuStringCallback callback, void *userData)
      : callback(callback), userData(userData) {
    SetUnbuffered();
  }

private:
  void write_impl(const char *ptr, size_t size) override {
    if (callback && size)
      callback(TpuStringRef{ptr, size}, userData);
    position += size;
  }
  uint64_t current_pos() const override { return position; }

  TpuStringCallback callback;
  void *userData;
  uint64_t position = 0;
};

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
  MLIRContext *context = unwrap(compiler);
  CallbackStream diagnostics(onDiagnostic, userData);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      stablehlo::packBoolHexConstants(llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(source.data, source.length), "<source>")),
      llvm::SMLoc());
  tpu::DriverDiagnosticHandler handler(sourceMgr, context, diagnostics);

  llvm::StringRef optionText(options.data, options.length);
  tpu::CompileOptions compileOptions;
  // The C API writes the executable unless a phase is asked for.
  compileOptions.compileTo = tpu::Phase::Executable;
  if (failed(compileOptions.parseFromString(optionText, diagnostics)))
    return TpuCompileInvalidInput;

  OwningOpRef<ModuleOp> module =
      tpu::parseProgram(sourceMgr, context, &handler);
  if (!module)
    return TpuCompileInvalidInput;
  std::vector<uint8_t> bytes;
  tpc::MemoryPlan memory;
  tpu::CompileStatus status = tpu::compileModule(
      *module, compileOptions, &bytes, /*configure=*/{}, &memory);
  // The memory report is the caller's, with the diagnostics.
  if (!memory.functions.empty() &&
      failed(tpu::emitMemoryOutputs(*module, compileOptions, memory,
                                    diagnostics)) &&
      status == tpu::CompileStatus::Success)
    status = tpu::CompileStatus::InvalidInput;
  if (status != tpu::CompileStatus::Success)
    return static_cast<TpuCompileStatus>(status);
  CallbackStream output(onOutput, userData);
  if (compileOptions.compileTo == tpu::Phase::Executable)
    output.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  else
    module->print(output);
  return TpuCompileSuccess;
}

TpuRunStatus tpuExecutableTime(TpuStringRef executable, TpuStringRef function,
                               TpuStringRef options, TpuTiming *timing,
                               TpuStringCallback onDiagnostic,
                               void *userData) {
  CallbackStream diagnostics(onDiagnostic, userData);
  auto fail = [&](const llvm::Twine &message) {
    diagnostics << "error: " << message << "\n";
    return TpuRunInvalidInput;
  };
  absl::StatusOr<tpurt::Executable> exe = tpurt::parseExecutable(
      reinterpret_cast<const uint8_t *>(executable.data), executable.length);
  if (!exe.ok())
    return fail(std::string(exe.status().message()));
  tpurt::RunOptions run;
  run.timingOnly = true;
  int64_t steps = 1;
  std::optional<tpc::Topology> topology;
  llvm::SmallVector<llvm::StringRef> words;
  llvm::StringRef(options.data, options.length)
      .split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef word : words) {
    auto [key, value] = word.split('=');
    int64_t number = 0;
    if (key == "topology") {
      std::string error;
      topology = tpc::parseTopology(value, &error);
      if (!topology)
        return fail(error);
    } else if (key == "steps" || key == "loop-trip-count") {
      if (value.getAsInteger(10, number) || number < 1)
        return fail("option '" + key + "' takes a positive number, not '" +
                    value + "'");
      (key == "steps" ? steps : run.loopTripCount) = number;
    } else {
      return fail("unknown option '" + word +
                  "' (topology=, steps=, loop-trip-count=)");
    }
  }
  const tpc::Target *target = tpc::findTarget(exe->target);
  if (!target)
    return fail("the executable's target '" + exe->target + "' is unknown");
  std::string name(function.data, function.length);
  absl::StatusOr<tpurt::RunResult> result = absl::InternalError("");
  if (topology) {
    absl::StatusOr<std::vector<tpurt::RunResult>> runs =
        tpurt::runSlice(*exe, *topology, name, {}, run);
    result = runs.ok() ? absl::StatusOr<tpurt::RunResult>(
                             std::move(runs->front()))
                       : runs.status();
  } else {
    result = tpurt::run(*exe, *target, name, {}, run);
  }
  if (!result.ok())
    return fail(std::string(result.status().message()));
  double step = result->cycles / target->clockHz;
  TpuTiming t{};
  t.stepSeconds = step;
  t.callSeconds = tpurt::callTime(*target, steps, step, result->hostInBytes,
                                  result->hostOutBytes, result->hostTransfers)
                      .total();
  t.cycles = result->cycles;
  t.flops = result->flops;
  t.modelFlops = result->modelFlops;
  t.int8Ops = result->int8Ops;
  t.hbmBytes = result->hbmBytes;
  t.iciBytes = result->iciBytes;
  t.iciSeconds = result->iciCycles / target->clockHz;
  for (const tpurt::KernelStats &k : result->kernels)
    t.kernels += k.runs ? 1 : 0;
  if (timing)
    *timing = t;
  return TpuRunSuccess;
}
