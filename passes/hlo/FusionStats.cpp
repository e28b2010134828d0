//===- FusionStats.cpp - hlo-fusion-stats ---------------------------------===//
//
// Fusion's effect as numbers: kernels launched and HBM bytes moved, counted
// from shapes, for the program with its fusions undone and as it stands.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOFUSIONSTATS
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

struct Traffic {
  int64_t kernels = 0;
  int64_t read = 0;
  int64_t written = 0;
};

/// The bytes a tensor takes in memory: padded once layouts are assigned.
int64_t bytesOf(Type type) {
  TensorBytes bytes = tensorBytes(type);
  return bytes.padded ? *bytes.padded : bytes.unpadded;
}

/// One kernel reading each distinct operand once and writing its results.
void addKernel(Traffic &traffic, ValueRange operands, ValueRange results) {
  ++traffic.kernels;
  llvm::SetVector<Value> distinct(operands.begin(), operands.end());
  for (Value v : distinct)
    traffic.read = tpc::saturatingAdd(traffic.read, bytesOf(v.getType()));
  for (Value v : results)
    traffic.written = tpc::saturatingAdd(traffic.written, bytesOf(v.getType()));
}

/// Ops that launch no kernel: constants are data, calls and returns are
/// control flow.
bool isKernel(Operation &op) {
  return isa_and_present<hlo::HLODialect>(op.getDialect()) &&
         !isa<hlo::ConstantOp, hlo::YieldOp>(op);
}

void count(Block &block, Traffic &traffic) {
  for (Operation &op : block)
    if (isKernel(op))
      addKernel(traffic, op.getOperands(), op.getResults());
}

/// The traffic of `func` without its fusions: each fusion's body is inlined
/// and the copies fusion made of shared producers are merged again by CSE,
/// which recovers the program as it was before fusion.
Traffic unfusedTraffic(func::FuncOp func) {
  auto clone = cast<func::FuncOp>(func->clone());
  clone.walk([](hlo::FusionOp fusion) {
    OpBuilder b(fusion);
    IRMapping mapping;
    mapping.map(fusion.getBlock().getArguments(), fusion.getInputs());
    for (Operation &op : fusion.getBlock().without_terminator())
      b.clone(op, mapping);
    for (auto [result, yielded] :
         llvm::zip(fusion.getResults(), fusion.getYielded()))
      result.replaceAllUsesWith(mapping.lookup(yielded));
    fusion.erase();
  });
  IRRewriter rewriter(clone.getContext());
  DominanceInfo dominance(clone);
  eliminateCommonSubExpressions(rewriter, dominance, clone);
  Traffic traffic;
  for (Block &block : clone.getBody())
    count(block, traffic);
  clone.erase();
  return traffic;
}

struct HLOFusionStatsPass : tpu::impl::HLOFusionStatsBase<HLOFusionStatsPass> {
  void runOnOperation() override {
    llvm::raw_ostream &os = llvm::outs();
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      Traffic unfused = unfusedTraffic(func), fused;
      for (Block &block : func.getBody())
        count(block, fused);
      auto row = [&](StringRef name, int64_t before, int64_t after) {
        os << "  " << llvm::left_justify(name, 18)
           << llvm::format_decimal(before, 14)
           << llvm::format_decimal(after, 14) << "\n";
      };
      os << "fusion stats for @" << func.getSymName() << ":\n";
      os << "  " << llvm::left_justify("", 18)
         << llvm::right_justify("unfused", 14)
         << llvm::right_justify("fused", 14) << "\n";
      row("kernels", unfused.kernels, fused.kernels);
      row("HBM bytes read", unfused.read, fused.read);
      row("HBM bytes written", unfused.written, fused.written);
      row("HBM bytes total", tpc::saturatingAdd(unfused.read, unfused.written),
          tpc::saturatingAdd(fused.read, fused.written));
    }
    os.flush();
  }
};

} // namespace
