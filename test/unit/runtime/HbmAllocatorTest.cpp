//===- HbmAllocatorTest.cpp - The runtime's HBM allocator -----------------===//

#include "runtime/HbmAllocator.h"

#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

using namespace tpurt;

namespace {

constexpr int64_t MiB = 1024 * 1024, GiB = 1024 * MiB;

HbmAllocator make(int64_t capacity, int64_t alignment = 512) {
  absl::StatusOr<HbmAllocator> allocator =
      HbmAllocator::create(capacity, alignment);
  EXPECT_TRUE(allocator.ok()) << allocator.status();
  return std::move(*allocator);
}

TEST(HbmAllocatorTest, RejectsBadConfigurations) {
  EXPECT_EQ(HbmAllocator::create(4096, 3).status().message(),
            "HBM alignment must be a positive power of two, not 3");
  EXPECT_EQ(HbmAllocator::create(1000, 512).status().message(),
            "HBM capacity must be a non-negative multiple of the 512-byte "
            "alignment, not 1000");
}

TEST(HbmAllocatorTest, AlignsAndRoundsSizes) {
  HbmAllocator hbm = make(8192);
  absl::StatusOr<int64_t> a = hbm.allocate(1), b = hbm.allocate(513),
                          c = hbm.allocate(0);
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_EQ(*a, 0);
  EXPECT_EQ(*b, 512);
  EXPECT_EQ(*c, 1536);
  EXPECT_EQ(*hbm.blockSize(*b), 1024);
  HbmStats stats = hbm.stats();
  EXPECT_EQ(stats.inUse, 2048);
  EXPECT_EQ(stats.liveBlocks, 3);
  EXPECT_EQ(stats.largestFreeBlock, 8192 - 2048);
  EXPECT_EQ(stats.fragmentation(), 0.0);
}

TEST(HbmAllocatorTest, BestFitAndCoalescing) {
  HbmAllocator hbm = make(10 * 512);
  std::vector<int64_t> blocks;
  for (int64_t units : {2, 1, 3, 1, 3})
    blocks.push_back(*hbm.allocate(units * 512));
  // Free the 2-unit block at 0 and the 3-unit block at 1536: holes of 2
  // and 3 units. A 2-unit request takes the exact hole, not the first.
  ASSERT_TRUE(hbm.free(blocks[0]).ok());
  ASSERT_TRUE(hbm.free(blocks[2]).ok());
  EXPECT_EQ(hbm.stats().largestFreeBlock, 3 * 512);
  EXPECT_NEAR(hbm.stats().fragmentation(), 1.0 - 3.0 / 5.0, 1e-12);
  absl::StatusOr<int64_t> two = hbm.allocate(2 * 512);
  EXPECT_EQ(*two, 0);
  // Freeing the blocks around the 3-unit hole merges them into 5 units.
  ASSERT_TRUE(hbm.free(blocks[1]).ok());
  ASSERT_TRUE(hbm.free(blocks[3]).ok());
  EXPECT_EQ(hbm.stats().largestFreeBlock, 5 * 512);
  EXPECT_EQ(*hbm.allocate(5 * 512), 2 * 512);
}

TEST(HbmAllocatorTest, ExhaustionIsAStatusNotAnAbort) {
  HbmAllocator hbm = make(GiB);
  ASSERT_TRUE(hbm.allocate(512 * MiB).ok());
  absl::StatusOr<int64_t> big = hbm.allocate(GiB);
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status().ToString(),
            "RESOURCE_EXHAUSTED: Attempting to allocate 1.00G. That was not "
            "possible. There are 512.00M free.");
  EXPECT_EQ(hbm.allocate(std::numeric_limits<int64_t>::max()).status().code(),
            absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(hbm.allocate(-1).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(HbmAllocatorTest, BadFreesAreErrors) {
  HbmAllocator hbm = make(4096);
  int64_t a = *hbm.allocate(512);
  EXPECT_TRUE(hbm.free(a).ok());
  EXPECT_EQ(hbm.free(a).message(),
            "no live HBM block starts at offset 0 (freed twice, or never "
            "allocated)");
  EXPECT_EQ(hbm.free(100).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(hbm.blockSize(a).status().code(), absl::StatusCode::kNotFound);
}

/// A million random allocations and frees against a shadow model: after
/// every step no two live blocks overlap, every block is aligned and inside
/// the capacity, and the statistics equal the model's.
TEST(HbmAllocatorTest, MillionOperationStress) {
  constexpr int64_t alignment = 256, capacity = 4096 * alignment;
  HbmAllocator hbm = make(capacity, alignment);
  std::map<int64_t, int64_t> shadow; // offset -> rounded size
  std::vector<int64_t> offsets;      // live offsets, for random frees
  int64_t inUse = 0, peak = 0;
  std::mt19937_64 rng(2026);
  std::uniform_int_distribution<int64_t> size(0, 40 * alignment);
  for (int step = 0; step < 1000000; ++step) {
    bool doFree = !offsets.empty() && (offsets.size() > 200 || rng() % 2);
    if (doFree) {
      size_t pick = rng() % offsets.size();
      int64_t offset = offsets[pick];
      offsets[pick] = offsets.back();
      offsets.pop_back();
      ASSERT_TRUE(hbm.free(offset).ok());
      inUse -= shadow[offset];
      shadow.erase(offset);
    } else {
      int64_t bytes = size(rng);
      int64_t rounded = std::max<int64_t>(alignment, (bytes + alignment - 1) /
                                                         alignment * alignment);
      absl::StatusOr<int64_t> offset = hbm.allocate(bytes);
      if (!offset.ok()) {
        ASSERT_EQ(offset.status().code(), absl::StatusCode::kResourceExhausted);
        // Only when no gap in the model is large enough.
        int64_t cursor = 0, largest = 0;
        for (auto [o, s] : shadow) {
          largest = std::max(largest, o - cursor);
          cursor = o + s;
        }
        largest = std::max(largest, capacity - cursor);
        ASSERT_LT(largest, rounded);
        continue;
      }
      ASSERT_EQ(*offset % alignment, 0);
      ASSERT_LE(*offset + rounded, capacity);
      auto next = shadow.lower_bound(*offset);
      ASSERT_TRUE(next == shadow.end() || *offset + rounded <= next->first);
      if (next != shadow.begin()) {
        auto prev = std::prev(next);
        ASSERT_LE(prev->first + prev->second, *offset);
      }
      shadow[*offset] = rounded;
      offsets.push_back(*offset);
      inUse += rounded;
      peak = std::max(peak, inUse);
    }
    HbmStats stats = hbm.stats();
    ASSERT_EQ(stats.inUse, inUse);
    ASSERT_EQ(stats.peakInUse, peak);
    ASSERT_EQ(stats.liveBlocks, static_cast<int64_t>(shadow.size()));
    // The largest free block, from the model's gaps.
    int64_t cursor = 0, largest = 0;
    for (auto [o, s] : shadow) {
      largest = std::max(largest, o - cursor);
      cursor = o + s;
    }
    largest = std::max(largest, capacity - cursor);
    ASSERT_EQ(stats.largestFreeBlock, largest) << "step " << step;
  }
}

TEST(HbmAllocatorTest, ThreadsDoNotCollide) {
  HbmAllocator hbm = make(64 * MiB, 512);
  std::vector<std::vector<std::pair<int64_t, int64_t>>> kept(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::mt19937 rng(t);
      std::vector<int64_t> mine;
      for (int i = 0; i < 20000; ++i) {
        if (!mine.empty() && rng() % 2) {
          EXPECT_TRUE(hbm.free(mine.back()).ok());
          mine.pop_back();
        } else if (absl::StatusOr<int64_t> o = hbm.allocate(rng() % 8192);
                   o.ok()) {
          mine.push_back(*o);
        }
      }
      for (int64_t o : mine)
        kept[t].emplace_back(o, *hbm.blockSize(o));
    });
  for (std::thread &thread : threads)
    thread.join();
  std::map<int64_t, int64_t> all;
  int64_t total = 0;
  for (auto &blocks : kept)
    for (auto [o, s] : blocks) {
      ASSERT_TRUE(all.emplace(o, s).second);
      total += s;
    }
  int64_t end = 0;
  for (auto [o, s] : all) {
    ASSERT_LE(end, o);
    end = o + s;
  }
  EXPECT_EQ(hbm.stats().inUse, total);
}

} // namespace
