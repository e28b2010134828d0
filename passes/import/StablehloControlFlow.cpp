//===- StablehloControlFlow.cpp - while, if and case into hlo -------------===//
//
// Part of convert-stablehlo-to-hlo.
//
// stablehlo.while, stablehlo.if and stablehlo.case become their hlo
// counterparts; their regions are converted op by op into the new regions,
// values read from above through the importer's mapping.
//
//===----------------------------------------------------------------------===//

#include "passes/import/StablehloImport.h"

using namespace mlir;
using namespace mlir::tpu::stablehlo_import;

LogicalResult Importer::convertRegion(Region &from, Region &to) {
  Block *block = new Block();
  to.push_back(block);
  for (BlockArgument arg : from.front().getArguments())
    mapping.map(arg, block->addArgument(arg.getType(), arg.getLoc()));
  OpBuilder::InsertionGuard guard(b);
  for (Operation &op : from.front()) {
    b.setInsertionPointToEnd(block);
    if (auto ret = dyn_cast<sh::ReturnOp>(op)) {
      SmallVector<Value> results;
      for (Value v : ret.getResults())
        results.push_back(lookup(v));
      hlo::YieldOp::create(b, ret.getLoc(), results);
      continue;
    }
    if (failed(convert(&op)))
      return failure();
  }
  return success();
}

LogicalResult Importer::controlFlow(Operation *op) {
  if (failed(checkTypes(op)))
    return failure();
  SmallVector<Value> operands;
  for (Value v : op->getOperands())
    operands.push_back(lookup(v));
  Operation *converted;
  if (isa<sh::WhileOp>(op)) {
    converted =
        hlo::WhileOp::create(b, op->getLoc(), op->getResultTypes(), operands);
  } else if (isa<sh::IfOp>(op)) {
    converted = hlo::IfOp::create(b, op->getLoc(), op->getResultTypes(),
                                  operands.front());
  } else {
    auto caseOp = cast<sh::CaseOp>(op);
    Value index = operands.front();
    // StableHLO's index is si32; hlo computes with signless i32.
    auto indexType = cast<RankedTensorType>(index.getType());
    if (!indexType.getElementType().isSignlessInteger(32)) {
      auto i32 = RankedTensorType::get({}, b.getI32Type());
      index = hlo::ConvertOp::create(b, op->getLoc(), i32, index);
    }
    converted = hlo::CaseOp::create(b, op->getLoc(), op->getResultTypes(),
                                    index, caseOp.getBranches().size());
  }
  for (auto [from, to] : llvm::zip(op->getRegions(), converted->getRegions()))
    if (failed(convertRegion(from, to)))
      return failure();
  for (auto [from, to] : llvm::zip(op->getResults(), converted->getResults()))
    mapping.map(from, to);
  return success();
}
