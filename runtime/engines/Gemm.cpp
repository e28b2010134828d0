//===- Gemm.cpp - The MXU's host arithmetic -------------------------------===//
//
// GotoBLAS's blocking: K in blocks of kKc, B packed into panels of kNr
// columns, A into panels of kMr rows, and a kMr x kNr register tile that
// takes one multiply and one add per element per k (fused when the products
// are exact, where fusing changes nothing). Splitting K into blocks
// keeps each element's contraction order (its partial sum goes back to C
// between blocks, as f32), and threads own disjoint rows, so neither the
// blocking nor the thread count changes a bit of the result.
//
//===----------------------------------------------------------------------===//

#include "runtime/engines/Gemm.h"

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TPU_GEMM_AVX2 1
#endif

namespace tpurt {
namespace {

constexpr int64_t kMr = 6;   // rows of the register tile
constexpr int64_t kNr = 16;  // columns: two 8-lane AVX registers
constexpr int64_t kKc = 256; // contraction block: a B panel stays in L1
constexpr int64_t kMc = 120; // rows per packed A block (in L2)

/// The kMr x kNr tile (row-major) plus the products of a packed A panel
/// ([kc][kMr]) and a packed B panel ([kc][kNr]), k in order.
using Kernel = void (*)(int64_t kc, const float *ap, const float *bp,
                        float *tile);

// This file is compiled with -ffp-contract=off: a multiply and an add stay
// two roundings unless a kernel fuses them on purpose.
void kernelPortable(int64_t kc, const float *ap, const float *bp, float *tile) {
  for (int64_t kk = 0; kk < kc; ++kk, ap += kMr, bp += kNr)
    for (int64_t r = 0; r < kMr; ++r)
      for (int64_t j = 0; j < kNr; ++j)
        tile[r * kNr + j] += ap[r] * bp[j];
}

#ifdef TPU_GEMM_AVX2
// Twelve named accumulators: as an array, GCC keeps them in memory.
#define TPU_ROWS(X) X(0) X(1) X(2) X(3) X(4) X(5)
template <bool Fused>
__attribute__((target("avx2,fma"))) void
kernelAvx2(int64_t kc, const float *ap, const float *bp, float *tile) {
#define TPU_LOAD(r)                                                            \
  __m256 c##r##0 = _mm256_loadu_ps(tile + r * kNr);                            \
  __m256 c##r##1 = _mm256_loadu_ps(tile + r * kNr + 8);
  TPU_ROWS(TPU_LOAD)
  for (int64_t kk = 0; kk < kc; ++kk, ap += kMr, bp += kNr) {
    __m256 b0 = _mm256_loadu_ps(bp), b1 = _mm256_loadu_ps(bp + 8);
#define TPU_FMA(r)                                                             \
  {                                                                            \
    __m256 a = _mm256_broadcast_ss(ap + r);                                    \
    if (Fused) {                                                               \
      c##r##0 = _mm256_fmadd_ps(a, b0, c##r##0);                               \
      c##r##1 = _mm256_fmadd_ps(a, b1, c##r##1);                               \
    } else {                                                                   \
      c##r##0 = _mm256_add_ps(c##r##0, _mm256_mul_ps(a, b0));                  \
      c##r##1 = _mm256_add_ps(c##r##1, _mm256_mul_ps(a, b1));                  \
    }                                                                          \
  }
    TPU_ROWS(TPU_FMA)
  }
#define TPU_STORE(r)                                                           \
  _mm256_storeu_ps(tile + r * kNr, c##r##0);                                   \
  _mm256_storeu_ps(tile + r * kNr + 8, c##r##1);
  TPU_ROWS(TPU_STORE)
#undef TPU_LOAD
#undef TPU_FMA
#undef TPU_STORE
#undef TPU_ROWS
}
#endif

Kernel bestKernel(bool fused) {
#ifdef TPU_GEMM_AVX2
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return fused ? kernelAvx2<true> : kernelAvx2<false>;
#endif
  return kernelPortable;
}

/// B[kc, n] (row stride n) as panels of kNr columns, zero past n.
void packB(const float *b, int64_t kc, int64_t n, float *out) {
  for (int64_t j0 = 0; j0 < n; j0 += kNr, out += kc * kNr) {
    int64_t width = std::min(kNr, n - j0);
    for (int64_t kk = 0; kk < kc; ++kk) {
      const float *src = b + kk * n + j0;
      float *dst = out + kk * kNr;
      std::copy(src, src + width, dst);
      std::fill(dst + width, dst + kNr, 0.0f);
    }
  }
}

/// A[mc, kc] (row stride lda) as panels of kMr rows, zero past mc.
void packA(const float *a, int64_t lda, int64_t mc, int64_t kc, float *out) {
  for (int64_t i0 = 0; i0 < mc; i0 += kMr, out += kc * kMr) {
    int64_t height = std::min(kMr, mc - i0);
    for (int64_t kk = 0; kk < kc; ++kk) {
      float *dst = out + kk * kMr;
      for (int64_t r = 0; r < height; ++r)
        dst[r] = a[(i0 + r) * lda + kk];
      std::fill(dst + height, dst + kMr, 0.0f);
    }
  }
}

/// Floats of packing space one thread needs for a product N wide.
int64_t scratchFloats(int64_t n) {
  return kKc * kNr * ((n + kNr - 1) / kNr) + kKc * kMc;
}

/// Rows [i0, i1) of C, packing into `scratch` (scratchFloats(n)).
void gemmRows(int64_t i0, int64_t i1, int64_t k, int64_t n, const float *a,
              const float *b, float *c, Kernel kernel, float *scratch) {
  float *bPacked = scratch;
  float *aPacked = scratch + kKc * kNr * ((n + kNr - 1) / kNr);
  for (int64_t p0 = 0; p0 < k; p0 += kKc) {
    int64_t kc = std::min(kKc, k - p0);
    packB(b + p0 * n, kc, n, bPacked);
    for (int64_t ic = i0; ic < i1; ic += kMc) {
      int64_t mc = std::min(kMc, i1 - ic);
      packA(a + ic * k + p0, k, mc, kc, aPacked);
      for (int64_t jr = 0; jr < n; jr += kNr) {
        int64_t width = std::min(kNr, n - jr);
        const float *bp = bPacked + (jr / kNr) * kc * kNr;
        for (int64_t ir = 0; ir < mc; ir += kMr) {
          int64_t height = std::min(kMr, mc - ir);
          float tile[kMr * kNr] = {};
          float *cTile = c + (ic + ir) * n + jr;
          for (int64_t r = 0; r < height; ++r)
            std::copy(cTile + r * n, cTile + r * n + width, tile + r * kNr);
          kernel(kc, aPacked + (ir / kMr) * kc * kMr, bp, tile);
          for (int64_t r = 0; r < height; ++r)
            std::copy(tile + r * kNr, tile + r * kNr + width, cTile + r * n);
        }
      }
    }
  }
}

} // namespace

void gemm(int64_t m, int64_t k, int64_t n, const float *a, const float *b,
          float *c, bool exactProducts, int threads, bool portable) {
  if (m <= 0 || n <= 0 || k <= 0)
    return;
  static const Kernel fused = bestKernel(true), unfused = bestKernel(false);
  Kernel kernel = portable ? kernelPortable : exactProducts ? fused : unfused;
  // A thread per 2^22 multiply-adds at least, and per register tile row.
  int64_t work = m * n * k;
  int64_t useful =
      std::max<int64_t>(1, std::min<int64_t>(work >> 22, (m + kMr - 1) / kMr));
  int64_t count =
      threads > 0 ? threads
                  : std::max<int64_t>(1, std::thread::hardware_concurrency());
  count = std::min(count, useful);
  // Packing space kept between calls: the simulator makes many products
  // of one block shape, and fresh pages cost more than packing.
  static thread_local std::vector<float> scratch;
  int64_t per = scratchFloats(n);
  if (static_cast<int64_t>(scratch.size()) < per * count)
    scratch.resize(per * count);
  if (count == 1)
    return gemmRows(0, m, k, n, a, b, c, kernel, scratch.data());
  // Row blocks in whole register tiles, as even as they come.
  int64_t tiles = (m + kMr - 1) / kMr;
  std::vector<std::thread> pool;
  for (int64_t t = 0; t < count; ++t) {
    int64_t lo = std::min(m, tiles * t / count * kMr);
    int64_t hi = std::min(m, tiles * (t + 1) / count * kMr);
    if (lo < hi)
      pool.emplace_back(gemmRows, lo, hi, k, n, a, b, c, kernel,
                        scratch.data() + per * t);
  }
  for (std::thread &thread : pool)
    thread.join();
}

void gemmReference(int64_t m, int64_t k, int64_t n, const float *a,
                   const float *b, float *c) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = c[i * n + j];
      for (int64_t kk = 0; kk < k; ++kk)
        sum += a[i * k + kk] * b[kk * n + j];
      c[i * n + j] = sum;
    }
}

void gemmInt8(int64_t m, int64_t k, int64_t n, const int8_t *a, const int8_t *b,
              int32_t *c) {
  // Unsigned lanes wrap without undefined behaviour; i-k-j order streams
  // B's rows and C's row, which the compiler vectorizes.
  std::vector<uint32_t> row(n);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j)
      row[j] = static_cast<uint32_t>(c[i * n + j]);
    for (int64_t kk = 0; kk < k; ++kk) {
      uint32_t x = static_cast<uint32_t>(int32_t{a[i * k + kk]});
      const int8_t *bRow = b + kk * n;
      for (int64_t j = 0; j < n; ++j)
        row[j] += x * static_cast<uint32_t>(int32_t{bRow[j]});
    }
    for (int64_t j = 0; j < n; ++j)
      c[i * n + j] = static_cast<int32_t>(row[j]);
  }
}

} // namespace tpurt
