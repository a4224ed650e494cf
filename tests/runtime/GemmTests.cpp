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

} // namespace
