//===- ToolFlags.cpp - The command-line flags the tools share -------------===//

#include "compiler/driver/ToolFlags.h"

#include "runtime/machine/Target.h"
#include "runtime/machine/Topology.h"

using namespace mlir;
using namespace mlir::tpu;
namespace cl = llvm::cl;

CompileFlags::CompileFlags(cl::OptionCategory &category,
                           hlo::Precision precision, llvm::StringRef targetHelp,
                           bool verifyEachDefault)
    : target("target", cl::desc(targetHelp), cl::cat(category)),
      layoutMode("layout-mode", cl::desc("Layout policy"),
                 cl::init(LayoutMode::MinPadding), layoutModeValues(),
                 cl::cat(category)),
      defaultPrecision("default-precision",
                       cl::desc("Precision of matmuls and convolutions that "
                                "set none (JAX's "
                                "jax_default_matmul_precision)"),
                       cl::init(precision), precisionValues(),
                       cl::cat(category)),
      donateArguments(
          "donate-arguments",
          cl::desc("Donate every argument's buffer, as JAX's donate_argnums "
                   "(jax.buffer_donor) does for the ones it names: an output "
                   "of the same type may be written into it"),
          cl::cat(category)),
      hbmLimit("hbm-limit",
               cl::desc("HBM the program may use (e.g. 8G, 512M), below the "
                        "target's: rematerialization works to fit it and the "
                        "memory report checks it"),
               cl::value_desc("size"), cl::cat(category)),
      mixedPrecision(
          "mixed-precision",
          cl::desc("bf16: matmul and convolution operands, and the "
                   "activations only elementwise ops read besides, in bf16; "
                   "parameters, optimizer state and reductions stay f32 "
                   "(hlo-mixed-precision). Default: none"),
          cl::value_desc("none|bf16"), cl::cat(category)),
      rematerialize(
          "rematerialize",
          cl::desc("Recompute values near their uses when the program does "
                   "not fit the HBM limit (tpu-rematerialize); "
                   "--rematerialize=false reports the program as scheduled"),
          cl::init(true), cl::cat(category)),
      topology("topology",
               cl::desc("The slice the program runs on, one copy per device "
                        "(SPMD): a Cloud TPU name (v3-8, v4-32, v5e-16) or a "
                        "generation and chip mesh (v5e:4x4); sets --target. "
                        "Default: one device"),
               cl::value_desc("name"), cl::cat(category)),
      dataParallel(
          "data-parallel",
          cl::desc("Run the step data-parallel over --topology's devices: "
                   "cut every argument that is not donated (the batch) "
                   "along its first dimension, replicate the donated model "
                   "state (hlo-shard-arguments, then hlo-spmd-partition)"),
          cl::cat(category)),
      zero("zero",
           cl::desc("ZeRO stage with --data-parallel's batch: 1 (or 2) cuts "
                    "the optimizer state over the devices, 3 the parameters "
                    "too (FSDP)"),
           cl::value_desc("stage"), cl::init(0), cl::cat(category)),
      verifyEach("verify-each",
                 cl::desc("Verify the IR after every pass (a compiler "
                          "debugging aid); otherwise the input and the "
                          "lowered program are verified"),
                 cl::init(verifyEachDefault), cl::cat(category)) {}

std::string CompileFlags::check() const {
  if (!mixedPrecision.empty() && mixedPrecision != "none" &&
      mixedPrecision != "bf16")
    return "unknown --mixed-precision '" + mixedPrecision.getValue() +
           "'; expected none or bf16";
  if (!target.empty() && !tpc::findTarget(target))
    return tpc::unknownTargetMessage(target);
  if (zero < 0 || zero > 3)
    return "--zero takes a ZeRO stage: 1, 2 or 3";
  if (topology.empty())
    return dataParallel || zero ? "--data-parallel and --zero need --topology"
                                : "";
  std::string error;
  std::optional<tpc::Topology> slice = tpc::parseTopology(topology, &error);
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
  if (!topology.empty())
    if (std::optional<tpc::Topology> t = tpc::parseTopology(topology, &error))
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
  options.verifyEach = verifyEach.getValue();
}

void mlir::tpu::showOnlyToolOptions(cl::OptionCategory &category,
                                    bool passManagerOptions) {
  cl::HideUnrelatedOptions(category);
  if (!passManagerOptions)
    return;
  for (auto &[name, option] : cl::getRegisteredOptions()) {
    llvm::StringRef key = name;
    if (key.starts_with("mlir-timing") || key.starts_with("mlir-print-ir") ||
        key.starts_with("mlir-pass-statistics"))
      option->setHiddenFlag(cl::NotHidden);
  }
}
