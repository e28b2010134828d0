//===- ModelFlops.cpp - The program's useful FLOPs ------------------------===//
//
// tpu-model-flops: the FLOPs of matmuls and convolutions at the program's
// own shapes, for the model FLOPs utilization tpu-run reports. See
// docs/passes.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "dialects/hlo/HLOOps.h"
#include "runtime/machine/Shape.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUMODELFLOPS
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

/// Multiply-adds of one contraction at its logical shapes: each result
/// element sums a dot's contracting elements, or a convolution kernel's
/// elements per output feature.
static int64_t multiplyAdds(Operation *op) {
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<int64_t> summed;
  if (auto dot = dyn_cast<hlo::DotGeneralOp>(op)) {
    auto lhs = cast<RankedTensorType>(dot.getLhs().getType());
    for (int64_t d : dot.getLhsContractingDimensions())
      summed.push_back(lhs.getDimSize(d));
  } else {
    // The kernel is [spatial..., input features / groups, output features].
    auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
    llvm::append_range(summed, rhs.getShape().drop_back());
  }
  return tpc::saturatingMul(tpc::saturatingProduct(result.getShape()),
                            tpc::saturatingProduct(summed));
}

int64_t mlir::tpu::contractionFlops(Operation *op) {
  int64_t flops = 0;
  op->walk([&](Operation *inner) {
    if (hlo::isContraction(inner) && isa_and_present<hlo::HLODialect>(inner->getDialect()))
      flops =
          tpc::saturatingAdd(flops, tpc::saturatingMul(2, multiplyAdds(inner)));
  });
  return flops;
}

namespace {

struct TPUModelFlops : public tpu::impl::TPUModelFlopsBase<TPUModelFlops> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    int64_t flops = 0;
    func.walk([&](Operation *op) {
      if (!hlo::isContraction(op) || !isa_and_present<hlo::HLODialect>(op->getDialect()))
        return;
      // A counted loop's body runs its trip count times; a loop whose
      // count depends on data is counted once.
      int64_t times = 1;
      for (Operation *p = op->getParentOp(); p != func; p = p->getParentOp())
        if (auto loop = dyn_cast<hlo::WhileOp>(p);
            loop && loop.getBody().isAncestor(op->getParentRegion()))
          if (std::optional<int64_t> trips = tpu::tripCount(loop))
            times = tpc::saturatingMul(times, *trips);
      flops = tpc::saturatingAdd(
          flops,
          tpc::saturatingMul(times, tpc::saturatingMul(2, multiplyAdds(op))));
    });
    func->setAttr(tpu::kModelFlopsAttrName,
                  IntegerAttr::get(IntegerType::get(&getContext(), 64), flops));
  }
};

} // namespace
