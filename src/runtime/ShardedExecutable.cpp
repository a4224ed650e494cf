//===- ShardedExecutable.cpp - a module run as N device programs ----------===//
//
// The layouts are computed once, from the `sdy.sharding`s, and kept as
// plain numbers; scattering and gathering are the runtime's one strided copy
// (kernels::stridedCopy) over each device's slice.
//
//===----------------------------------------------------------------------===//
#include "runtime/ShardedExecutable.h"
#include "runtime/Kernels.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/utils/DeviceLayout.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>

namespace sdy::runtime {

using namespace mlir;

//--- host arrays -----------------------------------------------------------//

namespace {

/// The element offset of `starts` in an array with `strides`.
int64_t offsetOf(const Shape &starts, const std::vector<int64_t> &strides) {
  int64_t offset = 0;
  for (size_t i = 0; i < starts.size(); ++i)
    offset += starts[i] * strides[i];
  return offset;
}

/// Copies the `extents` box at `srcOffset` of `src` to `dstOffset` of
/// `dst` (offsets and strides in elements).
void copyBox(const char *src, const std::vector<int64_t> &srcStrides,
             int64_t srcOffset, char *dst,
             const std::vector<int64_t> &dstStrides, int64_t dstOffset,
             const Shape &extents, ElementType type) {
  int64_t es = static_cast<int64_t>(elementSize(type));
  kernels::stridedCopy(dst + dstOffset * es, dstStrides.data(),
                       src + srcOffset * es, srcStrides.data(), extents.data(),
                       static_cast<int64_t>(extents.size()), es);
}

} // namespace

Tensor readHostArray(const HostArray &array) {
  Tensor t(array.type, array.shape);
  copyBox(array.base, array.strides, 0, static_cast<char *>(t.raw()),
          rowMajorStrides(array.shape), 0, array.shape, array.type);
  return t;
}

void writeHostArray(const Tensor &t, const HostArray &array) {
  copyBox(static_cast<const char *>(t.raw()), rowMajorStrides(t.shape()), 0,
          array.base, array.strides, 0, array.shape, array.type);
}

//--- layouts ---------------------------------------------------------------//

Shape ValueLayout::boundingGlobalShape() const {
  if (hasGlobalShape)
    return globalShape;
  Shape shape = spec.shape;
  if (sharded())
    for (size_t d = 0; d < shape.size(); ++d)
      shape[d] *= numShards[d];
  return shape;
}

std::string dimsString(const Shape &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

Status ValueLayout::checkGlobalShape(const std::string &what,
                                     const Shape &global) const {
  const Shape &local = spec.shape;
  if (hasGlobalShape) {
    if (global == globalShape)
      return Status::ok();
    return Status::invalid(what + ": global shape " + dimsString(global) +
                           " does not match the program's global type " +
                           shapeString(globalShape, spec.type) +
                           " (local type " + shapeString(local, spec.type) +
                           ")");
  }
  for (size_t d = 0; d < global.size(); ++d) {
    int64_t n = sharded() ? numShards[d] : 1;
    int64_t g = global[d];
    int64_t perShard = n == 1 ? g : g / n + (g % n != 0);
    if (perShard == local[d])
      continue;
    std::string prefix = what + ": global shape " + dimsString(global) +
                         " does not fit the program's local type " +
                         shapeString(local, spec.type) + ": dimension " +
                         std::to_string(d);
    if (n == 1)
      return Status::invalid(prefix + " is not sharded, so its size must be " +
                             std::to_string(local[d]));
    return Status::invalid(prefix + " of size " + std::to_string(g) +
                           " is split into " + std::to_string(n) +
                           " shards of " + std::to_string(perShard) + ", not " +
                           std::to_string(local[d]));
  }
  return Status::ok();
}

void ValueLayout::deviceSlice(const Shape &global, int64_t id, Shape &starts,
                              Shape &limits) const {
  starts.assign(global.size(), 0);
  limits = global;
  if (!sharded())
    return;
  for (size_t d = 0; d < global.size(); ++d) {
    auto [start, limit] =
        mlir::sdy::getShardBounds(global[d], numShards[d], shardIndex[id][d]);
    starts[d] = start;
    limits[d] = limit;
  }
}

Tensor ValueLayout::shardOf(const HostArray &global, int64_t id) const {
  Shape starts, limits;
  deviceSlice(global.shape, id, starts, limits);
  Shape extents(starts.size());
  bool full = true;
  for (size_t d = 0; d < starts.size(); ++d) {
    extents[d] = limits[d] - starts[d];
    full &= extents[d] == spec.shape[d];
  }
  Tensor t = full ? Tensor(spec.type, spec.shape)
                  : Tensor::zeros(spec.type, spec.shape);
  copyBox(global.base, global.strides, offsetOf(starts, global.strides),
          static_cast<char *>(t.raw()), rowMajorStrides(spec.shape), 0, extents,
          spec.type);
  return t;
}

void ValueLayout::placeShard(const Tensor &shard, int64_t id,
                             const HostArray &global) const {
  Shape starts, limits;
  deviceSlice(global.shape, id, starts, limits);
  Shape extents(starts.size());
  for (size_t d = 0; d < starts.size(); ++d)
    extents[d] = limits[d] - starts[d];
  copyBox(static_cast<const char *>(shard.raw()),
          rowMajorStrides(shard.shape()), 0, global.base, global.strides,
          offsetOf(starts, global.strides), extents, spec.type);
}

//--- analysis --------------------------------------------------------------//

namespace {

struct ValueSharding {
  std::string what;
  mlir::sdy::TensorShardingAttr sharding;
  mlir::sdy::MeshAttr mesh;
};

/// Whether the module holds a collective (an op naming device groups).
bool hasCollectives(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    if (op->hasAttr("replica_groups") || op->hasAttr("source_target_pairs")) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// The device count of the meshes that split values (0 if none), checking
/// they agree; `meshWhat` names the last value using it.
Status meshDeviceCount(ArrayRef<ValueSharding> shardings, int64_t &count,
                       std::string &meshWhat) {
  count = 0;
  for (const ValueSharding &v : shardings) {
    int64_t size = v.mesh.getTotalSize();
    if (size <= 1)
      continue;
    if (count && size != count)
      return Status::invalid(
          "the shardings use meshes of different device counts: " + meshWhat +
          " has " + std::to_string(count) + " devices, " + v.what + " " +
          std::to_string(size));
    count = size;
    meshWhat = v.what;
  }
  return Status::ok();
}

/// The number of devices (the rules of ShardedExecutable.h) and whether
/// the shardings give the layouts.
Status inferNumDevices(ModuleOp module, ArrayRef<ValueSharding> shardings,
                       int64_t &numDevices, bool &useShardings) {
  useShardings = true;
  int64_t fromMeshes = 0;
  std::string meshWhat;
  SDY_RETURN_IF_ERROR(meshDeviceCount(shardings, fromMeshes, meshWhat));
  constexpr int64_t kMax = ShardedExecutable::kMaxDevices;
  // Replicas run the whole program each, on replicas x partitions devices.
  if (auto nr = module->getAttrOfType<IntegerAttr>("mhlo.num_replicas");
      nr && nr.getInt() > 1) {
    auto np = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions");
    int64_t partitions = np ? np.getInt() : 1;
    if (nr.getInt() > kMax || partitions < 1 || partitions > kMax / nr.getInt())
      return Status::invalid("mhlo.num_replicas x mhlo.num_partitions must "
                             "be 1.." +
                             std::to_string(kMax));
    numDevices = nr.getInt() * partitions;
    useShardings = false;
    return Status::ok();
  }
  if (auto np = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions")) {
    numDevices = np.getInt();
    if (numDevices < 1 || numDevices > kMax)
      return Status::invalid("mhlo.num_partitions is " +
                             std::to_string(numDevices) + ", expected 1.." +
                             std::to_string(kMax));
    if (numDevices == 1)
      useShardings = false;
    else if (fromMeshes && fromMeshes != numDevices)
      return Status::invalid(
          "mhlo.num_partitions is " + std::to_string(numDevices) +
          " but the sharding of " + meshWhat + " uses a mesh of " +
          std::to_string(fromMeshes) + " devices");
    return Status::ok();
  }
  bool global = false;
  module.walk([&](Operation *op) {
    if (isa<mlir::sdy::SdyDialect>(op->getDialect()) &&
        !isa<mlir::sdy::MeshOp>(op)) {
      global = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (global) {
    numDevices = 1;
    useShardings = false;
    return Status::ok();
  }
  if (fromMeshes) {
    numDevices = fromMeshes;
    return Status::ok();
  }
  int64_t maxId = -1;
  module.walk([&](Operation *op) {
    for (const char *name : {"replica_groups", "source_target_pairs"})
      if (auto ids = op->getAttrOfType<DenseIntElementsAttr>(name))
        for (const APInt &id : ids.getValues<APInt>())
          maxId = std::max(maxId, id.getSExtValue());
  });
  if (maxId + 1 > kMax)
    return Status::invalid("a collective names device " +
                           std::to_string(maxId) + ", more than " +
                           std::to_string(kMax) + " devices");
  numDevices = std::max<int64_t>(1, maxId + 1);
  return Status::ok();
}

/// Fills the shard counts and indices of `layout` from its sharding.
Status layoutOf(const ValueSharding *v, int64_t numDevices,
                ValueLayout &layout) {
  if (!v || numDevices == 1 || v->mesh.getTotalSize() <= 1)
    return Status::ok();
  size_t rank = layout.spec.shape.size();
  if (static_cast<size_t>(v->sharding.getRank()) != rank)
    return Status::invalid("the sharding of " + v->what + " has rank " +
                           std::to_string(v->sharding.getRank()) +
                           ", its type rank " + std::to_string(rank));
  std::vector<int64_t> numShards;
  bool split = false;
  for (mlir::sdy::DimensionShardingAttr dim : v->sharding.getDimShardings()) {
    numShards.push_back(dim.getShardedSize(v->mesh));
    split |= numShards.back() > 1;
  }
  if (!split)
    return Status::ok();
  layout.numShards = numShards;
  layout.shardIndex.resize(numDevices);
  for (int64_t id = 0; id < numDevices; ++id) {
    auto indices = mlir::sdy::getShardIndices(v->sharding, v->mesh, id);
    if (!indices)
      return Status::invalid("the sharding of " + v->what +
                             " uses a mesh without device " +
                             std::to_string(id));
    layout.shardIndex[id].assign(indices->begin(), indices->end());
  }
  return Status::ok();
}

/// Records the global shapes of `sdy.global_type` (the partitioner's record
/// of the signature before localization), checking they fit the layouts.
Status readGlobalType(const std::string &function, FunctionType globalType,
                      std::vector<ValueLayout> &args,
                      std::vector<ValueLayout> &results) {
  std::string where = "the sdy.global_type of @" + function;
  if (globalType.getNumInputs() != args.size() ||
      globalType.getNumResults() != results.size())
    return Status::invalid(
        where + " has " + std::to_string(globalType.getNumInputs()) +
        " arguments and " + std::to_string(globalType.getNumResults()) +
        " results, the function " + std::to_string(args.size()) + " and " +
        std::to_string(results.size()));
  auto read = [&](Type type, ValueLayout &layout,
                  const std::string &what) -> Status {
    TensorSpec spec;
    SDY_RETURN_IF_ERROR(tensorSpecOf(what, type, spec));
    const TensorSpec &local = layout.spec;
    size_t rank = local.shape.size();
    if (spec.type != local.type || spec.shape.size() != rank)
      return Status::invalid(
          where + ": " + what + " is " + shapeString(spec.shape, spec.type) +
          ", its local type " + shapeString(local.shape, local.type));
    for (size_t d = 0; d < rank; ++d) {
      int64_t n = layout.sharded() ? layout.numShards[d] : 1;
      int64_t g = spec.shape[d];
      if ((n == 1 && g != local.shape[d]) ||
          (n > 1 && g / n + (g % n != 0) != local.shape[d]))
        return Status::invalid(where + ": " + what + " of global type " +
                               shapeString(spec.shape, spec.type) +
                               " does not fit its local type " +
                               shapeString(local.shape, local.type) +
                               " split into " + std::to_string(n) +
                               " shards along dimension " + std::to_string(d));
    }
    layout.hasGlobalShape = true;
    layout.globalShape = spec.shape;
    return Status::ok();
  };
  for (size_t i = 0; i < args.size(); ++i)
    SDY_RETURN_IF_ERROR(
        read(globalType.getInput(i), args[i], "argument " + std::to_string(i)));
  for (size_t i = 0; i < results.size(); ++i)
    SDY_RETURN_IF_ERROR(read(globalType.getResult(i), results[i],
                             "result " + std::to_string(i)));
  return Status::ok();
}

/// Refuses shardings that split values of a program that is not
/// partitioned (neither the partitioner's record nor collectives nor a
/// declared device count).
Status checkPartitioned(const std::string &function, int64_t numDevices,
                        const std::vector<ValueLayout> &args,
                        const std::vector<ValueLayout> &results) {
  auto split = [](const ValueLayout &l) { return l.sharded(); };
  auto arg = std::find_if(args.begin(), args.end(), split);
  auto res = std::find_if(results.begin(), results.end(), split);
  if (arg == args.end() && res == results.end())
    return Status::ok();
  std::string what = arg != args.end()
                         ? "argument " + std::to_string(arg - args.begin())
                         : "result " + std::to_string(res - results.begin());
  std::string n = std::to_string(numDevices);
  // Mismatch: the C ABI reports it as a failed precondition.
  return Status(
      StatusCode::Mismatch,
      "the module is not partitioned: the sdy.sharding of " + what + " of @" +
          function + " splits it over a mesh of " + n +
          " devices, but the module has no collectives and no "
          "sdy.global_type from the partitioner; run the \"partition\" "
          "preset first, or set mhlo.num_partitions = 1 to run the global "
          "program on one device (or = " +
          n + " if it is already partitioned by hand)");
}

} // namespace

Status ShardedExecutable::analyze(ModuleOp module,
                                  const ShardedExecutableOptions &options,
                                  func::FuncOp func) {
  function_ = func.getSymName().str();
  FunctionType type = func.getFunctionType();
  std::vector<ValueSharding> shardings;
  std::vector<int> argSharding(type.getNumInputs(), -1),
      resultSharding(type.getNumResults(), -1);
  auto collect = [&](Attribute attr, const std::string &what,
                     int &slot) -> Status {
    auto sharding = dyn_cast_or_null<mlir::sdy::TensorShardingAttr>(attr);
    if (!sharding)
      return Status::ok();
    mlir::sdy::MeshAttr mesh = sharding.getMesh(func);
    if (!mesh)
      return Status::invalid("the sharding of " + what +
                             " names a mesh the module does not define");
    slot = static_cast<int>(shardings.size());
    shardings.push_back({what, sharding, mesh});
    return Status::ok();
  };
  StringRef shardingAttr = mlir::sdy::SdyDialect::kShardingAttr;
  for (unsigned i = 0; i < type.getNumInputs(); ++i) {
    std::string what = "argument " + std::to_string(i);
    args_.emplace_back();
    SDY_RETURN_IF_ERROR(
        tensorSpecOf(what, type.getInput(i), args_.back().spec));
    SDY_RETURN_IF_ERROR(
        collect(func.getArgAttr(i, shardingAttr), what, argSharding[i]));
  }
  for (unsigned i = 0; i < type.getNumResults(); ++i) {
    std::string what = "result " + std::to_string(i);
    results_.emplace_back();
    SDY_RETURN_IF_ERROR(
        tensorSpecOf(what, type.getResult(i), results_.back().spec));
    SDY_RETURN_IF_ERROR(
        collect(func.getResultAttr(i, shardingAttr), what, resultSharding[i]));
  }
  bool useShardings = true;
  bool fixed = options.numDevices > 0;
  if (fixed) {
    numDevices_ = options.numDevices;
    useShardings = numDevices_ > 1;
    for (const ValueSharding &v : shardings) {
      int64_t size = v.mesh.getTotalSize();
      useShardings &= size <= 1 || size == numDevices_;
    }
  } else {
    SDY_RETURN_IF_ERROR(
        inferNumDevices(module, shardings, numDevices_, useShardings));
  }
  if (useShardings) {
    auto shardingOf = [&](int slot) {
      return slot < 0 ? nullptr : &shardings[slot];
    };
    for (size_t i = 0; i < args_.size(); ++i)
      SDY_RETURN_IF_ERROR(
          layoutOf(shardingOf(argSharding[i]), numDevices_, args_[i]));
    for (size_t i = 0; i < results_.size(); ++i)
      SDY_RETURN_IF_ERROR(
          layoutOf(shardingOf(resultSharding[i]), numDevices_, results_[i]));
    auto globalType = func->getAttrOfType<TypeAttr>("sdy.global_type");
    if (globalType && !isa<FunctionType>(globalType.getValue()))
      return Status::invalid("the sdy.global_type of @" + function_ +
                             " is not a function type");
    if (globalType)
      SDY_RETURN_IF_ERROR(
          readGlobalType(function_, cast<FunctionType>(globalType.getValue()),
                         args_, results_));
    else if (!fixed && !module->hasAttr("mhlo.num_partitions") &&
             !hasCollectives(module))
      SDY_RETURN_IF_ERROR(
          checkPartitioned(function_, numDevices_, args_, results_));
  }
  // One device: the global shapes are the local ones.
  if (numDevices_ == 1)
    for (auto *values : {&args_, &results_})
      for (ValueLayout &layout : *values) {
        layout.hasGlobalShape = true;
        layout.globalShape = layout.spec.shape;
      }
  return Status::ok();
}

Status ShardedExecutable::fromModule(ModuleOp module,
                                     const ShardedExecutableOptions &options,
                                     std::unique_ptr<ShardedExecutable> &out) {
  std::unique_ptr<ShardedExecutable> sharded(new ShardedExecutable());
  func::FuncOp func;
  SDY_RETURN_IF_ERROR(findEntryFunction(module, options.entry, func));
  SDY_RETURN_IF_ERROR(sharded->analyze(module, options, func));
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().printGenericOpForm());
  os.flush();
  ExecutableOptions exeOptions = options.executable;
  exeOptions.entry = sharded->function_;
  Status status = Executable::fromText(text, exeOptions, sharded->exe_);
  // Unsupported is the program's doing (e.g. a computed dynamic_pad
  // padding); anything else means the printed module did not round-trip.
  if (status.code() == StatusCode::Unsupported)
    return status;
  if (!status.isOk())
    return Status::internal("the module does not load into the runtime: " +
                            status.message());
  // The runtime and the layouts must agree on the signature.
  if (sharded->exe_->argumentSpecs().size() != sharded->args_.size() ||
      sharded->exe_->resultSpecs().size() != sharded->results_.size())
    return Status::internal("the runtime sees another signature");
  out = std::move(sharded);
  return Status::ok();
}

//--- runs ------------------------------------------------------------------//

Status ShardedExecutable::localDevices(const Backend &backend,
                                       std::vector<int64_t> &local) const {
  int32_t count = 0;
  SDY_RETURN_IF_ERROR(backend.deviceCount(count));
  if (count != numDevices_)
    return Status::invalid("the program runs on " +
                           std::to_string(numDevices_) +
                           " devices, the backend '" + backend.name() +
                           "' has " + std::to_string(count));
  SDY_RETURN_IF_ERROR(backend.localDevices(local));
  for (int64_t id : local)
    if (id < 0 || id >= numDevices_)
      // Mismatch: the C ABI reports it as a failed precondition.
      return Status(StatusCode::Mismatch,
                    "the backend reports local device " + std::to_string(id) +
                        " outside [0, " + std::to_string(count) + ")");
  return Status::ok();
}

Status ShardedExecutable::checkOutputs(
    const std::vector<std::vector<Tensor>> &outputs) const {
  for (const std::vector<Tensor> &device : outputs) {
    if (device.size() != results_.size())
      return Status::internal("the runtime returned " +
                              std::to_string(device.size()) + " results");
    for (size_t j = 0; j < device.size(); ++j) {
      const TensorSpec &spec = results_[j].spec;
      if (device[j].type() != spec.type || device[j].shape() != spec.shape)
        return Status::internal(
            "result " + std::to_string(j) + " has type " +
            shapeString(device[j].shape(), device[j].type()) +
            ", the signature says " + shapeString(spec.shape, spec.type));
    }
  }
  return Status::ok();
}

void ShardedExecutable::scatter(
    const std::vector<HostArray> &globalArgs, const std::vector<int64_t> &local,
    std::vector<std::vector<Tensor>> &inputs) const {
  inputs.assign(local.size(), {});
  for (size_t k = 0; k < local.size(); ++k)
    for (size_t i = 0; i < globalArgs.size(); ++i)
      inputs[k].push_back(args_[i].shardOf(globalArgs[i], local[k]));
}

void ShardedExecutable::gather(
    const std::vector<std::vector<Tensor>> &outputs,
    const std::vector<int64_t> &local,
    const std::vector<HostArray> &globalResults) const {
  std::vector<size_t> order(local.size());
  for (size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return local[a] < local[b]; });
  for (size_t j = 0; j < globalResults.size(); ++j) {
    const ValueLayout &layout = results_[j];
    std::set<std::vector<int64_t>> seen;
    for (size_t k : order) {
      if (layout.sharded()) {
        if (!seen.insert(layout.shardIndex[local[k]]).second)
          continue;
      } else if (k != order.front()) {
        break;
      }
      layout.placeShard(outputs[k][j], local[k], globalResults[j]);
    }
  }
}

} // namespace sdy::runtime
