//===- Sharding.cpp - whole tensors and the tiles devices hold -----------===//

#include "runtime/Sharding.h"

#include "absl/strings/str_cat.h"

namespace tpurt {

bool isPartitioned(const Function &function) {
  for (const std::vector<TensorSpec> *specs :
       {&function.arguments, &function.results})
    for (const TensorSpec &spec : *specs)
      if (spec.partitioned())
        return true;
  return false;
}

namespace {
/// Calls f(tile index, whole index) for every element of a tile of `dims`
/// at `origin` in a tensor of `whole` dimensions, row-major.
template <typename F>
void forEachTileElement(const std::vector<int64_t> &dims,
                        const std::vector<int64_t> &origin,
                        const std::vector<int64_t> &whole, F f) {
  int64_t count = 1;
  for (int64_t d : dims)
    count *= d;
  std::vector<int64_t> index(dims.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t at = 0;
    for (size_t d = 0; d < dims.size(); ++d)
      at = at * whole[d] + origin[d] + index[d];
    f(n, at);
    for (int64_t d = static_cast<int64_t>(dims.size()) - 1; d >= 0; --d) {
      if (++index[d] < dims[d])
        break;
      index[d] = 0;
    }
  }
}
} // namespace

HostTensor tileOf(const HostTensor &whole, const TensorSpec &spec,
                  int64_t device) {
  HostTensor tile(whole.element, spec.dims);
  forEachTileElement(
      spec.dims, spec.tileOrigin(device), whole.dims,
      [&](int64_t n, int64_t at) { tile.values[n] = whole.values[at]; });
  return tile;
}

absl::StatusOr<std::vector<HostTensor>>
tileInputs(const Function &function, const std::vector<HostTensor> &whole,
           int64_t device) {
  if (!isPartitioned(function))
    return whole;
  if (whole.size() != function.arguments.size())
    return absl::InvalidArgumentError(absl::StrCat(
        "function '", function.name, "' takes ", function.arguments.size(),
        " arguments, but ", whole.size(), " inputs were given"));
  std::vector<HostTensor> tiles;
  for (size_t i = 0; i < whole.size(); ++i) {
    const TensorSpec &spec = function.arguments[i];
    std::vector<int64_t> dims = spec.wholeDims();
    if (whole[i].element != spec.element || whole[i].dims != dims)
      return absl::InvalidArgumentError(absl::StrCat(
          "argument ", i, " of '", function.name, "' must be ",
          tensorTypeName(spec.element, dims), ", but the input is ",
          tensorTypeName(whole[i].element, whole[i].dims)));
    tiles.push_back(spec.partitioned() ? tileOf(whole[i], spec, device)
                                       : whole[i]);
  }
  return tiles;
}

HostTensor wholeOf(const TensorSpec &spec,
                   const std::vector<const HostTensor *> &tiles) {
  HostTensor whole(spec.element, spec.wholeDims());
  std::vector<bool> done(whole.values.size(), false);
  for (size_t d = 0; d < tiles.size(); ++d) {
    if (!tiles[d])
      continue;
    forEachTileElement(spec.dims, spec.tileOrigin(d), whole.dims,
                       [&](int64_t n, int64_t at) {
                         if (!done[at])
                           whole.values[at] = tiles[d]->values[n];
                         done[at] = true;
                       });
  }
  return whole;
}

absl::StatusOr<std::vector<RunResult>>
runOnTopology(const Executable &executable, const tpc::Topology &topology,
              const std::string &function,
              const std::vector<HostTensor> &inputs,
              const RunOptions &options) {
  if (topology.devices() == 1) {
    absl::StatusOr<RunResult> one =
        run(executable, *topology.target, function, inputs, options);
    if (!one.ok())
      return one.status();
    std::vector<RunResult> runs;
    runs.push_back(std::move(*one));
    return runs;
  }
  absl::StatusOr<std::vector<RunResult>> runs =
      runSlice(executable, topology, function, inputs, options);
  if (!runs.ok())
    return runs.status();
  const Function *f = executable.findFunction(function);
  if (!options.timingOnly && f && isPartitioned(*f)) {
    for (size_t i = 0; i < f->results.size(); ++i) {
      std::vector<const HostTensor *> tiles;
      for (const RunResult &device : *runs)
        tiles.push_back(&device.results[i]);
      runs->front().results[i] = wholeOf(f->results[i], tiles);
    }
  }
  return runs;
}

} // namespace tpurt
