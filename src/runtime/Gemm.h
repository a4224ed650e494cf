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
//
// The product runs on the calling thread and up to `threads - 1` workers of
// the process's thread pool (ThreadPool.h), at most gemmThreads() in all;
// threads <= 0 means gemmThreads(). OpenBLAS runs single-threaded on each
// (its own threads would spin between products and serialise the products
// of concurrent devices): the runtime splits C into blocks of columns (or of
// rows when C is taller than wide), one product per block. Each element of
// C is computed by one product over the whole of k, so the split changes
// no result. A copy of OpenBLAS that the process had loaded before keeps
// its own threads: each product is then one call, threaded by OpenBLAS.
template <typename T>
void gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T *a,
          int64_t lda, const T *b, int64_t ldb, T *c, int64_t ldc,
          int threads = 0);

// `batch` products C[i] = op(A[i]) * op(B[i]), the i-th matrices at
// a + i * strideA, b + i * strideB and c + i * strideC, spread over up to
// `threads` threads as gemm() does (whole products per thread when there
// are enough of them).
template <typename T>
void gemmBatched(int64_t batch, bool ta, bool tb, int64_t m, int64_t n,
                 int64_t k, const T *a, int64_t lda, int64_t strideA,
                 const T *b, int64_t ldb, int64_t strideB, T *c, int64_t ldc,
                 int64_t strideC, int threads = 0);

inline void sgemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k,
                  const float *a, int64_t lda, const float *b, int64_t ldb,
                  float *c, int64_t ldc) {
  gemm<float>(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
}

// The most threads one product uses, process-wide: OPENBLAS_NUM_THREADS
// (or OMP_NUM_THREADS) when set, else OpenBLAS's default of one per core;
// 0 when OpenBLAS is not loaded.
int gemmThreads();
// Sets it (a no-op without OpenBLAS or for threads < 1); for a copy of
// OpenBLAS loaded before, OpenBLAS's own thread count.
void setGemmThreads(int threads);

// The address of symbol `name` (e.g. LAPACK's "dgetrf_", which Debian's
// OpenBLAS bundles) in the OpenBLAS the products use, loading it first;
// null when OpenBLAS could not be loaded or lacks the symbol.
void *blasSymbol(const char *name);

// What the matrix products run on, e.g. "OpenBLAS 0.3.21 ... core SkylakeX
// (chosen from the CPU's features: AVX-512)".
std::string gemmLibrary();

} // namespace sdy::runtime

#endif // SDY_RUNTIME_GEMM_H
