//===- Advice.cpp - What each option would make of a program's memory -----===//

#include "compiler/driver/Advice.h"

#include "compiler/driver/Compile.h"
#include "runtime/machine/Shape.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <functional>

using namespace mlir;
using namespace mlir::tpu;

namespace {

struct Variant {
  std::string flags;
  std::function<void(CompileOptions &)> apply;
};

/// The options `options` lacks that change a program's HBM use, on
/// `target` (the generation the program was compiled for).
std::vector<Variant> variantsOf(const CompileOptions &options,
                                llvm::StringRef target) {
  std::vector<Variant> variants;
  bool bf16 = options.mixedPrecision.getValue() == "bf16";
  bool donate = options.donateArguments;
  if (!bf16)
    variants.push_back({"--mixed-precision=bf16", [](CompileOptions &o) {
                          o.mixedPrecision = "bf16";
                        }});
  if (!donate)
    variants.push_back({"--donate-arguments",
                        [](CompileOptions &o) { o.donateArguments = true; }});
  if (!bf16 && !donate)
    variants.push_back({"--mixed-precision=bf16 --donate-arguments",
                        [](CompileOptions &o) {
                          o.mixedPrecision = "bf16";
                          o.donateArguments = true;
                        }});
  if (options.layoutMode.getValue() != LayoutMode::MinPadding)
    variants.push_back({"--layout-mode=min-padding", [](CompileOptions &o) {
                          o.layoutMode = LayoutMode::MinPadding;
                        }});
  if (!options.rematerialize)
    variants.push_back({"--rematerialize",
                        [](CompileOptions &o) { o.rematerialize = true; }});
  if (options.topology.empty() && !target.empty()) {
    // FSDP on the generation's 8-chip slice: every chip holds an eighth of
    // the model state and of the batch (the program's donated arguments
    // are the state, or --batch-arguments names the batch).
    std::string slice = (target + "-8").str();
    variants.push_back({"--topology=" + slice + " --zero=3",
                        [slice](CompileOptions &o) {
                          o.topology = slice;
                          o.target = "";
                          o.zero = 3;
                          o.dataParallel = true;
                        }});
  }
  return variants;
}

} // namespace

const tpc::MemoryReport *tpu::firstOverflow(const tpc::MemoryPlan &plan) {
  for (const tpc::MemoryReport &report : plan.functions)
    if (!report.fits())
      return &report;
  return nullptr;
}

std::vector<MemoryOption>
tpu::adviseOutOfMemory(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                       const CompileOptions &options, llvm::StringRef function,
                       llvm::StringRef target) {
  std::vector<MemoryOption> advice;
  for (const Variant &variant : variantsOf(options, target)) {
    MemoryOption &option = advice.emplace_back();
    option.flags = variant.flags;
    CompileOptions tried;
    copySharedOptions(options, tried);
    variant.apply(tried);
    tried.compileTo = Phase::Buffers;
    QuietCompile compiled = compileQuietly(sourceMgr, context, tried);
    const tpc::MemoryReport *report = nullptr;
    for (const tpc::MemoryReport &r : compiled.plan.functions)
      if (r.function == function)
        report = &r;
    if (!report || (compiled.status != CompileStatus::Success &&
                    compiled.status != CompileStatus::OutOfMemory)) {
      option.why = compiled.firstError;
      if (llvm::StringRef(option.why).contains("donates none"))
        option.why = "the program donates no model state: name its batch "
                     "with --batch-arguments to try a slice";
      continue;
    }
    option.used = report->used();
    option.capacity = report->capacity;
    option.devices = compiled.plan.devices;
    option.fits = report->fits();
  }
  return advice;
}

void tpu::printAdvice(const std::vector<MemoryOption> &advice,
                      llvm::StringRef function, int64_t used,
                      llvm::raw_ostream &os) {
  if (advice.empty())
    return;
  size_t width = 0;
  for (const MemoryOption &option : advice)
    width = std::max(width, option.flags.size());
  os << "What each option would make of @" << function << " ("
     << tpc::formatBytes(used)
     << " as compiled; the program compiled again with it):\n";
  for (const MemoryOption &option : advice) {
    os << "  " << llvm::left_justify(option.flags, width) << "  ";
    if (option.used < 0) {
      os << "does not compile: " << option.why << "\n";
      continue;
    }
    os << llvm::right_justify(tpc::formatBytes(option.used), 8)
       << (option.devices > 1 ? " per device" : "") << " of "
       << tpc::formatBytes(option.capacity) << ": "
       << (option.fits ? "fits" : "does not fit");
    int64_t saved = used - option.used;
    if (saved > 0)
      os << " (saves " << tpc::formatBytes(saved) << ")";
    else if (saved < 0)
      os << " (" << tpc::formatBytes(-saved) << " more)";
    os << "\n";
  }
}

void tpu::adviseIfOutOfMemory(int status, const tpc::MemoryPlan &plan,
                              llvm::SourceMgr &sourceMgr, MLIRContext *context,
                              const CompileOptions &options,
                              llvm::raw_ostream &os) {
  if (status != static_cast<int>(CompileStatus::OutOfMemory))
    return;
  const tpc::MemoryReport *over = firstOverflow(plan);
  if (!over)
    return;
  printAdvice(adviseOutOfMemory(sourceMgr, context, options, over->function,
                                plan.target),
              over->function, over->used(), os);
}
