//===- DropShardingRules.cpp - -sdy-drop-sharding-rules -------------------===//

#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_DROPSHARDINGRULESPASS
#include "transforms/Passes.h.inc"

namespace {

struct DropShardingRulesPass
    : impl::DropShardingRulesPassBase<DropShardingRulesPass> {
  void runOnOperation() override {
    getOperation().walk(
        [](Operation *op) { op->removeAttr(SdyDialect::kShardingRuleAttr); });
  }
};

} // namespace
} // namespace mlir::sdy
