//===- Donation.cpp - Donated arguments and the outputs they hold ---------===//

#include "passes/Donation.h"

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

Donation::Donation(func::FuncOp func, bool donateAll)
    : block(func.getBody().front()) {
  for (auto [i, value] : llvm::enumerate(block.getTerminator()->getOperands()))
    outputIndices[value].push_back(i);
  for (BlockArgument arg : block.getArguments()) {
    unsigned n = arg.getArgNumber();
    auto donor = func.getArgAttrOfType<BoolAttr>(n, "jax.buffer_donor");
    auto aliasing = func.getArgAttrOfType<IntegerAttr>(n, "tf.aliasing_output");
    bool asked = (donor && donor.getValue()) || aliasing;
    // A loop body may update carried value j in place, silently.
    if (auto carried = func.getArgAttrOfType<IntegerAttr>(n, kCarriedAttrName))
      donors.push_back({arg, carried.getInt(), false});
    else if (asked || donateAll)
      donors.push_back({arg, aliasing ? aliasing.getInt() : -1, asked});
  }
}

ScheduleHints Donation::scheduleHints() {
  ScheduleHints hints;
  // The ops reading `v`, seen through bitcasts (which read nothing).
  auto readers = [&](Value v) {
    SmallVector<Operation *> found;
    SmallVector<Value> worklist = {v};
    while (!worklist.empty())
      for (Operation *user : worklist.pop_back_val().getUsers()) {
        if (user == block.getTerminator())
          continue;
        if (isBitcast(user, block))
          worklist.push_back(user->getResult(0));
        else if (!llvm::is_contained(found, user))
          found.push_back(user);
      }
    return found;
  };
  // Whether `to` reads what `from` computes, directly or not.
  auto reaches = [&](Operation *from, Operation *to) {
    SmallVector<Operation *> worklist = {from};
    SmallPtrSet<Operation *, 32> seen;
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      if (op == to)
        return true;
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (user->getBlock() == &block && seen.insert(user).second)
            worklist.push_back(user);
    }
    return false;
  };
  for (const Donor &donor : donors) {
    SmallVector<Operation *> argReaders = readers(donor.arg);
    // The first reader that returns a value of the argument's type, as
    // itself or through a bitcast, is the update.
    Operation *update = nullptr;
    for (Operation *op : argReaders)
      for (Value result : op->getResults()) {
        SmallVector<Value> views = {result};
        for (Operation *user : result.getUsers())
          if (isBitcast(user, block))
            views.push_back(user->getResult(0));
        if (update || hints.donated.count(result) ||
            llvm::none_of(views, [&](Value v) {
              return outputIndices.count(v) &&
                     v.getType() == donor.arg.getType();
            }))
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
  // The returned value: the result, or a slice of it that only drops tile
  // padding (the same bytes), as tpu-pad returns a padded computation.
  Value returned = result;
  for (Operation *user : result.getUsers())
    if (isa<hlo::SliceOp>(user) && isBitcast(user, block) &&
        outputIndices.count(user->getResult(0)))
      returned = user->getResult(0);
  auto indices = outputIndices.find(returned);
  // A reshape view of the output would need the program's HBM region.
  auto reshapes = [&](Value v) {
    return llvm::any_of(v.getUsers(), [&](Operation *user) {
      return isa<hlo::ReshapeOp>(user) && isBitcast(user, block);
    });
  };
  if (indices == outputIndices.end() || reshapes(result) || reshapes(returned))
    return {};
  int64_t t = position(op);
  for (Donor &donor : donors) {
    BlockArgument arg = donor.arg;
    if (donor.used || arg.getType() != returned.getType() ||
        outputIndices.count(arg) ||
        (donor.output >= 0 &&
         !llvm::is_contained(indices->second, donor.output)))
      continue;
    // Dead once the output is written: read by earlier ops only, or by
    // this op element by element, as an in-place update reads it. A bitcast
    // (the runtime's zero tile padding) reads nothing: its users do.
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : arg.getUses())
      uses.push_back(&use);
    bool dead = true;
    while (dead && !uses.empty()) {
      OpOperand *use = uses.pop_back_val();
      Operation *user = use->getOwner();
      if (isBitcast(user, block)) {
        for (OpOperand &next : user->getResult(0).getUses())
          uses.push_back(&next);
        continue;
      }
      dead = position(user) < t || (user == op && writesInPlace(op) &&
                                    readsElementwise(*use, result));
    }
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
