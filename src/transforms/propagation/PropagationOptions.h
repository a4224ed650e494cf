//===- PropagationOptions.h - the options of propagation --------*- C++ -*-===//
//
// Declared once for the four propagation passes and for the pipelines that
// run propagation (-sdy-propagation-pipeline, -sdy-partition-pipeline). The
// names and defaults are part of the tool interface.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PROPAGATION_PROPAGATIONOPTIONS_H
#define SDY_TRANSFORMS_PROPAGATION_PROPAGATIONOPTIONS_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "transforms/propagation/FactorPropagation.h"

namespace mlir::sdy {

/// The options of every propagation pass. `Owner` is mlir::Pass for a pass
/// and mlir::detail::PassOptions for a pipeline's options; the options are
/// registered with the owner, so they parse and print with it.
template <typename Owner>
struct BasicPropagationOptions {
  template <typename T>
  using Option = typename Owner::template Option<T>;

  explicit BasicPropagationOptions(Owner &owner)
      : keepShardingRules(owner, "keep-sharding-rules",
                          llvm::cl::desc("Keep the sharding rules computed for "
                                         "ops as sdy.sharding_rule"),
                          llvm::cl::init(false)),
        conservativePropagation(owner, "conservative-propagation",
                                llvm::cl::desc("Never create sub-axes"),
                                llvm::cl::init(false)),
        debugShardingOrigins(
            owner, "debug-sharding-origins",
            llvm::cl::desc("Record which user sharding each axis came from"),
            llvm::cl::init(false)),
        reportShardingConflicts(
            owner, "report-sharding-conflicts",
            llvm::cl::desc("Emit a remark on every op whose operands and "
                           "results still disagree after propagation"),
            llvm::cl::init(false)),
        debugPropagationEdgeSharding(
            owner, "debug-propagation-edge-sharding",
            llvm::cl::desc("Shardy's option; only false is supported: sdy "
                           "does not record propagation edges"),
            llvm::cl::init(false)),
        moduleDumpDirectory(
            owner, "module-dump-directory",
            llvm::cl::desc("Write the module before and after propagation "
                           "into this directory (created if missing)"),
            llvm::cl::init("")) {}

  /// Copies the values of `other`, e.g. a pipeline's into a pass's.
  template <typename OtherOwner>
  void assign(const BasicPropagationOptions<OtherOwner> &other) {
    keepShardingRules = other.keepShardingRules.getValue();
    conservativePropagation = other.conservativePropagation.getValue();
    debugShardingOrigins = other.debugShardingOrigins.getValue();
    reportShardingConflicts = other.reportShardingConflicts.getValue();
    debugPropagationEdgeSharding =
        other.debugPropagationEdgeSharding.getValue();
    moduleDumpDirectory = other.moduleDumpDirectory.getValue();
  }

  Option<bool> keepShardingRules;
  Option<bool> conservativePropagation;
  Option<bool> debugShardingOrigins;
  Option<bool> reportShardingConflicts;
  Option<bool> debugPropagationEdgeSharding;
  Option<std::string> moduleDumpDirectory;
};

/// The options of the passes that can resolve conflicts (aggressive and up)
/// and of the pipelines: the basic ones and the strategy.
template <typename Owner>
struct PropagationOptions : BasicPropagationOptions<Owner> {
  explicit PropagationOptions(Owner &owner)
      : BasicPropagationOptions<Owner>(owner),
        propagationStrategy(
            owner, "propagation-strategy",
            llvm::cl::desc("The propagation strategy"),
            llvm::cl::init(PropagationStrategy::kAggressive),
            llvm::cl::values(
                clEnumValN(PropagationStrategy::kBasic, "basic",
                           "Only compatible axes"),
                clEnumValN(PropagationStrategy::kAggressive, "aggressive",
                           "Also resolve conflicts"),
                clEnumValN(PropagationStrategy::kBasicThenAggressive,
                           "basic-then-aggressive",
                           "Basic to a fixed point, then aggressive"))) {}

  template <typename OtherOwner>
  void assign(const PropagationOptions<OtherOwner> &other) {
    BasicPropagationOptions<Owner>::assign(other);
    propagationStrategy = other.propagationStrategy.getValue();
  }

  typename BasicPropagationOptions<Owner>::template Option<PropagationStrategy>
      propagationStrategy;
};

/// The propagation options as a pipeline holds them.
/// The options of the op-priority and user-priority passes.
template <typename Owner>
struct OpPriorityPropagationOptions : PropagationOptions<Owner> {
  explicit OpPriorityPropagationOptions(Owner &owner)
      : PropagationOptions<Owner>(owner),
        runOpPriorityPropagation(
            owner, "run-op-priority-propagation",
            llvm::cl::desc("Run the op-priority rounds (false: one "
                           "aggressive round per user priority)"),
            llvm::cl::init(true)) {}

  template <typename OtherOwner>
  void assign(const PropagationOptions<OtherOwner> &other) {
    PropagationOptions<Owner>::assign(other);
  }

  typename BasicPropagationOptions<Owner>::template Option<bool>
      runOpPriorityPropagation;
};

using PipelinePropagationOptions =
    PropagationOptions<mlir::detail::PassOptions>;

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONOPTIONS_H
