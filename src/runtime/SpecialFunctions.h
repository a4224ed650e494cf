//===- SpecialFunctions.h - special functions in double ---------*- C++ -*-===//
//
// The special functions of the chlo ops, in double. The interpreter's
// kernels round their results to the element type; the compiled code calls
// these same functions (compiler/RuntimeFunctions.h), so both paths agree
// bit for bit. Edge cases (poles, domains, infinities) follow XLA's
// expansions of the ops.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_SPECIALFUNCTIONS_H
#define SDY_RUNTIME_SPECIALFUNCTIONS_H

namespace sdy::runtime::special {

// log|Gamma(x)|, libm's lgamma_r (thread-safe: the sign is dropped).
double lgammaOf(double x);

// psi(x): reflection to x > 0, recurrence up to x >= 10, then the asymptotic
// series; nan at the poles (non-positive integers) and -inf.
double digamma(double x);

// The Hurwitz zeta function zeta(s, q) by Euler-Maclaurin summation.
double zeta(double s, double q);

// polygamma(n, x) for a non-negative integer n (else nan):
// (-1)^(n+1) n! zeta(n + 1, x), digamma for n = 0.
double polygamma(double n, double x);

// I1(x) exp(-|x|): the power series for small |x|, the asymptotic expansion
// for large |x|; odd, and +-0 at +-inf.
double besselI1e(double x);

// erf^-1(y): a starting point from the inverse of the logistic-like
// approximation, then Newton steps on erf (or on erfc near +-1, where erf
// loses the digits that matter).
double erfInv(double y);

} // namespace sdy::runtime::special

#endif // SDY_RUNTIME_SPECIALFUNCTIONS_H
