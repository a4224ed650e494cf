//===- FftTests.cpp - the fast fft against the naive DFT ------------------===//
//
// kernels::fft (radix-2 for powers of two, Bluestein otherwise) must agree
// with the O(n^2) DFT it replaced on random data, for every fft_type, odd,
// prime and power-of-two lengths and transforms over several dimensions.
//
//===----------------------------------------------------------------------===//
#include "runtime/Fft.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>

using namespace sdy::runtime;
using kernels::FftKind;

namespace {

Tensor randomTensor(ElementType t, const Shape &shape, std::mt19937 &rng) {
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  Tensor x(t, shape);
  int64_t n = x.numElements();
  if (t == ElementType::C128) {
    auto *p = x.data<std::complex<double>>();
    for (int64_t i = 0; i < n; ++i)
      p[i] = {dist(rng), dist(rng)};
  } else {
    auto *p = x.data<double>();
    for (int64_t i = 0; i < n; ++i)
      p[i] = dist(rng);
  }
  return x;
}

// Fast and naive results agree within 1e-12 of the transform's scale.
void expectSame(const Tensor &fast, const Tensor &naive, double scale) {
  ASSERT_EQ(fast.type(), naive.type());
  ASSERT_EQ(fast.shape(), naive.shape());
  int64_t n = fast.numElements();
  double tol = 1e-12 * scale;
  if (fast.type() == ElementType::C128) {
    auto *a = fast.data<std::complex<double>>();
    auto *b = naive.data<std::complex<double>>();
    for (int64_t i = 0; i < n; ++i)
      ASSERT_LE(std::abs(a[i] - b[i]), tol) << "element " << i;
  } else {
    auto *a = fast.data<double>();
    auto *b = naive.data<double>();
    for (int64_t i = 0; i < n; ++i)
      ASSERT_LE(std::fabs(a[i] - b[i]), tol) << "element " << i;
  }
}

void checkKind(FftKind kind, const Shape &fftShape, int64_t batch,
               std::mt19937 &rng) {
  int64_t numDims = static_cast<int64_t>(fftShape.size());
  Shape in = {batch}, out = {batch};
  in.insert(in.end(), fftShape.begin(), fftShape.end());
  out.insert(out.end(), fftShape.begin(), fftShape.end());
  ElementType inType = ElementType::C128, outType = ElementType::C128;
  if (kind == FftKind::RFFT) {
    inType = ElementType::F64;
    out.back() = fftShape.back() / 2 + 1;
  } else if (kind == FftKind::IRFFT) {
    in.back() = fftShape.back() / 2 + 1;
    outType = ElementType::F64;
  }
  Tensor x = randomTensor(inType, in, rng);
  double scale = 1;
  for (int64_t d : fftShape)
    scale *= d;
  Tensor fast = kernels::fft(x, kind, numDims, out, outType);
  Tensor naive = kernels::fftNaive(x, kind, numDims, out, outType);
  expectSame(fast, naive, scale);
}

TEST(Fft, MatchesNaiveDft) {
  std::mt19937 rng(7);
  for (int64_t n :
       {1, 2, 3, 4, 5, 6, 7, 8, 12, 17, 31, 64, 100, 127, 128, 243, 1000})
    for (FftKind kind :
         {FftKind::FFT, FftKind::IFFT, FftKind::RFFT, FftKind::IRFFT}) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", kind " +
                   std::to_string(static_cast<int>(kind)));
      checkKind(kind, {n}, 3, rng);
    }
}

TEST(Fft, MatchesNaiveDftOverSeveralDims) {
  std::mt19937 rng(11);
  for (FftKind kind :
       {FftKind::FFT, FftKind::IFFT, FftKind::RFFT, FftKind::IRFFT}) {
    checkKind(kind, {6, 10}, 2, rng);
    checkKind(kind, {3, 8, 5}, 2, rng);
  }
}

// The inverse undoes the forward transform.
TEST(Fft, RoundTrip) {
  std::mt19937 rng(3);
  Tensor x = randomTensor(ElementType::C128, {2, 97}, rng);
  Tensor f = kernels::fft(x, FftKind::FFT, 1, {2, 97}, ElementType::C128);
  Tensor back = kernels::fft(f, FftKind::IFFT, 1, {2, 97}, ElementType::C128);
  expectSame(back, x, 1);
}

} // namespace
