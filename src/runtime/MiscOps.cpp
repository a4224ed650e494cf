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
#include "runtime/NarrowFloats.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <cmath>
#include <cstring>
#include <type_traits>

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;

// The width in bits of integer storage type T (sub-byte ones by their own).
template <typename T>
constexpr unsigned bitWidth() {
  if constexpr (is_subint_v<T>)
    return IsSubInt<T>::bits;
  else
    return sizeof(T) * 8;
}

// Maps `x` elementwise through f(a, b, width) on the unsigned bit patterns
// (width bits wide, in a uint64_t); integers only, sub-byte ones included.
template <typename F>
Status mapIntBits(OpCall &c, const Tensor &x, const Tensor *y, F f) {
  if (isComplex(x.type()))
    return Status::invalid(c.op->getName().getStringRef().str() +
                           " takes integers");
  return dispatchReal(x.type(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (!is_int_v<T> && !is_subint_v<T>) {
      return Status::invalid(c.op->getName().getStringRef().str() +
                             " takes integers");
    } else {
      constexpr unsigned width = bitWidth<T>();
      constexpr uint64_t mask =
          width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
      auto bitsOf = [](T v) -> uint64_t {
        if constexpr (is_subint_v<T>)
          return v.v & mask;
        else
          return static_cast<std::make_unsigned_t<T>>(v);
      };
      // Either side may be a single element (broadcast).
      const Tensor &shapeSrc = y && y->numElements() > x.numElements() ? *y : x;
      Tensor r(x.type(), shapeSrc.shape());
      const T *px = x.data<T>();
      const T *py = y ? y->data<T>() : nullptr;
      bool sx = x.numElements() == 1, sy = y && y->numElements() == 1;
      T *out = r.data<T>();
      for (int64_t i = 0, n = r.numElements(); i < n; ++i) {
        uint64_t v = f(bitsOf(px[sx ? 0 : i]),
                       py ? bitsOf(py[sy ? 0 : i]) : uint64_t(0), width) &
                     mask;
        if constexpr (is_subint_v<T>)
          out[i] = T{static_cast<uint8_t>(v)};
        else
          out[i] = static_cast<T>(v);
      }
      c.out.push_back(std::move(r));
      return Status::ok();
    }
  });
}

Status shiftLeftKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], &c.in[1],
                    [](uint64_t a, uint64_t s, unsigned width) {
                      return s >= width ? uint64_t(0) : a << s;
                    });
}

Status shiftRightLogicalKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], &c.in[1],
                    [](uint64_t a, uint64_t s, unsigned width) {
                      return s >= width ? uint64_t(0) : a >> s;
                    });
}

Status shiftRightArithmeticKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], &c.in[1],
                    [](uint64_t a, uint64_t s, unsigned width) {
                      bool negative = (a >> (width - 1)) & 1;
                      uint64_t fill = negative ? ~uint64_t(0) : uint64_t(0);
                      if (s >= width)
                        return fill;
                      // Shifting the sign fill in by hand avoids
                      // implementation-defined right shifts of negative
                      // values.
                      uint64_t shifted = a >> s;
                      if (negative && s != 0)
                        shifted |= fill << (width - s);
                      return shifted;
                    });
}

Status popcntKernel(OpCall &c) {
  return mapIntBits(c, c.in[0], nullptr, [](uint64_t a, uint64_t, unsigned) {
    return static_cast<uint64_t>(__builtin_popcountll(a));
  });
}

Status clzKernel(OpCall &c) {
  return mapIntBits(
      c, c.in[0], nullptr, [](uint64_t a, uint64_t, unsigned width) {
        uint64_t count = 0;
        for (int bit = width - 1; bit >= 0 && !((a >> bit) & 1); --bit)
          ++count;
        return count;
      });
}

// Maps `x` elementwise through f(storage value); floats only (the narrow
// ones when `Narrow`).
template <bool Narrow = false, typename F>
Status mapFloat(OpCall &c, F f) {
  const Tensor &x = c.in[0];
  if (isComplex(x.type()))
    return Status::invalid(c.op->getName().getStringRef().str() +
                           " takes floats");
  return dispatchReal(x.type(), [&](auto tag) -> Status {
    using T = typename decltype(tag)::type;
    if constexpr (!is_float_v<T> && !(Narrow && is_nfloat_v<T>)) {
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
  return mapFloat</*Narrow=*/true>(c, [](auto v) {
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
  table.add<shlo::ReducePrecisionOp>(narrowFloatsInF32<reducePrecisionKernel>);
  table.add<shlo::GetDimensionSizeOp>(getDimensionSizeKernel);
}

} // namespace sdy::runtime
