//===- ExecutableTest.cpp - The executable format and the device ----------===//

#include "runtime/Executable.h"
#include "runtime/Device.h"
#include "runtime/Sharding.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

using namespace tpurt;

namespace {

Instruction inst(Opcode op, std::vector<int64_t> fields) {
  return {op, std::move(fields), {}, {}};
}

/// out[8,128] = x + 1, by DMA into VMEM, a vector add of a filled scalar,
/// and DMA back: the smallest complete program.
Executable addOne() {
  Executable exe;
  exe.target = "v3";
  exe.programBytes = 4096;
  Buffer x{Space::Hbm, Element::F32, BufferKind::Argument, {8, 128}, 0, 0, {}};
  Buffer out{Space::Hbm, Element::F32, BufferKind::Temp, {8, 128}, 0, 0, {}};
  Buffer v{Space::Vmem, Element::F32, BufferKind::Scratch, {8, 128}, 0, 0, {}};
  Buffer one{Space::Vmem, Element::F32, BufferKind::Scratch, {}, 4096, 0, {}};
  exe.buffers = {x, out, v, one};
  Kernel k;
  k.name = "add_one";
  k.opName = "jit(f)/jit(main)/add";
  k.source = "model.py:3:10";
  k.registers = 6;
  k.semaphores = 1;
  k.code = {inst(Opcode::Buffer, {0, 0}),
            inst(Opcode::Buffer, {1, 1}),
            inst(Opcode::Buffer, {2, 2}),
            inst(Opcode::Buffer, {3, 3}),
            inst(Opcode::Semaphore, {4, 0}),
            inst(Opcode::Const, {5, 0}),
            inst(Opcode::Fill, {3, 0x3f800000}), // 1.0f
            inst(Opcode::DmaStart, {0, 2, 4, 0, 2, 5, 5, 5, 5, 8, 128, 1, 1}),
            inst(Opcode::DmaWait, {4}),
            inst(Opcode::Vector, {0, 2, 2, 2, 2, 0, 1, 3, 0}),
            inst(Opcode::DmaStart, {2, 1, 4, 0, 2, 5, 5, 5, 5, 8, 128, 1, 1}),
            inst(Opcode::DmaWait, {4})};
  Function f;
  f.name = "main";
  f.arguments = {{Element::F32, {8, 128}, {1, 0}, 0}};
  f.results = {{Element::F32, {8, 128}, {1, 0}, 1}};
  f.kernels = {k};
  f.steps = {Step{}};
  f.modelFlops = 2 * 8 * 128 * 128;
  exe.functions = {f};
  return exe;
}

TEST(ExecutableTest, RoundTrips) {
  std::vector<uint8_t> bytes = serialize(addOne());
  absl::StatusOr<Executable> parsed =
      parseExecutable(bytes.data(), bytes.size());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(serialize(*parsed), bytes);
  EXPECT_EQ(parsed->functions[0].kernels[0].code.size(), 12u);
  EXPECT_EQ(parsed->functions[0].modelFlops, 2 * 8 * 128 * 128);
  EXPECT_EQ(parsed->functions[0].kernels[0].opName, "jit(f)/jit(main)/add");
  EXPECT_EQ(parsed->functions[0].kernels[0].source, "model.py:3:10");
}

TEST(ExecutableTest, RejectsNegativeModelFlops) {
  Executable exe = addOne();
  exe.functions[0].modelFlops = -1;
  std::vector<uint8_t> bytes = serialize(exe);
  absl::StatusOr<Executable> parsed =
      parseExecutable(bytes.data(), bytes.size());
  ASSERT_FALSE(parsed.ok());
  EXPECT_NE(parsed.status().message().find("negative model FLOPs"),
            std::string::npos);
}

TEST(ExecutableTest, RejectsEveryTruncation) {
  std::vector<uint8_t> bytes = serialize(addOne());
  for (size_t size = 0; size < bytes.size(); ++size) {
    // A copy of exactly `size` bytes, so that a read past it is caught by
    // the sanitizers as well as by the reader.
    std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + size);
    absl::StatusOr<Executable> parsed =
        parseExecutable(prefix.data(), prefix.size());
    EXPECT_FALSE(parsed.ok()) << "accepted a file cut at byte " << size;
  }
}

TEST(ExecutableTest, RejectsWrongMagicAndVersion) {
  std::vector<uint8_t> bytes = serialize(addOne());
  std::vector<uint8_t> magic = bytes;
  magic[0] = 'X';
  EXPECT_EQ(parseExecutable(magic.data(), magic.size()).status().message(),
            "not a TPU executable: the file does not start with \"TPUEXEC\"");
  std::vector<uint8_t> version = bytes;
  version[8] = kFormatVersion + 1;
  absl::Status status =
      parseExecutable(version.data(), version.size()).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(status.message().find(absl::StrCat("version ", kFormatVersion + 1,
                                               " is not supported")),
            std::string::npos);
}

TEST(ExecutableTest, RejectsBadRegisters) {
  Executable exe = addOne();
  exe.functions[0].kernels[0].code.push_back(inst(Opcode::DmaWait, {99}));
  std::vector<uint8_t> bytes = serialize(exe);
  absl::Status status = parseExecutable(bytes.data(), bytes.size()).status();
  EXPECT_NE(status.message().find("kernel 'add_one': dma_wait has malformed "
                                  "operands"),
            std::string::npos)
      << status;
}

TEST(DeviceTest, RunsAndTimes) {
  const tpc::Target &v3 = *tpc::findTarget("v3");
  HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024)};
  for (int i = 0; i < 1024; ++i)
    x.values[i] = i * 0.5;
  absl::StatusOr<RunResult> run = tpurt::run(addOne(), v3, "main", {x});
  ASSERT_TRUE(run.ok()) << run.status();
  ASSERT_EQ(run->results.size(), 1u);
  for (int i = 0; i < 1024; ++i)
    ASSERT_EQ(run->results[0].values[i], i * 0.5 + 1);
  // Hand-computed: each DMA moves 4096 bytes, 500 + ceil(4096 / (450e9 /
  // 0.94e9)) = 509 cycles; the fill (1 register) overlaps the first DMA and
  // the add (1 register) waits for it: 509 + 1 + 509.
  EXPECT_EQ(dmaCycles(v3, 4096), 509);
  EXPECT_EQ(run->cycles, 509 + 1 + 509);
  EXPECT_EQ(run->hbmBytes, 8192);
}

TEST(ExecutableTest, ElidedConstantsRoundTrip) {
  Executable exe = addOne();
  exe.elidedConstants = {"model.mlir:3:8 tensor<8x128xf32>", "loc(unknown) x"};
  std::vector<uint8_t> bytes = serialize(exe);
  absl::StatusOr<Executable> parsed =
      parseExecutable(bytes.data(), bytes.size());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->elidedConstants, exe.elidedConstants);
  EXPECT_EQ(serialize(*parsed), bytes);
}

TEST(DeviceTest, ElidedConstantsTimeButDoNotCompute) {
  const tpc::Target &v3 = *tpc::findTarget("v3");
  Executable exe = addOne();
  for (int n : {1, 5}) {
    exe.elidedConstants.clear();
    for (int i = 0; i < n; ++i)
      exe.elidedConstants.push_back(absl::StrCat("m.mlir:", i, ":1 t"));
    HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024)};
    absl::StatusOr<RunResult> run = tpurt::run(exe, v3, "main", {x});
    ASSERT_FALSE(run.ok());
    EXPECT_EQ(run.status().code(), absl::StatusCode::kFailedPrecondition);
    std::string expected =
        n == 1 ? "the values of 1 constant (weights printed elided: "
                 "m.mlir:0:1 t); compile it"
               : "the values of 5 constants (weights printed elided: "
                 "m.mlir:0:1 t; m.mlir:1:1 t; m.mlir:2:1 t; and 2 more)";
    EXPECT_NE(run.status().message().find(expected), std::string::npos)
        << run.status().message();
    RunOptions timing;
    timing.timingOnly = true;
    absl::StatusOr<RunResult> timed = tpurt::run(exe, v3, "main", {}, timing);
    ASSERT_TRUE(timed.ok()) << timed.status();
    EXPECT_EQ(timed->cycles, 509 + 1 + 509);
  }
}

TEST(DeviceTest, MissingWaitIsARace) {
  Executable exe = addOne();
  auto &code = exe.functions[0].kernels[0].code;
  code.erase(code.begin() + 8); // the wait after the first DMA
  HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024, 0)};
  absl::Status status =
      tpurt::run(exe, *tpc::findTarget("v3"), "main", {x}).status();
  EXPECT_NE(status.message().find("while a DMA on it is in flight"),
            std::string::npos)
      << status;
}

TEST(DeviceTest, MaxStepsStopsAKernelThatRunsLonger) {
  const tpc::Target &v3 = *tpc::findTarget("v3");
  HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024, 0)};
  Executable exe = addOne();
  auto steps = static_cast<int64_t>(exe.functions[0].kernels[0].code.size());
  RunOptions options;
  options.maxSteps = steps - 1;
  absl::Status status = tpurt::run(exe, v3, "main", {x}, options).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kResourceExhausted) << status;
  EXPECT_NE(status.message().find("kernel 'add_one' executed more than"),
            std::string::npos)
      << status;
  // Exactly enough steps runs.
  options.maxSteps = steps;
  EXPECT_TRUE(tpurt::run(exe, v3, "main", {x}, options).ok());
}

TEST(DeviceTest, NamesTheMistypedArgument) {
  HostTensor x{Element::I32, {8, 128}, std::vector<double>(1024, 0)};
  EXPECT_EQ(tpurt::run(addOne(), *tpc::findTarget("v3"), "main", {x})
                .status()
                .message(),
            "argument 0 of 'main' must be 8x128xf32, but the input is "
            "8x128xi32");
}

} // namespace

namespace {

TEST(ExecutableTest, RejectsMalformedScalarLoad) {
  Executable exe = addOne();
  // Rank 2 but no index registers.
  exe.functions[0].kernels[0].code.push_back(
      inst(Opcode::ScalarLoad, {5, 3, 2}));
  std::vector<uint8_t> bytes = serialize(exe);
  absl::Status status = parseExecutable(bytes.data(), bytes.size()).status();
  EXPECT_NE(status.message().find("kernel 'add_one': scalar_load has "
                                  "malformed operands"),
            std::string::npos)
      << status;
}

TEST(DeviceTest, ScalarLoadReadsSmemIntegersOnly) {
  // The rank-0 f32 VMEM buffer of addOne (register 3) is not SMEM.
  Executable exe = addOne();
  exe.functions[0].kernels[0].code.push_back(
      inst(Opcode::ScalarLoad, {5, 3, 0}));
  HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024, 0)};
  absl::Status status =
      tpurt::run(exe, *tpc::findTarget("v3"), "main", {x}).status();
  EXPECT_NE(status.message().find("needs an SMEM buffer of integers"),
            std::string::npos)
      << status;
}

TEST(DeviceTest, ScalarLoadIndexOutsideTheBufferFails) {
  // A 4-element SMEM buffer read at index 7 (register 5 holds 7).
  Executable exe = addOne();
  exe.buffers.push_back(
      {Space::Smem, Element::I32, BufferKind::Scratch, {4}, 0, 0, {}});
  auto &code = exe.functions[0].kernels[0].code;
  code.push_back(inst(Opcode::Buffer, {3, 4}));
  code.push_back(inst(Opcode::Const, {5, 7}));
  code.push_back(inst(Opcode::ScalarLoad, {5, 3, 1, 5}));
  HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024, 0)};
  absl::Status status =
      tpurt::run(exe, *tpc::findTarget("v3"), "main", {x}).status();
  EXPECT_NE(status.message().find("index out of the buffer"), std::string::npos)
      << status;
}

/// out = x[i], one element of a 4-element row chosen at run time: the
/// index goes HBM -> SMEM, the scalar core loads it (sign-extended) and a
/// DMA reads the element at that address.
TEST(DeviceTest, ScalarLoadAddressesADma) {
  Executable exe;
  exe.target = "v3";
  exe.programBytes = 4096;
  Buffer x{Space::Hbm, Element::F32, BufferKind::Argument, {4}, 0, 0, {}};
  Buffer i{Space::Hbm, Element::I32, BufferKind::Argument, {}, 0, 1, {}};
  Buffer out{Space::Hbm, Element::F32, BufferKind::Temp, {1}, 0, 0, {}};
  Buffer s{Space::Smem, Element::I32, BufferKind::Scratch, {}, 0, 0, {}};
  Buffer v{Space::Vmem, Element::F32, BufferKind::Scratch, {1}, 0, 0, {}};
  exe.buffers = {x, i, out, s, v};
  Kernel k;
  k.name = "pick";
  k.registers = 8;
  k.semaphores = 1;
  k.code = {inst(Opcode::Buffer, {0, 0}),
            inst(Opcode::Buffer, {1, 1}),
            inst(Opcode::Buffer, {2, 2}),
            inst(Opcode::Buffer, {3, 3}),
            inst(Opcode::Buffer, {4, 4}),
            inst(Opcode::Semaphore, {5, 0}),
            inst(Opcode::Const, {6, 0}),
            inst(Opcode::DmaStart, {1, 3, 5, 0, 0}),
            inst(Opcode::DmaWait, {5}),
            inst(Opcode::ScalarLoad, {7, 3, 0}),
            inst(Opcode::DmaStart, {0, 4, 5, 0, 1, 7, 6, 1, 1}),
            inst(Opcode::DmaWait, {5}),
            inst(Opcode::DmaStart, {4, 2, 5, 0, 1, 6, 6, 1, 1}),
            inst(Opcode::DmaWait, {5})};
  Function f;
  f.name = "main";
  f.arguments = {{Element::F32, {4}, {0}, 0}, {Element::I32, {}, {}, 1}};
  f.results = {{Element::F32, {1}, {0}, 2}};
  f.kernels = {k};
  f.steps = {Step{}};
  exe.functions = {f};
  std::vector<uint8_t> bytes = serialize(exe);
  absl::StatusOr<Executable> parsed =
      parseExecutable(bytes.data(), bytes.size());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  HostTensor row{Element::F32, {4}, {10, 20, 30, 40}};
  HostTensor at{Element::I32, {}, {2}};
  absl::StatusOr<RunResult> run =
      tpurt::run(*parsed, *tpc::findTarget("v3"), "main", {row, at});
  ASSERT_TRUE(run.ok()) << run.status();
  EXPECT_EQ(run->results[0].values, std::vector<double>{30});
}

//===----------------------------------------------------------------------===//
// Program control (version 7): steps between kernels
//===----------------------------------------------------------------------===//

/// addOne with a second argument, an i32 scalar (buffer 4), and `steps`.
Executable withScalar(std::vector<Step> steps) {
  Executable exe = addOne();
  exe.buffers.push_back(
      {Space::Hbm, Element::I32, BufferKind::Argument, {}, 0, 1, {}});
  exe.functions[0].arguments.push_back({Element::I32, {}, {}, 4});
  exe.functions[0].steps = std::move(steps);
  return exe;
}

Step kernelStep() { return Step{}; }
Step copyStep(int64_t src, int64_t dst) {
  Step step;
  step.kind = Step::Kind::Copy;
  step.src = src;
  step.dst = dst;
  return step;
}
Step control(Step::Kind kind, std::vector<std::vector<Step>> blocks,
             int64_t tripCount = -1) {
  Step step;
  step.kind = kind;
  step.buffer = 4;
  step.tripCount = tripCount;
  step.blocks = std::move(blocks);
  return step;
}

/// Whether `text` contains `part` (gtest without gmock's matchers).
::testing::AssertionResult contains(const std::string &text,
                                    const std::string &part) {
  if (text.find(part) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "'" << text << "' does not contain '" << part << "'";
}

std::string parseError(const Executable &exe) {
  std::vector<uint8_t> bytes = serialize(exe);
  absl::StatusOr<Executable> parsed =
      parseExecutable(bytes.data(), bytes.size());
  return parsed.ok() ? "" : std::string(parsed.status().message());
}

TEST(ExecutableTest, RejectsMalformedSteps) {
  EXPECT_TRUE(contains(parseError(withScalar({})), "never runs"));
  EXPECT_TRUE(contains(parseError(withScalar({kernelStep(), kernelStep()})),
                       "does not exist or runs twice"));
  Step missing = kernelStep();
  missing.kernel = 1;
  EXPECT_TRUE(contains(parseError(withScalar({missing})),
                       "does not exist or runs twice"));
  // x (8x128 f32) into the i32 scalar; x into VMEM scratch.
  EXPECT_TRUE(contains(parseError(withScalar({copyStep(0, 4), kernelStep()})),
                       "two HBM buffers of one size"));
  EXPECT_TRUE(contains(parseError(withScalar({copyStep(0, 2), kernelStep()})),
                       "two HBM buffers of one size"));
  EXPECT_TRUE(contains(
      parseError(withScalar({control(Step::Kind::While, {{kernelStep()}})})),
      "has 1 blocks, not 2"));
  EXPECT_TRUE(contains(parseError(withScalar({control(Step::Kind::Case, {})})),
                       "has 0 blocks, not 1"));
  Step onFloat = control(Step::Kind::Case, {{kernelStep()}});
  onFloat.buffer = 0;
  EXPECT_TRUE(contains(parseError(withScalar({onFloat})),
                       "must read an HBM integer buffer"));
  EXPECT_TRUE(contains(parseError(withScalar({control(
                           Step::Kind::While, {{}, {kernelStep()}}, -2)})),
                       "negative trip count"));
  EXPECT_EQ(parseError(withScalar(
                {control(Step::Kind::While, {{}, {kernelStep()}}, 3)})),
            "");
}

absl::StatusOr<RunResult> runWith(const Executable &exe, int64_t scalar,
                                  RunOptions options = {}) {
  HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024, 2.0)};
  HostTensor s{Element::I32, {}, {static_cast<double>(scalar)}};
  return tpurt::run(exe, *tpc::findTarget("v3"), "main",
                    options.timingOnly ? std::vector<HostTensor>{}
                                       : std::vector<HostTensor>{x, s},
                    options);
}

TEST(DeviceTest, LoopRunsItsBodyWhileThePredicateHolds) {
  // The predicate is the scalar argument, which the body does not change.
  Executable exe =
      withScalar({control(Step::Kind::While, {{}, {kernelStep()}})});
  absl::StatusOr<RunResult> never = runWith(exe, 0);
  ASSERT_TRUE(never.ok()) << never.status();
  EXPECT_EQ(never->kernels[0].runs, 0);
  RunOptions bounded;
  bounded.maxLoopIterations = 5;
  absl::StatusOr<RunResult> forever = runWith(exe, 1, bounded);
  ASSERT_FALSE(forever.ok());
  EXPECT_EQ(forever.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_TRUE(
      contains(std::string(forever.status().message()), "ran 5 iterations"));
}

TEST(DeviceTest, TimingOnlyLoopsNeedATripCount) {
  RunOptions timing;
  timing.timingOnly = true;
  Executable unknown =
      withScalar({control(Step::Kind::While, {{}, {kernelStep()}})});
  absl::StatusOr<RunResult> refused = runWith(unknown, 0, timing);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  timing.loopTripCount = 2;
  absl::StatusOr<RunResult> given = runWith(unknown, 0, timing);
  ASSERT_TRUE(given.ok()) << given.status();
  EXPECT_EQ(given->kernels[0].runs, 2);
  // A known trip count needs no option; each run adds its cycles.
  Executable known =
      withScalar({control(Step::Kind::While, {{}, {kernelStep()}}, 3)});
  timing.loopTripCount = -1;
  absl::StatusOr<RunResult> three = runWith(known, 0, timing);
  ASSERT_TRUE(three.ok()) << three.status();
  EXPECT_EQ(three->kernels[0].runs, 3);
  EXPECT_LT(three->kernels[0].cycles,
            three->kernels[0].end - three->kernels[0].start + 1);
  EXPECT_EQ(three->flops, 0);
}

TEST(DeviceTest, CaseRunsTheSelectedBranchOrTheLast) {
  // Branch 0 copies x into the result; branch 1 adds one.
  Executable exe = withScalar(
      {control(Step::Kind::Case, {{copyStep(0, 1)}, {kernelStep()}})});
  for (auto [index, expected] :
       {std::pair{0, 2.0}, {1, 3.0}, {7, 3.0}, {-1, 3.0}}) {
    absl::StatusOr<RunResult> run = runWith(exe, index);
    ASSERT_TRUE(run.ok()) << run.status();
    EXPECT_EQ(run->results[0].values[0], expected) << "index " << index;
    EXPECT_EQ(run->kernels[0].runs, expected == 3.0 ? 1 : 0);
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Collectives (version 9)
//===----------------------------------------------------------------------===//

namespace tpurt {
namespace {

/// addOne followed by an all-reduce of its result (buffer 1) into buffer 4,
/// which the function returns.
Executable withAllReduce(std::vector<std::vector<int64_t>> groups) {
  Executable exe = addOne();
  exe.programBytes = 8192;
  exe.buffers.push_back(
      {Space::Hbm, Element::F32, BufferKind::Temp, {8, 128}, 4096, 0, {}});
  Step step;
  step.kind = Step::Kind::Collective;
  step.collective.op = CollectiveOp::AllReduce;
  step.collective.groups = std::move(groups);
  step.collective.src = TensorSpec{Element::F32, {5, 7}, {1, 0}, 1};
  step.collective.dst = TensorSpec{Element::F32, {5, 7}, {1, 0}, 4};
  exe.functions[0].steps.push_back(step);
  exe.functions[0].results = {{Element::F32, {5, 7}, {1, 0}, 4}};
  return exe;
}

TEST(ExecutableTest, CollectiveStepsRoundTrip) {
  Executable exe = withAllReduce({{0, 1}, {2, 3}});
  std::vector<uint8_t> bytes = serialize(exe);
  absl::StatusOr<Executable> parsed =
      parseExecutable(bytes.data(), bytes.size());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const Collective &c = parsed->functions[0].steps[1].collective;
  EXPECT_EQ(c.op, CollectiveOp::AllReduce);
  EXPECT_EQ(c.groups, (std::vector<std::vector<int64_t>>{{0, 1}, {2, 3}}));
  EXPECT_EQ(c.src->dims, (std::vector<int64_t>{5, 7}));
  EXPECT_EQ(c.dst.buffer, 4);
  EXPECT_EQ(serialize(*parsed), bytes);
}

TEST(ExecutableTest, RejectsMalformedCollectives) {
  EXPECT_TRUE(contains(parseError(withAllReduce({})), "malformed all-reduce"));
  EXPECT_TRUE(
      contains(parseError(withAllReduce({{0, -1}})), "a negative device id"));
  Executable big = withAllReduce({{0, 1}});
  big.functions[0].steps[1].collective.dst.dims = {9, 7};
  EXPECT_TRUE(contains(parseError(big),
                       "all-reduce names a tensor its buffer cannot hold"));
  Executable vmem = withAllReduce({{0, 1}});
  vmem.functions[0].steps[1].collective.src->buffer = 2;
  EXPECT_TRUE(contains(parseError(vmem), "cannot hold"));
  Executable gather = withAllReduce({{0, 1}});
  gather.functions[0].steps[1].collective.op = CollectiveOp::AllGather;
  EXPECT_TRUE(contains(parseError(gather), "malformed all-gather"));
  gather.functions[0].steps[1].collective.dims = {2};
  EXPECT_TRUE(contains(parseError(gather), "dimension 2 is out of range"));
  Executable id = withAllReduce({});
  id.functions[0].steps[1].collective.op = CollectiveOp::DeviceId;
  EXPECT_TRUE(contains(parseError(id), "malformed device-id"));
  id.functions[0].steps[1].collective.src.reset();
  EXPECT_EQ(parseError(id), "");
}

TEST(DeviceTest, SliceRunsEveryDeviceAndMeetsAtCollectives) {
  // Four v4 devices, groups {0, 1} and {2, 3}: each sums two x + 1.
  std::string error;
  std::optional<tpc::Topology> slice = tpc::parseTopology("v4-8", &error);
  ASSERT_TRUE(slice) << error;
  Executable exe = withAllReduce({{0, 1}, {2, 3}});
  exe.target = "v4";
  HostTensor x{Element::F32, {8, 128}, std::vector<double>(1024, 2.0)};
  absl::StatusOr<std::vector<RunResult>> runs =
      runSlice(exe, *slice, "main", {x});
  ASSERT_TRUE(runs.ok()) << runs.status();
  ASSERT_EQ(runs->size(), 4u);
  for (const RunResult &r : *runs) {
    EXPECT_EQ(r.results[0].values, std::vector<double>(35, 6.0));
    // One step of 5*7*4 bytes each way between the two cores' chips.
    EXPECT_GT(r.iciCycles, 0);
    EXPECT_EQ(r.iciBytes, 140);
  }
  // A group naming a fifth device fails on every device, cleanly.
  absl::StatusOr<std::vector<RunResult>> bad =
      runSlice(withAllReduce({{0, 1, 2, 4}}), *slice, "main", {x});
  EXPECT_FALSE(bad.ok());
}

TEST(ExecutableTest, ShardingsRoundTripAndAreChecked) {
  // The argument is one of 4 row tiles (each 2 rows), held in reverse
  // order; the result is every device's whole tensor.
  Executable exe = addOne();
  TensorSpec &arg = exe.functions[0].arguments[0];
  arg.tiles = {4, 1};
  arg.devices = {3, 2, 1, 0};
  TensorSpec &out = exe.functions[0].results[0];
  out.tiles = {1, 1};
  out.devices = {0, 1, 2, 3};
  std::vector<uint8_t> bytes = serialize(exe);
  absl::StatusOr<Executable> parsed =
      parseExecutable(bytes.data(), bytes.size());
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->functions[0].arguments[0].devices,
            (std::vector<int64_t>{3, 2, 1, 0}));
  EXPECT_EQ(parsed->functions[0].arguments[0].wholeDims(),
            (std::vector<int64_t>{32, 128}));
  EXPECT_EQ(parsed->functions[0].arguments[0].tileOrigin(1),
            (std::vector<int64_t>{16, 0}));
  EXPECT_TRUE(isPartitioned(parsed->functions[0]));

  Executable repeat = exe;
  repeat.functions[0].arguments[0].devices = {0, 0, 1, 2};
  EXPECT_TRUE(contains(parseError(repeat), "not a permutation"));
  Executable tiles = exe;
  tiles.functions[0].arguments[0].tiles = {3, 1};
  EXPECT_TRUE(contains(parseError(tiles), "whole number of copies"));
  Executable zero = exe;
  zero.functions[0].arguments[0].tiles = {0, 1};
  EXPECT_TRUE(contains(parseError(zero), "do not fit the device array"));
}

TEST(ShardingTest, TilesCutAndJoin) {
  // A 4x4 iota cut into a 2x2 grid over devices 0..3, then put together.
  TensorSpec spec{Element::F32, {2, 2}, {1, 0}, 0, {2, 2}, {0, 1, 2, 3}};
  std::vector<double> values(16);
  for (int i = 0; i < 16; ++i)
    values[i] = i;
  HostTensor whole{Element::F32, {4, 4}, values};
  std::vector<HostTensor> tiles;
  for (int64_t d = 0; d < 4; ++d)
    tiles.push_back(tileOf(whole, spec, d));
  EXPECT_EQ(tiles[1].values, (std::vector<double>{2, 3, 6, 7}));
  EXPECT_EQ(tiles[2].values, (std::vector<double>{8, 9, 12, 13}));
  std::vector<const HostTensor *> held = {&tiles[0], &tiles[1], &tiles[2],
                                          &tiles[3]};
  EXPECT_EQ(wholeOf(spec, held).values, values);
  // Copies: rows cut in 2, each held by 2 devices; the first copy is read.
  TensorSpec copies{Element::F32, {2, 4}, {1, 0}, 0, {2, 1}, {0, 1, 2, 3}};
  EXPECT_EQ(copies.tileOrigin(1), (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(copies.tileOrigin(2), (std::vector<int64_t>{2, 0}));
  HostTensor wrong = tileOf(whole, copies, 1);
  wrong.values.assign(8, -1);
  HostTensor t0 = tileOf(whole, copies, 0), t2 = tileOf(whole, copies, 2);
  EXPECT_EQ(wholeOf(copies, {&t0, &wrong, &t2, &wrong}).values, values);
}

TEST(ShardingTest, InputsMustBeWhole) {
  Function f;
  f.name = "main";
  f.arguments = {{Element::F32, {2, 4}, {1, 0}, 0, {2, 1}, {0, 1}}};
  HostTensor tile{Element::F32, {2, 4}, std::vector<double>(8, 1)};
  absl::StatusOr<std::vector<HostTensor>> bad = tileInputs(f, {tile}, 0);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(contains(std::string(bad.status().message()),
                       "argument 0 of 'main' must be 4x4xf32, but the input "
                       "is 2x4xf32"));
  HostTensor whole{Element::F32, {4, 4}, std::vector<double>(16, 1)};
  absl::StatusOr<std::vector<HostTensor>> good = tileInputs(f, {whole}, 1);
  ASSERT_TRUE(good.ok());
  EXPECT_EQ((*good)[0].dims, (std::vector<int64_t>{2, 4}));
  EXPECT_FALSE(tileInputs(f, {}, 0).ok());
}

} // namespace
} // namespace tpurt
