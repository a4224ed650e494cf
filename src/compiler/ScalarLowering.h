//===- ScalarLowering.h - elementwise ops as scalar arith/math --*- C++ -*-===//
//
// Private to the cluster lowering: the elementwise ops the compiler lowers,
// and their scalar computation inside a linalg.generic body, as the
// interpreter computes them (f16/bf16 widened to f32 and rounded back).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_SCALARLOWERING_H
#define SDY_COMPILER_SCALARLOWERING_H

#include "compiler/Emitter.h"

#include <string>
#include <vector>

namespace mlir {
class Operation;
}

namespace sdy::compiler {

// The float unary ops computed with arith/math (abs, neg and not on
// integers too).
bool isElementwiseUnary(mlir::Operation *op);

// Unary ops on the bits of integers, or that test or round floats, or call
// libm as the interpreter does; each is computed exactly.
bool isExactUnary(mlir::Operation *op);

bool isShift(mlir::Operation *op);

// The runtime function (RuntimeFunctions.h) that computes a chlo special
// function op (lgamma, digamma, erf_inv, bessel_i1e, zeta, polygamma), or
// null.
const char *specialFunctionSymbol(mlir::Operation *op);

// The binary arithmetic, logical and shift ops on operands of one shape.
bool isElementwiseBinary(mlir::Operation *op);

// The arith/math op of a binary stablehlo op on `et`, or null (logistic and
// integer negation are built from several ops by the caller).
const char *binaryOpFor(mlir::Operation *op, mlir::Type et);

// f16/bf16 to f32 (exact). bf16 is widened by its bits: LLVM would call a
// runtime library function for it on hosts without bf16 instructions.
std::string widen(Emitter &e, std::string &body, const std::string &x,
                  mlir::Type t);

// f32 to f16/bf16 as the runtime rounds: to nearest even; a NaN becomes the
// quiet NaN of its sign (f16) or keeps its high bits, quieted (bf16).
std::string narrow(Emitter &e, std::string &body, const std::string &x,
                   mlir::Type t);

// An f64 constant written as its bits (exact, whatever the value).
std::string f64Bits(double v);

// `from` converted to `to` as the interpreter converts (C++ conversions:
// integers wrap, signed sources sign-extend).
std::string convertScalar(Emitter &e, std::string &body, const std::string &x,
                          mlir::Type from, mlir::Type to);

// The scalar result of elementwise `op` on the scalars `a` of its operands'
// element types: ops that compute on f16/bf16 read them widened to f32 and
// round their float results back; selects and data movement copy them as
// they are.
std::string computedScalar(Emitter &e, mlir::Operation *op, std::string &body,
                           const std::vector<std::string> &a);

} // namespace sdy::compiler

#endif // SDY_COMPILER_SCALARLOWERING_H
