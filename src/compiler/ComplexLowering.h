//===- ComplexLowering.h - complex numbers as pairs of parts ----*- C++ -*-===//
//
// Private to the cluster lowering: complex<f32> and complex<f64> elements
// (MLIR's complex type, taken apart with complex.re/im and built with
// complex.create). Additions, subtractions, negations, parts, comparisons
// and conversions are computed inline, exactly as std::complex does; the
// multiplication, division, abs, exp, log and sqrt call the std::complex
// functions the interpreter runs (RuntimeFunctions.h), so results are
// bit-identical to the interpreter's. Data movement and select move complex
// elements as they are.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_COMPLEXLOWERING_H
#define SDY_COMPILER_COMPLEXLOWERING_H

#include "compiler/Emitter.h"

#include <string>
#include <vector>

namespace sdy::compiler {

// Whether `op` is compiled on complex operands or results (its other checks
// still apply).
bool hasComplexForm(mlir::Operation *op);

// Whether an operand or result of `op` has complex elements.
bool usesComplex(mlir::Operation *op);

// Empty when `op`, which uses complex numbers, is compiled; otherwise why
// not.
std::string whyComplexFormInvalid(mlir::Operation *op);

// The scalar result of `op` on the scalars `a` when it computes on complex
// numbers (or is real, imag or complex); empty for the ops that move
// complex elements unchanged (select, data movement) and for real ops.
std::string complexScalar(Emitter &e, mlir::Operation *op, std::string &body,
                          const std::vector<std::string> &a);

// `x` converted from `from` to `to`, one of them complex, as the interpreter
// converts: complex to real takes the real part, real to complex has a zero
// imaginary part, complex to pred tests for non-zero.
std::string convertComplex(Emitter &e, std::string &body, const std::string &x,
                           mlir::Type from, mlir::Type to);

} // namespace sdy::compiler

#endif // SDY_COMPILER_COMPLEXLOWERING_H
