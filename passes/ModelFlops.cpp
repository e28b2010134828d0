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
#include "passes/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

int64_t product(ArrayRef<int64_t> values) {
  int64_t p = 1;
  for (int64_t v : values)
    p = tpc::checkedMul(p, v).value_or(INT64_MAX);
  return p;
}

/// Multiply-adds of one contraction at its logical shapes.
int64_t multiplyAdds(Operation *op) {
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t perElement = 1;
  if (auto dot = dyn_cast<hlo::DotGeneralOp>(op)) {
    auto lhs = cast<RankedTensorType>(dot.getLhs().getType());
    for (int64_t d : dot.getLhsContractingDimensions())
      perElement =
          tpc::checkedMul(perElement, lhs.getDimSize(d)).value_or(INT64_MAX);
  } else {
    // The kernel is [spatial..., input features / groups, output features].
    auto rhs = cast<RankedTensorType>(op->getOperand(1).getType());
    perElement = product(rhs.getShape().drop_back());
  }
  return tpc::checkedMul(product(result.getShape()), perElement)
      .value_or(INT64_MAX);
}

struct TPUModelFlops : public tpu::impl::TPUModelFlopsBase<TPUModelFlops> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    int64_t flops = 0;
    func.walk([&](Operation *op) {
      if (hlo::isContraction(op) && isa<hlo::HLODialect>(op->getDialect()))
        flops = tpc::saturatingAdd(
            flops, tpc::checkedMul(2, multiplyAdds(op)).value_or(INT64_MAX));
    });
    func->setAttr("tpu.model_flops",
                  IntegerAttr::get(IntegerType::get(&getContext(), 64), flops));
  }
};

} // namespace
