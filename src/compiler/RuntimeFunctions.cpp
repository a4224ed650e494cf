//===- RuntimeFunctions.cpp - functions the compiled code calls -----------===//
#include "compiler/RuntimeFunctions.h"

#include "runtime/SpecialFunctions.h"

#include <complex>
#include <mutex>
#include <optional>
#include <vector>

namespace sdy::compiler {

namespace special = sdy::runtime::special;

namespace {

template <typename F>
void *address(F *f) {
  return reinterpret_cast<void *>(f);
}

// The complex operations, on std::complex of the element's part type R as
// the interpreter computes them (runtime/Elementwise.cpp): the parts travel
// as f64 (exact for f32) and each function returns one part of the result,
// so that no complex value crosses the call (a C complex float return does
// not match an LLVM struct return).
template <typename R>
using C = std::complex<R>;

template <typename R, C<R> (*F)(C<R>, C<R>), bool Imag>
double binaryPart(double ar, double ai, double br, double bi) {
  C<R> r = F(C<R>(R(ar), R(ai)), C<R>(R(br), R(bi)));
  return Imag ? r.imag() : r.real();
}

template <typename R, C<R> (*F)(C<R>), bool Imag>
double unaryPart(double re, double im) {
  C<R> r = F(C<R>(R(re), R(im)));
  return Imag ? r.imag() : r.real();
}

template <typename R>
C<R> mul(C<R> a, C<R> b) {
  return a * b;
}
template <typename R>
C<R> div(C<R> a, C<R> b) {
  return a / b;
}
template <typename R>
C<R> exp(C<R> a) {
  return std::exp(a);
}
template <typename R>
C<R> log(C<R> a) {
  return std::log(a);
}
template <typename R>
C<R> sqrt(C<R> a) {
  return std::sqrt(a);
}
template <typename R>
double abs(double re, double im) {
  return std::abs(C<R>(R(re), R(im)));
}

#define SDY_COMPLEX_BINARY(NAME, R, SUFFIX)                                    \
  {"sdy_" SUFFIX "_" #NAME "_re", 4, address(&binaryPart<R, NAME<R>, false>)}, \
  {                                                                            \
    "sdy_" SUFFIX "_" #NAME "_im", 4, address(&binaryPart<R, NAME<R>, true>)   \
  }
#define SDY_COMPLEX_UNARY(NAME, R, SUFFIX)                                     \
  {"sdy_" SUFFIX "_" #NAME "_re", 2, address(&unaryPart<R, NAME<R>, false>)},  \
  {                                                                            \
    "sdy_" SUFFIX "_" #NAME "_im", 2, address(&unaryPart<R, NAME<R>, true>)    \
  }
#define SDY_COMPLEX_FUNCTIONS(R, SUFFIX)                                       \
  SDY_COMPLEX_BINARY(mul, R, SUFFIX), SDY_COMPLEX_BINARY(div, R, SUFFIX),      \
      SDY_COMPLEX_UNARY(exp, R, SUFFIX), SDY_COMPLEX_UNARY(log, R, SUFFIX),    \
      SDY_COMPLEX_UNARY(sqrt, R, SUFFIX), {                                    \
    "sdy_" SUFFIX "_abs", 2, address(&abs<R>)                                  \
  }

std::mutex registeredMutex;
std::vector<RuntimeFunction> &registered() {
  static std::vector<RuntimeFunction> functions;
  return functions;
}

} // namespace

void registerRuntimeFunction(const RuntimeFunction &f) {
  std::lock_guard<std::mutex> lock(registeredMutex);
  for (RuntimeFunction &g : registered())
    if (llvm::StringRef(g.name) == f.name) {
      g = f;
      return;
    }
  registered().push_back(f);
}

std::vector<RuntimeFunction> runtimeFunctions() {
  static const RuntimeFunction builtins[] = {
      {"sdy_lgamma", 1, address(&special::lgammaOf)},
      {"sdy_digamma", 1, address(&special::digamma)},
      {"sdy_erf_inv", 1, address(&special::erfInv)},
      {"sdy_bessel_i1e", 1, address(&special::besselI1e)},
      {"sdy_zeta", 2, address(&special::zeta)},
      {"sdy_polygamma", 2, address(&special::polygamma)},
      SDY_COMPLEX_FUNCTIONS(float, "c64"),
      SDY_COMPLEX_FUNCTIONS(double, "c128"),
  };
  std::vector<RuntimeFunction> all(std::begin(builtins), std::end(builtins));
  std::lock_guard<std::mutex> lock(registeredMutex);
  all.insert(all.end(), registered().begin(), registered().end());
  return all;
}

std::optional<RuntimeFunction> findRuntimeFunction(llvm::StringRef name) {
  for (const RuntimeFunction &f : runtimeFunctions())
    if (name == f.name)
      return f;
  return std::nullopt;
}

std::string runtimeFunctionDeclarations(const std::string &moduleBody) {
  std::string text;
  for (const RuntimeFunction &f : runtimeFunctions()) {
    if (moduleBody.find("@" + std::string(f.name) + "(") == std::string::npos)
      continue;
    std::string args;
    for (unsigned i = 0; i < f.arity; ++i)
      args += i ? ", f64" : "f64";
    text +=
        "func.func private @" + std::string(f.name) + "(" + args + ") -> f64\n";
  }
  return text;
}

} // namespace sdy::compiler
