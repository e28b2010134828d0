//===- HbmAllocator.h - Best-fit allocator over simulated HBM ---*- C++ -*-===//
//
// The runtime's allocator for arguments, results and temporaries: offsets in
// a simulated HBM range of fixed capacity, best fit with coalescing of free
// neighbours, every block aligned. Failures are absl::Status values, never
// aborts. Thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_HBMALLOCATOR_H
#define TPU_RUNTIME_HBMALLOCATOR_H

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <set>

namespace tpurt {

struct HbmStats {
  int64_t capacity = 0;
  /// Bytes in live blocks (sizes rounded up to the alignment).
  int64_t inUse = 0;
  int64_t peakInUse = 0;
  int64_t liveBlocks = 0;
  int64_t largestFreeBlock = 0;
  int64_t freeBytes() const { return capacity - inUse; }
  /// 1 - largest free block / free bytes: 0 when the free space is one
  /// block, near 1 when it is scattered.
  double fragmentation() const {
    return freeBytes() ? 1.0 - static_cast<double>(largestFreeBlock) /
                                   static_cast<double>(freeBytes())
                       : 0.0;
  }
};

class HbmAllocator {
public:
  /// `capacity` bytes starting at offset 0, blocks aligned to `alignment`
  /// (a power of two). Use create() to get errors instead of a clamp.
  static absl::StatusOr<HbmAllocator> create(int64_t capacity,
                                             int64_t alignment);

  HbmAllocator(HbmAllocator &&other) noexcept;

  /// The offset of a new block of at least `bytes` (0 is served as one
  /// alignment unit). RESOURCE_EXHAUSTED when no free block is large enough:
  /// "Attempting to allocate 1.00G. That was not possible. There are 512.00M
  /// free."
  absl::StatusOr<int64_t> allocate(int64_t bytes);

  /// Frees the block at `offset`; INVALID_ARGUMENT if no live block starts
  /// there (a double free, or an offset never returned).
  absl::Status free(int64_t offset);

  /// The size of the live block at `offset`, or NOT_FOUND.
  absl::StatusOr<int64_t> blockSize(int64_t offset) const;

  HbmStats stats() const;

private:
  HbmAllocator(int64_t capacity, int64_t alignment);
  void insertFree(int64_t offset, int64_t size);
  void eraseFree(std::map<int64_t, int64_t>::iterator block);

  mutable std::mutex mutex;
  int64_t alignment;
  HbmStats current;
  /// Free blocks by offset, and the same blocks by (size, offset) for best
  /// fit (the smallest block that fits, the lowest such offset).
  std::map<int64_t, int64_t> freeByOffset;
  std::set<std::pair<int64_t, int64_t>> freeBySize;
  std::map<int64_t, int64_t> live;
};

} // namespace tpurt

#endif // TPU_RUNTIME_HBMALLOCATOR_H
