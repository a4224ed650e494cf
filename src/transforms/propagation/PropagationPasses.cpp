//===- PropagationPasses.cpp - the four propagation passes ----------------===//
//
// Each pass contains the one below it: basic ⊂ aggressive ⊂
// op-priority ⊂ user-priority.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/propagation/PropagationDriver.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_BASICPROPAGATIONPASS
#define GEN_PASS_DEF_AGGRESSIVEPROPAGATIONPASS
#define GEN_PASS_DEF_OPPRIORITYPROPAGATIONPASS
#define GEN_PASS_DEF_USERPRIORITYPROPAGATIONPASS
#include "transforms/Passes.h.inc"

namespace {

FailureOr<PropagationStrategy> parseStrategy(Operation *op, StringRef name) {
  if (name == "basic")
    return PropagationStrategy::kBasic;
  if (name == "aggressive")
    return PropagationStrategy::kAggressive;
  if (name == "basic-then-aggressive")
    return PropagationStrategy::kBasicThenAggressive;
  return op->emitError() << "unknown propagation-strategy '" << name
                         << "', expected basic, aggressive or "
                            "basic-then-aggressive";
}

/// How much of the propagation stack a pass runs.
enum class Level { kBasic, kAggressive, kOpPriority, kUserPriority };

LogicalResult runPropagation(ModuleOp module, Level level, StringRef strategyName,
                             bool conservative, bool keepRules,
                             bool debugOrigins) {
  PropagationConfig config;
  config.conservative = conservative;
  config.keepShardingRules = keepRules;
  config.debugShardingOrigins = debugOrigins;
  PropagationStrategy strategy = PropagationStrategy::kBasic;
  if (level != Level::kBasic) {
    FailureOr<PropagationStrategy> parsed = parseStrategy(module, strategyName);
    if (failed(parsed))
      return failure();
    strategy = *parsed;
  }
  PropagationDriver driver(module, config);
  auto finish = [&](LogicalResult result) {
    if (succeeded(result)) {
      driver.reportConflicts();
      if (debugOrigins)
        driver.writeShardingOrigins();
    }
    return result;
  };

  auto runOpPriority = [&](int64_t visiblePriority) -> LogicalResult {
    if (level == Level::kBasic || level == Level::kAggressive)
      return driver.run(OpPriorityRound::kAll, visiblePriority, strategy);
    for (OpPriorityRound round :
         {OpPriorityRound::kPassThroughSingleUse, OpPriorityRound::kPassThrough,
          OpPriorityRound::kPassThroughFactorsBroadcastBackward,
          OpPriorityRound::kAllButBroadcastForward, OpPriorityRound::kAll})
      if (failed(driver.run(round, visiblePriority, strategy)))
        return failure();
    return success();
  };

  if (level != Level::kUserPriority)
    return finish(runOpPriority(INT64_MAX));
  // Priorities p0 first; every later round also sees the earlier ones.
  for (int64_t priority : driver.getUserPriorities())
    if (failed(runOpPriority(priority)))
      return failure();
  return finish(success());
}

struct BasicPropagationPass
    : impl::BasicPropagationPassBase<BasicPropagationPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(runPropagation(getOperation(), Level::kBasic, "basic",
                              conservativePropagation, keepShardingRules,
                              debugShardingOrigins)))
      signalPassFailure();
  }
};

struct AggressivePropagationPass
    : impl::AggressivePropagationPassBase<AggressivePropagationPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(runPropagation(getOperation(), Level::kAggressive,
                              propagationStrategy, conservativePropagation,
                              keepShardingRules, debugShardingOrigins)))
      signalPassFailure();
  }
};

struct OpPriorityPropagationPass
    : impl::OpPriorityPropagationPassBase<OpPriorityPropagationPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(runPropagation(getOperation(), Level::kOpPriority,
                              propagationStrategy, conservativePropagation,
                              keepShardingRules, debugShardingOrigins)))
      signalPassFailure();
  }
};

struct UserPriorityPropagationPass
    : impl::UserPriorityPropagationPassBase<UserPriorityPropagationPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(runPropagation(getOperation(), Level::kUserPriority,
                              propagationStrategy, conservativePropagation,
                              keepShardingRules, debugShardingOrigins)))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::sdy
