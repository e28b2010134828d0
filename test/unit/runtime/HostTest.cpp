//===- HostTest.cpp - Premapped host buffer and host-call timing ----------===//

#include "runtime/Host.h"

#include "gtest/gtest.h"

#include <limits>

using namespace tpurt;

namespace {

TEST(HostTest, DefaultsAreCloudTpus) {
  absl::StatusOr<HostBufferConfig> config =
      hostBufferConfig(std::nullopt, std::nullopt);
  ASSERT_TRUE(config.ok());
  EXPECT_EQ(config->size, 4294967296);
  EXPECT_EQ(config->transferThreshold, std::numeric_limits<int64_t>::max());
}

TEST(HostTest, SizeMustBePagesOfHostMemory) {
  EXPECT_TRUE(hostBufferConfig("8192", std::nullopt).ok());
  absl::StatusOr<HostBufferConfig> odd = hostBufferConfig("4097", std::nullopt);
  EXPECT_EQ(odd.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(odd.status().message(),
            "TPU_PREMAPPED_BUFFER_SIZE=4097 is not a multiple of 4096 (the "
            "host page size the buffer is pinned in)");
  EXPECT_EQ(hostBufferConfig("lots", std::nullopt).status().message(),
            "TPU_PREMAPPED_BUFFER_SIZE=lots is not a positive number of "
            "bytes");
  EXPECT_EQ(hostBufferConfig(std::nullopt, "-1").status().message(),
            "TPU_PREMAPPED_BUFFER_TRANSFER_THRESHOLD_BYTES=-1 is not a "
            "positive number of bytes");
}

TEST(HostTest, StagingRunsOutWithXlasMessage) {
  PremappedBuffer buffer(*hostBufferConfig("8192", std::nullopt));
  absl::StatusOr<int64_t> a = buffer.stage(6000);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(buffer.free(), 2192);
  absl::StatusOr<int64_t> b = buffer.stage(4096);
  EXPECT_EQ(b.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(std::string(b.status().message()).substr(0, 66),
            "Attempting to allocate 4096. That was not possible. There are "
            "2192");
  buffer.release(*a);
  EXPECT_TRUE(buffer.stage(4096).ok());
}

TEST(HostTest, ThresholdSplitsLargeTransfers) {
  PremappedBuffer buffer(*hostBufferConfig("8192", "1024"));
  absl::StatusOr<int64_t> big = buffer.stage(1 << 20);
  ASSERT_TRUE(big.ok());
  EXPECT_EQ(*big, 1024);
  EXPECT_EQ(buffer.free(), 7168);
}

TEST(HostTest, CallTimeAmortizesTheLaunch) {
  const tpc::Target &v3 = *tpc::findTarget("v3");
  // One step: 30 us launch, 2 transfers of 2 us latency plus 16e6 bytes at
  // 16 GB/s (1 ms), 100 us on the device.
  CallTime one = callTime(v3, 1, 100e-6, 8000000, 8000000, 2);
  EXPECT_DOUBLE_EQ(one.launch, 30e-6);
  EXPECT_DOUBLE_EQ(one.transfers, 1e-3 + 4e-6);
  EXPECT_DOUBLE_EQ(one.device, 100e-6);
  // Ten steps per call pay the launch once.
  CallTime ten = callTime(v3, 10, 100e-6, 8000000, 8000000, 2);
  EXPECT_DOUBLE_EQ(ten.launch, 30e-6);
  EXPECT_DOUBLE_EQ(ten.total(), 30e-6 + 10 * (1e-3 + 4e-6 + 100e-6));
  // v4 and later hosts have PCIe 4.0: twice the bandwidth.
  CallTime v4 = callTime(*tpc::findTarget("v4"), 1, 0, 8000000, 8000000, 0);
  EXPECT_DOUBLE_EQ(v4.transfers, 0.5e-3);
}

} // namespace
