//===- TimingTest.cpp - The TensorCore's cycle model ----------------------===//
//
// Every formula against cycle counts worked out by hand from the formulas
// in docs/runtime.md and the target numbers (v3: 128x128 MXUs, 2 per core,
// 450 GB/s and 0.94 GHz per core; v6e: 256x256).
//
//===----------------------------------------------------------------------===//

#include "runtime/Timing.h"

#include <gtest/gtest.h>
#include <limits>

using namespace tpurt;

namespace {

const tpc::Target &v3() { return *tpc::findTarget("v3"); }
const tpc::Target &v6e() { return *tpc::findTarget("v6e"); }

TEST(KernelBoundTest, TheBusiestEngineOrLatency) {
  // 1000 cycles: the MXUs' 3000 busy cycles over 4 arrays are 750.
  EXPECT_EQ(kernelBound(1000, 3000, 4, 300, 600), Bound::Mxu);
  EXPECT_EQ(kernelBound(1000, 3000, 4, 800, 600), Bound::Vector);
  EXPECT_EQ(kernelBound(1000, 3000, 4, 300, 900), Bound::Hbm);
  // No engine busy for half the span: waiting on DMA latency.
  EXPECT_EQ(kernelBound(1000, 1996, 4, 499, 499), Bound::Latency);
  EXPECT_EQ(kernelBound(1000, 0, 4, 500, 0), Bound::Vector);
  EXPECT_STREQ(boundName(Bound::Hbm), "HBM");
  EXPECT_STREQ(boundName(Bound::Latency), "latency");
}

TEST(MxuTest, FoldsCoverKAndNInArrayTiles) {
  EXPECT_EQ(mxuFolds(v3(), 128, 128), 1);
  EXPECT_EQ(mxuFolds(v3(), 256, 256), 4);
  EXPECT_EQ(mxuFolds(v3(), 129, 100), 2);  // ceil(129/128) * ceil(100/128)
  EXPECT_EQ(mxuFolds(v6e(), 256, 512), 2); // 256x256 arrays
  EXPECT_EQ(mxuFolds(v3(), 0, 128), 0);
}

TEST(MxuTest, Int8PacksTwoWeightRowsPerCellWhereTheRateIsDouble) {
  const tpc::Target &v4 = *tpc::findTarget("v4");
  const tpc::Target &v5e = *tpc::findTarget("v5e");
  // v5e and v6e: 394 and 1836 int8 TOPS, twice their bf16 peaks.
  EXPECT_EQ(mxuInt8Depth(v5e, 256), 128);
  EXPECT_EQ(mxuInt8Depth(v5e, 129), 65);
  EXPECT_EQ(mxuInt8Depth(v6e(), 512), 256);
  EXPECT_DOUBLE_EQ(v5e.peakInt8OpsPerSecond(), 2 * v5e.peakFlopsPerSecond());
  // v4 runs int8 at its bf16 rate; v3 takes int8 as bf16.
  EXPECT_EQ(mxuInt8Depth(v4, 256), 256);
  EXPECT_EQ(mxuInt8Depth(v3(), 256), 256);
  EXPECT_DOUBLE_EQ(v3().peakInt8OpsPerSecond(), v3().peakFlopsPerSecond());
  // 256x256x256 int8 on v5e is a 256x128x256 bf16 product: 2 folds.
  EXPECT_EQ(mxuFolds(v5e, mxuInt8Depth(v5e, 256), 256), 2);
}

TEST(MxuTest, SerializedIsScaleSimsWeightStationaryCount) {
  // Per fold: R weight loads + T rows + R + C - 2 skew = 128+256+254 = 638.
  EXPECT_EQ(mxuCycles(v3(), 256, 1, MxuModel::Serialized), 638);
  EXPECT_EQ(mxuCycles(v3(), 256, 4, MxuModel::Serialized), 4 * 638);
  // 8 rows through a 256x256 array: 256 + 8 + 510 = 774.
  EXPECT_EQ(mxuCycles(v6e(), 8, 1, MxuModel::Serialized), 774);
}

TEST(MxuTest, PipelinedOverlapsWeightLoadsWithStreaming) {
  // One weight load (128), 4 folds of max(256, 128) rows, one drain (254).
  EXPECT_EQ(mxuCycles(v3(), 256, 4, MxuModel::Pipelined), 128 + 1024 + 254);
  // Fewer rows than the array is tall: the next weights take R cycles.
  EXPECT_EQ(mxuCycles(v3(), 8, 4, MxuModel::Pipelined), 128 + 512 + 254);
  // A single fold costs the same in both models.
  EXPECT_EQ(mxuCycles(v3(), 256, 1, MxuModel::Pipelined),
            mxuCycles(v3(), 256, 1, MxuModel::Serialized));
  EXPECT_EQ(mxuCycles(v3(), 256, 0, MxuModel::Pipelined), 0);
}

TEST(MxuTest, HighestPrecisionRunsSixPassesForF32) {
  EXPECT_EQ(mxuPasses(Precision::Default, true), 1);
  EXPECT_EQ(mxuPasses(Precision::Highest, true), 6);
  EXPECT_EQ(mxuPasses(Precision::Highest, false), 1); // bf16 is exact
}

TEST(MxuTest, SaturatesInsteadOfOverflowing) {
  EXPECT_EQ(mxuCycles(v3(), int64_t{1} << 62, 4, MxuModel::Serialized),
            std::numeric_limits<int64_t>::max());
}

TEST(VectorTest, WholeRegistersAtTheKindsRate) {
  EXPECT_EQ(vectorCycles(1024, VectorCost::Simple), 1);
  EXPECT_EQ(vectorCycles(1025, VectorCost::Simple), 2);
  EXPECT_EQ(vectorCycles(128 * 256, VectorCost::Transcendental), 32 * 8);
  EXPECT_EQ(vectorCycles(8 * 1024, VectorCost::Divide), 8 * 4);
  EXPECT_EQ(vectorCycles(0, VectorCost::Simple), 0);
}

TEST(DmaTest, LatencyPlusBytesOverBandwidth) {
  // 450e9 / 0.94e9 = 478.72 bytes per cycle; 1 MiB takes 2190.34 -> 2191.
  EXPECT_EQ(dmaCycles(v3(), 1 << 20), 500 + 2191);
  EXPECT_EQ(dmaCycles(v3(), 0), 500);
  // v6e: 1640e9 / 1.5e9... whatever the preset's clock, 1 byte is 1 cycle.
  EXPECT_EQ(dmaCycles(v6e(), 1), 501);
}

TEST(DmaTest, RunsMoveWholeGranules) {
  // 64 rows of 512 bytes: the bytes themselves.
  EXPECT_EQ(dmaHbmBytes(64, 512), 64 * 512);
  // 64 rows of 3 f32 lanes (12 bytes): a 32-byte granule each.
  EXPECT_EQ(dmaHbmBytes(64, 12), 64 * 32);
  EXPECT_EQ(dmaHbmBytes(1, 32), 32);
  EXPECT_EQ(dmaHbmBytes(1, 33), 33);
  // A scalar (an SMEM index) is one granule; nothing moved costs nothing.
  EXPECT_EQ(dmaHbmBytes(1, 4), 32);
  EXPECT_EQ(dmaHbmBytes(0, 512), 0);
  EXPECT_EQ(dmaHbmBytes(5, 0), 0);
  // Saturates instead of wrapping.
  EXPECT_EQ(dmaHbmBytes(int64_t(1) << 62, 64),
            std::numeric_limits<int64_t>::max());
}

TEST(TimelineTest, InOrderQueuesAndDependences) {
  Timeline t(v3());
  // Two loads on the one DMA queue, each feeding its own matmul.
  int64_t load0 = *t.add("load0", {Engine::Dma}, 100);
  int64_t load1 = *t.add("load1", {Engine::Dma}, 100);
  int64_t mm0 = *t.add("mm0", {Engine::Mxu, 0}, 300, {load0});
  int64_t mm1 = *t.add("mm1", {Engine::Mxu, 1}, 300, {load1});
  int64_t add = *t.add("add", {Engine::Vector}, 50, {mm0, mm1});
  const auto &tasks = t.tasks();
  EXPECT_EQ(tasks[load1].start, 100); // queued behind load0
  EXPECT_EQ(tasks[mm0].start, 100);
  EXPECT_EQ(tasks[mm1].start, 200); // overlaps mm0 on the other MXU
  EXPECT_EQ(tasks[add].start, 500);
  EXPECT_EQ(t.makespan(), 550);
  EXPECT_EQ(t.busyCycles({Engine::Dma}), 200);
  EXPECT_EQ(t.mxuBusyCycles(), 600);
  EXPECT_EQ(tasks[add].engine.name(), "vector");
  EXPECT_EQ(tasks[mm1].engine.name(), "mxu1");
}

TEST(TimelineTest, ForgottenTasksKeepTheirIdsAndTheQueuesTheirTimes) {
  Timeline t(v3());
  int64_t load = *t.add("load", {Engine::Dma}, 100);
  *t.add("mm", {Engine::Mxu, 0}, 300, {load});
  t.forgetBefore(t.size());
  EXPECT_TRUE(t.tasks().empty());
  EXPECT_EQ(t.firstKept(), 2);
  EXPECT_EQ(t.makespan(), 400);
  // Ids go on from 2; the DMA queue is still busy until 100.
  int64_t next = *t.add("next", {Engine::Dma}, 50);
  EXPECT_EQ(next, 2);
  EXPECT_EQ(t.task(next).start, 100);
  int64_t after = *t.add("after", {Engine::Vector}, 10, {next});
  EXPECT_EQ(t.task(after).start, 150);
  // A dependence on a forgotten task is an error, not a read of freed
  // memory.
  absl::StatusOr<int64_t> stale = t.add("stale", {Engine::Vector}, 10, {load});
  ASSERT_FALSE(stale.ok());
  EXPECT_NE(stale.status().message().find("which was forgotten"),
            std::string::npos);
  t.forgetBefore(0); // never un-forgets
  EXPECT_EQ(t.firstKept(), 2);
}

TEST(TimelineTest, AnEngineRunsItsQueueInOrderEvenWhenALaterTaskIsReady) {
  Timeline t(v3());
  int64_t slow = *t.add("slow", {Engine::Dma}, 1000);
  int64_t waits = *t.add("waits", {Engine::Vector}, 10, {slow});
  int64_t ready = *t.add("ready", {Engine::Vector}, 10);
  EXPECT_EQ(t.tasks()[waits].start, 1000);
  EXPECT_EQ(t.tasks()[ready].start, 1010);
}

TEST(TimelineTest, MatmulFoldsSpreadOverTheMxus) {
  Timeline t(v3());
  // 256x256x256: 4 folds, 2 per MXU: 128 + 2 * 256 + 254 = 894 each.
  auto ids = t.addMatmul("mm", 256, 256, 256, 1, MxuModel::Pipelined, {});
  ASSERT_TRUE(ids.ok());
  ASSERT_EQ(ids->size(), 2u);
  EXPECT_EQ(t.tasks()[(*ids)[0]].cycles, 894);
  EXPECT_EQ(t.tasks()[(*ids)[1]].cycles, 894);
  EXPECT_EQ(t.makespan(), 894);
  // Serialized: 2 folds of 638 per MXU.
  Timeline s(v3());
  ASSERT_TRUE(
      s.addMatmul("mm", 256, 256, 256, 1, MxuModel::Serialized, {}).ok());
  EXPECT_EQ(s.makespan(), 2 * 638);
}

TEST(TimelineTest, MatmulFavoursTheMxuThatIsFreeFirst) {
  Timeline t(v3());
  ASSERT_TRUE(t.add("busy", {Engine::Mxu, 0}, 10000).ok());
  // 2 folds of 128 rows; MXU 1 takes both: 128 + 2*128 + 254 = 638, which
  // ends before MXU 0 could even start.
  auto ids = t.addMatmul("mm", 128, 128, 256, 1, MxuModel::Pipelined, {});
  ASSERT_TRUE(ids.ok());
  ASSERT_EQ(ids->size(), 1u);
  EXPECT_EQ(t.tasks()[ids->front()].engine.index, 1);
  EXPECT_EQ(t.tasks()[ids->front()].end, 638);
  // Six passes at HIGHEST: 12 folds, 6 per MXU once both are free.
  Timeline h(v3());
  auto passes = h.addMatmul("mm", 128, 128, 256, 6, MxuModel::Pipelined, {});
  ASSERT_TRUE(passes.ok());
  EXPECT_EQ(h.makespan(), 128 + 6 * 128 + 254);
}

TEST(TimelineTest, BadTasksAreErrors) {
  Timeline t(v3());
  EXPECT_EQ(t.add("x", {Engine::Mxu, 2}, 1).status().message(),
            "task 'x' names mxu2, but v3 has 2 MXUs");
  EXPECT_EQ(t.add("y", {Engine::Dma}, -1).status().message(),
            "task 'y' costs -1 cycles");
  EXPECT_EQ(t.add("z", {Engine::Dma}, 1, {0}).status().message(),
            "task 'z' depends on task 0, which is not earlier");
  EXPECT_FALSE(t.addMatmul("m", -1, 1, 1, 1, MxuModel::Pipelined, {}).ok());
}

} // namespace

namespace tpurt {
namespace {

TEST(CollectivesInFlightTest, KernelsWaitOnlyForWhatTheyTouch) {
  CollectivesInFlight flights;
  // An all-reduce over [100, 300) reading and writing program bytes
  // [0, 64) and [64, 128).
  flights.add(100, 300, {{-1, 0, 64}, {-1, 64, 128}});
  // A kernel on other bytes, or on argument 0's, starts when ready.
  EXPECT_EQ(flights.startFor(120, {{-1, 128, 256}}), 120);
  EXPECT_EQ(flights.startFor(120, {{0, 0, 64}}), 120);
  // One reading the result waits for the end.
  EXPECT_EQ(flights.startFor(120, {{-1, 100, 200}, {-1, 127, 130}}), 300);
  EXPECT_EQ(flights.startFor(400, {{-1, 0, 1}}), 400);
}

TEST(CollectivesInFlightTest, CountsTheCyclesKernelsCover) {
  CollectivesInFlight flights;
  flights.add(100, 300, {});
  flights.kernelRan(50, 150);  // covers [100, 150)
  flights.kernelRan(150, 200); // [150, 200)
  EXPECT_EQ(flights.hiddenCycles(), 100);
  flights.kernelRan(350, 400); // after it: nothing, and it is forgotten
  EXPECT_EQ(flights.hiddenCycles(), 100);
  EXPECT_EQ(flights.startFor(0, {{-1, 0, 1}}), 0);
  // Two collectives in flight under one kernel both count.
  flights.add(400, 500, {});
  flights.add(500, 600, {});
  flights.kernelRan(450, 550);
  EXPECT_EQ(flights.hiddenCycles(), 200);
}

} // namespace
} // namespace tpurt
