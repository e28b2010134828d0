//===- ScfToHlo.cpp - convert-scf-to-hlo ----------------------------------===//
//
// scf.if, scf.while and scf.for on tensors become hlo.if and hlo.while, their
// regions moved, not copied. The scalar conditions scf needs come from
// rank-0 tensors (tensor.extract), which hlo's control flow reads directly.
// See docs/control-flow.md.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_CONVERTSCFTOHLO
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;

namespace {

InFlightDiagnostic unsupported(Operation *op) {
  return op->emitError() << op->getName()
                         << " is not supported by the TPU compiler: ";
}

/// The tensor<i1> a scalar condition was extracted from.
FailureOr<Value> predicateTensor(Operation *op, Value condition) {
  auto extract = condition.getDefiningOp<tensor::ExtractOp>();
  if (!extract || extract.getTensor().getType().getRank() != 0)
    return unsupported(op) << "its condition is not tensor.extract of a "
                              "tensor<i1>";
  return extract.getTensor();
}

/// Ends `block` in hlo.yield of what its terminator yielded.
void yieldFrom(OpBuilder &b, Block &block, ValueRange values) {
  Operation *terminator = block.getTerminator();
  b.setInsertionPoint(terminator);
  SmallVector<Value> results(values);
  hlo::YieldOp::create(b, terminator->getLoc(), results);
  terminator->erase();
}

LogicalResult convertIf(scf::IfOp op) {
  FailureOr<Value> pred = predicateTensor(op, op.getCondition());
  if (failed(pred))
    return failure();
  OpBuilder b(op);
  auto converted =
      hlo::IfOp::create(b, op.getLoc(), op.getResultTypes(), *pred);
  converted.getTrueBranch().takeBody(op.getThenRegion());
  yieldFrom(b, converted.getTrueBranch().front(),
            converted.getTrueBranch().front().getTerminator()->getOperands());
  if (op.getElseRegion().empty()) {
    b.setInsertionPointToStart(&converted.getFalseBranch().emplaceBlock());
    hlo::YieldOp::create(b, op.getLoc(), ValueRange());
  } else {
    converted.getFalseBranch().takeBody(op.getElseRegion());
    Block &block = converted.getFalseBranch().front();
    yieldFrom(b, block, block.getTerminator()->getOperands());
  }
  op.replaceAllUsesWith(converted.getResults());
  op.erase();
  return success();
}

LogicalResult convertWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front();
  scf::ConditionOp condition = op.getConditionOp();
  if (condition.getArgs() != ValueRange(before.getArguments()) ||
      op.getResultTypes() != op.getInits().getTypes())
    return unsupported(op) << "its scf.condition does not forward the "
                              "loop-carried values unchanged";
  FailureOr<Value> pred = predicateTensor(op, condition.getCondition());
  if (failed(pred))
    return failure();
  OpBuilder b(op);
  auto converted =
      hlo::WhileOp::create(b, op.getLoc(), op.getResultTypes(), op.getInits());
  converted.getCond().takeBody(op.getBefore());
  yieldFrom(b, converted.getCond().front(), *pred);
  converted.getBody().takeBody(op.getAfter());
  Block &body = converted.getBody().front();
  yieldFrom(b, body, body.getTerminator()->getOperands());
  op.replaceAllUsesWith(converted.getResults());
  op.erase();
  return success();
}

std::optional<int64_t> constantIndex(Value v) {
  APInt value;
  if (!matchPattern(v, m_ConstantInt(&value)))
    return std::nullopt;
  return value.getSExtValue();
}

LogicalResult convertFor(scf::ForOp op) {
  std::optional<int64_t> lower = constantIndex(op.getLowerBound());
  std::optional<int64_t> upper = constantIndex(op.getUpperBound());
  std::optional<int64_t> step = constantIndex(op.getStep());
  if (!lower || !upper || !step)
    return unsupported(op) << "its bounds and step are not constants";
  auto inI32 = [](int64_t v) {
    return v >= std::numeric_limits<int32_t>::min() &&
           v <= std::numeric_limits<int32_t>::max();
  };
  if (!inI32(*lower) || !inI32(*upper) || !inI32(*step) ||
      !inI32(*upper + *step))
    return unsupported(op) << "its bounds and step do not fit in i32";
  // The induction variable is read as a tensor<i32> only.
  Value iv = op.getInductionVar();
  SmallVector<Operation *> casts;
  for (Operation *user : iv.getUsers()) {
    auto indexCast = dyn_cast<arith::IndexCastOp>(user);
    if (!indexCast || !indexCast.getType().isInteger(32) ||
        !llvm::all_of(indexCast->getUsers(), [](Operation *u) {
          auto elements = dyn_cast<tensor::FromElementsOp>(u);
          return elements && elements.getType().getRank() == 0;
        }))
      return unsupported(op) << "its induction variable is read other than "
                                "as a tensor<i32> (arith.index_cast to i32, "
                                "then tensor.from_elements)";
    casts.push_back(indexCast);
  }
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto i32 = RankedTensorType::get({}, b.getI32Type());
  auto constant = [&](int64_t v) -> Value {
    return hlo::ConstantOp::create(
        b, loc, DenseElementsAttr::get(i32, b.getI32IntegerAttr(v)));
  };
  SmallVector<Value> inits = {constant(*lower)};
  llvm::append_range(inits, op.getInitArgs());
  SmallVector<Type> types = {i32};
  llvm::append_range(types, op.getResultTypes());
  auto converted = hlo::WhileOp::create(b, loc, types, inits);
  // cond: counter < upper (counter > upper for a negative step).
  Block &cond = converted.getCond().emplaceBlock();
  for (Type type : types)
    cond.addArgument(type, loc);
  b.setInsertionPointToStart(&cond);
  Value bound = constant(*upper);
  Value pred = hlo::CompareOp::create(
      b, loc, RankedTensorType::get({}, b.getI1Type()),
      hlo::ComparisonDirectionAttr::get(
          b.getContext(), *step > 0 ? hlo::ComparisonDirection::LT
                                    : hlo::ComparisonDirection::GT),
      cond.getArgument(0), bound);
  hlo::YieldOp::create(b, loc, pred);
  // body: the for's block, its index argument replaced by the counter.
  converted.getBody().takeBody(op.getRegion());
  Block &body = converted.getBody().front();
  BlockArgument counter = body.insertArgument(0u, i32, loc);
  for (Operation *cast : casts)
    for (Operation *user : llvm::make_early_inc_range(cast->getUsers())) {
      user->getResult(0).replaceAllUsesWith(counter);
      user->erase();
    }
  for (Operation *cast : casts)
    cast->erase();
  body.eraseArgument(1);
  b.setInsertionPoint(body.getTerminator());
  Value stepValue = constant(*step);
  SmallVector<Value> next = {
      hlo::AddOp::create(b, loc, counter, stepValue).getResult()};
  llvm::append_range(next, body.getTerminator()->getOperands());
  yieldFrom(b, body, next);
  SmallVector<Value> bounds = {op.getLowerBound(), op.getUpperBound(),
                               op.getStep()};
  op.replaceAllUsesWith(converted.getResults().drop_front());
  op.erase();
  // The index constants of the bounds go with the loop.
  for (Value v : bounds)
    if (Operation *def = v.getDefiningOp(); def && def->use_empty())
      def->erase();
  return success();
}

struct ConvertScfToHloPass
    : tpu::impl::ConvertScfToHloBase<ConvertScfToHloPass> {
  void runOnOperation() override {
    // Branches between blocks have no hlo form; they are named where they
    // are rather than failing later on a function of several blocks.
    if (!getOperation().getBody().hasOneBlock()) {
      for (Block &block : getOperation().getBody())
        if (Operation *branch = block.getTerminator();
            branch->getNumSuccessors() != 0) {
          unsupported(branch)
              << "unstructured control flow has no hlo form; write "
                 "structured control flow (stablehlo.while/if/case, "
                 "tosa.while_loop/cond_if, scf.while/if/for), or lift it "
                 "with mlir-opt --lift-cf-to-scf";
          return signalPassFailure();
        }
    }
    // Innermost first: an outer op's regions move with what they hold.
    SmallVector<Operation *> ops;
    // A lowered program's kernels loop over scalars: theirs are not ours.
    getOperation().walk([&](Operation *op) {
      if (isa<scf::IfOp, scf::WhileOp, scf::ForOp>(op) &&
          !op->getParentOfType<tpu::KernelOp>())
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      LogicalResult converted = success();
      if (auto branch = dyn_cast<scf::IfOp>(op))
        converted = convertIf(branch);
      else if (auto loop = dyn_cast<scf::WhileOp>(op))
        converted = convertWhile(loop);
      else
        converted = convertFor(cast<scf::ForOp>(op));
      if (failed(converted))
        return signalPassFailure();
    }
    // Conditions extracted for scf are read as tensors now, and the
    // scalars lift-cf-to-scf made for branches it resolved are unused.
    SmallVector<Operation *> scalars;
    getOperation().walk([&](Operation *op) {
      if (isa<tensor::ExtractOp, arith::ConstantOp>(op) &&
          !op->getParentOfType<tpu::KernelOp>())
        scalars.push_back(op);
    });
    for (Operation *op : llvm::reverse(scalars))
      if (isOpTriviallyDead(op))
        op->erase();
  }
};

} // namespace
