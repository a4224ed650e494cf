//===- SinkFuncDataFlowEdges.cpp - -sdy-sink-func-data-flow-edges ---------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/calls/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_SINKFUNCDATAFLOWEDGESPASS
#include "transforms/calls/Passes.h.inc"

namespace {

struct SinkFuncDataFlowEdgesPass
    : impl::SinkFuncDataFlowEdgesPassBase<SinkFuncDataFlowEdgesPass> {
  void runOnOperation() override {
    bool changed = false;
    getOperation().walk([&](FuncDataFlowEdgeOp edge) {
      changed = true;
      Value owner = edge.getInput();
      TensorShardingAttr sharding = getSharding(edge.getResult());
      // The edge decides: an owner sharded before propagation but left
      // unsharded by it stays on its mesh, fully open.
      if (!sharding)
        if (TensorShardingAttr old = getSharding(owner))
          sharding = getFullyOpenSharding(&getContext(), old.getMeshOrRef(),
                                          getShardingRank(owner.getType()));
      if (sharding)
        setSharding(owner, sharding);
      edge.getResult().replaceAllUsesWith(owner);
      edge.erase();
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
