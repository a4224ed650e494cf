//===- StepTiming.cpp - sdy-run --warmup/--repeat -------------------------===//
#include "tools/sdy-run/StepTiming.h"

#include <algorithm>
#include <chrono>

bool timeSteps(int64_t warmup, int64_t repeat,
               const std::function<bool()> &step,
               std::vector<double> &seconds) {
  for (int64_t i = 0; i < warmup; ++i)
    if (!step())
      return false;
  using Clock = std::chrono::steady_clock;
  for (int64_t i = 0; i < repeat; ++i) {
    Clock::time_point start = Clock::now();
    bool ok = step();
    seconds.push_back(
        std::chrono::duration<double>(Clock::now() - start).count());
    if (!ok)
      return false;
  }
  return true;
}

double medianSeconds(std::vector<double> seconds) {
  if (seconds.empty())
    return 0;
  std::sort(seconds.begin(), seconds.end());
  size_t mid = seconds.size() / 2;
  return seconds.size() % 2 ? seconds[mid]
                            : (seconds[mid - 1] + seconds[mid]) / 2;
}

void printStepTimes(std::FILE *out, int64_t warmup,
                    const std::vector<double> &seconds) {
  for (size_t i = 0; i < seconds.size(); ++i)
    std::fprintf(out, "step %zu time_ms=%.6f\n", i + 1, seconds[i] * 1e3);
  double min =
      seconds.empty() ? 0 : *std::min_element(seconds.begin(), seconds.end());
  std::fprintf(out,
               "steady-state warmup=%lld repeat=%zu min_ms=%.6f "
               "median_ms=%.6f\n",
               (long long)warmup, seconds.size(), min * 1e3,
               medianSeconds(seconds) * 1e3);
}
