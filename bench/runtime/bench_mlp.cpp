//===- bench_mlp.cpp - MLP step time, 2 devices vs 1 ----------------------===//
//
//   bench-runtime-mlp [mode=model|data] [batch=256] [hidden=1024] [ffn=4096]
//                     [steps=5]
//
// A Megatron-style MLP block y = relu(x · W1) · W2 (f32) partitioned for 2
// devices with -sdy-partition-pipeline (addPartitionPipeline) and run through
// runtime::Executable on the local backend, against the unpartitioned module
// on 1 device (Executable::runSingle), in the same run:
//   model: mesh ["model"=2], W1 column-parallel, W2 row-parallel (one
//          all_reduce of batch x hidden per step);
//   data:  mesh ["data"=2], x split by rows, weights replicated.
// Per-device inputs are sliced outside the timing; the step time is the best
// of `steps` runs, and every configuration is measured in 3 interleaved
// rounds (best kept). The 2-device result is checked against the 1-device
// one.
//
// OpenBLAS threads: with OpenBLAS's default (one BLAS thread per core), the
// 1-device run already uses every core, so the fair comparison pins BLAS to
// 1 thread per device for both runs. Rows:
//   1 device, BLAS 1 thread          setGemmThreads(1)
//   2 devices, runtime default       ExecutableOptions::blasThreadsPerDevice
//                                    = 0: the runtime sets max(1, cores / 2)
//   2 devices, BLAS default threads  blasThreadsPerDevice = -1 (untouched:
//                                    2 sgemm callers x cores BLAS threads)
//   1 device, BLAS default threads   all cores in one sgemm
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Executable.h"
#include "runtime/Gemm.h"
#include "transforms/partition/PartitionPipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>

using namespace sdy::runtime;
using Clock = std::chrono::steady_clock;

static std::string mlpText(const std::string &mode, long b, long h, long f) {
  char buf[4096];
  const char *mesh = mode == "model" ? "sdy.mesh @mesh = <[\"model\"=2]>\n"
                                     : "sdy.mesh @mesh = <[\"data\"=2]>\n";
  const char *xs = mode == "data" ? "[{\"data\"}, {}]" : "[{}, {}]";
  const char *w1s = mode == "model" ? "[{}, {\"model\"}]" : "[{}, {}]";
  const char *w2s = mode == "model" ? "[{\"model\"}, {}]" : "[{}, {}]";
  std::snprintf(
      buf, sizeof buf,
      "%s"
      "func.func @main(%%x: tensor<%ldx%ldxf32> {sdy.sharding = "
      "#sdy.sharding<@mesh, %s>},\n"
      "    %%w1: tensor<%ldx%ldxf32> {sdy.sharding = #sdy.sharding<@mesh, "
      "%s>},\n"
      "    %%w2: tensor<%ldx%ldxf32> {sdy.sharding = #sdy.sharding<@mesh, %s>})"
      " -> tensor<%ldx%ldxf32> {\n"
      "  %%h = stablehlo.dot_general %%x, %%w1, contracting_dims = [1] x [0]"
      " : (tensor<%ldx%ldxf32>, tensor<%ldx%ldxf32>) -> tensor<%ldx%ldxf32>\n"
      "  %%z = stablehlo.constant dense<0.0> : tensor<%ldx%ldxf32>\n"
      "  %%r = stablehlo.maximum %%h, %%z : tensor<%ldx%ldxf32>\n"
      "  %%y = stablehlo.dot_general %%r, %%w2, contracting_dims = [1] x [0]"
      " : (tensor<%ldx%ldxf32>, tensor<%ldx%ldxf32>) -> tensor<%ldx%ldxf32>\n"
      "  return %%y : tensor<%ldx%ldxf32>\n"
      "}\n",
      mesh, b, h, xs, h, f, w1s, f, h, w2s, b, h, b, h, h, f, b, f, b, f, b, f,
      b, f, f, h, b, h, b, h);
  return buf;
}

// Rows [r0, r0 + nr) and columns [c0, c0 + nc) of a row-major rows x cols
// matrix.
static Tensor slice(const std::vector<float> &m, long cols, long r0, long nr,
                    long c0, long nc) {
  Tensor t(ElementType::F32, {nr, nc});
  float *d = t.data<float>();
  for (long r = 0; r < nr; ++r)
    std::copy(m.begin() + (r0 + r) * cols + c0,
              m.begin() + (r0 + r) * cols + c0 + nc, d + r * nc);
  return t;
}

static double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

static void die(const Status &s, const char *what) {
  if (s.isOk())
    return;
  std::fprintf(stderr, "%s: %s\n", what, s.message().c_str());
  std::exit(1);
}

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "model";
  long B = argc > 2 ? std::atol(argv[2]) : 256;
  long H = argc > 3 ? std::atol(argv[3]) : 1024;
  long F = argc > 4 ? std::atol(argv[4]) : 4096;
  int steps = argc > 5 ? std::atoi(argv[5]) : 5;
  if (mode != "model" && mode != "data") {
    std::fprintf(stderr, "mode must be model or data\n");
    return 1;
  }

  // Unpartitioned (shardings are ignored on 1 device) and partitioned.
  mlir::MLIRContext ctx;
  registerRuntimeDialects(ctx);
  std::string text = mlpText(mode, B, H, F);
  auto single = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  auto parted = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  if (!single || !parted)
    return 1;
  {
    mlir::PassManager pm(&ctx);
    mlir::sdy::PartitionPipelineOptions opts;
    mlir::sdy::addPartitionPipeline(pm, opts);
    if (mlir::failed(pm.run(*parted))) {
      std::fprintf(stderr, "partition pipeline failed\n");
      return 1;
    }
  }
  std::unique_ptr<Executable> exe1, exe2, exe2untouched;
  die(Executable::fromModule(*single, {}, exe1), "compile 1");
  die(Executable::fromModule(*parted, {}, exe2), "compile 2");
  ExecutableOptions untouched;
  untouched.blasThreadsPerDevice = -1;
  die(Executable::fromModule(*parted, untouched, exe2untouched), "compile 2");

  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-0.5f, 0.5f);
  std::vector<float> x(B * H), w1(H * F), w2(F * H);
  for (auto *v : {&x, &w1, &w2})
    for (float &e : *v)
      e = u(rng);
  std::vector<Tensor> in1 = {slice(x, H, 0, B, 0, H), slice(w1, F, 0, H, 0, F),
                             slice(w2, H, 0, F, 0, H)};
  std::vector<std::vector<Tensor>> in2(2);
  for (long d = 0; d < 2; ++d) {
    if (mode == "model")
      in2[d] = {slice(x, H, 0, B, 0, H), slice(w1, F, 0, H, d * F / 2, F / 2),
                slice(w2, H, d * F / 2, F / 2, 0, H)};
    else
      in2[d] = {slice(x, H, d * B / 2, B / 2, 0, H), slice(w1, F, 0, H, 0, F),
                slice(w2, H, 0, F, 0, H)};
  }
  std::unique_ptr<Backend> backend;
  die(Backend::create("local", 2, backend), "backend");

  std::vector<Tensor> out1;
  std::vector<std::vector<Tensor>> out2;
  auto time1 = [&] {
    double best = 1e30;
    for (int s = 0; s < steps; ++s) {
      auto t0 = Clock::now();
      die(exe1->runSingle(in1, out1), "run 1");
      best = std::min(best, seconds(t0, Clock::now()));
    }
    return best;
  };
  auto time2 = [&](const Executable &exe) {
    double best = 1e30;
    for (int s = 0; s < steps; ++s) {
      auto t0 = Clock::now();
      die(exe.run(*backend, in2, out2), "run 2");
      best = std::min(best, seconds(t0, Clock::now()));
    }
    return best;
  };

  int defaultThreads = gemmThreads();
  double t1 = 1e30, t2 = 1e30, t1d = 1e30, t2d = 1e30;
  for (int round = 0; round < 3; ++round) {
    setGemmThreads(1);
    t1 = std::min(t1, time1());
    setGemmThreads(defaultThreads);
    t2 = std::min(t2, time2(*exe2));
    t2d = std::min(t2d, time2(*exe2untouched));
    t1d = std::min(t1d, time1());
  }
  (void)time2(*exe2); // the result checked below

  // Check: device d's result against the 1-device one.
  double maxErr = 0;
  const float *ref = out1[0].data<float>();
  for (long d = 0; d < 2; ++d) {
    const float *got = out2[d][0].data<float>();
    long rows = mode == "model" ? B : B / 2,
         r0 = mode == "model" ? 0 : d * B / 2;
    for (long i = 0; i < rows * H; ++i)
      maxErr = std::max(maxErr, (double)std::fabs(got[i] - ref[r0 * H + i]));
  }

  double gflop = 2.0 * B * H * F * 2 / 1e9;
  std::printf("# MLP %s-parallel, batch %ld hidden %ld ffn %ld f32 (%.2f GFLOP "
              "per step), hw threads %u, OpenBLAS default threads %d\n",
              mode.c_str(), B, H, F, gflop, std::thread::hardware_concurrency(),
              defaultThreads);
  std::printf("%-42s %10s %10s\n", "configuration", "step ms", "GFLOP/s");
  auto row = [&](const char *name, double t) {
    std::printf("%-42s %10.2f %10.1f\n", name, t * 1e3, gflop / t);
  };
  row("1 device, BLAS 1 thread", t1);
  row("2 devices, runtime default (BLAS 1/dev)", t2);
  row("2 devices, BLAS default threads", t2d);
  row("1 device, BLAS default threads", t1d);
  std::printf("speedup 2 vs 1, BLAS 1 thread per device (fair): %.2f\n",
              t1 / t2);
  std::printf("speedup 2 (runtime default) vs 1 (BLAS on all cores): %.2f\n",
              t1d / t2);
  std::printf("speedup 2 vs 1, both BLAS default threads: %.2f\n", t1d / t2d);
  std::printf("max |y2 - y1| = %.3g\n", maxErr);
  return maxErr < 1e-2 ? 0 : 2;
}
