//===- DropShardingRules.cpp - -sdy-drop-sharding-rules -------------------===//

#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_DROPSHARDINGRULESPASS
#include "transforms/Passes.h.inc"

namespace {

struct DropShardingRulesPass
    : impl::DropShardingRulesPassBase<DropShardingRulesPass> {
  void runOnOperation() override {
    // Custom rules are the user's and are never removed.
    bool changed = false;
    getOperation().walk([&](Operation *op) {
      auto rule =
          op->getAttrOfType<OpShardingRuleAttr>(SdyDialect::kShardingRuleAttr);
      if (rule && !rule.isCustom()) {
        op->removeAttr(SdyDialect::kShardingRuleAttr);
        changed = true;
      }
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
