//===- bench_pagefaults.cpp - page faults and step time, buffer reuse -----===//
//
//   bench-runtime-pagefaults [rounds=5] [steps=5]
//
// Runs two programs step after step through one Executable, with buffer
// reuse (ExecutableOptions::reuseBuffers: liveness, per-device pools,
// in-place elementwise ops) and without (every tensor a fresh heap
// allocation), on 1 device (runSingle) and on 2 local devices (each device
// runs the whole program):
//   mlp          relu(x·W1)·W2, batch 256, 1024 -> 4096 -> 1024, f32
//   elementwise  exp, multiply, add, tanh, negate over 4M f32 (16 MiB)
// Per configuration: minor page faults per step (getrusage ru_minflt, the
// whole process) and the step time; each the best of `rounds` interleaved
// rounds (reuse off, on, off, on, ...) of `steps` steps after one warm-up
// step.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Executable.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace sdy::runtime;

namespace {

const char *kMlp = R"(
func.func @main(%x: tensor<256x1024xf32>, %w1: tensor<1024x4096xf32>,
                %w2: tensor<4096x1024xf32>) -> tensor<256x1024xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0]
     : (tensor<256x1024xf32>, tensor<1024x4096xf32>) -> tensor<256x4096xf32>
  %z = stablehlo.constant dense<0.0> : tensor<256x4096xf32>
  %r = stablehlo.maximum %h, %z : tensor<256x4096xf32>
  %y = stablehlo.dot_general %r, %w2, contracting_dims = [1] x [0]
     : (tensor<256x4096xf32>, tensor<4096x1024xf32>) -> tensor<256x1024xf32>
  return %y : tensor<256x1024xf32>
}
)";

const char *kElementwise = R"(
func.func @main(%a: tensor<4194304xf32>) -> tensor<4194304xf32> {
  %e = stablehlo.exponential %a : tensor<4194304xf32>
  %m = stablehlo.multiply %e, %a : tensor<4194304xf32>
  %s = stablehlo.add %m, %a : tensor<4194304xf32>
  %t = stablehlo.tanh %s : tensor<4194304xf32>
  %n = stablehlo.negate %t : tensor<4194304xf32>
  return %n : tensor<4194304xf32>
}
)";

void die(const Status &s, const char *what) {
  if (s.isOk())
    return;
  std::fprintf(stderr, "%s: %s\n", what, s.message().c_str());
  std::exit(1);
}

long minorFaults() {
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

struct Sample {
  double seconds = 1e30;
  double faults = 1e30;
};

// One round: a warm-up step, then `steps` steps; per-step figures.
Sample measure(const Executable &exe, const Backend *backend,
               const std::vector<Tensor> &inputs, int steps) {
  auto step = [&] {
    if (backend) {
      std::vector<std::vector<Tensor>> out;
      die(exe.run(*backend, {inputs, inputs}, out), "run");
    } else {
      std::vector<Tensor> out;
      die(exe.runSingle(inputs, out), "run");
    }
  };
  step();
  Sample s;
  for (int i = 0; i < steps; ++i) {
    long f0 = minorFaults();
    auto t0 = std::chrono::steady_clock::now();
    step();
    double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    s.seconds = std::min(s.seconds, t);
    s.faults = std::min(s.faults, double(minorFaults() - f0));
  }
  return s;
}

Tensor filled(Shape shape, float scale) {
  Tensor t(ElementType::F32, std::move(shape));
  for (int64_t i = 0; i < t.numElements(); ++i)
    t.data<float>()[i] = float(i % 13) * scale - 0.5f;
  return t;
}

} // namespace

int main(int argc, char **argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  int steps = argc > 2 ? std::atoi(argv[2]) : 5;
  std::unique_ptr<Backend> backend;
  die(Backend::create("local", 2, backend), "backend");
  struct Program {
    const char *name;
    const char *text;
    std::vector<Tensor> inputs;
  } programs[] = {
      {"mlp",
       kMlp,
       {filled({256, 1024}, 0.01f), filled({1024, 4096}, 0.001f),
        filled({4096, 1024}, 0.001f)}},
      {"elementwise", kElementwise, {filled({4194304}, 0.01f)}},
  };
  std::printf("%-12s %7s %14s %14s %12s %12s %10s %12s\n", "program", "devices",
              "faults/step", "faults/step", "ms/step", "ms/step", "faults",
              "time");
  std::printf("%-12s %7s %14s %14s %12s %12s %10s %12s\n", "", "", "(no reuse)",
              "(reuse)", "(no reuse)", "(reuse)", "reuse/no", "reuse/no");
  for (Program &p : programs) {
    ExecutableOptions off, on;
    off.reuseBuffers = false;
    std::unique_ptr<Executable> exeOff, exeOn;
    die(Executable::fromText(p.text, off, exeOff), "compile");
    die(Executable::fromText(p.text, on, exeOn), "compile");
    for (int devices : {1, 2}) {
      const Backend *b = devices == 2 ? backend.get() : nullptr;
      Sample bestOff, bestOn;
      for (int r = 0; r < rounds; ++r) {
        Sample a = measure(*exeOff, b, p.inputs, steps);
        Sample c = measure(*exeOn, b, p.inputs, steps);
        bestOff.seconds = std::min(bestOff.seconds, a.seconds);
        bestOff.faults = std::min(bestOff.faults, a.faults);
        bestOn.seconds = std::min(bestOn.seconds, c.seconds);
        bestOn.faults = std::min(bestOn.faults, c.faults);
      }
      std::printf("%-12s %7d %14.0f %14.0f %12.2f %12.2f %10.3f %12.3f\n",
                  p.name, devices, bestOff.faults, bestOn.faults,
                  bestOff.seconds * 1e3, bestOn.seconds * 1e3,
                  bestOn.faults / std::max(1.0, bestOff.faults),
                  bestOn.seconds / bestOff.seconds);
    }
  }
  return 0;
}
