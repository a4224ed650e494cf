//===- ShardingConstraintToReshard.cpp - -sdy-sharding-constraint-to-reshard
//===//

#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_SHARDINGCONSTRAINTTORESHARDPASS
#include "transforms/Passes.h.inc"

namespace {

struct ShardingConstraintToReshardPass
    : impl::ShardingConstraintToReshardPassBase<
          ShardingConstraintToReshardPass> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    bool changed = false;
    getOperation().walk([&](ShardingConstraintOp op) {
      changed = true;
      builder.setInsertionPoint(op);
      auto reshard = ReshardOp::create(builder, op.getLoc(), op.getInput(),
                                       op.getSharding());
      reshard->setDiscardableAttrs(op->getDiscardableAttrDictionary());
      op.replaceAllUsesWith(reshard.getResult());
      op.erase();
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
