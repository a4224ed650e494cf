//===- RuntimeFunctions.h - functions the compiled code calls ---*- C++ -*-===//
//
// The functions of this process that compiled kernels call by name: the
// special functions of the chlo ops (runtime/SpecialFunctions.h) and the
// complex multiplication, division, abs, exp, log and sqrt (std::complex,
// one part of the result per function), the ones the interpreter runs, so
// that both paths agree bit for bit. Each takes and returns f64. The JIT
// resolves them through its own symbol map, not the process's exported symbols.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_RUNTIMEFUNCTIONS_H
#define SDY_COMPILER_RUNTIMEFUNCTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace sdy::compiler {

struct RuntimeFunction {
  const char *name; // the symbol: "sdy_digamma", ...
  unsigned arity;   // f64 arguments
  void *address;
};

// The built-in functions, then the registered ones.
std::vector<RuntimeFunction> runtimeFunctions();

// Adds (or replaces) a function the compiled code may call: the runtime
// registers its narrow-float conversions (the compiler does not link the
// runtime). `name` must outlive the process's compilations.
void registerRuntimeFunction(const RuntimeFunction &f);

// The function named `name`, if any.
std::optional<RuntimeFunction> findRuntimeFunction(llvm::StringRef name);

// The private func.func declarations of the runtime functions that
// `moduleBody` (the text of functions) calls.
std::string runtimeFunctionDeclarations(const std::string &moduleBody);

} // namespace sdy::compiler

#endif // SDY_COMPILER_RUNTIMEFUNCTIONS_H
