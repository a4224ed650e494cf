//===- Executable.h - a prepared module run on N devices --------*- C++ -*-===//
//
// An Executable owns (or borrows) a module whose entry function is run on
// every local device of a backend: one host thread per local device, each
// with its own Interpreter whose partition_id is the device id. Inputs and
// outputs are per local device, in the order of Backend::localDevices().
// The API is plain (Status + vectors of Tensor) so that a C layer can wrap
// it 1:1 (sdy_executable_t over Executable, sdy_backend_table_t over Backend).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_EXECUTABLE_H
#define SDY_RUNTIME_EXECUTABLE_H

#include "compiler/ExecMode.h"
#include "runtime/Backend.h"
#include "runtime/Status.h"
#include "runtime/Tensor.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
class ModuleOp;
class Operation;
class Type;
namespace func {
class FuncOp;
}
} // namespace mlir

namespace sdy::compiler {
class CompiledFunction;
}

namespace sdy::runtime {

struct ExecutableOptions {
  // The func.func to run; empty: see findEntryFunction().
  std::string entry;
  int64_t timeoutMs = 60000; // per-collective timeout
  // The most threads one matrix product uses (setGemmThreads, Gemm.h)
  // while run() drives more than one local device (each device thread
  // runs its products concurrently; a device's own share of the cores,
  // max(1, hardware threads / local devices), bounds them too):
  //   0 (default): max(1, hardware threads / local devices), unless the
  //      user set OPENBLAS_NUM_THREADS or OMP_NUM_THREADS (then untouched);
  //   > 0: that many; < 0: leave it alone.
  // The count is process-wide: it is set when the first such run starts
  // and restored when the last concurrent one ends. runSingle() and runs
  // with one local device never change it.
  int blasThreadsPerDevice = 0;
  // Each value's buffer is released after its last use, freed buffers are
  // kept in a pool per device for the next allocation of the same size (and
  // the next run), and elementwise ops may overwrite an operand that dies at
  // them. false: every tensor is a fresh heap allocation (for comparisons).
  bool reuseBuffers = true;
  // Auto (default) and Compile run fusion clusters of the entry function as
  // JIT-compiled kernels (docs/compiled_execution.md); Interpret runs every
  // op in the interpreter, the reference.
  compiler::ExecMode execMode = compiler::ExecMode::Auto;
};

// Limits of one run (sdy_run_options_t of the C ABI).
struct RunOptions {
  // The whole run; 0: none. Checked by every device before each op and
  // bounding every collective's timeout.
  int64_t timeoutMs = 0;
  // Longest a device waits for its peers in one collective; < 0: the
  // executable's ExecutableOptions::timeoutMs; 0: forever.
  int64_t collectiveTimeoutMs = -1;
  // When another thread stores nonzero, the run stops (Cancelled).
  const volatile int32_t *cancel = nullptr;
};

struct TensorSpec {
  ElementType type;
  Shape shape;
};

// The function to run: `name` (which must exist and have a body), or, when
// `name` is empty, @main, or else the only public function. The C ABI, the
// runtime and sdy-run all choose it here, with the same messages.
Status findEntryFunction(mlir::ModuleOp module, const std::string &name,
                         mlir::func::FuncOp &out);

// The local type of a function argument or result (`what`, e.g. "argument
// 0"): a statically shaped tensor of an element type the engine runs.
Status tensorSpecOf(const std::string &what, mlir::Type type, TensorSpec &spec);

// Registers the dialects an executable module may contain (func, stablehlo,
// sdy) in `ctx`.
void registerRuntimeDialects(mlir::MLIRContext &ctx);

class BufferPool;
class Liveness;

class Executable {
public:
  ~Executable();
  // Parses MLIR text (owns a fresh context).
  static Status fromText(const std::string &text, const ExecutableOptions &opts,
                         std::unique_ptr<Executable> &out);
  static Status fromFile(const std::string &path, const ExecutableOptions &opts,
                         std::unique_ptr<Executable> &out);
  // Borrows `module`: it (and its context) must outlive the executable and
  // must not change while the executable runs.
  static Status fromModule(mlir::ModuleOp module, const ExecutableOptions &opts,
                           std::unique_ptr<Executable> &out);

  const std::vector<TensorSpec> &argumentSpecs() const { return args_; }
  const std::vector<TensorSpec> &resultSpecs() const { return results_; }

  // Runs on the local devices of `backend` (inputs[i] for the i-th local
  // device); `outputs` gets one result list per local device. When a device
  // fails (or the run is cancelled or past its deadline), the others stop
  // before their next op, and those waiting in a collective of the local
  // backend are released at once; the status reported is the root cause
  // (see Executable.cpp).
  Status run(const Backend &backend,
             const std::vector<std::vector<Tensor>> &inputs,
             std::vector<std::vector<Tensor>> &outputs,
             const RunOptions &options = RunOptions()) const;
  // Runs on one device without a backend (device id 0 of 1).
  Status runSingle(const std::vector<Tensor> &inputs,
                   std::vector<Tensor> &outputs,
                   const RunOptions &options = RunOptions()) const;
  // Convenience: a fresh local backend with `numDevices` devices.
  Status runLocal(int32_t numDevices,
                  const std::vector<std::vector<Tensor>> &inputs,
                  std::vector<std::vector<Tensor>> &outputs) const;

  // What the compiled path compiled and what fell back to the interpreter
  // (empty in Interpret mode).
  std::string compileReport() const;

private:
  Executable() = default;
  Status prepare(mlir::ModuleOp module);

  std::unique_ptr<mlir::MLIRContext> context_;
  mlir::Operation *ownedModule_ = nullptr;
  mlir::Operation *module_ = nullptr;
  mlir::Operation *entry_ = nullptr;
  ExecutableOptions opts_;
  std::vector<TensorSpec> args_, results_;
  // Where each value dies, and each device's pool of freed buffers (reused
  // by the next run; see BufferPool.h).
  std::unique_ptr<Liveness> liveness_;
  std::shared_ptr<BufferPool> poolOf(int64_t deviceId) const;
  mutable std::mutex poolsMu_;
  mutable std::map<int64_t, std::shared_ptr<BufferPool>> pools_;
  std::unique_ptr<compiler::CompiledFunction> compiled_;
};

} // namespace sdy::runtime

#endif // SDY_RUNTIME_EXECUTABLE_H
