//===- Topology.cpp - TPU slices and their ICI cost model -----------------===//

#include "runtime/machine/Topology.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

#include <algorithm>
#include <set>

namespace tpc {

namespace {

/// What a generation's slices are built from (tpu-facts.md §10, from the
/// scaling book's tpus.md table and the Cloud TPU docs).
struct Generation {
  std::string_view name;
  /// 2 or 3 torus axes; the full pod's chips along each (wraparound exists
  /// only on a full axis; on 3D tori every multiple of 4 is one).
  int64_t rank;
  int64_t podAxis;
  /// TensorCores per chip that are separate devices (v2, v3).
  int64_t devicesPerChip;
  /// The number in `v4-8` counts TensorCores (v2-v5p) or chips (v5e, v6e).
  int64_t coresPerNameUnit;
  double linkBytesPerSecond;
};

// constexpr: constant-initialized, so parsing works during static
// initialization too (the tools build their --topology help then).
constexpr Generation kGenerations[] = {
    // v2's ICI is not in the scaling book's table: v3's figure is assumed.
    {"v2", 2, 16, 2, 2, 1e11},   {"v3", 2, 32, 2, 2, 1e11},
    {"v4", 3, 16, 1, 2, 4.5e10}, {"v5e", 2, 16, 1, 1, 4.5e10},
    {"v5p", 3, 16, 1, 2, 9e10},  {"v6e", 2, 16, 1, 1, 9e10},
};

const Generation *findGeneration(std::string_view name) {
  for (const Generation &g : kGenerations)
    if (g.name == name)
      return &g;
  return nullptr;
}

bool isPowerOfTwo(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

/// Cloud TPU's slice shapes: powers of two, as square (or cubic) as they go.
std::vector<int64_t> sliceShape(int64_t chips, int64_t rank) {
  std::vector<int64_t> dims(rank, 1);
  for (int64_t n = chips; n > 1; n /= 2)
    *std::min_element(dims.begin(), dims.end()) *= 2;
  // Ascending, unit axes last: v4-8 is 2x2x1, v4-32 2x2x4.
  std::sort(dims.begin(), dims.end());
  std::stable_partition(dims.begin(), dims.end(),
                        [](int64_t size) { return size > 1; });
  return dims;
}

Topology build(const Generation &gen, std::string_view name,
               std::vector<int64_t> dims) {
  Topology t;
  t.name = std::string(name);
  t.target = findTarget(gen.name);
  t.chipDims = std::move(dims);
  for (int64_t size : t.chipDims)
    t.wraparound.push_back(gen.rank == 3 ? size % 4 == 0 : size == gen.podAxis);
  t.devicesPerChip = gen.devicesPerChip;
  t.linkBytesPerSecond = gen.linkBytesPerSecond;
  t.linksPerChip = 2 * gen.rank;
  return t;
}

std::string generationNames() {
  std::string names;
  for (const Generation &g : kGenerations)
    names += (names.empty() ? "" : ", ") + std::string(g.name);
  return names;
}

} // namespace

int64_t Topology::chips() const {
  int64_t n = 1;
  for (int64_t size : chipDims)
    n *= size;
  return n;
}

std::vector<int64_t> Topology::meshDims() const {
  std::vector<int64_t> dims;
  if (devicesPerChip > 1)
    dims.push_back(devicesPerChip);
  dims.insert(dims.end(), chipDims.begin(), chipDims.end());
  return dims;
}

std::vector<int64_t> Topology::coordinates(int64_t device) const {
  std::vector<int64_t> coords;
  for (int64_t size : meshDims()) {
    coords.push_back(device % size);
    device /= size;
  }
  return coords;
}

std::string Topology::describe() const {
  std::string shape;
  for (int64_t size : chipDims)
    shape += (shape.empty() ? "" : "x") + std::to_string(size);
  return absl::StrCat(shape, " chips (", devices(), " devices, ",
                      std::string(target->name), "), ",
                      formatBytes(target->hbmBytes), " of HBM per device (",
                      formatBytes(target->hbmCapacity()), " usable)");
}

Topology singleDevice(const Target &target) {
  const Generation *gen = findGeneration(target.name);
  Topology t = build(*gen, target.name, std::vector<int64_t>(gen->rank, 1));
  t.devicesPerChip = 1;
  return t;
}

namespace {

/// A positive decimal number, or -1.
int64_t parseCount(std::string_view text) {
  int64_t n = 0;
  return absl::SimpleAtoi(std::string(text), &n) && n > 0 ? n : -1;
}

std::string str(std::string_view s) { return std::string(s); }

std::optional<Topology> parseMesh(const Generation &gen, std::string_view name,
                                  std::string_view mesh, std::string *error) {
  std::vector<int64_t> dims;
  for (size_t at = 0;;) {
    size_t x = mesh.find('x', at);
    int64_t size = parseCount(mesh.substr(at, x - at));
    if (size < 1 || size > gen.podAxis) {
      *error = absl::StrCat("each axis is 1 to ", gen.podAxis, " chips on ",
                            str(gen.name));
      return std::nullopt;
    }
    dims.push_back(size);
    if (x == std::string_view::npos)
      break;
    at = x + 1;
  }
  if (static_cast<int64_t>(dims.size()) != gen.rank) {
    *error = absl::StrCat(str(gen.name), " chips form a ", gen.rank,
                          "D torus: give ", gen.rank, " axes");
    return std::nullopt;
  }
  return build(gen, name, std::move(dims));
}

} // namespace

std::optional<Topology> parseTopology(std::string_view name,
                                      std::string *error) {
  std::string why;
  auto fail = [&](std::string message) -> std::optional<Topology> {
    *error = absl::StrCat("invalid topology '", str(name), "': ", message);
    return std::nullopt;
  };
  size_t colon = name.find(':');
  size_t cut = colon != std::string_view::npos ? colon : name.find('-');
  if (cut == std::string_view::npos)
    return fail("expected a Cloud TPU name such as v3-8 or v5e-16, or a "
                "generation and chip mesh such as v5e:4x4");
  std::string_view prefix = name.substr(0, cut);
  // Cloud TPU names v5e slices v5litepod-N (N chips).
  if (colon == std::string_view::npos && prefix == "v5litepod")
    prefix = "v5e";
  const Generation *gen = findGeneration(prefix);
  if (!gen)
    return fail(absl::StrCat("unknown generation '", str(name.substr(0, cut)),
                             "'; expected ", generationNames()));
  std::string_view rest = name.substr(cut + 1);
  if (colon != std::string_view::npos) {
    std::optional<Topology> t = parseMesh(*gen, name, rest, &why);
    return t ? t : fail(why);
  }
  int64_t count = parseCount(rest);
  if (count < 1)
    return fail("the size must be a positive number");
  int64_t chips = count / gen->coresPerNameUnit;
  int64_t maxChips = 1;
  for (int64_t i = 0; i < gen->rank; ++i)
    maxChips *= gen->podAxis;
  if (count % gen->coresPerNameUnit != 0 || !isPowerOfTwo(chips) ||
      chips > maxChips)
    return fail(absl::StrCat(
        str(gen->name), " slices have a power of two ",
        gen->coresPerNameUnit == 1 ? "chips" : "TensorCores (2 per chip)",
        " up to ", maxChips * gen->coresPerNameUnit,
        "; for another shape give the mesh, e.g. ", str(gen->name), ":",
        gen->rank == 3 ? "2x2x4" : "4x4"));
  return build(*gen, name, sliceShape(chips, gen->rank));
}

std::string_view collectiveName(CollectiveKind kind) {
  switch (kind) {
  case CollectiveKind::AllGather:
    return "all-gather";
  case CollectiveKind::ReduceScatter:
    return "reduce-scatter";
  case CollectiveKind::AllReduce:
    return "all-reduce";
  case CollectiveKind::AllToAll:
    return "all-to-all";
  case CollectiveKind::CollectivePermute:
    return "collective-permute";
  }
  return "collective";
}

namespace {

/// The mesh axes a group spans, with how many devices along each; empty
/// when the group is not a box of the mesh (all combinations of contiguous
/// coordinate ranges).
struct Span {
  std::vector<int64_t> axes, sizes;
  bool regular = true;
};

Span spanOf(const Topology &t, const std::vector<int64_t> &group) {
  std::vector<int64_t> mesh = t.meshDims();
  std::vector<std::set<int64_t>> seen(mesh.size());
  std::set<std::vector<int64_t>> points;
  for (int64_t device : group) {
    std::vector<int64_t> c = t.coordinates(device);
    for (size_t a = 0; a < mesh.size(); ++a)
      seen[a].insert(c[a]);
    points.insert(c);
  }
  Span span;
  int64_t box = 1;
  for (size_t a = 0; a < mesh.size(); ++a) {
    auto size = static_cast<int64_t>(seen[a].size());
    if (size == 1)
      continue;
    // Contiguous: a range of coordinates (or the whole axis).
    if (*seen[a].rbegin() - *seen[a].begin() + 1 != size)
      span.regular = false;
    span.axes.push_back(static_cast<int64_t>(a));
    span.sizes.push_back(size);
    box *= size;
  }
  if (box != static_cast<int64_t>(points.size()) ||
      points.size() != group.size())
    span.regular = false;
  return span;
}

/// Whether mesh axis `a` spanned by `size` devices is a ring.
bool isRing(const Topology &t, int64_t a, int64_t size) {
  int64_t chipAxis = t.devicesPerChip > 1 ? a - 1 : a;
  return chipAxis >= 0 && size == t.chipDims[chipAxis] &&
         t.wraparound[chipAxis] && size > 2;
}

/// Hops between two devices: torus distance on each chip axis, one hop
/// between the cores of a chip.
int64_t hops(const Topology &t, int64_t from, int64_t to) {
  std::vector<int64_t> a = t.coordinates(from), b = t.coordinates(to);
  std::vector<int64_t> mesh = t.meshDims();
  int64_t total = 0;
  for (size_t i = 0; i < mesh.size(); ++i) {
    int64_t d = std::abs(a[i] - b[i]);
    if (isRing(t, static_cast<int64_t>(i), mesh[i]))
      d = std::min(d, mesh[i] - d);
    total += d;
  }
  return total;
}

} // namespace

CollectiveCost
collectiveCost(const Topology &t, CollectiveKind kind, int64_t bytes,
               const std::vector<int64_t> &group,
               const std::vector<std::pair<int64_t, int64_t>> &pairs) {
  CollectiveCost cost;
  double w1 = t.linkBytesPerSecond;
  if (kind == CollectiveKind::CollectivePermute) {
    // Each pair streams V bytes down its own path; contention between
    // pairs that share a link is not modelled.
    int64_t maxHops = 0;
    for (auto [from, to] : pairs)
      maxHops = std::max(maxHops, hops(t, from, to));
    if (maxHops == 0)
      return cost;
    cost.steps = maxHops;
    cost.bytesSent = bytes;
    cost.seconds = maxHops * kIciHopSeconds + bytes / w1;
    return cost;
  }
  auto n = static_cast<int64_t>(group.size());
  if (n <= 1)
    return cost;
  Span span = spanOf(t, group);
  cost.regular = span.regular;
  if (!span.regular) {
    span.axes = {-1};
    span.sizes = {n};
  }
  // A bidirectional ring of m devices passes V/m per direction per step in
  // ceil((m-1)/2) steps; a line (no wraparound) in m-1 steps over one
  // direction. Axes run at once, their bandwidths adding (the book's
  // V / (W * axes)).
  double bandwidth = 0;
  for (size_t i = 0; i < span.axes.size(); ++i) {
    int64_t axis = span.axes[i], m = span.sizes[i];
    bool ring = axis >= 0 && isRing(t, axis, m);
    int64_t steps = ring ? m / 2 : m - 1;
    cost.axes.push_back(axis);
    cost.rings.push_back(ring);
    cost.steps += steps;
    bandwidth += static_cast<double>(m) * w1 / static_cast<double>(steps);
  }
  double transfer = bytes / bandwidth;
  double share = static_cast<double>(n - 1) / static_cast<double>(n);
  switch (kind) {
  case CollectiveKind::AllGather:
  case CollectiveKind::ReduceScatter:
    cost.bytesSent = static_cast<int64_t>(share * bytes);
    break;
  case CollectiveKind::AllReduce:
    // A reduce-scatter, then an all-gather.
    cost.steps *= 2;
    transfer *= 2;
    cost.bytesSent = static_cast<int64_t>(2 * share * bytes);
    break;
  case CollectiveKind::AllToAll:
    transfer /= 4;
    cost.bytesSent = static_cast<int64_t>(share * bytes / n);
    break;
  case CollectiveKind::CollectivePermute:
    break;
  }
  cost.seconds = cost.steps * kIciHopSeconds + transfer;
  return cost;
}

} // namespace tpc
