//===- Lapack.cpp - LAPACK factorizations of JAX's CPU lowering -----------===//
//
// JAX lowers LU, QR, the Hermitian eigendecomposition and the SVD on CPU to
// custom calls of its LAPACK kernels (`lapack_{s,d,c,z}getrf_ffi`,
// `geqrf_ffi`, `orgqr_ffi`/`ungqr_ffi`, `syevd_ffi`/`heevd_ffi`,
// `gesdd_ffi`). These kernels call the same LAPACK routines, from the
// OpenBLAS the matrix products use (Debian's OpenBLAS bundles LAPACK; see
// Gemm.h), so that the results match JAX's up to rounding (eigenvector and
// singular vector signs included, which another algorithm could flip).
//
// The operands' logical matrices are what LAPACK factors (JAX passes them in
// column-major layouts): each matrix of the batch is copied into a
// column-major buffer, factored, and copied back. Results and their order
// are those of JAX's kernels; integer results (pivots, info) are i32.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/Gemm.h"
#include "runtime/KernelTable.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <climits>
#include <string>

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;

template <typename T>
struct Real {
  using type = T;
};
template <typename R>
struct Real<std::complex<R>> {
  using type = R;
};
template <typename T>
using real_t = typename Real<T>::type;

// LAPACK's prefix of T's routines.
template <typename T>
constexpr char prefix() {
  if constexpr (std::is_same_v<T, float>)
    return 's';
  else if constexpr (std::is_same_v<T, double>)
    return 'd';
  else if constexpr (std::is_same_v<T, c64_t>)
    return 'c';
  else
    return 'z';
}

// The routine `base` (e.g. "getrf") for T, or null (an error in `status`).
template <typename F, typename T>
F routine(const char *base, Status &status) {
  std::string name = std::string(1, prefix<T>()) + base + "_";
  auto f = reinterpret_cast<F>(blasSymbol(name.c_str()));
  if (!f)
    status = Status::unsupported(
        "LAPACK routine " + name +
        " is not available: the runtime takes LAPACK from OpenBLAS "
        "(libopenblas.so.0, Debian package libopenblas0-pthread), which "
        "could not be loaded or lacks it");
  return f;
}

// Fortran's hidden lengths of character arguments (gfortran passes
// size_t).
using flen = size_t;

template <typename T>
using GetrfFn = void (*)(const int *, const int *, T *, const int *, int *,
                         int *);
template <typename T>
using GeqrfFn = void (*)(const int *, const int *, T *, const int *, T *, T *,
                         const int *, int *);
template <typename T>
using OrgqrFn = void (*)(const int *, const int *, const int *, T *,
                         const int *, const T *, T *, const int *, int *);
template <typename T>
using SyevdFn = void (*)(const char *, const char *, const int *, T *,
                         const int *, T *, T *, const int *, int *, const int *,
                         int *, flen, flen);
template <typename T>
using HeevdFn = void (*)(const char *, const char *, const int *, T *,
                         const int *, real_t<T> *, T *, const int *,
                         real_t<T> *, const int *, int *, const int *, int *,
                         flen, flen);
template <typename T>
using GesddFn = void (*)(const char *, const int *, const int *, T *,
                         const int *, T *, T *, const int *, T *, const int *,
                         T *, const int *, int *, int *, flen);
template <typename T>
using CgesddFn = void (*)(const char *, const int *, const int *, T *,
                          const int *, real_t<T> *, T *, const int *, T *,
                          const int *, T *, const int *, real_t<T> *, int *,
                          int *, flen);

template <typename T>
using GesvdFn = void (*)(const char *, const char *, const int *, const int *,
                         T *, const int *, T *, T *, const int *, T *,
                         const int *, T *, const int *, int *, flen, flen);
template <typename T>
using CgesvdFn = void (*)(const char *, const char *, const int *, const int *,
                          T *, const int *, real_t<T> *, T *, const int *, T *,
                          const int *, T *, const int *, real_t<T> *, int *,
                          flen, flen);

template <typename T>
using GeevFn = void (*)(const char *, const char *, const int *, T *,
                        const int *, T *, T *, T *, const int *, T *,
                        const int *, T *, const int *, int *, flen, flen);
template <typename T>
using CgeevFn = void (*)(const char *, const char *, const int *, T *,
                         const int *, T *, T *, const int *, T *, const int *,
                         T *, const int *, real_t<T> *, int *, flen, flen);
template <typename T>
using GtsvFn = void (*)(const int *, const int *, T *, T *, T *, T *,
                        const int *, int *);
template <typename T>
using Geqp3Fn = void (*)(const int *, const int *, T *, const int *, int *, T *,
                         T *, const int *, int *);
template <typename T>
using Cgeqp3Fn = void (*)(const int *, const int *, T *, const int *, int *,
                          T *, T *, const int *, real_t<T> *, int *);
template <typename T>
using GeesFn = void (*)(const char *, const char *, void *, const int *, T *,
                        const int *, int *, T *, T *, T *, const int *, T *,
                        const int *, int *, int *, flen, flen);
template <typename T>
using CgeesFn = void (*)(const char *, const char *, void *, const int *, T *,
                         const int *, int *, T *, T *, const int *, T *,
                         const int *, real_t<T> *, int *, int *, flen, flen);
template <typename T>
using GehrdFn = void (*)(const int *, const int *, const int *, T *,
                         const int *, T *, T *, const int *, int *);
template <typename T>
using SytrdFn = void (*)(const char *, const int *, T *, const int *,
                         real_t<T> *, real_t<T> *, T *, T *, const int *, int *,
                         flen);

// A batch of [rows x cols] matrices, the last two dimensions of a tensor.
struct Batch {
  int64_t count = 0, rows = 0, cols = 0;
  Shape batchShape;
  explicit Batch(const Shape &shape) {
    rows = shape[shape.size() - 2];
    cols = shape.back();
    batchShape.assign(shape.begin(), shape.end() - 2);
    count = 1;
    for (int64_t d : batchShape)
      count *= d;
  }
  Shape with(std::initializer_list<int64_t> tail) const {
    Shape s = batchShape;
    s.insert(s.end(), tail);
    return s;
  }
};

// Row-major [rows x cols] at `src` into column-major `dst`, and back.
template <typename T>
void toColumnMajor(const T *src, int64_t rows, int64_t cols, T *dst) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      dst[j * rows + i] = src[i * cols + j];
}
template <typename T>
void fromColumnMajor(const T *src, int64_t rows, int64_t cols, T *dst) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      dst[i * cols + j] = src[j * rows + i];
}

// The workspace size a query (lwork = -1) wrote into its first element.
template <typename T>
int workSize(T v) {
  if constexpr (is_complex_v<T>)
    return std::max(1, static_cast<int>(v.real()));
  else
    return std::max(1, static_cast<int>(v));
}

bool fitsInt(std::initializer_list<int64_t> sizes) {
  for (int64_t s : sizes)
    if (s > INT_MAX / 8)
      return false;
  return true;
}

char option(mlir::Operation *op, llvm::StringRef name, char dflt) {
  auto config = op->getAttrOfType<mlir::DictionaryAttr>("mhlo.backend_config");
  auto value =
      config ? config.getAs<mlir::IntegerAttr>(name) : mlir::IntegerAttr();
  return value ? static_cast<char>(value.getValue().getZExtValue()) : dflt;
}

mlir::ArrayRef<int64_t> resultShape(mlir::Operation *op, unsigned i) {
  return mlir::cast<mlir::ShapedType>(op->getResult(i).getType()).getShape();
}

// Calls f(TypeTag<T>{}) for f32, f64, c64 and c128 operands whose type is
// the one the target names (its letter after "lapack_").
template <typename F>
Status dispatchLapack(OpCall &c, ElementType t, const char *what, F &&f) {
  llvm::StringRef target =
      mlir::cast<shlo::CustomCallOp>(c.op).getCallTargetName();
  char letter = target.size() > 7 ? target[7] : '?';
  char expected = t == ElementType::F32    ? 's'
                  : t == ElementType::F64  ? 'd'
                  : t == ElementType::C64  ? 'c'
                  : t == ElementType::C128 ? 'z'
                                           : letter;
  if (letter != expected)
    return Status::invalid(std::string(what) + " custom_call: target '" +
                           target.str() + "' does not match the operand type " +
                           elementTypeName(t));
  switch (t) {
  case ElementType::F32:
    return f(TypeTag<float>{});
  case ElementType::F64:
    return f(TypeTag<double>{});
  case ElementType::C64:
    return f(TypeTag<c64_t>{});
  case ElementType::C128:
    return f(TypeTag<c128_t>{});
  default:
    return Status::unsupported(std::string(what) +
                               " custom_call: element type " +
                               elementTypeName(t) + " is not supported");
  }
}

Status expect(OpCall &c, size_t operands, unsigned results, const char *what) {
  if (c.in.size() != operands || c.op->getNumResults() != results)
    return Status::invalid(std::string(what) + " custom_call: expects " +
                           std::to_string(operands) + " operand(s) and " +
                           std::to_string(results) + " results");
  for (const Tensor &t : c.in)
    if (t.rank() < (&t == &c.in[0] ? 2 : 1))
      return Status::invalid(std::string(what) +
                             " custom_call: operand of too small a rank");
  if (!fitsInt(
          {c.in[0].dim(c.in[0].rank() - 2), c.in[0].dim(c.in[0].rank() - 1)}))
    return Status::unsupported(std::string(what) +
                               " custom_call: matrix too large for LAPACK");
  return Status::ok();
}

// getrf: (a) -> (lu, pivots (1-based), info).
Status getrfKernel(OpCall &c) {
  if (Status s = expect(c, 1, 3, "getrf"); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  int64_t k = std::min(b.rows, b.cols);
  return dispatchLapack(c, a.type(), "getrf", [&](auto tag) {
    using T = typename decltype(tag)::type;
    Status status;
    auto getrf = routine<GetrfFn<T>, T>("getrf", status);
    if (!getrf)
      return status;
    Tensor lu(a.type(), a.shape()), pivots(ElementType::I32, b.with({k})),
        info(ElementType::I32, b.batchShape);
    int m = b.rows, n = b.cols, lda = std::max(1, m);
    std::vector<T> work(b.rows * b.cols);
    for (int64_t i = 0; i < b.count; ++i) {
      const int64_t size = b.rows * b.cols;
      toColumnMajor(a.data<T>() + i * size, b.rows, b.cols, work.data());
      getrf(&m, &n, work.data(), &lda, pivots.data<int32_t>() + i * k,
            info.data<int32_t>() + i);
      fromColumnMajor(work.data(), b.rows, b.cols, lu.data<T>() + i * size);
    }
    c.out.push_back(std::move(lu));
    c.out.push_back(std::move(pivots));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

// geqrf: (a) -> (a with R above and the reflectors below the diagonal, tau).
Status geqrfKernel(OpCall &c) {
  if (Status s = expect(c, 1, 2, "geqrf"); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  int64_t k = std::min(b.rows, b.cols);
  return dispatchLapack(c, a.type(), "geqrf", [&](auto tag) {
    using T = typename decltype(tag)::type;
    Status status;
    auto geqrf = routine<GeqrfFn<T>, T>("geqrf", status);
    if (!geqrf)
      return status;
    Tensor r(a.type(), a.shape()), tau(a.type(), b.with({k}));
    int m = b.rows, n = b.cols, lda = std::max(1, m), info = 0, query = -1;
    std::vector<T> mat(b.rows * b.cols), work(1);
    geqrf(&m, &n, mat.data(), &lda, tau.data<T>(), work.data(), &query, &info);
    int lwork = workSize(work[0]);
    work.resize(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      const int64_t size = b.rows * b.cols;
      toColumnMajor(a.data<T>() + i * size, b.rows, b.cols, mat.data());
      geqrf(&m, &n, mat.data(), &lda, tau.data<T>() + i * k, work.data(),
            &lwork, &info);
      fromColumnMajor(mat.data(), b.rows, b.cols, r.data<T>() + i * size);
    }
    c.out.push_back(std::move(r));
    c.out.push_back(std::move(tau));
    return Status::ok();
  });
}

// orgqr/ungqr: (reflectors, tau) -> q, the first columns of Q.
Status orgqrKernel(OpCall &c) {
  if (Status s = expect(c, 2, 1, "orgqr"); !s.isOk())
    return s;
  const Tensor &a = c.in[0], &tau = c.in[1];
  Batch b(a.shape());
  int64_t k = tau.dim(tau.rank() - 1);
  if (tau.type() != a.type() || k > std::min(b.rows, b.cols) ||
      tau.numElements() != b.count * k)
    return Status::invalid("orgqr custom_call: tau must have the matrices' "
                           "element type and at most min(m, n) entries per "
                           "matrix");
  return dispatchLapack(c, a.type(), "orgqr", [&](auto tag) {
    using T = typename decltype(tag)::type;
    Status status;
    auto orgqr =
        routine<OrgqrFn<T>, T>(is_complex_v<T> ? "ungqr" : "orgqr", status);
    if (!orgqr)
      return status;
    Tensor q(a.type(), a.shape());
    int m = b.rows, n = b.cols, kk = k, lda = std::max(1, m), info = 0,
        query = -1;
    std::vector<T> mat(b.rows * b.cols), work(1);
    if (b.count > 0 && n > 0) {
      orgqr(&m, &n, &kk, mat.data(), &lda, tau.data<T>(), work.data(), &query,
            &info);
    }
    int lwork = workSize(work[0]);
    work.resize(lwork);
    for (int64_t i = 0; i < b.count && n > 0; ++i) {
      const int64_t size = b.rows * b.cols;
      toColumnMajor(a.data<T>() + i * size, b.rows, b.cols, mat.data());
      orgqr(&m, &n, &kk, mat.data(), &lda, tau.data<T>() + i * k, work.data(),
            &lwork, &info);
      fromColumnMajor(mat.data(), b.rows, b.cols, q.data<T>() + i * size);
    }
    c.out.push_back(std::move(q));
    return Status::ok();
  });
}

// syevd/heevd (mhlo.backend_config mode 'V'/'N', uplo 'L'/'U'): (a) ->
// (eigenvectors in columns, eigenvalues ascending, info).
Status syevdKernel(OpCall &c) {
  if (Status s = expect(c, 1, 3, "syevd"); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  if (b.rows != b.cols)
    return Status::invalid("syevd custom_call: the matrices must be square");
  char jobz = option(c.op, "mode", 'V'), uplo = option(c.op, "uplo", 'L');
  if ((jobz != 'V' && jobz != 'N') || (uplo != 'L' && uplo != 'U'))
    return Status::invalid("syevd custom_call: mode must be 'V' or 'N' and "
                           "uplo 'L' or 'U'");
  return dispatchLapack(c, a.type(), "syevd", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using R = real_t<T>;
    Status status;
    Tensor v(a.type(), a.shape()),
        w(is_complex_v<T>
              ? (std::is_same_v<T, c64_t> ? ElementType::F32 : ElementType::F64)
              : a.type(),
          b.with({b.rows})),
        info(ElementType::I32, b.batchShape);
    int n = b.rows, lda = std::max(1, n), query = -1, err = 0;
    std::vector<T> mat(b.rows * b.cols), work(1);
    std::vector<int> iwork(1);
    std::vector<R> rwork(1);
    if constexpr (is_complex_v<T>) {
      auto heevd = routine<HeevdFn<T>, T>("heevd", status);
      if (!heevd)
        return status;
      heevd(&jobz, &uplo, &n, mat.data(), &lda, w.data<R>(), work.data(),
            &query, rwork.data(), &query, iwork.data(), &query, &err, 1, 1);
      int lwork = workSize(work[0]), lrwork = workSize(rwork[0]),
          liwork = std::max(1, iwork[0]);
      work.resize(lwork);
      rwork.resize(lrwork);
      iwork.resize(liwork);
      for (int64_t i = 0; i < b.count; ++i) {
        const int64_t size = b.rows * b.cols;
        toColumnMajor(a.data<T>() + i * size, b.rows, b.cols, mat.data());
        heevd(&jobz, &uplo, &n, mat.data(), &lda, w.data<R>() + i * n,
              work.data(), &lwork, rwork.data(), &lrwork, iwork.data(), &liwork,
              info.data<int32_t>() + i, 1, 1);
        fromColumnMajor(mat.data(), b.rows, b.cols, v.data<T>() + i * size);
      }
    } else {
      auto syevd = routine<SyevdFn<T>, T>("syevd", status);
      if (!syevd)
        return status;
      syevd(&jobz, &uplo, &n, mat.data(), &lda, w.data<R>(), work.data(),
            &query, iwork.data(), &query, &err, 1, 1);
      int lwork = workSize(work[0]), liwork = std::max(1, iwork[0]);
      work.resize(lwork);
      iwork.resize(liwork);
      for (int64_t i = 0; i < b.count; ++i) {
        const int64_t size = b.rows * b.cols;
        toColumnMajor(a.data<T>() + i * size, b.rows, b.cols, mat.data());
        syevd(&jobz, &uplo, &n, mat.data(), &lda, w.data<R>() + i * n,
              work.data(), &lwork, iwork.data(), &liwork,
              info.data<int32_t>() + i, 1, 1);
        fromColumnMajor(mat.data(), b.rows, b.cols, v.data<T>() + i * size);
      }
    }
    c.out.push_back(std::move(v));
    c.out.push_back(std::move(w));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

// gesdd (divide and conquer) and gesvd (QR iteration), mode 'N', 'S' or
// 'A': (a) -> (a overwritten, singular values descending, u, vt, info); u
// and vt keep the shapes of their result types and are zero for mode 'N'.
Status svdKernel(OpCall &c, bool qrIteration) {
  const char *what = qrIteration ? "gesvd" : "gesdd";
  if (Status s = expect(c, 1, 5, what); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  int64_t k = std::min(b.rows, b.cols);
  char jobz = option(c.op, "mode", 'S');
  if (jobz != 'N' && jobz != 'S' && jobz != 'A')
    return Status::invalid(std::string(what) +
                           " custom_call: mode must be 'N', 'S' or 'A'");
  Shape uShape(resultShape(c.op, 2).begin(), resultShape(c.op, 2).end());
  Shape vtShape(resultShape(c.op, 3).begin(), resultShape(c.op, 3).end());
  if (uShape.size() != a.shape().size() || vtShape.size() != uShape.size())
    return Status::invalid(std::string(what) +
                           " custom_call: u and vt must have the operand's "
                           "rank");
  int64_t uCols = uShape.back(), vtRows = vtShape[vtShape.size() - 2];
  if (jobz != 'N' &&
      (uShape[uShape.size() - 2] != b.rows ||
       uCols != (jobz == 'A' ? b.rows : k) ||
       vtRows != (jobz == 'A' ? b.cols : k) || vtShape.back() != b.cols))
    return Status::invalid(std::string(what) +
                           " custom_call: u and vt do not have the shapes of "
                           "the mode");
  return dispatchLapack(c, a.type(), what, [&](auto tag) {
    using T = typename decltype(tag)::type;
    using R = real_t<T>;
    Status status;
    ElementType realType =
        is_complex_v<T>
            ? (std::is_same_v<T, c64_t> ? ElementType::F32 : ElementType::F64)
            : a.type();
    Tensor out(a.type(), a.shape()), s(realType, b.with({k})),
        u = Tensor::zeros(a.type(), uShape),
        vt = Tensor::zeros(a.type(), vtShape),
        info(ElementType::I32, b.batchShape);
    int m = b.rows, n = b.cols, lda = std::max(1, m), ldu = std::max(1, m),
        ldvt = std::max<int>(1, vtRows), query = -1, err = 0;
    int64_t uSize = jobz == 'N' ? 0 : b.rows * uCols,
            vtSize = jobz == 'N' ? 0 : vtRows * b.cols;
    std::vector<T> mat(b.rows * b.cols), uBuf(std::max<int64_t>(1, uSize)),
        vtBuf(std::max<int64_t>(1, vtSize)), work(1);
    std::vector<int> iwork(std::max<int64_t>(1, 8 * k));
    std::vector<R> rwork;
    auto run = [&](T *matData, R *sData, int *lwork, int *infoOut) {
      if (qrIteration) {
        if constexpr (is_complex_v<T>) {
          auto gesvd = routine<CgesvdFn<T>, T>("gesvd", status);
          if (!gesvd)
            return false;
          gesvd(&jobz, &jobz, &m, &n, matData, &lda, sData, uBuf.data(), &ldu,
                vtBuf.data(), &ldvt, work.data(), lwork, rwork.data(), infoOut,
                1, 1);
        } else {
          auto gesvd = routine<GesvdFn<T>, T>("gesvd", status);
          if (!gesvd)
            return false;
          gesvd(&jobz, &jobz, &m, &n, matData, &lda, sData, uBuf.data(), &ldu,
                vtBuf.data(), &ldvt, work.data(), lwork, infoOut, 1, 1);
        }
        return true;
      }
      if constexpr (is_complex_v<T>) {
        auto gesdd = routine<CgesddFn<T>, T>("gesdd", status);
        if (!gesdd)
          return false;
        gesdd(&jobz, &m, &n, matData, &lda, sData, uBuf.data(), &ldu,
              vtBuf.data(), &ldvt, work.data(), lwork, rwork.data(),
              iwork.data(), infoOut, 1);
      } else {
        auto gesdd = routine<GesddFn<T>, T>("gesdd", status);
        if (!gesdd)
          return false;
        gesdd(&jobz, &m, &n, matData, &lda, sData, uBuf.data(), &ldu,
              vtBuf.data(), &ldvt, work.data(), lwork, iwork.data(), infoOut,
              1);
      }
      return true;
    };
    if constexpr (is_complex_v<T>) {
      int64_t mx = std::max(b.rows, b.cols);
      rwork.resize(std::max<int64_t>(
          1, qrIteration ? 5 * k
             : jobz == 'N'
                 ? 7 * k
                 : std::max(5 * k * k + 5 * k, 2 * mx * k + 2 * k * k + k)));
    }
    std::vector<R> sQuery(std::max<int64_t>(1, k));
    if (!run(mat.data(), sQuery.data(), &query, &err))
      return status;
    int lwork = workSize(work[0]);
    work.resize(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      const int64_t size = b.rows * b.cols;
      toColumnMajor(a.data<T>() + i * size, b.rows, b.cols, mat.data());
      run(mat.data(), s.data<R>() + i * k, &lwork, info.data<int32_t>() + i);
      fromColumnMajor(mat.data(), b.rows, b.cols, out.data<T>() + i * size);
      if (jobz != 'N') {
        fromColumnMajor(uBuf.data(), b.rows, uCols, u.data<T>() + i * uSize);
        fromColumnMajor(vtBuf.data(), vtRows, b.cols,
                        vt.data<T>() + i * vtSize);
      }
    }
    c.out.push_back(std::move(out));
    c.out.push_back(std::move(s));
    c.out.push_back(std::move(u));
    c.out.push_back(std::move(vt));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

Status gesddKernel(OpCall &c) { return svdKernel(c, false); }
Status gesvdKernel(OpCall &c) { return svdKernel(c, true); }

ElementType realTypeOf(ElementType t) {
  return t == ElementType::C64    ? ElementType::F32
         : t == ElementType::C128 ? ElementType::F64
                                  : t;
}
ElementType complexTypeOf(ElementType t) {
  return t == ElementType::F32 || t == ElementType::C64 ? ElementType::C64
                                                        : ElementType::C128;
}

// geev (compute_left, compute_right 'V'/'N'): real (a) -> (wr, wi, vl, vr,
// info), complex (a) -> (w, vl, vr, info); the eigenvectors are complex
// matrices (columns), zero when not computed. LAPACK stores a real
// matrix's complex pair j, j+1 as the real and imaginary parts in columns
// j and j+1; they are expanded to v_j = re + i im, v_j+1 = re - i im.
Status geevKernel(OpCall &c) {
  bool complex = c.in.size() == 1 && isComplex(c.in[0].type());
  if (Status s = expect(c, 1, complex ? 4 : 5, "geev"); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  if (b.rows != b.cols)
    return Status::invalid("geev custom_call: the matrices must be square");
  char jobvl = option(c.op, "compute_left", 'N'),
       jobvr = option(c.op, "compute_right", 'V');
  if ((jobvl != 'V' && jobvl != 'N') || (jobvr != 'V' && jobvr != 'N'))
    return Status::invalid(
        "geev custom_call: compute_left and compute_right must be 'V' or 'N'");
  return dispatchLapack(c, a.type(), "geev", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using R = real_t<T>;
    using C = std::complex<R>;
    Status status;
    int64_t nn = b.rows;
    int n = nn, lda = std::max(1, n), query = -1, err = 0;
    Tensor vl = Tensor::zeros(complexTypeOf(a.type()), a.shape()),
           vr = Tensor::zeros(complexTypeOf(a.type()), a.shape()),
           info(ElementType::I32, b.batchShape);
    std::vector<T> mat(nn * nn), vlBuf(nn * nn), vrBuf(nn * nn), work(1);
    std::vector<C> column(nn * nn);
    auto store = [&](const std::vector<T> &buf, const R *wi, Tensor &out,
                     int64_t i) {
      // Column-major LAPACK vectors into complex column-major, then to the
      // row-major result.
      for (int64_t j = 0; j < nn; ++j) {
        if constexpr (is_complex_v<T>) {
          for (int64_t r = 0; r < nn; ++r)
            column[j * nn + r] = buf[j * nn + r];
        } else {
          if (wi[j] != 0 && j + 1 < nn) {
            for (int64_t r = 0; r < nn; ++r) {
              column[j * nn + r] = C(buf[j * nn + r], buf[(j + 1) * nn + r]);
              column[(j + 1) * nn + r] =
                  C(buf[j * nn + r], -buf[(j + 1) * nn + r]);
            }
            ++j;
          } else {
            for (int64_t r = 0; r < nn; ++r)
              column[j * nn + r] = C(buf[j * nn + r], 0);
          }
        }
      }
      fromColumnMajor(column.data(), nn, nn, out.data<C>() + i * nn * nn);
    };
    if constexpr (is_complex_v<T>) {
      auto geev = routine<CgeevFn<T>, T>("geev", status);
      if (!geev)
        return status;
      Tensor w(a.type(), b.with({nn}));
      std::vector<R> rwork(std::max<int64_t>(1, 2 * nn));
      T wq[1];
      geev(&jobvl, &jobvr, &n, mat.data(), &lda, wq, vlBuf.data(), &lda,
           vrBuf.data(), &lda, work.data(), &query, rwork.data(), &err, 1, 1);
      int lwork = workSize(work[0]);
      work.resize(lwork);
      for (int64_t i = 0; i < b.count; ++i) {
        toColumnMajor(a.data<T>() + i * nn * nn, nn, nn, mat.data());
        geev(&jobvl, &jobvr, &n, mat.data(), &lda, w.data<T>() + i * nn,
             vlBuf.data(), &lda, vrBuf.data(), &lda, work.data(), &lwork,
             rwork.data(), info.data<int32_t>() + i, 1, 1);
        if (jobvl == 'V')
          store(vlBuf, nullptr, vl, i);
        if (jobvr == 'V')
          store(vrBuf, nullptr, vr, i);
      }
      c.out.push_back(std::move(w));
    } else {
      auto geev = routine<GeevFn<T>, T>("geev", status);
      if (!geev)
        return status;
      Tensor wr(a.type(), b.with({nn})), wi(a.type(), b.with({nn}));
      T wq[2];
      geev(&jobvl, &jobvr, &n, mat.data(), &lda, wq, wq + 1, vlBuf.data(), &lda,
           vrBuf.data(), &lda, work.data(), &query, &err, 1, 1);
      int lwork = workSize(work[0]);
      work.resize(lwork);
      for (int64_t i = 0; i < b.count; ++i) {
        toColumnMajor(a.data<T>() + i * nn * nn, nn, nn, mat.data());
        R *wiData = wi.data<R>() + i * nn;
        geev(&jobvl, &jobvr, &n, mat.data(), &lda, wr.data<R>() + i * nn,
             wiData, vlBuf.data(), &lda, vrBuf.data(), &lda, work.data(),
             &lwork, info.data<int32_t>() + i, 1, 1);
        if (jobvl == 'V')
          store(vlBuf, wiData, vl, i);
        if (jobvr == 'V')
          store(vrBuf, wiData, vr, i);
      }
      c.out.push_back(std::move(wr));
      c.out.push_back(std::move(wi));
    }
    c.out.push_back(std::move(vl));
    c.out.push_back(std::move(vr));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

// gtsv: (dl, d, du, b) -> (dl, d, du, b overwritten (the solution), info);
// the sub-diagonal dl starts at index 1 (dl[0] is not read).
Status gtsvKernel(OpCall &c) {
  if (c.in.size() != 4 || c.op->getNumResults() != 5 || c.in[3].rank() < 2)
    return Status::invalid("gtsv custom_call: expects (dl, d, du, b) and 5 "
                           "results");
  const Tensor &b = c.in[3];
  Batch batch(b.shape());
  int64_t nn = batch.rows;
  for (int i = 0; i < 3; ++i)
    if (c.in[i].type() != b.type() || c.in[i].numElements() != batch.count * nn)
      return Status::invalid("gtsv custom_call: the diagonals must have b's "
                             "element type and one entry per row of b");
  if (!fitsInt({nn, batch.cols}))
    return Status::unsupported("gtsv custom_call: too large for LAPACK");
  return dispatchLapack(c, b.type(), "gtsv", [&](auto tag) {
    using T = typename decltype(tag)::type;
    Status status;
    auto gtsv = routine<GtsvFn<T>, T>("gtsv", status);
    if (!gtsv)
      return status;
    Tensor dl = c.in[0].clone(), d = c.in[1].clone(), du = c.in[2].clone(),
           x(b.type(), b.shape()), info(ElementType::I32, batch.batchShape);
    int n = nn, nrhs = batch.cols, ldb = std::max(1, n);
    std::vector<T> rhs(nn * batch.cols);
    for (int64_t i = 0; i < batch.count; ++i) {
      const int64_t size = nn * batch.cols;
      toColumnMajor(b.data<T>() + i * size, nn, batch.cols, rhs.data());
      if (nn > 0)
        gtsv(&n, &nrhs, dl.data<T>() + i * nn + 1, d.data<T>() + i * nn,
             du.data<T>() + i * nn, rhs.data(), &ldb, info.data<int32_t>() + i);
      else
        info.data<int32_t>()[i] = 0;
      fromColumnMajor(rhs.data(), nn, batch.cols, x.data<T>() + i * size);
    }
    c.out.push_back(std::move(dl));
    c.out.push_back(std::move(d));
    c.out.push_back(std::move(du));
    c.out.push_back(std::move(x));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

// geqp3: (a, jpvt) -> (a with R and the reflectors, jpvt (1-based column
// pivots), tau); a nonzero jpvt entry fixes its column in front.
Status geqp3Kernel(OpCall &c) {
  if (Status s = expect(c, 2, 3, "geqp3"); !s.isOk())
    return s;
  const Tensor &a = c.in[0], &jpvt = c.in[1];
  Batch b(a.shape());
  int64_t k = std::min(b.rows, b.cols);
  if (jpvt.type() != ElementType::I32 || jpvt.numElements() != b.count * b.cols)
    return Status::invalid("geqp3 custom_call: jpvt must be i32 with one "
                           "entry per column");
  return dispatchLapack(c, a.type(), "geqp3", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using R = real_t<T>;
    Status status;
    Tensor r(a.type(), a.shape()), pivots = jpvt.clone(),
                                   tau(a.type(), b.with({k}));
    int m = b.rows, n = b.cols, lda = std::max(1, m), query = -1, err = 0;
    std::vector<T> mat(b.rows * b.cols), work(1);
    std::vector<R> rwork(std::max<int64_t>(1, 2 * b.cols));
    std::vector<int> pq(std::max<int64_t>(1, b.cols));
    auto run = [&](int *piv, T *tauData, int *lwork, int *infoOut) {
      if constexpr (is_complex_v<T>) {
        auto geqp3 = routine<Cgeqp3Fn<T>, T>("geqp3", status);
        if (!geqp3)
          return false;
        geqp3(&m, &n, mat.data(), &lda, piv, tauData, work.data(), lwork,
              rwork.data(), infoOut);
      } else {
        auto geqp3 = routine<Geqp3Fn<T>, T>("geqp3", status);
        if (!geqp3)
          return false;
        geqp3(&m, &n, mat.data(), &lda, piv, tauData, work.data(), lwork,
              infoOut);
      }
      return true;
    };
    std::vector<T> tq(std::max<int64_t>(1, k));
    if (!run(pq.data(), tq.data(), &query, &err))
      return status;
    int lwork = workSize(work[0]);
    work.resize(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      const int64_t size = b.rows * b.cols;
      toColumnMajor(a.data<T>() + i * size, b.rows, b.cols, mat.data());
      run(pivots.data<int32_t>() + i * b.cols, tau.data<T>() + i * k, &lwork,
          &err);
      fromColumnMajor(mat.data(), b.rows, b.cols, r.data<T>() + i * size);
    }
    c.out.push_back(std::move(r));
    c.out.push_back(std::move(pivots));
    c.out.push_back(std::move(tau));
    return Status::ok();
  });
}

// gees (mode 'V'/'N', sort 'N'): real (a) -> (T, vs, wr, wi, sdim, info),
// complex (a) -> (T, vs, w, sdim, info): the Schur form and vectors.
Status geesKernel(OpCall &c) {
  bool complex = c.in.size() == 1 && isComplex(c.in[0].type());
  if (Status s = expect(c, 1, complex ? 5 : 6, "gees"); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  if (b.rows != b.cols)
    return Status::invalid("gees custom_call: the matrices must be square");
  char jobvs = option(c.op, "mode", 'V'), sort = option(c.op, "sort", 'N');
  if ((jobvs != 'V' && jobvs != 'N') || sort != 'N')
    return Status::invalid(
        "gees custom_call: mode must be 'V' or 'N' and sort 'N' (eigenvalue "
        "selection is not supported)");
  return dispatchLapack(c, a.type(), "gees", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using R = real_t<T>;
    Status status;
    int64_t nn = b.rows;
    int n = nn, lda = std::max(1, n), query = -1, err = 0, sq = 0;
    Tensor t(a.type(), a.shape()), vs = Tensor::zeros(a.type(), a.shape()),
                                   sdim(ElementType::I32, b.batchShape),
                                   info(ElementType::I32, b.batchShape);
    std::vector<T> mat(nn * nn), vsBuf(nn * nn), work(1);
    std::vector<int> bwork(std::max<int64_t>(1, nn));
    auto finish = [&](int64_t i) {
      fromColumnMajor(mat.data(), nn, nn, t.data<T>() + i * nn * nn);
      if (jobvs == 'V')
        fromColumnMajor(vsBuf.data(), nn, nn, vs.data<T>() + i * nn * nn);
    };
    c.out.emplace_back();
    c.out.emplace_back();
    if constexpr (is_complex_v<T>) {
      auto gees = routine<CgeesFn<T>, T>("gees", status);
      if (!gees)
        return status;
      Tensor w(a.type(), b.with({nn}));
      std::vector<R> rwork(std::max<int64_t>(1, nn));
      T wq[1];
      gees(&jobvs, &sort, nullptr, &n, mat.data(), &lda, &sq, wq, vsBuf.data(),
           &lda, work.data(), &query, rwork.data(), bwork.data(), &err, 1, 1);
      int lwork = workSize(work[0]);
      work.resize(lwork);
      for (int64_t i = 0; i < b.count; ++i) {
        toColumnMajor(a.data<T>() + i * nn * nn, nn, nn, mat.data());
        gees(&jobvs, &sort, nullptr, &n, mat.data(), &lda,
             sdim.data<int32_t>() + i, w.data<T>() + i * nn, vsBuf.data(), &lda,
             work.data(), &lwork, rwork.data(), bwork.data(),
             info.data<int32_t>() + i, 1, 1);
        finish(i);
      }
      c.out.push_back(std::move(w));
    } else {
      auto gees = routine<GeesFn<T>, T>("gees", status);
      if (!gees)
        return status;
      Tensor wr(a.type(), b.with({nn})), wi(a.type(), b.with({nn}));
      T wq[2];
      gees(&jobvs, &sort, nullptr, &n, mat.data(), &lda, &sq, wq, wq + 1,
           vsBuf.data(), &lda, work.data(), &query, bwork.data(), &err, 1, 1);
      int lwork = workSize(work[0]);
      work.resize(lwork);
      for (int64_t i = 0; i < b.count; ++i) {
        toColumnMajor(a.data<T>() + i * nn * nn, nn, nn, mat.data());
        gees(&jobvs, &sort, nullptr, &n, mat.data(), &lda,
             sdim.data<int32_t>() + i, wr.data<T>() + i * nn,
             wi.data<T>() + i * nn, vsBuf.data(), &lda, work.data(), &lwork,
             bwork.data(), info.data<int32_t>() + i, 1, 1);
        finish(i);
      }
      c.out.push_back(std::move(wr));
      c.out.push_back(std::move(wi));
    }
    c.out[0] = std::move(t);
    c.out[1] = std::move(vs);
    c.out.push_back(std::move(sdim));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

// gehrd (low, high: LAPACK's 1-based ilo, ihi): (a) -> (a with the
// Hessenberg form and the reflectors, tau (n - 1), info).
Status gehrdKernel(OpCall &c) {
  if (Status s = expect(c, 1, 3, "gehrd"); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  if (b.rows != b.cols)
    return Status::invalid("gehrd custom_call: the matrices must be square");
  auto config =
      c.op->getAttrOfType<mlir::DictionaryAttr>("mhlo.backend_config");
  auto attr = [&](llvm::StringRef name, int64_t dflt) {
    auto v = config ? config.getAs<mlir::IntegerAttr>(name) : nullptr;
    return v ? v.getInt() : dflt;
  };
  int64_t nn = b.rows, low = attr("low", 1), high = attr("high", nn);
  if (nn > 0 && (low < 1 || high < low || high > nn))
    return Status::invalid("gehrd custom_call: low and high must satisfy 1 <= "
                           "low <= high <= n");
  int64_t nt = std::max<int64_t>(0, nn - 1);
  return dispatchLapack(c, a.type(), "gehrd", [&](auto tag) {
    using T = typename decltype(tag)::type;
    Status status;
    auto gehrd = routine<GehrdFn<T>, T>("gehrd", status);
    if (!gehrd)
      return status;
    Tensor h(a.type(), a.shape()), tau(a.type(), b.with({nt})),
        info(ElementType::I32, b.batchShape);
    int n = nn, ilo = nn ? low : 1, ihi = nn ? high : 0, lda = std::max(1, n),
        query = -1, err = 0;
    std::vector<T> mat(nn * nn), work(1), tq(std::max<int64_t>(1, nt));
    gehrd(&n, &ilo, &ihi, mat.data(), &lda, tq.data(), work.data(), &query,
          &err);
    int lwork = workSize(work[0]);
    work.resize(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      toColumnMajor(a.data<T>() + i * nn * nn, nn, nn, mat.data());
      gehrd(&n, &ilo, &ihi, mat.data(), &lda,
            nt ? tau.data<T>() + i * nt : tq.data(), work.data(), &lwork,
            info.data<int32_t>() + i);
      fromColumnMajor(mat.data(), nn, nn, h.data<T>() + i * nn * nn);
    }
    c.out.push_back(std::move(h));
    c.out.push_back(std::move(tau));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

// sytrd/hetrd (uplo): (a) -> (a with the reflectors, diagonal d, off
// diagonal e (n - 1, real), tau (n - 1), info).
Status sytrdKernel(OpCall &c) {
  if (Status s = expect(c, 1, 5, "sytrd"); !s.isOk())
    return s;
  const Tensor &a = c.in[0];
  Batch b(a.shape());
  if (b.rows != b.cols)
    return Status::invalid("sytrd custom_call: the matrices must be square");
  char uplo = option(c.op, "uplo", 'L');
  if (uplo != 'L' && uplo != 'U')
    return Status::invalid("sytrd custom_call: uplo must be 'L' or 'U'");
  return dispatchLapack(c, a.type(), "sytrd", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using R = real_t<T>;
    Status status;
    auto sytrd =
        routine<SytrdFn<T>, T>(is_complex_v<T> ? "hetrd" : "sytrd", status);
    if (!sytrd)
      return status;
    int64_t nn = b.rows, nt = std::max<int64_t>(0, nn - 1);
    Tensor t(a.type(), a.shape()), d(realTypeOf(a.type()), b.with({nn})),
        e(realTypeOf(a.type()), b.with({nt})), tau(a.type(), b.with({nt})),
        info(ElementType::I32, b.batchShape);
    int n = nn, lda = std::max(1, n), query = -1, err = 0;
    std::vector<T> mat(nn * nn), work(1), tq(std::max<int64_t>(1, nt));
    std::vector<R> dq(std::max<int64_t>(1, nn)), eq(std::max<int64_t>(1, nt));
    sytrd(&uplo, &n, mat.data(), &lda, dq.data(), eq.data(), tq.data(),
          work.data(), &query, &err, 1);
    int lwork = workSize(work[0]);
    work.resize(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      toColumnMajor(a.data<T>() + i * nn * nn, nn, nn, mat.data());
      sytrd(&uplo, &n, mat.data(), &lda, d.data<R>() + i * nn,
            nt ? e.data<R>() + i * nt : eq.data(),
            nt ? tau.data<T>() + i * nt : tq.data(), work.data(), &lwork,
            info.data<int32_t>() + i, 1);
      fromColumnMajor(mat.data(), nn, nn, t.data<T>() + i * nn * nn);
    }
    c.out.push_back(std::move(t));
    c.out.push_back(std::move(d));
    c.out.push_back(std::move(e));
    c.out.push_back(std::move(tau));
    c.out.push_back(std::move(info));
    return Status::ok();
  });
}

} // namespace

Kernel lookupLapackFactorization(llvm::StringRef target) {
  if (!target.consume_front("lapack_") || !target.consume_back("_ffi") ||
      target.empty() || !llvm::StringRef("sdcz").contains(target.front()))
    return nullptr;
  bool complex = target.front() == 'c' || target.front() == 'z';
  llvm::StringRef base = target.drop_front();
  if (base == "getrf")
    return getrfKernel;
  if (base == "geqrf")
    return geqrfKernel;
  if (base == (complex ? "ungqr" : "orgqr"))
    return orgqrKernel;
  if (base == (complex ? "heevd" : "syevd"))
    return syevdKernel;
  if (base == "gesdd")
    return gesddKernel;
  if (base == "gesvd")
    return gesvdKernel;
  if (base == "geev")
    return geevKernel;
  if (base == "gtsv")
    return gtsvKernel;
  if (base == "geqp3")
    return geqp3Kernel;
  if (base == "gees")
    return geesKernel;
  if (base == "gehrd")
    return gehrdKernel;
  if (base == (complex ? "hetrd" : "sytrd"))
    return sytrdKernel;
  return nullptr;
}

} // namespace sdy::runtime
