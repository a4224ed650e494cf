//===- PropagationDriver.h - propagation to a fixed point -------*- C++ -*-===//
//
// Propagates shardings across a module until nothing changes.
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

/// Settings fixed for a whole propagation (the strategy is chosen per run()).
struct PropagationConfig {
  bool conservative = false;
  bool keepShardingRules = false;
  /// Track which user sharding every axis came from.
  bool debugShardingOrigins = false;
  /// Emit a remark on every op left with a sharding conflict.
  bool reportShardingConflicts = false;
};

/// Op-priority rounds (docs/propagation.md#op-priorities); kAll admits
/// everything.
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

  /// Emits a remark on every op whose operands/results still disagree on a
  /// factor after propagation (some tensor is less sharded than a user may
  /// expect), naming the op and the factor.
  void reportConflicts();

  /// With debugShardingOrigins: writes `sdy.sharding_origins` (axis name →
  /// "input: i", "output: i", "constraint_N", "group_N" or "self") on
  /// function arguments/results and ops: a list with one dictionary per
  /// result, a dictionary on sharding constraints (as Shardy). A user
  /// sharding calls the axes it holds itself "self".
  void writeShardingOrigins();

private:
  struct Item {
    Operation *anchor;
    SmallVector<ShardingSlot> operands, results;
    OpShardingRuleAttr rule;
    PropagationDirection direction = PropagationDirection::BOTH;
    bool isPassThroughOp = false;
    bool isBroadcast = false;
    bool isElementwise = false;
    bool isDynamicSlice = false;
    /// Need-replication factors the pass-through round admits (as Shardy,
    /// whose rule makes them pass-through).
    SmallVector<int64_t> shardyPassThroughFactors;
    bool hasMultiUseOperand = false;
  };
  using SlotKey = std::pair<void *, unsigned>;

  void collectItems();
  void addRuleItem(Operation *op, OpShardingRuleAttr rule, bool hasOwnRule);
  void
  addIdentityItem(Operation *anchor, ArrayRef<ShardingSlot> operands,
                  ArrayRef<ShardingSlot> results,
                  PropagationDirection direction = PropagationDirection::BOTH);
  static SlotKey getKey(const ShardingSlot &slot);
  bool admits(const Item &item, OpPriorityRound round) const;
  /// Visits one item; returns the slots whose sharding changed.
  SmallVector<const ShardingSlot *> visit(const Item &item,
                                          OpPriorityRound round,
                                          int64_t visiblePriority,
                                          PropagationStrategy strategy);

  /// Reads/writes a slot. Function arguments are buffered: setting one
  /// argument attribute rewrites the function's whole argument-attribute
  /// array, which would make propagation quadratic in the argument count.
  TensorShardingAttr readSlot(const ShardingSlot &slot) const;
  bool writeSlot(const ShardingSlot &slot, TensorShardingAttr sharding);
  /// Writes the buffered argument shardings, one array per function.
  void flushArgumentShardings();

  /// Records `label` as the origin of every axis of the slot's sharding.
  void labelSlot(const ShardingSlot &slot, StringRef label);
  /// Records origins for the axes `updated` has and `previous` had not,
  /// taken from the other slots of `item`.
  void inheritOrigins(const Item &item, const ShardingSlot &slot,
                      TensorShardingAttr previous, TensorShardingAttr updated);

  ModuleOp module;
  PropagationConfig config;
  std::vector<Item> items;
  llvm::DenseMap<SlotKey, SmallVector<unsigned>> itemsOfSlot;
  /// Per slot: axis → where it came from (only with debugShardingOrigins).
  llvm::DenseMap<SlotKey, llvm::SmallMapVector<Attribute, StringAttr, 4>>
      origins;
  /// Per user sharding: its label, which its own origins call "self".
  llvm::DenseMap<SlotKey, StringAttr> sourceLabels;
  llvm::DenseMap<SlotKey, ShardingSlot> slotOfKey;
  /// Function-argument shardings not yet written to their function.
  llvm::MapVector<Value, TensorShardingAttr> pendingArgumentShardings;
};

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONDRIVER_H
