//===- TargetTest.cpp - TPU presets and default layouts
//--------------------===//

#include "runtime/machine/Target.h"

#include <gtest/gtest.h>

namespace tpc {
namespace {

TEST(Target, CapacitiesMatchXLAReports) {
  // tpu-facts.md §5: capacity = HBM per core - reserved.
  EXPECT_EQ(formatBytes(findTarget("v2")->hbmCapacity()), "7.48G");
  EXPECT_EQ(formatBytes(findTarget("v3")->hbmCapacity()), "15.48G");
  EXPECT_EQ(formatBytes(findTarget("v3")->reservedBytes), "530.00M");
  EXPECT_EQ(formatBytes(findTarget("v4")->hbmCapacity()), "30.75G");
  EXPECT_EQ(formatBytes(findTarget("v4")->reservedBytes), "1.25G");
  EXPECT_EQ(formatBytes(findTarget("v5e")->hbmCapacity()), "15.75G");
  EXPECT_EQ(formatBytes(findTarget("v6e")->hbmCapacity()), "31.25G");
  EXPECT_EQ(&defaultTarget(), findTarget("v3"));
  EXPECT_EQ(findTarget("v7"), nullptr);
}

TEST(Target, PeakFlopsMatchThePublishedChipFigures) {
  // Peak per chip = per core * cores (v4's preset is the megacore).
  auto chipTeraflops = [](const char *name, int cores) {
    return findTarget(name)->peakFlopsPerSecond() * cores / 1e12;
  };
  EXPECT_NEAR(chipTeraflops("v2", 2), 46, 0.5);
  EXPECT_NEAR(chipTeraflops("v3", 2), 123, 0.5);
  EXPECT_NEAR(chipTeraflops("v4", 1), 275, 0.5);
  EXPECT_NEAR(chipTeraflops("v5e", 1), 197, 0.5);
  EXPECT_NEAR(chipTeraflops("v5p", 1), 459, 0.5);
  EXPECT_NEAR(chipTeraflops("v6e", 1), 918, 0.5);
}

std::string defaultFor(const char *type, std::vector<int64_t> dims) {
  return layoutToString(
      defaultLayout(defaultTarget(), *parseElementType(type), dims));
}

TEST(Target, DefaultTilesFollowObservedTPULayouts) {
  EXPECT_EQ(defaultFor("s32", {29360128, 10}), "{1,0:T(8,128)}");
  EXPECT_EQ(defaultFor("f32", {29184, 1, 2560}), "{2,1,0:T(2,128)}");
  EXPECT_EQ(defaultFor("f32", {16, 2, 256}), "{2,1,0:T(2,128)}");
  EXPECT_EQ(defaultFor("f32", {16, 3, 256}), "{2,1,0:T(4,128)}");
  EXPECT_EQ(defaultFor("f32", {16, 4, 256}), "{2,1,0:T(4,128)}");
  EXPECT_EQ(defaultFor("f32", {16, 5, 256}), "{2,1,0:T(8,128)}");
  EXPECT_EQ(defaultFor("bf16", {512, 512}), "{1,0:T(8,128)(2,1)}");
  EXPECT_EQ(defaultFor("bf16", {4, 512}), "{1,0:T(4,128)(2,1)}");
  EXPECT_EQ(defaultFor("s8", {512, 512}), "{1,0:T(8,128)(4,1)}");
  EXPECT_EQ(defaultFor("pred", {64, 512, 2048}), "{2,1,0:T(8,128)E(32)}");
  EXPECT_EQ(defaultFor("f32", {100}), "{0:T(128)}");
  EXPECT_EQ(defaultFor("f32", {200}), "{0:T(256)}");
  EXPECT_EQ(defaultFor("f32", {500}), "{0:T(512)}");
  EXPECT_EQ(defaultFor("f32", {5000}), "{0:T(1024)}");
  EXPECT_EQ(defaultFor("bf16", {5000}), "{0:T(1024)(128)(2,1)}");
  EXPECT_EQ(defaultFor("f32", {}), "{:T(256)}");
}

TEST(Target, DefaultTilesFollowTheGivenOrder) {
  // The conv activation of the seed report: batch in the lane dimension,
  // features second-minor.
  Layout layout = defaultLayout(defaultTarget(), ElementType::F32,
                                {128, 256, 896, 18}, {0, 3, 2, 1});
  EXPECT_EQ(layoutToString(layout), "{0,3,2,1:T(8,128)}");
  layout = defaultLayout(defaultTarget(), ElementType::F32, {128, 256, 896, 2},
                         {0, 3, 2, 1});
  EXPECT_EQ(layoutToString(layout), "{0,3,2,1:T(2,128)}");
}

} // namespace
} // namespace tpc
