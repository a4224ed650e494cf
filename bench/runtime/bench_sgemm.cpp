//===- bench_sgemm.cpp - sgemm GFLOP/s of the BLAS candidates -------------===//
//
//   bench-runtime-sgemm [rounds=5]
//
// Row-major f32 C = A * B for the MLP's shapes (256x1024 @ 1024x4096,
// 256x4096 @ 4096x1024) and a square 2048, with every candidate library this
// machine has, at 1 thread and at all hardware threads:
//   openblas            OpenBLAS as installed (its own core detection)
//   openblas:CORE       OpenBLAS with OPENBLAS_CORETYPE=CORE, the best core
//                       for this CPU's ISA (SkylakeX with AVX-512, Haswell with
//                       AVX2, Sandybridge with AVX)
//   blis                BLIS (Debian's pthread variant), cblas_sgemm
//   dnnl                oneDNN's dnnl_sgemm
//   sdy                 what the runtime links (src/runtime/Gemm.h)
// Each configuration runs in a child process (OpenBLAS reads its core type
// and the thread count when it loads); the rounds interleave the
// configurations A,B,C,A,B,C... and the table keeps each one's best.
//
//===----------------------------------------------------------------------===//
#include "BenchTiming.h"
#include "runtime/Gemm.h"

#include <dlfcn.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

extern char **environ;

namespace {

struct Shape {
  int m, n, k;
};
const Shape kShapes[] = {
    {256, 4096, 1024}, {256, 1024, 4096}, {2048, 2048, 2048}};

// Row-major C = A * B through one library; false when it is not installed.
using Sgemm = void (*)(int m, int n, int k, const float *a, const float *b,
                       float *c);

// cblas_sgemm's signature with the enums as ints (101 row-major, 111 no-trans).
using CblasSgemm = void (*)(int, int, int, int, int, int, float, const float *,
                            int, const float *, int, float, float *, int);
using DnnlSgemm = int (*)(char, char, long, long, long, float, const float *,
                          long, const float *, long, float, float *, long);

CblasSgemm cblas;
DnnlSgemm dnnl;

void viaCblas(int m, int n, int k, const float *a, const float *b, float *c) {
  cblas(101, 111, 111, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
}
void viaDnnl(int m, int n, int k, const float *a, const float *b, float *c) {
  dnnl('N', 'N', m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
}
void viaSdy(int m, int n, int k, const float *a, const float *b, float *c) {
  sdy::runtime::sgemm(false, false, m, n, k, a, k, b, n, c, n);
}

// Loads the library of `lib` with `threads` threads (0: the library's
// default); null when it is missing.
Sgemm load(const std::string &lib, int threads) {
  std::string t = std::to_string(threads);
  if (lib.rfind("openblas", 0) == 0) {
    if (threads)
      setenv("OPENBLAS_NUM_THREADS", t.c_str(), 1);
    size_t colon = lib.find(':');
    if (colon != std::string::npos)
      setenv("OPENBLAS_CORETYPE", lib.substr(colon + 1).c_str(), 1);
    void *h = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
    cblas = h ? (CblasSgemm)dlsym(h, "cblas_sgemm") : nullptr;
    if (auto name =
            h ? (char *(*)())dlsym(h, "openblas_get_corename") : nullptr)
      std::fprintf(stderr, "  [%s: core %s]\n", lib.c_str(), name());
    return cblas ? viaCblas : nullptr;
  }
  if (lib == "blis") {
    if (threads)
      setenv("BLIS_NUM_THREADS", t.c_str(), 1);
    void *h = dlopen("/usr/lib/x86_64-linux-gnu/blis-pthread/libblis.so.4",
                     RTLD_NOW | RTLD_LOCAL);
    cblas = h ? (CblasSgemm)dlsym(h, "cblas_sgemm") : nullptr;
    if (auto arch = h ? (int (*)())dlsym(h, "bli_arch_query_id") : nullptr) {
      auto str = (const char *(*)(int))dlsym(h, "bli_arch_string");
      std::fprintf(stderr, "  [blis: arch %s]\n", str ? str(arch()) : "?");
    }
    return cblas ? viaCblas : nullptr;
  }
  if (lib == "dnnl") {
    if (threads)
      setenv("OMP_NUM_THREADS", t.c_str(), 1);
    void *h = dlopen("libdnnl.so.2", RTLD_NOW | RTLD_LOCAL);
    dnnl = h ? (DnnlSgemm)dlsym(h, "dnnl_sgemm") : nullptr;
    return dnnl ? viaDnnl : nullptr;
  }
  if (lib == "sdy") {
    if (threads)
      sdy::runtime::setGemmThreads(threads);
    return viaSdy;
  }
  return nullptr;
}

// Child: prints one line "seconds" per shape (best of a few), or "missing".
int child(const std::string &lib, int threads) {
  Sgemm f = load(lib, threads);
  if (!f) {
    std::printf("missing\n");
    return 0;
  }
  for (const Shape &s : kShapes) {
    std::vector<float> a(size_t(s.m) * s.k), b(size_t(s.k) * s.n),
        c(size_t(s.m) * s.n);
    for (size_t i = 0; i < a.size(); ++i)
      a[i] = float(i % 17) * 0.1f;
    for (size_t i = 0; i < b.size(); ++i)
      b[i] = float(i % 13) * 0.1f;
    std::printf(
        "%.9f\n",
        best([&] { f(s.m, s.n, s.k, a.data(), b.data(), c.data()); }, 5));
  }
  return 0;
}

// Runs `self --child lib threads` and parses its per-shape seconds.
std::vector<double> runChild(const char *self, const std::string &lib,
                             int threads) {
  int fds[2];
  if (pipe(fds) != 0)
    return {};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
  posix_spawn_file_actions_addclose(&fa, fds[0]);
  std::string t = std::to_string(threads);
  const char *argv[] = {self, "--child", lib.c_str(), t.c_str(), nullptr};
  pid_t pid;
  int rc = posix_spawn(&pid, self, &fa, nullptr, (char **)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fds[1]);
  std::string out;
  char buf[256];
  ssize_t got;
  while ((got = read(fds[0], buf, sizeof buf)) > 0)
    out.append(buf, size_t(got));
  close(fds[0]);
  if (rc != 0)
    return {};
  waitpid(pid, nullptr, 0);
  std::vector<double> secs;
  for (const char *p = out.c_str(); *p;) {
    char *end;
    double v = std::strtod(p, &end);
    if (end == p)
      break;
    secs.push_back(v);
    p = end;
  }
  return secs;
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 4 && std::strcmp(argv[1], "--child") == 0)
    return child(argv[2], std::atoi(argv[3]));
  int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  std::string core = __builtin_cpu_supports("avx512f") ? "SkylakeX"
                     : __builtin_cpu_supports("avx2")  ? "Haswell"
                                                       : "Sandybridge";
  std::vector<std::string> libs = {"openblas", "openblas:" + core, "blis",
                                   "dnnl", "sdy"};
  int hw = int(std::thread::hardware_concurrency());
  std::vector<int> threadCounts = {1};
  if (hw > 1)
    threadCounts.push_back(hw);
  std::map<std::pair<std::string, int>, std::vector<double>> bestSecs;
  for (int r = 0; r < rounds; ++r)
    for (int threads : threadCounts)
      for (const std::string &lib : libs) {
        std::vector<double> secs = runChild(argv[0], lib, threads);
        auto &b = bestSecs[{lib, threads}];
        if (b.empty())
          b = secs;
        for (size_t i = 0; i < secs.size() && i < b.size(); ++i)
          b[i] = std::min(b[i], secs[i]);
      }
  std::printf("%-22s %7s", "library", "threads");
  for (const Shape &s : kShapes)
    std::printf("  %5dx%-4d@%4dx%-4d", s.m, s.k, s.k, s.n);
  std::printf("   (GFLOP/s, best of %d interleaved rounds)\n", rounds);
  for (int threads : threadCounts)
    for (const std::string &lib : libs) {
      std::printf("%-22s %7d", lib.c_str(), threads);
      const auto &b = bestSecs[{lib, threads}];
      for (size_t i = 0; i < std::size(kShapes); ++i) {
        const Shape &s = kShapes[i];
        if (i < b.size())
          std::printf("  %20.1f", 2.0 * s.m * s.n * s.k / b[i] / 1e9);
        else
          std::printf("  %20s", "missing");
      }
      std::printf("\n");
    }
  return 0;
}
