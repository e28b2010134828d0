//===- Verify.cpp - Verify where the pipeline does not ---------------------===//
//
// tpu-compile runs without the pass manager's verifier between passes (for
// compile time); this pass puts a verification back where a wrong op would
// otherwise travel silently: after the import, and before anything reads a
// program that may hold unregistered ops.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "mlir/IR/Verifier.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUVERIFY
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

struct TPUVerifyPass : tpu::impl::TPUVerifyBase<TPUVerifyPass> {
  using TPUVerifyBase::TPUVerifyBase;
  void runOnOperation() override {
    if (requireRegistered) {
      WalkResult walk = getOperation()->walk<WalkOrder::PreOrder>(
          [](Operation *op) {
        if (op->isRegistered())
          return WalkResult::advance();
        tpu::emitUnsupported(op) << "its dialect is not registered";
        return WalkResult::interrupt();
      });
      if (walk.wasInterrupted())
        return signalPassFailure();
    }
    if (failed(verify(getOperation())))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
