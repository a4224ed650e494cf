//===- RemoveShardingGroups.cpp - -sdy-remove-sharding-groups -------------===//

#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_REMOVESHARDINGGROUPSPASS
#include "transforms/Passes.h.inc"

namespace {

struct RemoveShardingGroupsPass
    : impl::RemoveShardingGroupsPassBase<RemoveShardingGroupsPass> {
  void runOnOperation() override {
    getOperation().walk([](ShardingGroupOp op) { op.erase(); });
  }
};

} // namespace
} // namespace mlir::sdy
