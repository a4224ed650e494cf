//===- GemmTests.cpp - the runtime's BLAS (runtime/Gemm.h) ----------------===//
#include "runtime/Gemm.h"

#include <gtest/gtest.h>

#include <complex>
#include <cstdlib>
#include <vector>

using namespace sdy::runtime;

namespace {

// A = [[1, 2, 3], [4, 5, 6]], B = [[7, 8], [9, 10], [11, 12]]:
// A * B = [[58, 64], [139, 154]].
TEST(Gemm, FloatProductAndTransposes) {
  const float a[] = {1, 2, 3, 4, 5, 6}, b[] = {7, 8, 9, 10, 11, 12};
  const float at[] = {1, 4, 2, 5, 3, 6}, bt[] = {7, 9, 11, 8, 10, 12};
  float c[4] = {-1, -1, -1, -1};
  sgemm(false, false, 2, 2, 3, a, 3, b, 2, c, 2);
  EXPECT_EQ(std::vector<float>(c, c + 4),
            (std::vector<float>{58, 64, 139, 154}));
  float ct[4] = {};
  sgemm(true, true, 2, 2, 3, at, 2, bt, 3, ct, 2);
  EXPECT_EQ(std::vector<float>(ct, ct + 4),
            (std::vector<float>{58, 64, 139, 154}));
}

TEST(Gemm, LeadingDimensionsWiderThanTheMatrix) {
  // A is the left 2x2 of a 2x3 array, C the left 2x2 of a 2x3 array whose
  // third column must stay untouched.
  const double a[] = {1, 2, 99, 3, 4, 99}, b[] = {5, 6, 7, 8};
  double c[] = {0, 0, -7, 0, 0, -7};
  gemm<double>(false, false, 2, 2, 2, a, 3, b, 2, c, 3);
  EXPECT_EQ(std::vector<double>(c, c + 6),
            (std::vector<double>{19, 22, -7, 43, 50, -7}));
}

TEST(Gemm, Complex) {
  using c64 = std::complex<float>;
  // (1+i)(2-i) + (0+1i)(3+0i) = (3+i) + 3i = 3+4i
  const c64 a[] = {{1, 1}, {0, 1}}, b[] = {{2, -1}, {3, 0}};
  c64 c[1];
  gemm<c64>(false, false, 1, 1, 2, a, 2, b, 1, c, 1);
  EXPECT_EQ(c[0], c64(3, 4));
  using c128 = std::complex<double>;
  const c128 a2[] = {{1, 1}, {0, 1}}, b2[] = {{2, -1}, {3, 0}};
  c128 c2[1];
  gemm<c128>(false, false, 1, 1, 2, a2, 2, b2, 1, c2, 1);
  EXPECT_EQ(c2[0], c128(3, 4));
}

// The library is set up without leaving OPENBLAS_CORETYPE behind, and says
// which kernels it runs.
TEST(Gemm, LibraryLeavesTheEnvironmentAsItWas) {
  bool wasSet = std::getenv("OPENBLAS_CORETYPE") != nullptr;
  std::string lib = gemmLibrary();
  EXPECT_EQ(std::getenv("OPENBLAS_CORETYPE") != nullptr, wasSet);
  EXPECT_NE(lib.find("core"), std::string::npos) << lib;
  EXPECT_GE(gemmThreads(), 1);
  int before = gemmThreads();
  setGemmThreads(1);
  EXPECT_EQ(gemmThreads(), 1);
  setGemmThreads(0); // ignored
  EXPECT_EQ(gemmThreads(), 1);
  setGemmThreads(before);
}

// Small integers: every product and sum is exact in float, so each way of
// splitting the work must give exactly the naive triple loop's result.
std::vector<float> smallInts(int64_t n, int seed) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = static_cast<float>((i * 7 + seed * 13) % 5 - 2);
  return v;
}

// C = op(A) * op(B) by the definition.
std::vector<float> naive(bool ta, bool tb, int64_t m, int64_t n, int64_t k,
                         const float *a, const float *b) {
  std::vector<float> c(m * n, 0.0f);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t kk = 0; kk < k; ++kk)
        c[i * n + j] += (ta ? a[kk * m + i] : a[i * k + kk]) *
                        (tb ? b[j * k + kk] : b[kk * n + j]);
  return c;
}

// Products big enough to be split in blocks of columns (wider than tall) or
// of rows (taller than wide, with a last block shorter than the others),
// with every transpose, on 1 to 5 threads.
TEST(Gemm, SplitProductsEqualTheDefinition) {
  struct Case {
    int64_t m, n, k;
  };
  for (Case cs : {Case{40, 320, 512}, Case{301, 48, 512}}) {
    for (int t = 0; t < 4; ++t) {
      bool ta = t & 1, tb = t & 2;
      auto a = smallInts(cs.m * cs.k, 1), b = smallInts(cs.k * cs.n, 2);
      auto expected = naive(ta, tb, cs.m, cs.n, cs.k, a.data(), b.data());
      for (int threads = 1; threads <= 5; ++threads) {
        std::vector<float> c(cs.m * cs.n, -7.0f);
        gemm<float>(ta, tb, cs.m, cs.n, cs.k, a.data(), ta ? cs.m : cs.k,
                    b.data(), tb ? cs.k : cs.n, c.data(), cs.n, threads);
        EXPECT_EQ(c, expected)
            << cs.m << "x" << cs.n << "x" << cs.k << " ta=" << ta
            << " tb=" << tb << " threads=" << threads;
      }
    }
  }
}

// Batched products: fewer products than threads (each split) and more
// (whole products per thread); C's matrices lie apart (strideC > m * n) and
// the gap between them is left alone.
TEST(Gemm, BatchedProductsEqualTheDefinition) {
  const int64_t m = 64, n = 96, k = 400, gap = 5;
  for (int64_t batch : {2, 7}) {
    auto a = smallInts(batch * m * k, 3), b = smallInts(batch * k * n, 4);
    for (int threads : {1, 4}) {
      std::vector<float> c(batch * (m * n + gap), -7.0f);
      gemmBatched<float>(batch, false, true, m, n, k, a.data(), k, m * k,
                         b.data(), k, k * n, c.data(), n, m * n + gap, threads);
      for (int64_t i = 0; i < batch; ++i) {
        auto expected = naive(false, true, m, n, k, a.data() + i * m * k,
                              b.data() + i * k * n);
        std::vector<float> got(c.begin() + i * (m * n + gap),
                               c.begin() + i * (m * n + gap) + m * n);
        EXPECT_EQ(got, expected) << "batch " << i << " of " << batch;
        for (int64_t g = 0; g < gap; ++g)
          EXPECT_EQ(c[i * (m * n + gap) + m * n + g], -7.0f);
      }
    }
  }
}

} // namespace
