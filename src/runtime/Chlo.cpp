//===- Chlo.cpp - kernels of the chlo ops ---------------------------------===//
//
// The special functions are evaluated in double and rounded once to the
// element type, so f32 (and f16/bf16 and the narrow floats) results are
// within an ulp of the true value; f64 uses the same double algorithms.
// Complex operands of the trigonometric and hyperbolic functions use the
// principal branches of std::complex<double>. Edge cases (poles, domains,
// infinities) follow XLA's expansions of these ops. top_k orders floats by
// their total order (+NaN first, -NaN last, +0 before -0), ties by lower
// index first, as XLA's stable descending sort; complex numbers by (real,
// imag), as stablehlo.compare orders them.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"

#include "ir/chlo/ChloDialect.h"
#include "ir/mhlo/MhloDialect.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <numeric>
#include <optional>
#include <type_traits>
#include <utility>

namespace sdy::runtime {
namespace {
namespace chlo = mlir::chlo;
namespace mhlo = mlir::mhlo;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

using cdouble = std::complex<double>;

bool isIntegral(double x) { return std::isfinite(x) && x == std::floor(x); }

//===----------------------------------------------------------------------===//
// Special functions in double
//===----------------------------------------------------------------------===//

double lgammaOf(double x) {
  int sign = 0;
  return ::lgamma_r(x, &sign);
}

// psi(x): reflection to x > 0, recurrence up to x >= 10, then the asymptotic
// series; nan at the poles (non-positive integers) and -inf.
double digamma(double x) {
  if (std::isnan(x) || x == -kInf)
    return kNaN;
  if (x == kInf)
    return kInf;
  double result = 0;
  if (x <= 0) {
    if (isIntegral(x))
      return kNaN;
    // psi(x) = psi(1 - x) - pi / tan(pi x), with pi x reduced first.
    double r = x - 2 * std::floor(x / 2); // in [0, 2)
    result = -kPi / std::tan(kPi * r);
    x = 1 - x;
  }
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  double z = 1 / (x * x);
  double series =
      z * (1.0 / 12 -
           z * (1.0 / 120 -
                z * (1.0 / 252 -
                     z * (1.0 / 240 -
                          z * (1.0 / 132 - z * (691.0 / 32760 - z / 12))))));
  return result + std::log(x) - 0.5 / x - series;
}

// The Hurwitz zeta function zeta(s, q) by Euler-Maclaurin summation.
double zeta(double s, double q) {
  if (std::isnan(s) || std::isnan(q) || s == kInf || q == kInf)
    return kNaN;
  if (s == 1)
    return kInf;
  if (s < 1)
    return kNaN;
  if (q <= 0) {
    if (q == std::floor(q))
      return kInf;
    if (s != std::floor(s))
      return kNaN; // q^-s is not real
  }
  static const double kA[] = {12.0,
                              -720.0,
                              30240.0,
                              -1209600.0,
                              47900160.0,
                              -1.8924375803183791606e9,
                              7.47242496e10,
                              -2.950130727918164224e12,
                              1.1646782814350067249e14,
                              -4.5979787224074726105e15,
                              1.8152105401943546773e17,
                              -7.1661652561756670113e18};
  const double eps = std::numeric_limits<double>::epsilon();
  double sum = std::pow(q, -s);
  double a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9) {
    ++i;
    a += 1;
    b = std::pow(a, -s);
    sum += b;
    if (std::fabs(b / sum) < eps)
      return sum;
  }
  double w = a;
  sum += b * w / (s - 1);
  sum -= 0.5 * b;
  double fact = 1, k = 0;
  for (double coeff : kA) {
    fact *= s + k;
    b /= w;
    double t = fact * b / coeff;
    sum += t;
    if (std::fabs(t / sum) < eps)
      break;
    k += 1;
    fact *= s + k;
    b /= w;
    k += 1;
  }
  return sum;
}

// polygamma(n, x) for a non-negative integer n (else nan):
// (-1)^(n+1) n! zeta(n + 1, x), digamma for n = 0.
double polygamma(double n, double x) {
  if (!isIntegral(n) || n < 0 || std::isnan(x))
    return kNaN;
  if (n == 0)
    return digamma(x);
  if (x == kInf)
    return kNaN;
  if (x == -kInf)
    return kInf;
  double sign = std::fmod(n, 2) == 0 ? -1 : 1;
  return sign * std::exp(lgammaOf(n + 1)) * zeta(n + 1, x);
}

// I1(x) exp(-|x|): the power series for small |x|, the asymptotic expansion
// for large |x|; odd, and +-0 at +-inf.
double besselI1e(double x) {
  if (std::isnan(x))
    return x;
  double ax = std::fabs(x);
  double result;
  if (std::isinf(ax)) {
    result = 0;
  } else if (ax <= 30) {
    // sum_k (x/2)^(2k+1) / (k! (k+1)!), scaled by exp(-|x|) term by term.
    double half = ax / 2, q = half * half;
    double term = half * std::exp(-ax), sum = term;
    for (int k = 1; k < 200; ++k) {
      term *= q / (static_cast<double>(k) * (k + 1));
      sum += term;
      if (term < sum * 1e-17)
        break;
    }
    result = sum;
  } else {
    // 1/sqrt(2 pi x) sum_k (-1)^k prod_{j<=k} (4 - (2j-1)^2) / (k! (8x)^k).
    double sum = 1, term = 1;
    for (int k = 1; k < 60; ++k) {
      double odd = 2.0 * k - 1;
      double next = -term * (4 - odd * odd) / (k * 8 * ax);
      if (std::fabs(next) >= std::fabs(term))
        break;
      term = next;
      sum += term;
      if (std::fabs(term) < 1e-17 * std::fabs(sum))
        break;
    }
    result = sum / std::sqrt(2 * kPi * ax);
  }
  return std::signbit(x) ? -result : result;
}

// erf^-1(y): a starting point from the inverse of the logistic-like
// approximation, then Newton steps on erf (or on erfc near +-1, where erf
// loses the digits that matter).
double erfInv(double y) {
  if (std::isnan(y) || std::fabs(y) > 1)
    return kNaN;
  if (std::fabs(y) == 1)
    return std::copysign(kInf, y);
  if (y == 0)
    return y;
  double ay = std::fabs(y);
  // Winitzki's approximation (relative error ~1e-3) as the start.
  const double a = 0.147;
  double l = std::log1p(-ay * ay);
  double t = 2 / (kPi * a) + l / 2;
  double x = std::sqrt(std::sqrt(t * t - l / a) - t);
  const double kTwoOverSqrtPi = 1.1283791670955126;
  double tail = 1 - ay; // exact for ay >= 0.5
  for (int i = 0; i < 50; ++i) {
    double deriv = kTwoOverSqrtPi * std::exp(-x * x);
    if (deriv == 0)
      break;
    double step =
        ay < 0.5 ? (std::erf(x) - ay) / deriv : (tail - std::erfc(x)) / deriv;
    x -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(x))
      break;
  }
  return std::copysign(x, y);
}

double identity(double x) { return x; }
cdouble conjC(cdouble x) { return std::conj(x); }
cdouble acosC(cdouble x) { return std::acos(x); }
cdouble acoshC(cdouble x) { return std::acosh(x); }
cdouble asinC(cdouble x) { return std::asin(x); }
cdouble asinhC(cdouble x) { return std::asinh(x); }
cdouble atanC(cdouble x) { return std::atan(x); }
cdouble atanhC(cdouble x) { return std::atanh(x); }
cdouble coshC(cdouble x) { return std::cosh(x); }
cdouble sinhC(cdouble x) { return std::sinh(x); }
cdouble tanC(cdouble x) { return std::tan(x); }
double acosD(double x) { return std::acos(x); }
double acoshD(double x) { return std::acosh(x); }
double asinD(double x) { return std::asin(x); }
double asinhD(double x) { return std::asinh(x); }
double atanD(double x) { return std::atan(x); }
double atanhD(double x) { return std::atanh(x); }
double coshD(double x) { return std::cosh(x); }
double erfD(double x) { return std::erf(x); }
double erfcD(double x) { return std::erfc(x); }
double sinhD(double x) { return std::sinh(x); }
double tanD(double x) { return std::tan(x); }

//===----------------------------------------------------------------------===//
// Elementwise kernels
//===----------------------------------------------------------------------===//

template <typename T>
struct IsFloat : std::bool_constant<is_float_v<T> || is_nfloat_v<T>> {};
template <typename T>
struct IsInt : std::bool_constant<is_int_v<T>> {};

// out[i] = f(a[i]) (or f(a[i], b[i]) for a binary `f`) over the storage type
// T of operand 0, for the types Accept takes; the result has `resultType`
// (operand 0's by default) and f returns its storage type.
template <template <typename> class Accept, typename F>
Status mapElements(OpCall &c, F f,
                   std::optional<ElementType> resultType = std::nullopt) {
  const Tensor &a = c.in[0];
  bool accepted = !isComplex(a.type()) && dispatchReal(a.type(), [](auto tag) {
    return Accept<typename decltype(tag)::type>::value;
  });
  if (!accepted)
    return Status::unsupported("'" + c.op->getName().getStringRef().str() +
                               "' on element type " +
                               elementTypeName(a.type()));
  Tensor r(resultType.value_or(a.type()), a.shape());
  dispatchReal(a.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (Accept<T>::value) {
      const T *pa = a.data<T>();
      int64_t n = a.numElements();
      if constexpr (std::is_invocable_v<F, T>) {
        auto *out = r.data<std::invoke_result_t<F, T>>();
        for (int64_t i = 0; i < n; ++i)
          out[i] = f(pa[i]);
      } else {
        const T *pb = c.in[1].data<T>();
        auto *out = r.data<std::invoke_result_t<F, T, T>>();
        for (int64_t i = 0; i < n; ++i)
          out[i] = f(pa[i], pb[i]);
      }
    }
  });
  c.out.push_back(std::move(r));
  return Status::ok();
}

// Rounds `v` (computed in double) to T, through float for f16/bf16 and
// directly for the narrow floats.
template <typename T>
T roundTo(double v) {
  if constexpr (std::is_same_v<T, double>)
    return v;
  else if constexpr (is_nfloat_v<T>)
    return {narrowFloatFromDouble(IsNarrowFloat<T>::type, v)};
  else
    return store<T>(static_cast<float>(v));
}

// out[i] = f(a[i]) over complex operand 0, computed in complex<double>.
template <typename F>
Status mapComplex(OpCall &c, F f) {
  const Tensor &a = c.in[0];
  Tensor r(a.type(), a.shape());
  dispatchComplex(a.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using R = typename T::value_type;
    const T *in = a.data<T>();
    T *out = r.data<T>();
    for (int64_t i = 0, n = a.numElements(); i < n; ++i) {
      cdouble v = f(cdouble(in[i].real(), in[i].imag()));
      out[i] = T(static_cast<R>(v.real()), static_cast<R>(v.imag()));
    }
  });
  c.out.push_back(std::move(r));
  return Status::ok();
}

// F on floats; CF, when given, on complex numbers (principal branches).
template <double (*F)(double), cdouble (*CF)(cdouble) = nullptr>
Status unaryFloatKernel(OpCall &c) {
  if constexpr (CF != nullptr)
    if (isComplex(c.in[0].type()))
      return mapComplex(c, CF);
  return mapElements<IsFloat>(c, [](auto v) {
    return roundTo<decltype(v)>(F(static_cast<double>(load(v))));
  });
}

// The verifier takes complex operands, but neither StableHLO's CHLO
// legalization nor XLA has a complex expansion of bessel_i1e to follow.
Status besselI1eKernel(OpCall &c) {
  if (isComplex(c.in[0].type()))
    return Status::unsupported(
        "'chlo.bessel_i1e' on complex numbers: StableHLO's CHLO legalization "
        "and XLA have no complex bessel_i1e (they reject it too)");
  return unaryFloatKernel<besselI1e>(c);
}

template <double (*F)(double, double)>
Status binaryFloatKernel(OpCall &c) {
  return mapElements<IsFloat>(c, [](auto a, auto b) {
    return roundTo<decltype(a)>(
        F(static_cast<double>(load(a)), static_cast<double>(load(b))));
  });
}

// square is a multiplication in the element type (f16/bf16 in float), as
// XLA expands it.
Status squareKernel(OpCall &c) {
  if (isComplex(c.in[0].type()))
    return mapComplex(c, [](cdouble v) { return v * v; });
  return mapElements<IsFloat>(c, [](auto v) {
    auto x = load(v);
    return store<decltype(v)>(x * x);
  });
}

enum class InfKind { Any, Pos, Neg };

template <InfKind Kind>
Status isInfKernel(OpCall &c) {
  return mapElements<IsFloat>(
      c,
      [](auto v) {
        auto x = load(v);
        bool inf = std::isinf(x);
        if constexpr (Kind == InfKind::Pos)
          inf = inf && x > 0;
        if constexpr (Kind == InfKind::Neg)
          inf = inf && x < 0;
        return store<pred_t>(inf);
      },
      ElementType::Pred);
}

// The bit pattern of a float element type, for next_after.
template <typename T>
using bits_t =
    std::conditional_t<sizeof(T) == 2, uint16_t,
                       std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>;

// The next representable T after x towards y, on the bit patterns so that
// f16/bf16 step by their own ulp; subnormals are kept.
template <typename T>
T nextAfter(T x, T y) {
  using B = bits_t<T>;
  auto fx = load(x), fy = load(y);
  if (std::isnan(fx) || std::isnan(fy))
    return store<T>(std::numeric_limits<compute_t<T>>::quiet_NaN());
  if (fx == fy)
    return y;
  constexpr B signBit = B(1) << (sizeof(B) * 8 - 1);
  B bx, by;
  std::memcpy(&bx, &x, sizeof(B));
  std::memcpy(&by, &y, sizeof(B));
  B result;
  if (fx == 0)
    result = static_cast<B>((by & signBit) | 1);
  else if ((fx < fy) == (fx > 0))
    result = static_cast<B>(bx + 1);
  else
    result = static_cast<B>(bx - 1);
  T r;
  std::memcpy(&r, &result, sizeof(B));
  return r;
}

// The narrow formats lay their bit patterns out differently (no negative
// zero, no infinity, no NaN...): the neighbour is searched for among the
// format's values in order instead.
template <ElementType E>
nfloat_t<E> nextAfter(nfloat_t<E> x, nfloat_t<E> y) {
  using T = nfloat_t<E>;
  static const std::vector<float> values = [] {
    int bits = E == ElementType::F4E2M1FN                                 ? 4
               : E == ElementType::F6E2M3FN || E == ElementType::F6E3M2FN ? 6
                                                                          : 8;
    std::vector<float> v;
    for (int code = 0; code < (1 << bits); ++code) {
      float f = narrowFloatToFloat(E, static_cast<uint8_t>(code));
      if (!std::isnan(f))
        v.push_back(f);
    }
    std::sort(v.begin(), v.end());
    return v;
  }();
  float fx = load(x), fy = load(y);
  if (std::isnan(fx) || std::isnan(fy))
    return store<T>(std::numeric_limits<float>::quiet_NaN());
  if (fx == fy)
    return y;
  float next;
  if (fy > fx) {
    auto it = std::upper_bound(values.begin(), values.end(), fx);
    if (it == values.end())
      return store<T>(std::numeric_limits<float>::infinity());
    next = *it;
  } else {
    auto it = std::lower_bound(values.begin(), values.end(), fx);
    if (it == values.begin())
      return store<T>(-std::numeric_limits<float>::infinity());
    next = *std::prev(it);
  }
  return store<T>(next == 0 ? std::copysign(0.0f, fx) : next);
}

Status nextAfterKernel(OpCall &c) {
  return mapElements<IsFloat>(c,
                              [](auto a, auto b) { return nextAfter(a, b); });
}

// The high half of the double-width product (signed or unsigned).
template <typename T>
T mulHigh(T a, T b) {
  constexpr int kBits = sizeof(T) * 8;
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
    W p = static_cast<W>(a) * static_cast<W>(b);
    return static_cast<T>(p >> kBits);
  } else {
    using W =
        std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
    W p = static_cast<W>(a) * static_cast<W>(b);
    return static_cast<T>(p >> kBits);
  }
}

Status mulhiKernel(OpCall &c) {
  return mapElements<IsInt>(c, [](auto a, auto b) { return mulHigh(a, b); });
}

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

// A key whose unsigned order is the descending-sort order of the element:
// floats by total order (sign-magnitude bits folded into two's complement
// order), integers by value, pred false < true.
template <typename T>
uint64_t orderKey(T v) {
  constexpr uint64_t kSignBit = uint64_t(1) << 63;
  if constexpr (is_pred_v<T>) {
    return v.v != 0;
  } else if constexpr (is_float_v<T> || is_nfloat_v<T>) {
    return static_cast<uint64_t>(totalOrderKey(v)) ^ kSignBit;
  } else if constexpr (std::is_signed_v<compute_t<T>>) {
    return static_cast<uint64_t>(static_cast<int64_t>(load(v))) ^ kSignBit;
  } else {
    return static_cast<uint64_t>(load(v));
  }
}

// The k elements of each row with the largest key (as orderKey makes them,
// compared as tuples for complex numbers), ties by lower index first.
template <typename T, typename Key>
void topKRows(const T *in, T *outVal, int32_t *outIdx, int64_t rows,
              int64_t width, int64_t k, Key key) {
  std::vector<int64_t> order(width);
  std::vector<decltype(key(in[0]))> keys(width);
  for (int64_t row = 0; row < rows; ++row) {
    const T *slice = in + row * width;
    for (int64_t i = 0; i < width; ++i)
      keys[i] = key(slice[i]);
    std::iota(order.begin(), order.end(), 0);
    std::partial_sort(order.begin(), order.begin() + k, order.end(),
                      [&](int64_t a, int64_t b) {
                        return keys[a] != keys[b] ? keys[a] > keys[b] : a < b;
                      });
    for (int64_t i = 0; i < k; ++i) {
      outVal[row * k + i] = slice[order[i]];
      outIdx[row * k + i] = static_cast<int32_t>(order[i]);
    }
  }
}

// chlo.top_k, and mhlo.topk, which may select the smallest elements instead
// (ascending; ties still lower index first).
Status topKKernel(OpCall &c) {
  int64_t k = 0;
  bool largest = true;
  if (auto op = mlir::dyn_cast<chlo::TopKOp>(c.op)) {
    k = op.getK();
  } else {
    auto mhloOp = mlir::cast<mhlo::TopKOp>(c.op);
    k = mhloOp.getK();
    largest = mhloOp.selectsLargest();
  }
  const Tensor &x = c.in[0];
  if (x.rank() < 1 || k < 0 || k > x.dim(x.rank() - 1))
    return Status::invalid("'" + c.op->getName().getStringRef().str() +
                           "': k out of range");
  int64_t width = x.dim(x.rank() - 1);
  int64_t rows = width == 0 ? 0 : x.numElements() / width;
  Shape shape = x.shape();
  shape.back() = k;
  Tensor values(x.type(), shape), indices(ElementType::I32, shape);
  int32_t *outIdx = indices.data<int32_t>();
  // Complex numbers in the order of stablehlo.compare GT, which top_k
  // lowers to: (real, imag) lexicographically, each part as a float compare
  // (-0 equals +0; NaN, which compares false, placed by total order).
  auto run = [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_complex_v<T>)
      topKRows(x.data<T>(), values.data<T>(), outIdx, rows, width, k,
               [largest](T v) {
                 auto part = [largest](auto p) {
                   uint64_t key = orderKey(p == 0 ? decltype(p)(0) : p);
                   return largest ? key : ~key;
                 };
                 return std::make_pair(part(v.real()), part(v.imag()));
               });
    else
      topKRows(x.data<T>(), values.data<T>(), outIdx, rows, width, k,
               [largest](T v) { return largest ? orderKey(v) : ~orderKey(v); });
  };
  if (isComplex(x.type()))
    dispatchComplex(x.type(), run);
  else
    dispatchReal(x.type(), run);
  c.out.push_back(std::move(values));
  c.out.push_back(std::move(indices));
  return Status::ok();
}

} // namespace

void registerChloKernels(KernelTable &table) {
  table.add<chlo::AcosOp>(unaryFloatKernel<acosD, acosC>);
  table.add<chlo::AcoshOp>(unaryFloatKernel<acoshD, acoshC>);
  table.add<chlo::AsinOp>(unaryFloatKernel<asinD, asinC>);
  table.add<chlo::AsinhOp>(unaryFloatKernel<asinhD, asinhC>);
  table.add<chlo::AtanOp>(unaryFloatKernel<atanD, atanC>);
  table.add<chlo::AtanhOp>(unaryFloatKernel<atanhD, atanhC>);
  table.add<chlo::BesselI1eOp>(besselI1eKernel);
  table.add<chlo::ConjOp>(unaryFloatKernel<identity, conjC>);
  table.add<chlo::CoshOp>(unaryFloatKernel<coshD, coshC>);
  table.add<chlo::DigammaOp>(unaryFloatKernel<digamma>);
  table.add<chlo::ErfOp>(unaryFloatKernel<erfD>);
  table.add<chlo::ErfcOp>(unaryFloatKernel<erfcD>);
  table.add<chlo::ErfInvOp>(unaryFloatKernel<erfInv>);
  table.add<chlo::LgammaOp>(unaryFloatKernel<lgammaOf>);
  table.add<chlo::SinhOp>(unaryFloatKernel<sinhD, sinhC>);
  table.add<chlo::SquareOp>(squareKernel);
  table.add<chlo::TanOp>(unaryFloatKernel<tanD, tanC>);
  table.add<chlo::IsInfOp>(isInfKernel<InfKind::Any>);
  table.add<chlo::IsNegInfOp>(isInfKernel<InfKind::Neg>);
  table.add<chlo::IsPosInfOp>(isInfKernel<InfKind::Pos>);
  table.add<chlo::MulhiOp>(mulhiKernel);
  table.add<chlo::NextAfterOp>(nextAfterKernel);
  table.add<chlo::PolygammaOp>(binaryFloatKernel<polygamma>);
  table.add<chlo::ZetaOp>(binaryFloatKernel<zeta>);
  table.add<chlo::TopKOp>(topKKernel);
  table.add<mlir::mhlo::TopKOp>(topKKernel);
}

} // namespace sdy::runtime
