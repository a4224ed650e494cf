//===- ReshardToCollectives.cpp - sdy.reshard -> sdy collectives ----------===//
//
// Replaces every sdy.reshard by the collectives of planReshard()
// (ReshardPlanner.h). The operand's sharding is the source (fully replicated
// when it has none); the reshard's sharding is the target. Intermediate
// collectives get closed shardings without replicated axes; the last one
// gets the reshard's own sharding.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/partition/Passes.h"
#include "transforms/partition/ReshardPlanner.h"

#include "mlir/IR/Builders.h"

namespace mlir::sdy {

#define GEN_PASS_DEF_RESHARDTOCOLLECTIVESPASS
#include "transforms/partition/Passes.h.inc"

namespace {

ListOfAxisRefListsAttr getAxisListsAttr(MLIRContext *ctx,
                                        ArrayRef<AxisList> dims) {
  SmallVector<AxisRefListAttr> lists;
  for (const AxisList &axes : dims)
    lists.push_back(AxisRefListAttr::get(ctx, axes));
  return ListOfAxisRefListsAttr::get(ctx, lists);
}

TensorShardingAttr getClosedSharding(MLIRContext *ctx, Attribute meshOrRef,
                                     ArrayRef<AxisList> dims) {
  SmallVector<DimensionShardingAttr> dimShardings;
  for (const AxisList &axes : dims)
    dimShardings.push_back(
        DimensionShardingAttr::get(ctx, axes, /*isClosed=*/true));
  return TensorShardingAttr::get(ctx, meshOrRef, dimShardings, {});
}

/// Emits the steps of `plan` (all on `meshOrRef`) after `current`; the last
/// one gets `last`, the others closed shardings of their result.
Value emitPlan(OpBuilder &builder, Location loc, Value current,
               const ReshardPlan &plan, Attribute sourceMeshOrRef,
               Attribute targetMeshOrRef, TensorShardingAttr last);

/// A reshard between meshes with different axes over the same devices: all
/// axes are gathered on the source mesh, the fully replicated value (equal
/// on every device) is relabelled to the target mesh by a fully replicated
/// sdy.sharding_constraint (the identity in -sdy-convert-global-to-local; a
/// constraint rather than a reshard since no sdy.reshard may be left after
/// this pass and collectives cannot change the mesh axes), and the target's
/// axes are sliced on the target mesh.
LogicalResult lowerCrossMeshReshard(ReshardOp reshard,
                                    TensorShardingAttr source,
                                    MeshAttr sourceMesh,
                                    TensorShardingAttr target,
                                    MeshAttr targetMesh, int64_t rank) {
  MLIRContext *ctx = reshard.getContext();
  auto deviceIds = [](MeshAttr mesh) {
    SmallVector<int64_t> ids;
    for (int64_t i = 0, n = mesh.getTotalSize(); i < n; ++i)
      ids.push_back(mesh.getDeviceId(i));
    llvm::sort(ids);
    return ids;
  };
  if (sourceMesh.getTotalSize() != targetMesh.getTotalSize())
    return reshard.emitOpError("cannot be lowered to collectives: the source "
                               "and target meshes have different numbers of "
                               "devices (")
           << sourceMesh.getTotalSize() << " vs " << targetMesh.getTotalSize()
           << ")";
  if (deviceIds(sourceMesh) != deviceIds(targetMesh))
    return reshard.emitOpError("cannot be lowered to collectives: the source "
                               "and target meshes have different device ids");
  DimAxes replicated(rank);
  std::string error;
  FailureOr<ReshardPlan> gather =
      planReshard(sourceMesh, getDimAxes(source, rank), replicated, &error);
  if (failed(gather))
    return reshard.emitOpError("cannot be lowered to collectives: ") << error;
  FailureOr<ReshardPlan> slice =
      planReshard(targetMesh, replicated, getDimAxes(target, rank), &error);
  if (failed(slice))
    return reshard.emitOpError("cannot be lowered to collectives: ") << error;
  OpBuilder builder(reshard);
  Location loc = reshard.getLoc();
  Value current = reshard.getInput();
  TensorShardingAttr replicatedOnSource =
      getFullyClosedSharding(ctx, source.getMeshOrRef(), rank);
  TensorShardingAttr replicatedOnTarget =
      slice->empty() ? target
                     : getFullyClosedSharding(ctx, target.getMeshOrRef(), rank);
  current = emitPlan(builder, loc, current, *gather, source.getMeshOrRef(),
                     source.getMeshOrRef(), replicatedOnSource);
  current =
      ShardingConstraintOp::create(builder, loc, current, replicatedOnTarget);
  current = emitPlan(builder, loc, current, *slice, target.getMeshOrRef(),
                     target.getMeshOrRef(), target);
  reshard.getResult().replaceAllUsesWith(current);
  reshard.erase();
  return success();
}

LogicalResult lowerReshard(ReshardOp reshard, bool keepRedundantReshards) {
  MLIRContext *ctx = reshard.getContext();
  Value input = reshard.getInput();
  auto type = dyn_cast<RankedTensorType>(input.getType());
  TensorShardingAttr target = reshard.getSharding();
  if (!type) {
    // Tokens and other unshaped values have nothing to move.
    reshard.getResult().replaceAllUsesWith(input);
    reshard.erase();
    return success();
  }
  TensorShardingAttr source = getSharding(input);
  if (!source)
    source = getFullyClosedSharding(ctx, target.getMeshOrRef(), type.getRank());
  MeshAttr sourceMesh = source.getMesh(reshard);
  MeshAttr targetMesh = target.getMesh(reshard);
  if (!sourceMesh || !targetMesh)
    return reshard.emitOpError("cannot resolve the mesh of the operand or "
                               "target sharding");
  if (!sourceMesh.hasSameAxes(targetMesh))
    return lowerCrossMeshReshard(reshard, source, sourceMesh, target,
                                 targetMesh, type.getRank());
  std::string error;
  FailureOr<ReshardPlan> plan = planReshard(
      sourceMesh, getDimAxes(source, type.getRank()), targetMesh,
      getDimAxes(target, type.getRank()), &error,
      /*forceMeshChange=*/source.getMeshOrRef() != target.getMeshOrRef());
  if (failed(plan))
    return reshard.emitOpError("cannot be lowered to collectives: ") << error;
  if (plan->empty() && keepRedundantReshards)
    return success();

  OpBuilder builder(reshard);
  Value current =
      emitPlan(builder, reshard.getLoc(), input, *plan, source.getMeshOrRef(),
               target.getMeshOrRef(), target);
  reshard.getResult().replaceAllUsesWith(current);
  reshard.erase();
  return success();
}

Value emitPlan(OpBuilder &builder, Location loc, Value current,
               const ReshardPlan &plan, Attribute sourceMeshOrRef,
               Attribute targetMeshOrRef, TensorShardingAttr last) {
  MLIRContext *ctx = builder.getContext();
  for (auto [index, step] : llvm::enumerate(plan)) {
    bool isLast = index + 1 == plan.size();
    Attribute meshOrRef = step.onTargetMesh ? targetMeshOrRef : sourceMeshOrRef;
    TensorShardingAttr out =
        isLast ? last : getClosedSharding(ctx, meshOrRef, step.result);
    switch (step.kind) {
    case ReshardStep::Kind::AllGather:
      current = AllGatherOp::create(
          builder, loc, current, getAxisListsAttr(ctx, step.axesPerDim), out);
      break;
    case ReshardStep::Kind::AllSlice:
      current = AllSliceOp::create(builder, loc, current,
                                   getAxisListsAttr(ctx, step.axesPerDim), out);
      break;
    case ReshardStep::Kind::AllToAll: {
      SmallVector<AllToAllParamAttr> params;
      for (const AllToAllMove &move : step.moves)
        params.push_back(
            AllToAllParamAttr::get(ctx, move.axes, move.srcDim, move.tgtDim));
      current = AllToAllOp::create(
          builder, loc, current, AlltoAllParamListAttr::get(ctx, params), out);
      break;
    }
    case ReshardStep::Kind::CollectivePermute:
      current = CollectivePermuteOp::create(builder, loc, current, out);
      break;
    }
  }
  return current;
}

struct ReshardToCollectivesPass
    : impl::ReshardToCollectivesPassBase<ReshardToCollectivesPass> {
  using ReshardToCollectivesPassBase::ReshardToCollectivesPassBase;

  void runOnOperation() override {
    SmallVector<ReshardOp> reshards;
    getOperation().walk([&](ReshardOp op) { reshards.push_back(op); });
    for (ReshardOp reshard : reshards)
      if (failed(lowerReshard(reshard, keepRedundantReshards)))
        return signalPassFailure();
  }
};

} // namespace

} // namespace mlir::sdy
