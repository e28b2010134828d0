//===- MemoryReport.cpp - Print the memory plan ---------------------------===//
//
// tpu-opt's view of buffer assignment: the plan tpu-assign-buffers left as
// its analysis, printed as XLA's memory report, and the viewer written. The
// driver prints the same plan with the same functions (passes/memory).
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "passes/memory/MemoryViewer.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUMEMORYREPORT
#include "passes/memory/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

struct TPUMemoryReportPass
    : tpu::impl::TPUMemoryReportBase<TPUMemoryReportPass> {
  using TPUMemoryReportBase::TPUMemoryReportBase;

  void runOnOperation() override {
    markAllAnalysesPreserved();
    ModuleOp module = getOperation();
    auto analysis = getCachedAnalysis<tpu::MemoryPlanAnalysis>();
    if (!analysis) {
      module.emitError("tpu-memory-report prints the plan of "
                       "tpu-assign-buffers; run -tpu-assign-buffers right "
                       "before it");
      return signalPassFailure();
    }
    const tpc::MemoryPlan &plan = analysis->get().plan;
    if (print)
      llvm::outs() << tpc::formatFitReports(plan);
    absl::Status written = tpc::writeMemoryViewers(plan, viewer, viewerJson);
    if (!written.ok()) {
      module.emitError() << std::string(written.message());
      return signalPassFailure();
    }
  }
};

} // namespace
