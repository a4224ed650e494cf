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
            llvm::cl::init(false)) {}

  /// Copies the values of `other`, e.g. a pipeline's into a pass's.
  template <typename OtherOwner>
  void assign(const BasicPropagationOptions<OtherOwner> &other) {
    keepShardingRules = other.keepShardingRules.getValue();
    conservativePropagation = other.conservativePropagation.getValue();
    debugShardingOrigins = other.debugShardingOrigins.getValue();
    reportShardingConflicts = other.reportShardingConflicts.getValue();
  }

  Option<bool> keepShardingRules;
  Option<bool> conservativePropagation;
  Option<bool> debugShardingOrigins;
  Option<bool> reportShardingConflicts;
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
using PipelinePropagationOptions =
    PropagationOptions<mlir::detail::PassOptions>;

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONOPTIONS_H
