//===- AssignBuffers.cpp - tpu-assign-buffers -----------------------------===//
//
// Scheduling, live ranges, HBM offsets and XLA's memory report. Buffers are
// sized by their padded layouts; arguments live outside the program (the
// caller allocates them), constants in a global region, everything else in
// one heap packed by tpc::packBuffers. See docs/memory.md.
//
//===----------------------------------------------------------------------===//

#include "dialects/tpu/TPUDialect.h"
#include "passes/memory/Donation.h"
#include "passes/memory/MemoryOrigins.h"
#include "passes/PassUtils.h"
#include "passes/memory/Schedule.h"
#include "runtime/machine/Topology.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "passes/memory/HeapSimulator.h"
#include "passes/memory/MemoryReport.h"
#include "runtime/machine/Target.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace mlir::tpu {
#define GEN_PASS_DEF_TPUASSIGNBUFFERS
#include "passes/memory/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;

bool mlir::tpu::isOutOfMemory(ModuleOp module) {
  return module->hasAttr(kOutOfMemoryAttrName);
}

namespace {

/// A heap buffer: the values that share it, in order, and its live range.
struct Buffer {
  SmallVector<Value, 2> values;
  int64_t size = 0, unpadded = 0, start = 0, end = 0;
};

/// Fills report.timeline: per schedule position, arguments and constants
/// plus the heap buffers live there (padded sizes aligned, as the heap
/// places them).
void timeline(ArrayRef<Operation *> order, ArrayRef<Buffer> heap,
              tpc::MemoryReport &report, int64_t argumentsUnpadded,
              int64_t globalUnpadded, int64_t alignment, AsmState &state) {
  size_t n = order.size();
  // Differences at each position; the live sums are their prefix sums.
  std::vector<int64_t> padded(n + 1, 0), unpadded(n + 1, 0);
  // packBuffers has checked that the aligned sizes and their sum fit.
  // Buffers start at an op; outputs end at the return, position n.
  for (const Buffer &buffer : heap) {
    size_t last = std::min<size_t>(buffer.end, n - 1);
    int64_t size = *tpc::checkedRoundUp(buffer.size, alignment);
    padded[buffer.start] += size;
    padded[last + 1] -= size;
    unpadded[buffer.start] += buffer.unpadded;
    unpadded[last + 1] -= buffer.unpadded;
  }
  int64_t livePadded = tpc::saturatingAdd(report.arguments, report.global);
  int64_t liveUnpadded = tpc::saturatingAdd(argumentsUnpadded, globalUnpadded);
  for (size_t t = 0; t < n; ++t) {
    livePadded = tpc::saturatingAdd(livePadded, padded[t]);
    liveUnpadded = tpc::saturatingAdd(liveUnpadded, unpadded[t]);
    std::string label;
    llvm::raw_string_ostream os(label);
    Operation *op = order[t];
    if (op->getNumResults()) {
      op->getResult(0).printAsOperand(os, state);
      os << " = ";
    }
    os << op->getName().getStringRef();
    tpc::Allocation named;
    operatorOf(op->getLoc(), named);
    report.timeline.push_back({label, livePadded, liveUnpadded, named.opName});
  }
}

/// Buffer assignment of one function, in steps: measure every value,
/// schedule, form buffers (in-place writes and bitcasts share), pack them
/// with the constants, describe the largest for the report, and attach the
/// offsets.
/// What an outlined function needs of its caller: its constants go in the
/// caller's global region, its heap in a frame the caller's heap holds
/// while the loop or branch runs.
struct Frame {
  int64_t global = 0, globalUnpadded = 0, temp = 0;
};

/// The functions a loop or branch op calls, in order.
SmallVector<StringRef> calleesOf(Operation *op) {
  SmallVector<StringRef> names;
  if (auto loop = dyn_cast<hlo::WhileCallOp>(op)) {
    names = {loop.getCond(), loop.getBody()};
  } else if (auto branches = dyn_cast<hlo::CaseCallOp>(op)) {
    for (Attribute branch : branches.getBranches())
      names.push_back(cast<FlatSymbolRefAttr>(branch).getValue());
  }
  return names;
}

class BufferAssigner {
public:
  BufferAssigner(const tpc::Target &target, func::FuncOp func, unsigned top,
                 bool donateAll, const llvm::StringMap<Frame> &callees)
      : target(target), func(func), top(top),
        donateAll(donateAll && !isOutlined(func)), callees(callees) {}

  /// Fills `report`; fails on invalid input (not on running out of memory).
  LogicalResult run(tpc::MemoryReport &report);
  /// What a caller reserves for this function, after run().
  Frame frame(const tpc::MemoryReport &report) const {
    return {report.global, globalUnpadded, report.temp};
  }

private:
  LogicalResult measure(Block &block);
  void scheduleOps(Block &block, tpc::MemoryReport &report);
  /// Donation's schedule hints, with the copies it made measured.
  ScheduleHints donationHints();
  void formBuffers(Block &block, tpc::MemoryReport &report);
  /// Whether `op`'s in-place `result` (at position t) lives in a donated
  /// argument's buffer, as an in-place chain through it; records it.
  bool inDonatedChain(Operation *op, Value result, int64_t t,
                      tpc::MemoryReport &report);
  LogicalResult pack(tpc::MemoryReport &report);
  void describeLargest(Block &block, tpc::MemoryReport &report);
  /// What is live at the peak, by class and name scope.
  void describeOrigins(Block &block, tpc::MemoryReport &report);
  void describeBuffers(Block &block, tpc::MemoryReport &report);
  void attachOffsets(Block &block, const tpc::MemoryReport &report);

  bool liveAtPeak(const Buffer &buffer) const {
    return buffer.start <= packed.peakPosition &&
           packed.peakPosition <= buffer.end;
  }
  int64_t lastUse(Value v) {
    int64_t last = position.lookup(v.getDefiningOp());
    for (Operation *user : v.getUsers())
      last = std::max(last, position.lookup(user));
    return outputs.count(v) ? end : last;
  }

  const tpc::Target &target;
  func::FuncOp func;
  unsigned top;
  bool donateAll;
  const llvm::StringMap<Frame> &callees;
  /// Loop and branch ops, each with the heap buffer of its callees' frame
  /// and the offsets of their globals in this function's global region.
  struct CallFrame {
    Operation *op;
    size_t buffer;
    SmallVector<int64_t> globals;
  };
  SmallVector<CallFrame> frames;
  std::optional<Donation> donation;
  /// Outputs that live in a donated argument's buffer.
  DenseMap<Value, int64_t> donatedArgumentOf;

  DenseMap<Value, ValueSize> sizes;
  /// A fusion reads its dense constants from HBM; splats are immediates.
  llvm::MapVector<Operation *, SmallVector<Value>> fusedConstants;
  SmallVector<Operation *> order;
  DenseMap<Operation *, int64_t> position;
  int64_t end = 0;
  /// Returned values: outputs, live to the end.
  DenseSet<Value> outputs;
  int64_t argumentsUnpadded = 0, globalUnpadded = 0;
  std::vector<Buffer> heap;
  DenseMap<Value, size_t> bufferOf;
  /// Constants and their offsets in the global region.
  std::vector<std::pair<Value, int64_t>> constants;
  tpc::HeapAssignment packed;
};

LogicalResult BufferAssigner::measure(Block &block) {
  auto addSize = [&](Value value) -> LogicalResult {
    if (!isa<RankedTensorType>(value.getType()))
      return emitError(value.getLoc())
             << "tpu-assign-buffers supports tensor values only, but found "
             << value.getType();
    FailureOr<ValueSize> size = sizeOf(value);
    if (failed(size))
      return failure();
    sizes[value] = *size;
    return success();
  };
  for (BlockArgument arg : block.getArguments())
    if (failed(addSize(arg)))
      return failure();
  for (Operation &op : block.without_terminator())
    for (Value result : op.getResults())
      if (failed(addSize(result)))
        return failure();
  // A fusion reads its dense constants from HBM; splats are immediates.
  func.walk([&](hlo::ConstantOp constant) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (isa<hlo::FusionOp>(constant->getParentOp()) && dense &&
        !dense.isSplat())
      fusedConstants[constant->getParentOp()].push_back(constant);
  });
  for (auto &[fusion, inner] : fusedConstants)
    for (Value constant : inner)
      if (failed(addSize(constant)))
        return failure();
  return success();
}

void BufferAssigner::scheduleOps(Block &block, tpc::MemoryReport &report) {
  // Schedule, then put the ops in that order; tpu-rematerialize fixed the
  // order of what it rewrote (rescheduling would move its recomputations
  // back to where the values were first computed).
  ScheduleHints hints = donationHints();
  Operation *terminator = block.getTerminator();
  if (func->hasAttr(kScheduledAttrName)) {
    order.clear();
    for (Operation &op : block.without_terminator())
      order.push_back(&op);
  } else {
    order = schedule(block, sizes, hints);
  }
  for (Operation *op : order)
    op->moveBefore(terminator);
  end = static_cast<int64_t>(order.size());
  for (auto [i, op] : llvm::enumerate(order))
    position[op] = static_cast<int64_t>(i);
  position[terminator] = end;

  // Classify. Returned values are outputs, live to the end.
  for (Value v : terminator->getOperands()) {
    if (!outputs.insert(v).second)
      continue;
    report.outputSize += sizes[v].padded;
    if (isa<BlockArgument>(v))
      report.outputSharedWithArguments += sizes[v].padded;
  }
  for (BlockArgument arg : block.getArguments()) {
    report.arguments += sizes[arg].padded;
    argumentsUnpadded += sizes[arg].unpadded;
  }
}

ScheduleHints BufferAssigner::donationHints() {
  ScheduleHints hints = donation->scheduleHints();
  for (auto [original, copy] : hints.copies) {
    for (auto [from, to] :
         llvm::zip(original->getResults(), copy->getResults()))
      sizes[to] = sizes.lookup(from);
    copy->walk([&](hlo::ConstantOp constant) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense || dense.isSplat())
        return;
      // Measured as the original's (the same type) was.
      FailureOr<ValueSize> size = sizeOf(constant);
      fusedConstants[copy].push_back(constant);
      sizes[constant] = succeeded(size) ? *size : ValueSize{};
    });
  }
  return hints;
}

void BufferAssigner::formBuffers(Block &block, tpc::MemoryReport &report) {
  // One heap buffer per value, except that an elementwise op writes into
  // an operand buffer of the same size whose last user it is, and an output
  // goes into a donated argument's buffer when one may hold it.
  for (Operation *op : order) {
    int64_t t = position[op];
    if (isBitcast(op, block)) {
      // The same bytes: the operand's buffer (or argument) lives on.
      Value operand = op->getOperand(0), result = op->getResult(0);
      auto it = bufferOf.find(operand);
      if (it != bufferOf.end()) {
        Buffer &buffer = heap[it->second];
        buffer.values.push_back(result);
        buffer.end = std::max(buffer.end, lastUse(result));
        bufferOf[result] = it->second;
      }
      continue;
    }
    if (op->hasTrait<OpTrait::ConstantLike>()) {
      constants.emplace_back(op->getResult(0), 0);
      continue;
    }
    for (Value constant : fusedConstants.lookup(op))
      constants.emplace_back(constant, 0);
    for (Value result : op->getResults()) {
      // Before writing in place: a donated buffer frees a heap buffer for
      // good, where an operand's buffer would live on as the output.
      if (BlockArgument donor = donation->donorFor(
              op, result, [&](Operation *op) { return position.lookup(op); })) {
        donatedArgumentOf[result] = donor.getArgNumber();
        report.outputSharedWithArguments += sizes[result].padded;
        continue;
      }
      if (writesInPlace(op) && inDonatedChain(op, result, t, report))
        continue;
      if (writesInPlace(op)) {
        auto reusable = llvm::find_if(op->getOpOperands(), [&](OpOperand &use) {
          Value operand = use.get();
          auto it = bufferOf.find(operand);
          return readsElementwise(use, result) && it != bufferOf.end() &&
                 heap[it->second].end == t &&
                 heap[it->second].values.back() == operand &&
                 !outputs.count(operand) &&
                 heap[it->second].size == sizes[result].padded;
        });
        if (reusable != op->getOpOperands().end()) {
          size_t reused = bufferOf[reusable->get()];
          Buffer &buffer = heap[reused];
          buffer.values.push_back(result);
          buffer.end = lastUse(result);
          buffer.unpadded = std::max(buffer.unpadded, sizes[result].unpadded);
          bufferOf[result] = reused;
          continue;
        }
      }
      bufferOf[result] = heap.size();
      heap.push_back({{result},
                      sizes[result].padded,
                      sizes[result].unpadded,
                      t,
                      lastUse(result)});
    }
    // The callees' heaps, live while the op runs; one at a time runs.
    if (SmallVector<StringRef> names = calleesOf(op); !names.empty()) {
      Buffer frame{{}, 0, 0, t, t};
      for (StringRef name : names) {
        frame.size = std::max(frame.size, callees.lookup(name).temp);
        frame.unpadded = frame.size;
      }
      frames.push_back({op, heap.size(), {}});
      heap.push_back(frame);
    }
  }
}

bool BufferAssigner::inDonatedChain(Operation *op, Value result, int64_t t,
                                    tpc::MemoryReport &report) {
  // Continued from an operand that lives in a donated argument and dies
  // here, or started where Donation sees the chain end as the output the
  // argument holds.
  int64_t arg = -1;
  for (OpOperand &use : op->getOpOperands()) {
    auto it = donatedArgumentOf.find(use.get());
    if (it != donatedArgumentOf.end() && !outputs.count(use.get()) &&
        lastUse(use.get()) == t && readsElementwise(use, result)) {
      arg = it->second;
      break;
    }
  }
  if (arg < 0)
    if (BlockArgument donor = donation->chainDonorFor(
            op, result, [&](Operation *op) { return position.lookup(op); }))
      arg = donor.getArgNumber();
  if (arg < 0)
    return false;
  donatedArgumentOf[result] = arg;
  if (outputs.count(result))
    report.outputSharedWithArguments += sizes[result].padded;
  return true;
}

LogicalResult BufferAssigner::pack(tpc::MemoryReport &report) {
  // Constants first, then the heap.
  int64_t alignment = target.hbmAlignment;
  for (auto &[value, offset] : constants) {
    globalUnpadded = tpc::saturatingAdd(globalUnpadded, sizes[value].unpadded);
    offset = report.global;
    std::optional<int64_t> size =
        tpc::checkedRoundUp(sizes[value].padded, alignment);
    std::optional<int64_t> next =
        size ? tpc::checkedAdd(report.global, *size) : std::nullopt;
    if (!next)
      return func.emitOpError("constants overflow a 64-bit address space");
    report.global = *next;
  }
  // Then the callees' constants, each function's block as it placed them.
  for (CallFrame &frame : frames)
    for (StringRef name : calleesOf(frame.op)) {
      const Frame &callee = callees.lookup(name);
      frame.globals.push_back(report.global);
      std::optional<int64_t> next =
          tpc::checkedAdd(report.global, callee.global);
      if (!next)
        return func.emitOpError("constants overflow a 64-bit address space");
      report.global = *next;
      globalUnpadded =
          tpc::saturatingAdd(globalUnpadded, callee.globalUnpadded);
    }
  std::vector<tpc::LiveBuffer> live;
  for (const Buffer &buffer : heap)
    live.push_back({buffer.size, buffer.start, buffer.end});
  absl::StatusOr<tpc::HeapAssignment> assignment =
      tpc::packBuffers(live, alignment);
  if (!assignment.ok())
    return func.emitOpError("cannot pack its buffers: ")
           << std::string(assignment.status().message());
  packed = std::move(*assignment);
  report.temp = packed.heapSize;
  report.peakPosition = packed.peakPosition;
  for (const Buffer &buffer : heap)
    if (liveAtPeak(buffer)) {
      report.tempPaddedAtPeak += buffer.size;
      report.tempUnpaddedAtPeak += buffer.unpadded;
    }
  return success();
}

void BufferAssigner::describeLargest(Block &block, tpc::MemoryReport &report) {
  // The largest allocations (labelled before the offsets are attached):
  // heap buffers (named after the value that
  // defines them) and constants, largest first, then in schedule order.
  // A fusion is labelled by its signature, as XLA labels `fusion(...)`
  // without the fused computation, and a constant's values beyond a few are
  // elided (placeholders of weights printed elided among them), as XLA
  // prints `constant({...})`.
  AsmState state(func, OpPrintingFlags()
                           .skipRegions()
                           .assumeVerified()
                           .elideLargeElementsAttrs(16));
  timeline(order, heap, report, argumentsUnpadded, globalUnpadded,
           target.hbmAlignment, state);
  // Labels print ops, so only the allocations listed get one: `describe`
  // records the sizes and the value, `label` fills in the rest.
  auto describe = [](int64_t size, int64_t unpadded, const char *type) {
    tpc::Allocation allocation;
    allocation.size = size;
    allocation.unpaddedSize = unpadded;
    allocation.allocationType = type;
    return allocation;
  };
  auto label = [&](Value v, tpc::Allocation &allocation) {
    operatorOf(v.getLoc(), allocation);
    allocation.shape = tpc::shapeToString(*toShape(logicalTypeOf(v)));
    std::string text;
    llvm::raw_string_ostream os(text);
    v.getDefiningOp()->print(os, state);
    std::replace(text.begin(), text.end(), '\n', ' ');
    allocation.label = text;
  };
  // (start, live at the peak, allocation, the value it still needs a label
  // from or null)
  std::vector<std::tuple<int64_t, bool, tpc::Allocation, Value>> all;
  for (const CallFrame &frame : frames) {
    const Buffer &buffer = heap[frame.buffer];
    tpc::Allocation allocation;
    allocation.size = allocation.unpaddedSize = buffer.size;
    operatorOf(frame.op->getLoc(), allocation);
    allocation.shape = "(the callees' temporaries)";
    std::string text;
    llvm::raw_string_ostream os(text);
    os << frame.op->getName().getStringRef() << " ";
    llvm::interleaveComma(calleesOf(frame.op), os,
                          [&](StringRef name) { os << "@" << name; });
    allocation.label = text;
    allocation.allocationType =
        isa<hlo::WhileCallOp>(frame.op) ? "loop body" : "branch";
    all.emplace_back(buffer.start, liveAtPeak(buffer), allocation, Value());
  }
  for (const Buffer &buffer : heap) {
    if (buffer.values.empty())
      continue;
    Value v = buffer.values.front();
    bool output =
        llvm::any_of(buffer.values, [&](Value v) { return outputs.count(v); });
    all.emplace_back(
        buffer.start, liveAtPeak(buffer),
        describe(buffer.size, buffer.unpadded, output ? "output" : "HLO temp"),
        v);
  }
  for (auto &[value, offset] : constants)
    all.emplace_back(
        position[block.findAncestorOpInBlock(*value.getDefiningOp())], true,
        describe(sizes[value].padded, sizes[value].unpadded, "constant"),
        value);
  std::stable_sort(all.begin(), all.end(), [](const auto &a, const auto &b) {
    if (std::get<2>(a).size != std::get<2>(b).size)
      return std::get<2>(a).size > std::get<2>(b).size;
    return std::get<0>(a) < std::get<0>(b);
  });
  for (auto &[start, atPeak, allocation, value] : all) {
    bool largest = report.largest.size() < top;
    bool peak = atPeak && report.atPeak.size() < top;
    if (!largest && !peak)
      continue;
    if (value)
      label(value, allocation);
    if (largest)
      report.largest.push_back(allocation);
    if (peak)
      report.atPeak.push_back(allocation);
  }
}

void BufferAssigner::describeBuffers(Block &block, tpc::MemoryReport &report) {
  // Named as the viewer shows them: the JAX op_name where the exporter
  // wrote one, else the op as the timeline labels it.
  DenseMap<size_t, Operation *> frameOps;
  for (const CallFrame &frame : frames)
    frameOps[frame.buffer] = frame.op;
  for (auto [i, buffer] : llvm::enumerate(heap)) {
    tpc::BufferSpan span;
    Operation *op = frameOps.lookup(i);
    Value v = buffer.values.empty() ? Value() : buffer.values.front();
    if (!op && v)
      op = v.getDefiningOp();
    tpc::Allocation named;
    if (op)
      operatorOf(op->getLoc(), named);
    span.name = !named.opName.empty() ? named.opName
                : size_t(buffer.start) < report.timeline.size()
                    ? report.timeline[buffer.start].op
                    : std::string();
    if (v) {
      span.shape = tpc::shapeToString(*toShape(logicalTypeOf(v)));
      span.kind = llvm::any_of(buffer.values,
                               [&](Value v) { return outputs.count(v); })
                      ? "output"
                      : "HLO temp";
    } else {
      span.shape = "(the callees' temporaries)";
      span.kind = isa_and_present<hlo::WhileCallOp>(op) ? "loop body" : "branch";
    }
    span.size = buffer.size;
    span.unpadded = buffer.unpadded;
    span.offset = i < packed.offsets.size() ? packed.offsets[i] : 0;
    span.start = buffer.start;
    span.end = std::min<int64_t>(buffer.end, int64_t(report.timeline.size()) - 1);
    report.buffers.push_back(std::move(span));
  }
  for (BlockArgument arg : block.getArguments()) {
    tpc::Allocation allocation;
    allocation.size = sizes[arg].padded;
    allocation.unpaddedSize = sizes[arg].unpadded;
    auto name = dyn_cast<NameLoc>(arg.getLoc());
    allocation.opName = name ? name.getName().str()
                             : "argument #" + std::to_string(arg.getArgNumber());
    if (std::optional<tpc::Shape> shape = toShape(logicalTypeOf(arg)))
      allocation.shape = tpc::shapeToString(*shape);
    allocation.allocationType =
        llvm::any_of(donatedArgumentOf,
                     [&](auto &e) { return e.second == int64_t(arg.getArgNumber()); })
            ? "donated parameter"
            : "parameter";
    report.argumentBuffers.push_back(std::move(allocation));
  }
}

void BufferAssigner::describeOrigins(Block &block, tpc::MemoryReport &report) {
  using Kind = LiveAllocation::Kind;
  auto aligned = [&](int64_t size) {
    return tpc::checkedRoundUp(size, target.hbmAlignment).value_or(size);
  };
  std::vector<LiveAllocation> live;
  DenseSet<int64_t> holding;
  for (auto &entry : donatedArgumentOf)
    holding.insert(entry.second);
  for (BlockArgument arg : block.getArguments())
    live.push_back({holding.count(arg.getArgNumber()) ? Kind::DonatedArgument
                                                      : Kind::Argument,
                    {arg},
                    nullptr,
                    sizes[arg].padded,
                    sizes[arg].unpadded});
  for (auto &[value, offset] : constants)
    live.push_back({Kind::Constant,
                    {value},
                    nullptr,
                    aligned(sizes[value].padded),
                    sizes[value].unpadded});
  for (const CallFrame &frame : frames) {
    int64_t global = 0, unpadded = 0;
    for (StringRef name : calleesOf(frame.op)) {
      global = tpc::saturatingAdd(global, callees.lookup(name).global);
      unpadded =
          tpc::saturatingAdd(unpadded, callees.lookup(name).globalUnpadded);
    }
    if (global)
      live.push_back({Kind::Constant, {}, frame.op, global, unpadded});
  }
  DenseMap<size_t, Operation *> frameOps;
  for (const CallFrame &frame : frames)
    frameOps[frame.buffer] = frame.op;
  for (auto [i, buffer] : llvm::enumerate(heap))
    if (liveAtPeak(buffer))
      live.push_back({buffer.values.empty() ? Kind::Frame : Kind::Heap,
                      buffer.values, frameOps.lookup(i), aligned(buffer.size),
                      buffer.unpadded});
  mlir::tpu::describeOrigins(live, outputs, top, report);
}

void BufferAssigner::attachOffsets(Block &block,
                                   const tpc::MemoryReport &report) {
  // Offsets for the lowering.
  Builder builder(func.getContext());
  DenseMap<Value, int64_t> offsetOf;
  for (auto &[value, offset] : constants)
    offsetOf[value] = offset;
  for (auto [i, buffer] : llvm::enumerate(heap))
    for (Value v : buffer.values)
      offsetOf[v] = report.global + packed.offsets[i];
  SmallVector<Operation *> placed(order);
  for (auto &[fusion, inner] : fusedConstants)
    for (Value constant : inner)
      placed.push_back(constant.getDefiningOp());
  for (Operation *op : placed) {
    // A bitcast of an argument lives in the argument's memory.
    if (isBitcast(op, block) && !offsetOf.count(op->getResult(0)))
      continue;
    SmallVector<int64_t> offsets, donated;
    for (Value result : op->getResults()) {
      offsets.push_back(offsetOf.lookup(result));
      donated.push_back(donatedArgumentOf.lookup_or(result, -1));
    }
    op->setAttr(kHbmOffsetsAttrName, builder.getDenseI64ArrayAttr(offsets));
    // A loop or branch: where its callees' heap and constants go.
    for (const CallFrame &frame : frames)
      if (frame.op == op) {
        SmallVector<int64_t> where = {report.global +
                                      packed.offsets[frame.buffer]};
        llvm::append_range(where, frame.globals);
        op->setAttr(kFrameAttrName, builder.getDenseI64ArrayAttr(where));
      }
    if (llvm::any_of(donated, [](int64_t d) { return d >= 0; }))
      op->setAttr(kDonatedArgumentsAttrName,
                  builder.getDenseI64ArrayAttr(donated));
  }
}

LogicalResult BufferAssigner::run(tpc::MemoryReport &report) {
  if (!func.getBody().hasOneBlock())
    return func.emitOpError(
        "tpu-assign-buffers supports single-block functions only");
  Block &block = func.getBody().front();
  if (failed(measure(block)))
    return failure();
  donation.emplace(func, donateAll);
  scheduleOps(block, report);
  formBuffers(block, report);
  donation->warnUnused();
  if (failed(pack(report)))
    return failure();
  describeLargest(block, report);
  describeOrigins(block, report);
  describeBuffers(block, report);
  attachOffsets(block, report);
  // Offsets below this are constants; tpu-lower relocates an outlined
  // function's constants and heap into its caller's.
  func->setAttr(kGlobalBytesAttrName,
                Builder(func.getContext()).getI64IntegerAttr(report.global));
  return success();
}

std::string sizeAndBytes(int64_t bytes) {
  return tpc::formatBytes(bytes) + " (" + std::to_string(bytes) + " bytes)";
}

/// What tpu-rematerialize did to `func`, now that the program is placed: a
/// remark with the bytes saved and the FLOPs spent when it fits, otherwise
/// XLA's warning (before the out-of-memory report).
void reportRematerialization(func::FuncOp func,
                             const tpc::MemoryReport &memory) {
  auto remat = func->getAttrOfType<DictionaryAttr>(kRematerializationAttrName);
  if (!remat)
    return;
  auto get = [&](StringRef key) {
    auto attr = remat.getAs<IntegerAttr>(key);
    return attr ? attr.getInt() : 0;
  };
  int64_t before = get("before"), after = get("after");
  // The figures are tpu-rematerialize's estimates (no fragmentation), but
  // for an estimate that fit where the placed program does not.
  if (!memory.fits()) {
    func.emitWarning() << "Can't reduce memory use below "
                       << sizeAndBytes(memory.capacity)
                       << " by rematerialization; only reduced to "
                       << sizeAndBytes(after > memory.capacity ? after
                                                               : memory.used())
                       << ", down from " << sizeAndBytes(before)
                       << " originally";
    return;
  }
  int64_t extra = get("extra_flops"), flops = get("flops");
  auto count = [](int64_t n, StringRef what) {
    return std::to_string(n) + " " + what.str() + (n == 1 ? "" : "s");
  };
  InFlightDiagnostic remark = func.emitRemark();
  remark << "rematerialization recomputed " << count(get("values"), "value")
         << " (" << count(get("ops"), "op") << ") to fit in "
         << tpc::formatBytes(memory.capacity)
         << ": the estimated peak fell from " << tpc::formatBytes(before)
         << " to " << tpc::formatBytes(after) << " ("
         << sizeAndBytes(before - after) << " saved)";
  if (!extra) {
    remark << " for no extra FLOPs";
    return;
  }
  char share[32];
  std::snprintf(share, sizeof(share), "%.1f%%",
                flops ? 100.0 * static_cast<double>(extra) / flops : 0.0);
  // The remark reports when it goes out of scope, after `share`: a copy.
  remark << " for " << extra << " extra FLOPs, " << std::string(share)
         << " of the program's " << flops;
  // A JAX training step's forward pass is what checkpointing repeats.
  if (int64_t forward = get("forward_flops")) {
    std::snprintf(share, sizeof(share), "%.2f",
                  static_cast<double>(extra) / forward);
    remark << " (" << std::string(share) << " forward passes)";
  }
}

struct TPUAssignBuffersPass
    : tpu::impl::TPUAssignBuffersBase<TPUAssignBuffersPass> {
  using TPUAssignBuffersBase::TPUAssignBuffersBase;
  TPUAssignBuffersPass(const TPUAssignBuffersOptions &options,
                       tpc::MemoryPlan *sink)
      : TPUAssignBuffersBase(options), sink(sink) {}

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const tpc::Target &spec = getTarget(module);
    module->removeAttr(kOutOfMemoryAttrName);
    MemoryPlanAnalysis &analysis = getAnalysis<MemoryPlanAnalysis>();
    tpc::MemoryPlan &plan = analysis.plan;
    plan = tpc::MemoryPlan();
    plan.target = std::string(spec.name);
    // An SPMD program: the report is each device's, as XLA's is.
    const tpc::Topology *topology = getTopology(module);
    if (topology && topology->devices() > 1) {
      plan.target = topology->name + " (each of " +
                    std::to_string(topology->devices()) + " devices)";
      plan.devices = topology->devices();
    }
    // Callees first (outlined functions follow their callers), so that a
    // caller knows its callees' frames; the plan lists them in module order.
    SmallVector<func::FuncOp> funcs;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        funcs.push_back(func);
    llvm::StringMap<Frame> frames;
    std::vector<tpc::MemoryReport> reports(funcs.size());
    for (size_t i = funcs.size(); i-- > 0;) {
      func::FuncOp func = funcs[i];
      tpc::MemoryReport &memory = reports[i];
      memory.function = func.getSymName().str();
      memory.capacity = hbmLimit(module, spec);
      memory.reserved = spec.reservedBytes;
      BufferAssigner assigner(spec, func, top, donateArguments, frames);
      if (failed(assigner.run(memory)))
        return signalPassFailure();
      frames[func.getSymName()] = assigner.frame(memory);
    }
    for (size_t i = 0; i < funcs.size(); ++i) {
      tpc::MemoryReport &memory = plan.functions.emplace_back(reports[i]);
      reportRematerialization(funcs[i], memory);
      // XLA's first line names the function; the report follows as a note
      // without a location, so that no source line and caret trail it.
      if (!memory.fits()) {
        InFlightDiagnostic diag =
            funcs[i].emitError(tpc::outOfMemoryLine(memory));
        if (topology && topology->devices() > 1)
          diag.attachNote(UnknownLoc::get(&getContext()))
              << "every one of the " << topology->devices() << " devices of "
              << topology->name
              << " runs this program in its own HBM: each is out of memory";
        diag.attachNote(UnknownLoc::get(&getContext()))
            << tpc::formatMemoryReport(memory);
      }
    }
    // The plan is handed over for programs that do not fit too: that is
    // when the report and the viewer are most wanted.
    if (sink)
      *sink = plan;
    if (!plan.fits()) {
      module->setAttr(kOutOfMemoryAttrName, UnitAttr::get(&getContext()));
      return signalPassFailure();
    }
    markAnalysesPreserved<MemoryPlanAnalysis>();
  }

private:
  tpc::MemoryPlan *sink = nullptr;
};

} // namespace

std::unique_ptr<Pass>
mlir::tpu::createTPUAssignBuffersPass(const TPUAssignBuffersOptions &options,
                                      tpc::MemoryPlan *plan) {
  return std::make_unique<TPUAssignBuffersPass>(options, plan);
}
