//===- bench_dot.cpp - dot_general GFLOP/s vs a direct sgemm --------------===//
//
//   bench-runtime-dot [sizes...]   (default 128 256 512 1024 2048)
//
// For square f32 problems M=N=K=s compares (same run) a direct
// sgemm call (runtime/Gemm.h) with kernels::dotGeneral (contracting dims [1] x
// [0]) and with the interpreter running a one-op module
// (Executable::runSingle).
//
//===----------------------------------------------------------------------===//
#include "BenchTiming.h"
#include "runtime/Executable.h"
#include "runtime/Gemm.h"
#include "runtime/Kernels.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace sdy::runtime;

int main(int argc, char **argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i)
    sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty())
    sizes = {128, 256, 512, 1024, 2048};
  std::printf("%-6s %14s %14s %14s %8s %8s\n", "size", "sgemm GF/s",
              "kernel GF/s", "interp GF/s", "k/sgemm", "i/sgemm");
  for (int s : sizes) {
    Tensor a(ElementType::F32, {s, s}), b(ElementType::F32, {s, s}),
        c(ElementType::F32, {s, s});
    for (int64_t i = 0; i < a.numElements(); ++i) {
      a.data<float>()[i] = float(i % 17) * 0.1f;
      b.data<float>()[i] = float(i % 13) * 0.1f;
    }
    double flops = 2.0 * s * s * double(s);
    int reps = s <= 512 ? 20 : 5;
    double tBlas = best(
        [&] {
          sgemm(false, false, s, s, s, a.data<float>(), s, b.data<float>(), s,
                c.data<float>(), s);
        },
        reps);
    kernels::DotDims d;
    d.lhsContract = {1};
    d.rhsContract = {0};
    double tKernel =
        best([&] { Tensor r = kernels::dotGeneral(a, b, d, ElementType::F32); },
             reps);
    std::string ty =
        "tensor<" + std::to_string(s) + "x" + std::to_string(s) + "xf32>";
    std::string text =
        "func.func @main(%a: " + ty + ", %b: " + ty + ") -> " + ty +
        " {\n  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] "
        ": (" +
        ty + ", " + ty + ") -> " + ty + "\n  return %0 : " + ty + "\n}\n";
    std::unique_ptr<Executable> exe;
    if (Status st = Executable::fromText(text, ExecutableOptions(), exe);
        !st.isOk()) {
      std::fprintf(stderr, "%s\n", st.message().c_str());
      return 1;
    }
    double tInterp = best(
        [&] {
          std::vector<Tensor> out;
          (void)exe->runSingle({a, b}, out);
        },
        reps);
    std::printf("%-6d %14.2f %14.2f %14.2f %8.3f %8.3f\n", s,
                flops / tBlas / 1e9, flops / tKernel / 1e9,
                flops / tInterp / 1e9, tBlas / tKernel, tBlas / tInterp);
  }
  return 0;
}
