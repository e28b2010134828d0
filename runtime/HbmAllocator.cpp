//===- HbmAllocator.cpp - Best-fit allocator over simulated HBM -----------===//

#include "runtime/HbmAllocator.h"

#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

namespace tpurt {

absl::StatusOr<HbmAllocator> HbmAllocator::create(int64_t capacity,
                                                  int64_t alignment) {
  if (alignment <= 0 || (alignment & (alignment - 1)) != 0)
    return absl::InvalidArgumentError(absl::StrCat(
        "HBM alignment must be a positive power of two, not ", alignment));
  if (capacity < 0 || capacity % alignment != 0)
    return absl::InvalidArgumentError(
        absl::StrCat("HBM capacity must be a non-negative multiple of the ",
                     alignment, "-byte alignment, not ", capacity));
  return HbmAllocator(capacity, alignment);
}

HbmAllocator::HbmAllocator(int64_t capacity, int64_t alignment)
    : alignment(alignment) {
  current.capacity = capacity;
  if (capacity > 0)
    insertFree(0, capacity);
  current.largestFreeBlock = capacity;
}

HbmAllocator::HbmAllocator(HbmAllocator &&other) noexcept {
  std::lock_guard<std::mutex> lock(other.mutex);
  alignment = other.alignment;
  current = other.current;
  freeByOffset = std::move(other.freeByOffset);
  freeBySize = std::move(other.freeBySize);
  live = std::move(other.live);
}

void HbmAllocator::insertFree(int64_t offset, int64_t size) {
  freeByOffset.emplace(offset, size);
  freeBySize.emplace(size, offset);
}

void HbmAllocator::eraseFree(std::map<int64_t, int64_t>::iterator block) {
  freeBySize.erase({block->second, block->first});
  freeByOffset.erase(block);
}

absl::StatusOr<int64_t> HbmAllocator::allocate(int64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  if (bytes < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot allocate a negative size (", bytes, " bytes)"));
  std::optional<int64_t> size =
      tpc::checkedRoundUp(bytes == 0 ? 1 : bytes, alignment);
  auto fit = size ? freeBySize.lower_bound({*size, 0}) : freeBySize.end();
  if (fit == freeBySize.end())
    return absl::ResourceExhaustedError(
        absl::StrCat("Attempting to allocate ", tpc::formatBytes(bytes),
                     ". That was not possible. There are ",
                     tpc::formatBytes(current.freeBytes()), " free."));
  auto [blockSize, offset] = *fit;
  eraseFree(freeByOffset.find(offset));
  if (blockSize > *size)
    insertFree(offset + *size, blockSize - *size);
  live.emplace(offset, *size);
  current.inUse += *size;
  current.peakInUse = std::max(current.peakInUse, current.inUse);
  ++current.liveBlocks;
  current.largestFreeBlock =
      freeBySize.empty() ? 0 : freeBySize.rbegin()->first;
  return offset;
}

absl::Status HbmAllocator::free(int64_t offset) {
  std::lock_guard<std::mutex> lock(mutex);
  auto block = live.find(offset);
  if (block == live.end())
    return absl::InvalidArgumentError(
        absl::StrCat("no live HBM block starts at offset ", offset,
                     " (freed twice, or never allocated)"));
  int64_t start = offset, size = block->second;
  live.erase(block);
  current.inUse -= size;
  --current.liveBlocks;
  // Coalesce with the free neighbours on either side.
  auto next = freeByOffset.lower_bound(offset);
  if (next != freeByOffset.end() && next->first == offset + size) {
    size += next->second;
    eraseFree(next);
  }
  auto after = freeByOffset.lower_bound(offset);
  if (after != freeByOffset.begin()) {
    auto previous = std::prev(after);
    if (previous->first + previous->second == offset) {
      start = previous->first;
      size += previous->second;
      eraseFree(previous);
    }
  }
  insertFree(start, size);
  current.largestFreeBlock = freeBySize.rbegin()->first;
  return absl::OkStatus();
}

absl::StatusOr<int64_t> HbmAllocator::blockSize(int64_t offset) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto block = live.find(offset);
  if (block == live.end())
    return absl::NotFoundError(
        absl::StrCat("no live HBM block starts at offset ", offset));
  return block->second;
}

HbmStats HbmAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return current;
}

} // namespace tpurt
