//===- PropagationPasses.cpp - the four propagation passes ----------------===//
//
// Each pass contains the one below it: basic ⊂ aggressive ⊂
// op-priority ⊂ user-priority. They are one pass template over that level.
//
//===----------------------------------------------------------------------===//

#include "transforms/propagation/PropagationPasses.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingUtils.h"
#include "mlir/Pass/PassRegistry.h"
#include "transforms/propagation/PropagationDriver.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <type_traits>

namespace mlir::sdy {
namespace {

/// How much of the propagation stack a pass runs.
enum class Level { kBasic, kAggressive, kOpPriority, kUserPriority };

/// Removes every dimension priority in `module`: once user-priority
/// propagation has used them they mean nothing (Shardy's prints none; its
/// basic, aggressive and op-priority passes, which ignore priorities, leave
/// them as they were).
void dropPriorities(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](Operation *op) {
    transformShardings(op, [&](TensorShardingAttr sharding) {
      SmallVector<DimensionShardingAttr> dims;
      for (DimensionShardingAttr dim : sharding.getDimShardings())
        dims.push_back(DimensionShardingAttr::get(
            ctx, dim.getAxes(), dim.getIsClosed(), std::nullopt));
      return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims,
                                     sharding.getReplicatedAxes(),
                                     sharding.getUnreducedAxes());
    });
  });
}

/// Writes `module` to `directory`/`name` (the directory created if
/// missing); an error on `module` if that fails.
LogicalResult dumpModule(ModuleOp module, StringRef directory, StringRef name) {
  if (std::error_code ec = llvm::sys::fs::create_directories(directory))
    return module.emitError("module-dump-directory: cannot create '")
           << directory << "': " << ec.message();
  SmallString<128> path(directory);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return module.emitError("module-dump-directory: cannot write '")
           << path << "': " << ec.message();
  module->print(os);
  os << "\n";
  return success();
}

LogicalResult runPropagation(ModuleOp module, Level level,
                             PropagationStrategy strategy,
                             const PropagationConfig &config,
                             bool runOpPriorityRounds) {
  PropagationDriver driver(module, config);
  auto finish = [&](LogicalResult result) {
    if (succeeded(result)) {
      if (config.reportShardingConflicts)
        driver.reportConflicts();
      if (config.debugShardingOrigins)
        driver.writeShardingOrigins();
      if (level == Level::kUserPriority)
        dropPriorities(module);
    }
    return result;
  };

  auto runOpPriority = [&](int64_t visiblePriority) -> LogicalResult {
    if (level == Level::kBasic || level == Level::kAggressive ||
        !runOpPriorityRounds)
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

struct PropagationPassInfo {
  llvm::StringLiteral argument, name, summary;
};

/// Indexed by Level.
constexpr PropagationPassInfo kPassInfos[] = {
    {"sdy-basic-propagate", "BasicPropagationPass",
     "Propagates compatible major axes to a fixed point."},
    {"sdy-aggressive-propagate", "AggressivePropagationPass",
     "Basic propagation plus conflict resolution."},
    {"sdy-op-priority-propagate", "OpPriorityPropagationPass",
     "Aggressive propagation in op-priority rounds."},
    {"sdy-user-priority-propagate", "UserPriorityPropagationPass",
     "Op-priority propagation, one round per user priority."},
};

/// The propagation pass of `level`. Basic propagation resolves no conflicts,
/// so it takes no strategy.
template <Level level>
class PropagationPass
    : public PassWrapper<PropagationPass<level>, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PropagationPass)

  PropagationPass() = default;
  // The options register with this pass: they are constructed, not copied
  // (clonePass() copies their values afterwards).
  PropagationPass(const PropagationPass &other)
      : PassWrapper<PropagationPass<level>, OperationPass<ModuleOp>>(other) {}

  StringRef getArgument() const override { return info().argument; }
  StringRef getName() const override { return info().name; }
  StringRef getDescription() const override { return info().summary; }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<SdyDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = this->getOperation();
    if (options.debugPropagationEdgeSharding) {
      module.emitError(info().argument)
          << ": debug-propagation-edge-sharding=true is not supported (sdy "
             "does not record sdy.propagation_edges); "
             "debug-sharding-origins=true records where each axis came from";
      return this->signalPassFailure();
    }
    std::string dumpDirectory = options.moduleDumpDirectory;
    if (!dumpDirectory.empty() &&
        failed(dumpModule(module, dumpDirectory,
                          "sdy_module_before_propagation.mlir")))
      return this->signalPassFailure();
    PropagationConfig config;
    config.conservative = options.conservativePropagation;
    config.keepShardingRules = options.keepShardingRules;
    config.debugShardingOrigins = options.debugShardingOrigins;
    config.reportShardingConflicts = options.reportShardingConflicts;
    PropagationStrategy strategy = PropagationStrategy::kBasic;
    if constexpr (level != Level::kBasic)
      strategy = options.propagationStrategy;
    bool runOpPriorityRounds = true;
    if constexpr (level == Level::kOpPriority || level == Level::kUserPriority)
      runOpPriorityRounds = options.runOpPriorityPropagation;
    if (failed(runPropagation(module, level, strategy, config,
                              runOpPriorityRounds)))
      return this->signalPassFailure();
    if (!dumpDirectory.empty() &&
        failed(dumpModule(module, dumpDirectory,
                          "sdy_module_after_propagation.mlir")))
      this->signalPassFailure();
  }

  std::conditional_t<
      level == Level::kBasic, BasicPropagationOptions<Pass>,
      std::conditional_t<level == Level::kAggressive, PropagationOptions<Pass>,
                         OpPriorityPropagationOptions<Pass>>>
      options{*this};

private:
  static const PropagationPassInfo &info() {
    return kPassInfos[static_cast<int>(level)];
  }
};

} // namespace

std::unique_ptr<Pass>
createUserPriorityPropagationPass(const PipelinePropagationOptions &options) {
  auto pass = std::make_unique<PropagationPass<Level::kUserPriority>>();
  pass->options.assign(options);
  return pass;
}

void registerPropagationPasses() {
  PassRegistration<PropagationPass<Level::kBasic>>();
  PassRegistration<PropagationPass<Level::kAggressive>>();
  PassRegistration<PropagationPass<Level::kOpPriority>>();
  PassRegistration<PropagationPass<Level::kUserPriority>>();
}

} // namespace mlir::sdy
