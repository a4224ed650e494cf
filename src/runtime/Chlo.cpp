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
#include "runtime/SpecialFunctions.h"

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

using cdouble = std::complex<double>;

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
  return unaryFloatKernel<special::besselI1e>(c);
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
  table.add<chlo::DigammaOp>(unaryFloatKernel<special::digamma>);
  table.add<chlo::ErfOp>(unaryFloatKernel<erfD>);
  table.add<chlo::ErfcOp>(unaryFloatKernel<erfcD>);
  table.add<chlo::ErfInvOp>(unaryFloatKernel<special::erfInv>);
  table.add<chlo::LgammaOp>(unaryFloatKernel<special::lgammaOf>);
  table.add<chlo::SinhOp>(unaryFloatKernel<sinhD, sinhC>);
  table.add<chlo::SquareOp>(squareKernel);
  table.add<chlo::TanOp>(unaryFloatKernel<tanD, tanC>);
  table.add<chlo::IsInfOp>(isInfKernel<InfKind::Any>);
  table.add<chlo::IsNegInfOp>(isInfKernel<InfKind::Neg>);
  table.add<chlo::IsPosInfOp>(isInfKernel<InfKind::Pos>);
  table.add<chlo::MulhiOp>(mulhiKernel);
  table.add<chlo::NextAfterOp>(nextAfterKernel);
  table.add<chlo::PolygammaOp>(binaryFloatKernel<special::polygamma>);
  table.add<chlo::ZetaOp>(binaryFloatKernel<special::zeta>);
  table.add<chlo::TopKOp>(topKKernel);
  table.add<mlir::mhlo::TopKOp>(topKKernel);
}

} // namespace sdy::runtime
