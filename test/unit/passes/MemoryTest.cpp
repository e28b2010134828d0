//===- MemoryTest.cpp - Heap packing and the out-of-memory report ---------===//

#include "passes/memory/HeapSimulator.h"
#include "passes/memory/MemoryReport.h"
#include "passes/memory/MemoryViewer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <tuple>

using namespace tpc;

namespace {

constexpr int64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

TEST(HeapSimulatorTest, DisjointLifetimesShareAddresses) {
  // a [0,1] and c [2,3] never meet, so c reuses a's bytes; b spans both.
  auto heap = packBuffers({{100, 0, 1}, {50, 1, 2}, {100, 2, 3}}, 1);
  ASSERT_TRUE(heap.ok());
  EXPECT_EQ(heap->offsets, (std::vector<int64_t>{0, 100, 0}));
  EXPECT_EQ(heap->heapSize, 150);
  EXPECT_EQ(heap->peakLive, 150);
  EXPECT_EQ(heap->peakPosition, 1);
}

TEST(HeapSimulatorTest, BestFitPicksTheSmallestGap) {
  // Placed largest first: A=400 at 0, B=300 at 400, C=200 at 700 (all live
  // at 0). Later buffers only overlap some of them: D (100, live at 2) sees
  // A and C busy, leaving the 300-byte gap at 400; best fit takes it.
  auto heap =
      packBuffers({{400, 0, 2}, {300, 0, 1}, {200, 0, 2}, {100, 2, 2}}, 1);
  ASSERT_TRUE(heap.ok());
  EXPECT_EQ(heap->offsets[0], 0);
  EXPECT_EQ(heap->offsets[1], 400);
  EXPECT_EQ(heap->offsets[2], 700);
  EXPECT_EQ(heap->offsets[3], 400);
  EXPECT_EQ(heap->heapSize, 900);
}

TEST(HeapSimulatorTest, KeepsTheSmallerOfTwoOrders) {
  // A=10 [0,0], B=8 [0,3], C=8 [1,1], D=9 [2,3], E=3 [1,3]. Largest first:
  // A@0, D@0, B@10, C@0, and E finds no 3-byte gap below B: 21 bytes.
  // Longest-lived first: B@0, E@8, D@11, A@8, C@11: 20 bytes, the peak.
  std::vector<LiveBuffer> buffers = {
      {10, 0, 0}, {8, 0, 3}, {8, 1, 1}, {9, 2, 3}, {3, 1, 3}};
  auto heap = packBuffers(buffers, 1);
  ASSERT_TRUE(heap.ok());
  EXPECT_EQ(heap->offsets, (std::vector<int64_t>{8, 0, 11, 11, 8}));
  EXPECT_EQ(heap->heapSize, 20);
  EXPECT_EQ(heap->peakLive, 20);
  EXPECT_EQ(heap->peakPosition, 2);
}

TEST(HeapSimulatorTest, SizesAndOffsetsAreAligned) {
  auto heap = packBuffers({{1, 0, 0}, {513, 0, 0}, {7, 0, 0}}, 512);
  ASSERT_TRUE(heap.ok());
  for (int64_t offset : heap->offsets)
    EXPECT_EQ(offset % 512, 0);
  EXPECT_EQ(heap->heapSize, 512 + 1024 + 512);
  EXPECT_EQ(heap->peakLive, heap->heapSize);
}

TEST(HeapSimulatorTest, OverflowIsAnError) {
  int64_t huge = std::numeric_limits<int64_t>::max() / 2 + 1;
  EXPECT_FALSE(packBuffers({{huge, 0, 0}, {huge, 0, 0}}, 1).ok());
  EXPECT_FALSE(
      packBuffers({{std::numeric_limits<int64_t>::max(), 0, 0}}, 512).ok());
}

TEST(HeapSimulatorTest, RandomBuffersNeverOverlap) {
  std::mt19937 rng(7);
  for (int round = 0; round < 50; ++round) {
    std::vector<LiveBuffer> buffers;
    std::uniform_int_distribution<int64_t> size(1, 5000), position(0, 40);
    for (int i = 0; i < 60; ++i) {
      int64_t a = position(rng), b = position(rng);
      buffers.push_back({size(rng), std::min(a, b), std::max(a, b)});
    }
    auto heap = packBuffers(buffers, 256);
    ASSERT_TRUE(heap.ok());
    for (size_t i = 0; i < buffers.size(); ++i) {
      int64_t si = (buffers[i].size + 255) / 256 * 256;
      EXPECT_LE(heap->offsets[i] + si, heap->heapSize);
      for (size_t j = i + 1; j < buffers.size(); ++j) {
        if (buffers[i].end < buffers[j].start ||
            buffers[j].end < buffers[i].start)
          continue;
        int64_t sj = (buffers[j].size + 255) / 256 * 256;
        EXPECT_TRUE(heap->offsets[i] + si <= heap->offsets[j] ||
                    heap->offsets[j] + sj <= heap->offsets[i])
            << "buffers " << i << " and " << j << " overlap";
      }
    }
    EXPECT_GE(heap->heapSize, heap->peakLive);
  }
}

/// Best fit in `order` by scanning every placed buffer: the definition the
/// indexed placement must reproduce offset for offset.
std::vector<int64_t> scanPlace(const std::vector<LiveBuffer> &buffers,
                               const std::vector<size_t> &order) {
  std::vector<int64_t> offsets(buffers.size(), -1);
  std::vector<size_t> placed;
  for (size_t i : order) {
    std::vector<std::pair<int64_t, int64_t>> busy;
    for (size_t j : placed)
      if (buffers[i].start <= buffers[j].end &&
          buffers[j].start <= buffers[i].end)
        busy.emplace_back(offsets[j], offsets[j] + buffers[j].size);
    std::sort(busy.begin(), busy.end());
    int64_t best = -1, bestGap = INT64_MAX, cursor = 0;
    for (auto [begin, end] : busy) {
      if (begin - cursor >= buffers[i].size && begin - cursor < bestGap) {
        best = cursor;
        bestGap = begin - cursor;
      }
      cursor = std::max(cursor, end);
    }
    offsets[i] = best >= 0 ? best : cursor;
    placed.push_back(i);
  }
  return offsets;
}

TEST(HeapSimulatorTest, IndexedPlacementEqualsTheScan) {
  // Long and short ranges over many positions, as a large program has.
  std::mt19937 rng(11);
  std::uniform_int_distribution<int64_t> size(1, 64), position(0, 999),
      length(0, 20);
  for (int round = 0; round < 20; ++round) {
    std::vector<LiveBuffer> buffers;
    for (int i = 0; i < 400; ++i) {
      int64_t start = position(rng);
      int64_t end = i % 10 ? start + length(rng) : position(rng) + start;
      buffers.push_back({size(rng), start, end});
    }
    auto heap = packBuffers(buffers, 1);
    ASSERT_TRUE(heap.ok());
    // packBuffers keeps the smaller of its two orders; the scan in both
    // orders must give that heap's offsets in one of them.
    std::vector<size_t> bySize(buffers.size()), byLength;
    std::iota(bySize.begin(), bySize.end(), 0);
    byLength = bySize;
    std::stable_sort(bySize.begin(), bySize.end(), [&](size_t a, size_t b) {
      return std::make_tuple(-buffers[a].size, buffers[a].start, a) <
             std::make_tuple(-buffers[b].size, buffers[b].start, b);
    });
    std::stable_sort(byLength.begin(), byLength.end(), [&](size_t a, size_t b) {
      auto key = [&](size_t i) {
        return std::make_tuple(buffers[i].start - buffers[i].end,
                               -buffers[i].size, buffers[i].start, i);
      };
      return key(a) < key(b);
    });
    EXPECT_TRUE(heap->offsets == scanPlace(buffers, bySize) ||
                heap->offsets == scanPlace(buffers, byLength));
  }
}

TEST(HeapSimulatorTest, MalformedLiveRangesAreErrors) {
  EXPECT_FALSE(packBuffers({{8, 3, 2}}, 1).ok());
  EXPECT_FALSE(packBuffers({{8, -1, 2}}, 1).ok());
}

/// The seed's report (tpu-facts.md §5), rebuilt from its figures.
TEST(MemoryReportTest, ReproducesXlasReport) {
  MemoryReport report;
  report.capacity = 16 * GiB - 530 * MiB;
  report.reserved = 530 * MiB;
  report.global = 276 * KiB;
  report.scoped = 173 * KiB;
  report.tempPaddedAtPeak = static_cast<int64_t>(19.32 * GiB);
  report.tempUnpaddedAtPeak = static_cast<int64_t>(6.40 * GiB);
  report.temp = report.tempPaddedAtPeak + static_cast<int64_t>(147.91 * MiB);
  Allocation onehot;
  onehot.size = 29360128LL * 128 * 4;
  onehot.unpaddedSize = 29360128LL * 10 * 4;
  onehot.opType = "OneHot";
  onehot.opName = "model/loss/one_hot";
  onehot.shape = "s32[29360128,10]{1,0:T(8,128)}";
  onehot.label = "%iota.2 = s32[29360128,10]{1,0:T(8,128)} iota(), "
                 "iota_dimension=1, metadata={...}";
  onehot.allocationType = "HLO temp";
  Allocation conv;
  conv.size = 128LL * 256 * 896 * 24 * 4;
  conv.unpaddedSize = 128LL * 256 * 896 * 18 * 4;
  conv.opName = "model/layer_1/Conv2D";
  conv.shape = "f32[128,256,896,18]{0,3,2,1:T(8,128)}";
  conv.label = "%fusion.9.remat.1.remat = f32[128,256,896,18]"
               "{0,3,2,1:T(8,128)} fusion(...)";
  conv.allocationType = "HLO temp";
  report.largest = {onehot, conv};
  EXPECT_FALSE(report.fits());
  EXPECT_EQ(outOfMemoryLine(report),
            "Ran out of memory in memory space hbm. Used 19.46G of 15.48G "
            "hbm. Exceeded hbm capacity by 3.98G.");
  EXPECT_EQ(formatMemoryReport(report), R"(Total hbm usage >= 19.98G:
    reserved        530.00M
    program          19.46G
    arguments            0B

Output size 0B; shares 0B with arguments.

Program hbm requirement 19.46G:
    global           276.0K
    scoped           173.0K
    HLO temp         19.46G (33.1% utilization: Unpadded (6.40G) Padded (19.32G), 0.7% fragmentation (147.91M))

  Largest program allocations in hbm:

  1. Size: 14.00G
     Operator: op_type="OneHot" op_name="model/loss/one_hot"
     Shape: s32[29360128,10]{1,0:T(8,128)}
     Unpadded size: 1.09G
     Extra memory due to padding: 12.91G (12.8x expansion)
     XLA label: %iota.2 = s32[29360128,10]{1,0:T(8,128)} iota(), iota_dimension=1, metadata={...}
     Allocation type: HLO temp
     ==========================

  2. Size: 2.62G
     Operator: op_name="model/layer_1/Conv2D"
     Shape: f32[128,256,896,18]{0,3,2,1:T(8,128)}
     Unpadded size: 1.97G
     Extra memory due to padding: 672.00M (1.3x expansion)
     XLA label: %fusion.9.remat.1.remat = f32[128,256,896,18]{0,3,2,1:T(8,128)} fusion(...)
     Allocation type: HLO temp
     ==========================
)");
}

TEST(MemoryReportTest, OmitsEmptyLinesAndCutsLongLabels) {
  MemoryReport report;
  report.capacity = GiB;
  report.temp = report.tempPaddedAtPeak = report.tempUnpaddedAtPeak = 4 * KiB;
  Allocation a;
  a.size = a.unpaddedSize = 4 * KiB;
  a.shape = "f32[8,128]{1,0:T(8,128)}";
  a.label = std::string(300, 'x');
  a.allocationType = "output";
  report.largest = {a};
  EXPECT_TRUE(report.fits());
  std::string text = formatMemoryReport(report);
  EXPECT_EQ(text.find("global"), std::string::npos);
  EXPECT_EQ(text.find("Operator:"), std::string::npos);
  EXPECT_EQ(text.find("Extra memory"), std::string::npos);
  EXPECT_NE(text.find("XLA label: " + std::string(256, 'x') + "...\n"),
            std::string::npos);
  EXPECT_NE(text.find("    HLO temp           4.0K (100.0% utilization"),
            std::string::npos);
}

TEST(MemoryReportTest, ASliceLineSaysWhatAllDevicesHold) {
  MemoryReport report;
  report.function = "main";
  report.capacity = 16 * GiB;
  report.temp = report.tempPaddedAtPeak = report.tempUnpaddedAtPeak = 3 * GiB;
  std::string one = formatFitReport(report, "v3");
  EXPECT_EQ(one.substr(0, one.find('\n')),
            "@main on v3: uses 3.00G of 16.00G hbm.");
  std::string slice =
      formatFitReport(report, "v3-8 (each of 8 devices)", /*devices=*/8);
  EXPECT_EQ(slice.substr(0, slice.find('\n')),
            "@main on v3-8 (each of 8 devices): uses 3.00G of 16.00G hbm "
            "(24.00G on all 8 devices).");
  // A product past 2^63 bytes says nothing rather than something wrong.
  std::string huge = formatFitReport(report, "x", int64_t(1) << 40);
  EXPECT_EQ(huge.substr(0, huge.find('\n')),
            "@main on x: uses 3.00G of 16.00G hbm.");
}

TEST(MemoryReportTest, OriginsSumToThePeakWithTheirPadding) {
  MemoryReport report;
  report.timeline = {{"%0 = hlo.dot_general", 0, 0},
                     {"%fusion = hlo.fusion", 0, 0}};
  report.peakPosition = 1;
  // 3M of donated state, 1M of gradients of which 256K padding.
  report.byClass = {{"parameters and optimizer state (donated)", 3 * MiB,
                     3 * MiB},
                    {"other arguments", 0, 0},
                    {"gradients and backward temporaries", MiB,
                     768 * KiB}};
  report.byScope = {{"params", 3 * MiB, 3 * MiB},
                    {"transpose(jvp(mlp))/dense_0", MiB, 768 * KiB}};
  EXPECT_EQ(formatOrigins(report), R"(
  Live at the peak by origin (while %fusion = hlo.fusion runs, 2 of 2):

    parameters and optimizer state (donated)            3.00M  75.0%
    gradients and backward temporaries                  1.00M  25.0%
    of which padding (tiles, alignment)                256.0K   6.2%

  Live at the peak by name scope:

    params                                              3.00M  75.0%
    transpose(jvp(mlp))/dense_0                         1.00M  25.0%
)");
  // The report ends with them; without classes it is XLA's alone.
  EXPECT_NE(formatMemoryReport(report).find("by name scope"),
            std::string::npos);
  report.byClass.clear();
  EXPECT_EQ(formatOrigins(report), "");
}

MemoryReport viewerReport() {
  MemoryReport report;
  report.function = "main";
  report.capacity = 16 * GiB;
  report.arguments = 4 * KiB;
  report.temp = 8 * KiB;
  report.tempPaddedAtPeak = 8 * KiB;
  report.tempUnpaddedAtPeak = 5 * KiB;
  Allocation a;
  a.size = 4 * KiB;
  a.unpaddedSize = KiB;
  a.opType = "OneHot";
  a.opName = "loss/\"one_hot\"";
  a.shape = "s32[8,10]{1,0:T(8,128)}";
  a.label = "%0 = hlo.iota </script><script>alert(1)</script>\n";
  a.allocationType = "HLO temp";
  report.largest = {a};
  report.atPeak = {a};
  report.timeline = {{"%0 = hlo.iota", 8192, 5120},
                     {"%1 = hlo.reduce", 12288, 6144}};
  report.peakPosition = 1;
  return report;
}

TEST(MemoryViewerTest, JsonHoldsTheFiguresAndTheReportsText) {
  std::string json = memoryViewerJson("v3", {viewerReport()});
  EXPECT_NE(json.find("\"target\":\"v3\""), std::string::npos);
  EXPECT_NE(json.find("\"used\":12288,\"used_text\":\"12.0K\""),
            std::string::npos);
  EXPECT_NE(json.find("\"peak_position\":1"), std::string::npos);
  EXPECT_NE(json.find("{\"op\":\"%1 = hlo.reduce\",\"op_name\":\"\","
                      "\"padded\":12288,\"unpadded\":6144}"),
            std::string::npos);
  // The report's own strings, quotes escaped.
  EXPECT_NE(json.find("\"padding_text\":\"3.0K (4.0x expansion)\""),
            std::string::npos);
  EXPECT_NE(json.find("\"operator\":\"op_type=\\\"OneHot\\\" "
                      "op_name=\\\"loss/\\\"one_hot\\\"\\\"\""),
            std::string::npos);
}

TEST(MemoryViewerTest, NoLabelCanEndTheScriptElement) {
  std::string html = memoryViewerHtml("v3", {viewerReport()});
  std::string json = memoryViewerJson("v3", {viewerReport()});
  EXPECT_EQ(json.find("</script>"), std::string::npos);
  EXPECT_EQ(json.find('<'), std::string::npos);
  EXPECT_NE(json.find("\\u003c/script\\u003e"), std::string::npos);
  EXPECT_NE(json.find("\\n\""), std::string::npos);
  // The page embeds the JSON verbatim, and fetches nothing.
  EXPECT_NE(html.find(json), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
}

TEST(MemoryViewerTest, OutputIsDeterministicAndListsEveryFunction) {
  MemoryReport second = viewerReport();
  second.function = "other";
  second.capacity = 4 * KiB; // does not fit
  std::string json = memoryViewerJson("v2", {viewerReport(), second});
  EXPECT_EQ(json, memoryViewerJson("v2", {viewerReport(), second}));
  EXPECT_NE(json.find("{\"name\":\"main\",\"fits\":true"), std::string::npos);
  EXPECT_NE(json.find("{\"name\":\"other\",\"fits\":false,"
                      "\"out_of_memory_line\":\"Ran out of memory"),
            std::string::npos);
}

} // namespace
