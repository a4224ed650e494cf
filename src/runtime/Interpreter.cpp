//===- Interpreter.cpp - op dispatch of the StableHLO interpreter ---------===//
#include "runtime/Interpreter.h"
#include "compiler/CompiledFunction.h"
#include "runtime/Backend.h"
#include "runtime/BufferPool.h"
#include "runtime/KernelTable.h"
#include "runtime/Liveness.h"
#include "runtime/Tuples.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/raw_ostream.h"

#include <new>

namespace sdy::runtime {

using namespace mlir;
namespace shlo = mlir::stablehlo;
using kernels::ReduceKind;

RunControl::RunControl(int64_t timeoutMs, const volatile int32_t *cancel,
                       const Backend *backend)
    : timeoutMs_(timeoutMs > 0 ? timeoutMs : 0),
      deadline_(Clock::now() + std::chrono::milliseconds(timeoutMs_)),
      cancel_(cancel), backend_(backend) {}

Status RunControl::check() const {
  if (cancel_ && *cancel_ != 0)
    return Status(StatusCode::Cancelled, "the run was cancelled");
  if (deadlinePassed_.load(std::memory_order_acquire))
    return Status(StatusCode::DeadlineExceeded, "run timeout of " +
                                                    std::to_string(timeoutMs_) +
                                                    " ms exceeded");
  if (stopped())
    return Status(StatusCode::PeerStopped,
                  "stopped because another device of the run stopped");
  return Status::ok();
}

int64_t RunControl::collectiveTimeout(int64_t collectiveTimeoutMs,
                                      bool &byDeadline) const {
  byDeadline = false;
  if (timeoutMs_ <= 0)
    return collectiveTimeoutMs;
  // Rounded up, so that a collective cut short by the deadline ends at or
  // after it; at least 1 (0 would mean "forever").
  auto left =
      std::chrono::ceil<std::chrono::milliseconds>(deadline_ - Clock::now())
          .count();
  left = std::max<int64_t>(left, 1);
  if (collectiveTimeoutMs > 0 && collectiveTimeoutMs <= left)
    return collectiveTimeoutMs;
  byDeadline = true;
  return left;
}

void RunControl::poll() {
  if (timeoutMs_ > 0 && Clock::now() >= deadline_)
    deadlinePassed_.store(true, std::memory_order_release);
  if (!stopped() && !check().isOk())
    stop();
}

void RunControl::stop() {
  if (stopped_.exchange(true, std::memory_order_acq_rel))
    return;
  if (backend_)
    localBackendAbort(backend_->table());
}

const Tensor *Interpreter::Env::lookup(Value v) const {
  for (const Env *e = this; e; e = e->parent) {
    auto it = e->values.find(v);
    if (it != e->values.end())
      return &it->second;
  }
  return nullptr;
}

namespace {

std::string locString(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "'" << op->getName() << "' at ";
  op->getLoc().print(os);
  return s;
}

Status tensorTypeOf(Type t, ElementType &et, Shape &shape) {
  auto rt = dyn_cast<RankedTensorType>(t);
  if (!rt || !rt.hasStaticShape())
    return Status::unsupported("only statically shaped tensors are supported");
  if (!fromMlirType(rt.getElementType(), et)) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "unsupported element type " << rt.getElementType();
    return Status::unsupported(s);
  }
  shape.assign(rt.getShape().begin(), rt.getShape().end());
  return Status::ok();
}

// Custom calls that only annotate shardings: the identity on one device's
// data.
bool isIdentityCustomCall(shlo::CustomCallOp op) {
  StringRef t = op.getCallTargetName();
  return (t == "Sharding" || t == "SPMDFullToShardShape" ||
          t == "SPMDShardToFullShape" || t == "xla.sdy.FuncResultSharding") &&
         op->getNumOperands() == 1 && op->getNumResults() == 1 &&
         op->getOperand(0).getType() == op->getResult(0).getType();
}

} // namespace

Status tensorFromAttr(Attribute attr, Tensor &out) {
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense)
    return Status::unsupported("constants must be dense elements attributes");
  ElementType et;
  Shape shape;
  SDY_RETURN_IF_ERROR(tensorTypeOf(dense.getType(), et, shape));
  Tensor t(et, shape);
  int64_t n = t.numElements();
  if (et == ElementType::Pred) {
    uint8_t *p = t.data<uint8_t>();
    int64_t i = 0;
    if (dense.isSplat()) {
      std::memset(p, dense.getSplatValue<bool>() ? 1 : 0, n);
    } else {
      for (bool b : dense.getValues<bool>())
        p[i++] = b ? 1 : 0;
    }
    out = t;
    return Status::ok();
  }
  ArrayRef<char> raw = dense.getRawData();
  size_t es = elementSize(et);
  if (dense.isSplat()) {
    if (raw.size() < es)
      return Status::internal("bad splat constant");
    Tensor one = Tensor::fromData(et, {}, raw.data());
    out = kernels::splat(one, shape);
    return Status::ok();
  }
  if (raw.size() != n * es)
    return Status::internal("bad constant data size");
  if (n)
    std::memcpy(t.raw(), raw.data(), raw.size());
  out = t;
  return Status::ok();
}

std::optional<ReduceKind> Interpreter::recognizeBinaryBody(Region &region,
                                                           bool *replace) {
  if (replace)
    *replace = false;
  if (region.empty())
    return std::nullopt;
  Block &b = region.front();
  if (b.getNumArguments() != 2)
    return std::nullopt;
  auto it = b.begin();
  if (b.getOperations().size() == 1) {
    Operation &ret = *it;
    if (replace && ret.getNumOperands() == 1 &&
        ret.getOperand(0) == b.getArgument(1))
      *replace = true;
    return std::nullopt;
  }
  if (b.getOperations().size() != 2)
    return std::nullopt;
  Operation &op = *it++;
  Operation &ret = *it;
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      ret.getNumOperands() != 1 || ret.getOperand(0) != op.getResult(0))
    return std::nullopt;
  Value a0 = b.getArgument(0), a1 = b.getArgument(1);
  if (!((op.getOperand(0) == a0 && op.getOperand(1) == a1) ||
        (op.getOperand(0) == a1 && op.getOperand(1) == a0)))
    return std::nullopt;
  if (isa<shlo::AddOp>(op))
    return ReduceKind::Add;
  if (isa<shlo::MulOp>(op))
    return ReduceKind::Mul;
  if (isa<shlo::MaxOp>(op))
    return ReduceKind::Max;
  if (isa<shlo::MinOp>(op))
    return ReduceKind::Min;
  if (isa<shlo::AndOp>(op))
    return ReduceKind::And;
  if (isa<shlo::OrOp>(op))
    return ReduceKind::Or;
  return std::nullopt;
}

kernels::ScalarBody Interpreter::scalarBody(Region &region, const Env *parent) {
  return [this, &region, parent](const std::vector<Tensor> &args,
                                 std::vector<Tensor> &results,
                                 std::string &error) {
    Status s = runRegion(region, args, results, parent);
    if (!s.isOk())
      error = s.message();
    return s.isOk();
  };
}

Status Interpreter::run(func::FuncOp func, const std::vector<Tensor> &args,
                        std::vector<Tensor> &results) {
  if (func.isExternal())
    return Status::invalid("function @" + func.getSymName().str() +
                           " has no body");
  auto inputs = func.getFunctionType().getInputs();
  if (inputs.size() != args.size())
    return Status::invalid("@" + func.getSymName().str() + " takes " +
                           std::to_string(inputs.size()) + " arguments, got " +
                           std::to_string(args.size()));
  for (size_t i = 0; i < args.size(); ++i) {
    if (isTokenOrTupleType(inputs[i])) {
      SDY_RETURN_IF_ERROR(checkValueOfType(
          inputs[i], args[i],
          "argument " + std::to_string(i) + " of @" + func.getSymName().str()));
      continue;
    }
    ElementType et;
    Shape shape;
    SDY_RETURN_IF_ERROR(tensorTypeOf(inputs[i], et, shape));
    if (!args[i].valid() || et != args[i].type() || shape != args[i].shape())
      return Status::invalid(
          "argument " + std::to_string(i) + " of @" + func.getSymName().str() +
          " must be tensor<" + shapeString(shape, et) + ">, got tensor<" +
          (args[i].valid() ? shapeString(args[i].shape(), args[i].type())
                           : std::string("invalid")) +
          ">");
  }
  if (callDepth_ == 0 && !ctx_.hasGrid())
    SDY_RETURN_IF_ERROR(gridFromModule(func));
  // The device's tensors come from its pool; a nested call keeps the scope.
  std::optional<BufferPoolScope> pool;
  if (callDepth_ == 0)
    pool.emplace(ctx_.pool);
  Env env;
  Block &block = func.front();
  for (size_t i = 0; i < args.size(); ++i)
    env.values[block.getArgument(i)] = args[i];
  return runBlock(block, env, results);
}

Status Interpreter::gridFromModule(func::FuncOp func) {
  auto module = func->getParentOfType<ModuleOp>();
  auto replicas = module
                      ? module->getAttrOfType<IntegerAttr>("mhlo.num_replicas")
                      : IntegerAttr();
  // One replica: replica_groups keep naming devices (see DeviceContext).
  if (!replicas || replicas.getInt() <= 1)
    return Status::ok();
  int64_t numPartitions = 1;
  if (auto p = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
    numPartitions = p.getInt();
  if (numPartitions < 1 || replicas.getInt() * numPartitions != ctx_.numDevices)
    return Status::invalid(
        "the module has mhlo.num_replicas = " +
        std::to_string(replicas.getInt()) +
        " and mhlo.num_partitions = " + std::to_string(numPartitions) +
        " but runs on " + std::to_string(ctx_.numDevices) + " devices");
  ctx_.numReplicas = replicas.getInt();
  ctx_.numPartitions = numPartitions;
  return Status::ok();
}

Status Interpreter::runRegion(Region &region, const std::vector<Tensor> &args,
                              std::vector<Tensor> &results, const Env *parent) {
  if (region.empty())
    return Status::internal("empty region");
  Block &block = region.front();
  if (block.getNumArguments() != args.size())
    return Status::internal("region takes " +
                            std::to_string(block.getNumArguments()) +
                            " arguments, got " + std::to_string(args.size()));
  Env env;
  env.parent = parent;
  for (size_t i = 0; i < args.size(); ++i)
    env.values[block.getArgument(i)] = args[i];
  return runBlock(block, env, results);
}

Status Interpreter::runBlock(Block &block, Env &env,
                             std::vector<Tensor> &results) {
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      results.clear();
      for (Value v : op.getOperands()) {
        const Tensor *t = env.lookup(v);
        if (!t)
          return Status::internal("undefined value at " + locString(&op));
        results.push_back(*t);
      }
      return Status::ok();
    }
    // A compiled cluster runs in place of its last op.
    const compiler::Cluster *cluster = nullptr;
    if (ctx_.compiled && ctx_.compiled->isClustered(&op)) {
      cluster = ctx_.compiled->clusterEndingAt(&op);
      if (!cluster)
        continue;
    }
    Status s;
    if (ctx_.control)
      s = ctx_.control->check();
    if (s.isOk()) {
      try {
        s = cluster ? runCluster(*cluster, env) : runOp(&op, env);
      } catch (const std::bad_alloc &) {
        s = Status::outOfMemory("out of memory while running the op");
      }
    }
    if (!s.isOk())
      return s.withContext(locString(&op));
    if (cluster) {
      // The cluster's inputs die at one of its ops; its inner values never
      // reach `env`.
      for (Operation *member : cluster->ops)
        dropDeadValues(*member, block, env);
    } else {
      dropDeadValues(op, block, env);
    }
  }
  return Status::internal("block without terminator");
}

void Interpreter::dropDeadValues(Operation &op, Block &block, Env &env) {
  if (ctx_.liveness) {
    for (Value v : ctx_.liveness->diesAt(&op))
      env.values.erase(v);
    return;
  }
  // Without the module's liveness: scan the users of each operand.
  for (Value v : op.getOperands()) {
    auto it = env.values.find(v);
    if (it == env.values.end())
      continue;
    bool later = false;
    for (Operation *user : v.getUsers()) {
      Operation *anc = block.findAncestorOpInBlock(*user);
      if (anc && anc != &op && op.isBeforeInBlock(anc)) {
        later = true;
        break;
      }
    }
    if (!later)
      env.values.erase(it);
  }
}

Status Interpreter::callFunction(Operation *callOp,
                                 const std::vector<Tensor> &args,
                                 std::vector<Tensor> &results) {
  auto call = cast<func::CallOp>(callOp);
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      callOp, call.getCalleeAttr());
  if (!callee)
    return Status::invalid("unknown callee @" + call.getCallee().str());
  if (++callDepth_ > 256) {
    --callDepth_;
    return Status::invalid("call depth exceeds 256 (recursion?)");
  }
  Status s = run(callee, args, results);
  --callDepth_;
  return s;
}

Status Interpreter::runCollective(llvm::function_ref<Status()> fn) {
  RunControl *control = ctx_.control;
  if (!control)
    return fn();
  const int64_t configured = ctx_.timeoutMs;
  bool byDeadline = false;
  ctx_.timeoutMs = control->collectiveTimeout(configured, byDeadline);
  Status s = fn();
  ctx_.timeoutMs = configured;
  if (s.isOk())
    return s;
  // Released by the run's own limits or by a stopped peer (the local
  // backend's abort, or a group broken by it): say so rather than what the
  // backend saw. Other backend errors are the collective's own.
  bool released =
      s.code() == StatusCode::Timeout || s.code() == StatusCode::Unavailable;
  Status stop = released ? control->check() : Status::ok();
  if (!stop.isOk())
    return Status(stop.code(),
                  stop.message() + " in a collective (" + s.message() + ")");
  if (s.code() == StatusCode::Timeout && byDeadline)
    return Status(StatusCode::DeadlineExceeded,
                  "run timeout of " + std::to_string(control->timeoutMs()) +
                      " ms exceeded in a collective (" + s.message() + ")");
  if (s.code() == StatusCode::Timeout)
    return Status(StatusCode::Timeout, "collective timeout of " +
                                           std::to_string(configured) +
                                           " ms exceeded: " + s.message());
  return s;
}

int Interpreter::inPlaceOperand(Operation *op, const Env &env) const {
  // The kernels that compute result element i from operand element i only
  // (Elementwise.cpp's unary and binary maps).
  if (!ctx_.liveness || op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      !isa<shlo::AbsOp, shlo::CbrtOp, shlo::CeilOp, shlo::CosineOp, shlo::ExpOp,
           shlo::Expm1Op, shlo::FloorOp, shlo::LogOp, shlo::Log1pOp,
           shlo::LogisticOp, shlo::NegOp, shlo::NotOp, shlo::RoundNearestEvenOp,
           shlo::RsqrtOp, shlo::SignOp, shlo::SineOp, shlo::SqrtOp, shlo::TanOp,
           shlo::TanhOp, shlo::AddOp, shlo::Atan2Op, shlo::DivOp, shlo::MaxOp,
           shlo::MinOp, shlo::MulOp, shlo::PowOp, shlo::RemOp, shlo::SubtractOp,
           shlo::AndOp, shlo::OrOp, shlo::XorOp>(op))
    return -1;
  Type resultType = op->getResult(0).getType();
  for (unsigned j = 0; j < op->getNumOperands(); ++j) {
    Value v = op->getOperand(j);
    if (v.getType() != resultType || !ctx_.liveness->diesAt(v, op) ||
        llvm::count(op->getOperands(), v) != 1)
      continue;
    auto it = env.values.find(v);
    if (it != env.values.end() && it->second.holdsStorageAlone())
      return static_cast<int>(j);
  }
  return -1;
}

Status Interpreter::runOp(Operation *op, Env &env) {
  const int lent = inPlaceOperand(op, env);
  std::vector<Tensor> in;
  in.reserve(op->getNumOperands());
  for (Value v : op->getOperands()) {
    if (static_cast<int>(in.size()) == lent) {
      // Moved out of `env`, so the kernel's operand is its only holder.
      auto it = env.values.find(v);
      in.push_back(std::move(it->second));
      env.values.erase(it);
      continue;
    }
    const Tensor *t = env.lookup(v);
    if (!t)
      return Status::internal("operand used before definition");
    in.push_back(*t);
  }
  std::vector<Tensor> out;
  ElementType rt = ElementType::F32;
  Shape rs;
  if (op->getNumResults() >= 1 &&
      !isTokenOrTupleType(op->getResult(0).getType())) {
    SDY_RETURN_IF_ERROR(tensorTypeOf(op->getResult(0).getType(), rt, rs));
  }
  // Refuse results that cannot be allocated before computing anything.
  for (Type t : op->getResultTypes()) {
    ElementType et;
    Shape shape;
    if (tensorTypeOf(t, et, shape).isOk())
      SDY_RETURN_IF_ERROR(checkAllocatable(et, shape));
  }
  Kernel kernel = KernelTable::get().lookup(op->getName());
  if (!kernel)
    return Status::unsupported("op cannot be executed");
  SDY_RETURN_IF_ERROR(checkElementTypes(op));
  OpCall call{*this, op, env, in, out, rt, rs};
  {
    std::optional<InPlaceScope> inPlace;
    if (lent >= 0)
      inPlace.emplace(in[lent]);
    SDY_RETURN_IF_ERROR(runKernel(kernel, call));
  }

  if (out.size() != op->getNumResults())
    return Status::internal("op produced " + std::to_string(out.size()) +
                            " values for " +
                            std::to_string(op->getNumResults()) + " results");
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    env.values[op->getResult(i)] = std::move(out[i]);
  return Status::ok();
}

Status Interpreter::constant(Operation *op, Tensor &out) {
  auto it = constants_.find(op);
  if (it == constants_.end()) {
    Tensor t;
    SDY_RETURN_IF_ERROR(tensorFromAttr(op->getAttr("value"), t));
    it = constants_.insert({op, t}).first;
  }
  out = it->second;
  return Status::ok();
}

//===----------------------------------------------------------------------===//
// Op kernels
//===----------------------------------------------------------------------===//

namespace {

Status constantKernel(OpCall &c) {
  c.out.emplace_back();
  return c.interp.constant(c.op, c.out.back());
}

Status customCallKernel(OpCall &c) {
  auto op = cast<shlo::CustomCallOp>(c.op);
  if (Kernel lapack = lookupLapackCustomCall(op.getCallTargetName()))
    return lapack(c);
  if (op.getCallTargetName().starts_with("check."))
    return runCheckCustomCall(c);
  if (op.getCallTargetName() == "ApproxTopK")
    return runApproxTopK(c);
  // JAX's host callbacks call a Python function of the tracing process. One
  // without results (jax.debug.print, jax.debug.callback) cannot change
  // the program's values: it is skipped. One with results cannot run.
  if (op.getCallTargetName() == "xla_ffi_python_cpu_callback" ||
      op.getCallTargetName() == "xla_python_cpu_callback") {
    if (op->getNumResults() == 0)
      return Status::ok();
    return Status::unsupported(
        "custom_call target '" + op.getCallTargetName().str() +
        "' (jax.pure_callback or io_callback) calls a Python function of the "
        "process that traced the program; it cannot be executed");
  }
  if (!isIdentityCustomCall(op))
    return Status::unsupported("custom_call target '" +
                               op.getCallTargetName().str() +
                               "' cannot be executed");
  c.out = c.in;
  return Status::ok();
}

// The sdy ops below are what an unpartitioned module may hold; running it on
// one device gives each its meaning there.

Status sdyIdentityKernel(OpCall &c) {
  c.out = c.in;
  return Status::ok();
}

// Only constrains how values are sharded: nothing to compute.
Status shardingGroupKernel(OpCall &) { return Status::ok(); }

// Propagation sees through it; on one device it is its body, inlined.
Status namedComputationKernel(OpCall &c) {
  return c.interp.runRegion(c.op->getRegion(0), c.in, c.out, &c.env);
}

} // namespace

void registerInterpreterKernels(KernelTable &table) {
  table.add<shlo::ConstantOp>(constantKernel);
  table.add<shlo::CustomCallOp>(customCallKernel);
  // sdy.constant is a constant that propagation keeps unmerged.
  table.add<mlir::sdy::ConstantOp>(constantKernel);
  table.add<mlir::sdy::ShardingConstraintOp, mlir::sdy::ReshardOp>(
      sdyIdentityKernel);
  table.add<mlir::sdy::ShardingGroupOp>(shardingGroupKernel);
  table.add<mlir::sdy::NamedComputationOp>(namedComputationKernel);
}

} // namespace sdy::runtime
