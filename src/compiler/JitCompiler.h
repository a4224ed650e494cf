//===- JitCompiler.h - linalg on tensors to JIT-compiled code ---*- C++ -*-===//
//
// Parses the functions ClusterLowering emits into a private context, fuses,
// bufferizes, lowers to LLVM (polynomial approximations for f32
// transcendental functions, libm for the rest) and JIT-compiles them with
// MLIR's ExecutionEngine at -O3 for the host CPU.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_JITCOMPILER_H
#define SDY_COMPILER_JITCOMPILER_H

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
}

namespace sdy::compiler {

using PackedKernel = void (*)(void **);

// How the kernels' loops are vectorized.
enum class Vectorizer {
  // LLVM's loop vectorizer on the scalar loops (the default).
  LoopVectorizer,
  // MLIR's vector dialect (VectorDialect.h), then LLVM on what is left.
  // Experimental: the suites pass with it, but it is not shown faster.
  VectorDialect,
};

// The vectorizer of the kernels compiled from now on, process-wide (the
// benchmarks compare the two).
void setVectorizer(Vectorizer v);
Vectorizer currentVectorizer();

// Compiles `moduleText` (a module of func.func over memrefs) and looks up the
// packed entry of each function of `names`. False with `error` set on a
// parse, pass or JIT failure.
bool jitCompile(const std::string &moduleText,
                const std::vector<std::string> &names,
                std::unique_ptr<mlir::ExecutionEngine> &engine,
                std::vector<PackedKernel> &kernels, std::string &error);

} // namespace sdy::compiler

#endif // SDY_COMPILER_JITCOMPILER_H
