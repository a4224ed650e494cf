//===- PropagationDriver.h - propagation to a fixed point -------*- C++ -*-===//
//
// Propagates shardings across a module until nothing changes (SPEC.md §5).
// Every op with a sharding rule is a propagation item; so are the identity
// relations that are not ops with rules: sharding constraints, propagation
// barriers, data-flow edges, named and manual computations, sharding groups
// and function returns. Items are visited from a worklist in program order;
// whenever a sharding changes, the items that read it are visited again.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PROPAGATION_PROPAGATIONDRIVER_H
#define SDY_TRANSFORMS_PROPAGATION_PROPAGATIONDRIVER_H

#include "transforms/propagation/FactorPropagation.h"
#include "transforms/propagation/ShardingSlot.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::sdy {

struct PropagationConfig {
  PropagationStrategy strategy = PropagationStrategy::kAggressive;
  bool conservative = false;
  bool keepShardingRules = false;
};

/// Op-priority rounds (SPEC.md §5.4); kAll admits everything.
enum class OpPriorityRound {
  kPassThroughSingleUse = 1,
  kPassThrough = 2,
  kPassThroughFactorsBroadcastBackward = 3,
  kAllButBroadcastForward = 4,
  kAll = 5,
};

class PropagationDriver {
public:
  PropagationDriver(ModuleOp module, const PropagationConfig &config);

  /// Propagates to a fixed point admitting what `round` admits, with
  /// dimensions of priority above `visiblePriority` hidden.
  LogicalResult run(OpPriorityRound round, int64_t visiblePriority,
                    PropagationStrategy strategy);

  /// The distinct user priorities in the module, ascending (0 included).
  SmallVector<int64_t> getUserPriorities() const;

private:
  struct Item {
    Operation *anchor;
    SmallVector<ShardingSlot> operands, results;
    OpShardingRuleAttr rule;
    PropagationDirection direction = PropagationDirection::BOTH;
    bool isPassThroughOp = false;
    bool isBroadcast = false;
    bool hasMultiUseOperand = false;
  };
  using SlotKey = std::pair<void *, unsigned>;

  void collectItems();
  void addRuleItem(Operation *op, OpShardingRuleAttr rule);
  void addIdentityItem(Operation *anchor, ArrayRef<ShardingSlot> operands,
                       ArrayRef<ShardingSlot> results,
                       PropagationDirection direction =
                           PropagationDirection::BOTH);
  static SlotKey getKey(const ShardingSlot &slot);
  bool admits(const Item &item, OpPriorityRound round) const;
  /// Visits one item; returns the slots whose sharding changed.
  SmallVector<const ShardingSlot *> visit(const Item &item,
                                          OpPriorityRound round,
                                          int64_t visiblePriority,
                                          PropagationStrategy strategy);

  ModuleOp module;
  PropagationConfig config;
  std::vector<Item> items;
  llvm::DenseMap<SlotKey, SmallVector<unsigned>> itemsOfSlot;
};

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONDRIVER_H
