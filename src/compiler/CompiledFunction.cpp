//===- CompiledFunction.cpp - fused, JIT-compiled clusters of a function -===//
#include "compiler/CompiledFunction.h"
#include "compiler/ClusterLowering.h"
#include "compiler/JitCompiler.h"
#include "compiler/RowSplit.h"
#include "compiler/RuntimeFunctions.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <map>

namespace sdy::compiler {

using namespace mlir;

const char *execModeName(ExecMode mode) {
  switch (mode) {
  case ExecMode::Interpret:
    return "interpret";
  case ExecMode::Auto:
    return "auto";
  case ExecMode::Compile:
    return "compile";
  }
  return "interpret";
}

bool parseExecMode(const std::string &name, ExecMode &out) {
  for (ExecMode m : {ExecMode::Interpret, ExecMode::Auto, ExecMode::Compile})
    if (name == execModeName(m)) {
      out = m;
      return true;
    }
  return false;
}

CompiledFunction::~CompiledFunction() = default;

namespace {

// Row blocks of a cluster: enough to spread over a host's threads with some
// balance, each large enough that a call costs little against its work.
constexpr int64_t kMaxRowBlocks = 16;
constexpr int64_t kMinBlockElements = 16384;

// Fills the inputs (values read from outside, folded constants excepted) and
// outputs (values used after the cluster) of `c`.
void computeBoundary(Cluster &c) {
  llvm::SmallPtrSet<Operation *, 16> members(c.ops.begin(), c.ops.end());
  llvm::SetVector<Value> inputs;
  for (Operation *op : c.ops)
    for (Value v : op->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && (members.count(def) || isFoldedConstant(def)))
        continue;
      inputs.insert(v);
    }
  c.inputs.assign(inputs.begin(), inputs.end());
  for (Operation *op : c.ops)
    for (Value r : op->getResults())
      if (llvm::any_of(r.getUsers(), [&](Operation *user) {
            Operation *anc = op->getBlock()->findAncestorOpInBlock(*user);
            return !anc || !members.count(anc);
          }))
        c.outputs.push_back(r);
}

// A cluster worth a kernel computes something: reshapes alone are views in
// the interpreter, and barriers pass their operands on.
bool computes(const Cluster &c) {
  return llvm::any_of(c.ops, [](Operation *op) {
    return !isa<stablehlo::ReshapeOp, stablehlo::OptimizationBarrierOp>(op);
  });
}

// Why `op` runs as a runtime kernel between compiled clusters by design,
// or empty when it is an op the compiler could lower but does not.
std::string runtimeCallReason(Operation *op) {
  static const llvm::StringMap<const char *> reasons = [] {
    llvm::StringMap<const char *> m;
    auto add = [&](std::initializer_list<const char *> names,
                   const char *reason) {
      for (const char *name : names)
        m[name] = reason;
    };
    add({"stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.all_to_all",
         "stablehlo.reduce_scatter", "stablehlo.collective_permute",
         "stablehlo.collective_broadcast", "stablehlo.partition_id",
         "stablehlo.replica_id", "stablehlo.send", "stablehlo.recv",
         "stablehlo.after_all", "stablehlo.infeed", "stablehlo.outfeed"},
        "collective or device query, run by the backend");
    add({"stablehlo.dot_general", "stablehlo.dot", "stablehlo.convolution",
         "chlo.ragged_dot", "stablehlo.triangular_solve", "stablehlo.cholesky",
         "stablehlo.fft"},
        "contraction, convolution or linear algebra, a runtime kernel");
    add({"stablehlo.while", "stablehlo.if", "stablehlo.case"},
        "control flow, a runtime kernel; the ops of its regions are "
        "clustered");
    add({"func.call"},
        "call, a runtime kernel; the ops of its callee are clustered");
    add({"stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_gather",
         "stablehlo.sort", "chlo.top_k", "mhlo.topk",
         "stablehlo.select_and_scatter"},
        "gather, scatter, sort or window, a runtime kernel");
    add({"stablehlo.custom_call"}, "custom call, a runtime kernel");
    add({"stablehlo.rng_bit_generator"}, "random bits, a runtime kernel");
    add({"stablehlo.rng"}, "random numbers, a runtime kernel");
    return m;
  }();
  auto it = reasons.find(op->getName().getStringRef());
  return it == reasons.end() ? std::string() : std::string(it->second);
}

std::string clusterName(size_t i) { return "cluster" + std::to_string(i); }

// The blocks whose ops are clustered: the function's, those of the
// functions it calls (transitively) and those of its control flow (while,
// if, case): the interpreter runs each as a sequence of ops. The regions of
// other ops (reduce bodies, comparators, ...) are evaluated per element and
// stay interpreted with their op.
std::vector<Block *> clusteredBlocks(func::FuncOp func) {
  std::vector<Block *> blocks, work{&func.front()};
  llvm::DenseSet<Operation *> seen{func};
  while (!work.empty()) {
    Block *b = work.back();
    work.pop_back();
    blocks.push_back(b);
    for (Operation &op : *b) {
      if (auto call = dyn_cast<func::CallOp>(op)) {
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            &op, call.getCalleeAttr());
        if (callee && !callee.isExternal() && callee.getBody().hasOneBlock() &&
            seen.insert(callee).second)
          work.push_back(&callee.front());
      }
      if (isa<stablehlo::WhileOp, stablehlo::IfOp, stablehlo::CaseOp>(op))
        for (Region &r : op.getRegions())
          if (r.hasOneBlock())
            work.push_back(&r.front());
    }
  }
  return blocks;
}

std::string describe(const Cluster &c, size_t i) {
  std::string s = clusterName(i) + ": " + std::to_string(c.ops.size()) +
                  " ops (" + c.ops.front()->getName().getStringRef().str();
  if (c.ops.size() > 1)
    s += " .. " + c.ops.back()->getName().getStringRef().str();
  return s + "), " + std::to_string(c.inputs.size()) + " inputs, " +
         std::to_string(c.outputs.size()) + " outputs";
}

} // namespace

bool CompiledFunction::create(func::FuncOp func, ExecMode mode,
                              std::unique_ptr<CompiledFunction> &out,
                              std::string &error) {
  out.reset();
  if (mode == ExecMode::Interpret || func.isExternal())
    return true;
  std::unique_ptr<CompiledFunction> cf(new CompiledFunction());
  // (op name, reason) -> count: ops the compiler does not lower, and ops
  // that run as runtime kernels by design.
  std::map<std::pair<std::string, std::string>, int> fallbacks, runtimeCalls;

  // Maximal runs of lowerable ops; folded constants neither join nor break
  // a run (the interpreter still runs them for their other users).
  std::vector<std::unique_ptr<Cluster>> candidates;
  auto close = [&](std::unique_ptr<Cluster> &c) {
    if (c && !c->ops.empty()) {
      computeBoundary(*c);
      if (computes(*c)) {
        planRowSplit(*c, kMaxRowBlocks, kMinBlockElements);
        candidates.push_back(std::move(c));
      }
    }
    c.reset();
  };
  for (Block *block : clusteredBlocks(func)) {
    std::unique_ptr<Cluster> current;
    for (Operation &op : *block) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        break;
      if (isFoldedConstant(&op))
        continue;
      std::string why = whyNotLowerable(&op);
      if (!why.empty()) {
        std::string role = runtimeCallReason(&op);
        ++(role.empty() ? fallbacks : runtimeCalls)[{
            op.getName().getStringRef().str(), role.empty() ? why : role}];
        close(current);
        continue;
      }
      if (!current)
        current = std::make_unique<Cluster>();
      current->ops.push_back(&op);
    }
    close(current);
  }

  auto compile = [&](const std::vector<Cluster *> &group,
                     const std::vector<std::string> &names, std::string &why) {
    std::string functions;
    for (size_t i = 0; i < group.size(); ++i)
      functions += emitClusterFunction(*group[i], names[i]);
    std::string text = "module {\n" + runtimeFunctionDeclarations(functions) +
                       functions + "}\n";
    std::unique_ptr<ExecutionEngine> engine;
    std::vector<PackedKernel> kernels;
    if (!jitCompile(text, names, engine, kernels, why))
      return false;
    for (size_t i = 0; i < group.size(); ++i)
      group[i]->kernel = kernels[i];
    cf->engines_.push_back(std::move(engine));
    return true;
  };

  // All clusters in one module (one JIT); on a failure, each on its own so
  // that only the failing ones fall back.
  std::vector<Cluster *> all;
  std::vector<std::string> names;
  for (size_t i = 0; i < candidates.size(); ++i) {
    all.push_back(candidates[i].get());
    names.push_back(clusterName(i));
  }
  std::string why;
  std::vector<std::string> lines;
  if (!all.empty() && !compile(all, names, why)) {
    for (size_t i = 0; i < all.size(); ++i) {
      std::string one;
      if (compile({all[i]}, {names[i]}, one))
        continue;
      if (mode == ExecMode::Compile) {
        error = clusterName(i) + " (first op '" +
                all[i]->ops.front()->getName().getStringRef().str() +
                "') cannot be compiled: " + one;
        return false;
      }
      lines.push_back(describe(*all[i], i) + ": interpreted, " + one);
    }
  }
  std::string report =
      "execution mode: " + std::string(execModeName(mode)) + "\n";
  size_t compiledOps = 0;
  for (size_t i = 0; i < candidates.size(); ++i) {
    std::unique_ptr<Cluster> &c = candidates[i];
    if (!c->kernel)
      continue;
    compiledOps += c->ops.size();
    report += describe(*c, i) + ": compiled";
    if (c->parts > 1)
      report += " in " + std::to_string(c->parts) + " row blocks";
    report += "\n";
    cf->last_[c->ops.back()] = c.get();
    for (Operation *op : c->ops)
      cf->member_[op] = c.get();
    cf->clusters_.push_back(std::move(c));
  }
  for (const std::string &l : lines)
    report += l + "\n";
  for (auto &[key, count] : runtimeCalls)
    report += "runtime call: " + key.first + " x" + std::to_string(count) +
              ": " + key.second + "\n";
  for (auto &[key, count] : fallbacks)
    report += "interpreted: " + key.first + " x" + std::to_string(count) +
              ": " + key.second + "\n";
  report += std::to_string(compiledOps) + " ops compiled in " +
            std::to_string(cf->clusters_.size()) + " clusters\n";
  cf->report_ = std::move(report);
  out = std::move(cf);
  return true;
}

const Cluster *CompiledFunction::clusterEndingAt(Operation *op) const {
  auto it = last_.find(op);
  return it == last_.end() ? nullptr : it->second;
}

} // namespace sdy::compiler
