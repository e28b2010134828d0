//===- Collectives.cpp - The reference evaluator on many devices ----------===//
//
// Reductions combine the group's operands in group order, rounding to the
// element type after each step (as a ring of f32 adds would); the runtime
// computes the same order with its own code.
//
//===----------------------------------------------------------------------===//

#include "compiler/reference/Collectives.h"
#include "compiler/reference/Evaluator.h"
#include "compiler/reference/Scalar.h"

#include "dialects/hlo/HLOOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <mutex>
#include <thread>

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::reference;

bool reference::isCollective(Operation *op) {
  return isa<hlo::AllReduceOp, hlo::AllGatherOp, hlo::ReduceScatterOp,
             hlo::AllToAllOp, hlo::CollectivePermuteOp>(op);
}

void Rendezvous::finished(int64_t collectives) {
  std::lock_guard<std::mutex> lock(mutex);
  fewest = std::min(fewest, collectives);
  ready.notify_all();
}

void Rendezvous::abort() {
  std::lock_guard<std::mutex> lock(mutex);
  aborted = true;
  ready.notify_all();
}

FailureOr<HostTensor> Rendezvous::exchange(Operation *op, int64_t sequence,
                                           int64_t device, HostTensor operand) {
  std::unique_lock<std::mutex> lock(mutex);
  auto unreachable = [&] {
    return op->emitOpError("is collective #")
           << sequence
           << " on some devices, but others finished without reaching it: "
              "the devices took different branches or loop counts";
  };
  if (sequence >= fewest)
    return unreachable();
  Round &round = rounds[sequence];
  if (round.inputs.empty()) {
    round.op = op;
    round.inputs.resize(devices);
  }
  if (round.op != op) {
    // Control flow that differs between devices: a program error, reported
    // on both ops in the order of their locations (whichever device came
    // second, the message is the same).
    aborted = true;
    ready.notify_all();
    auto where = [](Operation *o) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << o->getLoc();
      auto file = o->getLoc()->findInstanceOf<FileLineColLoc>();
      return file ? std::make_tuple(file.getFilename().str(), file.getLine(),
                                    file.getColumn(), text)
                  : std::make_tuple(std::string(), 0u, 0u, text);
    };
    Operation *first = round.op, *second = op;
    if (where(second) < where(first))
      std::swap(first, second);
    InFlightDiagnostic diag = first->emitOpError("is collective #")
                              << sequence
                              << " on some devices, but others reached a "
                                 "different one: the devices took different "
                                 "branches or loop counts";
    diag.attachNote(second->getLoc()) << "the other collective";
    return diag;
  }
  round.inputs[device] = std::move(operand);
  if (++round.arrived == devices) {
    std::optional<std::string> error =
        computeCollective(op, round.inputs, round.outputs);
    round.done = true;
    round.failed = error.has_value();
    ready.notify_all();
    if (error)
      return op->emitOpError(*error);
  }
  ready.wait(lock, [&] { return round.done || aborted || sequence >= fewest; });
  if (!round.done && sequence >= fewest)
    return unreachable();
  if (!round.done || round.failed)
    return failure();
  HostTensor result = std::move(round.outputs[device]);
  if (++round.taken == devices)
    rounds.erase(sequence);
  return result;
}

namespace {

using Groups = SmallVector<SmallVector<int64_t>>;

/// Checks that `groups` cover `devices` devices exactly.
std::optional<std::string> checkGroups(const Groups &groups, int64_t devices) {
  std::vector<bool> seen(devices, false);
  for (ArrayRef<int64_t> group : groups)
    for (int64_t id : group) {
      if (id >= devices)
        return "device id " + std::to_string(id) + " is not one of the " +
               std::to_string(devices) + " devices";
      seen[id] = true;
    }
  for (int64_t d = 0; d < devices; ++d)
    if (!seen[d])
      return "device " + std::to_string(d) + " of " + std::to_string(devices) +
             " is in no group";
  return std::nullopt;
}

/// `a` combined with `b` by `kind`, as stored in `type`.
double combine(hlo::ReduceKind kind, Type type, double a, double b) {
  bool sum = kind == hlo::ReduceKind::sum;
  if (type.isInteger(1))
    return sum || kind == hlo::ReduceKind::max ? (a != 0 || b != 0)
                                               : (a != 0 && b != 0);
  if (isWide(type)) {
    auto x = static_cast<uint64_t>(tpc::toWord(a));
    auto y = static_cast<uint64_t>(tpc::toWord(b));
    bool below = isUnsigned(type)
                     ? x < y
                     : static_cast<int64_t>(x) < static_cast<int64_t>(y);
    uint64_t r = sum                                ? x + y
                 : kind == hlo::ReduceKind::product ? x * y
                 : kind == hlo::ReduceKind::max     ? (below ? y : x)
                                                    : (below ? x : y);
    return tpc::fromWord(static_cast<int64_t>(r));
  }
  if (!isFloat(type)) {
    auto x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
    if (sum || kind == hlo::ReduceKind::product)
      return static_cast<double>(
          wrap(type, static_cast<int64_t>(sum ? static_cast<uint64_t>(x) + y
                                              : static_cast<uint64_t>(x) * y)));
    return kind == hlo::ReduceKind::max ? std::max(a, b) : std::min(a, b);
  }
  switch (kind) {
  case hlo::ReduceKind::sum:
    return roundTo(type, a + b);
  case hlo::ReduceKind::product:
    return roundTo(type, a * b);
  case hlo::ReduceKind::max:
    return maximum(a, b);
  case hlo::ReduceKind::min:
    return minimum(a, b);
  }
  return a;
}

HostTensor reduceGroup(hlo::ReduceKind kind, Type type,
                       ArrayRef<HostTensor> inputs, ArrayRef<int64_t> group) {
  HostTensor acc = inputs[group[0]];
  for (int64_t id : group.drop_front())
    for (int64_t i = 0; i < acc.elements(); ++i)
      acc.values[i] = combine(kind, type, acc.values[i], inputs[id].values[i]);
  return acc;
}

/// Elements before, along and after dimension `dim` of `dims`.
struct Split {
  int64_t outer = 1, size = 1, inner = 1;
};
Split around(ArrayRef<int64_t> dims, int64_t dim) {
  Split s;
  for (int64_t d = 0; d < static_cast<int64_t>(dims.size()); ++d)
    (d < dim ? s.outer : d == dim ? s.size : s.inner) *= dims[d];
  return s;
}

/// Piece `i` of `parts` equal pieces of `t` along `dim`.
HostTensor piece(const HostTensor &t, int64_t dim, int64_t parts, int64_t i) {
  Split s = around(t.dims, dim);
  int64_t len = s.size / parts;
  HostTensor out = t;
  out.dims[dim] = len;
  out.values.clear();
  for (int64_t o = 0; o < s.outer; ++o)
    for (int64_t k = i * len; k < (i + 1) * len; ++k)
      for (int64_t n = 0; n < s.inner; ++n)
        out.values.push_back(t.values[(o * s.size + k) * s.inner + n]);
  return out;
}

/// `pieces` concatenated along `dim`.
HostTensor join(ArrayRef<HostTensor> pieces, int64_t dim) {
  HostTensor out = pieces.front();
  out.dims[dim] *= static_cast<int64_t>(pieces.size());
  out.values.clear();
  Split s = around(pieces.front().dims, dim);
  for (int64_t o = 0; o < s.outer; ++o)
    for (const HostTensor &p : pieces)
      out.values.insert(out.values.end(),
                        p.values.begin() + o * s.size * s.inner,
                        p.values.begin() + (o + 1) * s.size * s.inner);
  return out;
}

Type elementOf(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType()).getElementType();
}

} // namespace

std::optional<std::string>
reference::computeCollective(Operation *op, ArrayRef<HostTensor> inputs,
                             std::vector<HostTensor> &outputs) {
  auto n = static_cast<int64_t>(inputs.size());
  outputs.assign(n, HostTensor());
  if (auto permute = dyn_cast<hlo::CollectivePermuteOp>(op)) {
    for (int64_t d = 0; d < n; ++d) {
      outputs[d] = inputs[d];
      std::fill(outputs[d].values.begin(), outputs[d].values.end(), 0.0);
    }
    for (ArrayRef<int64_t> pair : hlo::groupList(permute.getPairs())) {
      if (pair[0] >= n || pair[1] >= n)
        return "device id " + std::to_string(std::max(pair[0], pair[1])) +
               " is not one of the " + std::to_string(n) + " devices";
      outputs[pair[1]] = inputs[pair[0]];
    }
    return std::nullopt;
  }
  Groups groups =
      hlo::groupList(op->getAttrOfType<DenseIntElementsAttr>("groups"));
  if (std::optional<std::string> error = checkGroups(groups, n))
    return error;
  Type type = elementOf(op);
  for (ArrayRef<int64_t> group : groups) {
    auto size = static_cast<int64_t>(group.size());
    SmallVector<HostTensor> members;
    for (int64_t id : group)
      members.push_back(inputs[id]);
    TypeSwitch<Operation *>(op)
        .Case([&](hlo::AllReduceOp op) {
          HostTensor sum = reduceGroup(op.getKind(), type, inputs, group);
          for (int64_t id : group)
            outputs[id] = sum;
        })
        .Case([&](hlo::AllGatherOp op) {
          HostTensor all = join(members, op.getDimension());
          for (int64_t id : group)
            outputs[id] = all;
        })
        .Case([&](hlo::ReduceScatterOp op) {
          HostTensor sum = reduceGroup(op.getKind(), type, inputs, group);
          for (auto [i, id] : llvm::enumerate(group))
            outputs[id] = piece(sum, op.getDimension(), size, i);
        })
        .Case([&](hlo::AllToAllOp op) {
          for (auto [j, id] : llvm::enumerate(group)) {
            SmallVector<HostTensor> received;
            for (const HostTensor &sender : members)
              received.push_back(
                  piece(sender, op.getSplitDimension(), size, j));
            outputs[id] = join(received, op.getConcatDimension());
          }
        });
  }
  return std::nullopt;
}

FailureOr<SmallVector<SmallVector<HostTensor>>> reference::runOnDevices(
    MLIRContext *context, int64_t devices,
    llvm::function_ref<FailureOr<SmallVector<HostTensor>>(Spmd)> perDevice) {
  SmallVector<SmallVector<HostTensor>> results(devices);
  Rendezvous rendezvous(devices);
  std::vector<int64_t> sequences(devices, 0);
  std::vector<char> ok(devices, 0);
  // Each device's diagnostics are held back and only the first failing
  // device's are reported: how far the others got before stopping varies
  // from run to run, and the output must not.
  struct Held {
    Location loc;
    DiagnosticSeverity severity;
    std::string message;
    SmallVector<std::pair<Location, std::string>> notes;
  };
  std::vector<SmallVector<Held>> held(devices);
  thread_local int64_t current = -1;
  std::mutex heldMutex;
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      if (current < 0)
        return failure(); // not an evaluator thread: pass it on
      Held h{diag.getLocation(), diag.getSeverity(), diag.str(), {}};
      for (Diagnostic &note : diag.getNotes())
        h.notes.push_back({note.getLocation(), note.str()});
      std::lock_guard<std::mutex> lock(heldMutex);
      held[current].push_back(std::move(h));
      return success();
    });
    std::vector<std::thread> threads;
    for (int64_t d = 0; d < devices; ++d)
      threads.emplace_back([&, d] {
        current = d;
        Spmd spmd{d, &rendezvous, &sequences[d]};
        FailureOr<SmallVector<HostTensor>> out = perDevice(spmd);
        current = -1;
        if (failed(out)) {
          rendezvous.abort();
          return;
        }
        rendezvous.finished(sequences[d]);
        results[d] = std::move(*out);
        ok[d] = 1;
      });
    for (std::thread &t : threads)
      t.join();
  }
  for (const SmallVector<Held> &diags : held) {
    if (diags.empty())
      continue;
    for (const Held &h : diags) {
      InFlightDiagnostic diag =
          context->getDiagEngine().emit(h.loc, h.severity);
      diag << h.message;
      for (const auto &[loc, message] : h.notes)
        diag.attachNote(loc) << message;
    }
    break;
  }
  if (llvm::is_contained(ok, 0))
    return failure();
  return results;
}

/// Device `device`'s tile coordinates under `sharding` (all zero when it
/// is replicated), and the tile's shape.
static std::pair<SmallVector<int64_t>, std::vector<int64_t>>
tileAt(ArrayRef<int64_t> dims, hlo::ShardingAttr sharding, int64_t device) {
  SmallVector<int64_t> coords(dims.size(), 0);
  std::vector<int64_t> shape(dims.begin(), dims.end());
  if (sharding.tensorRank() < 0)
    return {coords, shape};
  ArrayRef<int64_t> tiles = sharding.getTiles();
  auto position = std::find(sharding.getDevices().begin(),
                            sharding.getDevices().end(), device) -
                  sharding.getDevices().begin();
  for (int64_t d = int64_t(tiles.size()) - 1; d >= 0; --d) {
    if (d < int64_t(dims.size())) {
      coords[d] = position % tiles[d];
      shape[d] = dims[d] / tiles[d];
    }
    position /= tiles[d];
  }
  return {coords, shape};
}

/// Calls `visit(wholeIndex, tileIndex)` for every element of the tile at
/// `coords` of shape `shape` in a tensor of `dims`.
static void forEachInTile(ArrayRef<int64_t> dims, ArrayRef<int64_t> coords,
                          ArrayRef<int64_t> shape,
                          llvm::function_ref<void(int64_t, int64_t)> visit) {
  int64_t count = 1;
  for (int64_t s : shape)
    count *= s;
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t whole = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      whole = whole * dims[d] + coords[d] * shape[d] + index[d];
    visit(whole, n);
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

HostTensor reference::tileOf(const HostTensor &whole,
                             hlo::ShardingAttr sharding, int64_t device) {
  auto [coords, shape] = tileAt(whole.dims, sharding, device);
  HostTensor tile(whole.element, shape);
  forEachInTile(whole.dims, coords, shape, [&](int64_t w, int64_t t) {
    tile.values[t] = whole.values[w];
  });
  return tile;
}

void reference::placeTile(HostTensor &whole, const HostTensor &tile,
                          hlo::ShardingAttr sharding, int64_t device) {
  auto [coords, shape] = tileAt(whole.dims, sharding, device);
  forEachInTile(whole.dims, coords, shape, [&](int64_t w, int64_t t) {
    whole.values[w] = tile.values[t];
  });
}
