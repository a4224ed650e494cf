//===- CollectiveEnumeration.cpp - the collectives of a module ------------===//
//
// The backend calls of a StableHLO collective mirror the runtime's kernels
// (runtime/Collectives.cpp): the group comes from the same group rules,
// a group of one device issues nothing, every operand is its own call, and
// a reduction the backend cannot run becomes the exchange the runtime falls
// back to (all_gather for all_reduce, all_to_all for reduce_scatter).
//
//===----------------------------------------------------------------------===//
#include "analysis/CollectiveEnumeration.h"
#include "analysis/SdyCollectiveLowering.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "runtime/Executable.h"
#include "runtime/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

namespace sdy::analysis {

bool mayExchangeHalos(mlir::Operation *op) {
  if (!mlir::isa<mlir::stablehlo::ReduceWindowOp,
                 mlir::stablehlo::ConvolutionOp>(op))
    return false;
  auto func = op->getParentOfType<mlir::func::FuncOp>();
  if (!func || func->hasAttr("sdy.global_type"))
    return false;
  return llvm::any_of(op->getOperands(), [](mlir::Value v) {
    auto sharding = mlir::sdy::getSharding(v);
    return sharding && !sharding.isFullyReplicated();
  });
}

namespace {

namespace shlo = mlir::stablehlo;
namespace col = sdy::runtime::collectives;
using runtime::DeviceContext;
using runtime::Status;

std::string printed(mlir::Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

std::string locationOf(mlir::Operation *op) {
  if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(op->getLoc()))
    return file.getFilename().str() + ":" + std::to_string(file.getLine()) +
           ":" + std::to_string(file.getColumn());
  std::string s;
  llvm::raw_string_ostream os(s);
  op->getLoc().print(os);
  return s;
}

// The replicas x partitions grid of the module, as the interpreter sets it.
void setGrid(mlir::ModuleOp module, int64_t numDevices, DeviceContext &ctx) {
  auto replicas = module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_replicas");
  if (!replicas || replicas.getInt() <= 1)
    return;
  int64_t partitions = 1;
  if (auto p = module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_partitions"))
    partitions = p.getInt();
  if (partitions < 1 || replicas.getInt() * partitions != numDevices)
    return;
  ctx.numReplicas = replicas.getInt();
  ctx.numPartitions = partitions;
}

bool specOf(mlir::Value v, runtime::TensorSpec &spec, std::string &error) {
  Status s = runtime::tensorSpecOf("operand", v.getType(), spec);
  if (!s.isOk()) {
    error = s.message();
    return false;
  }
  return true;
}

uint64_t bytesOf(const runtime::TensorSpec &spec) {
  return static_cast<uint64_t>(runtime::numElements(spec.shape)) *
         runtime::elementSize(spec.type);
}

// Calls of one device for one StableHLO collective.
class DeviceCalls {
public:
  DeviceCalls(mlir::Operation *op, const DeviceContext &ctx,
              std::vector<BackendCall> &calls, std::string &error)
      : op_(op), ctx_(ctx), calls_(calls), error_(error) {}

  bool run() {
    if (auto o = mlir::dyn_cast<shlo::AllReduceOp>(op_))
      return allReduce(o);
    if (auto o = mlir::dyn_cast<shlo::AllGatherOp>(op_))
      return allGather(o);
    if (auto o = mlir::dyn_cast<shlo::AllToAllOp>(op_))
      return allToAll(o);
    if (auto o = mlir::dyn_cast<shlo::ReduceScatterOp>(op_))
      return reduceScatter(o);
    if (auto o = mlir::dyn_cast<shlo::CollectivePermuteOp>(op_))
      return permute(o);
    if (auto o = mlir::dyn_cast<shlo::CollectiveBroadcastOp>(op_))
      return broadcast(o);
    error_ = "not a collective";
    return false;
  }

  const std::vector<int64_t> &group() const { return group_; }

private:
  bool check(const Status &s) {
    if (s.isOk())
      return true;
    error_ = s.message();
    return false;
  }

  bool findGroup(mlir::Attribute groups, col::GroupMode mode, bool needed) {
    if (!check(col::findProcessGroup(groups, mode, ctx_, group_)))
      return false;
    if (group_.empty() && needed) {
      error_ =
          "device " + std::to_string(ctx_.deviceId) + " is in no replica group";
      return false;
    }
    return true;
  }

  void add(BackendCallKind kind, uint64_t size, uint64_t elementBytes = 1) {
    calls_.push_back({kind, group_, size, elementBytes});
  }

  // Calls `callsOf(spec)` for each operand (each is its own collective);
  // a group of one device issues nothing, except collective_permute.
  template <typename F>
  bool eachOperand(bool evenAlone, F callsOf) {
    for (mlir::Value v : op_->getOperands()) {
      runtime::TensorSpec spec;
      if (!specOf(v, spec, error_))
        return false;
      if (evenAlone || group_.size() >= 2)
        callsOf(spec);
    }
    return true;
  }

  template <typename OpTy>
  bool groupWithGlobalIds(OpTy op) {
    return findGroup(
        op.getReplicaGroups(),
        col::groupModeOf(op.getChannelHandleAttr(), op.getUseGlobalDeviceIds()),
        /*needed=*/true);
  }

  bool allReduce(shlo::AllReduceOp op) {
    if (!groupWithGlobalIds(op))
      return false;
    auto kind = runtime::Interpreter::recognizeBinaryBody(op.getComputation());
    return eachOperand(false, [&](const runtime::TensorSpec &spec) {
      if (kind && col::backendReduces(*kind, spec.type))
        add(BackendCallKind::AllReduce, runtime::numElements(spec.shape),
            runtime::elementSize(spec.type));
      else
        add(BackendCallKind::AllGather, bytesOf(spec));
    });
  }

  bool allGather(shlo::AllGatherOp op) {
    return groupWithGlobalIds(op) &&
           eachOperand(false, [&](const runtime::TensorSpec &spec) {
             add(BackendCallKind::AllGather, bytesOf(spec));
           });
  }

  bool allToAll(shlo::AllToAllOp op) {
    if (!findGroup(op.getReplicaGroups(),
                   col::replicaOrPartition(op.getChannelHandleAttr()),
                   /*needed=*/true))
      return false;
    if (static_cast<int64_t>(group_.size()) != op.getSplitCount()) {
      error_ = "all_to_all split_count differs from the group size";
      return false;
    }
    return eachOperand(false, [&](const runtime::TensorSpec &spec) {
      add(BackendCallKind::AllToAll, bytesOf(spec) / group_.size());
    });
  }

  bool reduceScatter(shlo::ReduceScatterOp op) {
    if (!groupWithGlobalIds(op))
      return false;
    runtime::TensorSpec spec;
    if (op->getNumOperands() < 1 || !specOf(op->getOperand(0), spec, error_))
      return false;
    if (group_.size() < 2)
      return true;
    uint64_t count = runtime::numElements(spec.shape) / group_.size();
    uint64_t es = runtime::elementSize(spec.type);
    auto kind = runtime::Interpreter::recognizeBinaryBody(op.getComputation());
    if (kind && col::backendReduces(*kind, spec.type))
      add(BackendCallKind::ReduceScatter, count, es);
    else
      add(BackendCallKind::AllToAll, count * es);
    return true;
  }

  bool permute(shlo::CollectivePermuteOp op) {
    if (!check(col::permutePairs(
            op.getSourceTargetPairs(),
            col::replicaOrPartition(op.getChannelHandleAttr()), ctx_, group_)))
      return false;
    for (int64_t id : group_)
      if (id < 0 || id >= ctx_.numDevices) {
        error_ = "collective_permute names device " + std::to_string(id);
        return false;
      }
    return eachOperand(true, [&](const runtime::TensorSpec &spec) {
      add(BackendCallKind::CollectivePermute, bytesOf(spec));
    });
  }

  bool broadcast(shlo::CollectiveBroadcastOp op) {
    return findGroup(op.getReplicaGroups(),
                     col::replicaOrPartition(op.getChannelHandleAttr()),
                     /*needed=*/false) &&
           eachOperand(false, [&](const runtime::TensorSpec &spec) {
             add(BackendCallKind::AllGather, bytesOf(spec));
           });
  }

  mlir::Operation *op_;
  const DeviceContext &ctx_;
  std::vector<BackendCall> &calls_;
  std::string &error_;
  std::vector<int64_t> group_;
};

bool isStablehloCollective(mlir::Operation *op) {
  return mlir::isa<shlo::AllReduceOp, shlo::AllGatherOp, shlo::AllToAllOp,
                   shlo::ReduceScatterOp, shlo::CollectivePermuteOp,
                   shlo::CollectiveBroadcastOp>(op);
}

bool isSdyCollective(mlir::Operation *op) {
  return mlir::isa<mlir::sdy::AllGatherOp, mlir::sdy::AllSliceOp,
                   mlir::sdy::AllToAllOp, mlir::sdy::CollectivePermuteOp,
                   mlir::sdy::AllReduceOp, mlir::sdy::ReduceScatterOp,
                   mlir::sdy::ReshardOp>(op);
}

// The axes an sdy collective names, in order (sub-axes as x:(1)2).
std::vector<std::string> sdyAxesOf(mlir::Operation *op) {
  std::vector<std::string> axes;
  for (const char *name : {"gathering_axes", "slicing_axes", "params",
                           "reduction_axes", "reduce_scatter_axes"})
    if (mlir::Attribute a = op->getAttr(name))
      a.walk([&](mlir::sdy::AxisRefAttr axis) {
        // Unquoted, as the axes of StableHLO collectives are written.
        std::string text = axis.toString();
        text.erase(std::remove(text.begin(), text.end(), '"'), text.end());
        axes.push_back(text);
      });
  return axes;
}

// The one mesh of the module with `numDevices` devices (null when there is
// none, or several with different axes).
mlir::sdy::MeshAttr singleMesh(mlir::ModuleOp module, int64_t numDevices) {
  mlir::sdy::MeshAttr found;
  for (auto mesh : module.getOps<mlir::sdy::MeshOp>()) {
    mlir::sdy::MeshAttr m = mesh.getMesh();
    if (m.getTotalSize() != numDevices || m.getAxes().empty())
      continue;
    if (found && found != m)
      return {};
    found = m;
  }
  return found;
}

using Groups = std::vector<std::vector<int64_t>>;

// The device groups of the mesh axes `axes` (indices into the mesh, in
// major-to-minor order within a group).
Groups meshGroups(mlir::sdy::MeshAttr mesh, const std::vector<int> &axes) {
  auto meshAxes = mesh.getAxes();
  int64_t total = mesh.getTotalSize();
  std::vector<int64_t> sizes;
  for (auto a : meshAxes)
    sizes.push_back(a.getSize());
  std::map<std::vector<int64_t>, std::vector<std::pair<int64_t, int64_t>>>
      byRest;
  for (int64_t pos = 0; pos < total; ++pos) {
    std::vector<int64_t> coords(sizes.size());
    int64_t rem = pos;
    for (int i = sizes.size() - 1; i >= 0; --i) {
      coords[i] = rem % sizes[i];
      rem /= sizes[i];
    }
    std::vector<int64_t> rest;
    for (size_t i = 0; i < sizes.size(); ++i)
      if (std::find(axes.begin(), axes.end(), (int)i) == axes.end())
        rest.push_back(coords[i]);
    int64_t inGroup = 0;
    for (int a : axes)
      inGroup = inGroup * sizes[a] + coords[a];
    byRest[rest].push_back({inGroup, mesh.getDeviceId(pos)});
  }
  Groups out;
  for (auto &entry : byRest) {
    std::sort(entry.second.begin(), entry.second.end());
    out.emplace_back();
    for (auto &member : entry.second)
      out.back().push_back(member.second);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The ordered mesh axes whose groups are `groups`, if any.
std::vector<std::string> axesOfGroups(mlir::sdy::MeshAttr mesh, Groups groups) {
  if (!mesh || mesh.getAxes().size() > 6)
    return {};
  auto meshAxes = mesh.getAxes();
  std::sort(groups.begin(), groups.end());
  int n = meshAxes.size();
  // Every ordered subset: each subset's permutations.
  for (int mask = 1; mask < (1 << n); ++mask) {
    std::vector<int> axes;
    for (int i = 0; i < n; ++i)
      if (mask & (1 << i))
        axes.push_back(i);
    do {
      if (meshGroups(mesh, axes) == groups) {
        std::vector<std::string> names;
        for (int a : axes)
          names.push_back(meshAxes[a].getName().str());
        return names;
      }
    } while (std::next_permutation(axes.begin(), axes.end()));
  }
  return {};
}

// The calls of the StableHLO collectives the partitioner lowers `op` to
// (an sdy collective, or a reduce_window's halo exchange), one after the
// other; left uncounted, with the reason, when it cannot be lowered alone.
void countLowered(mlir::Operation *op, int64_t numDevices,
                  CollectiveOpInfo &info) {
  std::string error;
  mlir::OwningOpRef<mlir::ModuleOp> lowered = lowerOpAlone(op, error);
  std::vector<CollectiveOpInfo> parts;
  if (!lowered || !enumerateCollectives(*lowered, numDevices, parts, error)) {
    info.uncountedReason = "cannot lower it as the partitioner does: " + error;
    return;
  }
  info.calls.assign(numDevices, {});
  for (const CollectiveOpInfo &part : parts) {
    for (int64_t d = 0; d < numDevices; ++d)
      info.calls[d].insert(info.calls[d].end(), part.calls[d].begin(),
                           part.calls[d].end());
    for (const auto &group : part.groups)
      if (std::find(info.groups.begin(), info.groups.end(), group) ==
          info.groups.end())
        info.groups.push_back(group);
  }
  info.counted = true;
}

bool describe(mlir::Operation *op, int64_t numDevices, mlir::ModuleOp module,
              mlir::sdy::MeshAttr mesh, CollectiveOpInfo &info,
              std::string &error) {
  info = CollectiveOpInfo();
  info.op = op;
  info.kind = op->getName().getStringRef().str();
  info.location = locationOf(op);
  if (auto func = op->getParentOfType<mlir::func::FuncOp>()) {
    info.function = func.getSymName().str();
    info.nested = op->getParentOp() != func.getOperation();
  }
  info.executions = executionCountOf(op);
  for (mlir::Value v : op->getOperands())
    info.operandTypes.push_back(printed(v.getType()));
  if (isSdyCollective(op)) {
    info.axes = sdyAxesOf(op);
    countLowered(op, numDevices, info);
    return true;
  }
  if (mayExchangeHalos(op)) {
    countLowered(op, numDevices, info);
    return true;
  }
  info.counted = true;
  info.calls.resize(numDevices);
  DeviceContext ctx;
  ctx.numDevices = numDevices;
  if (module)
    setGrid(module, numDevices, ctx);
  bool permute = mlir::isa<shlo::CollectivePermuteOp>(op);
  for (int64_t d = 0; d < numDevices; ++d) {
    ctx.deviceId = d;
    DeviceCalls calls(op, ctx, info.calls[d], error);
    if (!calls.run()) {
      error = info.location + ": " + info.kind + ": " + error;
      return false;
    }
    if (permute) {
      if (d == 0)
        for (size_t i = 0; i + 1 < calls.group().size(); i += 2)
          info.groups.push_back({calls.group()[i], calls.group()[i + 1]});
      continue;
    }
    if (!calls.group().empty() &&
        std::find(info.groups.begin(), info.groups.end(), calls.group()) ==
            info.groups.end())
      info.groups.push_back(calls.group());
  }
  if (!permute && mesh)
    info.axes = axesOfGroups(mesh, info.groups);
  return true;
}

// Numbers the region ops around `info`'s op in order of first appearance.
void assignLoopIds(CollectiveOpInfo &info,
                   std::map<mlir::Operation *, int64_t> &ids) {
  for (const EnclosingLoop &level : info.executions.loops) {
    auto it = ids.emplace(level.op, static_cast<int64_t>(ids.size())).first;
    info.loopIds.push_back(it->second);
  }
}

} // namespace

int64_t inferNumDevices(mlir::ModuleOp module) {
  auto replicas = module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_replicas");
  auto partitions =
      module->getAttrOfType<mlir::IntegerAttr>("mhlo.num_partitions");
  if (replicas && replicas.getInt() > 1)
    return replicas.getInt() * (partitions ? partitions.getInt() : 1);
  if (partitions && partitions.getInt() >= 1)
    return partitions.getInt();
  int64_t n = 1;
  for (auto mesh : module.getOps<mlir::sdy::MeshOp>())
    n = std::max(n, mesh.getMesh().getTotalSize());
  return n;
}

bool enumerateCollectives(mlir::ModuleOp module, int64_t numDevices,
                          std::vector<CollectiveOpInfo> &out,
                          std::string &error) {
  out.clear();
  mlir::sdy::MeshAttr mesh = singleMesh(module, numDevices);
  std::map<mlir::Operation *, int64_t> loopIds;
  bool ok = true;
  module.walk([&](mlir::Operation *op) {
    bool halos = mayExchangeHalos(op);
    if (!isStablehloCollective(op) && !isSdyCollective(op) && !halos)
      return mlir::WalkResult::advance();
    CollectiveOpInfo info;
    if (!describe(op, numDevices, module, mesh, info, error)) {
      ok = false;
      return mlir::WalkResult::interrupt();
    }
    // A reduce_window whose dimensions are all gathered moves nothing.
    if (halos && info.counted &&
        llvm::all_of(info.calls, [](const auto &c) { return c.empty(); }))
      return mlir::WalkResult::advance();
    assignLoopIds(info, loopIds);
    out.push_back(std::move(info));
    return mlir::WalkResult::advance();
  });
  return ok;
}

bool describeCollective(mlir::Operation *op, int64_t numDevices,
                        CollectiveOpInfo &out, std::string &error) {
  if (!op || (!isStablehloCollective(op) && !isSdyCollective(op) &&
              !mayExchangeHalos(op))) {
    error = "not a collective";
    return false;
  }
  auto module = op->getParentOfType<mlir::ModuleOp>();
  mlir::sdy::MeshAttr mesh;
  if (module)
    mesh = singleMesh(module, numDevices);
  std::map<mlir::Operation *, int64_t> loopIds;
  if (!describe(op, numDevices, module, mesh, out, error))
    return false;
  assignLoopIds(out, loopIds);
  return true;
}

} // namespace sdy::analysis
