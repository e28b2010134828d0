//===- Rematerialize.cpp - tpu-rematerialize ------------------------------===//
//
// XLA's HloRematerialization on the scheduled hlo program: while the
// estimated peak is over the HBM limit, recompute a value live across the
// peak right before its next use instead of keeping it. See docs/memory.md
// ("Rematerialization").
//
//===----------------------------------------------------------------------===//

#include "passes/memory/MemoryOrigins.h"
#include "passes/PassUtils.h"
#include "passes/memory/Schedule.h"
#include "passes/memory/HeapSimulator.h"

#include "dialects/hlo/HLOOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "runtime/machine/Shape.h"
#include "runtime/machine/Target.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUREMATERIALIZE
#include "passes/memory/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

namespace {

/// The most ops one recomputation clones: the value's producer and the
/// producers of operands that are no longer live at the peak.
constexpr size_t kMaxBlock = 8;

/// One way to lower the peak: clone `block` (in program order, `producer`
/// last) before position `at` and let the uses after the peak of
/// `producer`'s results read the clone's.
struct Candidate {
  Operation *producer = nullptr;
  /// The producer's results live across the peak (the ones freed there),
  /// and where each is last read before it or at it.
  SmallVector<Value, 2> values;
  SmallVector<int64_t, 2> lastRead;
  SmallVector<Operation *, 4> block;
  /// Values whose live range grows to `at` (their producers stay).
  SmallVector<Value, 4> extended;
  int64_t at = 0;
  int64_t freed = 0; // bytes at the peak
  int64_t cost = 0;  // FLOPs plus result elements of the block
};

/// What the pass did to one function.
struct Outcome {
  int64_t before = 0, after = 0; // estimated HBM use at the peak
  /// forwardFlops: those of ops under a JAX forward pass (`jvp(...)`).
  int64_t values = 0, ops = 0, extraFlops = 0, flops = 0, forwardFlops = 0;
};

class Rematerializer {
public:
  Rematerializer(func::FuncOp func, int64_t alignment)
      : func(func), block(func.getBody().front()), alignment(alignment) {}

  /// Sizes every value and the bytes outside the heap; false on a value
  /// that cannot be sized (diagnosed). `donated` results take a donated
  /// argument's buffer and no heap bytes.
  LogicalResult measure(const DenseSet<Value> &donated);
  /// Every value measured so far, as the scheduler sizes them.
  DenseMap<Value, ValueSize> &valueSizes() { return sizes; }
  /// Bytes if every value were live at once: a bound on any order's peak.
  int64_t total() const {
    int64_t sum = fixed;
    for (auto [value, size] : bytes)
      sum = tpc::saturatingAdd(sum, size);
    return sum;
  }
  /// Estimated bytes in use at the peak of the block's current order.
  int64_t peak() {
    refresh();
    return fixed + profile[peakAt];
  }
  /// Recomputes until the estimate is at most `limit` or nothing helps.
  Outcome run(int64_t limit);

private:
  void refresh();
  FailureOr<ValueSize> sizeOnce(Value v);
  bool rematerializable(Operation *op) const;
  bool liveAtPeak(Value root) const {
    return root && start.lookup(root) <= peakAt && peakAt <= end.lookup(root);
  }
  Value rootOf(Value v) const { return roots.lookup(v); }
  /// The argument `v` is, or relabels through bitcasts; null otherwise.
  BlockArgument argumentOf(Value v) const {
    while (Operation *def = v.getDefiningOp()) {
      if (!isBitcast(def, block))
        return nullptr;
      v = def->getOperand(0);
    }
    return dyn_cast<BlockArgument>(v);
  }
  /// The recomputation `seed` describes (its producer, values and `at`)
  /// with its block, cloning at most `maxOps` ops; none when it would free
  /// nothing at the peak.
  std::optional<Candidate> build(const Candidate &seed, size_t maxOps);
  /// Whether `op`'s results may be recomputed at the peak: a candidate
  /// without its block, holding the results live across the peak, their
  /// last reads before it and the first read after it (`at`).
  std::optional<Candidate> recomputable(Operation *op);
  /// The highest point of the profile once `c` is applied, and how many
  /// positions are at the present peak's height then.
  std::pair<int64_t, int64_t> peakAfter(const Candidate &c) const;
  /// The positions of the ops reading `v`'s buffer, seen through the
  /// bitcasts made before the peak (one after it reads the clone itself).
  void readPositions(Value v, SmallVectorImpl<int64_t> &out) const;
  /// Whether the estimate is over `limit`, or the heap as buffer
  /// assignment would pack it (with its fragmentation) is.
  bool overLimit(int64_t limit) const;
  void apply(const Candidate &c);
  /// Erases `op` when nothing reads it any more (every use moved to the
  /// recomputation, which then moved the value rather than copied it).
  bool eraseIfDead(Operation *op);

  func::FuncOp func;
  Block &block;
  int64_t alignment;
  int64_t fixed = 0;
  /// Each value's size, computed once; `bytes` is its heap share (aligned;
  /// none for a donated update).
  DenseMap<Value, ValueSize> sizes;
  DenseMap<Value, int64_t> bytes;
  /// Results that take a donated argument's buffer, and per such argument
  /// the first position that overwrites it: no clone may read it there or
  /// later.
  DenseSet<Value> donated;
  DenseMap<Value, int64_t> overwrittenAt;
  // The order as it stands: positions, each heap value's live range (the
  // root of its bitcasts), and the bytes live at each position.
  SmallVector<Operation *> ops;
  DenseMap<Operation *, int64_t> position;
  DenseMap<Value, Value> roots;
  DenseMap<Value, int64_t> start, end;
  SmallVector<Value> heap;
  std::vector<int64_t> profile;
  // The profile's highest point before and after each position, and the
  // number of positions at the peak's height before each position.
  std::vector<int64_t> before, after, atPeak;
  int64_t peakAt = 0;
};

FailureOr<ValueSize> Rematerializer::sizeOnce(Value v) {
  if (auto it = sizes.find(v); it != sizes.end())
    return it->second;
  FailureOr<ValueSize> size = sizeOf(v, "tpu-rematerialize");
  if (succeeded(size))
    sizes[v] = *size;
  return size;
}

LogicalResult Rematerializer::measure(const DenseSet<Value> &donatedResults) {
  fixed = 0;
  bytes.clear();
  donated = donatedResults;
  auto aligned = [&](int64_t size) {
    return tpc::checkedRoundUp(size, alignment)
        .value_or(std::numeric_limits<int64_t>::max());
  };
  for (BlockArgument arg : block.getArguments()) {
    FailureOr<ValueSize> size = sizeOnce(arg);
    if (failed(size))
      return failure();
    fixed = tpc::saturatingAdd(fixed, size->padded);
  }
  WalkResult walk = block.walk([&](Operation *op) {
    bool global = op->hasTrait<OpTrait::ConstantLike>();
    if (op->getBlock() != &block) {
      // A fusion reads its dense constants from HBM; splats are immediates.
      auto constant = dyn_cast<hlo::ConstantOp>(op);
      auto dense =
          constant ? dyn_cast<DenseElementsAttr>(constant.getValue()) : nullptr;
      if (!dense || dense.isSplat())
        return WalkResult::advance();
    }
    for (Value result : op->getResults()) {
      FailureOr<ValueSize> size = sizeOnce(result);
      if (failed(size))
        return WalkResult::interrupt();
      if (global)
        fixed = tpc::saturatingAdd(fixed, aligned(size->padded));
      else
        bytes[result] = donated.count(result) ? 0 : aligned(size->padded);
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

bool Rematerializer::rematerializable(Operation *op) const {
  return op->getNumResults() >= 1 && isa_and_present<hlo::HLODialect>(op->getDialect()) &&
         !op->hasTrait<OpTrait::ConstantLike>() &&
         !isa<hlo::WhileCallOp, hlo::CaseCallOp>(op) && !isBitcast(op, block);
}

void Rematerializer::refresh() {
  ops.clear();
  position.clear();
  roots.clear();
  start.clear();
  end.clear();
  heap.clear();
  overwrittenAt.clear();
  for (Operation &op : block.without_terminator())
    ops.push_back(&op);
  int64_t n = static_cast<int64_t>(ops.size());
  for (auto [i, op] : llvm::enumerate(ops))
    position[op] = static_cast<int64_t>(i);
  Operation *terminator = block.getTerminator();
  position[terminator] = n;
  for (Operation *op : ops) {
    bool bitcast = isBitcast(op, block);
    for (Value result : op->getResults()) {
      Value root = bitcast ? rootOf(op->getOperand(0))
                   : op->hasTrait<OpTrait::ConstantLike>() ? Value()
                                                           : result;
      roots[result] = root;
      if (root == result) {
        heap.push_back(result);
        start[result] = end[result] = position[op];
      }
    }
  }
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (Value root = rootOf(result))
        for (Operation *user : result.getUsers())
          end[root] = std::max(end[root], position.lookup(user));
  // Buffer assignment lets an elementwise op write over an operand of the
  // same size that it reads last: the two are then one buffer.
  for (Operation *op : ops) {
    if (!writesInPlace(op) || isBitcast(op, block))
      continue;
    for (Value result : op->getResults()) {
      if (rootOf(result) != result || !bytes.lookup(result))
        continue;
      for (OpOperand &use : op->getOpOperands()) {
        Value root = rootOf(use.get());
        if (root && root == use.get() && end[root] == position[op] &&
            bytes.lookup(root) == bytes.lookup(result) &&
            readsElementwise(use, result)) {
          start[result] = position[op] + 1;
          break;
        }
      }
    }
  }
  for (Operation *op : ops)
    if (llvm::any_of(op->getResults(),
                     [&](Value r) { return donated.count(r); }))
      for (Value operand : op->getOperands())
        if (BlockArgument arg = argumentOf(operand))
          overwrittenAt.try_emplace(arg, position[op]);
  profile.assign(n + 1, 0);
  std::vector<int64_t> delta(n + 2, 0);
  for (Value v : heap) {
    if (start[v] > end[v])
      continue;
    delta[start[v]] += bytes.lookup(v);
    delta[end[v] + 1] -= bytes.lookup(v);
  }
  int64_t live = 0;
  peakAt = 0;
  for (int64_t t = 0; t <= n; ++t) {
    live += delta[t];
    profile[t] = live;
    if (live > profile[peakAt])
      peakAt = t;
  }
  before.assign(n + 2, 0);
  after.assign(n + 2, 0);
  atPeak.assign(n + 2, 0);
  for (int64_t t = 0; t <= n; ++t) {
    before[t + 1] = std::max(before[t], profile[t]);
    atPeak[t + 1] = atPeak[t] + (profile[t] == profile[peakAt]);
  }
  for (int64_t t = n; t >= 0; --t)
    after[t] = std::max(after[t + 1], profile[t]);
}

std::optional<Candidate> Rematerializer::recomputable(Operation *op) {
  if (!rematerializable(op))
    return std::nullopt;
  int64_t n = static_cast<int64_t>(ops.size());
  Candidate c;
  c.producer = op;
  c.at = n;
  for (Value v : op->getResults()) {
    if (rootOf(v) != v || !(start[v] < peakAt && end[v] > peakAt))
      continue;
    // Outputs stay (returned themselves or through a bitcast); a read at
    // the peak keeps the value there.
    if (end[v] == n)
      return std::nullopt;
    SmallVector<int64_t> reads;
    readPositions(v, reads);
    int64_t last = start[v];
    for (int64_t p : reads) {
      if (p == peakAt || p == n)
        return std::nullopt;
      if (p > peakAt)
        c.at = std::min(c.at, p);
      else
        last = std::max(last, p);
    }
    c.values.push_back(v);
    c.lastRead.push_back(last);
  }
  if (c.values.empty() || c.at == n)
    return std::nullopt;
  return c;
}

std::optional<Candidate> Rematerializer::build(const Candidate &seed,
                                               size_t maxOps) {
  Candidate c = seed;
  Operation *producer = c.producer;
  int64_t at = c.at;
  for (Value v : c.values)
    c.freed += bytes.lookup(v);
  SetVector<Operation *> members;
  SmallVector<Operation *> work = {producer};
  DenseSet<Value> counted;
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (!members.insert(op))
      continue;
    for (Value operand : op->getOperands()) {
      Value root = rootOf(operand);
      if (!root || counted.count(root))
        continue;
      // Live at the peak anyway, but perhaps dead right after it: then it
      // lives on to the clones (which frees nothing, but costs after the
      // peak; without it a value read right after the peak moves there
      // and back for ever).
      if (liveAtPeak(root)) {
        if (end.lookup(root) < at) {
          counted.insert(root);
          c.extended.push_back(root);
        }
        continue;
      }
      // The root's producer, or a bitcast on the way to it (free to
      // clone: a reshape of a dense layer's output, say).
      Operation *def = operand.getDefiningOp();
      bool clonable = def == root.getDefiningOp() ? rematerializable(def)
                                                  : isBitcast(def, block);
      if (clonable && members.size() + work.size() < maxOps) {
        work.push_back(def);
        continue;
      }
      // Kept alive until the clones read it.
      counted.insert(root);
      c.extended.push_back(root);
      c.freed -= bytes.lookup(root);
    }
  }
  // A clone at `at` must not read a donated argument already overwritten.
  for (Operation *op : members)
    for (Value operand : op->getOperands())
      if (BlockArgument arg = argumentOf(operand))
        if (auto it = overwrittenAt.find(arg);
            it != overwrittenAt.end() && it->second <= at)
          return std::nullopt;
  if (c.freed <= 0)
    return std::nullopt;
  c.block.assign(members.begin(), members.end());
  llvm::sort(c.block, [&](Operation *a, Operation *b) {
    return position.lookup(a) < position.lookup(b);
  });
  for (Operation *op : c.block) {
    c.cost = tpc::saturatingAdd(c.cost, contractionFlops(op));
    for (Type type : op->getResultTypes())
      c.cost = tpc::saturatingAdd(
          c.cost,
          tpc::saturatingProduct(cast<RankedTensorType>(type).getShape()));
  }
  c.cost = std::max<int64_t>(c.cost, 1);
  return c;
}

std::pair<int64_t, int64_t>
Rematerializer::peakAfter(const Candidate &c) const {
  // Each freed value dies at its last use before the peak and comes back
  // at `at`; extended values live on to `at`; the clones' other results
  // live only while the block is computed.
  SmallVector<std::pair<int64_t, int64_t>> freedFrom; // (last use, bytes)
  int64_t from = c.at;
  for (auto [v, last] : llvm::zip(c.values, c.lastRead)) {
    freedFrom.emplace_back(last, bytes.lookup(v));
    from = std::min(from, last + 1);
  }
  for (Value v : c.extended)
    from = std::min(from, end.lookup(v) + 1);
  std::vector<int64_t> delta(c.at - from + 2, 0);
  auto add = [&](int64_t lo, int64_t hi, int64_t size) {
    if (lo > hi)
      return;
    delta[lo - from] += size;
    delta[hi - from + 1] -= size;
  };
  for (auto [last, size] : freedFrom)
    add(last + 1, c.at - 1, -size);
  for (Value v : c.extended)
    add(end.lookup(v) + 1, c.at, bytes.lookup(v));
  for (Operation *op : c.block)
    for (Value v : op->getResults())
      if (!llvm::is_contained(c.values, v))
        add(c.at, c.at, bytes.lookup(v));
  int64_t highest = std::max(before[from], after[c.at + 1]);
  int64_t peak = profile[peakAt];
  int64_t n = static_cast<int64_t>(profile.size());
  int64_t count = atPeak[from] + (atPeak[n] - atPeak[c.at + 1]);
  int64_t running = 0;
  for (int64_t t = from; t <= c.at; ++t) {
    running += delta[t - from];
    highest = std::max(highest, profile[t] + running);
    count += profile[t] + running == peak;
  }
  // The clones run at a new position before `at`, as high as `at` but for
  // what `at`'s op allocates: counted as high as `at`. (Otherwise moving a
  // value read right after the peak looks like progress, and two such
  // values trade places for ever.)
  count += profile[c.at] + running == peak;
  return {highest, count};
}

/// `loc` with `.remat` appended to its last name (not an op type, which
/// ends in ':'), keeping what a fused location records; none without one.
std::optional<Location> renamed(Location loc) {
  MLIRContext *context = loc.getContext();
  if (auto name = dyn_cast<NameLoc>(loc)) {
    if (name.getName().getValue().ends_with(":"))
      return std::nullopt;
    return NameLoc::get(
        StringAttr::get(context, name.getName().str() + ".remat"),
        name.getChildLoc());
  }
  auto fused = dyn_cast<FusedLoc>(loc);
  if (!fused)
    return std::nullopt;
  // The last name, which the memory report's Operator line shows.
  SmallVector<Location> parts(fused.getLocations());
  for (Location &part : llvm::reverse(parts))
    if (std::optional<Location> next = renamed(part)) {
      part = *next;
      return FusedLoc::get(context, parts, fused.getMetadata());
    }
  return std::nullopt;
}

/// The location of a recomputation of `op`: its name with `.remat`, as XLA
/// names a recomputed instruction, or the op's kind with it.
Location rematLoc(Operation *op) {
  Location loc = op->getLoc();
  if (std::optional<Location> next = renamed(loc))
    return *next;
  MLIRContext *context = op->getContext();
  auto name = NameLoc::get(
      StringAttr::get(context, op->getName().stripDialect().str() + ".remat"));
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    SmallVector<Location> parts = {name};
    llvm::append_range(parts, fused.getLocations());
    return FusedLoc::get(context, parts, fused.getMetadata());
  }
  return NameLoc::get(name.getName(), loc);
}

void Rematerializer::apply(const Candidate &c) {
  OpBuilder builder(ops[c.at]);
  IRMapping mapping;
  for (Operation *op : c.block) {
    Operation *clone = builder.clone(*op, mapping);
    clone->setLoc(rematLoc(op));
  }
  int64_t peak = peakAt;
  // Readers after the peak read the clone; a bitcast made before the peak
  // and read after it is made again from the clone for them.
  std::function<void(Value, Value)> redirect = [&](Value original,
                                                   Value clone) {
    original.replaceUsesWithIf(clone, [&](OpOperand &use) {
      auto it = position.find(use.getOwner());
      return it != position.end() && it->second > peak;
    });
    SmallVector<Operation *> bitcasts;
    for (Operation *user : original.getUsers())
      if (position.lookup(user) < peak && isBitcast(user, block) &&
          !llvm::is_contained(bitcasts, user))
        bitcasts.push_back(user);
    for (Operation *bitcast : bitcasts) {
      SmallVector<int64_t> reads;
      readPositions(bitcast->getResult(0), reads);
      if (llvm::none_of(reads, [&](int64_t p) { return p > peak; }))
        continue;
      IRMapping operand;
      operand.map(original, clone);
      Operation *copy = builder.clone(*bitcast, operand);
      copy->setLoc(rematLoc(bitcast));
      redirect(bitcast->getResult(0), copy->getResult(0));
      // Read only after the peak: moved, so the original may go too.
      if (bitcast->use_empty())
        bitcast->erase();
    }
  };
  for (Value original : c.values)
    redirect(original, mapping.lookup(original));
  for (auto [from, to] : mapping.getValueMap())
    if (bytes.count(from))
      bytes[to] = bytes.lookup(from);
}

void Rematerializer::readPositions(Value v,
                                   SmallVectorImpl<int64_t> &out) const {
  for (Operation *user : v.getUsers()) {
    int64_t p = position.lookup(user);
    if (p < peakAt && isBitcast(user, block))
      readPositions(user->getResult(0), out);
    else
      out.push_back(p);
  }
}

bool Rematerializer::overLimit(int64_t limit) const {
  if (fixed + profile[peakAt] > limit)
    return true;
  std::vector<tpc::LiveBuffer> buffers;
  for (Value v : heap)
    if (start.lookup(v) <= end.lookup(v) && bytes.lookup(v) > 0)
      buffers.push_back({bytes.lookup(v), start.lookup(v), end.lookup(v)});
  absl::StatusOr<tpc::HeapAssignment> packed =
      tpc::packBuffers(buffers, alignment);
  return !packed.ok() || fixed + packed->heapSize > limit;
}

bool Rematerializer::eraseIfDead(Operation *op) {
  if (!op->use_empty())
    return false;
  op->erase();
  return true;
}

Outcome Rematerializer::run(int64_t limit) {
  Outcome outcome;
  outcome.before = outcome.after = peak();
  for (Operation *op : ops) {
    int64_t flops = contractionFlops(op);
    outcome.flops = tpc::saturatingAdd(outcome.flops, flops);
    if (inForwardPass(op->getLoc()))
      outcome.forwardFlops = tpc::saturatingAdd(outcome.forwardFlops, flops);
  }
  // Each step lowers the peak or the number of positions at its height, so
  // the loop ends; the bound keeps its cost in check on huge programs.
  size_t steps = 4 * ops.size() + 64;
  while (overLimit(limit) && steps-- > 0) {
    std::vector<Candidate> candidates;
    SetVector<Operation *> producers;
    for (Value v : heap)
      if (start[v] < peakAt && end[v] > peakAt)
        producers.insert(v.getDefiningOp());
    for (Operation *producer : producers) {
      std::optional<Candidate> seed = recomputable(producer);
      if (!seed)
        continue;
      // Every block size: a longer block keeps fewer operands alive.
      size_t lastSize = 0;
      for (size_t size = 1; size <= kMaxBlock; ++size) {
        std::optional<Candidate> c = build(*seed, size);
        if (c && c->block.size() != lastSize) {
          lastSize = c->block.size();
          candidates.push_back(std::move(*c));
        }
      }
    }
    // Most bytes per unit of cost first; ties: more bytes, then earlier.
    llvm::stable_sort(candidates, [&](const Candidate &a, const Candidate &b) {
      __int128 l = static_cast<__int128>(a.freed) * b.cost,
               r = static_cast<__int128>(b.freed) * a.cost;
      if (l != r)
        return l > r;
      return a.freed > b.freed;
    });
    // Progress is a lower peak, or fewer positions at its height.
    int64_t current = profile[peakAt];
    int64_t n = static_cast<int64_t>(profile.size());
    const Candidate *chosen = nullptr;
    for (const Candidate &c : candidates) {
      auto [highest, count] = peakAfter(c);
      if (highest < current || (highest == current && count < atPeak[n])) {
        chosen = &c;
        break;
      }
    }
    if (!chosen)
      break;
    Candidate c = *chosen;
    apply(c);
    outcome.values += static_cast<int64_t>(c.values.size());
    outcome.ops += static_cast<int64_t>(c.block.size());
    // Originals whose every use moved (the producer, then the block's ops
    // it alone read) are not computed twice.
    int64_t extra = 0;
    for (Operation *op : c.block)
      extra = tpc::saturatingAdd(extra, contractionFlops(op));
    for (Operation *op : llvm::reverse(c.block)) {
      int64_t moved = contractionFlops(op);
      if (eraseIfDead(op))
        extra -= moved;
    }
    outcome.extraFlops = tpc::saturatingAdd(outcome.extraFlops, extra);
    refresh();
  }
  outcome.after = fixed + profile[peakAt];
  return outcome;
}

struct TPURematerializePass
    : tpu::impl::TPURematerializeBase<TPURematerializePass> {
  using TPURematerializeBase::TPURematerializeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const tpc::Target &spec = getTarget(module);
    int64_t limit = hbmLimit(module, spec);
    for (auto func : module.getOps<func::FuncOp>()) {
      // Loop bodies and branches run inside their caller's frame.
      if (func.isExternal() || isOutlined(func) ||
          !func.getBody().hasOneBlock())
        continue;
      if (failed(rematerialize(func, spec, limit)))
        return signalPassFailure();
    }
  }

  LogicalResult rematerialize(func::FuncOp func, const tpc::Target &spec,
                              int64_t limit) {
    Block &block = func.getBody().front();
    Rematerializer remat(func, spec.hbmAlignment);
    // Most programs fit even with every value live at once: nothing to
    // schedule (this keeps the pass linear and the IR untouched).
    if (failed(remat.measure({})))
      return failure();
    if (remat.total() <= limit)
      return success();
    // The order buffer assignment would choose, with donation's hints.
    DenseMap<Value, ValueSize> &sizes = remat.valueSizes();
    Donation donation(func, donateArguments && !isOutlined(func));
    ScheduleHints hints = donation.scheduleHints();
    for (auto [original, copy] : hints.copies)
      for (auto [from, to] :
           llvm::zip(original->getResults(), copy->getResults()))
        sizes[to] = sizes.lookup(from);
    SmallVector<Operation *> order = schedule(block, sizes, hints);
    Operation *terminator = block.getTerminator();
    for (Operation *op : order)
      op->moveBefore(terminator);
    if (failed(remat.measure(hints.donated)))
      return failure();
    if (remat.peak() <= limit)
      return success();
    func->setAttr(kScheduledAttrName, UnitAttr::get(func.getContext()));
    Outcome outcome = remat.run(limit);
    // Buffer assignment, which knows whether the program fits, reports it.
    MLIRContext *context = func.getContext();
    auto i64 = [&](int64_t v) {
      return IntegerAttr::get(IntegerType::get(context, 64), v);
    };
    NamedAttribute fields[] = {
        {StringAttr::get(context, "before"), i64(outcome.before)},
        {StringAttr::get(context, "after"), i64(outcome.after)},
        {StringAttr::get(context, "values"), i64(outcome.values)},
        {StringAttr::get(context, "ops"), i64(outcome.ops)},
        {StringAttr::get(context, "extra_flops"), i64(outcome.extraFlops)},
        {StringAttr::get(context, "flops"), i64(outcome.flops)},
        {StringAttr::get(context, "forward_flops"), i64(outcome.forwardFlops)}};
    func->setAttr(kRematerializationAttrName,
                  DictionaryAttr::get(context, fields));
    return success();
  }
};

} // namespace
