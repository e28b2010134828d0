//===- Fabric.cpp - The slice's ICI, where devices' runs meet -------------===//
//
// Reductions combine the group's tensors in group order, rounding to the
// element type after each step, as docs/dialects/hlo.md defines.
//
//===----------------------------------------------------------------------===//

#include "runtime/Fabric.h"

#include "runtime/Numerics.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>

namespace tpurt {

Fabric::Fabric(const tpc::Topology &topology, int64_t runs)
    : topology_(topology), runs_(runs) {}

void Fabric::finished(int64_t collectives) {
  std::lock_guard<std::mutex> lock(mutex_);
  fewest_ = std::min(fewest_, collectives);
  cv_.notify_all();
}

void Fabric::abort() {
  std::lock_guard<std::mutex> lock(mutex_);
  aborted_ = true;
  cv_.notify_all();
}

absl::StatusOr<Exchange> Fabric::exchange(int64_t sequence, const Collective &c,
                                          int64_t device, int64_t ready,
                                          HostTensor input) {
  // Checked here too: a timing-only run moves no tensors.
  if (absl::Status s = checkGroups(c, topology_.devices()); !s.ok())
    return s;
  tpc::CollectiveCost cost = iciCost(topology_, c, device);
  Exchange out;
  out.cycles =
      static_cast<int64_t>(std::ceil(cost.seconds * topology_.target->clockHz));
  out.iciBytes = cost.bytesSent;
  if (runs_ == 1) {
    out.start = ready;
    return out;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  auto unreachable = [&] {
    return absl::FailedPreconditionError(absl::StrCat(
        "collective #", sequence,
        " is not reached by every device: the devices took different "
        "branches or loop counts"));
  };
  if (sequence >= fewest_)
    return unreachable();
  Round &round = rounds_[sequence];
  if (!round.step)
    round.step = &c;
  if (round.step != &c) {
    // Control flow the devices took differently: they would deadlock on
    // hardware; here every device stops.
    aborted_ = true;
    cv_.notify_all();
    return absl::FailedPreconditionError(absl::StrCat(
        "collective #", sequence,
        " is not the same step on every device: the devices took different "
        "branches or loop counts"));
  }
  round.inputs.resize(runs_);
  round.inputs[device] = std::move(input);
  round.ready = std::max(round.ready, ready);
  if (++round.arrived == runs_) {
    round.status = moveTensors(c, round.inputs, round.outputs);
    round.done = true;
    cv_.notify_all();
  }
  cv_.wait(lock, [&] { return round.done || aborted_ || sequence >= fewest_; });
  if (!round.done)
    return sequence >= fewest_ ? unreachable()
                               : absl::AbortedError("another device failed");
  if (!round.status.ok())
    return round.status;
  out.output = std::move(round.outputs[device]);
  out.start = round.ready;
  if (++round.taken == runs_)
    rounds_.erase(sequence);
  return out;
}

namespace {

/// The elements of `t` as [outer, size, inner] around dimension `dim`.
void around(const HostTensor &t, int64_t dim, int64_t &outer, int64_t &size,
            int64_t &inner) {
  outer = inner = 1;
  size = t.dims[dim];
  for (int64_t d = 0; d < t.rank(); ++d) {
    if (d < dim)
      outer *= t.dims[d];
    else if (d > dim)
      inner *= t.dims[d];
  }
}

/// Copies block `from` of `t` (cut into `parts` along `dim`) into block `to`
/// of `out` (made of `outParts` along the same dimension).
void moveBlock(const HostTensor &t, int64_t dim, int64_t parts, int64_t from,
               HostTensor &out, int64_t outParts, int64_t to) {
  int64_t outer, size, inner;
  around(t, dim, outer, size, inner);
  int64_t block = size / parts * inner;
  for (int64_t o = 0; o < outer; ++o)
    std::copy_n(t.values.begin() + o * size * inner + from * block, block,
                out.values.begin() + o * block * outParts + to * block);
}

double combine(ReduceKind kind, Element element, double acc, double x) {
  if (isWide(element))
    return reduceStepWide(kind, element, acc, x);
  return roundTo(element, reduceStep(kind, element, acc, x));
}

} // namespace

absl::Status checkGroups(const Collective &c, int64_t devices) {
  std::vector<bool> grouped(devices, false);
  for (const std::vector<int64_t> &row : c.groups)
    for (int64_t id : row) {
      if (id >= devices)
        return absl::InvalidArgumentError(
            absl::StrCat(std::string(collectiveOpName(c.op)), " names device ",
                         id, ", but the slice has ", devices));
      grouped[id] = true;
    }
  if (c.op == CollectiveOp::CollectivePermute)
    return absl::OkStatus();
  for (int64_t d = 0; d < devices; ++d)
    if (!grouped[d])
      return absl::InvalidArgumentError(
          absl::StrCat(std::string(collectiveOpName(c.op)), ": device ", d,
                       " of ", devices, " is in no group"));
  return absl::OkStatus();
}

absl::Status moveTensors(const Collective &c,
                         const std::vector<HostTensor> &inputs,
                         std::vector<HostTensor> &outputs) {
  auto n = static_cast<int64_t>(inputs.size());
  // Zeros: what a permute's non-targets receive, and the canvas the other
  // collectives write their blocks into.
  HostTensor zeros{c.dst.element, c.dst.dims, {}};
  zeros.values.assign(zeros.elements(), 0.0);
  outputs.assign(n, zeros);
  if (absl::Status s = checkGroups(c, n); !s.ok())
    return s;
  if (c.op == CollectiveOp::CollectivePermute) {
    for (const std::vector<int64_t> &pair : c.groups)
      outputs[pair[1]] = inputs[pair[0]];
    return absl::OkStatus();
  }
  for (const std::vector<int64_t> &group : c.groups) {
    auto size = static_cast<int64_t>(group.size());
    HostTensor sum = inputs[group[0]];
    if (c.op == CollectiveOp::AllReduce || c.op == CollectiveOp::ReduceScatter)
      for (size_t i = 1; i < group.size(); ++i)
        for (size_t e = 0; e < sum.values.size(); ++e)
          sum.values[e] = combine(c.reduce, sum.element, sum.values[e],
                                  inputs[group[i]].values[e]);
    for (int64_t j = 0; j < size; ++j) {
      HostTensor &out = outputs[group[j]];
      switch (c.op) {
      case CollectiveOp::AllReduce:
        out = sum;
        break;
      case CollectiveOp::ReduceScatter:
        moveBlock(sum, c.dims[0], size, j, out, 1, 0);
        break;
      case CollectiveOp::AllGather:
        for (int64_t i = 0; i < size; ++i)
          moveBlock(inputs[group[i]], c.dims[0], 1, 0, out, size, i);
        break;
      case CollectiveOp::AllToAll: {
        // Piece j of every sender, concatenated in group order.
        for (int64_t i = 0; i < size; ++i) {
          HostTensor part = inputs[group[i]];
          part.dims[c.dims[0]] /= size;
          part.values.assign(part.elements(), 0.0);
          moveBlock(inputs[group[i]], c.dims[0], size, j, part, 1, 0);
          moveBlock(part, c.dims[1], 1, 0, out, size, i);
        }
        break;
      }
      default:
        break;
      }
    }
  }
  return absl::OkStatus();
}

tpc::CollectiveCost iciCost(const tpc::Topology &topology, const Collective &c,
                            int64_t device) {
  if (c.op == CollectiveOp::DeviceId || !c.src)
    return {};
  int64_t elements = 1;
  for (int64_t d : c.src->dims)
    elements *= d;
  int64_t bytes = hbmBytes(c.src->element, elements);
  std::vector<int64_t> group;
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (const std::vector<int64_t> &row : c.groups) {
    if (c.op == CollectiveOp::CollectivePermute)
      pairs.push_back({row[0], row[1]});
    else if (std::find(row.begin(), row.end(), device) != row.end())
      group = row;
  }
  auto n = static_cast<int64_t>(group.size());
  tpc::CollectiveKind kind = tpc::CollectiveKind::AllReduce;
  switch (c.op) {
  case CollectiveOp::AllGather:
    kind = tpc::CollectiveKind::AllGather, bytes *= n;
    break;
  case CollectiveOp::ReduceScatter:
    kind = tpc::CollectiveKind::ReduceScatter;
    break;
  case CollectiveOp::AllToAll:
    kind = tpc::CollectiveKind::AllToAll, bytes *= n;
    break;
  case CollectiveOp::CollectivePermute:
    kind = tpc::CollectiveKind::CollectivePermute;
    break;
  default:
    break;
  }
  return tpc::collectiveCost(topology, kind, bytes, group, pairs);
}

} // namespace tpurt
