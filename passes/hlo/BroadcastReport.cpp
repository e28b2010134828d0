//===- BroadcastReport.cpp - hlo-broadcast-report -------------------------===//
//
// A broadcast written to memory holds nothing its operand does not; after
// fusion, every one that remains has a reader that could not absorb it.
// This pass names that reader.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOBROADCASTREPORT
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

/// Why `reader` needs operand `use` in memory.
std::string reason(OpOperand &use) {
  Operation *reader = use.getOwner();
  std::string text;
  llvm::raw_string_ostream os(text);
  if (isa<func::ReturnOp>(reader)) {
    os << "it is a function result";
  } else if (auto call = dyn_cast<func::CallOp>(reader)) {
    os << "it is an argument of a call to @" << call.getCallee();
  } else if (hlo::isContraction(reader)) {
    os << "it is operand #" << use.getOperandNumber() << " of '"
       << reader->getName() << "', which the MXU reads from a physical buffer";
  } else if (isa<hlo::FusionOp>(reader)) {
    os << "an 'hlo.fusion' reads it as an input instead of recomputing it";
  } else {
    os << "'" << reader->getName() << "' reads it unfused";
  }
  return text;
}

/// `order` numbers the module's ops in program order, so readers in
/// different blocks compare too.
void report(Operation *broadcast, Value written, StringRef prefix,
            const DenseMap<Operation *, unsigned> &order) {
  // Distinct reasons in the order of the readers.
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : written.getUses())
    uses.push_back(&use);
  llvm::sort(uses, [&](OpOperand *a, OpOperand *b) {
    return std::pair(order.lookup(a->getOwner()), a->getOperandNumber()) <
           std::pair(order.lookup(b->getOwner()), b->getOperandNumber());
  });
  std::vector<std::string> reasons;
  for (OpOperand *use : uses)
    if (std::string r = reason(*use); !llvm::is_contained(reasons, r))
      reasons.push_back(std::move(r));
  auto type = cast<RankedTensorType>(broadcast->getResult(0).getType());
  TensorBytes bytes = tensorBytes(type);
  InFlightDiagnostic remark = broadcast->emitRemark()
                              << "broadcast to " << type << " ("
                              << bytes.unpadded << " bytes";
  if (bytes.padded)
    remark << ", " << *bytes.padded << " padded";
  remark << ") is written to memory: " << prefix;
  llvm::interleave(
      reasons, [&](const std::string &r) { remark << r; },
      [&] { remark << "; "; });
}

struct HLOBroadcastReportPass
    : tpu::impl::HLOBroadcastReportBase<HLOBroadcastReportPass> {
  void runOnOperation() override {
    DenseMap<Operation *, unsigned> order;
    getOperation().walk<WalkOrder::PreOrder>(
        [&](Operation *op) { order.try_emplace(op, order.size()); });
    getOperation().walk([&](hlo::BroadcastInDimOp op) {
      auto fusion = dyn_cast<hlo::FusionOp>(op->getParentOp());
      if (!fusion) {
        report(op, op.getResult(), "", order);
        return;
      }
      // Inside a fusion only a yielded broadcast reaches memory.
      for (OpOperand &use : op->getUses())
        if (isa<hlo::YieldOp>(use.getOwner())) {
          Value result = fusion.getResult(use.getOperandNumber());
          report(op, result, "it is a result of its fusion, and ", order);
        }
    });
  }
};

} // namespace
