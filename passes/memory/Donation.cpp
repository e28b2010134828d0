//===- Donation.cpp - Donated arguments and the outputs they hold ---------===//
//
// Part of tpu-assign-buffers and tpu-rematerialize (passes/memory/Donation.h).
//
//===----------------------------------------------------------------------===//

#include "passes/memory/Donation.h"

#include "dialects/hlo/HLOOps.h"
#include "passes/PassUtils.h"

using namespace mlir;
using namespace mlir::tpu;

bool mlir::tpu::writesInPlace(Operation *op) {
  // A loop updates its carried values in place: an initial value whose
  // buffer dies at the loop becomes the carried buffer.
  if (isa<hlo::WhileCallOp>(op))
    return true;
  if (auto fusion = dyn_cast<hlo::FusionOp>(op))
    return fusion.getKind() == hlo::FusionKind::loop;
  if (auto pad = dyn_cast<hlo::PadOp>(op))
    return padsTilePadding(pad);
  // A dynamic update slice writes its box over the operand's bytes (as
  // XLA's in-place dynamic-update-slice does): a scatter's window after
  // window, each one DMA, not a copy of the whole operand.
  if (isa<hlo::DynamicUpdateSliceOp>(op))
    return true;
  return op->hasTrait<OpTrait::Elementwise>();
}

bool mlir::tpu::readsElementwise(OpOperand &use, Value result) {
  if (!sameStorage(use.get().getType(), result.getType()))
    return false;
  // Carried value i is result i, unless the loop also reads the value
  // otherwise (as an invariant, or another carried value's start).
  if (Operation *loop = use.getOwner(); isa<hlo::WhileCallOp>(loop))
    return use.getOperandNumber() == cast<OpResult>(result).getResultNumber() &&
           llvm::count(loop->getOperands(), use.get()) == 1;
  // The operand of a dynamic update slice is kept where the box is not
  // written; the update and starts are read elsewhere.
  if (isa<hlo::DynamicUpdateSliceOp>(use.getOwner()))
    return use.getOperandNumber() == 0;
  auto fusion = dyn_cast<hlo::FusionOp>(use.getOwner());
  if (!fusion)
    return true;
  auto samePositions = [](Operation *op) {
    if (auto pad = dyn_cast<hlo::PadOp>(op))
      return padsTilePadding(pad);
    if (auto slice = dyn_cast<hlo::SliceOp>(op))
      return dropsTilePadding(slice);
    return op->hasTrait<OpTrait::Elementwise>();
  };
  SmallVector<Value> worklist = {
      fusion.getBlock().getArgument(use.getOperandNumber())};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<hlo::YieldOp>(user) || !seen.insert(user).second)
        continue;
      if (!samePositions(user))
        return false;
      llvm::append_range(worklist, user->getResults());
    }
  }
  return true;
}

SmallVector<OpOperand *> Donation::readingUses(Value v) const {
  SmallVector<OpOperand *> found;
  SmallVector<Value> worklist = {v};
  while (!worklist.empty())
    for (OpOperand &use : worklist.pop_back_val().getUses()) {
      if (isBitcast(use.getOwner(), block))
        worklist.push_back(use.getOwner()->getResult(0));
      else
        found.push_back(&use);
    }
  return found;
}

Value Donation::returnedAs(Value result) const {
  if (outputIndices.count(result))
    return result;
  for (Operation *user : result.getUsers())
    if (isa<hlo::SliceOp>(user) && isBitcast(user, block) &&
        outputIndices.count(user->getResult(0)))
      return user->getResult(0);
  return {};
}

std::optional<int64_t> mlir::tpu::donationAsked(func::FuncOp func, unsigned i) {
  if (auto aliasing =
          func.getArgAttrOfType<IntegerAttr>(i, "tf.aliasing_output"))
    return aliasing.getInt();
  auto donor = func.getArgAttrOfType<BoolAttr>(i, "jax.buffer_donor");
  if (donor && donor.getValue())
    return -1;
  return std::nullopt;
}

Donation::Donation(func::FuncOp func, bool donateAll)
    : block(func.getBody().front()) {
  for (auto [i, value] : llvm::enumerate(block.getTerminator()->getOperands()))
    outputIndices[value].push_back(i);
  for (BlockArgument arg : block.getArguments()) {
    unsigned n = arg.getArgNumber();
    std::optional<int64_t> asked = donationAsked(func, n);
    // A loop body may update carried value j in place, silently.
    if (auto carried = func.getArgAttrOfType<IntegerAttr>(n, kCarriedAttrName))
      donors.push_back({arg, carried.getInt(), false});
    else if (asked || donateAll)
      donors.push_back({arg, asked.value_or(-1), asked.has_value()});
  }
}

ScheduleHints Donation::scheduleHints() {
  ScheduleHints hints;
  // The ops reading `v`, seen through bitcasts.
  auto readers = [&](Value v) {
    SmallVector<Operation *> found;
    for (OpOperand *use : readingUses(v))
      if (use->getOwner() != block.getTerminator() &&
          !llvm::is_contained(found, use->getOwner()))
        found.push_back(use->getOwner());
    return found;
  };
  // Whether `to` reads what `from` computes, directly or not. Operands
  // come before their users in the block, so the walk stays between the
  // two.
  auto reaches = [&](Operation *from, Operation *to) {
    if (!from->isBeforeInBlock(to))
      return false;
    SmallVector<Operation *> worklist = {from};
    SmallPtrSet<Operation *, 32> seen;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (op == to)
        return true;
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (user->getBlock() == &block &&
              (user == to || user->isBeforeInBlock(to)) &&
              seen.insert(user).second)
            worklist.push_back(user);
    }
    return false;
  };
  for (const Donor &donor : donors) {
    SmallVector<Operation *> argReaders = readers(donor.arg);
    // The first reader that returns a value of the argument's type, as
    // donorFor sees it returned, is the update.
    Operation *update = nullptr;
    for (Operation *op : argReaders)
      for (Value result : op->getResults()) {
        Value returned = returnedAs(result);
        if (update || hints.donated.count(result) || !returned ||
            returned.getType() != donor.arg.getType())
          continue;
        update = op;
        hints.donated.insert(result);
      }
    // Holding back an update that other ops read would hold them back too
    // (a step count that the bias corrections read): only updates that are
    // only returned wait.
    auto returnedOnly = [&](Value v) {
      return llvm::all_of(v.getUsers(), [&](Operation *user) {
        return user == block.getTerminator() ||
               (isBitcast(user, block) &&
                llvm::all_of(user->getUsers(), [&](Operation *next) {
                  return next == block.getTerminator();
                }));
      });
    };
    if (!update)
      continue;
    // Unless the update reads only arguments: then the readers get a copy
    // of their own (one more small kernel) and the returned one waits.
    if (!llvm::all_of(update->getResults(), returnedOnly)) {
      if (!llvm::all_of(update->getOperands(), [&](Value v) {
            return isa<BlockArgument>(v) ||
                   isa_and_present<hlo::ConstantOp>(v.getDefiningOp());
          }))
        continue;
      OpBuilder builder(update);
      Operation *copy = builder.clone(*update);
      for (auto [from, to] :
           llvm::zip(update->getResults(), copy->getResults()))
        from.replaceUsesWithIf(to, [&](OpOperand &use) {
          Operation *user = use.getOwner();
          return user != block.getTerminator() &&
                 !(isBitcast(user, block) && returnedOnly(user->getResult(0)));
        });
      hints.copies.push_back({update, copy});
      argReaders.push_back(copy);
    }
    for (Operation *reader : argReaders)
      if (reader != update && !reaches(update, reader) &&
          !reaches(reader, update))
        hints.edges[reader].push_back(update);
  }
  return hints;
}

BlockArgument
Donation::donorFor(Operation *op, Value result,
                   const std::function<int64_t(Operation *)> &position) {
  Value returned = returnedAs(result);
  // A reshape view of the output would need the program's HBM region.
  auto reshapes = [&](Value v) {
    return llvm::any_of(v.getUsers(), [&](Operation *user) {
      return isa<hlo::ReshapeOp>(user) && isBitcast(user, block);
    });
  };
  if (!returned || reshapes(result) || reshapes(returned))
    return {};
  const SmallVector<int64_t, 1> &indices = outputIndices.find(returned)->second;
  int64_t t = position(op);
  for (Donor &donor : donors) {
    BlockArgument arg = donor.arg;
    if (donor.used || arg.getType() != returned.getType() ||
        outputIndices.count(arg) ||
        (donor.output >= 0 && !llvm::is_contained(indices, donor.output)))
      continue;
    // Dead once the output is written: read by earlier ops only, or by
    // this op element by element, as an in-place update reads it.
    bool dead = llvm::all_of(readingUses(arg), [&](OpOperand *use) {
      Operation *user = use->getOwner();
      return position(user) < t || (user == op && writesInPlace(op) &&
                                    readsElementwise(*use, result));
    });
    if (!dead)
      continue;
    donor.used = true;
    return arg;
  }
  return {};
}

/// JAX's "Some donated buffers were not usable", per argument and why.
void Donation::warnUnused() const {
  for (const Donor &donor : donors) {
    if (donor.used || !donor.explicitlyDonated)
      continue;
    bool typeMatches = llvm::any_of(outputIndices, [&](auto &entry) {
      return entry.first.getType() == donor.arg.getType() &&
             !isa<BlockArgument>(entry.first);
    });
    // JAX names arguments by their tree path (`loc("params['w']")`), a
    // location without a file: the warning then points at the function
    // and names the argument.
    Location loc = donor.arg.getLoc();
    auto name = dyn_cast<NameLoc>(loc);
    bool located = static_cast<bool>(loc->findInstanceOf<FileLineColLoc>());
    InFlightDiagnostic diag =
        emitWarning(located ? loc : block.getParentOp()->getLoc())
        << "tpu-assign-buffers: donated argument #" << donor.arg.getArgNumber();
    if (name && !located)
      diag << " '" << name.getName().getValue() << "'";
    diag << " (" << donor.arg.getType() << ") is not usable: ";
    if (!typeMatches)
      diag << "no output has its shape, element type and layout";
    else
      diag << "every output of its type is written while it is still read "
              "(or by an op that reads it out of place)";
  }
}

BlockArgument Donation::chainDonorFor(
    Operation *op, Value result,
    const std::function<int64_t(Operation *)> &position) {
  if (!writesInPlace(op) || op->getNumResults() != 1)
    return {};
  int64_t t = position(op);
  // The output the chain ends as: each value read last, element by
  // element, by one in-place op whose result carries the chain on.
  auto chainEnd = [&]() -> Value {
    Value v = result;
    for (;;) {
      if (Value returned = returnedAs(v))
        return returned;
      Operation *next = nullptr;
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (writesInPlace(user) && user->getNumResults() == 1 &&
            readsElementwise(use, user->getResult(0)) &&
            (!next || position(user) > position(next)))
          next = user;
      }
      if (!next || llvm::any_of(v.getUsers(), [&](Operation *user) {
            return user != next && position(user) > position(next);
          }))
        return {};
      v = next->getResult(0);
    }
  };
  for (OpOperand &use : op->getOpOperands()) {
    auto arg = dyn_cast<BlockArgument>(use.get());
    auto donor = llvm::find_if(donors, [&](const Donor &d) {
      return d.arg == arg && !d.used;
    });
    if (!arg || donor == donors.end() || outputIndices.count(arg) ||
        !readsElementwise(use, result))
      continue;
    bool dead = llvm::all_of(readingUses(arg), [&](OpOperand *reader) {
      Operation *user = reader->getOwner();
      return position(user) < t ||
             (user == op && readsElementwise(*reader, result));
    });
    Value end = dead ? chainEnd() : Value();
    if (!end || end.getType() != arg.getType() ||
        (donor->output >= 0 &&
         !llvm::is_contained(outputIndices.find(end)->second, donor->output)))
      continue;
    donor->used = true;
    return arg;
  }
  return {};
}
