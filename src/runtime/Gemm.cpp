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
// before is used as it is: its kernels and threads are another library's
// state.
//
// A copy the runtime loaded itself is set to one thread: the runtime splits
// each product into blocks of C and runs them on its own thread pool, so
// that OpenBLAS's worker threads neither spin between products nor make
// the products of concurrent devices wait for each other (its threaded
// driver takes a process-wide lock).
//
//===----------------------------------------------------------------------===//
#include "runtime/Gemm.h"
#include "runtime/ThreadPool.h"

#include <cblas.h>
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
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
  // Loaded by the runtime (then single-threaded, the runtime splits the
  // products), not by the process before.
  bool owned = false;
  std::string description;
  // The library, for blasSymbol(); null when it could not be loaded.
  void *lib = nullptr;
};

// The most threads one product uses (gemmThreads()).
std::atomic<int> maxThreads{0};

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
    b.owned = false;
  } else if (std::getenv("OPENBLAS_CORETYPE")) {
    lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    how = "core from OPENBLAS_CORETYPE";
    b.owned = true;
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
    b.owned = true;
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
  b.lib = lib;
  b.description = std::string(config ? config() : "OpenBLAS") + ", core " +
                  (corename ? corename() : "?") + " (" + how + ")";
  // OpenBLAS's count reflects OPENBLAS_NUM_THREADS / OMP_NUM_THREADS.
  maxThreads.store(std::max(1, b.getThreads()));
  if (b.owned && b.getThreads() != 1)
    b.setThreads(1);
  return b;
}

const Blas &blas() {
  static const Blas b = load();
  return b;
}

} // namespace

void *blasSymbol(const char *name) {
  void *lib = blas().lib;
  return lib ? dlsym(lib, name) : nullptr;
}

namespace {

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

namespace {

// One product on the calling thread.
template <typename T>
void gemmOnce(const Blas &l, bool ta, bool tb, int64_t m, int64_t n, int64_t k,
              const T *a, int64_t lda, const T *b, int64_t ldb, T *c,
              int64_t ldc) {
  if (m == 0 || n == 0)
    return;
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

// Below this many multiply-adds a block costs more to hand to a thread than
// to compute.
constexpr double kMinBlockWork = 1 << 20;
// Blocks of C are multiples of this many rows or columns (whole vector
// registers and cache lines).
constexpr int64_t kBlockGranule = 16;

// The threads a product may use: the caller's wish capped by gemmThreads(),
// 1 when OpenBLAS threads its products itself.
int threadsFor(const Blas &l, int threads) {
  int cap = std::max(1, maxThreads.load(std::memory_order_relaxed));
  if (l.sgemm && !l.owned)
    return 1;
  return threads <= 0 ? cap : std::min(threads, cap);
}

// How one product splits into blocks of C: `blocks` blocks of `size`
// columns (or rows, when `byRows`), the last one possibly smaller.
struct Split {
  bool byRows = false;
  int64_t size = 0;
  int64_t blocks = 1;
};

// Splitting along the longer side of C repeats the packing of the smaller
// operand in every block (A when split by columns).
Split splitFor(int64_t m, int64_t n, int64_t k, int64_t want) {
  Split s;
  s.byRows = m > n;
  int64_t side = s.byRows ? m : n;
  double work =
      static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k);
  want = std::min<int64_t>(
      want, std::max<int64_t>(1, static_cast<int64_t>(work / kMinBlockWork)));
  int64_t size = (side + want - 1) / std::max<int64_t>(1, want);
  size = (size + kBlockGranule - 1) / kBlockGranule * kBlockGranule;
  s.size = std::max<int64_t>(1, std::min(size, side));
  s.blocks = side == 0 ? 1 : (side + s.size - 1) / s.size;
  return s;
}

// Block `i` of `s` of one product.
template <typename T>
void gemmBlock(const Blas &l, const Split &s, int64_t i, bool ta, bool tb,
               int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
               const T *b, int64_t ldb, T *c, int64_t ldc) {
  if (s.blocks <= 1) {
    gemmOnce(l, ta, tb, m, n, k, a, lda, b, ldb, c, ldc);
    return;
  }
  int64_t first = i * s.size;
  if (s.byRows) {
    int64_t rows = std::min(s.size, m - first);
    gemmOnce(l, ta, tb, rows, n, k, ta ? a + first : a + first * lda, lda, b,
             ldb, c + first * ldc, ldc);
  } else {
    int64_t cols = std::min(s.size, n - first);
    gemmOnce(l, ta, tb, m, cols, k, a, lda, tb ? b + first * ldb : b + first,
             ldb, c + first, ldc);
  }
}

} // namespace

template <typename T>
void gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, const T *a,
          int64_t lda, const T *b, int64_t ldb, T *c, int64_t ldc,
          int threads) {
  gemmBatched<T>(1, ta, tb, m, n, k, a, lda, 0, b, ldb, 0, c, ldc, 0, threads);
}

template <typename T>
void gemmBatched(int64_t batch, bool ta, bool tb, int64_t m, int64_t n,
                 int64_t k, const T *a, int64_t lda, int64_t strideA,
                 const T *b, int64_t ldb, int64_t strideB, T *c, int64_t ldc,
                 int64_t strideC, int threads) {
  const Blas &l = blas();
  if (batch <= 0)
    return;
  int use = threadsFor(l, threads);
  // Whole products per thread when there are enough of them, else each
  // product split in blocks so that all threads get one.
  int64_t perProduct = batch >= use ? 1 : (use + batch - 1) / batch;
  Split s = splitFor(m, n, k, perProduct);
  parallelFor(batch * s.blocks, use, [&](int64_t piece) {
    int64_t i = piece / s.blocks;
    gemmBlock(l, s, piece % s.blocks, ta, tb, m, n, k, a + i * strideA, lda,
              b + i * strideB, ldb, c + i * strideC, ldc);
  });
}

#define SDY_GEMM_INSTANCES(T)                                                  \
  template void gemm<T>(bool, bool, int64_t, int64_t, int64_t, const T *,      \
                        int64_t, const T *, int64_t, T *, int64_t, int);       \
  template void gemmBatched<T>(int64_t, bool, bool, int64_t, int64_t, int64_t, \
                               const T *, int64_t, int64_t, const T *,         \
                               int64_t, int64_t, T *, int64_t, int64_t, int);
SDY_GEMM_INSTANCES(float)
SDY_GEMM_INSTANCES(double)
SDY_GEMM_INSTANCES(std::complex<float>)
SDY_GEMM_INSTANCES(std::complex<double>)
#undef SDY_GEMM_INSTANCES

int gemmThreads() {
  const Blas &l = blas();
  if (!l.sgemm)
    return 0;
  return l.owned ? maxThreads.load() : l.getThreads();
}

void setGemmThreads(int threads) {
  const Blas &l = blas();
  if (!l.sgemm || threads < 1)
    return;
  if (l.owned)
    maxThreads.store(threads);
  else
    l.setThreads(threads);
}

std::string gemmLibrary() { return blas().description; }

} // namespace sdy::runtime
