//===- BenchTiming.h - best-of-n timing of benchmarks -----------*- C++ -*-===//
#ifndef SDY_BENCH_RUNTIME_BENCHTIMING_H
#define SDY_BENCH_RUNTIME_BENCHTIMING_H

#include <algorithm>
#include <chrono>

// The fastest of `reps` runs of f, in seconds, after one warm-up run.
template <typename F>
double best(F f, int reps) {
  using Clock = std::chrono::steady_clock;
  double b = 1e30;
  f();
  for (int i = 0; i < reps; ++i) {
    auto t0 = Clock::now();
    f();
    b = std::min(b, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return b;
}

#endif // SDY_BENCH_RUNTIME_BENCHTIMING_H
