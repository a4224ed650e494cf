//===- ReshardToCollectives.cpp - sdy.reshard -> sdy collectives ----------===//
//
// Replaces every sdy.reshard by the collectives of planReshard()
// (ReshardPlanner.h). The operand's sharding is the source (fully replicated
// when it has none); the reshard's sharding is the target. Intermediate
// collectives get closed shardings without replicated axes; the last one
// gets the reshard's own sharding.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingVerifier.h"
#include "ir/utils/ShardingUtils.h"
#include "transforms/partition/PartitionUtils.h"
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

LogicalResult lowerReshard(ReshardOp reshard) {
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
  TensorShardingAttr source = getPartitionSharding(input);
  if (!source)
    source = getFullyClosedSharding(ctx, target.getMeshOrRef(),
                                    type.getRank());
  MeshAttr sourceMesh = source.getMesh(reshard);
  MeshAttr targetMesh = target.getMesh(reshard);
  if (!sourceMesh || !targetMesh)
    return reshard.emitOpError("cannot resolve the mesh of the operand or "
                               "target sharding");
  std::string error;
  FailureOr<ReshardPlan> plan = planReshard(
      sourceMesh, getDimAxes(source, type.getRank()), targetMesh,
      getDimAxes(target, type.getRank()), &error,
      /*forceMeshChange=*/source.getMeshOrRef() != target.getMeshOrRef());
  if (failed(plan))
    return reshard.emitOpError("cannot be lowered to collectives: ") << error;

  OpBuilder builder(reshard);
  Value current = input;
  for (auto [index, step] : llvm::enumerate(*plan)) {
    bool isLast = index + 1 == plan->size();
    Attribute meshOrRef = step.onTargetMesh ? target.getMeshOrRef()
                                            : source.getMeshOrRef();
    TensorShardingAttr out = isLast ? target
                                    : getClosedSharding(ctx, meshOrRef,
                                                        step.result);
    Location loc = reshard.getLoc();
    switch (step.kind) {
    case ReshardStep::Kind::AllGather:
      current = AllGatherOp::create(builder, loc, current, getAxisListsAttr(ctx, step.axesPerDim), out);
      break;
    case ReshardStep::Kind::AllSlice:
      current = AllSliceOp::create(builder, loc, current, getAxisListsAttr(ctx, step.axesPerDim), out);
      break;
    case ReshardStep::Kind::AllToAll: {
      SmallVector<AllToAllParamAttr> params;
      for (const AllToAllMove &move : step.moves)
        params.push_back(AllToAllParamAttr::get(ctx, move.axes, move.srcDim,
                                                move.tgtDim));
      current = AllToAllOp::create(builder, loc, current, AlltoAllParamListAttr::get(ctx, params), out);
      break;
    }
    case ReshardStep::Kind::CollectivePermute:
      current = CollectivePermuteOp::create(builder, loc, current, out);
      break;
    }
  }
  reshard.getResult().replaceAllUsesWith(current);
  reshard.erase();
  return success();
}

struct ReshardToCollectivesPass
    : impl::ReshardToCollectivesPassBase<ReshardToCollectivesPass> {
  void runOnOperation() override {
    SmallVector<ReshardOp> reshards;
    getOperation().walk([&](ReshardOp op) { reshards.push_back(op); });
    for (ReshardOp reshard : reshards)
      if (failed(lowerReshard(reshard)))
        return signalPassFailure();
  }
};

} // namespace

TensorShardingAttr getPartitionSharding(Value value) {
  // The dialect already resolves body arguments of region ops.
  return getSharding(value);
}

TensorShardingAttr removeAxes(TensorShardingAttr sharding,
                              ArrayRef<StringAttr> axisNames) {
  if (!sharding)
    return sharding;
  MLIRContext *ctx = sharding.getContext();
  auto keep = [&](AxisRefAttr axis) {
    return !llvm::any_of(axisNames, [&](StringAttr name) {
      return name.getValue() == axis.getName();
    });
  };
  SmallVector<DimensionShardingAttr> dims;
  for (DimensionShardingAttr dim : sharding.getDimShardings()) {
    SmallVector<AxisRefAttr> axes;
    llvm::copy_if(dim.getAxes(), std::back_inserter(axes), keep);
    dims.push_back(DimensionShardingAttr::get(ctx, axes, /*isClosed=*/true));
  }
  SmallVector<AxisRefAttr> replicated;
  llvm::copy_if(sharding.getReplicatedAxes(), std::back_inserter(replicated),
                keep);
  return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims,
                                 replicated);
}

} // namespace mlir::sdy
