//===- Liveness.h - where each value of a module dies -----------*- C++ -*-===//
//
// For every op of a module, the values whose last use in the op's block is
// that op (a use inside the op's regions counts as a use by the op), and the
// results of the op that nothing reads. Computed
// once when an executable is created; the interpreter drops each value's
// tensor there, so its buffer goes back to the device's pool, and may let an
// elementwise op overwrite an operand that dies at it.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_LIVENESS_H
#define SDY_RUNTIME_LIVENESS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace sdy::runtime {

class Liveness {
public:
  // Analyses every block nested in `root` (typically the module). `root`
  // must not change while the analysis is used.
  explicit Liveness(mlir::Operation *root);

  // The values whose last use in `op`'s block is `op`, each once.
  llvm::ArrayRef<mlir::Value> diesAt(mlir::Operation *op) const;
  // Whether `v` dies at `op`.
  bool diesAt(mlir::Value v, mlir::Operation *op) const;

private:
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value, 2>> dying_;
};

} // namespace sdy::runtime

#endif // SDY_RUNTIME_LIVENESS_H
