//===- sgemm.cpp - the host's own sgemm rate ------------------------------===//
//
// Prints the GFLOP/s of the host BLAS's sgemm on an N x N x N product, so
// that the simulator's host speed (tools/bench/quality.sh) can be read
// against what the machine does natively. The BLAS is loaded at run time
// (OpenBLAS if installed, else the reference libblas), so the project does
// not link one.
//
// Usage: tpu-bench-sgemm [N]
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <vector>

namespace {
using Sgemm = void (*)(const char *, const char *, const int *, const int *,
                       const int *, const float *, const float *, const int *,
                       const float *, const int *, const float *, float *,
                       const int *);
} // namespace

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 2048;
  if (n <= 0) {
    std::fprintf(stderr, "tpu-bench-sgemm: N must be positive\n");
    return 1;
  }
  const char *names[] = {"libopenblas.so.0", "libblas.so.3", "libblas.so"};
  void *library = nullptr;
  const char *found = nullptr;
  for (const char *name : names)
    if ((library = dlopen(name, RTLD_NOW))) {
      found = name;
      break;
    }
  auto sgemm =
      library ? reinterpret_cast<Sgemm>(dlsym(library, "sgemm_")) : nullptr;
  if (!sgemm) {
    std::fprintf(stderr, "tpu-bench-sgemm: no BLAS with sgemm_ found "
                         "(install libopenblas0 or libblas3)\n");
    return 1;
  }
  std::vector<float> a(size_t(n) * n, 0.5f), b(size_t(n) * n, 0.25f),
      c(size_t(n) * n, 0.0f);
  float one = 1.0f, zero = 0.0f;
  auto start = std::chrono::steady_clock::now();
  sgemm("N", "N", &n, &n, &n, &one, a.data(), &n, b.data(), &n, &zero, c.data(),
        &n);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (c[0] != 0.125f * n) {
    std::fprintf(stderr, "tpu-bench-sgemm: wrong result %g\n", c[0]);
    return 1;
  }
  std::printf("%s sgemm %dx%dx%d: %.3f s, %.2f GFLOP/s\n", found, n, n, n,
              seconds, 2.0 * n * n * n / seconds / 1e9);
  return 0;
}
