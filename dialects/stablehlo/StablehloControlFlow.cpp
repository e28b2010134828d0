//===- StablehloControlFlow.cpp - while, if, case -------------------------===//
//
// Verifiers of the ops with regions that run as control flow: what each
// region takes and returns, against the op's operands and results.
//
//===----------------------------------------------------------------------===//

#include "dialects/stablehlo/StablehloVerify.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::verify;

static std::string typeList(TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(types, os, [&](Type t) { os << "'" << t << "'"; });
  return text;
}

/// The region's block ends in stablehlo.return of exactly `expected` types.
static LogicalResult checkReturns(Operation *op, Region &region,
                                  TypeRange expected, StringRef what,
                                  StringRef rule) {
  Block &block = region.front();
  auto ret = block.empty() ? nullptr : dyn_cast<ReturnOp>(block.back());
  if (!ret)
    return op->emitOpError("(")
           << rule << ") " << what << " must end in stablehlo.return";
  if (ret.getOperandTypes() != expected)
    return op->emitOpError("(")
           << rule << ") " << what << " must return " << typeList(expected)
           << ", but returns " << typeList(ret.getOperandTypes());
  return success();
}

LogicalResult WhileOp::verify() {
  TypeRange operands = getOperand().getTypes();
  auto pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  // while_c1: cond takes the operands and returns one tensor<i1>.
  if (getCond().front().getArgumentTypes() != operands)
    return emitOpError("(while_c1) cond must take the operands' types ")
           << typeList(operands) << ", but takes "
           << typeList(getCond().front().getArgumentTypes());
  if (failed(checkReturns(*this, getCond(), pred, "cond", "while_c1")))
    return failure();
  // while_c2: body takes and returns the operands' types.
  if (getBody().front().getArgumentTypes() != operands)
    return emitOpError("(while_c2) body must take the operands' types ")
           << typeList(operands) << ", but takes "
           << typeList(getBody().front().getArgumentTypes());
  if (failed(checkReturns(*this, getBody(), operands, "body", "while_c2")))
    return failure();
  // while_c3
  if (getResultTypes() != operands)
    return emitOpError("(while_c3) results must have the operands' types ")
           << typeList(operands) << ", but have "
           << typeList(getResultTypes());
  return success();
}

/// Branches take no arguments (`argsRule`) and return the op's result types
/// (`returnsRule`).
static LogicalResult checkBranches(Operation *op, MutableArrayRef<Region> all,
                                   StringRef argsRule, StringRef returnsRule) {
  for (auto [i, branch] : llvm::enumerate(all)) {
    std::string what = "branch #" + std::to_string(i);
    if (branch.front().getNumArguments() != 0)
      return op->emitOpError("(")
             << argsRule << ") " << what << " must take no arguments, but takes "
             << branch.front().getNumArguments();
    if (failed(checkReturns(op, branch, op->getResultTypes(), what,
                            returnsRule)))
      return failure();
  }
  return success();
}

LogicalResult IfOp::verify() {
  auto pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (getPred().getType() != pred)
    return emitOpError("pred must be tensor<i1>, but is ")
           << getPred().getType();
  return checkBranches(*this, getOperation()->getRegions(), "if_c1",
                       "if_c2, c3");
}

LogicalResult CaseOp::verify() {
  auto index = RankedTensorType::get({}, IntegerType::get(getContext(), 32));
  if (getIndex().getType() != index)
    return emitOpError("index must be tensor<i32>, but is ")
           << getIndex().getType();
  if (getBranches().empty())
    return emitOpError("(case_c1) needs at least one branch");
  return checkBranches(*this, getBranches(), "case_c2", "case_c3, c4");
}
