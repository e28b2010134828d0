//===- tpu-run.cpp - Run a program on the simulated TensorCore ------------===//
//
// tpu-run PROGRAM [--function=main] [--input=2x3xf32=1,2,3,4,5,6]...
//         [--target=V] [--mxu-model=pipelined|serialized] [--reference]
//         [--stats-json=F] [--profile=F] [--timing-only]
// PROGRAM is an executable from tpu-compile, or hlo MLIR that is compiled
// first. Results print as iree-run-module prints them, then a performance
// summary in the profiler's terms. --reference runs the hlo evaluator
// instead (MLIR input only), for comparison; --timing-only prints the
// summary of a run that computes no values. Exit codes: 0 success, 1 bad
// input or a failed run, 2 the program does not fit in HBM.
//
//===----------------------------------------------------------------------===//

#include "compiler/InitAll.h"
#include "compiler/driver/Advice.h"
#include "compiler/driver/Compile.h"
#include "compiler/driver/ToolFlags.h"
#include "compiler/executable/ExecutableWriter.h"
#include "compiler/reference/Evaluator.h"
#include "dialects/stablehlo/StablehloText.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "passes/Passes.h"
#include "runtime/Device.h"
#include "runtime/Executable.h"
#include "runtime/Host.h"
#include "runtime/Npy.h"
#include "runtime/Numerics.h"
#include "runtime/Sharding.h"
#include "runtime/machine/Target.h"
#include "runtime/report/Report.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <optional>

using namespace mlir;
using namespace mlir::tpu;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory category("tpu-run options");
cl::opt<std::string> programFile(cl::Positional, cl::desc("<program>"),
                                 cl::Required, cl::cat(category));
cl::opt<std::string> functionName("function", cl::desc("Function to run"),
                                  cl::init("main"), cl::cat(category));
cl::list<std::string>
    inputs("input",
           cl::desc("An argument, as iree-run-module spells it: "
                    "2x3xf32=1,2,3,4,5,6 (one value fills the tensor), or "
                    "@file.npy"),
           cl::cat(category));
cl::list<std::string>
    outputs("output",
            cl::desc("@file.npy: write the result of the same position there "
                     "instead of printing it"),
            cl::cat(category));
cl::opt<int64_t> steps("steps",
                       cl::desc("Steps per host call (Keras' "
                                "steps_per_execution): the launch overhead "
                                "is paid once per call"),
                       cl::init(1), cl::cat(category));
CompileFlags flags(category, hlo::Precision::DEFAULT,
                   "An executable runs on the one it was compiled for "
                   "(another is an error); MLIR is compiled for this one",
                   /*verifyEach=*/false);
EnumFlag<tpurt::MxuModel> mxuModel(
    "mxu-model", cl::desc("MXU timing model"),
    cl::init(tpurt::MxuModel::Pipelined),
    cl::values(clEnumValN(tpurt::MxuModel::Pipelined, "pipelined",
                          "weights of the next fold load while one streams"),
               clEnumValN(tpurt::MxuModel::Serialized, "serialized",
                          "every fold charged alone, as SCALE-Sim does")),
    cl::cat(category));
cl::opt<bool> reference("reference",
                        cl::desc("Run the hlo reference evaluator instead"),
                        cl::cat(category));
cl::opt<bool>
    hostTime("host-time",
             cl::desc("Print to stderr how long the host took to simulate the "
                      "kernels, and the simulated FLOPs per host second (the "
                      "simulator's speed; varies from run to run)"),
             cl::cat(category));
cl::opt<bool> scaling(
    "scaling",
    cl::desc("With --topology: also compile the program for one device of "
             "the slice's generation, time it there (--timing-only), and "
             "print the slice's speed-up and scaling efficiency against it"),
    cl::cat(category));
// LLVM owns -stats-json (its statistics); main() renames ours on the way in.
cl::opt<bool> timingOnly(
    "timing-only",
    cl::desc("Simulate the schedule and time only, computing no values (for "
             "models too large to compute on the host); inputs may be "
             "omitted"),
    cl::cat(category));
cl::opt<int64_t> loopTripCount(
    "loop-trip-count",
    cl::desc("With --timing-only: how often a loop whose trip count depends "
             "on the inputs runs"),
    cl::init(-1), cl::cat(category));
cl::opt<int64_t> maxLoopIterations(
    "max-loop-iterations",
    cl::desc("Stop a loop whose condition is still true after this many "
             "iterations (0: no limit)"),
    cl::init(100000000), cl::cat(category));
cl::opt<std::string> statsJson("tpu-stats-json",
                               cl::desc("Write the performance summary as "
                                        "JSON (also --stats-json=<file>)"),
                               cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> profile("profile",
                             cl::desc("Write a Chrome trace (Perfetto) with "
                                      "a track per engine"),
                             cl::value_desc("file"), cl::cat(category));

int fail(const std::string &message) {
  llvm::errs() << "tpu-run: " << message << "\n";
  return 1;
}

/// `2x3xf32=1,2,3,4,5,6`; separators may be commas, spaces or brackets.
llvm::Expected<HostTensor> parseInput(llvm::StringRef text) {
  auto error = [&](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--input=" + text + ": " + why);
  };
  auto [type, values] = text.split('=');
  if (values.empty() && !text.contains('='))
    return error("expected TYPE=VALUES, e.g. 2x3xf32=1,2,3,4,5,6");
  llvm::SmallVector<llvm::StringRef> parts;
  type.split(parts, 'x');
  HostTensor tensor;
  std::optional<tpurt::Element> element =
      tpurt::elementFromName(std::string_view(parts.back()));
  if (!element)
    return error("unknown element type '" + parts.back() + "'; expected " +
                 tpu::kSupportedElementTypes);
  tensor.element = *element;
  for (llvm::StringRef dim : llvm::ArrayRef(parts).drop_back()) {
    int64_t d;
    if (dim.getAsInteger(10, d) || d < 0)
      return error("bad dimension '" + dim + "'");
    tensor.dims.push_back(d);
  }
  llvm::SmallVector<llvm::StringRef> tokens;
  std::string cleaned = values.str();
  for (char &c : cleaned)
    if (c == ',' || c == '[' || c == ']')
      c = ' ';
  llvm::StringRef(cleaned).split(tokens, ' ', -1, false);
  for (llvm::StringRef token : tokens) {
    double v;
    if (tpurt::isWide(tensor.element)) {
      std::optional<double> word =
          tpc::wordFromDecimal(std::string_view(token));
      if (!word)
        return error("bad value '" + token + "'");
      tensor.values.push_back(*word);
      continue;
    }
    // from_chars is correctly rounded, as getAsDouble is, and many times
    // faster; the rare spellings it does not take ("+1", hex floats,
    // out-of-range) go the slow way.
    auto [end, status] = std::from_chars(token.begin(), token.end(), v);
    bool parsed = status == std::errc() && end == token.end();
    if (!parsed && (token == "true" || token == "false"))
      v = token == "true";
    else if (!parsed && token.getAsDouble(v))
      return error("bad value '" + token + "'");
    tensor.values.push_back(tpurt::roundTo(tensor.element, v));
  }
  if (tensor.values.size() == 1)
    tensor.values.assign(tensor.elements(), tensor.values[0]);
  if (static_cast<int64_t>(tensor.values.size()) != tensor.elements())
    return error(llvm::Twine(tensor.values.size()) + " values for " +
                 llvm::Twine(tensor.elements()) + " elements");
  return tensor;
}

/// printf's "%lld" or "%.7g", through to_chars (several times faster:
/// results of millions of elements).
std::string formatValue(tpurt::Element element, double v) {
  char buffer[64];
  std::to_chars_result written;
  if (tpurt::isWide(element)) {
    int64_t word = tpurt::toWord(v);
    written = tpurt::isUnsigned(element)
                  ? std::to_chars(buffer, buffer + sizeof buffer,
                                  static_cast<uint64_t>(word))
                  : std::to_chars(buffer, buffer + sizeof buffer, word);
  } else if (!tpurt::isFloat(element))
    written = std::to_chars(buffer, buffer + sizeof buffer,
                            static_cast<long long>(v));
  else if (std::isnan(v))
    return "nan";
  else if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  else
    written = std::to_chars(buffer, buffer + sizeof buffer, v,
                            std::chars_format::general, 7);
  return std::string(buffer, written.ptr);
}

/// `2x2xf32=[1 2][3 4]`, as iree-run-module prints.
std::string formatTensor(const HostTensor &t) {
  std::string out = tpurt::tensorTypeName(t.element, t.dims) + "=";
  std::function<void(size_t, int64_t &)> print = [&](size_t dim, int64_t &n) {
    if (dim == t.dims.size()) {
      out += formatValue(t.element, t.values[n++]);
      return;
    }
    // The outermost dimension has no brackets of its own.
    if (dim)
      out += "[";
    for (int64_t i = 0; i < t.dims[dim]; ++i) {
      if (i && dim + 1 == t.dims.size())
        out += " ";
      print(dim + 1, n);
    }
    if (dim)
      out += "]";
  };
  int64_t n = 0;
  if (t.dims.empty())
    out += formatValue(t.element, t.values[0]);
  else
    print(0, n);
  return out;
}

bool printResults(const std::vector<HostTensor> &results) {
  for (auto [i, result] : llvm::enumerate(results)) {
    if (i < outputs.size()) {
      llvm::StringRef path(outputs[i]);
      if (!path.consume_front("@")) {
        fail("--output=" + outputs[i] + ": expected @file.npy");
        return false;
      }
      if (absl::Status s = tpurt::writeNpy(path.str(), result); !s.ok()) {
        fail(std::string(s.message()));
        return false;
      }
      continue;
    }
    llvm::outs() << "result[" << i << "]: " << formatTensor(result) << "\n";
  }
  return true;
}

int runReference(ModuleOp module, std::vector<HostTensor> args,
                 const std::vector<bool> &fromNpy) {
  auto func = module.lookupSymbol<func::FuncOp>(functionName);
  if (!func)
    return fail("the program has no function '" + functionName + "'");
  if (absl::Status s =
          tpurt::checkNoElidedConstants(tpu::elidedConstantsOf(module));
      !s.ok())
    return fail(std::string(s.message()));
  // The arguments as the executable would declare them, so that the inputs
  // are rounded and checked exactly as for the simulated run.
  std::vector<tpurt::TensorSpec> arguments;
  for (Type type : func.getArgumentTypes()) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    std::optional<tpurt::Element> element =
        ranked ? toStoredElement(ranked.getElementType()) : std::nullopt;
    if (!element) {
      std::string name;
      llvm::raw_string_ostream os(name);
      os << type;
      return fail(std::string("the reference evaluator takes ") +
                  tpu::kSupportedElementTypes + " tensors, not " + name);
    }
    tpurt::TensorSpec spec;
    spec.element = *element;
    spec.dims.assign(ranked.getShape().begin(), ranked.getShape().end());
    arguments.push_back(std::move(spec));
  }
  tpurt::roundNpyInputs(args, fromNpy, arguments);
  if (absl::Status s = tpurt::checkInputs(arguments, functionName, args);
      !s.ok())
    return fail(std::string(s.message()));
  // Every device gets the same inputs; hlo.device_id tells them apart. A
  // program without collectives is one global program (the simulated
  // slice runs it partitioned): it is evaluated once.
  int64_t devices =
      tpu::hasCollectives(func) ? flags.slice().devices() : 1;
  SmallVector<SmallVector<HostTensor>> perDevice(
      devices, SmallVector<HostTensor>(args.begin(), args.end()));
  FailureOr<SmallVector<SmallVector<HostTensor>>> results =
      evaluateSpmd(func, perDevice);
  if (failed(results))
    return 1;
  for (auto [d, device] : llvm::enumerate(*results)) {
    if (devices > 1)
      llvm::outs() << "device[" << d << "]:\n";
    if (!printResults(std::vector<HostTensor>(device.begin(), device.end())))
      return 1;
  }
  return 0;
}

/// Runs every device of `slice`; device 0's run, with the whole results of
/// a partitioned program put together from the devices' tiles (the results
/// of a program written per device are printed here, per device).
/// CANCELLED when printing them failed (the message is out already).
absl::StatusOr<tpurt::RunResult> runOnSlice(const tpurt::Executable &exe,
                                            const tpc::Topology &slice,
                                            const std::vector<HostTensor> &args,
                                            const tpurt::RunOptions &options) {
  absl::StatusOr<std::vector<tpurt::RunResult>> runs =
      tpurt::runOnTopology(exe, slice, functionName, args, options);
  if (!runs.ok())
    return runs.status();
  const tpurt::Function *function = exe.findFunction(functionName);
  if (!timingOnly && !(function && tpurt::isPartitioned(*function))) {
    for (auto [d, device] : llvm::enumerate(*runs)) {
      llvm::outs() << "device[" << d << "]:\n";
      if (!printResults(device.results))
        return absl::CancelledError("");
      device.results.clear();
    }
  }
  return std::move(runs->front());
}

/// The step of the program on one device of the slice's generation (for
/// --scaling): its cycles, or why there are none.
struct OneDevice {
  int64_t cycles = -1;
  std::string why;
};

/// Compiles `module` for one device and times it. Its diagnostics (an
/// out-of-memory report) are not printed: the line says it did not fit.
OneDevice timeOnOneDevice(ModuleOp module) {
  OwningOpRef<ModuleOp> copy(module.clone());
  CompileOptions options;
  flags.apply(options);
  options.topology = "";
  options.target = std::string(flags.slice().target->name);
  options.dataParallel = false;
  options.zero = 0;
  tpurt::Executable exe;
  std::string error;
  {
    ScopedDiagnosticHandler quiet(module.getContext(),
                                  [](Diagnostic &) { return success(); });
    CompileStatus status = compileAndLoad(*copy, options, exe, error);
    if (status == CompileStatus::OutOfMemory)
      return {-1, "does not fit one device's HBM"};
    if (status != CompileStatus::Success)
      return {-1, "does not compile for one device"};
  }
  std::function<bool(const std::vector<tpurt::Step> &)> collectives =
      [&](const std::vector<tpurt::Step> &steps) {
        return llvm::any_of(steps, [&](const tpurt::Step &step) {
          return step.kind == tpurt::Step::Kind::Collective ||
                 llvm::any_of(step.blocks, collectives);
        });
      };
  const tpurt::Function *f = exe.findFunction(functionName);
  if (f && collectives(f->steps))
    return {-1, "not comparable: the program has collectives of its own (it "
                "is written per device)"};
  tpurt::RunOptions run;
  run.timingOnly = true;
  run.loopTripCount = loopTripCount;
  run.maxLoopIterations = maxLoopIterations;
  absl::StatusOr<tpurt::RunResult> one =
      tpurt::run(exe, *flags.slice().target, functionName, {}, run);
  if (!one.ok())
    return {-1, "not timed: " + std::string(one.status().message())};
  return {one->cycles, ""};
}

/// --scaling's line: the speed-up over one device and its share of the
/// device count.
void printScaling(const OneDevice &oneDevice, const tpurt::RunResult &run,
                  const tpc::Topology &slice) {
  int64_t cycles = oneDevice.cycles;
  if (cycles < 0) {
    llvm::outs() << "  scaling          one device: " << oneDevice.why << "\n";
    return;
  }
  double speedUp = run.cycles ? double(cycles) / run.cycles : 0.0;
  llvm::outs() << llvm::format(
      "  scaling          one device %s; %.2fx on %lld devices (%.1f%% "
      "efficiency)\n",
      tpurt::formatSeconds(cycles / slice.target->clockHz).c_str(), speedUp,
      static_cast<long long>(slice.devices()),
      100.0 * speedUp / slice.devices());
}

/// Writes a report file with `write`; false (with the error out) when the
/// file cannot be opened.
bool writeReport(const std::string &path,
                 llvm::function_ref<void(llvm::raw_ostream &)> write) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    fail("cannot write '" + path + "': " + ec.message());
    return false;
  }
  write(os);
  return true;
}

int runMain(MLIRContext &context) {
  if (std::string error = flags.check(); !error.empty())
    return fail(error);
  if (steps < 1)
    return fail("--steps must be at least 1");
  if (timingOnly && reference)
    return fail("--timing-only times the simulated TPU; --reference computes "
                "values on the host: give one of them");
  absl::StatusOr<tpurt::HostBufferConfig> hostBuffer =
      tpurt::hostBufferConfigFromEnv();
  if (!hostBuffer.ok())
    return fail(std::string(hostBuffer.status().message()));
  std::vector<HostTensor> args;
  std::vector<bool> fromNpy;
  for (const std::string &text : inputs) {
    if (llvm::StringRef(text).starts_with("@")) {
      absl::StatusOr<HostTensor> tensor = tpurt::readNpy(text.substr(1));
      if (!tensor.ok())
        return fail("--input=" + text + ": " +
                    std::string(tensor.status().message()));
      args.push_back(std::move(*tensor));
      fromNpy.push_back(true);
      continue;
    }
    llvm::Expected<HostTensor> tensor = parseInput(text);
    if (!tensor)
      return fail(llvm::toString(tensor.takeError()));
    args.push_back(std::move(*tensor));
    fromNpy.push_back(false);
  }

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(programFile, &error);
  if (!file)
    return fail(error);
  llvm::StringRef bytes = file->getBuffer();
  bool isExecutable =
      bytes.size() >= sizeof(tpurt::kMagic) &&
      std::memcmp(bytes.data(), tpurt::kMagic, sizeof(tpurt::kMagic)) == 0;
  if (scaling && flags.topology.empty())
    return fail("--scaling compares a slice with one device: give --topology");
  tpurt::Executable exe;
  std::optional<OneDevice> oneDevice;
  if (isExecutable) {
    if (scaling)
      return fail("--scaling needs the program's MLIR, not an executable");
    if (reference)
      return fail("--reference needs the program's MLIR, not an executable");
    if (std::vector<std::string> given = flags.givenCompileOnly();
        !given.empty())
      return fail(llvm::join(given, ", ") +
                  (given.size() == 1 ? " is a compile flag: "
                                     : " are compile flags: ") +
                  programFile + " was compiled without " +
                  (given.size() == 1 ? "it; give it" : "them; give them") +
                  " to tpu-compile, or run the program's MLIR");
    absl::StatusOr<tpurt::Executable> parsed = tpurt::parseExecutable(
        reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
    if (!parsed.ok())
      return fail(programFile + ": " + std::string(parsed.status().message()));
    exe = std::move(*parsed);
  } else {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        stablehlo::packBoolHexConstants(std::move(file)), llvm::SMLoc());
    DriverDiagnosticHandler handler(sourceMgr, &context);
    OwningOpRef<ModuleOp> module =
        parseProgram(sourceMgr, &context, &handler);
    if (!module)
      return 1;
    if (reference) {
      // A TOSA program is imported first: the evaluator interprets hlo.
      PassManager pm(&context);
      buildImportPipeline(pm, flags.defaultPrecision,
                          flags.mixedPrecision == "bf16");
      if (failed(pm.run(*module)))
        return 1;
      return runReference(*module, args, fromNpy);
    }
    if (scaling && !flags.topology.empty())
      oneDevice = timeOnOneDevice(*module);
    CompileOptions options;
    flags.apply(options);
    std::string error;
    tpc::MemoryPlan memory;
    if (CompileStatus status =
            compileAndLoad(*module, options, exe, error, &memory);
        status != CompileStatus::Success) {
      adviseIfOutOfMemory(static_cast<int>(status), memory, sourceMgr,
                          &context, options, llvm::errs());
      return error.empty() ? static_cast<int>(status) : fail(error);
    }
  }
  // The executable names its target; a --target that disagrees is an error.
  const tpc::Target *found = tpc::findTarget(exe.target);
  if (!found)
    return fail(programFile + ": " + tpc::unknownTargetMessage(exe.target));
  if (!flags.target.empty() && flags.target != exe.target)
    return fail(programFile + " was compiled for " + exe.target + ", not " +
                flags.target.getValue());
  if (const tpurt::Function *function = exe.findFunction(functionName))
    tpurt::roundNpyInputs(args, fromNpy, function->arguments);

  tpurt::RunOptions options;
  options.mxuModel = mxuModel;
  options.hostBuffer = *hostBuffer;
  options.timingOnly = timingOnly;
  options.loopTripCount = loopTripCount;
  options.maxLoopIterations = maxLoopIterations;
  options.keepTasks = !profile.empty();
  tpc::Topology slice =
      flags.topology.empty() ? tpc::singleDevice(*found) : flags.slice();
  if (slice.target != found)
    return fail(programFile + " was compiled for " + exe.target +
                ", not --topology=" + slice.name + "'s " +
                std::string(slice.target->name));
  absl::StatusOr<tpurt::RunResult> run =
      slice.devices() == 1
          ? tpurt::run(exe, *found, functionName, args, options)
          : runOnSlice(exe, slice, args, options);
  if (!run.ok() && absl::IsCancelled(run.status()))
    return 1; // a device's results did not print
  if (!run.ok()) {
    bool exhausted =
        run.status().code() == absl::StatusCode::kResourceExhausted;
    fail((exhausted ? "RESOURCE_EXHAUSTED: " : "") +
         std::string(run.status().message()));
    return exhausted ? 2 : 1;
  }
  if (!printResults(run->results))
    return 1;
  tpurt::ReportOptions report{steps, mxuModel};
  tpurt::printSummary(*run, *found, report, llvm::outs());
  if (slice.devices() > 1)
    tpurt::printSlice(*run, slice, llvm::outs());
  if (oneDevice)
    printScaling(*oneDevice, *run, slice);
  if (hostTime)
    llvm::errs() << llvm::format(
        "host: kernels simulated in %.3f s (%.2f simulated GFLOP per host "
        "second)\n",
        run->kernelHostSeconds,
        run->kernelHostSeconds > 0
            ? double(run->flops) / run->kernelHostSeconds / 1e9
            : 0.0);
  if (!statsJson.empty() &&
      !writeReport(statsJson, [&](llvm::raw_ostream &os) {
        tpurt::writeStats(*run, *found, exe.programBytes, report, os);
      }))
    return 1;
  if (!profile.empty() && !writeReport(profile, [&](llvm::raw_ostream &os) {
        tpurt::writeProfile(*run, *found, os);
      }))
    return 1;
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  std::vector<std::string> renamed;
  for (int i = 0; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    for (llvm::StringRef prefix : {"--stats-json", "-stats-json"})
      if (arg.starts_with(prefix) &&
          (arg.size() == prefix.size() || arg[prefix.size()] == '='))
        arg = arg.drop_front(prefix.size());
    renamed.push_back(arg.data() == argv[i] ? std::string(arg)
                                            : "--tpu-stats-json" + arg.str());
  }
  std::vector<const char *> args;
  for (const std::string &arg : renamed)
    args.push_back(arg.c_str());
  showOnlyToolOptions(category);
  cl::ParseCommandLineOptions(static_cast<int>(args.size()), args.data(),
                              "Simulated TPU runner\n");
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
  return runMain(context);
}
