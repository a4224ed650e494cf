//===- Interpreter.cpp - op dispatch of the StableHLO interpreter ---------===//
#include "runtime/Interpreter.h"
#include "runtime/Backend.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <new>

namespace sdy::runtime {

using namespace mlir;
namespace shlo = mlir::stablehlo;
using kernels::BinaryOp;
using kernels::ReduceKind;
using kernels::UnaryOp;

RunControl::RunControl(int64_t timeoutMs, const volatile int32_t *cancel,
                       const Backend *backend)
    : timeoutMs_(timeoutMs > 0 ? timeoutMs : 0),
      deadline_(Clock::now() + std::chrono::milliseconds(timeoutMs_)),
      cancel_(cancel), backend_(backend) {}

Status RunControl::check() const {
  if (cancel_ && *cancel_ != 0)
    return Status(StatusCode::Cancelled, "the run was cancelled");
  if (deadlinePassed_.load(std::memory_order_acquire))
    return Status(StatusCode::DeadlineExceeded,
                  "run timeout of " + std::to_string(timeoutMs_) +
                      " ms exceeded");
  if (stopped())
    return Status(StatusCode::PeerStopped,
                  "stopped because another device of the run stopped");
  return Status::ok();
}

int64_t RunControl::collectiveTimeout(int64_t collectiveTimeoutMs,
                                      bool &byDeadline) const {
  byDeadline = false;
  if (timeoutMs_ <= 0) return collectiveTimeoutMs;
  // Rounded up, so that a collective cut short by the deadline ends at or
  // after it; at least 1 (0 would mean "forever").
  auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline_ -
                                                           Clock::now())
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
  if (!stopped() && !check().isOk()) stop();
}

void RunControl::stop() {
  if (stopped_.exchange(true, std::memory_order_acq_rel)) return;
  if (backend_) localBackendAbort(backend_->table());
}

const Tensor *Interpreter::Env::lookup(Value v) const {
  for (const Env *e = this; e; e = e->parent) {
    auto it = e->values.find(v);
    if (it != e->values.end()) return &it->second;
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

const llvm::StringMap<UnaryOp> &unaryOps() {
  static const llvm::StringMap<UnaryOp> m = {
      {"stablehlo.abs", UnaryOp::Abs},
      {"stablehlo.cbrt", UnaryOp::Cbrt},
      {"stablehlo.ceil", UnaryOp::Ceil},
      {"stablehlo.cosine", UnaryOp::Cosine},
      {"stablehlo.exponential", UnaryOp::Exp},
      {"stablehlo.exponential_minus_one", UnaryOp::Expm1},
      {"stablehlo.floor", UnaryOp::Floor},
      {"stablehlo.log", UnaryOp::Log},
      {"stablehlo.log_plus_one", UnaryOp::Log1p},
      {"stablehlo.logistic", UnaryOp::Logistic},
      {"stablehlo.negate", UnaryOp::Negate},
      {"stablehlo.not", UnaryOp::Not},
      {"stablehlo.round_nearest_even", UnaryOp::RoundNearestEven},
      {"stablehlo.rsqrt", UnaryOp::Rsqrt},
      {"stablehlo.sign", UnaryOp::Sign},
      {"stablehlo.sine", UnaryOp::Sine},
      {"stablehlo.sqrt", UnaryOp::Sqrt},
      {"stablehlo.tan", UnaryOp::Tan},
      {"stablehlo.tanh", UnaryOp::Tanh},
  };
  return m;
}

const llvm::StringMap<BinaryOp> &binaryOps() {
  static const llvm::StringMap<BinaryOp> m = {
      {"stablehlo.add", BinaryOp::Add},
      {"stablehlo.atan2", BinaryOp::Atan2},
      {"stablehlo.divide", BinaryOp::Divide},
      {"stablehlo.maximum", BinaryOp::Maximum},
      {"stablehlo.minimum", BinaryOp::Minimum},
      {"stablehlo.multiply", BinaryOp::Multiply},
      {"stablehlo.power", BinaryOp::Power},
      {"stablehlo.remainder", BinaryOp::Remainder},
      {"stablehlo.subtract", BinaryOp::Subtract},
      {"stablehlo.and", BinaryOp::And},
      {"stablehlo.or", BinaryOp::Or},
      {"stablehlo.xor", BinaryOp::Xor},
  };
  return m;
}

std::vector<int64_t> vec(ArrayRef<int64_t> a) { return {a.begin(), a.end()}; }

// Ops of other dialects that are the identity on one device's data.
bool isIdentityOp(Operation *op) {
  StringRef n = op->getName().getStringRef();
  if (n == "sdy.sharding_constraint" || n == "sdy.reshard") return true;
  if (auto cc = dyn_cast<shlo::CustomCallOp>(op)) {
    StringRef t = cc.getCallTargetName();
    return (t == "Sharding" || t == "SPMDFullToShardShape" ||
            t == "SPMDShardToFullShape" || t == "xla.sdy.FuncResultSharding") &&
           op->getNumOperands() == 1 && op->getNumResults() == 1 &&
           op->getOperand(0).getType() == op->getResult(0).getType();
  }
  return false;
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
      for (bool b : dense.getValues<bool>()) p[i++] = b ? 1 : 0;
    }
    out = t;
    return Status::ok();
  }
  ArrayRef<char> raw = dense.getRawData();
  size_t es = elementSize(et);
  if (dense.isSplat()) {
    if (raw.size() < es) return Status::internal("bad splat constant");
    Tensor one = Tensor::fromData(et, {}, raw.data());
    out = kernels::splat(one, shape);
    return Status::ok();
  }
  if (raw.size() != n * es) return Status::internal("bad constant data size");
  if (n) std::memcpy(t.raw(), raw.data(), raw.size());
  out = t;
  return Status::ok();
}

std::optional<ReduceKind> Interpreter::recognizeBinaryBody(Region &region,
                                                           bool *replace) {
  if (replace) *replace = false;
  if (region.empty()) return std::nullopt;
  Block &b = region.front();
  if (b.getNumArguments() != 2) return std::nullopt;
  auto it = b.begin();
  if (b.getOperations().size() == 1) {
    Operation &ret = *it;
    if (replace && ret.getNumOperands() == 1 &&
        ret.getOperand(0) == b.getArgument(1))
      *replace = true;
    return std::nullopt;
  }
  if (b.getOperations().size() != 2) return std::nullopt;
  Operation &op = *it++;
  Operation &ret = *it;
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      ret.getNumOperands() != 1 || ret.getOperand(0) != op.getResult(0))
    return std::nullopt;
  Value a0 = b.getArgument(0), a1 = b.getArgument(1);
  if (!((op.getOperand(0) == a0 && op.getOperand(1) == a1) ||
        (op.getOperand(0) == a1 && op.getOperand(1) == a0)))
    return std::nullopt;
  if (isa<shlo::AddOp>(op)) return ReduceKind::Add;
  if (isa<shlo::MulOp>(op)) return ReduceKind::Mul;
  if (isa<shlo::MaxOp>(op)) return ReduceKind::Max;
  if (isa<shlo::MinOp>(op)) return ReduceKind::Min;
  if (isa<shlo::AndOp>(op)) return ReduceKind::And;
  if (isa<shlo::OrOp>(op)) return ReduceKind::Or;
  return std::nullopt;
}

kernels::ScalarBody Interpreter::scalarBody(Region &region, const Env *parent) {
  return [this, &region, parent](const std::vector<Tensor> &args,
                                 std::vector<Tensor> &results,
                                 std::string &error) {
    Status s = runRegion(region, args, results, parent);
    if (!s.isOk()) error = s.message();
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
  Env env;
  Block &block = func.front();
  for (size_t i = 0; i < args.size(); ++i)
    env.values[block.getArgument(i)] = args[i];
  return runBlock(block, env, results);
}

Status Interpreter::runRegion(Region &region, const std::vector<Tensor> &args,
                              std::vector<Tensor> &results, const Env *parent) {
  if (region.empty()) return Status::internal("empty region");
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
        if (!t) return Status::internal("undefined value at " + locString(&op));
        results.push_back(*t);
      }
      return Status::ok();
    }
    Status s;
    if (ctx_.control) s = ctx_.control->check();
    if (s.isOk()) {
      try {
        s = runOp(&op, env);
      } catch (const std::bad_alloc &) {
        s = Status::outOfMemory("out of memory while running the op");
      }
    }
    if (!s.isOk()) return s.withContext(locString(&op));
    // Drop operands whose last use in this block is this op.
    for (Value v : op.getOperands()) {
      auto it = env.values.find(v);
      if (it == env.values.end()) continue;
      bool later = false;
      for (Operation *user : v.getUsers()) {
        Operation *anc = block.findAncestorOpInBlock(*user);
        if (anc && anc != &op && op.isBeforeInBlock(anc)) {
          later = true;
          break;
        }
      }
      if (!later) env.values.erase(it);
    }
  }
  return Status::internal("block without terminator");
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

template <typename Fn> Status Interpreter::runCollective(Fn &&fn) {
  RunControl *control = ctx_.control;
  if (!control) return fn();
  const int64_t configured = ctx_.timeoutMs;
  bool byDeadline = false;
  ctx_.timeoutMs = control->collectiveTimeout(configured, byDeadline);
  Status s = fn();
  ctx_.timeoutMs = configured;
  if (s.isOk()) return s;
  // Released by the run's own limits or by a stopped peer (the local
  // backend's abort, or a group broken by it): say so rather than what the
  // backend saw. Other backend errors are the collective's own.
  bool released = s.code() == StatusCode::Timeout ||
                  s.code() == StatusCode::Unavailable;
  Status stop = released ? control->check() : Status::ok();
  if (!stop.isOk())
    return Status(stop.code(), stop.message() + " in a collective (" +
                                   s.message() + ")");
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

Status Interpreter::runOp(Operation *op, Env &env) {
  std::vector<Tensor> in;
  in.reserve(op->getNumOperands());
  for (Value v : op->getOperands()) {
    const Tensor *t = env.lookup(v);
    if (!t) return Status::internal("operand used before definition");
    in.push_back(*t);
  }
  std::vector<Tensor> out;
  ElementType rt = ElementType::F32;
  Shape rs;
  if (op->getNumResults() >= 1) {
    SDY_RETURN_IF_ERROR(tensorTypeOf(op->getResult(0).getType(), rt, rs));
  }
  // Refuse results that cannot be allocated before computing anything.
  for (Type t : op->getResultTypes()) {
    ElementType et;
    Shape shape;
    if (tensorTypeOf(t, et, shape).isOk())
      SDY_RETURN_IF_ERROR(checkAllocatable(et, shape));
  }
  StringRef name = op->getName().getStringRef();
  auto dynIndex = [&](size_t first) {
    std::vector<int64_t> idx;
    for (size_t i = first; i < in.size(); ++i) idx.push_back(in[i].getInt(0));
    return idx;
  };

  if (auto it = unaryOps().find(name); it != unaryOps().end()) {
    out.push_back(kernels::unary(it->second, in[0]));
  } else if (auto it = binaryOps().find(name); it != binaryOps().end()) {
    out.push_back(kernels::binary(it->second, in[0], in[1]));
  } else if (isa<shlo::ConstantOp>(op) || name == "sdy.constant") {
    // sdy.constant is a constant that propagation keeps unmerged.
    auto it = constants_.find(op);
    if (it == constants_.end()) {
      Tensor t;
      SDY_RETURN_IF_ERROR(tensorFromAttr(op->getAttr("value"), t));
      it = constants_.insert({op, t}).first;
    }
    out.push_back(it->second);
  } else if (isa<shlo::ConvertOp>(op)) {
    out.push_back(kernels::convert(in[0], rt));
  } else if (auto c = dyn_cast<shlo::CompareOp>(op)) {
    kernels::CompareDir dir = kernels::CompareDir::EQ;
    switch (c.getComparisonDirection()) {
    case shlo::ComparisonDirection::EQ: dir = kernels::CompareDir::EQ; break;
    case shlo::ComparisonDirection::NE: dir = kernels::CompareDir::NE; break;
    case shlo::ComparisonDirection::GE: dir = kernels::CompareDir::GE; break;
    case shlo::ComparisonDirection::GT: dir = kernels::CompareDir::GT; break;
    case shlo::ComparisonDirection::LE: dir = kernels::CompareDir::LE; break;
    case shlo::ComparisonDirection::LT: dir = kernels::CompareDir::LT; break;
    }
    kernels::CompareKind kind = kernels::CompareKind::Default;
    if (auto ct = c.getCompareType()) {
      switch (*ct) {
      case shlo::ComparisonType::TOTALORDER: kind = kernels::CompareKind::TotalOrder; break;
      case shlo::ComparisonType::FLOAT: kind = kernels::CompareKind::Float; break;
      case shlo::ComparisonType::SIGNED: kind = kernels::CompareKind::Signed; break;
      case shlo::ComparisonType::UNSIGNED: kind = kernels::CompareKind::Unsigned; break;
      default: break;
      }
    }
    out.push_back(kernels::compare(dir, in[0], in[1], kind));
  } else if (isa<shlo::IsFiniteOp>(op)) {
    out.push_back(kernels::isFinite(in[0]));
  } else if (isa<shlo::ClampOp>(op)) {
    out.push_back(kernels::clamp(in[0], in[1], in[2]));
  } else if (isa<shlo::SelectOp>(op)) {
    out.push_back(kernels::select(in[0], in[1], in[2]));
  } else if (auto b = dyn_cast<shlo::BroadcastInDimOp>(op)) {
    out.push_back(kernels::broadcastInDim(in[0], rs,
                                          vec(b.getBroadcastDimensions())));
  } else if (isa<shlo::ReshapeOp>(op)) {
    out.push_back(kernels::reshape(in[0], rs));
  } else if (auto t = dyn_cast<shlo::TransposeOp>(op)) {
    out.push_back(kernels::transpose(in[0], vec(t.getPermutation())));
  } else if (auto c = dyn_cast<shlo::ConcatenateOp>(op)) {
    out.push_back(kernels::concatenate(in, c.getDimension()));
  } else if (auto s = dyn_cast<shlo::SliceOp>(op)) {
    out.push_back(kernels::slice(in[0], vec(s.getStartIndices()),
                                 vec(s.getLimitIndices()),
                                 vec(s.getStrides())));
  } else if (auto p = dyn_cast<shlo::PadOp>(op)) {
    out.push_back(kernels::pad(in[0], in[1], vec(p.getEdgePaddingLow()),
                               vec(p.getEdgePaddingHigh()),
                               vec(p.getInteriorPadding())));
  } else if (auto r = dyn_cast<shlo::ReverseOp>(op)) {
    out.push_back(kernels::reverse(in[0], vec(r.getDimensions())));
  } else if (auto i = dyn_cast<shlo::IotaOp>(op)) {
    out.push_back(kernels::iota(rt, rs, i.getIotaDimension()));
  } else if (auto d = dyn_cast<shlo::DynamicSliceOp>(op)) {
    out.push_back(
        kernels::dynamicSlice(in[0], dynIndex(1), vec(d.getSliceSizes())));
  } else if (isa<shlo::DynamicUpdateSliceOp>(op)) {
    out.push_back(kernels::dynamicUpdateSlice(in[0], in[1], dynIndex(2)));
  } else if (isa<shlo::DotOp>(op)) {
    out.push_back(kernels::dot(in[0], in[1], rt));
  } else if (auto d = dyn_cast<shlo::DotGeneralOp>(op)) {
    auto dn = d.getDotDimensionNumbers();
    kernels::DotDims dims{vec(dn.getLhsBatchingDimensions()),
                          vec(dn.getRhsBatchingDimensions()),
                          vec(dn.getLhsContractingDimensions()),
                          vec(dn.getRhsContractingDimensions())};
    out.push_back(kernels::dotGeneral(in[0], in[1], dims, rt));
  } else if (auto r = dyn_cast<shlo::ReduceOp>(op)) {
    size_t n = r.getInputs().size();
    std::vector<Tensor> xs(in.begin(), in.begin() + n),
        inits(in.begin() + n, in.end());
    auto dims = vec(r.getDimensions());
    auto kind = recognizeBinaryBody(r.getBody());
    if (n == 1 && kind) {
      out.push_back(kernels::reduce(xs[0], inits[0], dims, *kind));
    } else {
      std::string error;
      if (!kernels::reduceGeneric(xs, inits, dims,
                                  scalarBody(r.getBody(), &env), out, error))
        return Status::internal(error);
    }
  } else if (auto g = dyn_cast<shlo::GatherOp>(op)) {
    auto dn = g.getDimensionNumbers();
    kernels::GatherDims dims{vec(dn.getOffsetDims()),
                             vec(dn.getCollapsedSliceDims()),
                             vec(dn.getOperandBatchingDims()),
                             vec(dn.getStartIndicesBatchingDims()),
                             vec(dn.getStartIndexMap()),
                             dn.getIndexVectorDim()};
    out.push_back(
        kernels::gather(in[0], in[1], dims, vec(g.getSliceSizes()), rs));
  } else if (auto s = dyn_cast<shlo::ScatterOp>(op)) {
    size_t n = s.getInputs().size();
    std::vector<Tensor> inputs(in.begin(), in.begin() + n);
    std::vector<Tensor> updates(in.begin() + n + 1, in.end());
    auto dn = s.getScatterDimensionNumbers();
    kernels::ScatterDims dims{vec(dn.getUpdateWindowDims()),
                              vec(dn.getInsertedWindowDims()),
                              vec(dn.getInputBatchingDims()),
                              vec(dn.getScatterIndicesBatchingDims()),
                              vec(dn.getScatterDimsToOperandDims()),
                              dn.getIndexVectorDim()};
    bool replace = false;
    std::optional<ReduceKind> kind;
    if (n == 1) kind = recognizeBinaryBody(s.getUpdateComputation(), &replace);
    std::string error;
    if (!kernels::scatter(inputs, in[n], updates, dims, kind, replace,
                          scalarBody(s.getUpdateComputation(), &env), out,
                          error))
      return Status::internal(error);
  } else if (auto w = dyn_cast<shlo::WhileOp>(op)) {
    std::vector<Tensor> state = in, cond;
    for (;;) {
      SDY_RETURN_IF_ERROR(runRegion(w.getCond(), state, cond, &env));
      if (cond.size() != 1) return Status::internal("bad while condition");
      if (!cond[0].getInt(0)) break;
      std::vector<Tensor> next;
      SDY_RETURN_IF_ERROR(runRegion(w.getBody(), state, next, &env));
      state = std::move(next);
    }
    out = state;
  } else if (auto c = dyn_cast<shlo::CaseOp>(op)) {
    int64_t n = c.getBranches().size();
    int64_t idx = in[0].getInt(0);
    if (idx < 0 || idx >= n) idx = n - 1;
    SDY_RETURN_IF_ERROR(runRegion(c.getBranches()[idx], {}, out, &env));
  } else if (auto i = dyn_cast<shlo::IfOp>(op)) {
    Region &r = in[0].getInt(0) ? i.getTrueBranch() : i.getFalseBranch();
    SDY_RETURN_IF_ERROR(runRegion(r, {}, out, &env));
  } else if (isa<shlo::OptimizationBarrierOp>(op) || isIdentityOp(op)) {
    out = in;
  } else if (name == "sdy.sharding_group") {
    // Only constrains how values are sharded: nothing to compute.
  } else if (name == "sdy.named_computation") {
    // Propagation sees through it; on one device it is its body, inlined.
    SDY_RETURN_IF_ERROR(runRegion(op->getRegion(0), in, out, &env));
  } else if (isa<func::CallOp>(op)) {
    SDY_RETURN_IF_ERROR(callFunction(op, in, out));
  } else if (isa<shlo::PartitionIdOp>(op)) {
    Tensor t(ElementType::U32, {});
    *t.data<uint32_t>() = static_cast<uint32_t>(ctx_.deviceId);
    out.push_back(t);
  } else if (isa<shlo::ReplicaIdOp>(op)) {
    out.push_back(Tensor::zeros(ElementType::U32, {}));
  } else if (auto a = dyn_cast<shlo::AllReduceOp>(op)) {
    std::vector<int64_t> group;
    SDY_RETURN_IF_ERROR(
        collectives::findGroup(a.getReplicaGroups(), ctx_, group));
    auto kind = recognizeBinaryBody(a.getComputation());
    auto body = scalarBody(a.getComputation(), &env);
    for (const Tensor &x : in) {
      Tensor r;
      SDY_RETURN_IF_ERROR(runCollective([&] {
        return collectives::allReduce(ctx_, group, x, kind, body, r);
      }));
      out.push_back(r);
    }
  } else if (auto a = dyn_cast<shlo::AllGatherOp>(op)) {
    std::vector<int64_t> group;
    SDY_RETURN_IF_ERROR(
        collectives::findGroup(a.getReplicaGroups(), ctx_, group));
    for (const Tensor &x : in) {
      Tensor r;
      SDY_RETURN_IF_ERROR(runCollective([&] {
        return collectives::allGather(ctx_, group, x, a.getAllGatherDim(), r);
      }));
      out.push_back(r);
    }
  } else if (auto a = dyn_cast<shlo::AllToAllOp>(op)) {
    std::vector<int64_t> group;
    SDY_RETURN_IF_ERROR(
        collectives::findGroup(a.getReplicaGroups(), ctx_, group));
    if (static_cast<int64_t>(group.size()) != a.getSplitCount())
      return Status::invalid("all_to_all split_count differs from the group "
                             "size");
    for (const Tensor &x : in) {
      Tensor r;
      SDY_RETURN_IF_ERROR(runCollective([&] {
        return collectives::allToAll(ctx_, group, x, a.getSplitDimension(),
                                     a.getConcatDimension(), r);
      }));
      out.push_back(r);
    }
  } else if (auto a = dyn_cast<shlo::ReduceScatterOp>(op)) {
    std::vector<int64_t> group;
    SDY_RETURN_IF_ERROR(
        collectives::findGroup(a.getReplicaGroups(), ctx_, group));
    auto kind = recognizeBinaryBody(a.getComputation());
    Tensor r;
    SDY_RETURN_IF_ERROR(runCollective([&] {
      return collectives::reduceScatter(ctx_, group, in[0],
                                        a.getScatterDimension(), kind,
                                        scalarBody(a.getComputation(), &env),
                                        r);
    }));
    out.push_back(r);
  } else if (auto a = dyn_cast<shlo::CollectivePermuteOp>(op)) {
    std::vector<int64_t> pairs;
    for (const llvm::APInt &v :
         cast<DenseIntElementsAttr>(a.getSourceTargetPairs())
             .getValues<llvm::APInt>())
      pairs.push_back(v.getSExtValue());
    Tensor r;
    SDY_RETURN_IF_ERROR(runCollective([&] {
      return collectives::collectivePermute(ctx_, pairs, in[0], r);
    }));
    out.push_back(r);
  } else if (auto cc = dyn_cast<shlo::CustomCallOp>(op)) {
    return Status::unsupported("custom_call target '" +
                               cc.getCallTargetName().str() +
                               "' cannot be executed");
  } else {
    return Status::unsupported("op cannot be executed");
  }

  if (out.size() != op->getNumResults())
    return Status::internal("op produced " + std::to_string(out.size()) +
                            " values for " +
                            std::to_string(op->getNumResults()) + " results");
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    env.values[op->getResult(i)] = std::move(out[i]);
  return Status::ok();
}

} // namespace sdy::runtime
