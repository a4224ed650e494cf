//===- BatchNormLowering.h - batch_norm_inference/training/grad -*- C++ -*-===//
//
// Private to the cluster lowering: the batch norm ops as per-feature
// reductions and elementwise loops, computing what the interpreter's
// kernels compute (runtime/Linalg.cpp) in the same order: sums over each
// feature's elements in row-major order, then the same expressions.
// f32 and f64 only.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_BATCHNORMLOWERING_H
#define SDY_COMPILER_BATCHNORMLOWERING_H

#include "compiler/Emitter.h"

#include <string>

namespace sdy::compiler {

bool isBatchNorm(mlir::Operation *op);

// Empty when the batch norm op's shapes agree with its feature index and
// its elements are f32 or f64; otherwise why not.
std::string whyBatchNormNotLowerable(mlir::Operation *op);

void emitBatchNorm(Emitter &e, mlir::Operation *op);

} // namespace sdy::compiler

#endif // SDY_COMPILER_BATCHNORMLOWERING_H
