//===- LargestBatch.cpp - The largest batch that fits ---------------------===//

#include "compiler/driver/LargestBatch.h"

#include "compiler/driver/Compile.h"
#include "passes/memory/MemoryReport.h"
#include "passes/spmd/Spmd.h"
#include "runtime/machine/Shape.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <map>

using namespace mlir;
using namespace mlir::tpu;

namespace {

/// The size `vary` names in the program, or an error.
FailureOr<int64_t> originalSize(ModuleOp module, StringRef vary,
                                std::string &error) {
  auto [name, dimText] = vary.rsplit(':');
  int64_t dim = 0;
  if (dimText.getAsInteger(10, dim) || dim < 0 || name.empty()) {
    error = ("'" + vary + "' is not ARGUMENT:DIMENSION").str();
    return failure();
  }
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && func.isPublic())
      for (BlockArgument arg : func.getArguments())
        if (spmd::namesArgument(arg, name)) {
          auto type = dyn_cast<RankedTensorType>(arg.getType());
          if (type && dim < type.getRank())
            return type.getDimSize(dim);
          error = ("argument " + name + " has no dimension " + dimText).str();
          return failure();
        }
  error = ("no public function has an argument '" + name +
           "' (give its number or its loc(\"name\"))")
              .str();
  return failure();
}

} // namespace

LargestBatch tpu::findLargestBatch(llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context,
                                   const CompileOptions &options,
                                   llvm::StringRef vary, int64_t limit) {
  LargestBatch result;
  {
    OwningOpRef<ModuleOp> module = parseProgram(sourceMgr, context);
    if (!module) {
      result.error = "the program does not parse";
      return result;
    }
    FailureOr<int64_t> original = originalSize(*module, vary, result.error);
    if (failed(original))
      return result;
    result.original = *original;
  }
  // Whether `size` fits; none, with result.error set, when it did not
  // compile for another reason.
  auto probe = [&](int64_t size) -> std::optional<bool> {
    CompileOptions tried;
    copySharedOptions(options, tried);
    tried.resize = (vary + "=" + llvm::Twine(size)).str();
    tried.compileTo = Phase::Buffers;
    QuietCompile compiled = compileQuietly(sourceMgr, context, tried);
    const tpc::MemoryPlan &plan = compiled.plan;
    const tpc::MemoryReport *report =
        plan.functions.empty() ? nullptr : &plan.functions.front();
    for (const tpc::MemoryReport &r : plan.functions)
      if (!r.fits())
        report = &r;
    if (!report || (compiled.status != CompileStatus::Success &&
                    compiled.status != CompileStatus::OutOfMemory)) {
      result.error = "at size " + std::to_string(size) + ": " +
                     compiled.firstError;
      return std::nullopt;
    }
    result.probes.push_back(
        {size, report->used(), report->capacity, report->fits()});
    result.target = plan.target;
    return report->fits();
  };
  int64_t lo = 0, hi = 0;
  std::optional<bool> fits = probe(result.original);
  if (!fits)
    return result;
  if (*fits) {
    lo = result.original;
    for (int64_t n = std::max<int64_t>(2 * lo, 1);; n *= 2) {
      if (n > limit) {
        result.size = lo;
        return result;
      }
      std::optional<bool> f = probe(n);
      if (!f)
        return result;
      if (!*f) {
        hi = n;
        break;
      }
      lo = n;
    }
  } else {
    hi = result.original;
    if (hi > 1) {
      std::optional<bool> f = probe(1);
      if (!f)
        return result;
      lo = *f ? 1 : 0;
    }
    if (lo == 0)
      return result;
  }
  while (hi - lo > 1) {
    int64_t mid = lo + (hi - lo) / 2;
    std::optional<bool> f = probe(mid);
    if (!f)
      break;
    (*f ? lo : hi) = mid;
  }
  result.size = lo;
  return result;
}

void tpu::printLargestBatch(const LargestBatch &result, llvm::StringRef vary,
                            llvm::StringRef target, llvm::raw_ostream &os) {
  os << "Largest " << vary << " on " << target << ": ";
  if (result.size == 0)
    os << "none fits";
  else
    os << result.size;
  os << " (the program has " << result.original << "; "
     << result.probes.size() << " sizes compiled)\n";
  if (!result.error.empty())
    os << "  the search stopped " << result.error << "\n";
  // The program's own size and the two sizes around the answer.
  std::vector<const BatchProbe *> shown;
  for (const BatchProbe &p : result.probes)
    if (p.size == result.original || p.size == result.size ||
        p.size == result.size + 1)
      shown.push_back(&p);
  std::sort(shown.begin(), shown.end(),
            [](const BatchProbe *a, const BatchProbe *b) {
              return a->size < b->size;
            });
  for (const BatchProbe *p : shown)
    os << llvm::format("  %10lld  uses %10s (%lld bytes) of %s: %s\n",
                       static_cast<long long>(p->size),
                       tpc::formatBytes(p->used).c_str(),
                       static_cast<long long>(p->used),
                       tpc::formatBytes(p->capacity).c_str(),
                       p->fits ? "fits" : "does not fit");
}
