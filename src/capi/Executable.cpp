//===- Executable.cpp - sdy_executable_t ----------------------------------===//
//
// Compiling copies the module (printed in generic form, parsed into the
// executable's own MLIR context) so that runs never touch the user's
// context; the shard layout of every argument and result is computed from
// the `sdy.sharding`s once, with ir/utils/DeviceLayout.h, and kept as plain
// numbers for scattering and gathering global arrays.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/utils/DeviceLayout.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <set>

using namespace sdycapi;
using namespace mlir;
namespace rt = ::sdy::runtime;

// sdy_tensor_t is DLTensor field for field.
static_assert(sizeof(sdy_dtype_t) == 4, "DLDataType is 4 bytes");
static_assert(sizeof(sdy_device_t) == 8, "DLDevice is 8 bytes");
static_assert(offsetof(sdy_tensor_t, data) == 0, "DLTensor.data");
static_assert(offsetof(sdy_tensor_t, device) == 8, "DLTensor.device");
static_assert(offsetof(sdy_tensor_t, ndim) == 16, "DLTensor.ndim");
static_assert(offsetof(sdy_tensor_t, dtype) == 20, "DLTensor.dtype");
static_assert(offsetof(sdy_tensor_t, shape) == 24, "DLTensor.shape");
static_assert(offsetof(sdy_tensor_t, strides) == 32, "DLTensor.strides");
static_assert(offsetof(sdy_tensor_t, byte_offset) == 40,
              "DLTensor.byte_offset");
static_assert(sizeof(sdy_tensor_t) == 48, "DLTensor is 48 bytes");

namespace {

constexpr int64_t kMaxDevices = 4096;

//--- element types ---------------------------------------------------------//

sdy_dtype_t toDtype(rt::ElementType t) {
  using E = rt::ElementType;
  switch (t) {
  case E::Pred: return {SDY_DL_BOOL, 8, 1};
  case E::I8: return {SDY_DL_INT, 8, 1};
  case E::I16: return {SDY_DL_INT, 16, 1};
  case E::I32: return {SDY_DL_INT, 32, 1};
  case E::I64: return {SDY_DL_INT, 64, 1};
  case E::U8: return {SDY_DL_UINT, 8, 1};
  case E::U16: return {SDY_DL_UINT, 16, 1};
  case E::U32: return {SDY_DL_UINT, 32, 1};
  case E::U64: return {SDY_DL_UINT, 64, 1};
  case E::F16: return {SDY_DL_FLOAT, 16, 1};
  case E::BF16: return {SDY_DL_BFLOAT, 16, 1};
  case E::F32: return {SDY_DL_FLOAT, 32, 1};
  case E::F64: return {SDY_DL_FLOAT, 64, 1};
  }
  return {0, 0, 0};
}

/// false when the descriptor's dtype is none of ours.
bool fromDtype(sdy_dtype_t d, rt::ElementType &out) {
  if (d.lanes != 1)
    return false;
  for (int i = 0; i <= static_cast<int>(rt::ElementType::F64); ++i) {
    auto t = static_cast<rt::ElementType>(i);
    sdy_dtype_t ours = toDtype(t);
    if (ours.code == d.code && ours.bits == d.bits) {
      out = t;
      return true;
    }
  }
  return false;
}

std::string dtypeString(sdy_dtype_t d) {
  std::string s = "{code=" + std::to_string(d.code) +
                  ", bits=" + std::to_string(d.bits) +
                  ", lanes=" + std::to_string(d.lanes) + "}";
  rt::ElementType t;
  if (fromDtype(d, t))
    s += " (" + std::string(rt::elementTypeName(t)) + ")";
  return s;
}

std::string shapeString(const int64_t *shape, size_t rank) {
  std::string s = "[";
  for (size_t i = 0; i < rank; ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}
std::string shapeString(const std::vector<int64_t> &shape) {
  return shapeString(shape.data(), shape.size());
}

//--- descriptors -----------------------------------------------------------//

/// A validated view of a descriptor.
struct View {
  char *base = nullptr; // data + byte_offset
  std::vector<int64_t> shape;
  std::vector<int64_t> strides; // in elements
  size_t elemSize = 0;
  int64_t numElements = 0;
};

/// Checks everything but the shape against the expected type; fills `view`
/// with the descriptor's own shape.
sdy_status_t *checkDescriptor(const char *fn, const std::string &what,
                              const sdy_tensor_t &t, rt::ElementType type,
                              size_t rank, View &view) {
  if (t.device.device_type != 0 && t.device.device_type != SDY_DL_CPU &&
      t.device.device_type != SDY_DL_CUDA_HOST)
    return invalidArgument(fn, what + ": device_type " +
                                   std::to_string(t.device.device_type) +
                                   " is not host memory (kDLCPU = 1)");
  rt::ElementType got;
  if (!fromDtype(t.dtype, got))
    return invalidArgument(fn, what + ": unsupported dtype " +
                                   dtypeString(t.dtype));
  if (got != type)
    return invalidArgument(fn, what + ": dtype " + dtypeString(t.dtype) +
                                   " does not match the program's " +
                                   rt::elementTypeName(type));
  if (t.ndim < 0 || static_cast<size_t>(t.ndim) != rank)
    return invalidArgument(fn, what + ": ndim is " + std::to_string(t.ndim) +
                                   ", the program expects rank " +
                                   std::to_string(rank));
  if (rank > 0 && !t.shape)
    return invalidArgument(fn, what + ": shape is NULL with ndim " +
                                   std::to_string(rank));
  view.shape.assign(t.shape, t.shape + rank);
  int64_t count = 1;
  for (size_t i = 0; i < rank; ++i) {
    if (view.shape[i] < 0)
      return invalidArgument(fn, what + ": negative dimension in shape " +
                                     shapeString(view.shape));
    if (__builtin_mul_overflow(count, view.shape[i], &count) ||
        count > (int64_t(1) << 48))
      return invalidArgument(fn, what + ": shape " + shapeString(view.shape) +
                                     " is too large");
  }
  view.numElements = count;
  view.elemSize = rt::elementSize(type);
  if (count > 0 && !t.data)
    return invalidArgument(fn, what + ": data is NULL");
  // Elements must be naturally aligned (DLPack's rule; kernels may load
  // them as typed values).
  uintptr_t address = reinterpret_cast<uintptr_t>(t.data) + t.byte_offset;
  if (count > 0 && address % view.elemSize != 0)
    return invalidArgument(
        fn, what + ": data + byte_offset (byte_offset " +
                std::to_string(t.byte_offset) + ") is not aligned to " +
                std::to_string(view.elemSize) + " bytes, the size of " +
                rt::elementTypeName(type) + " elements");
  view.base = static_cast<char *>(t.data) + t.byte_offset;
  if (t.strides)
    view.strides.assign(t.strides, t.strides + rank);
  else
    view.strides = rt::rowMajorStrides(view.shape);
  return nullptr;
}

/// Copies the box of `extents` at `srcStart` of `src` to `dstStart` of `dst`
/// (offsets and strides in elements).
void copyBox(const char *src, const std::vector<int64_t> &srcStrides,
             int64_t srcOffset, char *dst, const std::vector<int64_t> &dstStrides,
             int64_t dstOffset, const std::vector<int64_t> &extents,
             size_t elemSize, size_t dim = 0) {
  size_t rank = extents.size();
  if (rank == 0) {
    std::memcpy(dst + dstOffset * static_cast<int64_t>(elemSize),
                src + srcOffset * static_cast<int64_t>(elemSize), elemSize);
    return;
  }
  int64_t n = extents[dim];
  if (dim + 1 == rank) {
    if (srcStrides[dim] == 1 && dstStrides[dim] == 1) {
      if (n > 0)
        std::memcpy(dst + dstOffset * static_cast<int64_t>(elemSize),
                    src + srcOffset * static_cast<int64_t>(elemSize),
                    n * elemSize);
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(dst + (dstOffset + i * dstStrides[dim]) *
                            static_cast<int64_t>(elemSize),
                  src + (srcOffset + i * srcStrides[dim]) *
                            static_cast<int64_t>(elemSize),
                  elemSize);
    return;
  }
  for (int64_t i = 0; i < n; ++i)
    copyBox(src, srcStrides, srcOffset + i * srcStrides[dim], dst, dstStrides,
            dstOffset + i * dstStrides[dim], extents, elemSize, dim + 1);
}

int64_t offsetOf(const std::vector<int64_t> &starts,
                 const std::vector<int64_t> &strides) {
  int64_t o = 0;
  for (size_t i = 0; i < starts.size(); ++i)
    o += starts[i] * strides[i];
  return o;
}

/// A descriptor with exactly the local type `spec`.
sdy_status_t *checkLocal(const char *fn, const std::string &what,
                         const sdy_tensor_t &t, const rt::TensorSpec &spec,
                         View &view) {
  if (sdy_status_t *s =
          checkDescriptor(fn, what, t, spec.type, spec.shape.size(), view))
    return s;
  if (view.shape != spec.shape)
    return invalidArgument(fn, what + ": shape " + shapeString(view.shape) +
                                   " does not match the program's " +
                                   rt::shapeString(spec.shape, spec.type));
  return nullptr;
}

/// A global shape fits `layout` when it is the recorded global shape, or,
/// when none is recorded, when every dimension split into n shards has
/// ceil(g / n) == the local size (n == 1: g == local).
sdy_status_t *checkGlobalShape(const char *fn, const std::string &what,
                               const std::vector<int64_t> &global,
                               const ValueLayout &layout) {
  const rt::Shape &local = layout.spec.shape;
  if (layout.hasGlobalShape) {
    if (global == layout.globalShape)
      return nullptr;
    return invalidArgument(
        fn, what + ": global shape " + shapeString(global) +
                " does not match the program's global type " +
                rt::shapeString(layout.globalShape, layout.spec.type) +
                " (local type " + rt::shapeString(local, layout.spec.type) +
                ")");
  }
  for (size_t d = 0; d < global.size(); ++d) {
    int64_t n = layout.sharded() ? layout.numShards[d] : 1;
    int64_t g = global[d];
    int64_t perShard = n == 1 ? g : g / n + (g % n != 0);
    if (perShard == local[d])
      continue;
    if (n == 1)
      return invalidArgument(
          fn, what + ": global shape " + shapeString(global) +
                  " does not fit the program's local type " +
                  rt::shapeString(local, layout.spec.type) + ": dimension " +
                  std::to_string(d) + " is not sharded, so its size must be " +
                  std::to_string(local[d]));
    return invalidArgument(
        fn, what + ": global shape " + shapeString(global) +
                " does not fit the program's local type " +
                rt::shapeString(local, layout.spec.type) + ": dimension " +
                std::to_string(d) + " of size " + std::to_string(g) +
                " is split into " + std::to_string(n) + " shards of " +
                std::to_string(perShard) + ", not " + std::to_string(local[d]));
  }
  return nullptr;
}

/// The [starts, limits) slice of `global` held by device `id`.
void deviceSlice(const ValueLayout &layout, const std::vector<int64_t> &global,
                 int64_t id, std::vector<int64_t> &starts,
                 std::vector<int64_t> &limits) {
  starts.assign(global.size(), 0);
  limits = global;
  if (!layout.sharded())
    return;
  for (size_t d = 0; d < global.size(); ++d) {
    auto [start, limit] = mlir::sdy::getShardBounds(global[d], layout.numShards[d],
                                              layout.shardIndex[id][d]);
    starts[d] = start;
    limits[d] = limit;
  }
}

//--- compile ---------------------------------------------------------------//

sdy_status_t *specOf(const char *fn, const std::string &what, Type type,
                     rt::TensorSpec &spec) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  type.print(os);
  os.flush();
  if (!ranked || !ranked.hasStaticShape())
    return makeStatus(SDY_UNIMPLEMENTED,
                      std::string(fn) + ": " + what + " has type " + printed +
                          ": only statically shaped tensors can be run");
  if (!rt::fromMlirType(ranked.getElementType(), spec.type))
    return makeStatus(SDY_UNIMPLEMENTED,
                      std::string(fn) + ": " + what + " has type " + printed +
                          ": its element type is not supported by the engine");
  spec.shape.assign(ranked.getShape().begin(), ranked.getShape().end());
  return nullptr;
}

/// "@a, @b" for the public functions with a body, "none" if there are none.
std::string listPublicFunctions(ArrayRef<func::FuncOp> functions) {
  if (functions.empty())
    return "none";
  std::string list;
  for (func::FuncOp f : functions)
    list += (list.empty() ? "@" : ", @") + f.getSymName().str();
  return list;
}

/// The function to run: `name`, or "main", or the only public function.
sdy_status_t *resolveFunction(const char *fn, ModuleOp module,
                              const char *name, func::FuncOp &out) {
  SmallVector<func::FuncOp> candidates;
  for (auto f : module.getOps<func::FuncOp>())
    if (!f.isPrivate() && !f.isExternal())
      candidates.push_back(f);
  if (name) {
    out = module.lookupSymbol<func::FuncOp>(name);
    if (!out)
      return invalidArgument(fn, std::string("the module has no function @") +
                                     name + " (public functions: " +
                                     listPublicFunctions(candidates) + ")");
  } else {
    out = module.lookupSymbol<func::FuncOp>("main");
    if (!out) {
      if (candidates.size() != 1)
        return invalidArgument(
            fn, "the module has no function @main and " +
                    std::to_string(candidates.size()) +
                    " public functions (" + listPublicFunctions(candidates) +
                    "): name the function to run");
      out = candidates.front();
    }
  }
  if (out.isExternal())
    return invalidArgument(fn, "@" + out.getSymName().str() +
                                   " is a declaration without a body");
  return nullptr;
}

struct ValueSharding {
  std::string what;
  mlir::sdy::TensorShardingAttr sharding;
  mlir::sdy::MeshAttr mesh;
};

/// The number of devices (see executable.h) and whether shardings apply.
sdy_status_t *numDevicesOf(const char *fn, ModuleOp module,
                           ArrayRef<ValueSharding> shardings,
                           int64_t &numDevices, bool &useShardings) {
  useShardings = true;
  int64_t fromMeshes = 0;
  std::string meshWhat;
  for (const ValueSharding &v : shardings) {
    int64_t size = v.mesh.getTotalSize();
    if (size <= 1)
      continue;
    if (fromMeshes && size != fromMeshes)
      return invalidArgument(
          fn, "the shardings use meshes of different device counts: " +
                  meshWhat + " has " + std::to_string(fromMeshes) +
                  " devices, " + v.what + " " + std::to_string(size));
    fromMeshes = size;
    meshWhat = v.what;
  }
  if (auto np = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions")) {
    numDevices = np.getInt();
    if (numDevices < 1 || numDevices > kMaxDevices)
      return invalidArgument(fn, "mhlo.num_partitions is " +
                                     std::to_string(numDevices) +
                                     ", expected 1.." +
                                     std::to_string(kMaxDevices));
    if (numDevices == 1) {
      useShardings = false;
    } else if (fromMeshes && fromMeshes != numDevices) {
      return invalidArgument(
          fn, "mhlo.num_partitions is " + std::to_string(numDevices) +
                  " but the sharding of " + meshWhat + " uses a mesh of " +
                  std::to_string(fromMeshes) + " devices");
    }
    return nullptr;
  }
  bool global = false;
  module.walk([&](Operation *op) {
    if (isa<mlir::sdy::SdyDialect>(op->getDialect()) && !isa<mlir::sdy::MeshOp>(op)) {
      global = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (global) {
    numDevices = 1;
    useShardings = false;
    return nullptr;
  }
  if (fromMeshes) {
    numDevices = fromMeshes;
    return nullptr;
  }
  int64_t maxId = -1;
  module.walk([&](Operation *op) {
    for (const char *name : {"replica_groups", "source_target_pairs"})
      if (auto ids = op->getAttrOfType<DenseIntElementsAttr>(name))
        for (const APInt &id : ids.getValues<APInt>())
          maxId = std::max(maxId, id.getSExtValue());
  });
  if (maxId + 1 > kMaxDevices)
    return invalidArgument(fn, "a collective names device " +
                                   std::to_string(maxId) + ", more than " +
                                   std::to_string(kMaxDevices) + " devices");
  numDevices = std::max<int64_t>(1, maxId + 1);
  return nullptr;
}

sdy_status_t *layoutOf(const char *fn, const ValueSharding *v,
                       int64_t numDevices, ValueLayout &layout) {
  if (!v || numDevices == 1 || v->mesh.getTotalSize() <= 1)
    return nullptr;
  size_t rank = layout.spec.shape.size();
  if (static_cast<size_t>(v->sharding.getRank()) != rank)
    return invalidArgument(fn, "the sharding of " + v->what + " has rank " +
                                   std::to_string(v->sharding.getRank()) +
                                   ", its type rank " + std::to_string(rank));
  std::vector<int64_t> numShards;
  bool split = false;
  for (mlir::sdy::DimensionShardingAttr dim : v->sharding.getDimShardings()) {
    numShards.push_back(mlir::sdy::getNumShards(dim, v->mesh));
    split |= numShards.back() > 1;
  }
  if (!split)
    return nullptr;
  layout.numShards = numShards;
  layout.shardIndex.resize(numDevices);
  for (int64_t id = 0; id < numDevices; ++id) {
    auto indices = mlir::sdy::getShardIndices(v->sharding, v->mesh, id);
    if (!indices)
      return invalidArgument(fn, "the sharding of " + v->what +
                                     " uses a mesh without device " +
                                     std::to_string(id));
    layout.shardIndex[id].assign(indices->begin(), indices->end());
  }
  return nullptr;
}

/// Records the global shapes of `sdy.global_type` (the partitioner's record
/// of the signature before localization), checking they fit the layouts.
sdy_status_t *readGlobalType(const char *fn, func::FuncOp func,
                             FunctionType globalType, sdy_executable_t &exe) {
  std::string where = "the sdy.global_type of @" + exe.function;
  if (globalType.getNumInputs() != exe.args.size() ||
      globalType.getNumResults() != exe.results.size())
    return invalidArgument(fn, where + " has " +
                                   std::to_string(globalType.getNumInputs()) +
                                   " arguments and " +
                                   std::to_string(globalType.getNumResults()) +
                                   " results, the function " +
                                   std::to_string(exe.args.size()) + " and " +
                                   std::to_string(exe.results.size()));
  auto read = [&](Type type, ValueLayout &layout,
                  const std::string &what) -> sdy_status_t * {
    rt::TensorSpec spec;
    if (sdy_status_t *s = specOf(fn, what, type, spec))
      return s;
    size_t rank = layout.spec.shape.size();
    if (spec.type != layout.spec.type || spec.shape.size() != rank)
      return invalidArgument(fn, where + ": " + what + " is " +
                                     rt::shapeString(spec.shape, spec.type) +
                                     ", its local type " +
                                     rt::shapeString(layout.spec.shape,
                                                     layout.spec.type));
    for (size_t d = 0; d < rank; ++d) {
      int64_t n = layout.sharded() ? layout.numShards[d] : 1;
      int64_t g = spec.shape[d];
      if ((n == 1 && g != layout.spec.shape[d]) ||
          (n > 1 && g / n + (g % n != 0) != layout.spec.shape[d]))
        return invalidArgument(
            fn, where + ": " + what + " of global type " +
                    rt::shapeString(spec.shape, spec.type) +
                    " does not fit its local type " +
                    rt::shapeString(layout.spec.shape, layout.spec.type) +
                    " split into " + std::to_string(n) +
                    " shards along dimension " + std::to_string(d));
    }
    layout.hasGlobalShape = true;
    layout.globalShape = spec.shape;
    return nullptr;
  };
  (void)func;
  for (size_t i = 0; i < exe.args.size(); ++i)
    if (sdy_status_t *s = read(globalType.getInput(i), exe.args[i],
                               "argument " + std::to_string(i)))
      return s;
  for (size_t i = 0; i < exe.results.size(); ++i)
    if (sdy_status_t *s = read(globalType.getResult(i), exe.results[i],
                               "result " + std::to_string(i)))
      return s;
  return nullptr;
}

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

sdy_status_t *compile(const char *fn, const sdy_module_t *module,
                      const char *function, sdy_executable_t **out) {
  ContextRef ctx = module->ctx;
  auto exe = std::make_unique<sdy_executable>();
  std::string text;
  {
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    DiagnosticCapture diags(&ctx->context);
    ModuleOp op = *module->module;
    if (failed(verify(op)))
      return makeStatus(SDY_VERIFICATION_ERROR,
                        std::string(fn) + ": the module does not verify: " +
                            diags.take("verification failed"));
    func::FuncOp func;
    if (sdy_status_t *s = resolveFunction(fn, op, function, func))
      return s;
    exe->function = func.getSymName().str();
    FunctionType type = func.getFunctionType();
    std::vector<ValueSharding> shardings;
    std::vector<int> argSharding(type.getNumInputs(), -1),
        resultSharding(type.getNumResults(), -1);
    auto collect = [&](Attribute attr, const std::string &what,
                       int &slot) -> sdy_status_t * {
      auto sharding = dyn_cast_or_null<mlir::sdy::TensorShardingAttr>(attr);
      if (!sharding)
        return nullptr;
      mlir::sdy::MeshAttr mesh = sharding.getMesh(func);
      if (!mesh)
        return invalidArgument(fn, "the sharding of " + what +
                                       " names a mesh the module does not "
                                       "define");
      slot = static_cast<int>(shardings.size());
      shardings.push_back({what, sharding, mesh});
      return nullptr;
    };
    for (unsigned i = 0; i < type.getNumInputs(); ++i) {
      std::string what = "argument " + std::to_string(i);
      exe->args.emplace_back();
      if (sdy_status_t *s = specOf(fn, what, type.getInput(i),
                                   exe->args.back().spec))
        return s;
      if (sdy_status_t *s =
              collect(func.getArgAttr(i, mlir::sdy::SdyDialect::kShardingAttr), what,
                      argSharding[i]))
        return s;
    }
    for (unsigned i = 0; i < type.getNumResults(); ++i) {
      std::string what = "result " + std::to_string(i);
      exe->results.emplace_back();
      if (sdy_status_t *s = specOf(fn, what, type.getResult(i),
                                   exe->results.back().spec))
        return s;
      if (sdy_status_t *s =
              collect(func.getResultAttr(i, mlir::sdy::SdyDialect::kShardingAttr),
                      what, resultSharding[i]))
        return s;
    }
    bool useShardings = true;
    if (sdy_status_t *s = numDevicesOf(fn, op, shardings, exe->numDevices,
                                       useShardings))
      return s;
    if (useShardings) {
      for (size_t i = 0; i < exe->args.size(); ++i)
        if (sdy_status_t *s = layoutOf(
                fn, argSharding[i] < 0 ? nullptr : &shardings[argSharding[i]],
                exe->numDevices, exe->args[i]))
          return s;
      for (size_t i = 0; i < exe->results.size(); ++i)
        if (sdy_status_t *s = layoutOf(
                fn,
                resultSharding[i] < 0 ? nullptr
                                      : &shardings[resultSharding[i]],
                exe->numDevices, exe->results[i]))
          return s;
      auto globalType = func->getAttrOfType<TypeAttr>("sdy.global_type");
      if (globalType && !isa<FunctionType>(globalType.getValue()))
        return invalidArgument(fn, "the sdy.global_type of @" +
                                       exe->function +
                                       " is not a function type");
      if (globalType) {
        if (sdy_status_t *s = readGlobalType(
                fn, func, cast<FunctionType>(globalType.getValue()), *exe))
          return s;
      } else if (!op->hasAttr("mhlo.num_partitions") && !hasCollectives(op)) {
        // Shardings that split values, but neither the partitioner's record
        // nor collectives nor a declared device count: a global program.
        auto split = [](const ValueLayout &l) { return l.sharded(); };
        auto arg = std::find_if(exe->args.begin(), exe->args.end(), split);
        auto res = std::find_if(exe->results.begin(), exe->results.end(),
                                split);
        if (arg != exe->args.end() || res != exe->results.end()) {
          std::string what =
              arg != exe->args.end()
                  ? "argument " + std::to_string(arg - exe->args.begin())
                  : "result " + std::to_string(res - exe->results.begin());
          std::string n = std::to_string(exe->numDevices);
          return makeStatus(
              SDY_FAILED_PRECONDITION,
              std::string(fn) + ": the module is not partitioned: the " +
                  "sdy.sharding of " + what + " of @" + exe->function +
                  " splits it over a mesh of " + n +
                  " devices, but the module has no collectives and no "
                  "sdy.global_type from the partitioner; run the "
                  "\"partition\" preset first, or set mhlo.num_partitions "
                  "= 1 to run the global program on one device (or = " +
                  n + " if it is already partitioned by hand)");
        }
      }
    }
    // One device: the global shapes are the local ones.
    if (exe->numDevices == 1)
      for (auto *values : {&exe->args, &exe->results})
        for (ValueLayout &layout : *values) {
          layout.hasGlobalShape = true;
          layout.globalShape = layout.spec.shape;
        }
    llvm::raw_string_ostream os(text);
    op->print(os, OpPrintingFlags().printGenericOpForm());
    os.flush();
  }
  rt::ExecutableOptions options;
  options.entry = exe->function;
  rt::Status status = rt::Executable::fromText(text, options, exe->exe);
  if (!status.isOk())
    return makeStatus(SDY_INTERNAL, std::string(fn) +
                                        ": the module does not load into the "
                                        "runtime: " +
                                        status.message());
  // The runtime and this layer must agree on the signature.
  if (exe->exe->argumentSpecs().size() != exe->args.size() ||
      exe->exe->resultSpecs().size() != exe->results.size())
    return makeStatus(SDY_INTERNAL,
                      std::string(fn) + ": the runtime sees another signature");
  sdy_executable_t *handle = exe.release();
  registerHandle(handle, HandleKind::Executable);
  *out = handle;
  return nullptr;
}

//--- runs ------------------------------------------------------------------//

sdy_status_t *checkRunHandles(const char *fn, const sdy_executable_t *exe,
                              const sdy_backend_t *backend) {
  if (sdy_status_t *s =
          checkHandle(fn, "executable", exe, HandleKind::Executable))
    return s;
  return checkHandle(fn, "backend", backend, HandleKind::Backend);
}

/// The backend's local devices, checking its device count is N.
sdy_status_t *backendDevices(const char *fn, const sdy_executable_t *exe,
                             const sdy_backend_t *backend,
                             std::vector<int64_t> &local) {
  int32_t count = 0;
  if (sdy_status_t *s = fromRuntime(fn, backend->backend->deviceCount(count)))
    return s;
  if (count != exe->numDevices)
    return invalidArgument(
        fn, "the program runs on " + std::to_string(exe->numDevices) +
                " devices, the backend '" + backend->backend->name() +
                "' has " + std::to_string(count));
  if (sdy_status_t *s = fromRuntime(fn, backend->backend->localDevices(local)))
    return s;
  for (int64_t id : local)
    if (id < 0 || id >= exe->numDevices)
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": the backend reports local device " +
                            std::to_string(id) + " outside [0, " +
                            std::to_string(count) + ")");
  return nullptr;
}

sdy_status_t *checkCounts(const char *fn, const sdy_executable_t *exe,
                          size_t numArgs, size_t numResults) {
  if (numArgs != exe->args.size())
    return invalidArgument(fn, "@" + exe->function + " takes " +
                                   std::to_string(exe->args.size()) +
                                   " arguments, num_args is " +
                                   std::to_string(numArgs));
  if (numResults != exe->results.size())
    return invalidArgument(fn, "@" + exe->function + " returns " +
                                   std::to_string(exe->results.size()) +
                                   " results, num_results is " +
                                   std::to_string(numResults));
  return nullptr;
}

/// The C code of a failed run: the program's own errors (a bad replica
/// group, a backend mismatch, ...) are SDY_FAILED_PRECONDITION.
int32_t runFailureCode(rt::StatusCode code) {
  switch (code) {
  case rt::StatusCode::Unsupported:
    return SDY_UNIMPLEMENTED;
  case rt::StatusCode::OutOfMemory:
    return SDY_RESOURCE_EXHAUSTED;
  case rt::StatusCode::Timeout:
  case rt::StatusCode::DeadlineExceeded:
    return SDY_DEADLINE_EXCEEDED;
  case rt::StatusCode::Unavailable:
    return SDY_UNAVAILABLE;
  case rt::StatusCode::Cancelled:
    return SDY_CANCELLED;
  default:
    return SDY_FAILED_PRECONDITION;
  }
}

/// Validates `options` (NULL: defaults) into `out`.
sdy_status_t *readRunOptions(const char *fn, const sdy_run_options_t *options,
                             rt::RunOptions &out) {
  static_assert(sizeof(sdy_run_options_t) == SDY_RUN_OPTIONS_SIZE_1_1,
                "sdy_run_options_t is the version 1.1 layout");
  out = rt::RunOptions();
  out.collectiveTimeoutMs = 60000;
  if (!options)
    return nullptr;
  size_t size = options->struct_size;
  if (size < SDY_RUN_OPTIONS_SIZE_1_1)
    return invalidArgument(
        fn, "options->struct_size is " + std::to_string(size) +
                ", smaller than the " +
                std::to_string(SDY_RUN_OPTIONS_SIZE_1_1) +
                " bytes of the first version of sdy_run_options_t (call "
                "sdy_run_options_init() first)");
  if (size > 4096)
    return invalidArgument(fn, "options->struct_size is " +
                                   std::to_string(size) +
                                   ", not the size of an sdy_run_options_t "
                                   "(call sdy_run_options_init() first)");
  const unsigned char *bytes =
      reinterpret_cast<const unsigned char *>(options);
  for (size_t i = sizeof(sdy_run_options_t); i < size; ++i)
    if (bytes[i])
      return makeStatus(
          SDY_UNIMPLEMENTED,
          std::string(fn) + ": options set fields of a newer version (byte " +
              std::to_string(i) + " of " + std::to_string(size) +
              ") that this library (" + "1.1" +
              ") does not know");
  if (options->timeout_ms < 0)
    return invalidArgument(fn, "options->timeout_ms is " +
                                   std::to_string(options->timeout_ms) +
                                   ": use 0 for no limit, or a positive "
                                   "number of milliseconds");
  if (options->collective_timeout_ms < 0)
    return invalidArgument(fn, "options->collective_timeout_ms is " +
                                   std::to_string(
                                       options->collective_timeout_ms) +
                                   ": use 0 to wait forever, or a positive "
                                   "number of milliseconds");
  out.timeoutMs = options->timeout_ms;
  out.collectiveTimeoutMs = options->collective_timeout_ms;
  out.cancel = options->cancel;
  return nullptr;
}

/// Runs under the backend's lock.
sdy_status_t *execute(const char *fn, const sdy_executable_t *exe,
                      const sdy_backend_t *backend,
                      const std::vector<std::vector<rt::Tensor>> &inputs,
                      std::vector<std::vector<rt::Tensor>> &outputs,
                      const rt::RunOptions &options) {
  rt::Status status;
  {
    std::lock_guard<std::mutex> lock(backend->runMutex);
    status = exe->exe->run(*backend->backend, inputs, outputs, options);
  }
  if (!status.isOk())
    return makeStatus(runFailureCode(status.code()),
                      std::string(fn) + ": running @" + exe->function +
                          " failed: " + status.message());
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k].size() != exe->results.size())
      return makeStatus(SDY_INTERNAL, std::string(fn) +
                                          ": the runtime returned " +
                                          std::to_string(outputs[k].size()) +
                                          " results");
    for (size_t j = 0; j < outputs[k].size(); ++j)
      if (outputs[k][j].type() != exe->results[j].spec.type ||
          outputs[k][j].shape() != exe->results[j].spec.shape)
        return makeStatus(SDY_INTERNAL,
                          std::string(fn) + ": result " + std::to_string(j) +
                              " has type " +
                              rt::shapeString(outputs[k][j].shape(),
                                              outputs[k][j].type()) +
                              ", the signature says " +
                              rt::shapeString(exe->results[j].spec.shape,
                                              exe->results[j].spec.type));
  }
  return nullptr;
}

rt::Tensor readTensor(const View &view, rt::ElementType type) {
  rt::Tensor t(type, view.shape);
  copyBox(view.base, view.strides, 0, static_cast<char *>(t.raw()),
          rt::rowMajorStrides(view.shape), 0, view.shape, view.elemSize);
  return t;
}

void writeTensor(const rt::Tensor &t, const View &view) {
  copyBox(static_cast<const char *>(t.raw()), rt::rowMajorStrides(t.shape()),
          0, view.base, view.strides, 0, view.shape, view.elemSize);
}

sdy_status_t *runLocal(const char *fn, const sdy_executable_t *exe,
                       const sdy_backend_t *backend,
                       const sdy_tensor_t *args, size_t numArgs,
                       sdy_tensor_t *results, size_t numResults,
                       const rt::RunOptions &options) {
  if (sdy_status_t *s = checkCounts(fn, exe, numArgs, numResults))
    return s;
  std::vector<int64_t> local;
  if (sdy_status_t *s = backendDevices(fn, exe, backend, local))
    return s;
  size_t L = local.size();
  if (sdy_status_t *s = checkArray(fn, "args", args, L * numArgs))
    return s;
  if (sdy_status_t *s = checkArray(fn, "results", results, L * numResults))
    return s;
  std::vector<std::vector<rt::Tensor>> inputs(L), outputs;
  for (size_t k = 0; k < L; ++k)
    for (size_t i = 0; i < numArgs; ++i) {
      View view;
      if (sdy_status_t *s = checkLocal(
              fn,
              "argument " + std::to_string(i) + " of device " +
                  std::to_string(local[k]) + " (args[" +
                  std::to_string(k * numArgs + i) + "])",
              args[k * numArgs + i], exe->args[i].spec, view))
        return s;
      inputs[k].push_back(readTensor(view, exe->args[i].spec.type));
    }
  std::vector<View> outViews(L * numResults);
  for (size_t k = 0; k < L; ++k)
    for (size_t j = 0; j < numResults; ++j)
      if (sdy_status_t *s = checkLocal(
              fn,
              "result " + std::to_string(j) + " of device " +
                  std::to_string(local[k]) + " (results[" +
                  std::to_string(k * numResults + j) + "])",
              results[k * numResults + j], exe->results[j].spec,
              outViews[k * numResults + j]))
        return s;
  if (sdy_status_t *s = execute(fn, exe, backend, inputs, outputs, options))
    return s;
  for (size_t k = 0; k < L; ++k)
    for (size_t j = 0; j < numResults; ++j)
      writeTensor(outputs[k][j], outViews[k * numResults + j]);
  return nullptr;
}

sdy_status_t *runGlobal(const char *fn, const sdy_executable_t *exe,
                        const sdy_backend_t *backend,
                        const sdy_tensor_t *args, size_t numArgs,
                        sdy_tensor_t *results, size_t numResults,
                        const rt::RunOptions &options) {
  if (sdy_status_t *s = checkCounts(fn, exe, numArgs, numResults))
    return s;
  if (sdy_status_t *s = checkArray(fn, "global_args", args, numArgs))
    return s;
  if (sdy_status_t *s = checkArray(fn, "global_results", results, numResults))
    return s;
  std::vector<int64_t> local;
  if (sdy_status_t *s = backendDevices(fn, exe, backend, local))
    return s;
  size_t L = local.size();
  if (static_cast<int64_t>(L) != exe->numDevices)
    return makeStatus(
        SDY_FAILED_PRECONDITION,
        std::string(fn) + ": global runs need every device in this process; "
                          "backend '" +
            backend->backend->name() + "' drives " + std::to_string(L) +
            " of " + std::to_string(exe->numDevices) +
            " devices here (use sdy_executable_run_local)");
  std::vector<View> argViews(numArgs), resultViews(numResults);
  for (size_t i = 0; i < numArgs; ++i) {
    std::string what = "global argument " + std::to_string(i);
    const ValueLayout &layout = exe->args[i];
    if (sdy_status_t *s = checkDescriptor(fn, what, args[i], layout.spec.type,
                                          layout.spec.shape.size(),
                                          argViews[i]))
      return s;
    if (sdy_status_t *s =
            checkGlobalShape(fn, what, argViews[i].shape, layout))
      return s;
  }
  for (size_t j = 0; j < numResults; ++j) {
    std::string what = "global result " + std::to_string(j);
    const ValueLayout &layout = exe->results[j];
    if (sdy_status_t *s = checkDescriptor(fn, what, results[j],
                                          layout.spec.type,
                                          layout.spec.shape.size(),
                                          resultViews[j]))
      return s;
    if (sdy_status_t *s =
            checkGlobalShape(fn, what, resultViews[j].shape, layout))
      return s;
  }
  // Scatter.
  std::vector<std::vector<rt::Tensor>> inputs(L), outputs;
  std::vector<int64_t> starts, limits, extents;
  for (size_t k = 0; k < L; ++k)
    for (size_t i = 0; i < numArgs; ++i) {
      const ValueLayout &layout = exe->args[i];
      const View &view = argViews[i];
      deviceSlice(layout, view.shape, local[k], starts, limits);
      extents.resize(starts.size());
      bool full = true;
      for (size_t d = 0; d < starts.size(); ++d) {
        extents[d] = limits[d] - starts[d];
        full &= extents[d] == layout.spec.shape[d];
      }
      rt::Tensor t = full ? rt::Tensor(layout.spec.type, layout.spec.shape)
                          : rt::Tensor::zeros(layout.spec.type,
                                              layout.spec.shape);
      copyBox(view.base, view.strides, offsetOf(starts, view.strides),
              static_cast<char *>(t.raw()),
              rt::rowMajorStrides(layout.spec.shape), 0, extents,
              view.elemSize);
      inputs[k].push_back(std::move(t));
    }
  if (sdy_status_t *s = execute(fn, exe, backend, inputs, outputs, options))
    return s;
  // Gather: each distinct shard from the device with the lowest id.
  std::vector<size_t> order(L);
  for (size_t k = 0; k < L; ++k)
    order[k] = k;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return local[a] < local[b]; });
  for (size_t j = 0; j < numResults; ++j) {
    const ValueLayout &layout = exe->results[j];
    const View &view = resultViews[j];
    std::set<std::vector<int64_t>> seen;
    for (size_t k : order) {
      if (layout.sharded()) {
        if (!seen.insert(layout.shardIndex[local[k]]).second)
          continue;
      } else if (k != order.front()) {
        break;
      }
      deviceSlice(layout, view.shape, local[k], starts, limits);
      extents.resize(starts.size());
      for (size_t d = 0; d < starts.size(); ++d)
        extents[d] = limits[d] - starts[d];
      const rt::Tensor &t = outputs[k][j];
      copyBox(static_cast<const char *>(t.raw()),
              rt::rowMajorStrides(t.shape()), 0, view.base, view.strides,
              offsetOf(starts, view.strides), extents, view.elemSize);
    }
  }
  return nullptr;
}

/// Checks `exe` and finds its argument or result `index`.
sdy_status_t *findLayout(const char *fn, const sdy_executable_t *exe,
                         bool isArg, size_t index,
                         const ValueLayout *&layout) {
  if (sdy_status_t *s =
          checkHandle(fn, "executable", exe, HandleKind::Executable))
    return s;
  const auto &values = isArg ? exe->args : exe->results;
  const char *what = isArg ? "argument" : "result";
  if (index >= values.size())
    return invalidArgument(fn, std::string(what) + " index " +
                                   std::to_string(index) +
                                   " is out of range: @" + exe->function +
                                   " has " + std::to_string(values.size()) +
                                   " " + what + "s");
  layout = &values[index];
  return nullptr;
}

/// An output array of `capacity` entries must hold the value's `rank`.
sdy_status_t *checkCapacity(const char *fn, size_t capacity, size_t rank,
                            bool isArg, size_t index) {
  if (capacity >= rank)
    return nullptr;
  return invalidArgument(fn, "capacity " + std::to_string(capacity) +
                                 " is smaller than the rank " +
                                 std::to_string(rank) + " of " +
                                 (isArg ? "argument " : "result ") +
                                 std::to_string(index));
}

sdy_status_t *valueType(const char *fn, const sdy_executable_t *exe,
                        bool isArg, size_t index, sdy_dtype_t *outDtype,
                        size_t *outRank, int64_t *outShape, size_t capacity) {
  const ValueLayout *layout = nullptr;
  if (sdy_status_t *s = findLayout(fn, exe, isArg, index, layout))
    return s;
  if (!outDtype && !outRank && !outShape)
    return invalidArgument(fn, "out_dtype, out_rank and out_shape are all "
                               "NULL");
  if (sdy_status_t *s = checkArray(fn, "out_shape", outShape, capacity))
    return s;
  const rt::TensorSpec &spec = layout->spec;
  if (outShape)
    if (sdy_status_t *s =
            checkCapacity(fn, capacity, spec.shape.size(), isArg, index))
      return s;
  if (outDtype)
    *outDtype = toDtype(spec.type);
  if (outRank)
    *outRank = spec.shape.size();
  if (outShape)
    std::copy(spec.shape.begin(), spec.shape.end(), outShape);
  return nullptr;
}

sdy_status_t *numShards(const char *fn, const sdy_executable_t *exe,
                        bool isArg, size_t index, int64_t *out,
                        size_t capacity) {
  const ValueLayout *layout = nullptr;
  if (sdy_status_t *s = findLayout(fn, exe, isArg, index, layout))
    return s;
  size_t rank = layout->spec.shape.size();
  if (sdy_status_t *s = checkArray(fn, "out_num_shards", out, rank))
    return s;
  if (sdy_status_t *s = checkCapacity(fn, capacity, rank, isArg, index))
    return s;
  for (size_t d = 0; d < rank; ++d)
    out[d] = layout->sharded() ? layout->numShards[d] : 1;
  return nullptr;
}

/// Runs `body` turning a failed host allocation (the per-device copies of
/// the arguments) into SDY_RESOURCE_EXHAUSTED.
template <typename Fn> sdy_status_t *guardedRun(const char *fn, Fn &&body) {
  return guarded(fn, [&]() -> sdy_status_t * {
    try {
      return body();
    } catch (const std::bad_alloc &) {
      return makeStatus(SDY_RESOURCE_EXHAUSTED,
                        std::string(fn) +
                            ": out of host memory for the per-device copies "
                            "of the arguments");
    }
  });
}

sdy_status_t *globalShape(const char *fn, const sdy_executable_t *exe,
                          bool isArg, size_t index, int64_t *out,
                          size_t capacity, int32_t *outExact) {
  const ValueLayout *layout = nullptr;
  if (sdy_status_t *s = findLayout(fn, exe, isArg, index, layout))
    return s;
  size_t rank = layout->spec.shape.size();
  if (sdy_status_t *s = checkArray(fn, "out_shape", out, rank))
    return s;
  if (sdy_status_t *s = checkCapacity(fn, capacity, rank, isArg, index))
    return s;
  for (size_t d = 0; d < rank; ++d)
    out[d] = layout->hasGlobalShape ? layout->globalShape[d]
             : layout->sharded() ? layout->spec.shape[d] * layout->numShards[d]
                                 : layout->spec.shape[d];
  // A value that is not split has exactly its local shape.
  if (outExact)
    *outExact = layout->hasGlobalShape || !layout->sharded() ? 1 : 0;
  return nullptr;
}

} // namespace

extern "C" {

sdy_status_t *sdy_executable_arg_global_shape(
    const sdy_executable_t *executable, size_t index, int64_t *out_shape,
    size_t capacity, int32_t *out_exact) {
  static constexpr const char *fn = "sdy_executable_arg_global_shape";
  return guarded(fn, [&]() -> sdy_status_t * {
    return globalShape(fn, executable, true, index, out_shape, capacity,
                       out_exact);
  });
}

sdy_status_t *sdy_executable_result_global_shape(
    const sdy_executable_t *executable, size_t index, int64_t *out_shape,
    size_t capacity, int32_t *out_exact) {
  static constexpr const char *fn = "sdy_executable_result_global_shape";
  return guarded(fn, [&]() -> sdy_status_t * {
    return globalShape(fn, executable, false, index, out_shape, capacity,
                       out_exact);
  });
}

sdy_status_t *sdy_executable_arg_num_shards(const sdy_executable_t *executable,
                                            size_t index,
                                            int64_t *out_num_shards,
                                            size_t capacity) {
  static constexpr const char *fn = "sdy_executable_arg_num_shards";
  return guarded(fn, [&]() -> sdy_status_t * {
    return numShards(fn, executable, true, index, out_num_shards, capacity);
  });
}

sdy_status_t *sdy_executable_result_num_shards(
    const sdy_executable_t *executable, size_t index, int64_t *out_num_shards,
    size_t capacity) {
  static constexpr const char *fn = "sdy_executable_result_num_shards";
  return guarded(fn, [&]() -> sdy_status_t * {
    return numShards(fn, executable, false, index, out_num_shards, capacity);
  });
}

sdy_status_t *sdy_executable_compile(const sdy_module_t *module,
                                     const char *function,
                                     sdy_executable_t **out_executable) {
  static constexpr const char *fn = "sdy_executable_compile";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = checkHandle(fn, "module", module, HandleKind::Module))
      return s;
    if (function)
      if (sdy_status_t *s = checkString(fn, "function", function, false))
        return s;
    if (sdy_status_t *s = checkOut(fn, "out_executable", out_executable))
      return s;
    return compile(fn, module, function, out_executable);
  });
}

void sdy_executable_destroy(sdy_executable_t *executable) {
  if (!executable || !unregisterHandle(executable, HandleKind::Executable))
    return;
  delete executable;
}

sdy_status_t *sdy_executable_num_devices(const sdy_executable_t *executable,
                                         int64_t *out_num_devices) {
  static constexpr const char *fn = "sdy_executable_num_devices";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "executable", executable, HandleKind::Executable))
      return s;
    if (sdy_status_t *s = checkOut(fn, "out_num_devices", out_num_devices))
      return s;
    *out_num_devices = executable->numDevices;
    return nullptr;
  });
}

sdy_status_t *sdy_executable_num_args(const sdy_executable_t *executable,
                                      size_t *out_num_args) {
  static constexpr const char *fn = "sdy_executable_num_args";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "executable", executable, HandleKind::Executable))
      return s;
    if (sdy_status_t *s = checkOut(fn, "out_num_args", out_num_args))
      return s;
    *out_num_args = executable->args.size();
    return nullptr;
  });
}

sdy_status_t *sdy_executable_num_results(const sdy_executable_t *executable,
                                         size_t *out_num_results) {
  static constexpr const char *fn = "sdy_executable_num_results";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "executable", executable, HandleKind::Executable))
      return s;
    if (sdy_status_t *s = checkOut(fn, "out_num_results", out_num_results))
      return s;
    *out_num_results = executable->results.size();
    return nullptr;
  });
}

sdy_status_t *sdy_executable_arg_type(const sdy_executable_t *executable,
                                      size_t index, sdy_dtype_t *out_dtype,
                                      size_t *out_rank, int64_t *out_shape,
                                      size_t capacity) {
  static constexpr const char *fn = "sdy_executable_arg_type";
  return guarded(fn, [&]() -> sdy_status_t * {
    return valueType(fn, executable, true, index, out_dtype, out_rank,
                     out_shape, capacity);
  });
}

sdy_status_t *sdy_executable_result_type(const sdy_executable_t *executable,
                                         size_t index, sdy_dtype_t *out_dtype,
                                         size_t *out_rank, int64_t *out_shape,
                                         size_t capacity) {
  static constexpr const char *fn = "sdy_executable_result_type";
  return guarded(fn, [&]() -> sdy_status_t * {
    return valueType(fn, executable, false, index, out_dtype, out_rank,
                     out_shape, capacity);
  });
}

sdy_status_t *sdy_executable_arg_device_slice(
    const sdy_executable_t *executable, size_t index,
    const int64_t *global_shape, size_t rank, int64_t device,
    int64_t *out_starts, int64_t *out_limits, size_t capacity) {
  static constexpr const char *fn = "sdy_executable_arg_device_slice";
  return guarded(fn, [&]() -> sdy_status_t * {
    const ValueLayout *found = nullptr;
    if (sdy_status_t *s = findLayout(fn, executable, /*isArg=*/true, index,
                                     found))
      return s;
    const ValueLayout &layout = *found;
    if (sdy_status_t *s = checkArray(fn, "global_shape", global_shape, rank))
      return s;
    if (rank != layout.spec.shape.size())
      return invalidArgument(fn, "rank is " + std::to_string(rank) +
                                     ", argument " + std::to_string(index) +
                                     " has rank " +
                                     std::to_string(layout.spec.shape.size()));
    if (device < 0 || device >= executable->numDevices)
      return invalidArgument(fn, "device " + std::to_string(device) +
                                     " is out of range: the program runs on " +
                                     std::to_string(executable->numDevices) +
                                     " devices");
    if (sdy_status_t *s = checkArray(fn, "out_starts", out_starts, rank))
      return s;
    if (sdy_status_t *s = checkArray(fn, "out_limits", out_limits, rank))
      return s;
    if (capacity < rank)
      return invalidArgument(fn, "capacity " + std::to_string(capacity) +
                                     " is smaller than the rank " +
                                     std::to_string(rank));
    std::vector<int64_t> global(global_shape, global_shape + rank);
    for (int64_t g : global)
      if (g < 0)
        return invalidArgument(fn, "negative dimension in global shape " +
                                       shapeString(global));
    if (sdy_status_t *s = checkGlobalShape(
            fn, "argument " + std::to_string(index), global, layout))
      return s;
    std::vector<int64_t> starts, limits;
    deviceSlice(layout, global, device, starts, limits);
    std::copy(starts.begin(), starts.end(), out_starts);
    std::copy(limits.begin(), limits.end(), out_limits);
    return nullptr;
  });
}

void sdy_run_options_init(sdy_run_options_t *options) {
  if (!options)
    return;
  options->struct_size = SDY_RUN_OPTIONS_SIZE_1_1;
  options->timeout_ms = 0;
  options->collective_timeout_ms = 60000;
  options->cancel = nullptr;
}

sdy_status_t *sdy_executable_run_local(const sdy_executable_t *executable,
                                       const sdy_backend_t *backend,
                                       const sdy_tensor_t *args,
                                       size_t num_args, sdy_tensor_t *results,
                                       size_t num_results) {
  static constexpr const char *fn = "sdy_executable_run_local";
  return guardedRun(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = checkRunHandles(fn, executable, backend))
      return s;
    rt::RunOptions options;
    if (sdy_status_t *s = readRunOptions(fn, nullptr, options))
      return s;
    return runLocal(fn, executable, backend, args, num_args, results,
                    num_results, options);
  });
}

sdy_status_t *sdy_executable_run_local_with_options(
    const sdy_executable_t *executable, const sdy_backend_t *backend,
    const sdy_tensor_t *args, size_t num_args, sdy_tensor_t *results,
    size_t num_results, const sdy_run_options_t *options) {
  static constexpr const char *fn = "sdy_executable_run_local_with_options";
  return guardedRun(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = checkRunHandles(fn, executable, backend))
      return s;
    rt::RunOptions runOptions;
    if (sdy_status_t *s = readRunOptions(fn, options, runOptions))
      return s;
    return runLocal(fn, executable, backend, args, num_args, results,
                    num_results, runOptions);
  });
}

sdy_status_t *sdy_executable_run_global(const sdy_executable_t *executable,
                                        const sdy_backend_t *backend,
                                        const sdy_tensor_t *global_args,
                                        size_t num_args,
                                        sdy_tensor_t *global_results,
                                        size_t num_results) {
  static constexpr const char *fn = "sdy_executable_run_global";
  return guardedRun(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = checkRunHandles(fn, executable, backend))
      return s;
    rt::RunOptions options;
    if (sdy_status_t *s = readRunOptions(fn, nullptr, options))
      return s;
    return runGlobal(fn, executable, backend, global_args, num_args,
                     global_results, num_results, options);
  });
}

sdy_status_t *sdy_executable_run_global_with_options(
    const sdy_executable_t *executable, const sdy_backend_t *backend,
    const sdy_tensor_t *global_args, size_t num_args,
    sdy_tensor_t *global_results, size_t num_results,
    const sdy_run_options_t *options) {
  static constexpr const char *fn = "sdy_executable_run_global_with_options";
  return guardedRun(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = checkRunHandles(fn, executable, backend))
      return s;
    rt::RunOptions runOptions;
    if (sdy_status_t *s = readRunOptions(fn, options, runOptions))
      return s;
    return runGlobal(fn, executable, backend, global_args, num_args,
                     global_results, num_results, runOptions);
  });
}

} // extern "C"
