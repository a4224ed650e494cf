//===- ShardedExecutable.h - a module run as N device programs --*- C++ -*-===//
//
// A ShardedExecutable is an Executable plus what it takes to run it from
// the outside: the entry function, the number of devices N the program runs
// on, and how every argument and result is split over them (from the
// `sdy.sharding`s, with ir/utils/DeviceLayout.h), so that global host arrays
// can be scattered to per-device tensors and gathered back. The C ABI
// (sdy_executable_t), sdy-run and, through the C ABI, the Python binding all
// use it, so that they agree on N and on the shards.
//
// N is, in this order (see sdy_c/executable.h):
//   0. mhlo.num_replicas x mhlo.num_partitions when mhlo.num_replicas > 1
//      (every device gets whole inputs; see Interpreter.h for the grid);
//   1. mhlo.num_partitions of the module (1 runs the global program);
//   2. 1 when the module holds sdy ops other than meshes (a global program);
//   3. the device count of the meshes of the entry's `sdy.sharding`s;
//   4. one more than the largest device id named by a collective;
//   5. else 1.
// A caller may fix N instead (ShardedExecutableOptions::numDevices).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_SHARDEDEXECUTABLE_H
#define SDY_RUNTIME_SHARDEDEXECUTABLE_H

#include "runtime/Executable.h"

#include <memory>
#include <string>
#include <vector>

namespace sdy::runtime {

// A strided host array (a validated DLTensor): the first element, the
// shape, and the strides in elements.
struct HostArray {
  ElementType type = ElementType::F32;
  char *base = nullptr;
  Shape shape;
  std::vector<int64_t> strides;
};

// "[2, 3]": a shape as messages about host arrays print it.
std::string dimsString(const Shape &shape);

// A contiguous copy of `array`.
Tensor readHostArray(const HostArray &array);
// Copies `t`, of `array`'s shape, into `array`.
void writeHostArray(const Tensor &t, const HostArray &array);

// How an argument or result of the entry function is split over the devices.
struct ValueLayout {
  TensorSpec spec; // the local type
  // Shards per dimension (1 = not split); empty when no dimension is split.
  std::vector<int64_t> numShards;
  // shardIndex[device][dim] for device ids 0..N-1 (empty when not split).
  std::vector<std::vector<int64_t>> shardIndex;
  // The exact global shape, when the module records it (`sdy.global_type`
  // of a partitioned function) or the program runs on one device.
  bool hasGlobalShape = false;
  Shape globalShape;

  bool sharded() const { return !numShards.empty(); }
  // The recorded global shape, else the local shape times the shard counts
  // (an upper bound: the last shards of an uneven split are padded).
  Shape boundingGlobalShape() const;
  // Whether boundingGlobalShape() is the exact global shape (a value that
  // is not split has exactly its local shape).
  bool isGlobalShapeExact() const { return hasGlobalShape || !sharded(); }
  // Whether `global` is a global shape of this value: the recorded one, or,
  // when none is recorded, one whose every dimension split into n shards
  // has ceil(g / n) == the local size. The message starts with `what`.
  Status checkGlobalShape(const std::string &what, const Shape &global) const;
  // The [starts, limits) slice of a global array of shape `global` held by
  // device `id`.
  void deviceSlice(const Shape &global, int64_t id, Shape &starts,
                   Shape &limits) const;
  // Device `id`'s shard of `global` (checked with checkGlobalShape), zero
  // where an uneven split pads it.
  Tensor shardOf(const HostArray &global, int64_t id) const;
  // Writes device `id`'s `shard` into its slice of `global`.
  void placeShard(const Tensor &shard, int64_t id,
                  const HostArray &global) const;
};

struct ShardedExecutableOptions {
  // The function to run; empty: see findEntryFunction().
  std::string entry;
  // > 0: run on this many devices instead of inferring N. Shardings over a
  // mesh of exactly that many devices still give the layouts; others are
  // ignored (the values are whole on every device).
  int64_t numDevices = 0;
  ExecutableOptions executable;
};

class ShardedExecutable {
public:
  // Most devices a program may name (the local backend's limit).
  static constexpr int64_t kMaxDevices = 4096;

  // Prepares `module` (verified, not changed): the layouts are computed
  // from it and the program is copied into the executable's own context,
  // so that runs never touch `module`'s.
  static Status fromModule(mlir::ModuleOp module,
                           const ShardedExecutableOptions &options,
                           std::unique_ptr<ShardedExecutable> &out);

  const std::string &function() const { return function_; }
  int64_t numDevices() const { return numDevices_; }
  const std::vector<ValueLayout> &args() const { return args_; }
  const std::vector<ValueLayout> &results() const { return results_; }
  const Executable &executable() const { return *exe_; }

  // The local devices of `backend`, checking it has N devices.
  Status localDevices(const Backend &backend,
                      std::vector<int64_t> &local) const;
  // Checks that a run returned one list of results per device, each of
  // the entry's local result types.
  Status checkOutputs(const std::vector<std::vector<Tensor>> &outputs) const;
  // inputs[k][i]: device local[k]'s shard of globalArgs[i] (each checked
  // with checkGlobalShape).
  void scatter(const std::vector<HostArray> &globalArgs,
               const std::vector<int64_t> &local,
               std::vector<std::vector<Tensor>> &inputs) const;
  // Writes every distinct shard of outputs[k][j] (device local[k]) into
  // globalResults[j]; the device with the lowest id wins among equal ones.
  void gather(const std::vector<std::vector<Tensor>> &outputs,
              const std::vector<int64_t> &local,
              const std::vector<HostArray> &globalResults) const;

private:
  ShardedExecutable() = default;
  Status analyze(mlir::ModuleOp module, const ShardedExecutableOptions &options,
                 mlir::func::FuncOp func);

  std::unique_ptr<Executable> exe_;
  std::string function_;
  int64_t numDevices_ = 1;
  std::vector<ValueLayout> args_, results_;
};

} // namespace sdy::runtime

#endif // SDY_RUNTIME_SHARDEDEXECUTABLE_H
