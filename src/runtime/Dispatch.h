//===- Dispatch.h - element-type dispatch for kernels -----------*- C++ -*-===//
//
// Kernels are written once per op as a loop templated on the storage type;
// `dispatch` picks the instantiation from the runtime element type outside
// the loop. f16/bf16 are stored as 16-bit patterns and computed in float
// (`Compute<T>`, `load`, `store`).
//
// `dispatch` covers the core types only (isCoreType), so that kernels written
// for them are never instantiated for complex or narrow types; the kernels
// that handle those use the named variants at the end (dispatchReal,
// dispatchComplex, dispatchBySize).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_DISPATCH_H
#define SDY_RUNTIME_DISPATCH_H

#include "runtime/Tensor.h"

#include <complex>
#include <cstdlib>
#include <cstring>
#include <type_traits>

namespace sdy::runtime {

// Pred is stored as one byte holding 0 or 1.
struct pred_t {
  uint8_t v;
};

// Sub-byte integers: the value in the low `Bits` bits of a byte.
template <int Bits, bool Signed>
struct subint_t {
  uint8_t v;
};
// Narrow floats: the encoding in the low bits of a byte.
template <ElementType E>
struct nfloat_t {
  uint8_t bits;
};
using c64_t = std::complex<float>;
using c128_t = std::complex<double>;

// Narrow float conversions (Tensor.cpp, via llvm::APFloat): decoding is
// exact; encoding rounds to nearest even, overflowing to infinity, to NaN or
// saturating as the format defines.
float narrowFloatToFloat(ElementType t, uint8_t bits);
uint8_t narrowFloatFromDouble(ElementType t, double v);

template <typename T>
struct Compute {
  using type = T;
};
template <int Bits, bool Signed>
struct Compute<subint_t<Bits, Signed>> {
  using type = std::conditional_t<Signed, int8_t, uint8_t>;
};
template <ElementType E>
struct Compute<nfloat_t<E>> {
  using type = float;
};
template <>
struct Compute<f16_t> {
  using type = float;
};
template <>
struct Compute<bf16_t> {
  using type = float;
};
template <>
struct Compute<pred_t> {
  using type = bool;
};
template <typename T>
using compute_t = typename Compute<T>::type;

template <typename T>
inline compute_t<T> load(T v) {
  return v;
}
inline float load(f16_t v) { return halfToFloat(v.bits); }
inline float load(bf16_t v) { return bf16ToFloat(v.bits); }
inline bool load(pred_t v) { return v.v != 0; }
template <int Bits, bool Signed>
inline compute_t<subint_t<Bits, Signed>> load(subint_t<Bits, Signed> x) {
  if constexpr (Signed)
    return static_cast<int8_t>(static_cast<int8_t>(x.v << (8 - Bits)) >>
                               (8 - Bits));
  else
    return static_cast<uint8_t>(x.v & ((1u << Bits) - 1));
}
template <ElementType E>
inline float load(nfloat_t<E> x) {
  return narrowFloatToFloat(E, x.bits);
}

template <typename T>
struct IsSubInt : std::false_type {};
template <int Bits, bool Signed>
struct IsSubInt<subint_t<Bits, Signed>> : std::true_type {
  static constexpr int bits = Bits;
  static constexpr bool isSigned = Signed;
};
template <typename T>
struct IsNarrowFloat : std::false_type {};
template <ElementType E>
struct IsNarrowFloat<nfloat_t<E>> : std::true_type {
  static constexpr ElementType type = E;
};
template <typename T>
constexpr bool is_subint_v = IsSubInt<T>::value;
template <typename T>
constexpr bool is_nfloat_v = IsNarrowFloat<T>::value;
template <typename T>
constexpr bool is_complex_v =
    std::is_same_v<T, c64_t> || std::is_same_v<T, c128_t>;

// The order of complex maximum/minimum/clamp: lexicographic on (real, imag).
template <typename T>
inline bool complexLess(T a, T b) {
  return a.real() < b.real() || (a.real() == b.real() && a.imag() < b.imag());
}

// A float's position in the total order -NaN < -Inf < ... < -0 < +0 < ...
// < +Inf < +NaN: the sign-magnitude bits mapped to a monotone integer
// (narrow floats by their own width; f8E8M0FNU has no sign bit).
template <typename Bits>
inline int64_t signMagnitudeKey(Bits b, int width) {
  uint64_t v = static_cast<uint64_t>(b);
  uint64_t signBit = uint64_t(1) << (width - 1);
  if (v & signBit)
    return -static_cast<int64_t>(v & (signBit - 1)) - 1;
  return static_cast<int64_t>(v);
}
template <typename T>
inline int64_t totalOrderKey(T v) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t> b;
    std::memcpy(&b, &v, sizeof(T));
    return signMagnitudeKey(b, sizeof(T) * 8);
  } else if constexpr (is_nfloat_v<T>) {
    constexpr ElementType E = IsNarrowFloat<T>::type;
    if constexpr (E == ElementType::F8E8M0FNU)
      return v.bits;
    constexpr int width =
        E == ElementType::F4E2M1FN                                   ? 4
        : (E == ElementType::F6E2M3FN || E == ElementType::F6E3M2FN) ? 6
                                                                     : 8;
    return signMagnitudeKey<uint8_t>(v.bits & ((1u << width) - 1), width);
  } else {
    return signMagnitudeKey<uint16_t>(v.bits, 16);
  }
}

template <typename T>
inline T store(compute_t<T> v) {
  if constexpr (is_subint_v<T>)
    return {static_cast<uint8_t>(static_cast<uint8_t>(v) &
                                 ((1u << IsSubInt<T>::bits) - 1))};
  else if constexpr (is_nfloat_v<T>)
    return {narrowFloatFromDouble(IsNarrowFloat<T>::type, v)};
  else
    return v;
}
template <>
inline f16_t store<f16_t>(float v) {
  return {floatToHalf(v)};
}
template <>
inline bf16_t store<bf16_t>(float v) {
  return {floatToBf16(v)};
}
template <>
inline pred_t store<pred_t>(bool v) {
  return {static_cast<uint8_t>(v ? 1 : 0)};
}

template <typename T>
struct TypeTag {
  using type = T;
};

template <typename T>
constexpr bool is_float_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_same_v<T, f16_t> || std::is_same_v<T, bf16_t>;
template <typename T>
constexpr bool is_int_v = std::is_integral_v<T>; // excludes pred_t, subint_t
template <typename T>
constexpr bool is_pred_v = std::is_same_v<T, pred_t>;

[[noreturn]] void unreachableType(const char *where);

// Calls f(TypeTag<T>{}) for the storage type T of `t`.
template <typename F>
decltype(auto) dispatch(ElementType t, F &&f) {
  switch (t) {
  case ElementType::Pred:
    return f(TypeTag<pred_t>{});
  case ElementType::I8:
    return f(TypeTag<int8_t>{});
  case ElementType::I16:
    return f(TypeTag<int16_t>{});
  case ElementType::I32:
    return f(TypeTag<int32_t>{});
  case ElementType::I64:
    return f(TypeTag<int64_t>{});
  case ElementType::U8:
    return f(TypeTag<uint8_t>{});
  case ElementType::U16:
    return f(TypeTag<uint16_t>{});
  case ElementType::U32:
    return f(TypeTag<uint32_t>{});
  case ElementType::U64:
    return f(TypeTag<uint64_t>{});
  case ElementType::F16:
    return f(TypeTag<f16_t>{});
  case ElementType::BF16:
    return f(TypeTag<bf16_t>{});
  case ElementType::F32:
    return f(TypeTag<float>{});
  case ElementType::F64:
    return f(TypeTag<double>{});
  default: // the other types go through the named variants below
    break;
  }
  unreachableType("dispatch");
}

// Like `dispatch`, plus the sub-byte integers and the narrow floats (every
// type but complex): for kernels written on compute_t<T> whose integer and
// float branches hold for them (stores wrap and round to the format).
template <typename F>
decltype(auto) dispatchReal(ElementType t, F &&f) {
  switch (t) {
  case ElementType::I2:
    return f(TypeTag<subint_t<2, true>>{});
  case ElementType::I4:
    return f(TypeTag<subint_t<4, true>>{});
  case ElementType::U2:
    return f(TypeTag<subint_t<2, false>>{});
  case ElementType::U4:
    return f(TypeTag<subint_t<4, false>>{});
#define SDY_NARROW_FLOAT_CASE(E)                                               \
  case ElementType::E:                                                         \
    return f(TypeTag<nfloat_t<ElementType::E>>{});
    SDY_NARROW_FLOAT_CASE(F8E4M3FN)
    SDY_NARROW_FLOAT_CASE(F8E5M2)
    SDY_NARROW_FLOAT_CASE(F8E4M3FNUZ)
    SDY_NARROW_FLOAT_CASE(F8E5M2FNUZ)
    SDY_NARROW_FLOAT_CASE(F8E4M3B11FNUZ)
    SDY_NARROW_FLOAT_CASE(F8E4M3)
    SDY_NARROW_FLOAT_CASE(F8E3M4)
    SDY_NARROW_FLOAT_CASE(F8E8M0FNU)
    SDY_NARROW_FLOAT_CASE(F4E2M1FN)
    SDY_NARROW_FLOAT_CASE(F6E2M3FN)
    SDY_NARROW_FLOAT_CASE(F6E3M2FN)
#undef SDY_NARROW_FLOAT_CASE
  case ElementType::C64:
  case ElementType::C128:
    unreachableType("dispatchReal");
  default:
    return dispatch(t, std::forward<F>(f));
  }
}

// Calls f(TypeTag<c64_t or c128_t>{}).
template <typename F>
decltype(auto) dispatchComplex(ElementType t, F &&f) {
  if (t == ElementType::C128)
    return f(TypeTag<c128_t>{});
  if (t != ElementType::C64)
    unreachableType("dispatchComplex");
  return f(TypeTag<c64_t>{});
}

// Every type.
template <typename F>
decltype(auto) dispatchAll(ElementType t, F &&f) {
  if (t == ElementType::C64 || t == ElementType::C128)
    return dispatchComplex(t, std::forward<F>(f));
  return dispatchReal(t, std::forward<F>(f));
}

// Opaque elements of the type's byte size, for kernels that only move them.
template <size_t N>
struct bytes_t {
  uint8_t b[N];
};
template <typename F>
decltype(auto) dispatchBySize(ElementType t, F &&f) {
  switch (elementSize(t)) {
  case 1:
    return f(TypeTag<bytes_t<1>>{});
  case 2:
    return f(TypeTag<uint16_t>{});
  case 4:
    return f(TypeTag<uint32_t>{});
  case 8:
    return f(TypeTag<uint64_t>{});
  default:
    return f(TypeTag<bytes_t<16>>{});
  }
}

} // namespace sdy::runtime

#endif // SDY_RUNTIME_DISPATCH_H
