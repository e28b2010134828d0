//===- Fuse.cpp - hlo-fuse ------------------------------------------------===//
//
// XLA-style fusion in two phases. Output fusion first: each MXU op grows
// forward over the elementwise ops that read only its results, broadcasts
// and splats. Then loop and input fusion, consumer first: visiting ops last
// to first, a reduction or elementwise op pulls in its producers. The rules
// and the recomputation cost are explained in docs/fusion.md.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "passes/PassUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOFUSE
#include "passes/hlo/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

using OpSet = llvm::SetVector<Operation *>;

/// Ops a fusion copies instead of reading from memory: they read nothing
/// large, so every kernel can recompute them for free.
bool isFree(Operation *op) {
  if (isa<hlo::BroadcastInDimOp, hlo::IotaOp>(op))
    return true;
  auto constant = dyn_cast<hlo::ConstantOp>(op);
  auto dense = constant ? dyn_cast<DenseElementsAttr>(constant.getValue())
                        : DenseElementsAttr();
  return dense && dense.isSplat();
}

/// Ops a loop or input fusion may absorb as producers.
bool isLoopFusible(Operation *op) {
  if (!isa_and_present<hlo::HLODialect>(op->getDialect()) || op->getNumResults() != 1 ||
      isa<hlo::FusionOp, hlo::CopyOp>(op))
    return false;
  // A reshape is a bitcast or a relayout copy of its own (tpu-lower).
  if (isa<hlo::ReshapeOp>(op))
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<hlo::BroadcastInDimOp, hlo::IotaOp, hlo::ConstantOp>(op);
}

/// A slice, or an edge pad with a splat value: a read of its operand
/// through a shifted, clipped window, which a loop kernel does with its
/// DMAs (a stencil, sort's partner reads). Each loop kernel that reads it
/// does so itself, but its operand stays in memory: no kernel recomputes
/// it.
bool isWindowRead(Operation *op) {
  if (isa<hlo::SliceOp>(op))
    return true;
  auto pad = dyn_cast<hlo::PadOp>(op);
  Operation *value = pad ? pad.getPaddingValue().getDefiningOp() : nullptr;
  return value && isFree(value) &&
         llvm::all_of(pad.getInteriorPadding(),
                      [](int64_t i) { return i == 0; });
}

/// Whether `user` leaves a copy of its operand worth making: a loop or
/// input fusion's member reads a copy in its own kernel, and the
/// function's return lets a copy decouple the kernels that read the value
/// from the one that writes it (scheduled last, when the buffers its
/// readers needed may be dead: the one-hot of docs/examples). An MXU op or
/// a data movement op reads the operand from memory before its readers
/// run, so a producer with such a reader is written anyway, and copies of
/// it would only add work (the recomputation rule assumes the original
/// goes away).
bool takesCopies(Operation *user) {
  return isLoopFusible(user) || isa<func::ReturnOp>(user) ||
         (hlo::isReduction(user) && isa_and_present<hlo::HLODialect>(user->getDialect()));
}

/// Vector-unit operations per element, relative to an add: transcendentals
/// run as polynomial sequences, divide and square roots as a reciprocal
/// estimate refined by Newton steps.
int64_t elementCost(Operation *op) {
  if (isa<hlo::ExpOp, hlo::LogOp, hlo::TanhOp, hlo::LogisticOp, hlo::SineOp,
          hlo::CosineOp, hlo::ErfOp, hlo::TanOp, hlo::CbrtOp, hlo::Expm1Op,
          hlo::Log1pOp, hlo::PowOp, hlo::Atan2Op>(op))
    return 16;
  if (isa<hlo::DivOp, hlo::SqrtOp, hlo::RsqrtOp, hlo::RemOp>(op))
    return 8;
  return 1;
}

int64_t elementBytes(Type type) {
  unsigned bits = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  return std::max<int64_t>(1, bits / 8);
}

/// Whether `producer`, read by members of a loop fusion rooted at `root`
/// and otherwise only returned, becomes a second result of that fusion:
/// an elementwise op of the root's shape (the kernel's iteration space),
/// all of whose other readers are the function's return.
bool returnedAlongside(Operation *producer, Operation *root, const OpSet &moved,
                       bool reduction) {
  if (reduction || !producer->hasTrait<OpTrait::Elementwise>() ||
      producer->getNumResults() != 1 ||
      producer->getResult(0).getType() != root->getResult(0).getType())
    return false;
  return llvm::all_of(producer->getUsers(), [&](Operation *user) {
    return moved.contains(user) || isa<func::ReturnOp>(user);
  });
}

class Fuser {
public:
  Fuser(const tpc::Target &target, int64_t maxOps, func::FuncOp func)
      : target(target), maxOps(maxOps), func(func) {}

  void run() {
    Block &block = func.getBody().front();
    SmallVector<Operation *> contractions;
    for (Operation &op : block)
      if (hlo::isContraction(&op))
        contractions.push_back(&op);
    for (Operation *op : contractions)
      fuseOutput(op);
    Operation *op = block.getTerminator();
    while (op) {
      Operation *prev = op->getPrevNode();
      if (Operation *fusion = fuseProducers(op))
        prev = fusion->getPrevNode();
      op = prev;
    }
    // Originals whose every reader took a copy.
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
      if (isa_and_present<hlo::HLODialect>(op.getDialect()) && op.use_empty() &&
          isPure(&op))
        op.erase();
  }

private:
  /// Recomputing `op` in each of the `readers` kernels beats writing it once
  /// and reading it `readers` times when
  ///   (readers - 1) * cost < (1 + readers) * bytes * (VPU elements per HBM
  ///   byte),
  /// per element: the vector unit does one (8,128) register per cycle.
  bool worthCopying(Operation *op, int64_t readers) const {
    double elementsPerByte =
        8.0 * 128.0 * target.clockHz / target.hbmBytesPerSecond;
    double recompute = static_cast<double>((readers - 1) * elementCost(op));
    double roundTrip =
        static_cast<double>((1 + readers) *
                            elementBytes(op->getResult(0).getType())) *
        elementsPerByte;
    return recompute < roundTrip;
  }

  Operation *fuseOutput(Operation *mxu);
  Operation *fuseProducers(Operation *root);
  hlo::FusionOp materialize(hlo::FusionKind kind, const OpSet &moved,
                            const OpSet &copied, ArrayRef<Value> results,
                            Operation *insertBefore);

  /// Kernels that recompute one op at most. A copy's operands go through
  /// the copy rule too, so in a chain whose every value has a second
  /// reader (x - max(x), repeated) each kernel would otherwise recompute
  /// the chain back to max-fusion-ops ops: quadratic IR for no saving,
  /// since the values that second readers need are written anyway. Free
  /// ops (broadcasts, splats) are not counted.
  static constexpr int64_t kMaxCopies = 4;

  const tpc::Target &target;
  int64_t maxOps;
  func::FuncOp func;
  DenseMap<Operation *, int64_t> copies;
};

/// Grows an output fusion forward from `mxu` over elementwise consumers
/// whose operands are its values, free ops, or free ops of values defined
/// before `mxu` (which therefore cannot depend on it: no cycle).
Operation *Fuser::fuseOutput(Operation *mxu) {
  OpSet moved, copied;
  moved.insert(mxu);
  auto readableFree = [&](Operation *free) {
    return llvm::all_of(free->getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return !def || def->isBeforeInBlock(mxu);
    });
  };
  for (size_t i = 0; i < moved.size(); ++i) {
    for (Value result : moved[i]->getResults()) {
      for (Operation *user : result.getUsers()) {
        if (moved.contains(user) || !isLoopFusible(user) ||
            !user->hasTrait<OpTrait::Elementwise>() ||
            static_cast<int64_t>(moved.size() + copied.size()) >= maxOps)
          continue;
        SmallVector<Operation *> frees;
        bool readsOnlyOurs = llvm::all_of(user->getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          if (def && moved.contains(def))
            return true;
          if (def && isFree(def) && readableFree(def)) {
            frees.push_back(def);
            return true;
          }
          return false;
        });
        if (!readsOnlyOurs)
          continue;
        moved.insert(user);
        copied.insert(frees.begin(), frees.end());
      }
    }
  }
  if (moved.size() == 1)
    return nullptr;
  // Sort into program order; every value read from outside is defined
  // before `mxu`, and every reader of ours comes after it.
  SmallVector<Operation *> ordered(moved.begin(), moved.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  SmallVector<Value> results;
  for (Operation *op : ordered)
    for (Value v : op->getResults())
      if (llvm::any_of(v.getUsers(),
                       [&](Operation *u) { return !moved.contains(u); }))
        results.push_back(v);
  return materialize(hlo::FusionKind::output,
                     OpSet(ordered.begin(), ordered.end()), copied, results,
                     mxu);
}

/// Pulls producers into `root` (a reduction or a loop-fusible op), latest
/// first, so that when a producer is considered every member that reads it
/// is already in. A producer all of whose readers are members moves in;
/// one read elsewhere too is copied if it is free or worth recomputing, and
/// is otherwise read from memory.
Operation *Fuser::fuseProducers(Operation *root) {
  // A reduction's result that tpu-pad pads to its tile is written padded by
  // the reduction's kernel, as the reductions inside input fusions are,
  // not copied again by a kernel of its own.
  Operation *padded = nullptr;
  if (auto pad = dyn_cast<hlo::PadOp>(root)) {
    Operation *reduce = pad.getOperand().getDefiningOp();
    if (!padsTilePadding(pad) || !reduce || !reduce->hasOneUse() ||
        !hlo::isReduction(reduce) ||
        !isa_and_present<hlo::HLODialect>(reduce->getDialect()))
      return nullptr;
    padded = pad;
    root = reduce;
  }
  bool reduction =
      hlo::isReduction(root) && isa_and_present<hlo::HLODialect>(root->getDialect());
  if (!reduction && (!isLoopFusible(root) || isFree(root)))
    return nullptr;
  OpSet moved, copied;
  moved.insert(root);
  if (padded)
    moved.insert(padded);
  SmallVector<Value> extraResults;
  SmallVector<Operation *> worklist;
  auto push = [&](Operation *op) {
    // A window read's data stays in memory (only a pad's value, or a
    // window read of the data, a window of a window, is pulled).
    ValueRange operands = op->getOperands();
    if (isWindowRead(op)) {
      Operation *data = operands.front().getDefiningOp();
      if (!data || !isWindowRead(data))
        operands = operands.drop_front();
    }
    for (Value v : operands)
      if (Operation *def = v.getDefiningOp())
        if (!moved.contains(def) && !copied.contains(def) &&
            !llvm::is_contained(worklist, def))
          worklist.push_back(def);
  };
  push(root);
  if (padded)
    push(padded);
  while (!worklist.empty()) {
    auto latest = std::max_element(
        worklist.begin(), worklist.end(),
        [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    Operation *producer = *latest;
    worklist.erase(latest);
    if (moved.contains(producer) || copied.contains(producer) ||
        static_cast<int64_t>(moved.size() + copied.size()) >= maxOps)
      continue;
    // Each kernel that reads through a window does its own windowed DMA:
    // copied like a free op, whoever else reads it.
    if (isWindowRead(producer) && !reduction && !padded) {
      copied.insert(producer);
      push(producer);
      continue;
    }
    if (!isLoopFusible(producer))
      continue;
    // A free op is copied whoever else reads it (the original goes once
    // unread), without counting its readers: one splat padding value can
    // have thousands.
    if (isFree(producer)) {
      copied.insert(producer);
      push(producer);
      continue;
    }
    int64_t outside = llvm::count_if(
        producer->getUsers(), [&](Operation *u) { return !moved.contains(u); });
    if (outside == 0) {
      moved.insert(producer);
      push(producer);
    } else if (returnedAlongside(producer, root, moved, reduction)) {
      // XLA's producer-consumer multi-output fusion: a value the function
      // returns is written by the kernel that computes it anyway, rather
      // than recomputed there and in a kernel of its own (which would also
      // keep its operands alive, and a donated one unusable).
      moved.insert(producer);
      extraResults.push_back(producer->getResult(0));
      push(producer);
    } else if (producer->hasTrait<OpTrait::Elementwise>() &&
               llvm::all_of(producer->getUsers(), takesCopies) &&
               copies.lookup(producer) < kMaxCopies &&
               worthCopying(producer, 1 + outside)) {
      // The copy needs the producer's operands too: they go through the
      // same rules.
      copied.insert(producer);
      ++copies[producer];
      push(producer);
    }
  }
  if (moved.size() == 1 && copied.empty())
    return nullptr;
  // The fusion replaces the pad where there is one, else the root.
  Operation *last = padded ? padded : root;
  SmallVector<Value> results(last->getResults());
  llvm::append_range(results, extraResults);
  return materialize(reduction ? hlo::FusionKind::input : hlo::FusionKind::loop,
                     moved, copied, results, last);
}

/// Builds the fusion before `insertBefore` from the moved and copied ops,
/// yielding `results`, then erases the moved ops and the copies left
/// unread.
hlo::FusionOp Fuser::materialize(hlo::FusionKind kind, const OpSet &moved,
                                 const OpSet &copied, ArrayRef<Value> results,
                                 Operation *insertBefore) {
  SmallVector<Operation *> ops(moved.begin(), moved.end());
  ops.append(copied.begin(), copied.end());
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  llvm::SetVector<Value> inputs;
  for (Operation *op : ops)
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (!def || (!moved.contains(def) && !copied.contains(def)))
        inputs.insert(v);
    }

  OpBuilder b(insertBefore);
  SmallVector<Type> resultTypes;
  for (Value v : results)
    resultTypes.push_back(v.getType());
  auto fusion = hlo::FusionOp::create(b, insertBefore->getLoc(), resultTypes,
                                      inputs.getArrayRef(), kind);
  Block *body = b.createBlock(&fusion.getBody());
  IRMapping mapping;
  for (Value input : inputs)
    mapping.map(input, body->addArgument(input.getType(), input.getLoc()));
  for (Operation *op : ops)
    b.clone(*op, mapping);
  SmallVector<Value> yielded;
  for (Value v : results)
    yielded.push_back(mapping.lookup(v));
  hlo::YieldOp::create(b, insertBefore->getLoc(), yielded);

  for (auto [old, replacement] : llvm::zip(results, fusion.getResults()))
    Value(old).replaceAllUsesWith(replacement);
  for (Operation *op : llvm::reverse(ops))
    if (moved.contains(op) || op->use_empty()) {
      copies.erase(op);
      op->erase();
    }
  return fusion;
}

struct HLOFusePass : tpu::impl::HLOFuseBase<HLOFusePass> {
  using HLOFuseBase::HLOFuseBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func.isExternal() && !func.getBody().hasOneBlock()) {
      func.emitOpError("hlo-fuse supports single-block functions only");
      return signalPassFailure();
    }
    const tpc::Target *spec = &getTarget(func);
    if (func.isExternal())
      return;
    Fuser(*spec, maxFusionOps, func).run();
  }
};

} // namespace
