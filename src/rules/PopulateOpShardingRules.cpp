//===- PopulateOpShardingRules.cpp - attach registry rules to ops ---------===//

#include "rules/Passes.h"
#include "rules/ShardingRules.h"

#include "ir/stablehlo/StablehloDialect.h"

namespace mlir::sdy {

#define GEN_PASS_DEF_POPULATEOPSHARDINGRULESPASS
#include "rules/Passes.h.inc"

namespace {

struct PopulateOpShardingRulesPass
    : public impl::PopulateOpShardingRulesPassBase<
          PopulateOpShardingRulesPass> {
  using PopulateOpShardingRulesPassBase::PopulateOpShardingRulesPassBase;

  void runOnOperation() override {
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == getOperation().getOperation())
        return WalkResult::advance();
      getOrCreateShardingRule(op, conservativePropagation,
                              /*setShardingRuleOnOp=*/true);
      // Reduction bodies are scalar computations applied per element; they
      // are not sharded and keep their compact printed form.
      if (isa<stablehlo::ReduceOp, stablehlo::ScatterOp, stablehlo::AllReduceOp,
              stablehlo::ReduceScatterOp, stablehlo::ReduceWindowOp,
              stablehlo::SelectAndScatterOp, stablehlo::SortOp,
              stablehlo::MapOp>(op))
        return WalkResult::skip();
      return WalkResult::advance();
    });
  }
};

} // namespace
} // namespace mlir::sdy
