//===- Linalg.cpp - cholesky, triangular_solve, batch_norm kernels --------===//
//
// Batched over the leading dimensions; each matrix (or feature) is computed
// in the compute type of its element type (float for f16/bf16/f32 and, via
// NarrowFloats.h, the narrow floats; double for f64; complex numbers in
// their own type) in a fixed order, so a shard gives the same bits as the
// whole.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/NarrowFloats.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <cmath>

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;

// Calls f(TypeTag<T>{}) for the floating-point storage type T of `t` (or,
// with `WithComplex`, the complex one); `floatsOnly` narrows the real types
// to f32/f64 (what LAPACK calls take).
template <bool WithComplex = false, typename F>
Status dispatchFloat(ElementType t, const char *op, F &&f,
                     bool floatsOnly = false) {
  if constexpr (WithComplex) {
    if (isComplex(t)) {
      dispatchComplex(t, f);
      return Status::ok();
    }
  }
  return dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    constexpr bool wide = std::is_same_v<T, float> || std::is_same_v<T, double>;
    if constexpr (is_float_v<T>) {
      if (!floatsOnly || wide) {
        f(tag);
        return Status::ok();
      }
    }
    return Status::unsupported(std::string(op) + ": element type " +
                               elementTypeName(t) + " is not supported");
  });
}

// The conjugate of a complex number; a real number itself.
template <typename C>
C conjugate(C v) {
  if constexpr (is_complex_v<C>)
    return std::conj(v);
  else
    return v;
}

// The real part of a complex number; a real number itself.
template <typename C>
auto realPart(C v) {
  if constexpr (is_complex_v<C>)
    return v.real();
  else
    return v;
}

// Cholesky of each n x n matrix (Hermitian for complex numbers: A = L L^H,
// or A = U^H U for the upper triangle); `lower` reads and writes the lower
// triangle, otherwise the upper one (as the conjugate transpose). The other
// triangle of the result is zero, or with `keepOther` the input's (as
// LAPACK's potrf leaves it). A matrix that is not positive definite gives
// NaNs; `info` (if given) gets, per matrix, 0 or 1 + the first column whose
// pivot is not positive, as potrf reports it. The imaginary parts of the
// diagonal are ignored, as potrf does.
template <typename T>
void cholesky(const T *a, T *r, int64_t batch, int64_t n, bool lower,
              bool keepOther = false, int32_t *info = nullptr) {
  using C = compute_t<T>;
  using R = decltype(realPart(C()));
  std::vector<C> l(n * n);
  for (int64_t b = 0; b < batch; ++b) {
    const T *m = a + b * n * n;
    T *out = r + b * n * n;
    // (i, j) of the lower-triangle view.
    auto at = [&](int64_t i, int64_t j) {
      return lower ? static_cast<C>(load(m[i * n + j]))
                   : conjugate(static_cast<C>(load(m[j * n + i])));
    };
    std::fill(l.begin(), l.end(), C(0));
    int32_t failed = 0;
    for (int64_t j = 0; j < n; ++j) {
      R d = realPart(at(j, j));
      for (int64_t k = 0; k < j; ++k)
        d -= realPart(l[j * n + k] * conjugate(l[j * n + k]));
      if (!failed && !(d > R(0)))
        failed = static_cast<int32_t>(j + 1);
      R ljj = std::sqrt(d);
      l[j * n + j] = C(ljj);
      for (int64_t i = j + 1; i < n; ++i) {
        C s = at(i, j);
        for (int64_t k = 0; k < j; ++k)
          s -= l[i * n + k] * conjugate(l[j * n + k]);
        l[i * n + j] = s / ljj;
      }
    }
    if (info)
      info[b] = failed;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        int64_t idx = lower ? i * n + j : j * n + i;
        C v = lower ? l[i * n + j] : conjugate(l[i * n + j]);
        out[idx] = j <= i || !keepOther ? store<T>(v) : m[idx];
      }
  }
}

Status choleskyKernel(OpCall &c) {
  auto op = mlir::cast<shlo::CholeskyOp>(c.op);
  const Tensor &a = c.in[0];
  Tensor r(a.type(), a.shape());
  int64_t n = a.dim(a.rank() - 1);
  int64_t batch = n == 0 ? 0 : a.numElements() / (n * n);
  bool lower = op.getLower();
  return dispatchFloat</*WithComplex=*/true>(
      a.type(), "cholesky", [&](auto tag) {
        using T = typename decltype(tag)::type;
        cholesky<T>(a.data<T>(), r.data<T>(), batch, n, lower);
        c.out.push_back(std::move(r));
      });
}

struct SolveOptions {
  bool leftSide, lower, unitDiagonal, transpose;
  // With `transpose`: op(a) is the conjugate transpose (adjoint).
  bool conjugate = false;
};

// Solves op(a) x = b (left side) or x op(a) = b for each matrix of the batch,
// reading only the `lower` (or upper) triangle of a.
template <typename T>
void triangularSolve(const T *a, const T *b, T *x, int64_t batch, int64_t n,
                     int64_t bRows, int64_t bCols, SolveOptions o) {
  using C = compute_t<T>;
  // m = op(tri(a)) for the left side and its transpose for the right side,
  // so both solve m y = rhs for vectors y.
  std::vector<C> m(n * n), rhs(n), y(n);
  bool transposeM = o.transpose != !o.leftSide;
  bool mLower = o.lower != transposeM;
  int64_t vectors = o.leftSide ? bCols : bRows;
  for (int64_t bi = 0; bi < batch; ++bi) {
    const T *am = a + bi * n * n;
    const T *bm = b + bi * bRows * bCols;
    T *xm = x + bi * bRows * bCols;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        bool inTriangle = o.lower ? j <= i : j >= i;
        C v = !inTriangle ? C(0)
              : (i == j && o.unitDiagonal)
                  ? C(1)
                  : static_cast<C>(load(am[i * n + j]));
        m[transposeM ? j * n + i : i * n + j] = o.conjugate ? conjugate(v) : v;
      }
    // Element k of vector v in b (and x).
    auto index = [&](int64_t v, int64_t k) {
      return o.leftSide ? k * bCols + v : v * bCols + k;
    };
    for (int64_t v = 0; v < vectors; ++v) {
      for (int64_t k = 0; k < n; ++k)
        rhs[k] = static_cast<C>(load(bm[index(v, k)]));
      for (int64_t step = 0; step < n; ++step) {
        int64_t i = mLower ? step : n - 1 - step;
        C s = rhs[i];
        if (mLower) {
          for (int64_t k = 0; k < i; ++k)
            s -= m[i * n + k] * y[k];
        } else {
          for (int64_t k = n - 1; k > i; --k)
            s -= m[i * n + k] * y[k];
        }
        y[i] = o.unitDiagonal ? s : s / m[i * n + i];
      }
      for (int64_t k = 0; k < n; ++k)
        xm[index(v, k)] = store<T>(y[k]);
    }
  }
}

Status solve(OpCall &c, SolveOptions o) {
  const Tensor &a = c.in[0], &b = c.in[1];
  int64_t rank = b.rank();
  int64_t n = a.dim(rank - 1);
  int64_t bRows = b.dim(rank - 2), bCols = b.dim(rank - 1);
  int64_t batch = bRows * bCols == 0 ? 0 : b.numElements() / (bRows * bCols);
  Tensor x(b.type(), b.shape());
  return dispatchFloat</*WithComplex=*/true>(
      b.type(), "triangular_solve", [&](auto tag) {
        using T = typename decltype(tag)::type;
        triangularSolve<T>(a.data<T>(), b.data<T>(), x.data<T>(), batch, n,
                           bRows, bCols, o);
        c.out.push_back(std::move(x));
      });
}

Status triangularSolveKernel(OpCall &c) {
  auto op = mlir::cast<shlo::TriangularSolveOp>(c.op);
  return solve(c, {op.getLeftSide(), op.getLower(), op.getUnitDiagonal(),
                   op.getTransposeA() != shlo::Transpose::NO_TRANSPOSE,
                   op.getTransposeA() == shlo::Transpose::ADJOINT});
}

// JAX's CPU lowering of cholesky and triangular solves: LAPACK calls whose
// options are characters in `mhlo.backend_config` (uplo 'L'/'U', side
// 'L'/'R', trans_x 'N'/'T'/'C', diag 'N'/'U'); leading dimensions are
// batch dimensions.
char lapackOption(mlir::Operation *op, llvm::StringRef name, char dflt) {
  auto config = op->getAttrOfType<mlir::DictionaryAttr>("mhlo.backend_config");
  auto value =
      config ? config.getAs<mlir::IntegerAttr>(name) : mlir::IntegerAttr();
  return value ? static_cast<char>(value.getValue().getZExtValue()) : dflt;
}

Status lapackPotrfKernel(OpCall &c) {
  const Tensor &a = c.in[0];
  if (c.in.size() != 1 || c.op->getNumResults() != 2 || a.rank() < 2)
    return Status::invalid("potrf custom_call: expects one matrix operand and "
                           "(factor, info) results");
  int64_t n = a.dim(a.rank() - 1);
  int64_t batch = n == 0 ? 0 : a.numElements() / (n * n);
  Shape batchShape(a.shape().begin(), a.shape().end() - 2);
  Tensor r(a.type(), a.shape()), info(ElementType::I32, batchShape);
  bool lower = lapackOption(c.op, "uplo", 'L') == 'L';
  return dispatchFloat</*WithComplex=*/true>(
      a.type(), "potrf custom_call",
      [&](auto tag) {
        using T = typename decltype(tag)::type;
        cholesky<T>(a.data<T>(), r.data<T>(), batch, n, lower,
                    /*keepOther=*/true, info.data<int32_t>());
        c.out.push_back(std::move(r));
        c.out.push_back(std::move(info));
      },
      /*floatsOnly=*/true);
}

Status lapackTrsmKernel(OpCall &c) {
  if (c.in.size() != 2 || c.in[0].rank() < 2 ||
      c.in[0].rank() != c.in[1].rank())
    return Status::invalid("trsm custom_call: expects (a, b) of equal rank");
  return solve(c, {lapackOption(c.op, "side", 'L') == 'L',
                   lapackOption(c.op, "uplo", 'L') == 'L',
                   lapackOption(c.op, "diag", 'N') == 'U',
                   lapackOption(c.op, "trans_x", 'N') != 'N',
                   lapackOption(c.op, "trans_x", 'N') == 'C'});
}

// The operand seen as [outer, features, inner] around the feature dimension.
struct FeatureView {
  int64_t outer = 1, features = 1, inner = 1;
  FeatureView(const Shape &shape, int64_t featureIndex) {
    for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
      if (d < featureIndex)
        outer *= shape[d];
      else if (d == featureIndex)
        features = shape[d];
      else
        inner *= shape[d];
    }
  }
  int64_t perFeature() const { return outer * inner; }
  // Calls f(flat index) for each element of feature `c`, in row-major order.
  template <typename F>
  void forEach(int64_t c, F &&f) const {
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i)
        f((o * features + c) * inner + i);
  }
};

template <typename T>
compute_t<T> featureMean(const T *x, const FeatureView &v, int64_t c) {
  using C = compute_t<T>;
  C sum = 0;
  v.forEach(c, [&](int64_t e) { sum += static_cast<C>(load(x[e])); });
  return sum / static_cast<C>(v.perFeature());
}

// scale * (x - mean) / sqrt(var + eps) + offset, in that order.
template <typename T>
void normalize(const T *x, const T *scale, const T *offset,
               const std::vector<compute_t<T>> &mean,
               const std::vector<compute_t<T>> &var, compute_t<T> eps,
               const FeatureView &v, T *y) {
  using C = compute_t<T>;
  for (int64_t c = 0; c < v.features; ++c) {
    C stddev = std::sqrt(var[c] + eps);
    C s = static_cast<C>(load(scale[c])), off = static_cast<C>(load(offset[c]));
    v.forEach(c, [&](int64_t e) {
      y[e] =
          store<T>(s * ((static_cast<C>(load(x[e])) - mean[c]) / stddev) + off);
    });
  }
}

template <typename T>
std::vector<compute_t<T>> loadVector(const Tensor &t) {
  std::vector<compute_t<T>> v(t.numElements());
  for (int64_t i = 0; i < t.numElements(); ++i)
    v[i] = static_cast<compute_t<T>>(load(t.data<T>()[i]));
  return v;
}

template <typename T>
Tensor storeVector(ElementType type, const std::vector<compute_t<T>> &v) {
  Tensor t(type, {static_cast<int64_t>(v.size())});
  for (size_t i = 0; i < v.size(); ++i)
    t.data<T>()[i] = store<T>(v[i]);
  return t;
}

Status batchNormInferenceKernel(OpCall &c) {
  auto op = mlir::cast<shlo::BatchNormInferenceOp>(c.op);
  const Tensor &x = c.in[0];
  FeatureView v(x.shape(), op.getFeatureIndex());
  return dispatchFloat(x.type(), "batch_norm_inference", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    Tensor y(x.type(), x.shape());
    normalize<T>(x.data<T>(), c.in[1].data<T>(), c.in[2].data<T>(),
                 loadVector<T>(c.in[3]), loadVector<T>(c.in[4]),
                 static_cast<C>(op.getEpsilon().convertToFloat()), v,
                 y.data<T>());
    c.out.push_back(std::move(y));
  });
}

Status batchNormTrainingKernel(OpCall &c) {
  auto op = mlir::cast<shlo::BatchNormTrainingOp>(c.op);
  const Tensor &x = c.in[0];
  FeatureView v(x.shape(), op.getFeatureIndex());
  return dispatchFloat(x.type(), "batch_norm_training", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    const T *xd = x.data<T>();
    std::vector<C> mean(v.features), var(v.features);
    for (int64_t f = 0; f < v.features; ++f) {
      mean[f] = featureMean<T>(xd, v, f);
      C sum = 0;
      v.forEach(f, [&](int64_t e) {
        C d = static_cast<C>(load(xd[e])) - mean[f];
        sum += d * d;
      });
      var[f] = sum / static_cast<C>(v.perFeature());
    }
    Tensor y(x.type(), x.shape());
    normalize<T>(xd, c.in[1].data<T>(), c.in[2].data<T>(), mean, var,
                 static_cast<C>(op.getEpsilon().convertToFloat()), v,
                 y.data<T>());
    c.out.push_back(std::move(y));
    c.out.push_back(storeVector<T>(x.type(), mean));
    c.out.push_back(storeVector<T>(x.type(), var));
  });
}

// The gradients of batch_norm_training with respect to operand, scale and
// offset, given the mean and variance it used.
Status batchNormGradKernel(OpCall &c) {
  auto op = mlir::cast<shlo::BatchNormGradOp>(c.op);
  const Tensor &x = c.in[0];
  FeatureView v(x.shape(), op.getFeatureIndex());
  return dispatchFloat(x.type(), "batch_norm_grad", [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    const T *xd = x.data<T>(), *gy = c.in[4].data<T>();
    std::vector<C> scale = loadVector<T>(c.in[1]),
                   mean = loadVector<T>(c.in[2]), var = loadVector<T>(c.in[3]);
    C eps = static_cast<C>(op.getEpsilon().convertToFloat());
    C n = static_cast<C>(v.perFeature());
    Tensor gx(x.type(), x.shape());
    std::vector<C> gScale(v.features), gOffset(v.features);
    for (int64_t f = 0; f < v.features; ++f) {
      C stddev = std::sqrt(var[f] + eps);
      C sumGy = 0, sumGyCentered = 0, sumGyNormalized = 0;
      v.forEach(f, [&](int64_t e) {
        C g = static_cast<C>(load(gy[e]));
        C centered = static_cast<C>(load(xd[e])) - mean[f];
        sumGy += g;
        sumGyCentered += g * centered;
        sumGyNormalized += g * (centered / stddev);
      });
      C factor = scale[f] / stddev / n;
      v.forEach(f, [&](int64_t e) {
        C g = static_cast<C>(load(gy[e]));
        C centered = static_cast<C>(load(xd[e])) - mean[f];
        C i5 = sumGyCentered * centered / (var[f] + eps);
        gx.data<T>()[e] = store<T>(factor * (g * n - sumGy - i5));
      });
      gScale[f] = sumGyNormalized;
      gOffset[f] = sumGy;
    }
    c.out.push_back(std::move(gx));
    c.out.push_back(storeVector<T>(x.type(), gScale));
    c.out.push_back(storeVector<T>(x.type(), gOffset));
  });
}

} // namespace

Kernel lookupLapackCustomCall(llvm::StringRef target) {
  if (target == "lapack_spotrf_ffi" || target == "lapack_dpotrf_ffi" ||
      target == "lapack_cpotrf_ffi" || target == "lapack_zpotrf_ffi")
    return lapackPotrfKernel;
  if (target == "lapack_strsm_ffi" || target == "lapack_dtrsm_ffi" ||
      target == "lapack_ctrsm_ffi" || target == "lapack_ztrsm_ffi")
    return lapackTrsmKernel;
  return lookupLapackFactorization(target);
}

void registerLinalgKernels(KernelTable &table) {
  table.add<shlo::CholeskyOp>(narrowFloatsInF32<choleskyKernel>);
  table.add<shlo::TriangularSolveOp>(narrowFloatsInF32<triangularSolveKernel>);
  table.add<shlo::BatchNormInferenceOp>(
      narrowFloatsInF32<batchNormInferenceKernel>);
  table.add<shlo::BatchNormTrainingOp>(
      narrowFloatsInF32<batchNormTrainingKernel>);
  table.add<shlo::BatchNormGradOp>(narrowFloatsInF32<batchNormGradKernel>);
}

} // namespace sdy::runtime
