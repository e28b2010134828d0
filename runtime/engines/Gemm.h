//===- Gemm.h - The MXU's host arithmetic -----------------------*- C++ -*-===//
//
// The f32 matrix product the simulated MXU computes, fast on the host:
// packed panels, an AVX2/FMA register-blocked kernel where the host has one
// (a portable kernel otherwise), and several threads over row blocks. The
// result is defined element by element, so it is byte-identical whatever
// the kernel and the thread count.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_RUNTIME_ENGINES_GEMM_H
#define TPU_RUNTIME_ENGINES_GEMM_H

#include <cstdint>

namespace tpurt {

/// C[M,N] += A[M,K] * B[K,N], all f32 and row-major. Each C[i][j] takes its
/// K products in contraction order, each product and each sum rounded to
/// f32: c = c + A[i][k] * B[k][j] for k = 0, 1, ..., K-1. `exactProducts`
/// promises that every product is exact in f32 (bf16 inputs): the kernel
/// then fuses multiply and add, which changes no bit and is twice as fast.
/// `threads` <= 0 uses every hardware thread the work justifies;
/// `portable` forces the kernel without vector intrinsics (for tests).
void gemm(int64_t m, int64_t k, int64_t n, const float *a, const float *b,
          float *c, bool exactProducts, int threads = 0, bool portable = false);

/// The same, one element at a time, for tests: the definition itself.
void gemmReference(int64_t m, int64_t k, int64_t n, const float *a,
                   const float *b, float *c);

/// C[M,N] += A[M,K] * B[K,N] for int8 A and B into an int32 C, row-major:
/// the MXU's int8 path. Sums wrap modulo 2^32 (two's complement), so the
/// order of the additions does not matter and the result is exact.
void gemmInt8(int64_t m, int64_t k, int64_t n, const int8_t *a, const int8_t *b,
              int32_t *c);

} // namespace tpurt

#endif // TPU_RUNTIME_ENGINES_GEMM_H
