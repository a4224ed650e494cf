//===- Elementwise.cpp - elementwise kernels ------------------------------===//
//
// Integer arithmetic wraps (two's complement); integer division by zero gives
// all bits set and remainder by zero gives the dividend (as XLA); INT_MIN / -1
// gives INT_MIN. Float maximum/minimum propagate NaN; complex ones (and
// clamp) order (real, imag) lexicographically. TOTALORDER compares the
// sign-magnitude bit patterns, narrow floats included. f16/bf16 are computed
// in float and rounded to nearest even.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <cmath>
#include <limits>

namespace sdy::runtime::kernels {
namespace {

template <typename T, typename F>
Tensor mapUnary(const Tensor &x, F f) {
  Tensor r(x.type(), x.shape());
  const T *in = x.data<T>();
  T *out = r.data<T>();
  int64_t n = x.numElements();
  for (int64_t i = 0; i < n; ++i)
    out[i] = store<T>(f(load(in[i])));
  return r;
}

template <typename T, typename R, typename F>
Tensor mapUnaryTo(const Tensor &x, ElementType rt, F f) {
  Tensor r(rt, x.shape());
  const T *in = x.data<T>();
  R *out = r.data<R>();
  int64_t n = x.numElements();
  for (int64_t i = 0; i < n; ++i)
    out[i] = store<R>(f(load(in[i])));
  return r;
}

// Binary map; either side may be a single element (broadcast).
template <typename T, typename R, typename F>
Tensor mapBinary(const Tensor &a, const Tensor &b, ElementType rt, F f) {
  const Tensor &shapeSrc = a.numElements() >= b.numElements() ? a : b;
  Tensor r(rt, shapeSrc.shape());
  const T *pa = a.data<T>();
  const T *pb = b.data<T>();
  R *out = r.data<R>();
  int64_t n = r.numElements();
  bool sa = a.numElements() == 1 && n != 1, sb = b.numElements() == 1 && n != 1;
  if (!sa && !sb) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = store<R>(f(load(pa[i]), load(pb[i])));
  } else if (sa) {
    auto va = load(pa[0]);
    for (int64_t i = 0; i < n; ++i)
      out[i] = store<R>(f(va, load(pb[i])));
  } else {
    auto vb = load(pb[0]);
    for (int64_t i = 0; i < n; ++i)
      out[i] = store<R>(f(load(pa[i]), vb));
  }
  return r;
}

// Wide unsigned type for wrapping arithmetic without promotion UB.
template <typename C>
using wrap_t =
    std::conditional_t<(sizeof(C) < 4), uint32_t, std::make_unsigned_t<C>>;

template <typename C>
C wrapAdd(C a, C b) {
  return static_cast<C>(static_cast<wrap_t<C>>(a) + static_cast<wrap_t<C>>(b));
}
template <typename C>
C wrapSub(C a, C b) {
  return static_cast<C>(static_cast<wrap_t<C>>(a) - static_cast<wrap_t<C>>(b));
}
template <typename C>
C wrapMul(C a, C b) {
  return static_cast<C>(static_cast<wrap_t<C>>(a) * static_cast<wrap_t<C>>(b));
}
template <typename C>
C wrapNeg(C a) {
  return static_cast<C>(wrap_t<C>(0) - static_cast<wrap_t<C>>(a));
}

template <typename C>
C intDiv(C a, C b) {
  if (b == 0)
    return static_cast<C>(~static_cast<wrap_t<C>>(0));
  if constexpr (std::is_signed_v<C>)
    if (a == std::numeric_limits<C>::min() && b == C(-1))
      return a;
  return static_cast<C>(a / b);
}
template <typename C>
C intRem(C a, C b) {
  if (b == 0)
    return a;
  if constexpr (std::is_signed_v<C>)
    if (a == std::numeric_limits<C>::min() && b == C(-1))
      return 0;
  return static_cast<C>(a % b);
}
template <typename C>
C intPow(C base, C exp) {
  if constexpr (std::is_signed_v<C>) {
    if (exp < 0) {
      if (base == 1)
        return 1;
      if (base == -1)
        return (exp % 2 == 0) ? 1 : -1;
      return 0;
    }
  }
  C result = 1;
  while (exp != 0) {
    if (exp & 1)
      result = wrapMul(result, base);
    base = wrapMul(base, base);
    exp = static_cast<C>(exp >> 1);
  }
  return result;
}

template <typename C>
C fmax_nan(C a, C b) {
  if (std::isnan(a))
    return a;
  if (std::isnan(b))
    return b;
  return a > b ? a : b;
}
template <typename C>
C fmin_nan(C a, C b) {
  if (std::isnan(a))
    return a;
  if (std::isnan(b))
    return b;
  return a < b ? a : b;
}

} // namespace

namespace {
template <typename T>
Tensor complexUnary(UnaryOp op, const Tensor &x) {
  using C = T;
  using R = typename T::value_type;
  ElementType realType =
      x.type() == ElementType::C64 ? ElementType::F32 : ElementType::F64;
  switch (op) {
  case UnaryOp::Abs: // the modulus, of the part type
    return mapUnaryTo<T, R>(x, realType, [](C v) { return std::abs(v); });
  case UnaryOp::Negate:
    return mapUnary<T>(x, [](C v) { return -v; });
  case UnaryOp::Exp:
    return mapUnary<T>(x, [](C v) { return std::exp(v); });
  case UnaryOp::Expm1:
    return mapUnary<T>(x, [](C v) { return std::exp(v) - C(1); });
  case UnaryOp::Log:
    return mapUnary<T>(x, [](C v) { return std::log(v); });
  case UnaryOp::Log1p:
    return mapUnary<T>(x, [](C v) { return std::log(C(1) + v); });
  case UnaryOp::Logistic:
    return mapUnary<T>(x, [](C v) { return C(1) / (C(1) + std::exp(-v)); });
  case UnaryOp::Sqrt:
    return mapUnary<T>(x, [](C v) { return std::sqrt(v); });
  case UnaryOp::Rsqrt:
    return mapUnary<T>(x, [](C v) { return C(1) / std::sqrt(v); });
  case UnaryOp::Cosine:
    return mapUnary<T>(x, [](C v) { return std::cos(v); });
  case UnaryOp::Sine:
    return mapUnary<T>(x, [](C v) { return std::sin(v); });
  case UnaryOp::Tan:
    return mapUnary<T>(x, [](C v) { return std::tan(v); });
  case UnaryOp::Tanh:
    return mapUnary<T>(x, [](C v) { return std::tanh(v); });
  case UnaryOp::Cbrt: // the principal root
    return mapUnary<T>(x, [](C v) { return std::pow(v, R(1) / R(3)); });
  case UnaryOp::Sign:
    // z / |z|; zero stays zero and NaN parts give NaN.
    return mapUnary<T>(x, [](C v) -> C {
      if (std::isnan(v.real()) || std::isnan(v.imag()))
        return C(std::numeric_limits<R>::quiet_NaN(),
                 std::numeric_limits<R>::quiet_NaN());
      R m = std::abs(v);
      return m == R(0) ? v : v / m;
    });
  default:
    break;
  }
  unreachableType("unary(complex)");
}
} // namespace

bool supportsUnary(UnaryOp op, ElementType t) {
  if (!isComplex(t))
    return true;
  return op != UnaryOp::Ceil && op != UnaryOp::Floor && op != UnaryOp::Not &&
         op != UnaryOp::RoundNearestEven;
}

Tensor unary(UnaryOp op, const Tensor &x) {
  if (isComplex(x.type()))
    return dispatchComplex(x.type(), [&](auto tag) -> Tensor {
      return complexUnary<typename decltype(tag)::type>(op, x);
    });
  return dispatchReal(x.type(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    if constexpr (is_pred_v<T>) {
      return mapUnary<T>(x, [](bool v) { return !v; }); // only `not`
    } else if constexpr (std::is_floating_point_v<C>) {
      switch (op) {
      case UnaryOp::Abs:
        return mapUnary<T>(x, [](C v) { return std::fabs(v); });
      case UnaryOp::Cbrt:
        return mapUnary<T>(x, [](C v) { return std::cbrt(v); });
      case UnaryOp::Ceil:
        return mapUnary<T>(x, [](C v) { return std::ceil(v); });
      case UnaryOp::Cosine:
        return mapUnary<T>(x, [](C v) { return std::cos(v); });
      case UnaryOp::Exp:
        return mapUnary<T>(x, [](C v) { return std::exp(v); });
      case UnaryOp::Expm1:
        return mapUnary<T>(x, [](C v) { return std::expm1(v); });
      case UnaryOp::Floor:
        return mapUnary<T>(x, [](C v) { return std::floor(v); });
      case UnaryOp::Log:
        return mapUnary<T>(x, [](C v) { return std::log(v); });
      case UnaryOp::Log1p:
        return mapUnary<T>(x, [](C v) { return std::log1p(v); });
      case UnaryOp::Logistic:
        return mapUnary<T>(x, [](C v) { return C(1) / (C(1) + std::exp(-v)); });
      case UnaryOp::Negate:
        return mapUnary<T>(x, [](C v) { return -v; });
      case UnaryOp::RoundNearestEven:
        return mapUnary<T>(x, [](C v) {
          C r = std::round(v);
          if (std::fabs(v - std::trunc(v)) == C(0.5))
            r = C(2) * std::round(v / C(2));
          return r;
        });
      case UnaryOp::Rsqrt:
        return mapUnary<T>(x, [](C v) { return C(1) / std::sqrt(v); });
      case UnaryOp::Sign:
        return mapUnary<T>(x, [](C v) -> C {
          if (std::isnan(v))
            return v;
          if (v == C(0))
            return v; // keeps -0
          return v > 0 ? C(1) : C(-1);
        });
      case UnaryOp::Sine:
        return mapUnary<T>(x, [](C v) { return std::sin(v); });
      case UnaryOp::Sqrt:
        return mapUnary<T>(x, [](C v) { return std::sqrt(v); });
      case UnaryOp::Tan:
        return mapUnary<T>(x, [](C v) { return std::tan(v); });
      case UnaryOp::Tanh:
        return mapUnary<T>(x, [](C v) { return std::tanh(v); });
      case UnaryOp::Not:
        break;
      }
      unreachableType("unary(float)");
    } else {
      switch (op) {
      case UnaryOp::Abs:
        return mapUnary<T>(x, [](C v) -> C {
          if constexpr (std::is_signed_v<C>)
            return v < 0 ? wrapNeg(v) : v;
          return v;
        });
      case UnaryOp::Negate:
        return mapUnary<T>(x, [](C v) { return wrapNeg(v); });
      case UnaryOp::Not:
        return mapUnary<T>(x, [](C v) { return static_cast<C>(~v); });
      case UnaryOp::Sign:
        return mapUnary<T>(x, [](C v) -> C {
          if constexpr (std::is_signed_v<C>)
            return v < 0 ? C(-1) : (v > 0 ? 1 : 0);
          return v > 0 ? 1 : 0;
        });
      default:
        break;
      }
      unreachableType("unary(int)");
    }
  });
}

bool supportsBinary(BinaryOp op, ElementType t) {
  if (!isComplex(t))
    return true;
  return op == BinaryOp::Add || op == BinaryOp::Subtract ||
         op == BinaryOp::Multiply || op == BinaryOp::Divide ||
         op == BinaryOp::Power || op == BinaryOp::Maximum ||
         op == BinaryOp::Minimum || op == BinaryOp::Atan2;
}

Tensor binary(BinaryOp op, const Tensor &a, const Tensor &b) {
  ElementType rt = a.type();
  if (isComplex(rt))
    return dispatchComplex(rt, [&](auto tag) -> Tensor {
      using T = typename decltype(tag)::type;
      switch (op) {
      case BinaryOp::Add:
        return mapBinary<T, T>(a, b, rt, [](T x, T y) { return x + y; });
      case BinaryOp::Subtract:
        return mapBinary<T, T>(a, b, rt, [](T x, T y) { return x - y; });
      case BinaryOp::Multiply:
        return mapBinary<T, T>(a, b, rt, [](T x, T y) { return x * y; });
      case BinaryOp::Divide:
        return mapBinary<T, T>(a, b, rt, [](T x, T y) { return x / y; });
      case BinaryOp::Power:
        return mapBinary<T, T>(a, b, rt,
                               [](T x, T y) { return std::pow(x, y); });
      case BinaryOp::Atan2:
        // atan2(y, x) = -i log((x + i y) / sqrt(x^2 + y^2)).
        return mapBinary<T, T>(a, b, rt, [](T y, T x) {
          const T i(0, 1);
          return -i * std::log((x + i * y) / std::sqrt(x * x + y * y));
        });
      case BinaryOp::Maximum:
        return mapBinary<T, T>(
            a, b, rt, [](T x, T y) { return complexLess(x, y) ? y : x; });
      case BinaryOp::Minimum:
        return mapBinary<T, T>(
            a, b, rt, [](T x, T y) { return complexLess(y, x) ? y : x; });
      default:
        break;
      }
      unreachableType("binary(complex)");
    });
  return dispatchReal(a.type(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    if constexpr (is_pred_v<T>) {
      switch (op) {
      case BinaryOp::Add:
      case BinaryOp::Or:
      case BinaryOp::Maximum:
        return mapBinary<T, T>(a, b, rt, [](bool x, bool y) { return x || y; });
      case BinaryOp::Multiply:
      case BinaryOp::And:
      case BinaryOp::Minimum:
        return mapBinary<T, T>(a, b, rt, [](bool x, bool y) { return x && y; });
      case BinaryOp::Xor:
      case BinaryOp::Subtract:
        return mapBinary<T, T>(a, b, rt, [](bool x, bool y) { return x != y; });
      default:
        break;
      }
      unreachableType("binary(pred)");
    } else if constexpr (std::is_floating_point_v<C>) {
      switch (op) {
      case BinaryOp::Add:
        return mapBinary<T, T>(a, b, rt, [](C x, C y) { return x + y; });
      case BinaryOp::Subtract:
        return mapBinary<T, T>(a, b, rt, [](C x, C y) { return x - y; });
      case BinaryOp::Multiply:
        return mapBinary<T, T>(a, b, rt, [](C x, C y) { return x * y; });
      case BinaryOp::Divide:
        return mapBinary<T, T>(a, b, rt, [](C x, C y) { return x / y; });
      case BinaryOp::Atan2:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return std::atan2(x, y); });
      case BinaryOp::Power:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return std::pow(x, y); });
      case BinaryOp::Remainder:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return std::fmod(x, y); });
      case BinaryOp::Maximum:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return fmax_nan(x, y); });
      case BinaryOp::Minimum:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return fmin_nan(x, y); });
      default:
        break;
      }
      unreachableType("binary(float)");
    } else {
      switch (op) {
      case BinaryOp::Add:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return wrapAdd(x, y); });
      case BinaryOp::Subtract:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return wrapSub(x, y); });
      case BinaryOp::Multiply:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return wrapMul(x, y); });
      case BinaryOp::Divide:
        return mapBinary<T, T>(a, b, rt, [](C x, C y) { return intDiv(x, y); });
      case BinaryOp::Remainder:
        return mapBinary<T, T>(a, b, rt, [](C x, C y) { return intRem(x, y); });
      case BinaryOp::Power:
        return mapBinary<T, T>(a, b, rt, [](C x, C y) { return intPow(x, y); });
      case BinaryOp::Maximum:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return x > y ? x : y; });
      case BinaryOp::Minimum:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return x < y ? x : y; });
      case BinaryOp::And:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return static_cast<C>(x & y); });
      case BinaryOp::Or:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return static_cast<C>(x | y); });
      case BinaryOp::Xor:
        return mapBinary<T, T>(a, b, rt,
                               [](C x, C y) { return static_cast<C>(x ^ y); });
      default:
        break;
      }
      unreachableType("binary(int)");
    }
  });
}

Tensor compare(CompareDir dir, const Tensor &a, const Tensor &b,
               CompareKind kind) {
  if (isComplex(a.type()))
    return dispatchComplex(a.type(), [&](auto tag) -> Tensor {
      using T = typename decltype(tag)::type;
      bool total = kind == CompareKind::TotalOrder;
      return mapBinary<T, pred_t>(a, b, ElementType::Pred, [=](T x, T y) {
        if (total)
          return complexCompare(
              dir, totalOrderKey(x.real()), totalOrderKey(x.imag()),
              totalOrderKey(y.real()), totalOrderKey(y.imag()));
        return complexCompare(dir, x.real(), x.imag(), y.real(), y.imag());
      });
    });
  return dispatchReal(a.type(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    if constexpr (is_float_v<T> || is_nfloat_v<T>) {
      if (kind == CompareKind::TotalOrder) {
        Tensor r(ElementType::Pred, a.shape());
        const T *pa = a.data<T>(), *pb = b.data<T>();
        pred_t *out = r.data<pred_t>();
        for (int64_t i = 0, n = a.numElements(); i < n; ++i)
          out[i] = store<pred_t>(
              cmp(dir, totalOrderKey(pa[i]), totalOrderKey(pb[i])));
        return r;
      }
    }
    return mapBinary<T, pred_t>(a, b, ElementType::Pred,
                                [dir](C x, C y) { return cmp(dir, x, y); });
  });
}

CompareDir compareOf(mlir::Operation *compareOp, CompareKind &kind) {
  auto op = mlir::cast<mlir::stablehlo::CompareOp>(compareOp);
  namespace shlo = mlir::stablehlo;
  CompareDir dir = CompareDir::EQ;
  switch (op.getComparisonDirection()) {
  case shlo::ComparisonDirection::EQ:
    dir = CompareDir::EQ;
    break;
  case shlo::ComparisonDirection::NE:
    dir = CompareDir::NE;
    break;
  case shlo::ComparisonDirection::GE:
    dir = CompareDir::GE;
    break;
  case shlo::ComparisonDirection::GT:
    dir = CompareDir::GT;
    break;
  case shlo::ComparisonDirection::LE:
    dir = CompareDir::LE;
    break;
  case shlo::ComparisonDirection::LT:
    dir = CompareDir::LT;
    break;
  }
  kind = CompareKind::Default;
  if (auto type = op.getCompareType()) {
    switch (*type) {
    case shlo::ComparisonType::TOTALORDER:
      kind = CompareKind::TotalOrder;
      break;
    case shlo::ComparisonType::FLOAT:
      kind = CompareKind::Float;
      break;
    case shlo::ComparisonType::SIGNED:
      kind = CompareKind::Signed;
      break;
    case shlo::ComparisonType::UNSIGNED:
      kind = CompareKind::Unsigned;
      break;
    default:
      break;
    }
  }
  return dir;
}

Tensor isFinite(const Tensor &x) {
  return dispatchReal(x.type(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    if constexpr (std::is_floating_point_v<C>)
      return mapUnaryTo<T, pred_t>(x, ElementType::Pred,
                                   [](C v) { return std::isfinite(v); });
    else
      unreachableType("is_finite");
  });
}

namespace {
// The range of an integer storage type (sub-byte ones by their width).
template <typename T>
constexpr double intMin() {
  if constexpr (is_subint_v<T>)
    return IsSubInt<T>::isSigned ? -double(1 << (IsSubInt<T>::bits - 1)) : 0;
  else
    return static_cast<double>(std::numeric_limits<compute_t<T>>::min());
}
template <typename T>
constexpr double intMax() {
  if constexpr (is_subint_v<T>)
    return IsSubInt<T>::isSigned ? double((1 << (IsSubInt<T>::bits - 1)) - 1)
                                 : double((1 << IsSubInt<T>::bits) - 1);
  else
    return static_cast<double>(std::numeric_limits<compute_t<T>>::max());
}

// Real source types: pred, integers, floats. Floats to integers truncate and
// saturate (NaN gives 0); integers wrap to narrower integers; narrow floats
// are rounded once from the source value.
template <typename D, typename S>
D convertScalar(S v) {
  using DC = compute_t<D>;
  using SC = compute_t<S>;
  SC s = load(v);
  if constexpr (is_pred_v<D>) {
    return store<D>(s != SC(0));
  } else if constexpr (std::is_floating_point_v<SC> && std::is_integral_v<DC>) {
    if (std::isnan(s))
      return store<D>(0);
    double d = std::trunc(static_cast<double>(s));
    if (d <= intMin<D>())
      return store<D>(static_cast<DC>(intMin<D>()));
    // The largest 64-bit integers round up in double (to 2^63, 2^64), which
    // does not convert back: take the largest value from the integer type.
    if (d >= intMax<D>()) {
      if constexpr (is_subint_v<D>)
        return store<D>(static_cast<DC>(intMax<D>()));
      else
        return store<D>(std::numeric_limits<DC>::max());
    }
    return store<D>(static_cast<DC>(d));
  } else if constexpr (is_nfloat_v<D>) {
    return {
        narrowFloatFromDouble(IsNarrowFloat<D>::type, static_cast<double>(s))};
  } else if constexpr (std::is_floating_point_v<DC> &&
                       std::is_floating_point_v<SC>) {
    if constexpr (std::is_same_v<D, f16_t> && std::is_same_v<SC, double>)
      return store<D>(static_cast<float>(s)); // may double-round
    return store<D>(static_cast<DC>(s));
  } else {
    return store<D>(static_cast<DC>(s));
  }
}

// Any pair: complex to real takes the real part, real to complex has a zero
// imaginary part, complex to pred tests for non-zero.
template <typename D, typename S>
D convertAny(S v) {
  if constexpr (is_complex_v<S> && is_complex_v<D>) {
    using R = typename D::value_type;
    return D(static_cast<R>(v.real()), static_cast<R>(v.imag()));
  } else if constexpr (is_complex_v<S>) {
    if constexpr (is_pred_v<D>)
      return store<D>(v != S(0));
    else
      return convertScalar<D, typename S::value_type>(v.real());
  } else if constexpr (is_complex_v<D>) {
    using R = typename D::value_type;
    return D(convertScalar<R, S>(v), R(0));
  } else {
    return convertScalar<D, S>(v);
  }
}
} // namespace

Tensor convert(const Tensor &x, ElementType to) {
  if (x.type() == to)
    return x;
  return dispatchAll(x.type(), [&](auto stag) -> Tensor {
    using S = typename decltype(stag)::type;
    return dispatchAll(to, [&](auto dtag) -> Tensor {
      using D = typename decltype(dtag)::type;
      Tensor r(to, x.shape());
      const S *in = x.data<S>();
      D *out = r.data<D>();
      for (int64_t i = 0, n = x.numElements(); i < n; ++i)
        out[i] = convertAny<D, S>(in[i]);
      return r;
    });
  });
}

Tensor clamp(const Tensor &mn, const Tensor &x, const Tensor &mx) {
  if (isComplex(x.type()))
    return dispatchComplex(x.type(), [&](auto tag) -> Tensor {
      using T = typename decltype(tag)::type;
      Tensor r(x.type(), x.shape());
      const T *px = x.data<T>(), *pl = mn.data<T>(), *ph = mx.data<T>();
      T *out = r.data<T>();
      bool sl = mn.numElements() == 1, sh = mx.numElements() == 1;
      for (int64_t i = 0, n = x.numElements(); i < n; ++i) {
        T v = px[i], lo = pl[sl ? 0 : i], hi = ph[sh ? 0 : i];
        T t = complexLess(v, lo) ? lo : v;
        out[i] = complexLess(hi, t) ? hi : t;
      }
      return r;
    });
  return dispatchReal(x.type(), [&](auto tag) -> Tensor {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    Tensor r(x.type(), x.shape());
    const T *px = x.data<T>(), *pl = mn.data<T>(), *ph = mx.data<T>();
    T *out = r.data<T>();
    bool sl = mn.numElements() == 1, sh = mx.numElements() == 1;
    for (int64_t i = 0, n = x.numElements(); i < n; ++i) {
      C v = load(px[i]), lo = load(pl[sl ? 0 : i]), hi = load(ph[sh ? 0 : i]);
      C t;
      if constexpr (std::is_floating_point_v<C>)
        t = fmin_nan(fmax_nan(v, lo), hi);
      else
        t = std::min(std::max(v, lo), hi);
      out[i] = store<T>(t);
    }
    return r;
  });
}

Tensor select(const Tensor &pred, const Tensor &a, const Tensor &b) {
  Tensor r(a.type(), a.shape());
  size_t es = elementSize(a.type());
  const uint8_t *p = pred.data<uint8_t>();
  const char *pa = static_cast<const char *>(a.raw());
  const char *pb = static_cast<const char *>(b.raw());
  char *out = static_cast<char *>(r.raw());
  int64_t n = a.numElements();
  if (pred.numElements() == 1 && n != 1) {
    std::memcpy(out, p[0] ? pa : pb, r.byteSize());
    return r;
  }
  dispatchBySize(a.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    (void)es;
    const T *ta = reinterpret_cast<const T *>(pa);
    const T *tb = reinterpret_cast<const T *>(pb);
    T *to = reinterpret_cast<T *>(out);
    for (int64_t i = 0; i < n; ++i)
      to[i] = p[i] ? ta[i] : tb[i];
  });
  return r;
}

} // namespace sdy::runtime::kernels

//===----------------------------------------------------------------------===//
// Op kernels
//===----------------------------------------------------------------------===//

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;
using kernels::BinaryOp;
using kernels::CompareDir;
using kernels::CompareKind;
using kernels::UnaryOp;

template <UnaryOp Kind>
Status unaryKernel(OpCall &c) {
  if (!kernels::supportsUnary(Kind, c.in[0].type()))
    return Status::unsupported(std::string("element type ") +
                               elementTypeName(c.in[0].type()) +
                               " is not supported by this op");
  c.out.push_back(kernels::unary(Kind, c.in[0]));
  return Status::ok();
}

template <BinaryOp Kind>
Status binaryKernel(OpCall &c) {
  if (!kernels::supportsBinary(Kind, c.in[0].type()))
    return Status::unsupported(std::string("element type ") +
                               elementTypeName(c.in[0].type()) +
                               " is not supported by this op");
  c.out.push_back(kernels::binary(Kind, c.in[0], c.in[1]));
  return Status::ok();
}

Status compareKernel(OpCall &c) {
  CompareKind kind;
  CompareDir dir = kernels::compareOf(c.op, kind);
  c.out.push_back(kernels::compare(dir, c.in[0], c.in[1], kind));
  return Status::ok();
}

Status isFiniteKernel(OpCall &c) {
  if (!isFloat(c.in[0].type()) && !isNarrowFloat(c.in[0].type()))
    return Status::unsupported("is_finite takes floats");
  c.out.push_back(kernels::isFinite(c.in[0]));
  return Status::ok();
}

Status convertKernel(OpCall &c) {
  c.out.push_back(kernels::convert(c.in[0], c.resultType));
  return Status::ok();
}

Status clampKernel(OpCall &c) {
  c.out.push_back(kernels::clamp(c.in[0], c.in[1], c.in[2]));
  return Status::ok();
}

Status selectKernel(OpCall &c) {
  c.out.push_back(kernels::select(c.in[0], c.in[1], c.in[2]));
  return Status::ok();
}

} // namespace

void registerElementwiseKernels(KernelTable &table) {
  table.add<shlo::AbsOp>(unaryKernel<UnaryOp::Abs>);
  table.add<shlo::CbrtOp>(unaryKernel<UnaryOp::Cbrt>);
  table.add<shlo::CeilOp>(unaryKernel<UnaryOp::Ceil>);
  table.add<shlo::CosineOp>(unaryKernel<UnaryOp::Cosine>);
  table.add<shlo::ExpOp>(unaryKernel<UnaryOp::Exp>);
  table.add<shlo::Expm1Op>(unaryKernel<UnaryOp::Expm1>);
  table.add<shlo::FloorOp>(unaryKernel<UnaryOp::Floor>);
  table.add<shlo::LogOp>(unaryKernel<UnaryOp::Log>);
  table.add<shlo::Log1pOp>(unaryKernel<UnaryOp::Log1p>);
  table.add<shlo::LogisticOp>(unaryKernel<UnaryOp::Logistic>);
  table.add<shlo::NegOp>(unaryKernel<UnaryOp::Negate>);
  table.add<shlo::NotOp>(unaryKernel<UnaryOp::Not>);
  table.add<shlo::RoundNearestEvenOp>(unaryKernel<UnaryOp::RoundNearestEven>);
  table.add<shlo::RsqrtOp>(unaryKernel<UnaryOp::Rsqrt>);
  table.add<shlo::SignOp>(unaryKernel<UnaryOp::Sign>);
  table.add<shlo::SineOp>(unaryKernel<UnaryOp::Sine>);
  table.add<shlo::SqrtOp>(unaryKernel<UnaryOp::Sqrt>);
  table.add<shlo::TanOp>(unaryKernel<UnaryOp::Tan>);
  table.add<shlo::TanhOp>(unaryKernel<UnaryOp::Tanh>);

  table.add<shlo::AddOp>(binaryKernel<BinaryOp::Add>);
  table.add<shlo::Atan2Op>(binaryKernel<BinaryOp::Atan2>);
  table.add<shlo::DivOp>(binaryKernel<BinaryOp::Divide>);
  table.add<shlo::MaxOp>(binaryKernel<BinaryOp::Maximum>);
  table.add<shlo::MinOp>(binaryKernel<BinaryOp::Minimum>);
  table.add<shlo::MulOp>(binaryKernel<BinaryOp::Multiply>);
  table.add<shlo::PowOp>(binaryKernel<BinaryOp::Power>);
  table.add<shlo::RemOp>(binaryKernel<BinaryOp::Remainder>);
  table.add<shlo::SubtractOp>(binaryKernel<BinaryOp::Subtract>);
  table.add<shlo::AndOp>(binaryKernel<BinaryOp::And>);
  table.add<shlo::OrOp>(binaryKernel<BinaryOp::Or>);
  table.add<shlo::XorOp>(binaryKernel<BinaryOp::Xor>);

  table.add<shlo::CompareOp>(compareKernel);
  table.add<shlo::IsFiniteOp>(isFiniteKernel);
  table.add<shlo::ConvertOp>(convertKernel);
  table.add<shlo::ClampOp>(clampKernel);
  table.add<shlo::SelectOp>(selectKernel);
}

} // namespace sdy::runtime
