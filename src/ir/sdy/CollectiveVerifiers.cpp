//===- CollectiveVerifiers.cpp - invariants of sdy collective ops ---------===//
//
// A collective's out_sharding does not define its result sharding: it must
// equal the sharding obtained by applying the collective to the operand's
// sharding. Each verifier computes that sharding and compares.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "ir/sdy/ShardingUtils.h"
#include "ir/sdy/ShardingVerifier.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

/// Shared checks: out_sharding is valid for the type; the operand's sharding
/// (if any) is on the same mesh. Returns the operand's axes per dimension.
FailureOr<SmallVector<AxisList>> prepare(Operation *op, Value operand,
                                         TensorShardingAttr outSharding,
                                         MeshAttr &mesh,
                                         bool allowReorderedMesh) {
  auto type = cast<RankedTensorType>(operand.getType());
  if (failed(verifyTensorSharding(outSharding, type, op, [&] {
        return op->emitOpError() << "out_sharding: ";
      })))
    return failure();
  mesh = outSharding.getMesh(op);
  TensorShardingAttr operandSharding = getSharding(operand);
  if (operandSharding &&
      operandSharding.getMeshOrRef() != outSharding.getMeshOrRef()) {
    MeshAttr operandMesh = operandSharding.getMesh(op);
    if (!allowReorderedMesh || !operandMesh || !operandMesh.hasSameAxes(mesh))
      return op->emitOpError()
             << "operand sharding and out_sharding must be on the same mesh"
             << (allowReorderedMesh ? " (or meshes that differ only in "
                                      "device order)"
                                    : "")
             << ", got " << operandSharding.getMeshOrRef() << " and "
             << outSharding.getMeshOrRef();
  }
  return getDimAxes(operandSharding, type.getRank());
}

/// Compares the axes of `outSharding` with the expected ones.
LogicalResult checkInferred(Operation *op, TensorShardingAttr outSharding,
                            ArrayRef<AxisList> expected) {
  SmallVector<AxisList> actual = getDimAxes(outSharding, expected.size());
  if (actual == SmallVector<AxisList>(expected))
    return success();
  return op->emitOpError()
         << "out_sharding " << formatDimAxes(actual)
         << " does not match the sharding inferred from the operand and the "
            "op: "
         << formatDimAxes(expected);
}

LogicalResult checkPerDimLists(Operation *op, ArrayRef<AxisRefListAttr> lists,
                               int64_t rank, StringRef what, MeshAttr mesh) {
  if (static_cast<int64_t>(lists.size()) != rank)
    return op->emitOpError() << what << " has " << lists.size()
                             << " axis lists but the tensor has rank " << rank;
  for (auto [dim, list] : llvm::enumerate(lists))
    if (failed(verifyAxisRefList(
            list.getValue(), mesh,
            (what + " of dimension " + std::to_string(dim)).str(),
            [&] { return op->emitOpError(); })))
      return failure();
  return success();
}

/// The unreduced axes of `operand`'s sharding (none without a sharding).
AxisList getOperandUnreduced(Value operand) {
  TensorShardingAttr sharding = getSharding(operand);
  return sharding ? AxisList(sharding.getUnreducedAxes()) : AxisList();
}

/// Compares the unreduced axes of `outSharding` with `expected`, which is
/// sorted in mesh order here. Only the unreduced conversions check them:
/// like Shardy, the other collectives leave out_sharding's unreduced axes
/// free.
LogicalResult checkUnreduced(Operation *op, TensorShardingAttr outSharding,
                             AxisList expected, MeshAttr mesh) {
  llvm::sort(expected, AxisRefAttr::getMeshComparator(mesh));
  if (llvm::equal(outSharding.getUnreducedAxes(), expected))
    return success();
  return op->emitOpError()
         << "out_sharding's unreduced axes "
         << formatDimAxes({AxisList(outSharding.getUnreducedAxes())})
         << " do not match the unreduced axes inferred from the operand and "
            "the op: "
         << formatDimAxes({expected});
}

/// True if `suffix` is a suffix of `axes`.
bool isSuffix(ArrayRef<AxisRefAttr> suffix, ArrayRef<AxisRefAttr> axes) {
  return suffix.size() <= axes.size() &&
         llvm::equal(suffix, axes.take_back(suffix.size()));
}

/// Removes `lists[d]`, which must be a suffix, from `dims[d]`; appends the
/// removed axes to `removed` if given.
LogicalResult removeSuffixes(Operation *op, ArrayRef<AxisRefListAttr> lists,
                             SmallVectorImpl<AxisList> &dims, StringRef what,
                             AxisList *removed = nullptr) {
  for (auto [dim, list] : llvm::enumerate(lists)) {
    AxisList &axes = dims[dim];
    if (!isSuffix(list.getValue(), axes))
      return op->emitOpError()
             << what << " of dimension " << dim
             << " must be a suffix of the operand's dimension sharding "
             << formatDimAxes({axes});
    axes.resize(axes.size() - list.getValue().size());
    if (removed)
      llvm::append_range(*removed, list.getValue());
  }
  return success();
}

} // namespace

LogicalResult AllGatherOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, false);
  if (failed(dims))
    return failure();
  ArrayRef<AxisRefListAttr> gathering = getGatheringAxes().getValue();
  if (failed(checkPerDimLists(*this, gathering, dims->size(), "gathering_axes",
                              mesh)))
    return failure();
  if (failed(removeSuffixes(*this, gathering, *dims, "gathering_axes")))
    return failure();
  return checkInferred(*this, getOutSharding(), *dims);
}

LogicalResult AllSliceOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, false);
  if (failed(dims))
    return failure();
  ArrayRef<AxisRefListAttr> slicing = getSlicingAxes().getValue();
  if (failed(
          checkPerDimLists(*this, slicing, dims->size(), "slicing_axes", mesh)))
    return failure();
  for (auto [dim, list] : llvm::enumerate(slicing))
    llvm::append_range((*dims)[dim], list.getValue());
  return checkInferred(*this, getOutSharding(), *dims);
}

LogicalResult ReduceScatterOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, false);
  if (failed(dims))
    return failure();
  ArrayRef<AxisRefListAttr> scatter = getReduceScatterAxes().getValue();
  if (failed(checkPerDimLists(*this, scatter, dims->size(),
                              "reduce_scatter_axes", mesh)))
    return failure();
  for (auto [dim, list] : llvm::enumerate(scatter))
    llvm::append_range((*dims)[dim], list.getValue());
  return checkInferred(*this, getOutSharding(), *dims);
}

LogicalResult AllToAllOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, false);
  if (failed(dims))
    return failure();
  int64_t rank = dims->size();
  ArrayRef<AllToAllParamAttr> params = getParams().getValue();
  if (params.empty())
    return emitOpError() << "params must not be empty";
  SmallVector<bool> usedDims(rank, false);
  for (auto [index, param] : llvm::enumerate(params)) {
    for (int64_t dim : {param.getSrcDim(), param.getTgtDim()}) {
      if (dim < 0 || dim >= rank)
        return emitOpError() << "param " << index << ": dimension " << dim
                             << " is out of range [0, " << rank << ")";
      if (usedDims[dim])
        return emitOpError() << "param " << index << ": dimension " << dim
                             << " is used by more than one src_dim/tgt_dim";
      usedDims[dim] = true;
    }
    if (index > 0 && params[index - 1].getSrcDim() > param.getSrcDim())
      return emitOpError() << "params must be sorted by src_dim, got "
                           << params[index - 1].getSrcDim() << " before "
                           << param.getSrcDim();
    if (param.getAxes().empty())
      return emitOpError() << "param " << index << ": axes must not be empty";
    if (failed(verifyAxisRefList(param.getAxes(), mesh,
                                 "param " + std::to_string(index),
                                 [&] { return emitOpError(); })))
      return failure();
  }
  for (auto [index, param] : llvm::enumerate(params)) {
    AxisList &src = (*dims)[param.getSrcDim()];
    if (!isSuffix(param.getAxes(), src))
      return emitOpError() << "param " << index << ": axes must be a suffix "
                           << "of the operand's sharding of dimension "
                           << param.getSrcDim() << " " << formatDimAxes({src});
    src.resize(src.size() - param.getAxes().size());
    llvm::append_range((*dims)[param.getTgtDim()], param.getAxes());
  }
  return checkInferred(*this, getOutSharding(), *dims);
}

LogicalResult CollectivePermuteOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, true);
  if (failed(dims))
    return failure();
  for (auto [dim, outDim] :
       llvm::enumerate(getOutSharding().getDimShardings())) {
    int64_t before = getAxesSize((*dims)[dim], mesh);
    int64_t after = outDim.getShardedSize(mesh);
    if (before != after)
      return emitOpError() << "dimension " << dim << " is sharded " << before
                           << " ways by the operand but " << after
                           << " ways by out_sharding; a collective_permute "
                              "must keep the local shape";
  }
  return success();
}

LogicalResult AllReduceOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, false);
  if (failed(dims))
    return failure();
  ArrayRef<AxisRefAttr> reduction = getReductionAxes().getValue();
  if (failed(verifyAxisRefList(reduction, mesh, "reduction_axes",
                               [&] { return emitOpError(); })))
    return failure();
  for (AxisRefAttr axis : reduction)
    for (auto [dim, axes] : llvm::enumerate(*dims))
      for (AxisRefAttr used : axes)
        if (axis.overlaps(used))
          return emitOpError()
                 << "reduction axis " << axis.toString()
                 << " overlaps with axis " << used.toString()
                 << " that shards dimension " << dim << " of the operand";
  return checkInferred(*this, getOutSharding(), *dims);
}

LogicalResult ShardedToUnreducedOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, false);
  if (failed(dims))
    return failure();
  ArrayRef<AxisRefListAttr> moved = getAxes().getValue();
  if (failed(checkPerDimLists(*this, moved, dims->size(), "axes", mesh)))
    return failure();
  AxisList unreduced = getOperandUnreduced(getTensor());
  if (failed(removeSuffixes(*this, moved, *dims, "axes", &unreduced)))
    return failure();
  if (failed(checkUnreduced(*this, getOutSharding(), unreduced, mesh)))
    return failure();
  return checkInferred(*this, getOutSharding(), *dims);
}

LogicalResult ReplicatedToUnreducedOp::verify() {
  MeshAttr mesh;
  auto dims = prepare(*this, getTensor(), getOutSharding(), mesh, false);
  if (failed(dims))
    return failure();
  ArrayRef<AxisRefAttr> axes = getAxes().getValue();
  if (axes.empty())
    return emitOpError() << "axes must not be empty";
  if (failed(
          verifyAxisRefList(axes, mesh, "axes", [&] { return emitOpError(); })))
    return failure();
  AxisList unreduced = getOperandUnreduced(getTensor());
  for (AxisRefAttr axis : axes) {
    for (auto [dim, used] : llvm::enumerate(*dims))
      for (AxisRefAttr other : used)
        if (axis.overlaps(other))
          return emitOpError()
                 << "axis " << axis.toString() << " overlaps with axis "
                 << other.toString() << " that shards dimension " << dim
                 << " of the operand; only replicated axes can become "
                    "unreduced";
    for (AxisRefAttr other : unreduced)
      if (axis.overlaps(other))
        return emitOpError() << "axis " << axis.toString()
                             << " overlaps with the operand's unreduced axis "
                             << other.toString();
  }
  llvm::append_range(unreduced, axes);
  if (failed(checkUnreduced(*this, getOutSharding(), unreduced, mesh)))
    return failure();
  return checkInferred(*this, getOutSharding(), *dims);
}
