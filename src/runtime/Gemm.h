//===- Gemm.h - matrix products on OpenBLAS loaded on first use -*- C++ -*-===//
//
// Row-major general matrix products for the contraction and convolution
// kernels. OpenBLAS is loaded on first use rather than linked, so that its
// kernel set can be chosen from the CPU's instruction-set features before it
// initialises (OpenBLAS's own detection goes by CPU model numbers and falls
// back to its oldest kernels on models it does not know): see
// docs/execution.md#matrix-products.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_GEMM_H
#define SDY_RUNTIME_GEMM_H

#include <complex>
#include <cstdint>
#include <string>

namespace sdy::runtime {

// C[m x n] = op(A) * op(B), all row-major with the given leading dimensions;
// op(A) is A[m x k] (A[k x m] transposed when `ta`), op(B) is B[k x n]
// (B[n x k] transposed when `tb`). Defined for float, double and their
// complex types. Without OpenBLAS (not loadable at run time) this runs plain
// loops with the same results up to rounding.
template <typename T>
void gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T *a,
          int64_t lda, const T *b, int64_t ldb, T *c, int64_t ldc);

inline void sgemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k,
                  const float *a, int64_t lda, const float *b, int64_t ldb,
                  float *c, int64_t ldc) {
  gemm<float>(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

// The BLAS's process-wide thread count (0 when OpenBLAS is not loaded).
int gemmThreads();
// Sets it (a no-op without OpenBLAS or for threads < 1).
void setGemmThreads(int threads);

// What the matrix products run on, e.g. "OpenBLAS 0.3.21 ... core SkylakeX
// (chosen from the CPU's features: AVX-512)".
std::string gemmLibrary();

} // namespace sdy::runtime

#endif // SDY_RUNTIME_GEMM_H
