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

/// acc (+)= lhs x rhs for int8 matrices stored row-major (or transposed)
/// into an int32 accumulator: exact, wrapping modulo 2^32.
static void int8Product(const uint8_t *ld, const uint8_t *rd, uint8_t *ad,
                        int64_t m, int64_t k, int64_t n, bool transposeLhs,
                        bool transposeRhs, bool accumulate) {
  static thread_local std::vector<int8_t> lhs, rhs;
  static thread_local std::vector<int32_t> acc;
  auto gather = [](std::vector<int8_t> &out, const uint8_t *data, int64_t rows,
                   int64_t cols, bool transposed) {
    out.resize(rows * cols);
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        out[i * cols + j] =
            static_cast<int8_t>(data[transposed ? j * rows + i : i * cols + j]);
  };
  gather(lhs, ld, m, k, transposeLhs);
  gather(rhs, rd, k, n, transposeRhs);
  acc.assign(m * n, 0);
  if (accumulate)
    std::memcpy(acc.data(), ad, acc.size() * sizeof(int32_t));
  gemmInt8(m, k, n, lhs.data(), rhs.data(), acc.data());
  std::memcpy(ad, acc.data(), acc.size() * sizeof(int32_t));
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
  if (!shaped || k != k2 || m != m2 || n != n2 || !(int8 || floats) ||
      !batchOk(l, lb) || !batchOk(r, rb))
    return fail(inst, "needs bf16 or f32 [B..,M,K] x [B..,K,N] into f32 "
                      "[B..,M,N], or int8 into int32");
  bool highest = f[4] == 1 && l.element == Element::F32;
  // Weights shared by a batch of untransposed rows: one matmul of all the
  // rows, the weights loaded once.
  int64_t matrices = batch;
  if (rb == 1 && !transposeLhs && lb == batch) {
    m *= batch;
    matrices = 1;
  }
  // Row-major [rows, cols] floats of a matrix stored as such, or as its
  // transpose.
  // Matrices kept between calls: the kernels make many products of one
  // block shape, and fresh pages cost more than the conversion.
  static thread_local std::vector<float> lhsFloats, rhsFloats, accFloats;
  auto toFloats = [](std::vector<float> &out, Element element,
                     const uint8_t *data, int64_t rows, int64_t cols,
                     bool transposed) {
    out.resize(rows * cols);
    if (element == Element::F32 && !transposed) {
      std::memcpy(out.data(), data, out.size() * sizeof(float));
      return;
    }
    int64_t size = elementBytes(element);
    // Element (i, j) of the stored matrix.
    auto at = [&](int64_t i, int64_t j) {
      return data + (transposed ? j * rows + i : i * cols + j) * size;
    };
    if (element == Element::BF16) { // the upper half of an f32
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
          const uint8_t *p = at(i, j);
          uint32_t bits = uint32_t(p[0] | p[1] << 8) << 16;
          std::memcpy(&out[i * cols + j], &bits, sizeof(float));
        }
      return;
    }
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        out[i * cols + j] = static_cast<float>(load(element, at(i, j)));
  };
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
  int64_t inSize = elementBytes(l.element);
  for (int64_t bi = 0; compute && int8 && bi < matrices; ++bi)
    int8Product((*lhs)->data + (lb == 1 ? 0 : bi * m * k),
                (*rhs)->data + (rb == 1 ? 0 : bi * k * n),
                (*acc)->data + bi * m * n * 4, m, k, n, transposeLhs,
                transposeRhs, f[3] != 0);
  for (int64_t bi = 0; compute && !int8 && bi < matrices; ++bi) {
    const uint8_t *ld = (*lhs)->data + (lb == 1 ? 0 : bi * m * k * inSize);
    const uint8_t *rd = (*rhs)->data + (rb == 1 ? 0 : bi * k * n * inSize);
    uint8_t *ad = (*acc)->data + bi * m * n * 4;
    toFloats(lhsFloats, l.element, ld, m, k, transposeLhs);
    toFloats(rhsFloats, r.element, rd, k, n, transposeRhs);
    mxuInputs(lhsFloats);
    mxuInputs(rhsFloats);
    accFloats.resize(m * n);
    if (f[3])
      std::memcpy(accFloats.data(), ad, accFloats.size() * sizeof(float));
    else
      std::fill(accFloats.begin(), accFloats.end(), 0.0f);
    // bf16 products are exact in f32.
    gemm(m, k, n, lhsFloats.data(), rhsFloats.data(), accFloats.data(),
         /*exactProducts=*/!highest);
    std::memcpy(ad, accFloats.data(), accFloats.size() * sizeof(float));
  }

  std::vector<View *> reads = {*lhs, *rhs};
  if (f[3])
    reads.push_back(*acc);
  absl::StatusOr<std::vector<int64_t>> deps =
      hazards(inst, reads, {*acc}, false);
  if (!deps.ok())
    return deps.status();
  std::vector<int64_t> all;
  // Where the MXU takes two int8 products per cell and cycle, K packs two
  // rows of weights into each of the array's rows.
  int64_t timedK = int8 ? mxuInt8Depth(target, k) : k;
  for (int64_t bi = 0; bi < matrices; ++bi) {
    absl::StatusOr<std::vector<int64_t>> ids = timeline.addMatmul(
        kernel.name + "/matmul", m, timedK, n,
        mxuPasses(highest ? Precision::Highest : Precision::Default,
                  l.element == Element::F32),
        options.mxuModel, *deps, issue);
    if (!ids.ok())
      return ids.status();
    all.insert(all.end(), ids->begin(), ids->end());
  }
  record(reads, {*acc}, all);
  (int8 ? stats.int8Ops : stats.flops) += 2 * m * n * k * matrices;
  return absl::OkStatus();
}

} // namespace tpurt::detail
