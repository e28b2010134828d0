//===- ScfToHlo.cpp - convert-scf-to-hlo ----------------------------------===//
//
// scf.if, scf.while and scf.for on tensors become hlo.if and hlo.while, their
// regions moved, not copied. The scalar conditions scf needs come from
// rank-0 tensors (tensor.extract), which hlo's control flow reads directly;
// scalar flags computed from them (lift-cf-to-scf's) are redone on rank-0
// tensors. A do-while (work before the exit test) is rotated, its first
// part copied ahead of the loop. See docs/control-flow.md.
//
//===----------------------------------------------------------------------===//

#include "passes/PassUtils.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

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

/// The rank-0 tensor type hlo carries a scalar of `type` in; null for a
/// type it has no tensor of (index, vectors...).
RankedTensorType scalarTensorType(Type type) {
  if (!isa<IntegerType, FloatType>(type))
    return nullptr;
  return RankedTensorType::get({}, type);
}

/// A rank-0 tensor holding `value`.
Value scalarConstant(OpBuilder &b, Location loc, TypedAttr value) {
  return tpu::splatConstant(b, loc, RankedTensorType::get({}, value.getType()),
                            value);
}

/// hlo's comparison for an integer predicate (unsigned ones compare the
/// operands with their sign bits flipped).
hlo::ComparisonDirection directionOf(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  using Dir = hlo::ComparisonDirection;
  switch (predicate) {
  case P::eq:
    return Dir::EQ;
  case P::ne:
    return Dir::NE;
  case P::slt:
  case P::ult:
    return Dir::LT;
  case P::sle:
  case P::ule:
    return Dir::LE;
  case P::sgt:
  case P::ugt:
    return Dir::GT;
  case P::sge:
  case P::uge:
    break;
  }
  return Dir::GE;
}

bool isUnsigned(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  return predicate == P::ult || predicate == P::ule || predicate == P::ugt ||
         predicate == P::uge;
}

/// hlo's comparison for a float predicate: hlo compares as IEEE 754
/// (ordered, except NE), so only those predicates have one.
std::optional<hlo::ComparisonDirection>
directionOf(arith::CmpFPredicate predicate) {
  using P = arith::CmpFPredicate;
  using Dir = hlo::ComparisonDirection;
  switch (predicate) {
  case P::OEQ:
    return Dir::EQ;
  case P::UNE:
    return Dir::NE;
  case P::OLT:
    return Dir::LT;
  case P::OLE:
    return Dir::LE;
  case P::OGT:
    return Dir::GT;
  case P::OGE:
    return Dir::GE;
  default:
    return std::nullopt;
  }
}

/// hlo's form of a value scf carries, built at `b`'s insertion point: a
/// tensor stays itself (a poison one, which any value refines, becomes
/// zeros); a scalar becomes the rank-0 tensor it was extracted from, or its
/// arithmetic (the flags lift-cf-to-scf computes to leave a loop or pick a
/// branch) redone on rank-0 tensors. `user` names the op in a diagnostic.
FailureOr<Value> asTensor(OpBuilder &b, Operation *user, Value value) {
  Operation *def = value.getDefiningOp();
  Location loc = def ? def->getLoc() : user->getLoc();
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType())) {
    if (def && isa<ub::PoisonOp>(def))
      return tpu::splatConstant(
          b, loc, tensor,
          cast<TypedAttr>(b.getZeroAttr(tensor.getElementType())));
    return value;
  }
  RankedTensorType type = scalarTensorType(value.getType());
  auto refuse = [&]() -> FailureOr<Value> {
    return unsupported(user)
           << "it carries a scalar that is not computed from tensors "
              "(tensor.extract of a rank-0 tensor, constants, and scalar "
              "arith on them)";
  };
  if (!type || !def)
    return refuse();
  if (auto extract = dyn_cast<tensor::ExtractOp>(def)) {
    if (extract.getTensor().getType().getRank() != 0)
      return refuse();
    return extract.getTensor();
  }
  if (isa<ub::PoisonOp>(def))
    return scalarConstant(b, loc, cast<TypedAttr>(b.getZeroAttr(value.getType())));
  if (auto constant = dyn_cast<arith::ConstantOp>(def))
    return scalarConstant(b, loc, cast<TypedAttr>(constant.getValue()));
  // The operands first, at the same point (they dominate the user too).
  SmallVector<Value> operands;
  for (Value operand : def->getOperands()) {
    FailureOr<Value> converted = asTensor(b, user, operand);
    if (failed(converted))
      return failure();
    operands.push_back(*converted);
  }
  auto i1 = RankedTensorType::get({}, b.getI1Type());
  auto compare = [&](hlo::ComparisonDirection direction, Value lhs,
                     Value rhs) -> Value {
    return hlo::CompareOp::create(
        b, loc, i1,
        hlo::ComparisonDirectionAttr::get(b.getContext(), direction), lhs,
        rhs);
  };
  // Unsigned order is signed order with the sign bit flipped.
  auto flipSign = [&](Value v) -> Value {
    auto element = cast<IntegerType>(
        cast<RankedTensorType>(v.getType()).getElementType());
    Value sign = scalarConstant(
        b, loc,
        b.getIntegerAttr(element,
                         APInt::getSignedMinValue(element.getWidth())));
    return hlo::XorOp::create(b, loc, v, sign);
  };
  using Dir = hlo::ComparisonDirection;
  return TypeSwitch<Operation *, FailureOr<Value>>(def)
      .Case([&](arith::TruncIOp op) -> FailureOr<Value> {
        // Truncation keeps the low bits: to i1, the lowest.
        if (!op.getType().isInteger(1))
          return hlo::ConvertOp::create(b, loc, type, operands[0]).getResult();
        auto wide = cast<RankedTensorType>(operands[0].getType());
        auto attr = [&](int64_t v) {
          return cast<TypedAttr>(b.getIntegerAttr(wide.getElementType(), v));
        };
        Value low = hlo::AndOp::create(b, loc, operands[0],
                                       scalarConstant(b, loc, attr(1)));
        return compare(Dir::NE, low, scalarConstant(b, loc, attr(0)));
      })
      .Case<arith::SIToFPOp, arith::FPToSIOp, arith::ExtFOp,
            arith::TruncFOp>([&](Operation *) -> FailureOr<Value> {
        return hlo::ConvertOp::create(b, loc, type, operands[0]).getResult();
      })
      .Case([&](arith::ExtSIOp) -> FailureOr<Value> {
        // hlo converts true to 1; sign extension makes it -1.
        Value wide = hlo::ConvertOp::create(b, loc, type, operands[0]);
        if (cast<RankedTensorType>(operands[0].getType())
                .getElementType()
                .isInteger(1))
          wide = hlo::NegOp::create(b, loc, wide);
        return wide;
      })
      .Case([&](arith::ExtUIOp op) -> FailureOr<Value> {
        // hlo converts integers as signed: an i1 flag widens to 0 or 1.
        if (!cast<RankedTensorType>(operands[0].getType())
                 .getElementType()
                 .isInteger(1))
          return refuse();
        return hlo::ConvertOp::create(b, loc, type, operands[0]).getResult();
      })
      .Case([&](arith::AndIOp) -> FailureOr<Value> {
        return hlo::AndOp::create(b, loc, operands[0], operands[1]).getResult();
      })
      .Case([&](arith::OrIOp) -> FailureOr<Value> {
        return hlo::OrOp::create(b, loc, operands[0], operands[1]).getResult();
      })
      .Case([&](arith::XOrIOp) -> FailureOr<Value> {
        return hlo::XorOp::create(b, loc, operands[0], operands[1]).getResult();
      })
      .Case<arith::AddIOp, arith::AddFOp>([&](Operation *) -> FailureOr<Value> {
        return hlo::AddOp::create(b, loc, operands[0], operands[1]).getResult();
      })
      .Case<arith::SubIOp, arith::SubFOp>([&](Operation *) -> FailureOr<Value> {
        return hlo::SubtractOp::create(b, loc, operands[0], operands[1])
            .getResult();
      })
      .Case<arith::MulIOp, arith::MulFOp>([&](Operation *) -> FailureOr<Value> {
        return hlo::MulOp::create(b, loc, operands[0], operands[1]).getResult();
      })
      .Case([&](arith::SelectOp) -> FailureOr<Value> {
        return hlo::SelectOp::create(b, loc, type, operands[0], operands[1],
                                     operands[2])
            .getResult();
      })
      .Case([&](arith::CmpIOp op) -> FailureOr<Value> {
        Value lhs = operands[0], rhs = operands[1];
        if (isUnsigned(op.getPredicate())) {
          lhs = flipSign(lhs);
          rhs = flipSign(rhs);
        }
        return compare(directionOf(op.getPredicate()), lhs, rhs);
      })
      .Case([&](arith::CmpFOp op) -> FailureOr<Value> {
        std::optional<Dir> direction = directionOf(op.getPredicate());
        if (!direction)
          return refuse();
        return compare(*direction, operands[0], operands[1]);
      })
      .Default([&](Operation *) { return refuse(); });
}

/// hlo's form of each of `values` (asTensor), at `b`'s insertion point.
FailureOr<SmallVector<Value>> asTensors(OpBuilder &b, Operation *user,
                                        ValueRange values) {
  SmallVector<Value> out;
  for (Value value : values) {
    FailureOr<Value> converted = asTensor(b, user, value);
    if (failed(converted))
      return failure();
    out.push_back(*converted);
  }
  return out;
}

/// The types hlo carries `types` in; failure (named at `op`) for a type
/// with no rank-0 tensor.
FailureOr<SmallVector<Type>> carriedTypes(Operation *op, TypeRange types) {
  SmallVector<Type> out;
  for (Type type : types) {
    if (isa<RankedTensorType>(type)) {
      out.push_back(type);
      continue;
    }
    RankedTensorType tensor = scalarTensorType(type);
    if (!tensor)
      return unsupported(op) << "it carries a value of type " << type
                             << ", which has no tensor form";
    out.push_back(tensor);
  }
  return out;
}

/// `value` as `type` reads it: a scalar is extracted from its rank-0
/// tensor (the arithmetic on it is redone on tensors where hlo needs it).
Value scalarView(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::ExtractOp::create(b, loc, value, ValueRange());
}

/// Replaces `op`'s results with `results`, extracting scalars.
void replaceResults(OpBuilder &b, Operation *op, ValueRange results) {
  b.setInsertionPointAfter(op);
  for (auto [old, now] : llvm::zip(op->getResults(), results))
    old.replaceAllUsesWith(scalarView(b, op->getLoc(), now, old.getType()));
}

/// Ends `block` in hlo.yield of the hlo form of `values`.
LogicalResult yieldFrom(OpBuilder &b, Operation *op, Block &block,
                        ValueRange values) {
  Operation *terminator = block.getTerminator();
  b.setInsertionPoint(terminator);
  FailureOr<SmallVector<Value>> results = asTensors(b, op, values);
  if (failed(results))
    return failure();
  hlo::YieldOp::create(b, terminator->getLoc(), *results);
  terminator->erase();
  return success();
}

LogicalResult convertIf(scf::IfOp op) {
  OpBuilder b(op);
  FailureOr<Value> pred = asTensor(b, op, op.getCondition());
  FailureOr<SmallVector<Type>> types = carriedTypes(op, op.getResultTypes());
  if (failed(pred) || failed(types))
    return failure();
  auto converted = hlo::IfOp::create(b, op.getLoc(), *types, *pred);
  converted.getTrueBranch().takeBody(op.getThenRegion());
  Block &thenBlock = converted.getTrueBranch().front();
  if (failed(yieldFrom(b, op, thenBlock,
                       thenBlock.getTerminator()->getOperands())))
    return failure();
  if (op.getElseRegion().empty()) {
    b.setInsertionPointToStart(&converted.getFalseBranch().emplaceBlock());
    hlo::YieldOp::create(b, op.getLoc(), ValueRange());
  } else {
    converted.getFalseBranch().takeBody(op.getElseRegion());
    Block &block = converted.getFalseBranch().front();
    if (failed(yieldFrom(b, op, block, block.getTerminator()->getOperands())))
      return failure();
  }
  replaceResults(b, op, converted.getResults());
  op.erase();
  return success();
}

/// Clones `source`'s ops but its terminator at `b`'s insertion point, its
/// arguments bound to `args` (tensors; scalars are extracted from theirs).
void inlineBlock(OpBuilder &b, Block &source, ValueRange args,
                 IRMapping &map) {
  for (auto [arg, value] : llvm::zip(source.getArguments(), args))
    map.map(arg, scalarView(b, arg.getLoc(), value, arg.getType()));
  for (Operation &inner : source.without_terminator())
    b.clone(inner, map);
}

/// A loop whose `before` region does work (the do-while lift-cf-to-scf
/// makes of a loop whose exit test is computed in its body) is rotated:
/// `before` runs once ahead of the loop, then at the end of each
/// iteration, and the loop carries what it forwards plus the exit test.
///
///   (p, f) = before(inits); while (p) { (p, f) = before(after(f)) }; f
LogicalResult rotateWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front();
  Block &after = op.getAfter().front();
  scf::ConditionOp condition = op.getConditionOp();
  FailureOr<SmallVector<Type>> types = carriedTypes(op, op.getResultTypes());
  if (failed(types))
    return failure();
  Location loc = op.getLoc();
  auto i1 = RankedTensorType::get({}, IntegerType::get(op.getContext(), 1));
  types->push_back(i1);
  OpBuilder b(op);
  // What one evaluation of `before` forwards, then its exit test.
  auto runBefore = [&](ValueRange args) -> FailureOr<SmallVector<Value>> {
    IRMapping map;
    inlineBlock(b, before, args, map);
    SmallVector<Value> values;
    for (Value v : condition.getArgs())
      values.push_back(map.lookupOrDefault(v));
    values.push_back(map.lookupOrDefault(condition.getCondition()));
    return asTensors(b, op, values);
  };
  FailureOr<SmallVector<Value>> inits = asTensors(b, op, op.getInits());
  if (failed(inits))
    return failure();
  FailureOr<SmallVector<Value>> first = runBefore(*inits);
  if (failed(first))
    return failure();
  auto converted = hlo::WhileOp::create(b, loc, *types, *first);
  Block &cond = converted.getCond().emplaceBlock();
  Block &body = converted.getBody().emplaceBlock();
  for (Type type : *types) {
    cond.addArgument(type, loc);
    body.addArgument(type, loc);
  }
  b.setInsertionPointToStart(&cond);
  hlo::YieldOp::create(b, loc, cond.getArguments().back());
  b.setInsertionPointToStart(&body);
  IRMapping map;
  inlineBlock(b, after, body.getArguments().drop_back(), map);
  SmallVector<Value> next;
  for (Value v : after.getTerminator()->getOperands())
    next.push_back(map.lookupOrDefault(v));
  FailureOr<SmallVector<Value>> nextArgs = asTensors(b, op, next);
  if (failed(nextArgs))
    return failure();
  FailureOr<SmallVector<Value>> carried = runBefore(*nextArgs);
  if (failed(carried))
    return failure();
  hlo::YieldOp::create(b, loc, *carried);
  replaceResults(b, op, converted.getResults().drop_back());
  op.erase();
  return success();
}

LogicalResult convertWhile(scf::WhileOp op) {
  Block &before = op.getBefore().front();
  scf::ConditionOp condition = op.getConditionOp();
  bool forwards = condition.getArgs() == ValueRange(before.getArguments()) &&
                  op.getResultTypes() == op.getInits().getTypes() &&
                  llvm::all_of(op.getResultTypes(), [](Type type) {
                    return isa<RankedTensorType>(type);
                  });
  if (!forwards)
    return rotateWhile(op);
  // The condition region only tests: it becomes hlo.while's as it is.
  OpBuilder b(op);
  FailureOr<SmallVector<Value>> inits = asTensors(b, op, op.getInits());
  if (failed(inits))
    return failure();
  auto converted =
      hlo::WhileOp::create(b, op.getLoc(), op.getResultTypes(), *inits);
  converted.getCond().takeBody(op.getBefore());
  if (failed(yieldFrom(b, op, converted.getCond().front(),
                       condition.getCondition())))
    return failure();
  converted.getBody().takeBody(op.getAfter());
  Block &body = converted.getBody().front();
  if (failed(yieldFrom(b, op, body, body.getTerminator()->getOperands())))
    return failure();
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
  if (!llvm::all_of(op.getResultTypes(),
                    [](Type type) { return isa<RankedTensorType>(type); }))
    return unsupported(op) << "it carries a scalar; carry a rank-0 tensor";
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
  if (failed(yieldFrom(b, op, body, next)))
    return failure();
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
    // scalar flags (and poison) lift-cf-to-scf made are redone on tensors.
    SmallVector<Operation *> scalars;
    getOperation().walk([&](Operation *op) {
      if ((isa<tensor::ExtractOp, ub::PoisonOp>(op) ||
           isa_and_present<arith::ArithDialect>(op->getDialect())) &&
          !op->getParentOfType<tpu::KernelOp>())
        scalars.push_back(op);
    });
    for (Operation *op : llvm::reverse(scalars))
      if (isOpTriviallyDead(op))
        op->erase();
  }
};

} // namespace
