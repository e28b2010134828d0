//===- WindowTest.cpp - Sub-block windows: matmuls and DMA hazards --------===//
//
// A kernel may DMA into parts of a VMEM buffer and multiply windows of its
// buffers (tpu.matmul's window, executable version 11): the runtime
// computes only the window and tracks hazards per part, so a matmul on
// one K piece runs while the next piece is still arriving.
//
//===----------------------------------------------------------------------===//

#include "runtime/Device.h"
#include "runtime/Executable.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace tpurt;

namespace {

Instruction inst(Opcode op, std::vector<int64_t> fields) {
  return {op, std::move(fields), {}, {}};
}

// Registers: 0 x, 1 w, 2 out, 3 xv, 4 wv, 5 acc, 6 sem0, 7 sem1, 8 = 0,
// 9 = 128.
enum : int64_t { X, W, Out, Xv, Wv, Acc, Sem0, Sem1, Zero, K128 };

/// DMA of `rows` rows from row `at` of HBM buffer `src` into the same rows
/// of VMEM buffer `dst` ([rows, 256] windows of [*, 256] buffers).
Instruction rowsIn(int64_t src, int64_t dst, int64_t sem, int64_t at,
                   int64_t rows) {
  return inst(Opcode::DmaStart,
              {src, dst, sem, 0, 2, at, Zero, at, Zero, rows, 256, 1, 1});
}

/// acc (+)= x[:, k0:k0+128] . w[k0:k0+128, n0:n0+n] into acc[:, n0:n0+n].
Instruction matmul(int64_t k0, int64_t n0, int64_t n, bool accumulate) {
  return inst(Opcode::Matmul,
              {Xv, Wv, Acc, accumulate ? 1 : 0, 1, 0, 0, 0, k0, n0, 8, 128, n});
}

/// out = x . w for x [8, 256] and w [256, 256] (f32 at HIGHEST): w arrives
/// in two halves along K, and the first half's product starts before the
/// second half lands. `code` is what runs after the DMAs start.
Executable windowed(std::vector<Instruction> tail) {
  Executable exe;
  exe.target = "v3";
  exe.programBytes = 4 * (8 * 256 * 2 + 256 * 256);
  Buffer x{Space::Hbm, Element::F32, BufferKind::Argument, {8, 256}, 0, 0, {}};
  Buffer w{Space::Hbm, Element::F32, BufferKind::Argument, {256, 256}, 0, 1,
           {}};
  Buffer out{Space::Hbm, Element::F32, BufferKind::Temp, {8, 256}, 0, 0, {}};
  Buffer xv{Space::Vmem, Element::F32, BufferKind::Scratch, {8, 256}, 0, 0, {}};
  // VMEM offsets: xv, then wv, then acc.
  Buffer wv{Space::Vmem, Element::F32, BufferKind::Scratch, {256, 256}, 8192, 0,
            {}};
  Buffer acc{Space::Vmem, Element::F32,  BufferKind::Scratch,
             {8, 256},    8192 + 262144, 0,
             {}};
  exe.buffers = {x, w, out, xv, wv, acc};
  Kernel k;
  k.name = "k";
  k.registers = 10;
  k.semaphores = 2;
  k.code = {inst(Opcode::Buffer, {X, 0}),
            inst(Opcode::Buffer, {W, 1}),
            inst(Opcode::Buffer, {Out, 2}),
            inst(Opcode::Buffer, {Xv, 3}),
            inst(Opcode::Buffer, {Wv, 4}),
            inst(Opcode::Buffer, {Acc, 5}),
            inst(Opcode::Semaphore, {Sem0, 0}),
            inst(Opcode::Semaphore, {Sem1, 1}),
            inst(Opcode::Const, {Zero, 0}),
            inst(Opcode::Const, {K128, 128}),
            inst(Opcode::DmaStart,
                 {X, Xv, Sem0, 0, 2, Zero, Zero, Zero, Zero, 8, 256, 1, 1}),
            rowsIn(W, Wv, Sem0, Zero, 128),
            rowsIn(W, Wv, Sem1, K128, 128)};
  k.code.insert(k.code.end(), tail.begin(), tail.end());
  Function f;
  f.name = "main";
  f.arguments = {{Element::F32, {8, 256}, {1, 0}, 0},
                 {Element::F32, {256, 256}, {1, 0}, 1}};
  f.results = {{Element::F32, {8, 256}, {1, 0}, 2}};
  f.kernels = {k};
  f.steps = {Step{}};
  exe.functions = {f};
  return exe;
}

Instruction wait(int64_t sem) { return inst(Opcode::DmaWait, {sem}); }

/// DMA of acc's columns [n0, n0 + n) to out (`n0Reg` holds n0).
Instruction drain(int64_t n0Reg, int64_t n) {
  return inst(Opcode::DmaStart,
              {Acc, Out, Sem0, 0, 2, Zero, n0Reg, Zero, n0Reg, 8, n, 1, 1});
}

/// Small integers, so that every product and sum is exact in f32.
std::vector<HostTensor> inputs() {
  HostTensor x{Element::F32, {8, 256}, std::vector<double>(8 * 256)};
  HostTensor w{Element::F32, {256, 256}, std::vector<double>(256 * 256)};
  for (int64_t i = 0; i < 8 * 256; ++i)
    x.values[i] = i % 7 - 3;
  for (int64_t i = 0; i < 256 * 256; ++i)
    w.values[i] = i % 5 - 2;
  return {x, w};
}

double expected(const std::vector<HostTensor> &in, int64_t i, int64_t j) {
  double sum = 0;
  for (int64_t k = 0; k < 256; ++k)
    sum += in[0].values[i * 256 + k] * in[1].values[k * 256 + j];
  return sum;
}

/// Whether running `tail` after the DMAs fails with `message`.
void expectFailure(std::vector<Instruction> tail, const std::string &message) {
  absl::Status status = tpurt::run(windowed(std::move(tail)),
                                   *tpc::findTarget("v3"), "main", inputs())
                            .status();
  EXPECT_NE(status.message().find(message), std::string::npos) << status;
}

/// The first start of a task named `name` (kernel "k"), and the last end.
std::pair<int64_t, int64_t> span(const RunResult &run, const std::string &name,
                                 int occurrence) {
  int seen = 0;
  for (const Task &t : run.tasks)
    if (run.taskNames[t.name] == "k/" + name && seen++ == occurrence)
      return {t.start, t.end};
  return {-1, -1};
}

TEST(WindowTest, MatmulPiecesOverlapTheNextPiecesDma) {
  // K piece 0 once its half of w is in, K piece 1 after the second half,
  // each drained in two N pieces.
  Executable exe =
      windowed({wait(Sem0), matmul(0, 0, 256, false), wait(Sem1),
                matmul(128, 0, 128, true), drain(Zero, 128),
                matmul(128, 128, 128, true), drain(K128, 128), wait(Sem0)});
  std::vector<HostTensor> in = inputs();
  RunOptions options;
  options.keepTasks = true;
  absl::StatusOr<RunResult> run =
      tpurt::run(exe, *tpc::findTarget("v3"), "main", in, options);
  ASSERT_TRUE(run.ok()) << run.status();
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 256; ++j)
      ASSERT_EQ(run->results[0].values[i * 256 + j], expected(in, i, j))
          << i << "," << j;
  // The first piece's product starts before the second half of w lands
  // (the DMAs are, in order: x, w's first half, w's second half).
  auto [firstMatmul, unused] = span(*run, "matmul", 0);
  auto [secondDmaStart, secondDmaEnd] = span(*run, "dma_in", 2);
  EXPECT_LT(firstMatmul, secondDmaEnd);
  // The first N piece drains while the MXU computes the second.
  auto [drainStart, drainEnd] = span(*run, "dma_out", 0);
  int64_t lastMatmulEnd = 0;
  for (const Task &t : run->tasks)
    if (run->taskNames[t.name] == "k/matmul")
      lastMatmulEnd = std::max(lastMatmulEnd, t.end);
  EXPECT_LT(drainStart, lastMatmulEnd);
}

TEST(WindowTest, ReadingAPieceStillInFlightIsARace) {
  // All of K before the second half of w was waited for.
  expectFailure(
      {wait(Sem0), matmul(0, 0, 256, false),
       inst(Opcode::Matmul, {Xv, Wv, Acc, 1, 1, 0, 0, 0, 0, 0, 8, 256, 256}),
       wait(Sem1), drain(Zero, 256), wait(Sem0)},
      "reads buffer 4 while a DMA on it is in flight");
}

TEST(WindowTest, ADmaIntoAPieceInFlightIsARace) {
  // The first half of w again, while its first DMA is in flight.
  expectFailure({rowsIn(W, Wv, Sem1, Zero, 8), wait(Sem0), wait(Sem1),
                 matmul(0, 0, 256, false), drain(Zero, 256), wait(Sem0)},
                "writes buffer 4 while a DMA on it is in flight");
}

TEST(WindowTest, AWindowOutsideAnOperandIsRejected) {
  expectFailure(
      {wait(Sem0), wait(Sem1),
       inst(Opcode::Matmul, {Xv, Wv, Acc, 0, 1, 0, 0, 0, 128, 0, 8, 256, 256}),
       drain(Zero, 256), wait(Sem0)},
      "and a window inside all three");
}

} // namespace
