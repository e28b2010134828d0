//===- CostAnalysis.cpp - XLA's cost analysis of a fused program ----------===//

#include "compiler/driver/CostAnalysis.h"

#include "dialects/hlo/HLOOps.h"
#include "passes/PassUtils.h"
#include "runtime/machine/Shape.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tpu;

namespace {

int64_t elementsOf(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.hasStaticShape()
             ? tpc::saturatingProduct(ranked.getShape())
             : 0;
}

bool isTranscendental(Operation *op) {
  return isa<hlo::ExpOp, hlo::LogOp, hlo::LogisticOp, hlo::PowOp, hlo::SqrtOp,
             hlo::RsqrtOp, hlo::CbrtOp, hlo::TanhOp, hlo::SineOp,
             hlo::CosineOp, hlo::TanOp, hlo::Atan2Op, hlo::Expm1Op,
             hlo::Log1pOp, hlo::ErfOp, hlo::ErfcOp, hlo::SinhOp, hlo::CoshOp,
             hlo::AsinhOp, hlo::AcoshOp, hlo::AtanhOp, hlo::LgammaOp>(op);
}

/// Ops that only move or reinterpret data: no arithmetic.
bool movesData(Operation *op) {
  return isa<hlo::ConstantOp, hlo::IotaOp, hlo::BroadcastInDimOp, hlo::CopyOp,
             hlo::ReshapeOp, hlo::TransposeOp, hlo::ReverseOp, hlo::SliceOp,
             hlo::DynamicSliceOp, hlo::DynamicUpdateSliceOp, hlo::PadOp,
             hlo::ConcatenateOp, hlo::BitcastConvertOp, hlo::DeviceIdOp,
             hlo::ShardingConstraintOp>(op);
}

void add(CostAnalysis &into, const CostAnalysis &cost) {
  into.flops = tpc::saturatingAdd(into.flops, cost.flops);
  into.transcendentals =
      tpc::saturatingAdd(into.transcendentals, cost.transcendentals);
  into.bytesAccessed = tpc::saturatingAdd(into.bytesAccessed, cost.bytesAccessed);
}

/// The arithmetic of one op that is not a call (fusion bodies included).
CostAnalysis arithmeticOf(Operation *root) {
  CostAnalysis cost;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->getNumResults() == 0 || movesData(op) || isa<hlo::FusionOp>(op) ||
        !isa_and_present<hlo::HLODialect>(op->getDialect()))
      return WalkResult::advance();
    int64_t out = elementsOf(op->getResult(0).getType());
    if (hlo::isContraction(op)) {
      cost.flops = tpc::saturatingAdd(cost.flops, contractionFlops(op));
    } else if (isa<hlo::ReduceOp, hlo::ArgMaxOp, hlo::ArgMinOp>(op)) {
      // Each element after the first of a reduced group is one combine.
      int64_t in = elementsOf(op->getOperand(0).getType());
      cost.flops = tpc::saturatingAdd(cost.flops, std::max<int64_t>(0, in - out));
    } else if (auto sort = dyn_cast<hlo::SortOp>(op)) {
      auto type = cast<RankedTensorType>(sort.getInputs()[0].getType());
      int64_t n = type.getDimSize(sort.getDimension());
      int64_t perElement =
          n > 1 ? static_cast<int64_t>(std::ceil(std::log2(double(n)))) : 0;
      cost.flops = tpc::saturatingAdd(
          cost.flops, tpc::saturatingMul(elementsOf(type), perElement));
      // The comparator's ops are the comparisons counted here.
      return WalkResult::skip();
    } else if (isTranscendental(op)) {
      cost.transcendentals = tpc::saturatingAdd(cost.transcendentals, out);
    } else if (op->getNumRegions() == 0) {
      cost.flops = tpc::saturatingAdd(cost.flops, out);
    }
    return WalkResult::advance();
  });
  return cost;
}

int64_t bytesOf(TypeRange types) {
  int64_t bytes = 0;
  for (Type type : types)
    bytes = tpc::saturatingAdd(bytes, tensorBytes(type).unpadded);
  return bytes;
}

CostAnalysis analyze(func::FuncOp func, ModuleOp module, int depth);

CostAnalysis callee(ModuleOp module, FlatSymbolRefAttr name, int depth) {
  auto func = module.lookupSymbol<func::FuncOp>(name);
  // Recursion cannot come from StableHLO; a cycle is cut rather than
  // followed forever.
  return func && depth < 64 ? analyze(func, module, depth + 1) : CostAnalysis{};
}

CostAnalysis analyze(func::FuncOp func, ModuleOp module, int depth) {
  CostAnalysis cost;
  if (func.isExternal())
    return cost;
  for (Operation &op : func.getBody().front()) {
    if (op.hasTrait<OpTrait::IsTerminator>() || isa<hlo::ConstantOp>(op))
      continue;
    if (auto loop = dyn_cast<hlo::WhileCallOp>(op)) {
      add(cost, callee(module, loop.getCondAttr(), depth));
      add(cost, callee(module, loop.getBodyAttr(), depth));
      continue;
    }
    if (auto branch = dyn_cast<hlo::CaseCallOp>(op)) {
      CostAnalysis costliest;
      for (Attribute name : branch.getBranches()) {
        CostAnalysis c = callee(module, cast<FlatSymbolRefAttr>(name), depth);
        if (c.flops + c.transcendentals >=
            costliest.flops + costliest.transcendentals)
          costliest = c;
      }
      add(cost, costliest);
      continue;
    }
    CostAnalysis own = arithmeticOf(&op);
    own.bytesAccessed = tpc::saturatingAdd(bytesOf(op.getOperandTypes()),
                                           bytesOf(op.getResultTypes()));
    add(cost, own);
  }
  return cost;
}

} // namespace

CostAnalysis mlir::tpu::analyzeCost(func::FuncOp func) {
  return analyze(func, func->getParentOfType<ModuleOp>(), 0);
}
