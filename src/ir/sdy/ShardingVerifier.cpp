//===- ShardingVerifier.cpp - context-dependent sharding checks -----------===//

#include "ir/sdy/ShardingVerifier.h"

#include "ir/sdy/ShardingUtils.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {
/// `"x", "y"` for error messages.
std::string describeMeshAxes(MeshAttr mesh) {
  if (mesh.getAxes().empty())
    return "no axes";
  std::string text = "axes ";
  llvm::interleave(
      mesh.getAxes(),
      [&](MeshAxisAttr axis) { text += "\"" + axis.getName().str() + "\""; },
      [&] { text += ", "; });
  return text;
}
} // namespace

LogicalResult mlir::sdy::verifyAxisRefList(ArrayRef<AxisRefAttr> axes,
                                           MeshAttr mesh, StringRef what,
                                           EmitErrorFn emitError) {
  for (auto [index, axis] : llvm::enumerate(axes)) {
    std::optional<int64_t> axisSize = mesh.getAxisSize(axis.getName());
    if (!axisSize)
      return emitError() << what << ": unknown axis \"" << axis.getName()
                         << "\" (the mesh has " << describeMeshAxes(mesh)
                         << ")";
    if (SubAxisInfoAttr subAxis = axis.getSubAxisInfo()) {
      int64_t span = subAxis.getNextPreSize();
      if (*axisSize % span != 0)
        return emitError() << what << ": sub-axis " << axis.toString()
                           << " is invalid: pre-size times size (" << span
                           << ") must divide the size of axis \""
                           << axis.getName() << "\" (" << *axisSize << ")";
      if (subAxis.getSize() >= *axisSize)
        return emitError() << what << ": sub-axis " << axis.toString()
                           << " is as large as axis \"" << axis.getName()
                           << "\" (" << *axisSize
                           << "); write the full axis instead";
    }
    for (AxisRefAttr previous : axes.take_front(index))
      if (previous.overlaps(axis))
        return emitError() << what << ": axis " << axis.toString()
                           << (previous == axis
                                   ? " appears more than once"
                                   : " overlaps with " + previous.toString());
    if (index > 0 && axes[index - 1].canMerge(axis))
      return emitError() << what << ": adjacent sub-axes "
                         << axes[index - 1].toString() << " and "
                         << axis.toString() << " can be merged; write "
                         << axes[index - 1].merge(axis, mesh).toString();
  }
  return success();
}

LogicalResult
mlir::sdy::verifyTensorShardingWithMesh(TensorShardingAttr sharding,
                                        MeshAttr mesh, Type type,
                                        EmitErrorFn emitError) {
  auto shapedType = dyn_cast<ShapedType>(type);
  if (!shapedType) {
    if (sharding.getRank() != 0 || !sharding.getReplicatedAxes().empty() ||
        sharding.hasUnreducedAxes())
      return emitError() << "a value of non-shaped type " << type
                         << " can only have a rank-0 sharding without "
                            "replicated or unreduced axes";
    return success();
  }
  // A maximal mesh puts the whole value on one device: nothing is partial.
  if (mesh.isMaximal() && sharding.hasUnreducedAxes())
    return emitError() << "a sharding on a maximal mesh cannot have unreduced "
                          "axes";
  if (!shapedType.hasRank())
    return emitError() << "cannot shard a value of unranked type " << type;
  if (sharding.getRank() != shapedType.getRank())
    return emitError() << "sharding has " << sharding.getRank()
                       << " dimension shardings but the tensor " << type
                       << " has rank " << shapedType.getRank();

  // Every axis across all dimensions and the replicated list: no overlap.
  // Places are dimension numbers, -1 for the replicated list; messages are
  // only formatted on error (this runs after every pass on every op).
  auto describe = [](int64_t place) {
    if (place == -2)
      return std::string("unreduced axes");
    return place < 0 ? std::string("replicated axes")
                     : "dimension " + std::to_string(place);
  };
  SmallVector<std::pair<AxisRefAttr, int64_t>, 8> seen;
  auto checkOverlap = [&](AxisRefAttr axis, int64_t place) -> LogicalResult {
    for (auto &[other, otherPlace] : seen) {
      if (!axis.overlaps(other))
        continue;
      if (axis == other)
        return emitError() << "axis " << axis.toString()
                           << " is used more than once (in "
                           << describe(otherPlace) << " and in "
                           << describe(place) << ")";
      return emitError() << "axis " << axis.toString() << " in "
                         << describe(place) << " overlaps with "
                         << other.toString() << " in " << describe(otherPlace);
    }
    seen.emplace_back(axis, place);
    return success();
  };

  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings())) {
    if (dimSharding.getAxes().empty())
      continue;
    if (failed(verifyAxisRefList(dimSharding.getAxes(), mesh, describe(dim),
                                 emitError)))
      return failure();
    for (AxisRefAttr axis : dimSharding.getAxes())
      if (failed(checkOverlap(axis, dim)))
        return failure();
  }

  auto comparator = AxisRefAttr::getMeshComparator(mesh);
  auto verifyAxisSet = [&](ArrayRef<AxisRefAttr> axes, int64_t place,
                           StringRef what) -> LogicalResult {
    if (!axes.empty() && failed(verifyAxisRefList(axes, mesh, what, emitError)))
      return failure();
    for (AxisRefAttr axis : axes)
      if (failed(checkOverlap(axis, place)))
        return failure();
    for (size_t i = 1; i < axes.size(); ++i)
      if (!comparator(axes[i - 1], axes[i]))
        return emitError() << what << " must be sorted in mesh order: "
                           << axes[i - 1].toString() << " must come after "
                           << axes[i].toString();
    return success();
  };
  if (failed(
          verifyAxisSet(sharding.getReplicatedAxes(), -1, "replicated axes")) ||
      failed(verifyAxisSet(sharding.getUnreducedAxes(), -2, "unreduced axes")))
    return failure();
  return success();
}

MeshAttr mlir::sdy::lookupMeshOrError(TensorShardingAttr sharding,
                                      Operation *op, EmitErrorFn emitError) {
  if (MeshAttr mesh = lookupMesh(op, sharding.getMeshOrRef()))
    return mesh;
  // Say why the lookup failed.
  auto ref = cast<FlatSymbolRefAttr>(sharding.getMeshOrRef());
  Operation *symbol = SymbolTable::lookupNearestSymbolFrom(op, ref.getAttr());
  if (!symbol)
    emitError() << "unknown mesh @" << ref.getValue()
                << " (no sdy.mesh with that name in the module)";
  else
    emitError() << "symbol @" << ref.getValue() << " is a '"
                << symbol->getName() << "', not an sdy.mesh";
  return {};
}

LogicalResult mlir::sdy::verifyTensorSharding(TensorShardingAttr sharding,
                                              Type type, Operation *op,
                                              EmitErrorFn emitError) {
  MeshAttr mesh = lookupMeshOrError(sharding, op, emitError);
  if (!mesh)
    return failure();
  if (failed(verifyTensorShardingWithMesh(sharding, mesh, type, emitError)))
    return failure();

  // Inside a manual computation the manual axes are gone: only free axes may
  // shard values of the body.
  for (auto parent = op->getParentOfType<ManualComputationOp>(); parent;
       parent = parent->getParentOfType<ManualComputationOp>()) {
    auto checkAxes = [&](ArrayRef<AxisRefAttr> axes) -> LogicalResult {
      for (AxisRefAttr axis : axes)
        if (parent.getManualAxes().contains(axis.getName()))
          return emitError()
                 << "axis " << axis.toString()
                 << " is a manual axis of an enclosing sdy.manual_computation "
                    "and cannot shard a value inside its body";
      return success();
    };
    for (DimensionShardingAttr dim : sharding.getDimShardings())
      if (failed(checkAxes(dim.getAxes())))
        return failure();
    if (failed(checkAxes(sharding.getReplicatedAxes())) ||
        failed(checkAxes(sharding.getUnreducedAxes())))
      return failure();
  }
  return success();
}

LogicalResult
mlir::sdy::verifyShardingPerValue(TensorShardingPerValueAttr shardings,
                                  TypeRange types, Operation *op,
                                  StringRef kind) {
  // As in Shardy, an op without results may carry one (rank-0) sharding: the
  // placement of a side-effecting op, e.g. JAX's maximal sharding of the
  // host callback of jax.debug.print.
  if (types.empty() && kind == "result" && shardings.getShardings().size() == 1)
    return verifyTensorSharding(
        shardings.getShardings().front(),
        RankedTensorType::get({}, Float32Type::get(op->getContext())), op, [&] {
          return op->emitOpError() << "sharding of an op without results: ";
        });
  if (shardings.getShardings().size() != types.size())
    return op->emitOpError()
           << "has " << types.size() << " " << kind << "s but "
           << shardings.getShardings().size()
           << " shardings; expected one sharding per " << kind;
  for (auto [index, sharding, type] :
       llvm::enumerate(shardings.getShardings(), types)) {
    if (failed(verifyTensorSharding(sharding, type, op, [&, i = index] {
          return op->emitOpError()
                 << "sharding of " << kind << " " << i << ": ";
        })))
      return failure();
  }
  return success();
}

LogicalResult mlir::sdy::verifyShardingRuleForOp(OpShardingRuleAttr rule,
                                                 Operation *op) {
  auto checkMappings = [&](ArrayRef<TensorMappingAttr> mappings,
                           TypeRange types, StringRef kind) -> LogicalResult {
    if (mappings.size() != types.size())
      return op->emitOpError() << "sharding rule has " << mappings.size() << " "
                               << kind << " mappings but the op has "
                               << types.size() << " " << kind << "s";
    for (auto [index, mapping, type] : llvm::enumerate(mappings, types)) {
      int64_t rank = getShardingRank(type);
      if (mapping.getRank() != rank)
        return op->emitOpError()
               << "sharding rule maps " << mapping.getRank()
               << " dimensions of " << kind << " " << index << " but its type "
               << type << " has rank " << rank;
    }
    return success();
  };
  return failure(failed(checkMappings(rule.getOperandMappings(),
                                      op->getOperandTypes(), "operand")) ||
                 failed(checkMappings(rule.getResultMappings(),
                                      op->getResultTypes(), "result")));
}
