//===- Executable.cpp - a prepared module run on N devices ----------------===//
#include "runtime/Executable.h"
#include "compiler/CompiledFunction.h"
#include "runtime/BufferPool.h"
#include "runtime/Gemm.h"
#include "runtime/Interpreter.h"
#include "runtime/Liveness.h"
#include "runtime/ThreadPool.h"

#include "ir/Registration.h"
#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "ir/stablehlo/StablehloDynamicOps.h"
#include "ir/utils/BoolHexConstants.h"
#include "ir/utils/TextNesting.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <new>
#include <thread>

namespace sdy::runtime {

using namespace mlir;

void registerRuntimeDialects(MLIRContext &ctx) {
  DialectRegistry registry;
  ::mlir::sdy::registerAllDialects(registry);
  ctx.appendDialectRegistry(registry);
  ctx.loadAllAvailableDialects();
}

Executable::~Executable() {
  if (ownedModule_)
    ownedModule_->erase();
}

namespace {
Status parseInto(MLIRContext &ctx, llvm::SourceMgr &sm,
                 OwningOpRef<ModuleOp> &m) {
  // MLIR's recursive parser would overflow the stack on deeper text.
  StringRef text = sm.getMemoryBuffer(sm.getMainFileID())->getBuffer();
  if (auto at = mlir::sdy::findExcessiveNesting(text))
    return Status::invalid(
        "cannot parse module: line " + std::to_string(at->first) + ", column " +
        std::to_string(at->second) + ": nesting deeper than " +
        std::to_string(mlir::sdy::kMaxTextNesting) + " brackets");
  std::string diags;
  {
    llvm::raw_string_ostream os(diags);
    SourceMgrDiagnosticHandler handler(sm, &ctx, os);
    m = parseSourceFile<ModuleOp>(sm, &ctx);
    if (m && failed(mlir::stablehlo::replaceDynamicOpsWithStaticOps(*m)))
      return Status::unsupported("cannot run module:\n" + diags);
  }
  if (!m)
    return Status::invalid("cannot parse module:\n" + diags);
  return Status::ok();
}
} // namespace

Status Executable::fromText(const std::string &text,
                            const ExecutableOptions &opts,
                            std::unique_ptr<Executable> &out) {
  std::unique_ptr<Executable> e(new Executable());
  e->opts_ = opts;
  e->context_ = std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
  registerRuntimeDialects(*e->context_);
  llvm::SourceMgr sm;
  std::optional<std::string> packed = mlir::sdy::packBoolHexConstants(text);
  sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(packed ? *packed : text, "<module>"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> m;
  SDY_RETURN_IF_ERROR(parseInto(*e->context_, sm, m));
  e->ownedModule_ = m.release().getOperation();
  SDY_RETURN_IF_ERROR(e->prepare(cast<ModuleOp>(e->ownedModule_)));
  out = std::move(e);
  return Status::ok();
}

Status Executable::fromFile(const std::string &path,
                            const ExecutableOptions &opts,
                            std::unique_ptr<Executable> &out) {
  auto buf = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buf)
    return Status::invalid("cannot read '" + path + "'");
  return fromText((*buf)->getBuffer().str(), opts, out);
}

Status Executable::fromModule(ModuleOp module, const ExecutableOptions &opts,
                              std::unique_ptr<Executable> &out) {
  std::unique_ptr<Executable> e(new Executable());
  e->opts_ = opts;
  if (mlir::stablehlo::hasDynamicOps(module)) {
    // Rewrite a copy: the caller's module stays as it was given.
    e->ownedModule_ = module->clone();
    module = cast<ModuleOp>(e->ownedModule_);
    std::string diags;
    llvm::raw_string_ostream os(diags);
    ScopedDiagnosticHandler handler(module->getContext(), [&](Diagnostic &d) {
      os << d.getLocation() << ": " << d << "\n";
      return success();
    });
    if (failed(mlir::stablehlo::replaceDynamicOpsWithStaticOps(module)))
      return Status::unsupported("cannot run module:\n" + diags);
  }
  SDY_RETURN_IF_ERROR(e->prepare(module));
  out = std::move(e);
  return Status::ok();
}

namespace {
/// "@a, @b" for the public functions with a body, "none" if there are none.
std::string listPublicFunctions(ArrayRef<func::FuncOp> functions) {
  if (functions.empty())
    return "none";
  std::string list;
  for (func::FuncOp f : functions)
    list += (list.empty() ? "@" : ", @") + f.getSymName().str();
  return list;
}
} // namespace

Status findEntryFunction(ModuleOp module, const std::string &name,
                         func::FuncOp &out) {
  SmallVector<func::FuncOp> candidates;
  for (auto f : module.getOps<func::FuncOp>())
    if (!f.isPrivate() && !f.isExternal())
      candidates.push_back(f);
  if (!name.empty()) {
    out = module.lookupSymbol<func::FuncOp>(name);
    if (!out)
      return Status::invalid(
          "the module has no function @" + name +
          " (public functions: " + listPublicFunctions(candidates) + ")");
  } else {
    out = module.lookupSymbol<func::FuncOp>("main");
    if (!out) {
      if (candidates.size() != 1)
        return Status::invalid(
            "the module has no function @main and " +
            std::to_string(candidates.size()) + " public functions (" +
            listPublicFunctions(candidates) + "): name the function to run");
      out = candidates.front();
    }
  }
  if (out.isExternal())
    return Status::invalid("@" + out.getSymName().str() +
                           " is a declaration without a body");
  return Status::ok();
}

Status tensorSpecOf(const std::string &what, Type type, TensorSpec &spec) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  type.print(os);
  os.flush();
  if (!ranked || !ranked.hasStaticShape())
    return Status::unsupported(what + " has type " + printed +
                               ": only statically shaped tensors can be run");
  if (!fromMlirType(ranked.getElementType(), spec.type))
    return Status::unsupported(
        what + " has type " + printed +
        ": its element type is not supported by the engine");
  spec.shape.assign(ranked.getShape().begin(), ranked.getShape().end());
  return Status::ok();
}

Status Executable::prepare(ModuleOp module) {
  module_ = module.getOperation();
  func::FuncOp f;
  SDY_RETURN_IF_ERROR(findEntryFunction(module, opts_.entry, f));
  entry_ = f.getOperation();
  for (auto [i, t] : llvm::enumerate(f.getFunctionType().getInputs())) {
    TensorSpec s;
    SDY_RETURN_IF_ERROR(tensorSpecOf("argument " + std::to_string(i), t, s));
    args_.push_back(s);
  }
  for (auto [i, t] : llvm::enumerate(f.getFunctionType().getResults())) {
    TensorSpec s;
    SDY_RETURN_IF_ERROR(tensorSpecOf("result " + std::to_string(i), t, s));
    results_.push_back(s);
  }
  // The interpreter asks for op order (isBeforeInBlock); compute it now so
  // that concurrent device threads only read the IR.
  module->walk([](Block *b) {
    if (!b->empty() && !b->isOpOrderValid())
      b->recomputeOpOrder();
  });
  liveness_ = std::make_unique<Liveness>(module_);
  std::string error;
  if (!compiler::CompiledFunction::create(f, opts_.execMode, compiled_, error))
    return Status::unsupported("execution mode 'compile': " + error);
  return Status::ok();
}

std::shared_ptr<BufferPool> Executable::poolOf(int64_t deviceId) const {
  std::lock_guard<std::mutex> l(poolsMu_);
  auto &pool = pools_[deviceId];
  if (!pool)
    pool = std::make_shared<BufferPool>();
  return pool;
}

std::string Executable::compileReport() const {
  return compiled_ ? compiled_->report() : std::string();
}

namespace {

// The process-wide thread cap of matrix products, shared by concurrent
// multi-device runs (see ExecutableOptions::blasThreadsPerDevice).
std::mutex blasMu;
int blasUsers = 0;
int blasSaved = 0;

class BlasThreadScope {
public:
  explicit BlasThreadScope(int threads) : active_(threads > 0) {
    if (!active_)
      return;
    std::lock_guard<std::mutex> l(blasMu);
    if (blasUsers++ == 0) {
      blasSaved = gemmThreads();
      if (blasSaved != threads)
        setGemmThreads(threads);
    }
  }
  ~BlasThreadScope() {
    if (!active_)
      return;
    std::lock_guard<std::mutex> l(blasMu);
    if (--blasUsers == 0 && gemmThreads() != blasSaved)
      setGemmThreads(blasSaved);
  }
  BlasThreadScope(const BlasThreadScope &) = delete;
  BlasThreadScope &operator=(const BlasThreadScope &) = delete;

private:
  bool active_;
};

int blasThreadsFor(int option, size_t localDevices) {
  if (option != 0)
    return option;
  if (localDevices <= 1 || std::getenv("OPENBLAS_NUM_THREADS") ||
      std::getenv("OMP_NUM_THREADS"))
    return 0;
  int hw = static_cast<int>(std::thread::hardware_concurrency());
  return std::max(1, hw / static_cast<int>(localDevices));
}

} // namespace

namespace {

// How much a failure explains: the root cause ranks first, then the run's
// own limits, then the collective timeouts it caused on peers, then the
// devices that only stopped because another did.
int rootCauseRank(const Status &s) {
  switch (s.code()) {
  case StatusCode::PeerStopped:
    return 3;
  case StatusCode::Timeout:
    return 2;
  case StatusCode::DeadlineExceeded:
  case StatusCode::Cancelled:
    return 1;
  default:
    return 0;
  }
}

// Polls the run's limits while it runs (the devices themselves only read
// flags, so that a check per op costs no clock read), and stops the run when
// one is hit: that also releases devices waiting in a local collective.
class Watchdog {
public:
  explicit Watchdog(RunControl &control) : control_(control) {
    if (control.hasLimits())
      thread_ = std::thread([this] { loop(); });
  }
  ~Watchdog() {
    if (!thread_.joinable())
      return;
    {
      std::lock_guard<std::mutex> l(mu_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

private:
  void loop() {
    std::unique_lock<std::mutex> l(mu_);
    while (!done_) {
      cv_.wait_for(l, std::chrono::milliseconds(1));
      if (!done_)
        control_.poll();
    }
  }

  RunControl &control_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

Status runDevice(DeviceContext ctx, Operation *entry,
                 const std::vector<Tensor> &inputs,
                 std::vector<Tensor> &outputs) {
  try {
    Interpreter interp(ctx);
    return interp.run(cast<func::FuncOp>(entry), inputs, outputs);
  } catch (const std::bad_alloc &) {
    return Status::outOfMemory("out of memory");
  } catch (...) {
    return Status::internal("unexpected exception");
  }
}

} // namespace

Status Executable::runSingle(const std::vector<Tensor> &inputs,
                             std::vector<Tensor> &outputs,
                             const RunOptions &options) const {
  RunControl control(options.timeoutMs, options.cancel, nullptr);
  DeviceContext ctx;
  ctx.deviceId = 0;
  ctx.numDevices = 1;
  ctx.timeoutMs = options.collectiveTimeoutMs < 0 ? opts_.timeoutMs
                                                  : options.collectiveTimeoutMs;
  ctx.control = &control;
  if (opts_.reuseBuffers) {
    ctx.pool = poolOf(0);
    ctx.liveness = liveness_.get();
  }
  ctx.compiled = compiled_.get();
  ctx.kernelThreads = threadsPerDevice(1);
  Watchdog watchdog(control);
  return runDevice(ctx, entry_, inputs, outputs);
}

Status Executable::run(const Backend &backend,
                       const std::vector<std::vector<Tensor>> &inputs,
                       std::vector<std::vector<Tensor>> &outputs,
                       const RunOptions &options) const {
  int32_t numDevices = 0;
  SDY_RETURN_IF_ERROR(backend.deviceCount(numDevices));
  std::vector<int64_t> local;
  SDY_RETURN_IF_ERROR(backend.localDevices(local));
  if (inputs.size() != local.size())
    return Status::invalid("got inputs for " + std::to_string(inputs.size()) +
                           " devices, backend '" + backend.name() + "' has " +
                           std::to_string(local.size()) + " local devices");
  // A backend runs one program at a time: a previous run's abort ends here.
  localBackendReset(backend.table());
  RunControl control(options.timeoutMs, options.cancel, &backend);
  const int64_t collectiveTimeoutMs = options.collectiveTimeoutMs < 0
                                          ? opts_.timeoutMs
                                          : options.collectiveTimeoutMs;
  outputs.assign(local.size(), {});
  std::vector<Status> statuses(local.size());
  auto work = [&](size_t i) {
    DeviceContext ctx;
    ctx.deviceId = local[i];
    ctx.numDevices = numDevices;
    ctx.backend = &backend;
    ctx.timeoutMs = collectiveTimeoutMs;
    ctx.control = &control;
    if (opts_.reuseBuffers) {
      ctx.pool = poolOf(local[i]);
      ctx.liveness = liveness_.get();
    }
    ctx.compiled = compiled_.get();
    ctx.kernelThreads = threadsPerDevice(static_cast<int64_t>(local.size()));
    statuses[i] = runDevice(ctx, entry_, inputs[i], outputs[i])
                      .withContext("device " + std::to_string(local[i]));
    // Release the peers: they would otherwise wait for this device in their
    // next collective until it times out.
    if (!statuses[i].isOk())
      control.stop();
  };
  {
    Watchdog watchdog(control);
    if (local.size() == 1) {
      work(0);
    } else {
      BlasThreadScope blas(
          blasThreadsFor(opts_.blasThreadsPerDevice, local.size()));
      std::vector<std::thread> threads;
      for (size_t i = 0; i < local.size(); ++i)
        threads.emplace_back(work, i);
      for (auto &t : threads)
        t.join();
    }
  }
  const Status *worst = nullptr;
  for (const Status &s : statuses)
    if (!s.isOk() && (!worst || rootCauseRank(s) < rootCauseRank(*worst)))
      worst = &s;
  return worst ? *worst : Status::ok();
}

Status Executable::runLocal(int32_t numDevices,
                            const std::vector<std::vector<Tensor>> &inputs,
                            std::vector<std::vector<Tensor>> &outputs) const {
  std::unique_ptr<Backend> backend;
  SDY_RETURN_IF_ERROR(Backend::create("local", numDevices, backend));
  return run(*backend, inputs, outputs);
}

} // namespace sdy::runtime
