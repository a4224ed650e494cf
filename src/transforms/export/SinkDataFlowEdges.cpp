//===- SinkDataFlowEdges.cpp - -sdy-sink-data-flow-edges ------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_SINKDATAFLOWEDGESPASS
#include "transforms/Passes.h.inc"

namespace {

struct SinkDataFlowEdgesPass
    : impl::SinkDataFlowEdgesPassBase<SinkDataFlowEdgesPass> {
  void runOnOperation() override {
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
