//===- Interpreter.h - StableHLO interpreter over host tensors --*- C++ -*-===//
//
// Walks a func.func op by op, keeping an SSA value -> Tensor map, and runs
// each op's kernel. Regions (reduce, while, case, if, scatter, all_reduce,
// reduce_scatter) are run by the same interpreter; reduction bodies that are
// a single known binary op are recognised and run as typed kernels.
//
// One Interpreter runs one device: `partition_id` is its device id, and
// collectives call the backend with that id. Many interpreters (one per
// thread) may run the same module concurrently: the module is only read.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_INTERPRETER_H
#define SDY_RUNTIME_INTERPRETER_H

#include "runtime/Kernels.h"
#include "runtime/Status.h"
#include "runtime/Tensor.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Block;
class Operation;
class Region;
namespace func {
class FuncOp;
}
} // namespace mlir

namespace sdy::compiler {
class CompiledFunction;
struct Cluster;
} // namespace sdy::compiler

namespace sdy::runtime {

class Backend;
class BufferPool;
class IoState;
class Liveness;
class ProbeStore;

// What all devices of one run share to stop together: the run's deadline,
// the caller's cancel flag, and whether a device has stopped (then the
// others stop before their next op, and the built-in local backend releases
// those waiting in a collective).
class RunControl {
public:
  using Clock = std::chrono::steady_clock;
  // timeoutMs: the run's limit (0: none); cancel may be null.
  RunControl(int64_t timeoutMs, const volatile int32_t *cancel,
             const Backend *backend);

  // Cancelled / DeadlineExceeded / PeerStopped when the device must stop
  // now; Ok otherwise. Cheap (no clock read): the deadline is noticed by
  // poll().
  Status check() const;
  // Reads the clock and the cancel flag; on a limit, records it and stops
  // the run. Called by a watchdog thread every millisecond or so.
  void poll();
  // The timeout of a collective that starts now: min(collectiveTimeoutMs
  // (<= 0: none), time left to the deadline), <= 0 meaning none; sets
  // `byDeadline` when the deadline is the tighter limit.
  int64_t collectiveTimeout(int64_t collectiveTimeoutMs,
                            bool &byDeadline) const;
  // Marks the run stopped (first caller wins) and releases the peers waiting
  // in the local backend's collectives.
  void stop();
  bool stopped() const { return stopped_.load(std::memory_order_acquire); }
  bool hasLimits() const { return timeoutMs_ > 0 || cancel_ != nullptr; }
  int64_t timeoutMs() const { return timeoutMs_; }

private:
  int64_t timeoutMs_;
  Clock::time_point deadline_;
  const volatile int32_t *cancel_;
  const Backend *backend_;
  std::atomic<bool> deadlinePassed_{false};
  std::atomic<bool> stopped_{false};
};

struct DeviceContext {
  int64_t deviceId = 0;             // global device id
  int64_t numDevices = 1;           // devices of the program (for empty groups)
  const Backend *backend = nullptr; // needed only by collectives
  int64_t timeoutMs = 60000;        // collective timeout (<= 0: none)
  RunControl *control = nullptr;    // null: no limits, no peers to stop
  // The process grid (numReplicas x numPartitions == numDevices, device id
  // = replica * numPartitions + partition). 0: no grid; then every device is
  // a partition of one replica and replica_groups name device ids whatever
  // the channel handle says (what the partitioner emits).
  int64_t numReplicas = 0;
  int64_t numPartitions = 0;
  // The channels and feeds of an interpreter.run_parallel grid (null
  // elsewhere: send, recv, infeed and outfeed are refused), and where
  // interpreter.probe records values (null: probes are refused).
  IoState *io = nullptr;
  ProbeStore *probes = nullptr;
  // The device's buffer pool (null: the heap) and the module's liveness
  // (null: computed op by op), see BufferPool.h and Liveness.h.
  std::shared_ptr<BufferPool> pool;
  const Liveness *liveness = nullptr;
  // The entry function's compiled clusters (null: everything interpreted).
  const compiler::CompiledFunction *compiled = nullptr;
  // Threads a compiled kernel may use on this device (the caller's included;
  // ThreadPool.h): the local backend gives each device its share of cores.
  int kernelThreads = 1;

  bool hasGrid() const { return numReplicas > 0; }
  int64_t partitions() const { return hasGrid() ? numPartitions : numDevices; }
  int64_t replicaId() const {
    return deviceId / std::max<int64_t>(1, partitions());
  }
  int64_t partitionId() const {
    return deviceId % std::max<int64_t>(1, partitions());
  }
};

class Interpreter {
public:
  explicit Interpreter(DeviceContext ctx) : ctx_(ctx) {}

  Status run(mlir::func::FuncOp func, const std::vector<Tensor> &args,
             std::vector<Tensor> &results);

  // Runs a single-block region with `args` bound to its block arguments and
  // returns its terminator's operands. `parent` resolves values defined
  // outside the region.
  struct Env;
  Status runRegion(mlir::Region &region, const std::vector<Tensor> &args,
                   std::vector<Tensor> &results, const Env *parent);

  const DeviceContext &context() const { return ctx_; }

  // If `region` is `^bb(a, b): r = OP(a, b); return r` for a known OP, the
  // kind; replace=true when it is `^bb(a, b): return b`.
  static std::optional<kernels::ReduceKind>
  recognizeBinaryBody(mlir::Region &region, bool *replace = nullptr);

  // Builds a scalar-body callback that evaluates `region`.
  kernels::ScalarBody scalarBody(mlir::Region &region, const Env *parent);

  // Runs the func.func that `callOp` (a func.call) names.
  Status callFunction(mlir::Operation *callOp, const std::vector<Tensor> &args,
                      std::vector<Tensor> &results);

  // Runs a collective with the timeout the run control allows (context()
  // gives it while `fn` runs), naming the limit that ended it.
  Status runCollective(llvm::function_ref<Status()> fn);

  // The value of a constant op (its `value` attribute), converted once.
  Status constant(mlir::Operation *op, Tensor &out);

  struct Env {
    llvm::DenseMap<mlir::Value, Tensor> values;
    const Env *parent = nullptr;
    const Tensor *lookup(mlir::Value v) const;
  };

private:
  // Takes the process grid from the module's mhlo.num_replicas (> 1) and
  // mhlo.num_partitions when the context has none.
  Status gridFromModule(mlir::func::FuncOp func);
  Status runBlock(mlir::Block &block, Env &env, std::vector<Tensor> &results);
  Status runOp(mlir::Operation *op, Env &env);
  // Erases the values that die at `op` from `env` (their buffers go back to
  // the pool once no tensor holds them).
  void dropDeadValues(mlir::Operation &op, mlir::Block &block, Env &env);
  // The operand an elementwise `op` may overwrite with its result (it dies
  // at `op`, has the result's type and only `env` holds its buffer), or -1.
  int inPlaceOperand(mlir::Operation *op, const Env &env) const;
  // Runs a compiled cluster (CompiledCluster.cpp).
  Status runCluster(const compiler::Cluster &cluster, Env &env);

  DeviceContext ctx_;
  llvm::DenseMap<mlir::Operation *, Tensor> constants_;
  int callDepth_ = 0;
};

// Converts a constant attribute (DenseElementsAttr) into a tensor.
Status tensorFromAttr(mlir::Attribute attr, Tensor &out);

// Collective kernels (Collectives.cpp). `groups` is the replica_groups
// attribute (rank-2 i64, -1 = padding, empty = all devices).
namespace collectives {
Status findGroup(mlir::Attribute replicaGroups, const DeviceContext &ctx,
                 std::vector<int64_t> &group);
// How replica_groups (or source_target_pairs) name processes.
enum class GroupMode {
  CrossReplica,
  CrossPartition,
  CrossReplicaAndPartition,
  FlattenedIds
};
// The mode of all_gather, all_reduce and reduce_scatter (the others use
// CrossPartition with a positive channel handle, CrossReplica otherwise).
GroupMode groupModeOf(mlir::Attribute channelHandle, bool useGlobalDeviceIds);
GroupMode replicaOrPartition(mlir::Attribute channelHandle);
// The device ids of the process group that holds this device, in group
// order. Without a grid in `ctx`, the ids are device ids (findGroup).
Status findProcessGroup(mlir::Attribute replicaGroups, GroupMode mode,
                        const DeviceContext &ctx, std::vector<int64_t> &group);
// source_target_pairs as (source, target) device id pairs of every replica
// (CrossPartition) or partition (CrossReplica).
Status permutePairs(mlir::Attribute pairs, GroupMode mode,
                    const DeviceContext &ctx, std::vector<int64_t> &out);
// The result of collective_broadcast: the operand of the first member of
// this device's group, zeros outside every group.
Status collectiveBroadcast(const DeviceContext &ctx,
                           const std::vector<int64_t> &group, const Tensor &x,
                           Tensor &out);
Status allReduce(const DeviceContext &ctx, const std::vector<int64_t> &group,
                 const Tensor &x, std::optional<kernels::ReduceKind> kind,
                 const kernels::ScalarBody &body, Tensor &out);
Status allGather(const DeviceContext &ctx, const std::vector<int64_t> &group,
                 const Tensor &x, int64_t dim, Tensor &out);
Status allToAll(const DeviceContext &ctx, const std::vector<int64_t> &group,
                const Tensor &x, int64_t splitDim, int64_t concatDim,
                Tensor &out);
Status reduceScatter(const DeviceContext &ctx,
                     const std::vector<int64_t> &group, const Tensor &x,
                     int64_t dim, std::optional<kernels::ReduceKind> kind,
                     const kernels::ScalarBody &body, Tensor &out);
Status collectivePermute(const DeviceContext &ctx,
                         const std::vector<int64_t> &pairs, const Tensor &x,
                         Tensor &out);
// Whether all_reduce/reduce_scatter with a `kind` body over `type` runs as
// the backend's reduction (else the runtime exchanges the data and folds it
// on the host).
bool backendReduces(kernels::ReduceKind kind, ElementType type);
} // namespace collectives

} // namespace sdy::runtime

#endif // SDY_RUNTIME_INTERPRETER_H
