//===- TopologyTest.cpp - TPU slices and the ICI cost model ---------------===//

#include "runtime/machine/Topology.h"

#include <gtest/gtest.h>

#include <numeric>

namespace tpc {
namespace {

Topology parse(const char *name) {
  std::string error;
  std::optional<Topology> t = parseTopology(name, &error);
  EXPECT_TRUE(t.has_value()) << error;
  return t.value_or(Topology{});
}

std::string parseError(const char *name) {
  std::string error;
  EXPECT_FALSE(parseTopology(name, &error).has_value());
  return error;
}

TEST(Topology, CloudNamesCountCoresOrChips) {
  // v3-8: 4 chips of 2 TensorCores, 16 GiB each, hard-separated.
  Topology v3 = parse("v3-8");
  EXPECT_EQ(v3.chipDims, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(v3.devices(), 8);
  EXPECT_EQ(v3.meshDims(), (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(v3.target->name, "v3");
  EXPECT_EQ(v3.describe(), "2x2 chips (8 devices, v3), 16.00G of HBM per "
                           "device (15.48G usable)");
  // v4 and v5p count TensorCores, but a megacore is one device.
  EXPECT_EQ(parse("v4-8").chipDims, (std::vector<int64_t>{2, 2, 1}));
  EXPECT_EQ(parse("v4-8").devices(), 4);
  EXPECT_EQ(parse("v4-32").chipDims, (std::vector<int64_t>{2, 2, 4}));
  EXPECT_EQ(parse("v5p-8").devices(), 4);
  // v5e and v6e count chips.
  EXPECT_EQ(parse("v5e-16").chipDims, (std::vector<int64_t>{4, 4}));
  EXPECT_EQ(parse("v6e-8").chipDims, (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(parse("v5e:4x8").devices(), 32);
  // Cloud TPU's own name of a v5e slice, as `gcloud` and XLA print it.
  EXPECT_EQ(parse("v5litepod-8").chipDims, (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(parse("v5litepod-8").target, parse("v5e-8").target);
  EXPECT_EQ(parse("v5litepod-8").name, "v5litepod-8");
}

TEST(Topology, WraparoundOnlyOnFullAxes) {
  EXPECT_EQ(parse("v5e-16").wraparound, (std::vector<bool>{false, false}));
  EXPECT_EQ(parse("v5e-256").wraparound, (std::vector<bool>{true, true}));
  EXPECT_EQ(parse("v5e:16x4").wraparound, (std::vector<bool>{true, false}));
  EXPECT_EQ(parse("v4-128").wraparound, (std::vector<bool>{true, true, true}));
  EXPECT_EQ(parse("v4-32").wraparound, (std::vector<bool>{false, false, true}));
  EXPECT_EQ(parse("v3-2048").chipDims, (std::vector<int64_t>{32, 32}));
  EXPECT_EQ(parse("v3-2048").wraparound, (std::vector<bool>{true, true}));
}

TEST(Topology, CoordinatesCountCoresThenChipAxes) {
  Topology v3 = parse("v3-8");
  EXPECT_EQ(v3.coordinates(0), (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(v3.coordinates(1), (std::vector<int64_t>{1, 0, 0}));
  EXPECT_EQ(v3.coordinates(6), (std::vector<int64_t>{0, 1, 1}));
}

TEST(Topology, BadNamesSayWhatIsExpected) {
  EXPECT_EQ(parseError("tpu"),
            "invalid topology 'tpu': expected a Cloud TPU name such as v3-8 "
            "or v5e-16, or a generation and chip mesh such as v5e:4x4");
  EXPECT_EQ(parseError("v7-8"), "invalid topology 'v7-8': unknown generation "
                                "'v7'; expected v2, v3, v4, v5e, v5p, v6e");
  EXPECT_EQ(parseError("v3-6"),
            "invalid topology 'v3-6': v3 slices have a power of two "
            "TensorCores (2 per chip) up to 2048; for another shape give the "
            "mesh, e.g. v3:4x4");
  EXPECT_EQ(parseError("v5e-512"),
            "invalid topology 'v5e-512': v5e slices have a power of two chips "
            "up to 256; for another shape give the mesh, e.g. v5e:4x4");
  EXPECT_EQ(parseError("v5e:4x4x4"), "invalid topology 'v5e:4x4x4': v5e chips "
                                     "form a 2D torus: give 2 axes");
  EXPECT_EQ(parseError("v5e:17x1"),
            "invalid topology 'v5e:17x1': each axis is 1 to 16 chips on v5e");
  EXPECT_EQ(parseError("v3-0"),
            "invalid topology 'v3-0': the size must be a positive number");
}

std::vector<int64_t> iota(int64_t n, int64_t start = 0, int64_t stride = 1) {
  std::vector<int64_t> ids(n);
  for (int64_t i = 0; i < n; ++i)
    ids[i] = start + i * stride;
  return ids;
}

constexpr int64_t k256MiB = int64_t{256} << 20;

// The scaling book (tpu-facts.md §10): with W the bidirectional bandwidth of
// an axis (2 x one-way per link), all-gather and reduce-scatter of V bytes
// take V / W, all-reduce 2V / W. v5e: W = 9e10.
TEST(IciModel, SixteenChipRingMatchesTheScalingBook) {
  Topology t = parse("v5e:16x16");
  std::vector<int64_t> ring = iota(16); // one x axis: wraps around
  double book = k256MiB / 9e10;
  for (auto [kind, factor] : {std::pair{CollectiveKind::AllGather, 1.0},
                              std::pair{CollectiveKind::ReduceScatter, 1.0},
                              std::pair{CollectiveKind::AllReduce, 2.0}}) {
    CollectiveCost cost = collectiveCost(t, kind, k256MiB, ring);
    EXPECT_NEAR(cost.seconds / (factor * book), 1.0, 0.05)
        << collectiveName(kind);
    // Exactly: 8 bidirectional steps of V/16 plus 1 us each.
    EXPECT_DOUBLE_EQ(cost.seconds, factor * (8 * kIciHopSeconds +
                                             8 * (k256MiB / 16.0) / 4.5e10));
    EXPECT_EQ(cost.rings, std::vector<bool>{true});
  }
  // 2.98 ms, 5.97 ms.
  EXPECT_NEAR(
      collectiveCost(t, CollectiveKind::AllGather, k256MiB, ring).seconds,
      2.9906e-3, 1e-7);
}

TEST(IciModel, TorusAxisOfFourMatchesTheScalingBook) {
  // A 4x4x4 v4 cube wraps every axis; one y axis: devices 0, 4, 8, 12.
  Topology t = parse("v4:4x4x4");
  std::vector<int64_t> axis = iota(4, 0, 4);
  double book = k256MiB / 9e10;
  CollectiveCost gather =
      collectiveCost(t, CollectiveKind::AllGather, k256MiB, axis);
  EXPECT_EQ(gather.axes, std::vector<int64_t>{1});
  EXPECT_NEAR(gather.seconds / book, 1.0, 0.05);
  EXPECT_NEAR(
      collectiveCost(t, CollectiveKind::ReduceScatter, k256MiB, axis).seconds /
          book,
      1.0, 0.05);
  EXPECT_NEAR(
      collectiveCost(t, CollectiveKind::AllReduce, k256MiB, axis).seconds /
          (2 * book),
      1.0, 0.05);
}

TEST(IciModel, AxesWithoutWraparoundAreSlower) {
  // v5e-16 is 4x4 with no wraparound: a line of 4 passes V/4 in 3 steps over
  // one direction, 0.75 V / W1, where the book's rule of thumb says twice the
  // ring's V / (2 W1), the limit for long lines.
  Topology t = parse("v5e-16");
  std::vector<int64_t> line = iota(4);
  CollectiveCost cost =
      collectiveCost(t, CollectiveKind::AllGather, k256MiB, line);
  EXPECT_EQ(cost.rings, std::vector<bool>{false});
  EXPECT_DOUBLE_EQ(cost.seconds, 3 * kIciHopSeconds + 0.75 * k256MiB / 4.5e10);
  // Eight chips: a v5e 8x8 axis (a line) against a v4 8x8x8 axis (a ring,
  // same link bandwidth): 7/8 V / W1 against 1/2 V / W1, 1.75x.
  double line8 = collectiveCost(parse("v5e:8x8"), CollectiveKind::AllGather,
                                k256MiB, iota(8))
                     .seconds;
  double ring8 = collectiveCost(parse("v4:8x8x8"), CollectiveKind::AllGather,
                                k256MiB, iota(8))
                     .seconds;
  EXPECT_DOUBLE_EQ(line8, 7 * kIciHopSeconds + 7.0 / 8 * k256MiB / 4.5e10);
  EXPECT_DOUBLE_EQ(ring8, 4 * kIciHopSeconds + 0.5 * k256MiB / 4.5e10);
}

TEST(IciModel, TwoAxesAddTheirBandwidth) {
  // The whole 16x16 pod: V / (2 W) plus the steps of both axes.
  Topology t = parse("v5e-256");
  CollectiveCost cost =
      collectiveCost(t, CollectiveKind::AllGather, k256MiB, iota(256));
  EXPECT_EQ(cost.axes, (std::vector<int64_t>{0, 1}));
  EXPECT_DOUBLE_EQ(cost.seconds, 16 * kIciHopSeconds + k256MiB / (2 * 9e10));
}

TEST(IciModel, AllToAllAndPermute) {
  Topology t = parse("v5e:16x16");
  double gather =
      collectiveCost(t, CollectiveKind::AllGather, k256MiB, iota(16)).seconds;
  double a2a =
      collectiveCost(t, CollectiveKind::AllToAll, k256MiB, iota(16)).seconds;
  EXPECT_DOUBLE_EQ(a2a - 8 * kIciHopSeconds, (gather - 8 * kIciHopSeconds) / 4);
  // A shift by one along a ring: one hop, V over one link; 15 -> 0 wraps.
  std::vector<std::pair<int64_t, int64_t>> shift;
  for (int64_t i = 0; i < 16; ++i)
    shift.push_back({i, (i + 1) % 16});
  CollectiveCost permute = collectiveCost(t, CollectiveKind::CollectivePermute,
                                          k256MiB, iota(16), shift);
  EXPECT_EQ(permute.steps, 1);
  EXPECT_DOUBLE_EQ(permute.seconds, kIciHopSeconds + k256MiB / 4.5e10);
  // Sending to oneself is free.
  EXPECT_EQ(collectiveCost(t, CollectiveKind::CollectivePermute, k256MiB,
                           iota(16), {{3, 3}})
                .seconds,
            0);
}

TEST(IciModel, IrregularGroupsAreLines) {
  Topology t = parse("v5e-16");
  // Devices 0, 5, 10: a diagonal, not a box of the mesh.
  CollectiveCost cost =
      collectiveCost(t, CollectiveKind::AllReduce, 3 << 20, {0, 5, 10});
  EXPECT_FALSE(cost.regular);
  EXPECT_EQ(cost.steps, 4);
  EXPECT_EQ(collectiveCost(t, CollectiveKind::AllReduce, 1 << 20, {7}).seconds,
            0);
}

TEST(IciModel, TheCoresOfAV3ChipAreOneHopApart) {
  Topology t = parse("v3-8");
  CollectiveCost cost =
      collectiveCost(t, CollectiveKind::AllReduce, 1 << 20, {0, 1});
  EXPECT_EQ(cost.axes, std::vector<int64_t>{0});
  EXPECT_EQ(cost.steps, 2);
  // All 8 cores: 2 cores x 2 x 2 chips, three line axes.
  EXPECT_EQ(
      collectiveCost(t, CollectiveKind::AllGather, 1 << 20, iota(8)).steps, 3);
}

} // namespace
} // namespace tpc
