//===- AddDataFlowEdges.cpp - -sdy-add-data-flow-edges --------------------===//
//
// Inserts an sdy.data_flow_edge on every result of stablehlo.while, case, if
// and optimization_barrier (the edge owners), holding the owner's sharding.
// Named and manual computations keep their shardings on the op itself (an
// edge's input may not be defined by an sdy op).
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "ir/utils/DataFlow.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_ADDDATAFLOWEDGESPASS
#include "transforms/Passes.h.inc"

namespace {

struct AddDataFlowEdgesPass
    : impl::AddDataFlowEdgesPassBase<AddDataFlowEdgesPass> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    bool changed = false;
    getOperation()->walk([&](Operation *op) {
      if (!isDataFlowOp(op) || isa<NamedComputationOp, ManualComputationOp>(op))
        return;
      builder.setInsertionPointAfter(op);
      for (Value owner : op->getResults()) {
        if (llvm::any_of(owner.getUsers(), [](Operation *user) {
              return isa<DataFlowEdgeOp>(user);
            }))
          continue; // already has an edge
        auto edge = DataFlowEdgeOp::create(builder, op->getLoc(), owner,
                                           getSharding(owner));
        owner.replaceAllUsesExcept(edge.getResult(), edge);
        changed = true;
      }
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
