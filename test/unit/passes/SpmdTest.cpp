//===- SpmdTest.cpp - shardings, device layouts and collective groups -----===//

#include "passes/spmd/Spmd.h"
#include "passes/spmd/DeviceLayout.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tpu::spmd;

namespace {

class SpmdTest : public ::testing::Test {
protected:
  SpmdTest() { context.loadDialect<hlo::HLODialect>(); }
  hlo::ShardingAttr parse(llvm::StringRef text) {
    std::string error;
    FailureOr<hlo::ShardingAttr> attr =
        hlo::ShardingAttr::parse(&context, text, error);
    EXPECT_TRUE(succeeded(attr)) << error;
    return succeeded(attr) ? *attr : hlo::ShardingAttr();
  }
  DeviceLayout layout(llvm::StringRef text, int64_t rank, int64_t devices) {
    std::string error;
    FailureOr<DeviceLayout> l =
        DeviceLayout::get(parse(text), rank, devices, error);
    EXPECT_TRUE(succeeded(l)) << error;
    return succeeded(l) ? *l : DeviceLayout();
  }
  MLIRContext context;
};

TEST_F(SpmdTest, TransposedIotaExpands) {
  // <=[2,3]T(1,0): the iota 0..5 as 2x3, transposed to 3x2, row-major.
  hlo::ShardingAttr s = parse("{devices=[3,2]<=[2,3]T(1,0)}");
  EXPECT_EQ(s.getDevices(), (ArrayRef<int64_t>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(s.str(), "{devices=[3,2]0,3,1,4,2,5}");
  EXPECT_EQ(s.tensorRank(), 2);
}

TEST_F(SpmdTest, ReplicationIsInnermost) {
  // Tiles of dimension 0 by 2, each held by 2 devices: 0,1 hold tile 0.
  DeviceLayout l =
      layout("{devices=[2,1,2]<=[4] last_tile_dim_replicate}", 2, 4);
  EXPECT_EQ(l.tiles, (SmallVector<int64_t>{2, 1}));
  EXPECT_EQ(l.coords[0][0], 0);
  EXPECT_EQ(l.coords[1][0], 0);
  EXPECT_EQ(l.coords[2][0], 1);
  EXPECT_EQ(l.coords[3][0], 1);
  EXPECT_TRUE(l.isUniform());
  EXPECT_EQ(l.attr(&context).str(),
            "{devices=[2,1,2]<=[4] last_tile_dim_replicate}");
}

TEST_F(SpmdTest, AttrRoundTripsAnyDeviceOrder) {
  DeviceLayout l = layout("{devices=[2,2]3,1,2,0}", 2, 4);
  EXPECT_EQ(l.attr(&context).str(), "{devices=[2,2]3,1,2,0}");
  std::string error;
  EXPECT_EQ(*DeviceLayout::get(l.attr(&context), 2, 4, error), l);
}

TEST_F(SpmdTest, LayoutErrors) {
  std::string error;
  EXPECT_TRUE(
      failed(DeviceLayout::get(parse("{devices=[2,2]<=[4]}"), 2, 8, error)));
  EXPECT_EQ(error, "names 4 devices, but the program runs on 8");
  EXPECT_TRUE(
      failed(DeviceLayout::get(parse("{devices=[2]<=[2]}"), 2, 2, error)));
  EXPECT_EQ(error, "has 1 tiled dimensions for a tensor of rank 2");
  EXPECT_TRUE(
      failed(DeviceLayout::get(parse("{maximal device=5}"), 1, 4, error)));
  EXPECT_EQ(error, "names device 5, but the program runs on 4");
}

TEST_F(SpmdTest, GroupsAgreeOnTheOtherDimensions) {
  // A 2x2 grid: gathering dimension 1 joins devices in the same row.
  DeviceLayout l = layout("{devices=[2,2]<=[4]}", 2, 4);
  auto rows = l.groups({1});
  ASSERT_TRUE(succeeded(rows));
  EXPECT_EQ(*rows, (SmallVector<SmallVector<int64_t>>{{0, 1}, {2, 3}}));
  auto columns = l.groups({0});
  ASSERT_TRUE(succeeded(columns));
  EXPECT_EQ(*columns, (SmallVector<SmallVector<int64_t>>{{0, 2}, {1, 3}}));
  auto all = l.groups({0, 1});
  ASSERT_TRUE(succeeded(all));
  EXPECT_EQ(*all, (SmallVector<SmallVector<int64_t>>{{0, 1, 2, 3}}));
}

TEST_F(SpmdTest, GroupsOrderByTileNotId) {
  // Device 3 holds tile 0: it comes first in its group.
  DeviceLayout l = layout("{devices=[4]3,2,1,0}", 1, 4);
  auto groups = l.groups({0});
  ASSERT_TRUE(succeeded(groups));
  EXPECT_EQ(*groups, (SmallVector<SmallVector<int64_t>>{{3, 2, 1, 0}}));
}

TEST_F(SpmdTest, CopiesFormSeparateGroups) {
  DeviceLayout l = layout("{devices=[2,2]<=[4] last_tile_dim_replicate}", 1, 4);
  auto groups = l.groups({0});
  ASSERT_TRUE(succeeded(groups));
  EXPECT_EQ(*groups, (SmallVector<SmallVector<int64_t>>{{0, 2}, {1, 3}}));
}

TEST_F(SpmdTest, NonUniformLayoutsHaveNoGroups) {
  DeviceLayout l = DeviceLayout::replicated(1, 3);
  l.tiles[0] = 2;
  l.coords[1][0] = 1; // tile 0 on devices 0 and 2, tile 1 on device 1
  EXPECT_FALSE(l.isUniform());
  EXPECT_TRUE(failed(l.groups({0})));
}

TEST_F(SpmdTest, SelectAndDivide) {
  DeviceLayout l = layout("{devices=[2,4]<=[8]}", 2, 8);
  DeviceLayout t = l.select({1, 0, -1});
  EXPECT_EQ(t.tiles, (SmallVector<int64_t>{4, 2, 1}));
  EXPECT_EQ(t.coords[5], (SmallVector<int64_t>{1, 1, 0}));
  EXPECT_TRUE(l.divides({4, 8}));
  EXPECT_FALSE(l.divides({4, 6}));
  EXPECT_EQ(l.tileShape({4, 8}), (SmallVector<int64_t>{2, 2}));
}

TEST_F(SpmdTest, ReshapeKeepsContiguousTiles) {
  DeviceLayout rows = layout("{devices=[4,1]<=[4]}", 2, 4);
  // 4x32 -> 16x8: each row of 32 is 4 rows of 8.
  EXPECT_EQ(reshapeMap({4, 32}, {16, 8}, rows), (SmallVector<int64_t>{0, -1}));
  // 8x6 -> 2x24: tiles of 2 rows are halves of a new row: no partner.
  EXPECT_EQ(reshapeMap({8, 6}, {2, 24}, rows), std::nullopt);
  // A cut minor dimension interleaves after merging.
  DeviceLayout columns = layout("{devices=[1,4]<=[4]}", 2, 4);
  EXPECT_EQ(reshapeMap({4, 8}, {32}, columns), std::nullopt);
  // Splitting it keeps tiles whole only where the major part is cut.
  EXPECT_EQ(reshapeMap({4, 8}, {4, 4, 2}, columns),
            (SmallVector<int64_t>{-1, 1}));
  EXPECT_EQ(reshapeMap({4, 8}, {4, 2, 4}, columns), std::nullopt);
}

TEST_F(SpmdTest, VerifierRulesOfBuiltAttributes) {
  auto emit = [&]() { return emitError(UnknownLoc::get(&context)); };
  context.getDiagEngine().registerHandler([](Diagnostic &) {});
  EXPECT_FALSE(
      hlo::ShardingAttr::getChecked(emit, &context, {}, {0}, false, false));
  EXPECT_FALSE(
      hlo::ShardingAttr::getChecked(emit, &context, {2}, {0, 1}, false, true));
  EXPECT_FALSE(hlo::ShardingAttr::getChecked(emit, &context, {2}, {0, -1},
                                             false, false));
  EXPECT_TRUE(
      hlo::ShardingAttr::getChecked(emit, &context, {2}, {1, 0}, false, false));
}

} // namespace
