//===- HeapSimulator.h - Packing buffers with live ranges -------*- C++ -*-===//
//
// Offsets for buffers that are live over intervals of a sequential schedule,
// in the manner of XLA's GlobalDecreasingSizeBestFitHeap: buffers are placed
// one at a time, largest first, each into the smallest gap left by the
// already placed buffers whose live ranges overlap its own, or above them all
// if no gap fits. Plain C++ so that it is unit-testable on its own.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_PASSES_MEMORY_HEAPSIMULATOR_H
#define TPU_PASSES_MEMORY_HEAPSIMULATOR_H

#include "absl/status/statusor.h"

#include <cstdint>
#include <vector>

namespace tpc {

/// A buffer of `size` bytes, live at schedule positions [start, end].
struct LiveBuffer {
  int64_t size;
  int64_t start;
  int64_t end;
};

struct HeapAssignment {
  /// One offset per buffer, in input order; each a multiple of the alignment.
  std::vector<int64_t> offsets;
  /// Bytes from 0 to the end of the highest buffer.
  int64_t heapSize = 0;
  /// The largest sum of (aligned) sizes live at one position: the heap size
  /// no packing can beat. heapSize - peakLive is the fragmentation.
  int64_t peakLive = 0;
  /// The first position at which peakLive is reached.
  int64_t peakPosition = 0;
};

/// Runs the best-fit heap twice, with buffers ordered by decreasing size and
/// by decreasing live-range length (ties by start, then input order), and
/// returns the smaller heap; XLA's default does the same. Sizes are rounded
/// up to `alignment`; a size or heap that overflows int64, or a live range
/// that is not 0 <= start <= end, is an error.
absl::StatusOr<HeapAssignment>
packBuffers(const std::vector<LiveBuffer> &buffers, int64_t alignment);

} // namespace tpc

#endif // TPU_PASSES_MEMORY_HEAPSIMULATOR_H
