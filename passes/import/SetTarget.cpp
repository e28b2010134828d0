//===- SetTarget.cpp - Record the module's target -------------------------===//
//
// The one place besides the driver where a target is chosen; every other
// pass reads it back with tpu::getTarget.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "runtime/machine/Topology.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUSETTARGET
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

struct TPUSetTargetPass : tpu::impl::TPUSetTargetBase<TPUSetTargetPass> {
  using TPUSetTargetBase::TPUSetTargetBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!hbmLimit.empty()) {
      absl::StatusOr<int64_t> bytes = tpc::parseBytes(hbmLimit);
      if (!bytes.ok() || *bytes <= 0) {
        module.emitError("hbm-limit: ")
            << (bytes.ok() ? "the limit must be positive"
                           : std::string(bytes.status().message()));
        return signalPassFailure();
      }
      module->setAttr(
          tpu::kHbmLimitAttrName,
          IntegerAttr::get(IntegerType::get(&getContext(), 64), *bytes));
    }
    std::string generation = target;
    if (!topology.empty()) {
      // The one place a topology is parsed; passes read the attribute.
      FailureOr<tpu::TopologyAttr> slice = tpu::TopologyAttr::get(
          &getContext(), topology, [&] { return module.emitError(); });
      if (failed(slice))
        return signalPassFailure();
      const tpc::Target &sliceTarget = *slice->getSlice().target;
      if (!generation.empty() && generation != sliceTarget.name) {
        module.emitError("target ")
            << generation << " differs from topology " << topology.getValue()
            << "'s " << std::string(sliceTarget.name);
        return signalPassFailure();
      }
      generation = std::string(sliceTarget.name);
      module->setAttr(tpu::kTopologyAttrName, *slice);
    }
    if (generation.empty()) {
      tpu::setTarget(module, tpu::getTarget(module));
      return;
    }
    FailureOr<tpu::TargetAttr> attr = tpu::TargetAttr::get(
        module.getContext(), generation, [&] { return module.emitError(); });
    if (failed(attr))
      return signalPassFailure();
    tpu::setTarget(module, *attr->getSpec());
  }
};

} // namespace
