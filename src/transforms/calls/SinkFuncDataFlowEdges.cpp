//===- SinkFuncDataFlowEdges.cpp - -sdy-sink-func-data-flow-edges ---------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_SINKFUNCDATAFLOWEDGESPASS
#include "transforms/calls/Passes.h.inc"

namespace {

/// The sharding `edge` leaves on its owner. The edge decides: an owner
/// sharded before propagation but left unsharded by it stays on its mesh,
/// fully open.
TensorShardingAttr getSunkSharding(FuncDataFlowEdgeOp edge) {
  if (TensorShardingAttr sharding = getSharding(edge.getResult()))
    return sharding;
  Value owner = edge.getInput();
  TensorShardingAttr old = getSharding(owner);
  return old ? getFullyOpenSharding(edge.getContext(), old.getMeshOrRef(),
                                    getShardingRank(owner.getType()))
             : TensorShardingAttr();
}

struct SinkFuncDataFlowEdgesPass
    : impl::SinkFuncDataFlowEdgesPassBase<SinkFuncDataFlowEdgesPass> {
  void runOnOperation() override {
    SmallVector<FuncDataFlowEdgeOp> edges;
    getOperation().walk(
        [&](FuncDataFlowEdgeOp edge) { edges.push_back(edge); });
    if (edges.empty())
      return markAllAnalysesPreserved();
    for (FuncDataFlowEdgeOp edge : edges) {
      if (TensorShardingAttr sharding = getSunkSharding(edge))
        setSharding(edge.getInput(), sharding);
      edge.getResult().replaceAllUsesWith(edge.getInput());
      edge.erase();
    }
  }
};

} // namespace
} // namespace mlir::sdy
