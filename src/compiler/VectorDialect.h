//===- VectorDialect.h - vectorizing linalg ops with MLIR's vector dialect ===//
//
// The alternative to LLVM's loop vectorizer: each bufferized linalg op whose
// innermost loop is parallel is tiled by scf loops to [1, ..., 1, W] and the
// tile vectorized with linalg::vectorize; the vector ops are then lowered to
// 1-D vectors for the LLVM conversion. Ops it does not cover stay loops.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_VECTORDIALECT_H
#define SDY_COMPILER_VECTORDIALECT_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace sdy::compiler {

// Tiles and vectorizes the linalg ops of `module` (on buffers) and lowers
// the vector ops to 1-D vector loads, stores and arithmetic.
mlir::LogicalResult vectorizeLinalgOps(mlir::ModuleOp module);

} // namespace sdy::compiler

#endif // SDY_COMPILER_VECTORDIALECT_H
