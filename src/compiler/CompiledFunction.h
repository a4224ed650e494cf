//===- CompiledFunction.h - fused, JIT-compiled clusters of a function ---===//
//
// The compiled CPU path of the runtime. A function's top-level ops are split
// into fusion clusters: maximal runs of ops, contiguous in block order, that
// the compiler lowers (elementwise arithmetic and math, compare, select,
// convert, broadcast_in_dim, reshape, transpose, reduce with an add, mul,
// max or min body). Constants used by a cluster are folded into it. Each
// cluster becomes one function of a private module: lowered to
// linalg/tensor/arith/math, its elementwise ops fused, bufferized into
// caller-provided buffers, transcendental functions replaced by polynomial
// approximations, lowered to LLVM and JIT-compiled with MLIR's
// ExecutionEngine. The interpreter runs each cluster as one op; everything
// else (contractions, collectives, control flow, ...) stays interpreted.
//
// The clusters only read the function: it must outlive the CompiledFunction
// and not change. Running a cluster is thread-safe (the code is immutable).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_COMPILEDFUNCTION_H
#define SDY_COMPILER_COMPILEDFUNCTION_H

#include "compiler/ExecMode.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
class Operation;
namespace func {
class FuncOp;
}
} // namespace mlir

namespace sdy::compiler {

// One compiled cluster: `ops` (contiguous in block order, constants not
// included) read `inputs` and define `outputs`, the values used after the
// cluster. The kernel takes a pointer to each input's data then to each
// output's data (dense row-major buffers of the value's type, outputs
// allocated by the caller).
struct Cluster {
  std::vector<mlir::Operation *> ops;
  std::vector<mlir::Value> inputs;
  std::vector<mlir::Value> outputs;
  // args[i] points to a `void *` holding the i-th buffer's address.
  void (*kernel)(void **args) = nullptr;
  // When parts > 1, the kernel computes one block of 1/parts of the rows
  // (leading dimension) of every output from the same block of each input
  // marked in inputSplit and the whole of the other inputs; it is called
  // once per block with those buffers advanced to the block (RowSplit.h).
  int64_t parts = 1;
  std::vector<bool> inputSplit;
  // The values (operands and results of `ops`) the kernel sees as a block.
  llvm::DenseSet<mlir::Value> splitValues;
};

class CompiledFunction {
public:
  ~CompiledFunction();

  // Splits `func`'s body into clusters and compiles them. Fails (with a
  // message) only in Compile mode, when a cluster cannot be compiled; in
  // Auto mode such a cluster is left to the interpreter. `out` is null in
  // Interpret mode.
  static bool create(mlir::func::FuncOp func, ExecMode mode,
                     std::unique_ptr<CompiledFunction> &out,
                     std::string &error);

  // The cluster that `op` is the last op of, or null.
  const Cluster *clusterEndingAt(mlir::Operation *op) const;
  // Whether `op` belongs to a cluster (the interpreter skips it).
  bool isClustered(mlir::Operation *op) const { return member_.count(op) != 0; }
  const std::vector<std::unique_ptr<Cluster>> &clusters() const {
    return clusters_;
  }
  // What was compiled and which ops fell back to the interpreter, and why:
  // one line per cluster and per distinct (op name, reason).
  const std::string &report() const { return report_; }

private:
  CompiledFunction() = default;

  std::vector<std::unique_ptr<Cluster>> clusters_;
  std::vector<std::unique_ptr<mlir::ExecutionEngine>> engines_;
  llvm::DenseMap<mlir::Operation *, const Cluster *> last_;
  llvm::DenseMap<mlir::Operation *, const Cluster *> member_;
  std::string report_;
};

} // namespace sdy::compiler

#endif // SDY_COMPILER_COMPILEDFUNCTION_H
