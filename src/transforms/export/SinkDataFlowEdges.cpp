//===- SinkDataFlowEdges.cpp - -sdy-sink-data-flow-edges ------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_SINKDATAFLOWEDGESPASS
#include "transforms/Passes.h.inc"

namespace {

struct SinkDataFlowEdgesPass
    : impl::SinkDataFlowEdgesPassBase<SinkDataFlowEdgesPass> {
  using SinkDataFlowEdgesPassBase::SinkDataFlowEdgesPassBase;

  void runOnOperation() override {
    if (sinkDebugPropagationEdgeSharding || sinkDebugShardingOrigins) {
      getOperation().emitError()
          << "sdy-sink-data-flow-edges: sink-debug-propagation-edge-sharding "
             "and sink-debug-sharding-origins are not supported; leave them "
             "false";
      return signalPassFailure();
    }
    bool changed = false;
    getOperation().walk([&](DataFlowEdgeOp edge) {
      changed = true;
      Value owner = edge.getInput();
      if (TensorShardingAttr sharding = edge.getShardingAttr())
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
