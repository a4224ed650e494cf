//===- bench_compiled.cpp - interpreted vs compiled elementwise program --===//
//
//   bench-runtime-compiled [rows=2048] [cols=2048] [rounds=7]
//
// The elementwise program of tests/compiler/elementwise_program.py (4 x gelu
// in tanh form, then a layernorm over the last dimension, every scalar
// constant broadcast to the full shape as JAX emits it) over a [rows, cols]
// f32 tensor, run by runtime::Executable interpreted (ExecMode::Interpret)
// and compiled (ExecMode::Compile) on the local backend with 1 device and
// with 2 devices (each device a [rows / 2, cols] half, as the row-sharded
// program). The program is compiled twice: its loops vectorized by LLVM's
// loop vectorizer (the default) and by MLIR's vector dialect. The three
// runs alternate, A, B, C, A, B, C, for `rounds` rounds after one warm-up
// run each; the time is the minimum. The compiled results are checked
// against the interpreted ones first.
//
//===----------------------------------------------------------------------===//
#include "compiler/JitCompiler.h"
#include "runtime/Backend.h"
#include "runtime/Executable.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

using namespace sdy::runtime;
using Clock = std::chrono::steady_clock;

namespace {

std::string programText(long rows, long cols) {
  std::string t =
      "tensor<" + std::to_string(rows) + "x" + std::to_string(cols) + "xf32>";
  std::string r = "tensor<" + std::to_string(rows) + "xf32>";
  std::string text = "func.func @main(%x: " + t + ") -> " + t + " {\n";
  int n = 0;
  auto fresh = [&] { return "%v" + std::to_string(++n); };
  auto scalar = [&](const std::string &value) {
    std::string c = fresh(), b = fresh();
    text +=
        "  " + c + " = stablehlo.constant dense<" + value + "> : tensor<f32>\n";
    text += "  " + b + " = stablehlo.broadcast_in_dim " + c +
            ", dims = [] : (tensor<f32>) -> " + t + "\n";
    return b;
  };
  auto op = [&](const std::string &name, const std::string &a,
                const std::string &b = "") {
    std::string v = fresh();
    text += "  " + v + " = stablehlo." + name + " " + a +
            (b.empty() ? "" : ", " + b) + " : " + t + "\n";
    return v;
  };
  std::string x = "%x";
  for (int i = 0; i < 4; ++i) {
    std::string cube = op("multiply", op("multiply", x, x), x);
    std::string inner =
        op("add", x, op("multiply", scalar("4.471500e-02"), cube));
    std::string th = op("tanh", op("multiply", scalar("0.797884583"), inner));
    std::string half = op("multiply", scalar("5.000000e-01"), x);
    x = op("multiply", half, op("add", scalar("1.000000e+00"), th));
  }
  std::string zero = fresh();
  text += "  " + zero + " = stablehlo.constant dense<0.0> : tensor<f32>\n";
  auto rowMean = [&](const std::string &v) {
    std::string s = fresh(), c = fresh(), m = fresh(), b = fresh();
    text += "  " + s + " = stablehlo.reduce(" + v + " init: " + zero +
            ") applies stablehlo.add across dimensions = [1] : (" + t +
            ", tensor<f32>) -> " + r + "\n";
    text += "  " + c + " = stablehlo.constant dense<" + std::to_string(cols) +
            ".0> : " + r + "\n";
    text += "  " + m + " = stablehlo.divide " + s + ", " + c + " : " + r + "\n";
    text += "  " + b + " = stablehlo.broadcast_in_dim " + m +
            ", dims = [0] : (" + r + ") -> " + t + "\n";
    return b;
  };
  std::string centered = op("subtract", x, rowMean(x));
  std::string var = rowMean(op("multiply", centered, centered));
  std::string inv = op("rsqrt", op("add", var, scalar("9.99999974E-6")));
  std::string y = op("multiply", centered, inv);
  text += "  return " + y + " : " + t + "\n}\n";
  return text;
}

double seconds(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void die(const Status &s) {
  std::fprintf(stderr, "bench-runtime-compiled: %s\n", s.message().c_str());
  std::exit(1);
}

} // namespace

int main(int argc, char **argv) {
  long rows = argc > 1 ? std::atol(argv[1]) : 2048;
  long cols = argc > 2 ? std::atol(argv[2]) : 2048;
  int rounds = argc > 3 ? std::atoi(argv[3]) : 7;
  std::printf("elementwise program (4 x gelu + layernorm), %ldx%ld f32, "
              "min of %d interleaved rounds\n",
              rows, cols, rounds);
  std::printf("%-8s %14s %14s %8s %14s %14s %12s\n", "devices",
              "interpret (ms)", "loop vec (ms)", "ratio", "compile (ms)",
              "vector (ms)", "vector/loop");
  for (int devices : {1, 2}) {
    long localRows = rows / devices;
    std::string text = programText(localRows, cols);
    ExecutableOptions interpretOpts, compileOpts;
    compileOpts.execMode = sdy::compiler::ExecMode::Compile;
    std::unique_ptr<Executable> interpreted, compiled, vectorized;
    if (Status s = Executable::fromText(text, interpretOpts, interpreted);
        !s.isOk())
      die(s);
    sdy::compiler::setVectorizer(sdy::compiler::Vectorizer::LoopVectorizer);
    auto t0 = Clock::now();
    if (Status s = Executable::fromText(text, compileOpts, compiled); !s.isOk())
      die(s);
    double compileTime = seconds(t0);
    sdy::compiler::setVectorizer(sdy::compiler::Vectorizer::VectorDialect);
    if (Status s = Executable::fromText(text, compileOpts, vectorized);
        !s.isOk())
      die(s);
    sdy::compiler::setVectorizer(sdy::compiler::Vectorizer::LoopVectorizer);
    std::unique_ptr<Backend> backend;
    if (Status s = Backend::create("local", devices, backend); !s.isOk())
      die(s);
    std::vector<std::vector<Tensor>> inputs(devices);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
    for (int d = 0; d < devices; ++d) {
      std::vector<float> v(localRows * cols);
      for (float &f : v)
        f = dist(rng);
      inputs[d].push_back(
          Tensor::fromVector(ElementType::F32, {localRows, cols}, v));
    }
    std::vector<std::vector<Tensor>> a, b, c;
    auto runA = [&] {
      if (Status s = interpreted->run(*backend, inputs, a); !s.isOk())
        die(s);
    };
    auto runB = [&] {
      if (Status s = compiled->run(*backend, inputs, b); !s.isOk())
        die(s);
    };
    auto runC = [&] {
      if (Status s = vectorized->run(*backend, inputs, c); !s.isOk())
        die(s);
    };
    runA();
    runB();
    runC();
    double maxErr = 0;
    for (int d = 0; d < devices; ++d)
      for (int64_t i = 0; i < a[d][0].numElements(); ++i)
        maxErr = std::max(
            {maxErr, std::fabs(a[d][0].getDouble(i) - b[d][0].getDouble(i)),
             std::fabs(a[d][0].getDouble(i) - c[d][0].getDouble(i))});
    if (maxErr > 1e-4) {
      std::fprintf(stderr, "compiled result differs by %g\n", maxErr);
      return 1;
    }
    double bestA = 1e30, bestB = 1e30, bestC = 1e30;
    for (int i = 0; i < rounds; ++i) {
      auto ta = Clock::now();
      runA();
      bestA = std::min(bestA, seconds(ta));
      auto tb = Clock::now();
      runB();
      bestB = std::min(bestB, seconds(tb));
      auto tc = Clock::now();
      runC();
      bestC = std::min(bestC, seconds(tc));
    }
    std::printf("%-8d %14.2f %14.2f %7.2fx %14.1f %14.2f %11.2fx\n", devices,
                bestA * 1e3, bestB * 1e3, bestA / bestB, compileTime * 1e3,
                bestC * 1e3, bestC / bestB);
  }
  return 0;
}
