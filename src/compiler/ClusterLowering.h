//===- ClusterLowering.h - stablehlo clusters to linalg on tensors -*- C++
//-*-===//
//
// Lowers a cluster of stablehlo ops to a func.func over memrefs whose body
// is linalg/tensor/arith/math on tensors: one linalg.generic per op, the
// inputs read through bufferization.to_tensor, the outputs materialized in
// the caller's buffers. The function is emitted as MLIR text and parsed into
// the compiler's own context (the source module's context has none of these
// dialects).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_CLUSTERLOWERING_H
#define SDY_COMPILER_CLUSTERLOWERING_H

#include "compiler/CompiledFunction.h"

#include <string>

namespace mlir {
class Operation;
}

namespace sdy::compiler {

// Whether `op` is a stablehlo constant that clusters fold into their code.
bool isFoldedConstant(mlir::Operation *op);

// Empty when the compiler lowers `op`; otherwise why not (for the report).
std::string whyNotLowerable(mlir::Operation *op);

// The text of `func.func @<name>(inputs..., outputs...)` computing
// `cluster` (every op of it lowerable).
std::string emitClusterFunction(const Cluster &cluster,
                                const std::string &name);

} // namespace sdy::compiler

#endif // SDY_COMPILER_CLUSTERLOWERING_H
