//===- ToolFlags.cpp - The command-line flags the tools share -------------===//

#include "compiler/driver/ToolFlags.h"

#include "compiler/driver/Version.h"
#include "runtime/machine/Target.h"
#include "runtime/machine/Topology.h"

using namespace mlir;
using namespace mlir::tpu;
namespace cl = llvm::cl;

CompileFlags::CompileFlags(cl::OptionCategory &category,
                           hlo::Precision precision,
                           llvm::StringRef targetDetail, bool verifyEachDefault)
    : category(category),
      verifyEach("verify-each",
                 cl::desc("Verify the IR after every pass (a compiler "
                          "debugging aid); otherwise the input and the "
                          "lowered program are verified"),
                 cl::init(verifyEachDefault), cl::cat(category)) {
  target.setDescription(targetHelp(targetDetail));
  defaultPrecision.setInitialValue(precision);
}

OutputFlags::OutputFlags(cl::OptionCategory &category) : category(category) {
  compileTo.setInitialValue(Phase::Executable);
}

void OutputFlags::apply(CompileOptions &options) const {
  options.compileTo = compileTo.getValue();
  options.memoryReport = memoryReport.getValue();
  options.paddingReport = paddingReport.getValue();
  options.memoryReportTop = memoryReportTop.getValue();
  options.memoryViewer = memoryViewer.getValue();
  options.memoryViewerJson = memoryViewerJson.getValue();
}

std::optional<tpc::Topology>
CompileFlags::parsedSlice(std::string *error) const {
  if (topology.empty())
    return std::nullopt;
  return tpc::parseTopology(topology, error);
}

std::vector<std::string> CompileFlags::givenCompileOnly() const {
  std::vector<std::string> given;
  auto note = [&](const llvm::cl::Option &flag) {
    if (flag.getNumOccurrences() && flag.ArgStr != "target" &&
        flag.ArgStr != "topology")
      given.push_back(("--" + flag.ArgStr).str());
  };
#define TPU_OPTION(type, member, flag, help, init, valueDesc) note(member);
#define TPU_ENUM_OPTION(type, member, flag, help, init, values) note(member);
#define TPU_SHARED_OPTIONS
#include "compiler/pipeline/CompileOptions.def"
  note(verifyEach);
  return given;
}

std::string CompileFlags::check() const {
  if (!mixedPrecision.empty() && mixedPrecision != "none" &&
      mixedPrecision != "bf16")
    return "unknown --mixed-precision '" + mixedPrecision.getValue() +
           "'; expected none or bf16";
  if (!target.empty() && !tpc::findTarget(target))
    return tpc::unknownTargetMessage(target);
  if (zero < 0 || zero > 3)
    return "--zero takes a ZeRO stage: 1, 2 or 3";
  if (!batchArguments.empty() && !dataParallel && !zero)
    return "--batch-arguments names the batch that --data-parallel (or "
           "--zero) cuts: give it too";
  if (topology.empty())
    return dataParallel || zero ? "--data-parallel and --zero need --topology"
                                : "";
  std::string error;
  std::optional<tpc::Topology> slice = parsedSlice(&error);
  if (!slice)
    return error;
  if (!target.empty() && target != slice->target->name)
    return "--target=" + target.getValue() +
           " differs from --topology=" + topology.getValue() + "'s " +
           std::string(slice->target->name);
  return "";
}

tpc::Topology CompileFlags::slice() const {
  std::string error;
  if (std::optional<tpc::Topology> t = parsedSlice(&error))
    return *t;
  const tpc::Target *t = target.empty() ? nullptr : tpc::findTarget(target);
  return tpc::singleDevice(t ? *t : tpc::defaultTarget());
}

void CompileFlags::apply(CompileOptions &options) const {
  options.target = target.getValue();
  options.topology = topology.getValue();
  options.layoutMode = layoutMode.getValue();
  options.defaultPrecision = defaultPrecision.getValue();
  options.donateArguments = donateArguments.getValue();
  options.hbmLimit = hbmLimit.getValue();
  options.mixedPrecision = mixedPrecision.getValue();
  options.rematerialize = rematerialize.getValue();
  options.dataParallel = dataParallel.getValue() || zero > 0;
  options.zero = zero.getValue();
  options.batchArguments = batchArguments.getValue();
  options.resize = resize.getValue();
  options.verifyEach = verifyEach.getValue();
}

void mlir::tpu::showOnlyToolOptions(cl::OptionCategory &category,
                                    bool passManagerOptions) {
  cl::HideUnrelatedOptions(category);
  // --version names the compiler and the executables it writes, then the
  // LLVM it is built on (LLVM's printer names LLVM alone).
  cl::SetVersionPrinter(printToolVersion);
  if (!passManagerOptions)
    return;
  for (auto &[name, option] : cl::getRegisteredOptions()) {
    llvm::StringRef key = name;
    if (key.starts_with("mlir-timing") || key.starts_with("mlir-print-ir") ||
        key.starts_with("mlir-pass-statistics"))
      option->setHiddenFlag(cl::NotHidden);
  }
}
