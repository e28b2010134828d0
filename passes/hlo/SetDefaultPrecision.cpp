//===- SetDefaultPrecision.cpp - A precision for every contraction --------===//
//
// hlo-set-default-precision: JAX's jax_default_matmul_precision for this
// compiler. See docs/passes.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "dialects/hlo/HLOOps.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOSETDEFAULTPRECISION
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

struct HLOSetDefaultPrecision
    : public tpu::impl::HLOSetDefaultPrecisionBase<HLOSetDefaultPrecision> {
  using Base::Base;

  void runOnOperation() override {
    auto attr = hlo::PrecisionAttr::get(&getContext(), precision);
    // Contractions inside fusions are set too: the pass may run at any
    // phase before lowering.
    getOperation().walk([&](Operation *op) {
      if (!hlo::isContraction(op) || op->hasAttr("precision"))
        return;
      op->setAttr("precision", attr);
    });
  }
};

} // namespace
