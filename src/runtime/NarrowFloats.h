//===- NarrowFloats.h - narrow-float operands through f32 -------*- C++ -*-===//
//
// Ops whose kernels compute on the core float types (reduce_precision, rng,
// cholesky, triangular_solve, the batch_norm ops) take the f8, f6 and f4
// types by running on f32 copies of their narrow-float operands: the f32
// results are rounded once to each result's narrow type (nearest even, the
// format's overflow rule).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_NARROWFLOATS_H
#define SDY_RUNTIME_NARROWFLOATS_H

#include "runtime/KernelTable.h"

namespace sdy::runtime {

/// True if an operand or the first result of the call is a narrow float.
bool hasNarrowFloat(const OpCall &c);

/// Runs `kernel` with the narrow-float operands (and result type) of `c`
/// widened to f32, then rounds the results back to the op's result types.
Status runNarrowFloatsInF32(OpCall &c, Kernel kernel);

/// `K` itself, through f32 when the call has narrow floats.
template <Kernel K>
Status narrowFloatsInF32(OpCall &c) {
  return hasNarrowFloat(c) ? runNarrowFloatsInF32(c, K) : K(c);
}

} // namespace sdy::runtime

#endif // SDY_RUNTIME_NARROWFLOATS_H
