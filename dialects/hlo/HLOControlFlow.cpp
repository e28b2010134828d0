//===- HLOControlFlow.cpp - while, if and case ----------------------------===//
//
// Verifiers and syntax of the hlo control-flow ops. Their regions read
// values from above; what each region takes and yields is checked here
// (docs/dialects/hlo.md, while_c*, if_c*, case_c*).
//
//===----------------------------------------------------------------------===//

#include "dialects/common/Assembly.h"
#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::hlo;

/// Checks that `region` yields values of `types`; `what` names the region.
static LogicalResult checkYield(Operation *op, Region &region, TypeRange types,
                                StringRef what) {
  auto yield = dyn_cast<YieldOp>(region.front().getTerminator());
  if (!yield)
    return op->emitOpError() << what << " must end in hlo.yield";
  if (yield.getResults().getTypes() != types)
    return op->emitOpError()
           << what << " yields (" << yield.getResults().getTypes()
           << ") but must yield (" << types << ")";
  return success();
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &state) {
  return tpu::assembly::parseWhile(parser, state);
}

void WhileOp::print(OpAsmPrinter &printer) {
  tpu::assembly::printWhile(printer, *this);
}

LogicalResult WhileOp::verify() {
  // while_c1
  if (getResultTypes() != getInputs().getTypes())
    return emitOpError("results (")
           << getResultTypes() << ") must have the loop-carried types ("
           << getInputs().getTypes() << ")";
  return success();
}

LogicalResult WhileOp::verifyRegions() {
  TypeRange carried = getInputs().getTypes();
  for (auto [region, name] :
       {std::pair<Region *, StringRef>{&getCond(), "cond"},
        std::pair<Region *, StringRef>{&getBody(), "body"}}) {
    // while_c2
    TypeRange params = region->front().getArgumentTypes();
    if (params != carried)
      return emitOpError() << name << " takes (" << params
                           << ") but must take the loop-carried values ("
                           << carried << ")";
  }
  // while_c3
  Type i1 = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (failed(checkYield(*this, getCond(), i1, "cond")))
    return failure();
  // while_c4
  return checkYield(*this, getBody(), carried, "body");
}

/// Branches take nothing and yield the op's result types.
static LogicalResult checkBranches(Operation *op, MutableArrayRef<Region> all) {
  for (auto [i, region] : llvm::enumerate(all)) {
    std::string name = "branch #" + std::to_string(i);
    // if_c1, case_c2
    if (region.front().getNumArguments() != 0)
      return op->emitOpError()
             << name << " takes " << region.front().getNumArguments()
             << " arguments but branches take none";
    // if_c2, case_c3
    if (failed(checkYield(op, region, op->getResultTypes(), name)))
      return failure();
  }
  return success();
}

LogicalResult IfOp::verifyRegions() {
  return checkBranches(*this, (*this)->getRegions());
}

LogicalResult CaseOp::verifyRegions() {
  // case_c1
  if (getBranches().empty())
    return emitOpError("has no branches; a case runs one of at least one");
  return checkBranches(*this, (*this)->getRegions());
}

//===----------------------------------------------------------------------===//
// Outlined control flow
//===----------------------------------------------------------------------===//

/// Types equal but for their layouts: a condition's predicate is a
/// tensor<i1> however layout assignment lays it out.
static bool sameButLayout(TypeRange a, TypeRange b) {
  auto strip = [](Type t) -> Type {
    auto ranked = dyn_cast<RankedTensorType>(t);
    return ranked ? RankedTensorType::get(ranked.getShape(),
                                          ranked.getElementType())
                  : t;
  };
  return a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [&](auto pair) {
           return strip(std::get<0>(pair)) == strip(std::get<1>(pair));
         });
}

/// Checks that `name` is a function taking `inputs` and returning
/// `results` (`results` but for layouts when `anyLayout`); `what` names its
/// role.
static LogicalResult checkCallee(Operation *op,
                                 SymbolTableCollection &symbolTable,
                                 FlatSymbolRefAttr name, TypeRange inputs,
                                 TypeRange results, StringRef what,
                                 bool anyLayout = false) {
  auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      op, name.getAttr());
  if (!callee)
    return op->emitOpError()
           << what << " " << name << " is not a function of the module";
  TypeRange calleeResults = callee.getResultTypes();
  if (TypeRange(callee.getArgumentTypes()) != inputs ||
      (anyLayout ? !sameButLayout(calleeResults, results)
                 : calleeResults != results))
    return op->emitOpError()
           << what << " " << name << " has type " << callee.getFunctionType()
           << " but must be "
           << FunctionType::get(op->getContext(), inputs, results);
  return success();
}

LogicalResult WhileCallOp::verify() {
  // while_call_c1
  if (getResultTypes() != getCarried().getTypes())
    return emitOpError("results (")
           << getResultTypes() << ") must have the loop-carried types ("
           << getCarried().getTypes() << ")";
  return success();
}

LogicalResult
WhileCallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Type i1 = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  TypeRange inputs = getOperandTypes();
  // while_call_c2
  if (failed(checkCallee(*this, symbolTable, getCondAttr(), inputs, i1, "cond",
                         /*anyLayout=*/true)))
    return failure();
  // while_call_c3
  return checkCallee(*this, symbolTable, getBodyAttr(), inputs,
                     getCarried().getTypes(), "body");
}

LogicalResult CaseCallOp::verify() {
  // case_call_c1
  if (getBranches().empty())
    return emitOpError("has no branches; it calls one of at least one");
  // case_call_c2
  if (getElementTypeOrSelf(getIndex().getType()).isInteger(1) &&
      getBranches().size() != 2)
    return emitOpError("has an i1 index and ")
           << getBranches().size() << " branches; an i1 selects one of two";
  return success();
}

LogicalResult CaseCallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // case_call_c3
  for (auto [i, branch] : llvm::enumerate(getBranches()))
    if (failed(checkCallee(*this, symbolTable, cast<FlatSymbolRefAttr>(branch),
                           getInputs().getTypes(), getResultTypes(),
                           "branch #" + std::to_string(i))))
      return failure();
  return success();
}
