//===- OutlineControlFlow.cpp - hlo-outline-control-flow ------------------===//
//
// Each region of hlo.while, hlo.if and hlo.case becomes a private function,
// called by hlo.while_call or hlo.case_call, as XLA names a while's
// condition and body computations. See docs/passes.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOOUTLINECONTROLFLOW
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

class Outliner {
public:
  Outliner(ModuleOp module) : module(module), symbols(module) {}

  /// Outlines every control-flow op of `func`'s body; new functions are
  /// appended to `worklist`.
  void run(func::FuncOp func, SmallVectorImpl<func::FuncOp> &worklist) {
    SmallVector<Operation *> ops;
    for (Operation &op : func.getBody().front())
      if (isa<hlo::WhileOp, hlo::IfOp, hlo::CaseOp>(op))
        ops.push_back(&op);
    for (auto [n, op] : llvm::enumerate(ops))
      outline(func, op, n, worklist);
  }

private:
  void outline(func::FuncOp parent, Operation *op, size_t n,
               SmallVectorImpl<func::FuncOp> &worklist);
  /// Makes `region` the body of a new function `name` taking its block's
  /// arguments, then `inputs`; constants read from above are cloned in.
  func::FuncOp makeFunction(func::FuncOp parent, Region &region,
                            const std::string &name, ArrayRef<Value> inputs,
                            ArrayRef<Operation *> constants);

  ModuleOp module;
  SymbolTable symbols;
};

func::FuncOp Outliner::makeFunction(func::FuncOp parent, Region &region,
                                    const std::string &name,
                                    ArrayRef<Value> inputs,
                                    ArrayRef<Operation *> constants) {
  Block &block = region.front();
  auto yield = cast<hlo::YieldOp>(block.getTerminator());
  // Functions go to the end of the module, in the order they are made.
  OpBuilder b(parent.getContext());
  b.setInsertionPointToEnd(module.getBody());
  SmallVector<Type> argTypes(block.getArgumentTypes());
  for (Value v : inputs)
    argTypes.push_back(v.getType());
  auto func = func::FuncOp::create(
      b, region.getParentOp()->getLoc(), name,
      b.getFunctionType(argTypes, yield.getResults().getTypes()));
  func.setPrivate();
  func->setAttr(kOutlinedAttrName, b.getUnitAttr());
  symbols.insert(func);
  func.getBody().takeBody(region);
  Block &entry = func.getBody().front();
  auto inside = [&](OpOperand &use) {
    return func->isProperAncestor(use.getOwner());
  };
  for (Value v : inputs)
    v.replaceUsesWithIf(entry.addArgument(v.getType(), v.getLoc()), inside);
  b.setInsertionPointToStart(&entry);
  for (Operation *constant : constants) {
    Operation *clone = b.clone(*constant);
    constant->getResult(0).replaceUsesWithIf(clone->getResult(0), inside);
    if (clone->use_empty())
      clone->erase();
  }
  b.setInsertionPoint(yield);
  func::ReturnOp::create(b, yield.getLoc(), yield.getResults());
  yield.erase();
  return func;
}

void Outliner::outline(func::FuncOp parent, Operation *op, size_t n,
                       SmallVectorImpl<func::FuncOp> &worklist) {
  // What the regions read from above: constants are cloned in, the rest
  // passed, in the order the regions first read them.
  SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegions(), above);
  SmallVector<Value> inputs;
  SmallVector<Operation *> constants;
  for (Value v : above) {
    if (auto constant = v.getDefiningOp<hlo::ConstantOp>())
      constants.push_back(constant);
    else
      inputs.push_back(v);
  }
  std::string prefix = parent.getSymName().str() + ".";
  OpBuilder b(op);
  Operation *call;
  if (auto loop = dyn_cast<hlo::WhileOp>(op)) {
    std::optional<int64_t> trips = tripCount(loop);
    // Carried value k yielded as carried value j != k is copied: the loop
    // updates its carried values in place, one after another.
    Block &body = loop.getBody().front();
    Operation *yield = body.getTerminator();
    b.setInsertionPoint(yield);
    for (OpOperand &operand : yield->getOpOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand.get());
      if (arg && arg.getOwner() == &body &&
          arg.getArgNumber() != operand.getOperandNumber())
        operand.set(hlo::CopyOp::create(b, arg.getLoc(), arg.getType(), arg));
    }
    std::string name = prefix + "while" + std::to_string(n);
    func::FuncOp cond =
        makeFunction(parent, loop.getCond(), name + ".cond", inputs, constants);
    func::FuncOp bodyFunc =
        makeFunction(parent, loop.getBody(), name + ".body", inputs, constants);
    for (unsigned j = 0; j < loop.getInputs().size(); ++j)
      bodyFunc.setArgAttr(j, kCarriedAttrName, b.getI64IntegerAttr(j));
    worklist.push_back(cond);
    worklist.push_back(bodyFunc);
    b.setInsertionPoint(op);
    call = hlo::WhileCallOp::create(
        b, op->getLoc(), op->getResultTypes(), cond.getSymName(),
        bodyFunc.getSymName(), loop.getInputs(), inputs,
        trips ? b.getI64IntegerAttr(*trips) : IntegerAttr());
  } else {
    bool isIf = isa<hlo::IfOp>(op);
    std::string name = prefix + (isIf ? "if" : "case") + std::to_string(n);
    // An if's false branch is branch 0, as an i1 index selects it.
    SmallVector<Region *> regions;
    for (Region &region : op->getRegions())
      regions.push_back(&region);
    if (isIf)
      std::reverse(regions.begin(), regions.end());
    SmallVector<Attribute> branches;
    for (auto [i, region] : llvm::enumerate(regions)) {
      std::string branch =
          isIf ? (i == 0 ? ".false" : ".true") : ".b" + std::to_string(i);
      func::FuncOp func =
          makeFunction(parent, *region, name + branch, inputs, constants);
      worklist.push_back(func);
      branches.push_back(FlatSymbolRefAttr::get(func.getSymNameAttr()));
    }
    call = hlo::CaseCallOp::create(b, op->getLoc(), op->getResultTypes(),
                                   op->getOperand(0), b.getArrayAttr(branches),
                                   inputs);
  }
  op->replaceAllUsesWith(call->getResults());
  op->erase();
}

struct HLOOutlineControlFlowPass
    : tpu::impl::HLOOutlineControlFlowBase<HLOOutlineControlFlowPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> worklist;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        worklist.push_back(func);
    Outliner outliner(module);
    // New functions join the worklist, so nested regions are outlined too.
    for (size_t i = 0; i < worklist.size(); ++i)
      outliner.run(worklist[i], worklist);
  }
};

} // namespace
