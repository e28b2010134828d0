//===- MemoryOrigins.cpp - Where live HBM comes from ----------------------===//
//
// Part of tpu-assign-buffers (passes/memory/MemoryOrigins.h).
//
//===----------------------------------------------------------------------===//

#include "passes/memory/MemoryOrigins.h"

#include "runtime/machine/NameScope.h"
#include "runtime/machine/Shape.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tpu;

void mlir::tpu::operatorOf(Location loc, tpc::Allocation &allocation) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    allocation.opName = name.getName().str();
    return;
  }
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations()) {
      // tpu-pad wraps an op's location to record its logical types.
      if (isa<FusedLoc>(part)) {
        operatorOf(part, allocation);
        continue;
      }
      if (auto name = dyn_cast<NameLoc>(part)) {
        StringRef text = name.getName().getValue();
        if (text.consume_back(":"))
          allocation.opType = text.str();
        else
          allocation.opName = text.str();
      }
    }
}

namespace {

/// The classes, in the order the report lists them.
enum Class {
  kDonated,
  kArguments,
  kSaved,
  kBackward,
  kOutputs,
  kTemporaries,
  kConstants,
  kClasses
};

constexpr const char *kClassNames[kClasses] = {
    "parameters and optimizer state (donated)",
    "other arguments",
    "saved activations (read by the backward pass)",
    "gradients and backward temporaries",
    "outputs",
    "temporaries",
    "constants"};

std::string opNameOf(Location loc) {
  tpc::Allocation allocation;
  operatorOf(loc, allocation);
  return allocation.opName;
}

std::string scopeOf(StringRef name) {
  return tpc::nameScopeOf(std::string_view(name.data(), name.size()));
}

/// An argument's tree path up to its first key: `params['dense_0']['w']`
/// is `params`, `opt_state.mu['dense_0']` is `opt_state.mu`.
std::string argumentScope(Value arg) {
  std::string name = opNameOf(arg.getLoc());
  if (name.empty())
    return "(arguments without names)";
  return name.substr(0, name.find('['));
}

/// A forward value (under `jvp(...)`) that an op of the backward pass
/// (`transpose(jvp(...))`) reads is saved for it.
bool readByBackward(ArrayRef<Value> values) {
  for (Value v : values)
    for (Operation *user : v.getUsers())
      if (StringRef(opNameOf(user->getLoc())).contains("transpose("))
        return true;
  return false;
}

Class classOf(const LiveAllocation &a, const DenseSet<Value> &outputs) {
  switch (a.kind) {
  case LiveAllocation::Kind::DonatedArgument:
    return kDonated;
  case LiveAllocation::Kind::Argument:
    return kArguments;
  case LiveAllocation::Kind::Constant:
    return kConstants;
  case LiveAllocation::Kind::Frame:
    return kTemporaries;
  case LiveAllocation::Kind::Heap:
    break;
  }
  if (llvm::any_of(a.values, [&](Value v) { return outputs.count(v); }))
    return kOutputs;
  std::string name = a.values.empty() ? "" : opNameOf(a.values[0].getLoc());
  if (StringRef(name).contains("transpose("))
    return kBackward;
  if (StringRef(name).contains("jvp(") && readByBackward(a.values))
    return kSaved;
  return kTemporaries;
}

} // namespace

bool mlir::tpu::inForwardPass(Location loc) {
  std::string name = opNameOf(loc);
  return StringRef(name).contains("jvp(") &&
         !StringRef(name).contains("transpose(");
}

void mlir::tpu::describeOrigins(ArrayRef<LiveAllocation> live,
                                const DenseSet<Value> &outputs, unsigned top,
                                tpc::MemoryReport &report) {
  report.byClass.assign(kClasses, {});
  for (int c = 0; c < kClasses; ++c)
    report.byClass[c].name = kClassNames[c];
  llvm::StringMap<tpc::Origin> scopes;
  for (const LiveAllocation &a : live) {
    tpc::Origin &cls = report.byClass[classOf(a, outputs)];
    std::string scope;
    if (a.kind == LiveAllocation::Kind::DonatedArgument ||
        a.kind == LiveAllocation::Kind::Argument)
      scope = argumentScope(a.values[0]);
    else if (a.values.empty())
      scope = scopeOf(opNameOf(a.op->getLoc()));
    else
      scope = scopeOf(opNameOf(a.values[0].getLoc()));
    tpc::Origin &group = scopes[scope];
    group.name = scope;
    for (tpc::Origin *origin : {&cls, &group}) {
      origin->padded = tpc::saturatingAdd(origin->padded, a.padded);
      origin->unpadded = tpc::saturatingAdd(origin->unpadded, a.unpadded);
    }
  }
  std::vector<tpc::Origin> sorted;
  for (auto &entry : scopes)
    sorted.push_back(entry.second);
  // Largest first, then by name: StringMap's order is not deterministic.
  std::sort(sorted.begin(), sorted.end(),
            [](const tpc::Origin &a, const tpc::Origin &b) {
              return a.padded != b.padded ? a.padded > b.padded
                                          : a.name < b.name;
            });
  report.otherScopes = {};
  for (size_t i = 0; i < sorted.size(); ++i) {
    if (i < top) {
      report.byScope.push_back(sorted[i]);
      continue;
    }
    report.otherScopes.padded =
        tpc::saturatingAdd(report.otherScopes.padded, sorted[i].padded);
    report.otherScopes.unpadded =
        tpc::saturatingAdd(report.otherScopes.unpadded, sorted[i].unpadded);
  }
  if (sorted.size() > top)
    report.otherScopes.name =
        std::to_string(sorted.size() - top) +
        (sorted.size() - top == 1 ? " more scope" : " more scopes");
}
