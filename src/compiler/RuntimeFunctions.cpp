//===- RuntimeFunctions.cpp - functions the compiled code calls -----------===//
#include "compiler/RuntimeFunctions.h"

#include "runtime/SpecialFunctions.h"

namespace sdy::compiler {

namespace special = sdy::runtime::special;

namespace {

template <typename F>
void *address(F *f) {
  return reinterpret_cast<void *>(f);
}

} // namespace

llvm::ArrayRef<RuntimeFunction> runtimeFunctions() {
  static const RuntimeFunction functions[] = {
      {"sdy_lgamma", 1, address(&special::lgammaOf)},
      {"sdy_digamma", 1, address(&special::digamma)},
      {"sdy_erf_inv", 1, address(&special::erfInv)},
      {"sdy_bessel_i1e", 1, address(&special::besselI1e)},
      {"sdy_zeta", 2, address(&special::zeta)},
      {"sdy_polygamma", 2, address(&special::polygamma)},
  };
  return functions;
}

const RuntimeFunction *findRuntimeFunction(llvm::StringRef name) {
  for (const RuntimeFunction &f : runtimeFunctions())
    if (name == f.name)
      return &f;
  return nullptr;
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
