//===- HbmUsageTest.cpp - HBM in use while each kernel runs ---------------===//

#include "runtime/HbmUsage.h"

#include "gtest/gtest.h"

using namespace tpurt;

namespace {

/// A kernel naming HBM buffers `ids`.
Kernel naming(std::vector<int64_t> ids) {
  Kernel k;
  for (size_t i = 0; i < ids.size(); ++i)
    k.code.push_back({Opcode::Buffer, {static_cast<int64_t>(i), ids[i]}, {},
                      {}});
  return k;
}

Buffer hbm(BufferKind kind, int64_t elements) {
  Buffer b;
  b.kind = kind;
  b.dims = {elements};
  return b;
}

Step kernelStep(int64_t k) {
  Step s;
  s.kind = Step::Kind::Kernel;
  s.kernel = k;
  return s;
}

} // namespace

// Buffers (f32): 0 argument (100 elements), 1 constant (10), 2 a temporary
// kernels 0 and 1 pass (1000), 3 a temporary inside the loop (10000), 4
// the result (1).
// Steps: kernel 0 (writes 2), loop { cond: kernel 3, body: kernel 1 (reads
// 2, writes 3), kernel 4 (reads 3) }, kernel 2 (writes 4).
TEST(HbmUsageTest, LiveFromFirstToLastStepLoopsWhole) {
  Executable exe;
  exe.buffers = {hbm(BufferKind::Argument, 100), hbm(BufferKind::Constant, 10),
                 hbm(BufferKind::Temp, 1000), hbm(BufferKind::Temp, 10000),
                 hbm(BufferKind::Temp, 1)};
  Function f;
  f.arguments = {{Element::F32, {100}, {0}, 0}};
  f.results = {{Element::F32, {1}, {0}, 4}};
  f.kernels = {naming({0, 2}), naming({2, 3, 1}), naming({4}), naming({}),
               naming({3})};
  Step loop;
  loop.kind = Step::Kind::While;
  loop.buffer = 1;
  loop.blocks = {{kernelStep(3)}, {kernelStep(1), kernelStep(4)}};
  f.steps = {kernelStep(0), loop, kernelStep(2)};
  std::vector<int64_t> live = hbmLiveAtKernels(exe, f);
  // Always: the argument and the constant, 440 bytes.
  // Kernel 0: + buffer 2 (4000).
  EXPECT_EQ(live[0], 440 + 4000);
  // Inside the loop, buffer 3 is live for the whole loop (the condition
  // runs before the body of the next iteration), with buffer 2.
  EXPECT_EQ(live[3], 440 + 4000 + 40000);
  EXPECT_EQ(live[1], 440 + 4000 + 40000);
  EXPECT_EQ(live[4], 440 + 4000 + 40000);
  // Kernel 2: the result only (from its write to the end).
  EXPECT_EQ(live[2], 440 + 4);
}
