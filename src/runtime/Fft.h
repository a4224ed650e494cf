//===- Fft.h - the reference DFT of stablehlo.fft ---------------*- C++ -*-===//
//
// kernels::fft runs in O(n log n) per line; fftNaive is the O(n^2) DFT with
// the same signature and results (to rounding), the reference that tests
// and benchmarks compare it with.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_FFT_H
#define SDY_RUNTIME_FFT_H

#include "runtime/Kernels.h"

namespace sdy::runtime::kernels {

Tensor fftNaive(const Tensor &x, FftKind kind, int64_t numDims,
                const Shape &resultShape, ElementType resultType);

} // namespace sdy::runtime::kernels

#endif // SDY_RUNTIME_FFT_H
