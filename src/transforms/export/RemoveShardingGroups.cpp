//===- RemoveShardingGroups.cpp - -sdy-remove-sharding-groups -------------===//

#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_REMOVESHARDINGGROUPSPASS
#include "transforms/Passes.h.inc"

namespace {

struct RemoveShardingGroupsPass
    : impl::RemoveShardingGroupsPassBase<RemoveShardingGroupsPass> {
  void runOnOperation() override {
    bool changed = false;
    getOperation()->walk([&](ShardingGroupOp op) {
      op.erase();
      changed = true;
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
