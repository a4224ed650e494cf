//===- QuantLowering.h - uniform quantized tensors --------------*- C++ -*-===//
//
// Private to the cluster lowering: uniform quantized tensors (per tensor or
// per axis, signed storage of 8 to 32 bits expressing f32 or f64), held as
// their storage integers as the runtime holds them. uniform_quantize and
// uniform_dequantize, and the elementwise arithmetic on quantized operands
// (dequantized, computed in the expressed type, the quantized results
// quantized again), compute what runtime/Quant.cpp computes, per element in
// the same expressions; data movement and select move the storage values.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_QUANTLOWERING_H
#define SDY_COMPILER_QUANTLOWERING_H

#include "compiler/Emitter.h"

#include <string>

namespace sdy::compiler {

// A tensor of a uniform quantized type the compiler lowers.
bool isLowerableQuantTensor(mlir::Type t);

// Whether an operand or result of `op` is quantized.
bool usesQuant(mlir::Operation *op);

// Whether `op` is compiled on quantized operands or results (data movement
// and select move storage values; quantize, dequantize and the arithmetic
// compute).
bool hasQuantForm(mlir::Operation *op);

// Whether `op` computes on quantized values (emitQuantOp lowers it).
bool computesQuant(mlir::Operation *op);

void emitQuantOp(Emitter &e, mlir::Operation *op);

} // namespace sdy::compiler

#endif // SDY_COMPILER_QUANTLOWERING_H
