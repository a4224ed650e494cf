//===- SpecialFunctions.cpp - special functions in double -----------------===//
#include "runtime/SpecialFunctions.h"

#include <cmath>
#include <limits>

namespace sdy::runtime::special {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = 3.14159265358979323846;

bool isIntegral(double x) { return std::isfinite(x) && x == std::floor(x); }

} // namespace

double lgammaOf(double x) {
  int sign = 0;
  return ::lgamma_r(x, &sign);
}

double digamma(double x) {
  if (std::isnan(x) || x == -kInf)
    return kNaN;
  if (x == kInf)
    return kInf;
  double result = 0;
  if (x <= 0) {
    if (isIntegral(x))
      return kNaN;
    // psi(x) = psi(1 - x) - pi / tan(pi x), with pi x reduced first.
    double r = x - 2 * std::floor(x / 2); // in [0, 2)
    result = -kPi / std::tan(kPi * r);
    x = 1 - x;
  }
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  double z = 1 / (x * x);
  double series =
      z * (1.0 / 12 -
           z * (1.0 / 120 -
                z * (1.0 / 252 -
                     z * (1.0 / 240 -
                          z * (1.0 / 132 - z * (691.0 / 32760 - z / 12))))));
  return result + std::log(x) - 0.5 / x - series;
}

double zeta(double s, double q) {
  if (std::isnan(s) || std::isnan(q) || s == kInf || q == kInf)
    return kNaN;
  if (s == 1)
    return kInf;
  if (s < 1)
    return kNaN;
  if (q <= 0) {
    if (q == std::floor(q))
      return kInf;
    if (s != std::floor(s))
      return kNaN; // q^-s is not real
  }
  static const double kA[] = {12.0,
                              -720.0,
                              30240.0,
                              -1209600.0,
                              47900160.0,
                              -1.8924375803183791606e9,
                              7.47242496e10,
                              -2.950130727918164224e12,
                              1.1646782814350067249e14,
                              -4.5979787224074726105e15,
                              1.8152105401943546773e17,
                              -7.1661652561756670113e18};
  const double eps = std::numeric_limits<double>::epsilon();
  double sum = std::pow(q, -s);
  double a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9) {
    ++i;
    a += 1;
    b = std::pow(a, -s);
    sum += b;
    if (std::fabs(b / sum) < eps)
      return sum;
  }
  double w = a;
  sum += b * w / (s - 1);
  sum -= 0.5 * b;
  double fact = 1, k = 0;
  for (double coeff : kA) {
    fact *= s + k;
    b /= w;
    double t = fact * b / coeff;
    sum += t;
    if (std::fabs(t / sum) < eps)
      break;
    k += 1;
    fact *= s + k;
    b /= w;
    k += 1;
  }
  return sum;
}

double polygamma(double n, double x) {
  if (!isIntegral(n) || n < 0 || std::isnan(x))
    return kNaN;
  if (n == 0)
    return digamma(x);
  if (x == kInf)
    return kNaN;
  if (x == -kInf)
    return kInf;
  double sign = std::fmod(n, 2) == 0 ? -1 : 1;
  return sign * std::exp(lgammaOf(n + 1)) * zeta(n + 1, x);
}

double besselI1e(double x) {
  if (std::isnan(x))
    return x;
  double ax = std::fabs(x);
  double result;
  if (std::isinf(ax)) {
    result = 0;
  } else if (ax <= 30) {
    // sum_k (x/2)^(2k+1) / (k! (k+1)!), scaled by exp(-|x|) term by term.
    double half = ax / 2, q = half * half;
    double term = half * std::exp(-ax), sum = term;
    for (int k = 1; k < 200; ++k) {
      term *= q / (static_cast<double>(k) * (k + 1));
      sum += term;
      if (term < sum * 1e-17)
        break;
    }
    result = sum;
  } else {
    // 1/sqrt(2 pi x) sum_k (-1)^k prod_{j<=k} (4 - (2j-1)^2) / (k! (8x)^k).
    double sum = 1, term = 1;
    for (int k = 1; k < 60; ++k) {
      double odd = 2.0 * k - 1;
      double next = -term * (4 - odd * odd) / (k * 8 * ax);
      if (std::fabs(next) >= std::fabs(term))
        break;
      term = next;
      sum += term;
      if (std::fabs(term) < 1e-17 * std::fabs(sum))
        break;
    }
    result = sum / std::sqrt(2 * kPi * ax);
  }
  return std::signbit(x) ? -result : result;
}

double erfInv(double y) {
  if (std::isnan(y) || std::fabs(y) > 1)
    return kNaN;
  if (std::fabs(y) == 1)
    return std::copysign(kInf, y);
  if (y == 0)
    return y;
  double ay = std::fabs(y);
  // Winitzki's approximation (relative error ~1e-3) as the start.
  const double a = 0.147;
  double l = std::log1p(-ay * ay);
  double t = 2 / (kPi * a) + l / 2;
  double x = std::sqrt(std::sqrt(t * t - l / a) - t);
  const double kTwoOverSqrtPi = 1.1283791670955126;
  double tail = 1 - ay; // exact for ay >= 0.5
  for (int i = 0; i < 50; ++i) {
    double deriv = kTwoOverSqrtPi * std::exp(-x * x);
    if (deriv == 0)
      break;
    double step =
        ay < 0.5 ? (std::erf(x) - ay) / deriv : (tail - std::erfc(x)) / deriv;
    x -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(x))
      break;
  }
  return std::copysign(x, y);
}

} // namespace sdy::runtime::special
