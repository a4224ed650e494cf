//===- ReduceApply.h - scalar combiners of known reductions -----*- C++ -*-===//
#ifndef SDY_RUNTIME_REDUCEAPPLY_H
#define SDY_RUNTIME_REDUCEAPPLY_H

#include "runtime/Dispatch.h"
#include "runtime/Kernels.h"

#include <cmath>
#include <type_traits>

namespace sdy::runtime::kernels {

// a (op) b in the compute type C; integers wrap, float max/min propagate NaN,
// complex max/min are lexicographic on (real, imag), bool treats add/max/or as
// or and mul/min/and as and.
template <typename C>
inline C apply(ReduceKind k, C a, C b) {
  if constexpr (std::is_same_v<C, bool>) {
    switch (k) {
    case ReduceKind::Add:
    case ReduceKind::Or:
    case ReduceKind::Max:
      return a || b;
    default:
      return a && b;
    }
  } else if constexpr (std::is_floating_point_v<C> || is_complex_v<C>) {
    // and/or do not apply to floats and complex numbers.
    switch (k) {
    case ReduceKind::Add:
      return a + b;
    case ReduceKind::Mul:
      return a * b;
    case ReduceKind::Max:
      if constexpr (is_complex_v<C>)
        return complexLess(a, b) ? b : a;
      else
        return std::isnan(a) ? a : (std::isnan(b) ? b : (a > b ? a : b));
    case ReduceKind::Min:
      if constexpr (is_complex_v<C>)
        return complexLess(b, a) ? b : a;
      else
        return std::isnan(a) ? a : (std::isnan(b) ? b : (a < b ? a : b));
    default:
      return a;
    }
  } else {
    using U =
        std::conditional_t<(sizeof(C) < 4), uint32_t, std::make_unsigned_t<C>>;
    switch (k) {
    case ReduceKind::Add:
      return static_cast<C>(U(a) + U(b));
    case ReduceKind::Mul:
      return static_cast<C>(U(a) * U(b));
    case ReduceKind::Max:
      return a > b ? a : b;
    case ReduceKind::Min:
      return a < b ? a : b;
    case ReduceKind::And:
      return static_cast<C>(a & b);
    case ReduceKind::Or:
      return static_cast<C>(a | b);
    }
    return a;
  }
}

} // namespace sdy::runtime::kernels

#endif // SDY_RUNTIME_REDUCEAPPLY_H
