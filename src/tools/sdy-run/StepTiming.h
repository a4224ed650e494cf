//===- StepTiming.h - sdy-run --warmup/--repeat -----------------*- C++ -*-===//
//
// Steady-state step times: the entry runs `warmup` times untimed (first-run
// costs such as page faults of fresh buffers and BLAS thread start-up stay
// out), then `repeat` times timed, each step on the same prepared inputs.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_TOOLS_SDY_RUN_STEPTIMING_H
#define SDY_TOOLS_SDY_RUN_STEPTIMING_H

#include <cstdint>
#include <cstdio>
#include <functional>
#include <vector>

// Runs `step` `warmup` times, then `repeat` times, appending each timed
// step's wall time in seconds to `seconds`. Stops at the first step that
// returns false (and returns false).
bool timeSteps(int64_t warmup, int64_t repeat,
               const std::function<bool()> &step, std::vector<double> &seconds);

// The median of `seconds` (the mean of the two middle values for an even
// count); 0 when empty.
double medianSeconds(std::vector<double> seconds);

// Prints one line per timed step and a summary line, in milliseconds:
//   step 1 time_ms=12.345678
//   steady-state warmup=1 repeat=5 min_ms=12.100000 median_ms=12.222000
void printStepTimes(std::FILE *out, int64_t warmup,
                    const std::vector<double> &seconds);

#endif // SDY_TOOLS_SDY_RUN_STEPTIMING_H
