//===- Gemm.cpp - matrix products on OpenBLAS, set up on first use --------===//
//
// OpenBLAS picks its kernels once, when it is loaded, from a table of CPU
// models (or from OPENBLAS_CORETYPE); a model newer than its table gets its
// oldest x86-64 kernels, several times slower. The runtime therefore does not
// link it: the first matrix product dlopens it, and when the process has not
// loaded it already and the user has not set OPENBLAS_CORETYPE, names the
// kernel set for the CPU's instruction-set features in OPENBLAS_CORETYPE for
// the duration of that dlopen (OpenBLAS reads it in its initialiser), then
// removes the variable again. A copy of OpenBLAS that the process loaded
// before is used as it is: its kernels are another library's state.
//
//===----------------------------------------------------------------------===//
#include "runtime/Gemm.h"

#include <cblas.h>
#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <type_traits>
#include <vector>

namespace sdy::runtime {
namespace {

using SgemmFn = decltype(&cblas_sgemm);
using DgemmFn = decltype(&cblas_dgemm);
using CgemmFn = decltype(&cblas_cgemm);
using ZgemmFn = decltype(&cblas_zgemm);

struct Blas {
  SgemmFn sgemm = nullptr;
  DgemmFn dgemm = nullptr;
  CgemmFn cgemm = nullptr;
  ZgemmFn zgemm = nullptr;
  void (*setThreads)(int) = nullptr;
  int (*getThreads)() = nullptr;
  std::string description;
};

// OpenBLAS's kernel set for the widest vector ISA this CPU and its OS support
// (__builtin_cpu_supports checks the OS saves the registers too), or null to
// leave the choice to OpenBLAS.
const char *coreForFeatures(std::string &why) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl")) {
    why = "AVX-512";
    return "SkylakeX";
  }
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    why = "AVX2+FMA";
    return "Haswell";
  }
  if (__builtin_cpu_supports("avx")) {
    why = "AVX";
    return "Sandybridge";
  }
  return nullptr;
}

template <typename F>
F symbol(void *lib, const char *name) {
  return reinterpret_cast<F>(dlsym(lib, name));
}

Blas load() {
  Blas b;
  const char *soname = "libopenblas.so.0";
  std::string how;
  void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  if (lib) {
    how = "loaded by the process before; used as it was";
  } else if (std::getenv("OPENBLAS_CORETYPE")) {
    lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    how = "core from OPENBLAS_CORETYPE";
  } else {
    std::string why;
    const char *core = coreForFeatures(why);
    if (core)
      setenv("OPENBLAS_CORETYPE", core, 1);
    lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
#ifdef SDY_OPENBLAS_PATH
    if (!lib)
      lib = dlopen(SDY_OPENBLAS_PATH, RTLD_NOW | RTLD_LOCAL);
#endif
    if (core)
      unsetenv("OPENBLAS_CORETYPE");
    how = core ? "chosen from the CPU's features: " + why
               : "OpenBLAS's own choice (no AVX)";
  }
  if (!lib) {
    const char *err = dlerror();
    b.description = std::string("plain loops (OpenBLAS could not be loaded: ") +
                    (err ? err : soname) +
                    "; install the Debian package libopenblas0)";
    return b;
  }
  b.sgemm = symbol<SgemmFn>(lib, "cblas_sgemm");
  b.dgemm = symbol<DgemmFn>(lib, "cblas_dgemm");
  b.cgemm = symbol<CgemmFn>(lib, "cblas_cgemm");
  b.zgemm = symbol<ZgemmFn>(lib, "cblas_zgemm");
  b.setThreads = symbol<void (*)(int)>(lib, "openblas_set_num_threads");
  b.getThreads = symbol<int (*)()>(lib, "openblas_get_num_threads");
  auto config = symbol<char *(*)()>(lib, "openblas_get_config");
  auto corename = symbol<char *(*)()>(lib, "openblas_get_corename");
  if (!b.sgemm || !b.dgemm || !b.cgemm || !b.zgemm || !b.setThreads ||
      !b.getThreads) {
    b = Blas();
    b.description = std::string("plain loops (") + soname +
                    " lacks the CBLAS/OpenBLAS functions)";
    return b;
  }
  b.description = std::string(config ? config() : "OpenBLAS") + ", core " +
                  (corename ? corename() : "?") + " (" + how + ")";
  return b;
}

const Blas &blas() {
  static const Blas b = load();
  return b;
}

bool fitsBlasInt(std::initializer_list<int64_t> dims) {
  for (int64_t d : dims)
    if (d < 0 || d > INT_MAX)
      return false;
  return true;
}

template <typename T>
void gemmLoops(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T *a,
               int64_t lda, const T *b, int64_t ldb, T *c, int64_t ldc) {
  for (int64_t i = 0; i < m; ++i) {
    T *row = c + i * ldc;
    for (int64_t j = 0; j < n; ++j)
      row[j] = T(0);
    for (int64_t kk = 0; kk < k; ++kk) {
      T av = ta ? a[kk * lda + i] : a[i * lda + kk];
      for (int64_t j = 0; j < n; ++j)
        row[j] += av * (tb ? b[j * ldb + kk] : b[kk * ldb + j]);
    }
  }
}

CBLAS_TRANSPOSE op(bool t) { return t ? CblasTrans : CblasNoTrans; }

} // namespace

template <typename T>
void gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T *a,
          int64_t lda, const T *b, int64_t ldb, T *c, int64_t ldc) {
  const Blas &l = blas();
  if (!l.sgemm || !fitsBlasInt({m, n, k, lda, ldb, ldc})) {
    gemmLoops(ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
    return;
  }
  if constexpr (std::is_same_v<T, float>) {
    l.sgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0f, a, lda, b, ldb, 0.0f,
            c, ldc);
  } else if constexpr (std::is_same_v<T, double>) {
    l.dgemm(CblasRowMajor, op(ta), op(tb), m, n, k, 1.0, a, lda, b, ldb, 0.0, c,
            ldc);
  } else {
    const T one(1), zero(0);
    if constexpr (std::is_same_v<T, std::complex<float>>)
      l.cgemm(CblasRowMajor, op(ta), op(tb), m, n, k, &one, a, lda, b, ldb,
              &zero, c, ldc);
    else
      l.zgemm(CblasRowMajor, op(ta), op(tb), m, n, k, &one, a, lda, b, ldb,
              &zero, c, ldc);
  }
}

template void gemm<float>(bool, bool, int64_t, int64_t, int64_t, const float *,
                          int64_t, const float *, int64_t, float *, int64_t);
template void gemm<double>(bool, bool, int64_t, int64_t, int64_t,
                           const double *, int64_t, const double *, int64_t,
                           double *, int64_t);
template void gemm<std::complex<float>>(bool, bool, int64_t, int64_t, int64_t,
                                        const std::complex<float> *, int64_t,
                                        const std::complex<float> *, int64_t,
                                        std::complex<float> *, int64_t);
template void gemm<std::complex<double>>(bool, bool, int64_t, int64_t, int64_t,
                                         const std::complex<double> *, int64_t,
                                         const std::complex<double> *, int64_t,
                                         std::complex<double> *, int64_t);

int gemmThreads() {
  const Blas &l = blas();
  return l.getThreads ? l.getThreads() : 0;
}

void setGemmThreads(int threads) {
  const Blas &l = blas();
  if (l.setThreads && threads >= 1)
    l.setThreads(threads);
}

std::string gemmLibrary() { return blas().description; }

} // namespace sdy::runtime
