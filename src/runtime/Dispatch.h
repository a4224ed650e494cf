//===- Dispatch.h - element-type dispatch for kernels -----------*- C++ -*-===//
//
// Kernels are written once per op as a loop templated on the storage type;
// `dispatch` picks the instantiation from the runtime element type outside
// the loop. f16/bf16 are stored as 16-bit patterns and computed in float
// (`Compute<T>`, `load`, `store`).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_DISPATCH_H
#define SDY_RUNTIME_DISPATCH_H

#include "runtime/Tensor.h"

#include <cstdlib>
#include <type_traits>

namespace sdy::runtime {

// Pred is stored as one byte holding 0 or 1.
struct pred_t {
  uint8_t v;
};

template <typename T>
struct Compute {
  using type = T;
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

template <typename T>
inline T store(compute_t<T> v) {
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
constexpr bool is_int_v = std::is_integral_v<T>; // excludes pred_t
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
  }
  unreachableType("dispatch");
}

} // namespace sdy::runtime

#endif // SDY_RUNTIME_DISPATCH_H
