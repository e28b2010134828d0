//===- CAPIRun.cpp - The C API's runs of executables ----------------------===//
//
// tpuExecutableRun, tpuExecutableTime and tpuExecutableSignature: tpu-run's
// simulated runs, for programs that embed the compiler.
//
//===----------------------------------------------------------------------===//

#include "compiler/capi/CallbackStream.h"
#include "compiler/capi/Compiler.h"

#include "runtime/Device.h"
#include "runtime/Executable.h"
#include "runtime/Host.h"
#include "runtime/Npy.h"
#include "runtime/Sharding.h"
#include "runtime/machine/Topology.h"
#include "runtime/report/Report.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>

using tpucapi::CallbackStream;

namespace {

llvm::StringRef str(TpuStringRef s) { return llvm::StringRef(s.data, s.length); }

/// The options of a run: tpuExecutableRun's words, parsed.
struct RunRequest {
  tpurt::RunOptions run;
  int64_t steps = 1;
  std::optional<tpc::Topology> topology;
};

/// Parses `text` into `request`; the error otherwise.
std::optional<std::string> parseOptions(llvm::StringRef text,
                                        RunRequest &request) {
  llvm::SmallVector<llvm::StringRef> words;
  text.split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef word : words) {
    auto [key, value] = word.split('=');
    int64_t number = 0;
    if (key == "topology") {
      std::string error;
      request.topology = tpc::parseTopology(value, &error);
      if (!request.topology)
        return error;
    } else if (key == "steps" || key == "loop-trip-count") {
      if (value.getAsInteger(10, number) || number < 1)
        return ("option '" + key + "' takes a positive number, not '" +
                value + "'")
            .str();
      (key == "steps" ? request.steps : request.run.loopTripCount) = number;
    } else if (word == "timing-only") {
      request.run.timingOnly = true;
    } else {
      return ("unknown option '" + word +
              "' (topology=, steps=, loop-trip-count=, timing-only)")
          .str();
    }
  }
  return std::nullopt;
}

/// The inputs from the caller's arrays, in the arguments' elements.
absl::StatusOr<std::vector<tpc::HostTensor>>
inputsOf(const TpuArray *inputs, size_t count,
         const tpurt::Function &function) {
  std::vector<tpc::HostTensor> tensors;
  for (size_t i = 0; i < count; ++i) {
    const TpuArray &a = inputs[i];
    std::string name = str(a.element).str();
    std::optional<tpc::Element> element = tpc::elementFromName(name);
    std::string which = "input " + std::to_string(i) + ": ";
    if (!element)
      return absl::InvalidArgumentError(which + "unknown element type '" +
                                        name + "'");
    std::vector<int64_t> dims(a.dims, a.dims + a.rank);
    absl::StatusOr<tpc::HostTensor> tensor = tpurt::tensorFromData(
        *element, std::move(dims), static_cast<const uint8_t *>(a.data),
        a.bytes);
    if (!tensor.ok())
      return absl::InvalidArgumentError(which +
                                        std::string(tensor.status().message()));
    tensors.push_back(std::move(*tensor));
  }
  // The arrays hold NumPy's elements, as a .npy file does.
  tpurt::roundNpyInputs(tensors, std::vector<bool>(count, true),
                        function.arguments);
  return tensors;
}

TpuTiming timingOf(const tpurt::RunResult &result, const tpc::Target &target,
                   int64_t steps) {
  double step = result.cycles / target.clockHz;
  TpuTiming t{};
  t.stepSeconds = step;
  t.callSeconds = tpurt::callTime(target, steps, step, result.hostInBytes,
                                  result.hostOutBytes, result.hostTransfers)
                      .total();
  t.cycles = result.cycles;
  t.flops = result.flops;
  t.modelFlops = result.modelFlops;
  t.int8Ops = result.int8Ops;
  t.hbmBytes = result.hbmBytes;
  t.iciBytes = result.iciBytes;
  t.iciSeconds = result.iciCycles / target.clockHz;
  for (const tpurt::KernelStats &k : result.kernels)
    t.kernels += k.runs ? 1 : 0;
  return t;
}

llvm::json::Object specJson(const tpurt::TensorSpec &spec) {
  std::vector<int64_t> dims = spec.partitioned() ? spec.wholeDims() : spec.dims;
  llvm::json::Array dimsJson;
  for (int64_t d : dims)
    dimsJson.push_back(d);
  return llvm::json::Object{
      {"type", tpurt::tensorTypeName(spec.element, dims)},
      {"element", std::string(tpc::elementName(spec.element))},
      {"host_element",
       std::string(tpc::elementName(tpurt::npyElement(spec.element)))},
      {"dims", std::move(dimsJson)}};
}

} // namespace

TpuRunStatus tpuExecutableRun(TpuStringRef executable, TpuStringRef function,
                              TpuStringRef options, const TpuArray *inputs,
                              size_t numInputs, TpuTiming *timing,
                              const TpuRunCallbacks *callbacks) {
  TpuRunCallbacks none{};
  const TpuRunCallbacks &cb = callbacks ? *callbacks : none;
  CallbackStream diagnostics(cb.onDiagnostic, cb.userData);
  auto fail = [&](const std::string &message,
                  TpuRunStatus status = TpuRunInvalidInput) {
    diagnostics << "error: " << message << "\n";
    return status;
  };
  absl::StatusOr<tpurt::Executable> exe = tpurt::parseExecutable(
      reinterpret_cast<const uint8_t *>(executable.data), executable.length);
  if (!exe.ok())
    return fail(std::string(exe.status().message()));
  RunRequest request;
  if (std::optional<std::string> error = parseOptions(str(options), request))
    return fail(*error);
  const tpc::Target *target = tpc::findTarget(exe->target);
  if (!target)
    return fail("the executable's target '" + exe->target + "' is unknown");
  std::string name = str(function).str();
  const tpurt::Function *f = exe->findFunction(name);
  if (!f)
    return fail("the executable has no function '" + name + "'");
  tpc::Topology slice =
      request.topology ? *request.topology : tpc::singleDevice(*target);
  if (slice.target != target)
    return fail("the executable was compiled for " + exe->target +
                ", not topology " + slice.name + "'s " +
                std::string(slice.target->name));
  std::vector<tpc::HostTensor> tensors;
  if (!request.run.timingOnly || numInputs) {
    absl::StatusOr<std::vector<tpc::HostTensor>> parsed =
        inputsOf(inputs, numInputs, *f);
    if (!parsed.ok())
      return fail(std::string(parsed.status().message()));
    tensors = std::move(*parsed);
  }
  absl::StatusOr<std::vector<tpurt::RunResult>> runs =
      tpurt::runOnTopology(*exe, slice, name, tensors, request.run);
  if (!runs.ok())
    return runs.status().code() == absl::StatusCode::kResourceExhausted
               ? fail("RESOURCE_EXHAUSTED: " +
                          std::string(runs.status().message()),
                      TpuRunOutOfMemory)
               : fail(std::string(runs.status().message()));
  const tpurt::RunResult &result = runs->front();
  if (cb.onResult) {
    for (const tpc::HostTensor &tensor : result.results) {
      std::vector<uint8_t> data = tpurt::dataOf(tensor);
      std::string element(
          tpc::elementName(tpurt::npyElement(tensor.element)));
      std::vector<long long> dims(tensor.dims.begin(), tensor.dims.end());
      cb.onResult(TpuArray{{element.data(), element.size()},
                           dims.size(),
                           dims.data(),
                           data.data(),
                           data.size()},
                  cb.userData);
    }
  }
  tpurt::ReportOptions report{request.steps, request.run.mxuModel};
  if (cb.onSummary) {
    CallbackStream summary(cb.onSummary, cb.userData);
    tpurt::printSummary(result, *target, report, summary);
    if (slice.devices() > 1)
      tpurt::printSlice(result, slice, summary);
  }
  if (cb.onStats) {
    CallbackStream stats(cb.onStats, cb.userData);
    tpurt::writeStats(result, *target, exe->programBytes, report, stats);
  }
  if (timing)
    *timing = timingOf(result, *target, request.steps);
  return TpuRunSuccess;
}

TpuRunStatus tpuExecutableTime(TpuStringRef executable, TpuStringRef function,
                               TpuStringRef options, TpuTiming *timing,
                               TpuStringCallback onDiagnostic,
                               void *userData) {
  std::string words = str(options).str() + " timing-only";
  TpuRunCallbacks callbacks{};
  callbacks.onDiagnostic = onDiagnostic;
  callbacks.userData = userData;
  return tpuExecutableRun(executable, function, {words.data(), words.size()},
                          nullptr, 0, timing, &callbacks);
}

TpuRunStatus tpuExecutableSignature(TpuStringRef executable,
                                    TpuStringRef function,
                                    TpuStringCallback onJson,
                                    TpuStringCallback onDiagnostic,
                                    void *userData) {
  absl::StatusOr<tpurt::Executable> exe = tpurt::parseExecutable(
      reinterpret_cast<const uint8_t *>(executable.data), executable.length);
  CallbackStream diagnostics(onDiagnostic, userData);
  if (!exe.ok()) {
    diagnostics << "error: " << std::string(exe.status().message()) << "\n";
    return TpuRunInvalidInput;
  }
  const tpurt::Function *f = exe->findFunction(str(function).str());
  if (!f) {
    diagnostics << "error: the executable has no function '" << str(function)
                << "'\n";
    return TpuRunInvalidInput;
  }
  llvm::json::Array functions, arguments, results;
  for (const tpurt::Function &g : exe->functions)
    functions.push_back(g.name);
  for (const tpurt::TensorSpec &spec : f->arguments)
    arguments.push_back(specJson(spec));
  for (const tpurt::TensorSpec &spec : f->results)
    results.push_back(specJson(spec));
  CallbackStream(onJson, userData)
      << llvm::json::Value(llvm::json::Object{
             {"target", exe->target},
             {"functions", std::move(functions)},
             {"arguments", std::move(arguments)},
             {"results", std::move(results)}});
  return TpuRunSuccess;
}
