//===- Sharding.cpp - sdy_sharding_t --------------------------------------===//
//
// Creation, parsing and printing wrap the dialect's attributes; validation
// calls the dialect verifier (verifyTensorShardingWithMesh). The per-device
// slice is computed by the engine (ir/utils/DeviceLayout.h).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "ir/sdy/ShardingVerifier.h"
#include "ir/utils/DeviceLayout.h"
#include "mlir/AsmParser/AsmParser.h"
#include "llvm/ADT/STLExtras.h"

#include <initializer_list>
#include <utility>

using namespace sdycapi;
using namespace mlir;
using namespace mlir::sdy;

// Layouts documented in sharding.h (FFI users rely on them).
static_assert(sizeof(sdy_axis_ref_t) == 24, "sdy_axis_ref_t layout");
static_assert(offsetof(sdy_axis_ref_t, size) == 16, "sdy_axis_ref_t layout");
static_assert(sizeof(sdy_dim_sharding_t) == 32, "sdy_dim_sharding_t layout");
static_assert(offsetof(sdy_dim_sharding_t, is_closed) == 24,
              "sdy_dim_sharding_t layout");

sdy_sharding_t *sdycapi::newSharding(const ContextRef &ctx,
                                     TensorShardingAttr attr, MeshAttr mesh) {
  auto *sharding = new sdy_sharding;
  sharding->ctx = ctx;
  sharding->attr = attr;
  sharding->mesh = mesh;
  sharding->meshName = attr.getMeshName().str();
  for (DimensionShardingAttr dim : attr.getDimShardings()) {
    std::vector<std::string> names;
    for (AxisRefAttr axis : dim.getAxes())
      names.push_back(axis.getName().str());
    sharding->dimAxisNames.push_back(std::move(names));
  }
  for (AxisRefAttr axis : attr.getReplicatedAxes())
    sharding->replicatedNames.push_back(axis.getName().str());
  return sharding;
}

namespace {
/// Converts a C axis reference; on error returns a status.
sdy_status_t *convertAxis(const char *fn, const std::string &what,
                          const sdy_axis_ref_t &axis, MLIRContext *ctx,
                          AxisRefAttr &result) {
  std::string param = what + ".name";
  if (sdy_status_t *s = ArgCheck(fn).nonEmptyString(axis.name, param.c_str()))
    return s;
  if (axis.pre_size == 0 && axis.size == 0) {
    result = AxisRefAttr::get(ctx, axis.name);
    return nullptr;
  }
  DiagnosticCapture diags(ctx);
  if (failed(SubAxisInfoAttr::verify([&] { return emitUnknownLocError(ctx); },
                                     axis.pre_size, axis.size)))
    return makeStatus(SDY_VERIFICATION_ERROR,
                      std::string(fn) + ": " + what + ": " + diags.take());
  result = AxisRefAttr::get(ctx, axis.name, axis.pre_size, axis.size);
  return nullptr;
}

RankedTensorType shapeType(MLIRContext *ctx, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, Float32Type::get(ctx));
}

/// Checks `shape` (rank entries >= 0) and validates the sharding for it.
sdy_status_t *validateForShape(const char *fn, const sdy_sharding_t *sharding,
                               const int64_t *shape, size_t rank) {
  if (sdy_status_t *s = ArgCheck(fn).array(shape, rank, "shape"))
    return s;
  for (size_t i = 0; i < rank; ++i)
    if (shape[i] < 0)
      return invalidArgument(fn, "shape[" + std::to_string(i) + "] is " +
                                     std::to_string(shape[i]) +
                                     "; dimension sizes must be >= 0");
  MLIRContext *ctx = &sharding->ctx->context;
  DiagnosticCapture diags(ctx);
  if (failed(verifyTensorShardingWithMesh(
          sharding->attr, sharding->mesh,
          shapeType(ctx, ArrayRef<int64_t>(shape, rank)),
          [&] { return emitUnknownLocError(ctx); })))
    return makeStatus(SDY_VERIFICATION_ERROR,
                      std::string(fn) + ": " + diags.take("invalid sharding"));
  return nullptr;
}

/// The whole body of `fn(sharding, shape, rank, outs..., capacity)`: checks
/// the arguments (each of `outs` an array of `capacity` entries that holds
/// `rank`), validates the sharding for `shape`, then runs `body()`, all under
/// the context's lock.
template <typename Body>
sdy_status_t *
shapeQuery(const char *fn, const sdy_sharding_t *sharding, const int64_t *shape,
           size_t rank,
           std::initializer_list<std::pair<const int64_t *, const char *>> outs,
           size_t capacity, Body &&body) {
  return guarded(fn, [&]() -> sdy_status_t * {
    ArgCheck check(fn);
    check.handle(sharding, "sharding");
    for (auto [out, param] : outs)
      check.array(out, capacity, param);
    if (outs.size() != 0)
      check.capacity(capacity, rank,
                     [&] { return "rank " + std::to_string(rank); });
    if (sdy_status_t *s = check)
      return s;
    std::lock_guard<std::recursive_mutex> lock(sharding->ctx->mutex);
    if (sdy_status_t *s = validateForShape(fn, sharding, shape, rank))
      return s;
    return body();
  });
}

/// Checks the sharding against its mesh for any shape of its rank.
sdy_status_t *validateWithMesh(const char *fn, int32_t code,
                               TensorShardingAttr attr, MeshAttr mesh) {
  MLIRContext *ctx = attr.getContext();
  SmallVector<int64_t> shape(attr.getRank(), ShapedType::kDynamic);
  DiagnosticCapture diags(ctx);
  if (failed(
          verifyTensorShardingWithMesh(attr, mesh, shapeType(ctx, shape), [&] {
            return emitUnknownLocError(ctx);
          })))
    return makeStatus(code,
                      std::string(fn) + ": " + diags.take("invalid sharding"));
  return nullptr;
}

void fillAxis(AxisRefAttr axis, const std::string &name, sdy_axis_ref_t *out) {
  out->name = name.c_str();
  out->pre_size = axis.isSubAxis() ? axis.getSubAxisInfo().getPreSize() : 0;
  out->size = axis.isSubAxis() ? axis.getSubAxisInfo().getSize() : 0;
}
} // namespace

sdy_status_t *sdycapi::validateShardingForShape(const char *fn,
                                                const sdy_sharding_t *sharding,
                                                const int64_t *shape,
                                                size_t rank) {
  return validateForShape(fn, sharding, shape, rank);
}

extern "C" {

sdy_status_t *sdy_sharding_create(sdy_context_t *context,
                                  const sdy_mesh_t *mesh, const char *mesh_name,
                                  const sdy_dim_sharding_t *dims, size_t rank,
                                  const sdy_axis_ref_t *replicated_axes,
                                  size_t num_replicated,
                                  sdy_sharding_t **out_sharding) {
  static constexpr const char *fn = "sdy_sharding_create";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn)
                .handle(context, "context")
                .handle(mesh, "mesh")
                .sameContext(context, mesh, "mesh")
                .optionalNonEmptyString(mesh_name, "mesh_name")
                .array(dims, rank, "dims")
                .array(replicated_axes, num_replicated, "replicated_axes")
                .out(out_sharding, "out_sharding"))
      return s;
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    MLIRContext *mlirCtx = &ctx->context;

    SmallVector<DimensionShardingAttr> dimAttrs;
    for (size_t d = 0; d < rank; ++d) {
      const sdy_dim_sharding_t &dim = dims[d];
      std::string what = "dims[" + std::to_string(d) + "]";
      if (sdy_status_t *s = ArgCheck(fn).array(dim.axes, dim.num_axes,
                                               (what + ".axes").c_str()))
        return s;
      if (dim.is_closed != 0 && dim.is_closed != 1)
        return invalidArgument(fn, what + ".is_closed must be 0 or 1, got " +
                                       std::to_string(dim.is_closed));
      if (dim.reserved != 0)
        return invalidArgument(fn, what + ".reserved must be 0");
      if (dim.priority < -1)
        return invalidArgument(
            fn, what + ".priority must be -1 (none) or >= 0, got " +
                    std::to_string(dim.priority));
      SmallVector<AxisRefAttr> axes;
      for (size_t a = 0; a < dim.num_axes; ++a) {
        AxisRefAttr axis;
        if (sdy_status_t *s =
                convertAxis(fn, what + ".axes[" + std::to_string(a) + "]",
                            dim.axes[a], mlirCtx, axis))
          return s;
        axes.push_back(axis);
      }
      std::optional<int64_t> priority;
      if (dim.priority >= 0)
        priority = dim.priority;
      DiagnosticCapture diags(mlirCtx);
      if (failed(DimensionShardingAttr::verify(
              [&] { return emitUnknownLocError(mlirCtx); }, axes,
              dim.is_closed == 1, priority)))
        return makeStatus(SDY_VERIFICATION_ERROR,
                          std::string(fn) + ": " + what + ": " + diags.take());
      dimAttrs.push_back(DimensionShardingAttr::get(
          mlirCtx, axes, dim.is_closed == 1, priority));
    }
    SmallVector<AxisRefAttr> replicated;
    for (size_t a = 0; a < num_replicated; ++a) {
      AxisRefAttr axis;
      if (sdy_status_t *s =
              convertAxis(fn, "replicated_axes[" + std::to_string(a) + "]",
                          replicated_axes[a], mlirCtx, axis))
        return s;
      replicated.push_back(axis);
    }
    llvm::stable_sort(replicated, AxisRefAttr::getMeshComparator(mesh->attr));
    Attribute meshOrRef =
        mesh_name ? Attribute(FlatSymbolRefAttr::get(mlirCtx, mesh_name))
                  : Attribute(mesh->attr);
    auto attr =
        TensorShardingAttr::get(mlirCtx, meshOrRef, dimAttrs, replicated);
    if (sdy_status_t *s =
            validateWithMesh(fn, SDY_VERIFICATION_ERROR, attr, mesh->attr))
      return s;
    *out_sharding = newSharding(ctx, attr, mesh->attr);
    return nullptr;
  });
}

sdy_status_t *sdy_sharding_parse(sdy_context_t *context, const char *text,
                                 const sdy_mesh_t *mesh,
                                 sdy_sharding_t **out_sharding) {
  static constexpr const char *fn = "sdy_sharding_parse";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .string(text, "text")
                              .optionalHandle(mesh, "mesh")
                              .sameContext(context, mesh, "mesh")
                              .out(out_sharding, "out_sharding"))
      return s;
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    MLIRContext *mlirCtx = &ctx->context;
    std::string unbalanced = checkBrackets(text, "sharding", "<sharding>");
    if (!unbalanced.empty())
      return makeStatus(SDY_PARSE_ERROR, std::string(fn) + ": " + unbalanced);
    DiagnosticCapture diags(mlirCtx);
    VerifierErrorWatch watch(mlirCtx);
    Attribute parsed =
        parseAttributeText(mlirCtx, text, "#sdy.sharding", "<sharding>", diags);
    if (!parsed)
      return makeStatus(watch.parseFailureCode(),
                        std::string(fn) + ": " +
                            diags.take("invalid sharding syntax"));
    auto attr = dyn_cast<TensorShardingAttr>(parsed);
    if (!attr)
      return makeStatus(SDY_PARSE_ERROR,
                        std::string(fn) +
                            ": expected a #sdy.sharding attribute, got " +
                            printAttribute(parsed));
    MeshAttr meshAttr = attr.getInlinedMesh();
    if (meshAttr) {
      if (mesh && mesh->attr != meshAttr)
        return invalidArgument(
            fn, "the sharding inlines mesh " + printAttribute(meshAttr) +
                    " but 'mesh' is " + printAttribute(mesh->attr));
    } else {
      if (!mesh)
        return invalidArgument(fn, "the sharding refers to mesh @" +
                                       attr.getMeshName().str() +
                                       "; pass that mesh as 'mesh'");
      meshAttr = mesh->attr;
    }
    if (sdy_status_t *s =
            validateWithMesh(fn, SDY_VERIFICATION_ERROR, attr, meshAttr))
      return s;
    *out_sharding = newSharding(ctx, attr, meshAttr);
    return nullptr;
  });
}

void sdy_sharding_destroy(sdy_sharding_t *sharding) { destroyHandle(sharding); }

sdy_status_t *sdy_sharding_print(const sdy_sharding_t *sharding,
                                 char **out_text) {
  return query("sdy_sharding_print", sharding, "sharding", out_text, "out_text",
               [](const sdy_sharding &sharding) {
                 std::lock_guard<std::recursive_mutex> lock(
                     sharding.ctx->mutex);
                 return copyString(printAttribute(sharding.attr));
               });
}

sdy_status_t *sdy_sharding_get_mesh(const sdy_sharding_t *sharding,
                                    sdy_mesh_t **out_mesh) {
  return query("sdy_sharding_get_mesh", sharding, "sharding", out_mesh,
               "out_mesh", [](const sdy_sharding &sharding) {
                 return newMesh(sharding.ctx, sharding.mesh);
               });
}

sdy_status_t *sdy_sharding_mesh_name(const sdy_sharding_t *sharding,
                                     char **out_name) {
  return query("sdy_sharding_mesh_name", sharding, "sharding", out_name,
               "out_name", [](const sdy_sharding &sharding) {
                 return copyString(sharding.meshName);
               });
}

sdy_status_t *sdy_sharding_rank(const sdy_sharding_t *sharding,
                                size_t *out_rank) {
  return query(
      "sdy_sharding_rank", sharding, "sharding", out_rank, "out_rank",
      [](const sdy_sharding &sharding) { return sharding.attr.getRank(); });
}

sdy_status_t *sdy_sharding_dim(const sdy_sharding_t *sharding, size_t dim,
                               size_t *out_num_axes, int32_t *out_is_closed,
                               int64_t *out_priority) {
  static constexpr const char *fn = "sdy_sharding_dim";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn).handle(sharding, "sharding"))
      return s;
    size_t rank = sharding->attr.getRank();
    if (dim >= rank)
      return invalidArgument(fn,
                             "dimension " + std::to_string(dim) +
                                 " is out of range: the sharding has rank " +
                                 std::to_string(rank));
    DimensionShardingAttr d = sharding->attr.getDimShardings()[dim];
    if (out_num_axes)
      *out_num_axes = d.getAxes().size();
    if (out_is_closed)
      *out_is_closed = d.getIsClosed() ? 1 : 0;
    if (out_priority)
      *out_priority = d.getPriority().value_or(-1);
    return nullptr;
  });
}

sdy_status_t *sdy_sharding_dim_axis(const sdy_sharding_t *sharding, size_t dim,
                                    size_t index, sdy_axis_ref_t *out_axis) {
  static constexpr const char *fn = "sdy_sharding_dim_axis";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(sharding, "sharding").out(out_axis, "out_axis"))
      return s;
    size_t rank = sharding->attr.getRank();
    if (dim >= rank)
      return invalidArgument(fn,
                             "dimension " + std::to_string(dim) +
                                 " is out of range: the sharding has rank " +
                                 std::to_string(rank));
    ArrayRef<AxisRefAttr> axes =
        sharding->attr.getDimShardings()[dim].getAxes();
    if (index >= axes.size())
      return invalidArgument(fn, "axis index " + std::to_string(index) +
                                     " is out of range: dimension " +
                                     std::to_string(dim) + " has " +
                                     std::to_string(axes.size()) + " axes");
    fillAxis(axes[index], sharding->dimAxisNames[dim][index], out_axis);
    return nullptr;
  });
}

sdy_status_t *sdy_sharding_num_replicated(const sdy_sharding_t *sharding,
                                          size_t *out_count) {
  return query("sdy_sharding_num_replicated", sharding, "sharding", out_count,
               "out_count", [](const sdy_sharding &sharding) {
                 return sharding.replicatedNames.size();
               });
}

sdy_status_t *sdy_sharding_replicated_axis(const sdy_sharding_t *sharding,
                                           size_t index,
                                           sdy_axis_ref_t *out_axis) {
  static constexpr const char *fn = "sdy_sharding_replicated_axis";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(sharding, "sharding").out(out_axis, "out_axis"))
      return s;
    ArrayRef<AxisRefAttr> axes = sharding->attr.getReplicatedAxes();
    if (index >= axes.size())
      return invalidArgument(
          fn, "replicated axis index " + std::to_string(index) +
                  " is out of range: the sharding has " +
                  std::to_string(axes.size()) + " replicated axes");
    fillAxis(axes[index], sharding->replicatedNames[index], out_axis);
    return nullptr;
  });
}

sdy_status_t *sdy_sharding_validate(const sdy_sharding_t *sharding,
                                    const int64_t *shape, size_t rank) {
  return shapeQuery("sdy_sharding_validate", sharding, shape, rank, {}, 0,
                    [] { return nullptr; });
}

sdy_status_t *sdy_sharding_local_shape(const sdy_sharding_t *sharding,
                                       const int64_t *shape, size_t rank,
                                       int64_t *out_shape, size_t capacity) {
  return shapeQuery("sdy_sharding_local_shape", sharding, shape, rank,
                    {{out_shape, "out_shape"}}, capacity, [&] {
                      SmallVector<int64_t> local = sharding->attr.getLocalShape(
                          ArrayRef<int64_t>(shape, rank), sharding->mesh);
                      llvm::copy(local, out_shape);
                      return nullptr;
                    });
}

sdy_status_t *sdy_sharding_device_slice(const sdy_sharding_t *sharding,
                                        const int64_t *shape, size_t rank,
                                        int64_t device_id, int64_t *out_starts,
                                        int64_t *out_limits, size_t capacity) {
  static constexpr const char *fn = "sdy_sharding_device_slice";
  return shapeQuery(
      fn, sharding, shape, rank,
      {{out_starts, "out_starts"}, {out_limits, "out_limits"}}, capacity,
      [&]() -> sdy_status_t * {
        MeshAttr mesh = sharding->mesh;
        std::optional<DeviceSlice> slice = getDeviceSlice(
            sharding->attr, mesh, ArrayRef<int64_t>(shape, rank), device_id);
        if (!slice)
          return invalidArgument(fn, "device " + std::to_string(device_id) +
                                         " is not in the mesh " +
                                         printAttribute(mesh));
        llvm::copy(slice->starts, out_starts);
        llvm::copy(slice->limits, out_limits);
        return nullptr;
      });
}

sdy_status_t *sdy_sharding_equal(const sdy_sharding_t *a,
                                 const sdy_sharding_t *b, int32_t *out_equal) {
  return equalHandles(
      "sdy_sharding_equal", a, b, out_equal,
      [](const sdy_sharding &a, const sdy_sharding &b) {
        return a.attr == b.attr && a.mesh == b.mesh;
      },
      [](const sdy_sharding &sharding) {
        return printAttribute(sharding.attr) + printAttribute(sharding.mesh);
      });
}

} // extern "C"
