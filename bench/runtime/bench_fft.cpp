//===- bench_fft.cpp - fast fft vs the naive DFT --------------------------===//
//
//   bench-runtime-fft [lengths...]   (default 64 256 1000 1024 4096 4099)
//
// For complex<f64> FFTs of `rows` lines of each length (rows * n about
// 2^16 elements) times kernels::fft (radix-2, or Bluestein for other
// lengths) and the O(n^2) DFT it replaced (kernels::fftNaive) in the same run;
// prints both and the ratio naive / fast. Best of 3.
//
//===----------------------------------------------------------------------===//
#include "BenchTiming.h"
#include "runtime/Fft.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace sdy::runtime;

int main(int argc, char **argv) {
  std::vector<int64_t> lengths;
  for (int i = 1; i < argc; ++i)
    lengths.push_back(std::atoll(argv[i]));
  if (lengths.empty())
    lengths = {64, 256, 1000, 1024, 4096, 4099};
  std::printf("%8s %6s %12s %12s %10s\n", "n", "rows", "naive_ms", "fast_ms",
              "naive/fast");
  for (int64_t n : lengths) {
    int64_t rows = std::max<int64_t>(1, (int64_t(1) << 16) / n);
    Tensor x(ElementType::C128, {rows, n});
    auto *p = x.data<std::complex<double>>();
    for (int64_t i = 0; i < rows * n; ++i)
      p[i] = {std::sin(0.1 * double(i)), std::cos(0.3 * double(i))};
    Shape shape = {rows, n};
    double naive = best(
        [&] {
          kernels::fftNaive(x, kernels::FftKind::FFT, 1, shape,
                            ElementType::C128);
        },
        3);
    double fast = best(
        [&] {
          kernels::fft(x, kernels::FftKind::FFT, 1, shape, ElementType::C128);
        },
        3);
    std::printf("%8lld %6lld %12.3f %12.3f %10.1f\n", static_cast<long long>(n),
                static_cast<long long>(rows), naive * 1e3, fast * 1e3,
                naive / fast);
  }
  return 0;
}
