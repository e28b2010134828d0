//===- HeapSimulator.cpp - Packing buffers with live ranges ---------------===//

#include "passes/memory/HeapSimulator.h"

#include "runtime/machine/Shape.h"

#include "absl/status/status.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

namespace tpc {

namespace {

/// The placed buffers, indexed by live range: each overlapping query costs
/// O(log n + k) for its k overlapping buffers, not a scan of all placed
/// ones (O(n^2) over a program). A buffer overlapping [s, e] is live at s
/// (a stabbing query on a segment tree over positions) or starts in
/// (s, e] (a map by start); no buffer is both.
class PlacedIndex {
public:
  explicit PlacedIndex(const std::vector<LiveBuffer> &buffers) {
    int64_t last = 0;
    for (const LiveBuffer &buffer : buffers)
      last = std::max(last, buffer.end);
    while (leaves <= last)
      leaves *= 2;
    covering.resize(2 * leaves);
  }

  void insert(size_t id, const LiveBuffer &buffer) {
    byStart.emplace(buffer.start, id);
    // The canonical nodes whose ranges [start, end] covers.
    for (int64_t lo = buffer.start + leaves, hi = buffer.end + leaves + 1;
         lo < hi; lo /= 2, hi /= 2) {
      if (lo & 1)
        covering[lo++].push_back(id);
      if (hi & 1)
        covering[--hi].push_back(id);
    }
  }

  template <typename Fn> void forEachOverlapping(const LiveBuffer &b, Fn fn) {
    for (int64_t node = b.start + leaves; node >= 1; node /= 2)
      for (size_t id : covering[node])
        fn(id);
    for (auto it = byStart.upper_bound(b.start);
         it != byStart.end() && it->first <= b.end; ++it)
      fn(it->second);
  }

private:
  int64_t leaves = 1;
  std::vector<std::vector<size_t>> covering;
  std::multimap<int64_t, size_t> byStart;
};

/// Places buffers in `order`; `sizes` are already aligned.
absl::StatusOr<HeapAssignment> place(const std::vector<LiveBuffer> &buffers,
                                     const std::vector<int64_t> &sizes,
                                     const std::vector<size_t> &order) {
  HeapAssignment result;
  result.offsets.assign(buffers.size(), 0);
  PlacedIndex placed(buffers);
  std::vector<std::pair<int64_t, int64_t>> busy;
  for (size_t i : order) {
    // Occupied ranges of the placed buffers that are live at the same time.
    busy.clear();
    placed.forEachOverlapping(buffers[i], [&](size_t j) {
      busy.emplace_back(result.offsets[j], result.offsets[j] + sizes[j]);
    });
    std::sort(busy.begin(), busy.end());
    // Best fit: the smallest gap that holds the buffer; else above all.
    int64_t best = -1, bestGap = std::numeric_limits<int64_t>::max();
    int64_t cursor = 0;
    for (auto [begin, end] : busy) {
      int64_t gap = begin - cursor;
      if (gap >= sizes[i] && gap < bestGap) {
        best = cursor;
        bestGap = gap;
      }
      cursor = std::max(cursor, end);
    }
    int64_t offset = best >= 0 ? best : cursor;
    std::optional<int64_t> top = checkedAdd(offset, sizes[i]);
    if (!top)
      return absl::OutOfRangeError("the heap size overflows int64");
    result.offsets[i] = offset;
    result.heapSize = std::max(result.heapSize, *top);
    placed.insert(i, buffers[i]);
  }
  return result;
}

} // namespace

absl::StatusOr<HeapAssignment>
packBuffers(const std::vector<LiveBuffer> &buffers, int64_t alignment) {
  std::vector<int64_t> sizes;
  for (const LiveBuffer &buffer : buffers) {
    if (buffer.start < 0 || buffer.end < buffer.start)
      return absl::InvalidArgumentError("a live range is not [start, end] "
                                        "with 0 <= start <= end");
    std::optional<int64_t> size = checkedRoundUp(buffer.size, alignment);
    if (!size)
      return absl::OutOfRangeError("a buffer size overflows int64");
    sizes.push_back(*size);
  }
  std::vector<size_t> bySize(buffers.size());
  std::iota(bySize.begin(), bySize.end(), 0);
  std::vector<size_t> byLength = bySize;
  auto startThenIndex = [&](size_t a, size_t b) {
    return std::tie(buffers[a].start, a) < std::tie(buffers[b].start, b);
  };
  std::stable_sort(bySize.begin(), bySize.end(), [&](size_t a, size_t b) {
    if (sizes[a] != sizes[b])
      return sizes[a] > sizes[b];
    return startThenIndex(a, b);
  });
  std::stable_sort(byLength.begin(), byLength.end(), [&](size_t a, size_t b) {
    int64_t la = buffers[a].end - buffers[a].start;
    int64_t lb = buffers[b].end - buffers[b].start;
    if (la != lb)
      return la > lb;
    if (sizes[a] != sizes[b])
      return sizes[a] > sizes[b];
    return startThenIndex(a, b);
  });
  absl::StatusOr<HeapAssignment> first = place(buffers, sizes, bySize);
  if (!first.ok())
    return first.status();
  absl::StatusOr<HeapAssignment> second = place(buffers, sizes, byLength);
  if (!second.ok())
    return second.status();
  HeapAssignment result = second->heapSize < first->heapSize
                              ? *std::move(second)
                              : *std::move(first);

  // The live sum over positions: +size at start, -size after end.
  std::map<int64_t, int64_t> delta;
  for (size_t i = 0; i < buffers.size(); ++i) {
    delta[buffers[i].start] += sizes[i];
    delta[buffers[i].end + 1] -= sizes[i];
  }
  int64_t live = 0;
  for (auto [position, change] : delta) {
    live += change; // Bounded by heapSize, which did not overflow.
    if (live > result.peakLive) {
      result.peakLive = live;
      result.peakPosition = position;
    }
  }
  return result;
}

} // namespace tpc
