//===- MiscOps.cpp - bit, rounding and shape-query kernels ----------------===//
//
// Shifts follow the StableHLO spec: a shift amount, read as unsigned, of the
// bit width or more gives 0 (left and logical right) or the sign fill
// (arithmetic right, which reads the bits as signed whatever the type).
// reduce_precision is XLA's: round the mantissa to nearest even, then
// overflow to +-inf and underflow (denormals included) to +-0; NaN stays NaN
// unless no mantissa bit is left, then it is +inf.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <cmath>
#include <cstring>
#include <type_traits>

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;

// Maps `x` elementwise through f on its unsigned bit pattern; integers only.
template <typename F>
Status mapIntBits(OpCall &c, const Tensor &x, const Tensor *y, F f) {
  return dispatch(x.type(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (!is_int_v<T>) {
      return Status::invalid(c.op->getName().getStringRef().str() +
                             " takes integers");
    } else {
      using U = std::make_unsigned_t<T>;
      // Either side may be a single element (broadcast).
      const Tensor &shapeSrc = y && y->numElements() > x.numElements() ? *y : x;
      Tensor r(x.type(), shapeSrc.shape());
      const T *px = x.data<T>();
      const T *py = y ? y->data<T>() : nullptr;
      bool sx = x.numElements() == 1, sy = y && y->numElements() == 1;
      T *out = r.data<T>();
      for (int64_t i = 0, n = r.numElements(); i < n; ++i)
        out[i] = static_cast<T>(f(static_cast<U>(px[sx ? 0 : i]),
                                  py ? static_cast<U>(py[sy ? 0 : i]) : U(0)));
      c.out.push_back(std::move(r));
      return Status::ok();
    }
  });
}

template <typename U>
constexpr unsigned kBits = sizeof(U) * 8;

// Promotes to at least unsigned int so that shifts of narrow types neither
// promote to signed int nor lose bits.
template <typename U>
using wide_t = std::conditional_t<(sizeof(U) < 4), uint32_t, U>;

Status shiftLeftKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], &c.in[1], [](auto a, auto s) {
    using U = decltype(a);
    return s >= kBits<U> ? U(0) : U(wide_t<U>(a) << s);
  });
}

Status shiftRightLogicalKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], &c.in[1], [](auto a, auto s) {
    using U = decltype(a);
    return s >= kBits<U> ? U(0) : U(wide_t<U>(a) >> s);
  });
}

Status shiftRightArithmeticKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], &c.in[1], [](auto a, auto s) {
    using U = decltype(a);
    U fill = (a >> (kBits<U> - 1)) ? U(~U(0)) : U(0);
    if (s >= kBits<U>)
      return fill;
    // Shifting the sign fill in by hand avoids implementation-defined
    // right shifts of negative values.
    U shifted = U(wide_t<U>(a) >> s);
    if (fill && s != 0)
      shifted = U(shifted | U(wide_t<U>(fill) << (kBits<U> - s)));
    return shifted;
  });
}

Status popcntKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], nullptr, [](auto a, auto) {
    using U = decltype(a);
    U count = 0;
    for (U v = a; v; v = U(v & U(v - 1)))
      ++count;
    return count;
  });
}

Status clzKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], nullptr, [](auto a, auto) {
    using U = decltype(a);
    U count = 0;
    for (int bit = kBits<U> - 1; bit >= 0 && !((a >> bit) & 1); --bit)
      ++count;
    return count;
  });
}

// Maps `x` elementwise through f(storage value); floats only.
template <typename F>
Status mapFloat(OpCall &c, F f) {
  const Tensor &x = c.in[0];
  return dispatch(x.type(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (!is_float_v<T>) {
      return Status::invalid(c.op->getName().getStringRef().str() +
                             " takes floats");
    } else {
      Tensor r(x.type(), x.shape());
      const T *in = x.data<T>();
      T *out = r.data<T>();
      for (int64_t i = 0, n = x.numElements(); i < n; ++i)
        out[i] = f(in[i]);
      c.out.push_back(std::move(r));
      return Status::ok();
    }
  });
}

Status roundAfzKernel(OpCall &c) {
  return mapFloat(c, [](auto v) {
    using T = decltype(v);
    return store<T>(std::round(load(v)));
  });
}

// The bit layout of a float storage type.
template <typename Bits, int Exponent, int Mantissa>
struct Layout {
  using U = Bits;
  static constexpr int kExponent = Exponent, kMantissa = Mantissa;
};
template <typename T>
struct FloatBits;
template <>
struct FloatBits<f16_t> : Layout<uint16_t, 5, 10> {};
template <>
struct FloatBits<bf16_t> : Layout<uint16_t, 8, 7> {};
template <>
struct FloatBits<float> : Layout<uint32_t, 8, 23> {};
template <>
struct FloatBits<double> : Layout<uint64_t, 11, 52> {};

template <typename T>
T reducePrecision(T x, int64_t exponentBits, int64_t mantissaBits) {
  using U = typename FloatBits<T>::U;
  constexpr int srcExponent = FloatBits<T>::kExponent;
  constexpr int srcMantissa = FloatBits<T>::kMantissa;
  constexpr int width = sizeof(U) * 8;
  U bits;
  std::memcpy(&bits, &x, sizeof(U));
  U in = bits;
  if (mantissaBits < srcMantissa) {
    int drop = srcMantissa - static_cast<int>(mantissaBits);
    U lastBit = U(U(1) << drop);
    U baseBias = U((lastBit >> 1) - 1);
    U bias = U(((bits & lastBit) >> drop) + baseBias);
    bits = U(U(bits + bias) & U(~U(lastBit - 1)));
  }
  if (exponentBits < srcExponent) {
    U signMask = U(U(1) << (width - 1));
    U exponentMask = U(U((U(1) << srcExponent) - 1) << srcMantissa);
    U bias = U((U(1) << (srcExponent - 1)) - 1);
    U reducedBias = U((U(1) << (exponentBits - 1)) - 1);
    U exponent = U(bits & exponentMask);
    U signedZero = U(bits & signMask);
    if (exponent > U(U(bias + reducedBias) << srcMantissa))
      bits = U(signedZero | exponentMask);
    else if (exponent <= U(U(bias - reducedBias) << srcMantissa))
      bits = signedZero;
  }
  U exponentAll = U(U((U(1) << srcExponent) - 1) << srcMantissa);
  U mantissaMask = U((U(1) << srcMantissa) - 1);
  if ((in & exponentAll) == exponentAll && (in & mantissaMask) != 0)
    bits = mantissaBits > 0 ? in : exponentAll;
  T result;
  std::memcpy(&result, &bits, sizeof(U));
  return result;
}

Status reducePrecisionKernel(OpCall &c) {
  auto op = mlir::cast<shlo::ReducePrecisionOp>(c.op);
  int64_t exponentBits = op.getExponentBits();
  int64_t mantissaBits = op.getMantissaBits();
  if (exponentBits < 1 || mantissaBits < 0)
    return Status::invalid("reduce_precision needs exponent_bits >= 1 and "
                           "mantissa_bits >= 0");
  return mapFloat(c, [&](auto v) {
    return reducePrecision(v, exponentBits, mantissaBits);
  });
}

Status getDimensionSizeKernel(OpCall &c) {
  auto op = mlir::cast<shlo::GetDimensionSizeOp>(c.op);
  const Shape &shape = c.in[0].shape();
  uint64_t dim = op.getDimension();
  if (dim >= shape.size())
    return Status::invalid("get_dimension_size: dimension out of range");
  Tensor r(ElementType::I32, {});
  *r.data<int32_t>() = static_cast<int32_t>(shape[dim]);
  c.out.push_back(std::move(r));
  return Status::ok();
}

} // namespace

void registerMiscKernels(KernelTable &table) {
  table.add<shlo::ShiftLeftOp>(shiftLeftKernel);
  table.add<shlo::ShiftRightLogicalOp>(shiftRightLogicalKernel);
  table.add<shlo::ShiftRightArithmeticOp>(shiftRightArithmeticKernel);
  table.add<shlo::PopulationCountOp>(popcntKernel);
  table.add<shlo::ClzOp>(clzKernel);
  table.add<shlo::RoundOp>(roundAfzKernel);
  table.add<shlo::ReducePrecisionOp>(reducePrecisionKernel);
  table.add<shlo::GetDimensionSizeOp>(getDimensionSizeKernel);
}

} // namespace sdy::runtime
