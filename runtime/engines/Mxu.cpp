//===- Mxu.cpp - The MXU
//----------------------------------------------------===//
//
// Matmuls on the systolic arrays: bf16 inputs (or HIGHEST's six passes),
// f32 accumulation, and their cycles under the pipelined or serialized model.
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelRun.h"

#include "runtime/Numerics.h"
#include "runtime/engines/Gemm.h"
#include "runtime/machine/Shape.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>

namespace tpurt::detail {

/// The [rows, cols] matrix of a buffer's two minor dimensions, and the
/// number of matrices before them.
bool KernelRun::matrix(const Buffer &b, int64_t &rows, int64_t &cols,
                       int64_t &batch) {
  size_t rank = b.dims.size();
  if (rank < 2)
    return false;
  batch = 1;
  for (size_t i = 0; i + 2 < rank; ++i)
    batch *= b.dims[i];
  rows = b.dims[rank - 2];
  cols = b.dims[rank - 1];
  return true;
}

namespace {
/// A window of a logical matrix: rows [r0, r0 + rows) and columns
/// [c0, c0 + cols) of a matrix stored row-major with `ld` elements per
/// stored row, or as its transpose.
struct MatrixWindow {
  const uint8_t *data;
  int64_t ld, r0, c0, rows, cols;
  bool transposed;
  int64_t elementBytes;

  const uint8_t *at(int64_t i, int64_t j) const {
    int64_t r = r0 + i, c = c0 + j;
    return data + (transposed ? c * ld + r : r * ld + c) * elementBytes;
  }
};
} // namespace

/// The window's elements, row-major, as T (int8 or float).
template <typename T, typename Load>
static void gather(std::vector<T> &out, const MatrixWindow &w, Load load) {
  out.resize(w.rows * w.cols);
  for (int64_t i = 0; i < w.rows; ++i)
    for (int64_t j = 0; j < w.cols; ++j)
      out[i * w.cols + j] = load(w.at(i, j));
}

/// Copies the [rows, cols] window at (r0, c0) of a row-major accumulator
/// of `ld` columns to or from a dense row-major array.
template <typename T>
static void accWindow(T *dense, uint8_t *acc, int64_t ld, int64_t r0,
                      int64_t c0, int64_t rows, int64_t cols, bool toAcc) {
  for (int64_t i = 0; i < rows; ++i) {
    uint8_t *row = acc + ((r0 + i) * ld + c0) * sizeof(T);
    if (toAcc)
      std::memcpy(row, dense + i * cols, cols * sizeof(T));
    else
      std::memcpy(dense + i * cols, row, cols * sizeof(T));
  }
}

/// acc (+)= lhs x rhs on windows of int8 matrices into an int32
/// accumulator: exact, wrapping modulo 2^32.
static void int8Product(const MatrixWindow &l, const MatrixWindow &r,
                        uint8_t *acc, int64_t accLd, int64_t m0, int64_t n0,
                        bool accumulate) {
  static thread_local std::vector<int8_t> lhs, rhs;
  static thread_local std::vector<int32_t> sums;
  auto load = [](const uint8_t *p) { return static_cast<int8_t>(*p); };
  gather(lhs, l, load);
  gather(rhs, r, load);
  sums.assign(l.rows * r.cols, 0);
  if (accumulate)
    accWindow(sums.data(), acc, accLd, m0, n0, l.rows, r.cols, false);
  gemmInt8(l.rows, l.cols, r.cols, lhs.data(), rhs.data(), sums.data());
  accWindow(sums.data(), acc, accLd, m0, n0, l.rows, r.cols, true);
}

/// The window's elements as floats: bf16 is the upper half of an f32.
static void toFloats(std::vector<float> &out, Element element,
                     const MatrixWindow &w) {
  if (element == Element::F32 && !w.transposed && w.c0 == 0 && w.cols == w.ld) {
    out.resize(w.rows * w.cols);
    std::memcpy(out.data(), w.at(0, 0), out.size() * sizeof(float));
    return;
  }
  if (element == Element::BF16)
    return gather(out, w, [](const uint8_t *p) {
      uint32_t bits = uint32_t(p[0] | p[1] << 8) << 16;
      float v;
      std::memcpy(&v, &bits, sizeof(float));
      return v;
    });
  gather(out, w, [&](const uint8_t *p) {
    return static_cast<float>(load(element, p));
  });
}

absl::Status KernelRun::matmul(const Instruction &inst) {
  const std::vector<int64_t> &f = inst.fields;
  absl::StatusOr<View *> lhs = view(inst, f[0]), rhs = view(inst, f[1]),
                         acc = view(inst, f[2]);
  if (!lhs.ok() || !rhs.ok() || !acc.ok())
    return fail(inst, "operands are not buffers");
  int64_t m = 0, k = 0, k2 = 0, n = 0, m2 = 0, n2 = 0;
  int64_t lb = 0, rb = 0, batch = 0;
  const Buffer &l = *(*lhs)->buffer, &r = *(*rhs)->buffer, &a = *(*acc)->buffer;
  bool transposeLhs = f[5] != 0, transposeRhs = f[6] != 0;
  bool shaped =
      matrix(l, m, k, lb) && matrix(r, k2, n, rb) && matrix(a, m2, n2, batch);
  if (transposeLhs)
    std::swap(m, k);
  if (transposeRhs)
    std::swap(k2, n);
  // The window [m0, m0 + wm) x [k0, k0 + wk) x [n0, n0 + wn) of the
  // product: lhs rows and columns, rhs rows and columns, acc rows and
  // columns.
  int64_t m0 = f[7], k0 = f[8], n0 = f[9], wm = f[10], wk = f[11], wn = f[12];
  auto within = [](int64_t at, int64_t size, int64_t dim, int64_t dim2) {
    return at >= 0 && size > 0 && at <= dim - size && at <= dim2 - size;
  };
  // An operand's batch is the accumulator's, or one matrix for all.
  auto batchOk = [&](const Buffer &b, int64_t count) {
    if (b.dims.size() != a.dims.size())
      return false;
    if (count == 1)
      return true;
    return std::equal(b.dims.begin(), b.dims.end() - 2, a.dims.begin());
  };
  bool int8 = l.element == Element::I8 && r.element == Element::I8 &&
              a.element == Element::I32;
  bool floats =
      a.element == Element::F32 && l.element == r.element && isFloat(l.element);
  if (!shaped || !within(m0, wm, m, m2) || !within(k0, wk, k, k2) ||
      !within(n0, wn, n, n2) || !(int8 || floats) || !batchOk(l, lb) ||
      !batchOk(r, rb))
    return fail(inst, "needs bf16 or f32 [B..,M,K] x [B..,K,N] into f32 "
                      "[B..,M,N], or int8 into int32, and a window inside "
                      "all three");
  bool whole =
      wm == m && wm == m2 && wk == k && wk == k2 && wn == n && wn == n2;
  bool highest = f[4] == 1 && l.element == Element::F32;
  // Weights shared by a batch of untransposed rows: one matmul of all the
  // rows, the weights loaded once.
  int64_t matrices = batch, rows = wm;
  if (whole && rb == 1 && !transposeLhs && lb == batch) {
    rows *= batch;
    matrices = 1;
  }
  int64_t inSize = elementBytes(l.element);
  auto windows = [&](int64_t bi) {
    const uint8_t *ld = (*lhs)->data + (lb == 1 ? 0 : bi * m * k * inSize);
    const uint8_t *rd = (*rhs)->data + (rb == 1 ? 0 : bi * k2 * n * inSize);
    return std::make_pair(
        MatrixWindow{ld, l.dims.back(), m0, k0, rows, wk, transposeLhs, inSize},
        MatrixWindow{rd, r.dims.back(), k0, n0, wk, wn, transposeRhs, inSize});
  };
  for (int64_t bi = 0; compute && int8 && bi < matrices; ++bi) {
    auto [lw, rw] = windows(bi);
    int8Product(lw, rw, (*acc)->data + bi * m2 * n2 * 4, n2, m0, n0, f[3] != 0);
  }
  // Matrices kept between calls: the kernels make many products of one
  // block shape, and fresh pages cost more than the conversion.
  static thread_local std::vector<float> lhsFloats, rhsFloats, accFloats;
  // The MXU multiplies bf16: f32 inputs round to bf16 at DEFAULT. HIGHEST
  // (XLA's bf16_6x: each input split into three bf16 terms, six of the
  // nine products summed) reproduces the f32 product to its last bits, so
  // it is computed as f32 multiply-adds in contraction order, which is
  // what f32 results from XLA on other backends are; its time is still
  // six passes.
  auto mxuInputs = [&](std::vector<float> &x) {
    if (!highest && l.element == Element::F32)
      for (float &v : x)
        v = static_cast<float>(roundToBF16(v));
  };
  for (int64_t bi = 0; compute && !int8 && bi < matrices; ++bi) {
    auto [lw, rw] = windows(bi);
    uint8_t *ad = (*acc)->data + bi * m2 * n2 * 4;
    toFloats(lhsFloats, l.element, lw);
    toFloats(rhsFloats, r.element, rw);
    mxuInputs(lhsFloats);
    mxuInputs(rhsFloats);
    accFloats.assign(rows * wn, 0.0f);
    if (f[3])
      accWindow(accFloats.data(), ad, n2, m0, n0, rows, wn, false);
    // bf16 products are exact in f32.
    gemm(rows, wk, wn, lhsFloats.data(), rhsFloats.data(), accFloats.data(),
         /*exactProducts=*/!highest);
    accWindow(accFloats.data(), ad, n2, m0, n0, rows, wn, true);
  }

  // The windows in each buffer's own dimensions (all of any batch).
  auto boxOf = [&](const Buffer &b, int64_t r0, int64_t c0, int64_t nr,
                   int64_t nc, bool transposed) {
    std::vector<int64_t> at(b.dims.size(), 0), sizes = b.dims;
    size_t rank = b.dims.size();
    if (transposed) {
      std::swap(r0, c0);
      std::swap(nr, nc);
    }
    at[rank - 2] = r0;
    at[rank - 1] = c0;
    sizes[rank - 2] = nr;
    sizes[rank - 1] = nc;
    return Box::of(b, at, sizes);
  };
  Access accAccess(*acc, boxOf(a, m0, n0, wm, wn, false));
  std::vector<Access> reads = {
      Access(*lhs, boxOf(l, m0, k0, wm, wk, transposeLhs)),
      Access(*rhs, boxOf(r, k0, n0, wk, wn, transposeRhs))};
  if (f[3])
    reads.push_back(accAccess);
  absl::StatusOr<std::vector<int64_t>> deps =
      hazards(inst, reads, {accAccess}, false);
  if (!deps.ok())
    return deps.status();
  std::vector<int64_t> all;
  // Where the MXU takes two int8 products per cell and cycle, K packs two
  // rows of weights into each of the array's rows.
  int64_t timedK = int8 ? mxuInt8Depth(target, wk) : wk;
  // Rows shared by a batch of weight tiles (a convolution's tap weights
  // times each pixel's [C, batch] block, in a batch-minor layout): every
  // column of every matrix is an output of its own, so the batch's weight
  // columns pack side by side into the arrays' C columns, one product
  // [M, K] x [K, batch * N]. Each matrix alone would load a tile of its N
  // columns; a 256-wide array holds two 128-column tiles.
  int64_t timedMatrices = matrices, timedN = wn;
  if (lb == 1 && rb == batch && batch > 1) {
    timedN = tpc::saturatingMul(wn, batch);
    timedMatrices = 1;
  }
  for (int64_t bi = 0; bi < timedMatrices; ++bi) {
    absl::StatusOr<std::vector<int64_t>> ids = timeline.addMatmul(
        kernel.name + "/matmul", rows, timedK, timedN,
        mxuPasses(highest ? Precision::Highest : Precision::Default,
                  l.element == Element::F32),
        options.mxuModel, *deps, issue);
    if (!ids.ok())
      return ids.status();
    all.insert(all.end(), ids->begin(), ids->end());
  }
  record(reads, {accAccess}, all);
  (int8 ? stats.int8Ops : stats.flops) += 2 * rows * wn * wk * matrices;
  return absl::OkStatus();
}

} // namespace tpurt::detail
