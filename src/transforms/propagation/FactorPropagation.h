//===- FactorPropagation.h - one propagation step on one op -----*- C++ -*-===//
//
// Given the projection of an op's operands and results onto its factors,
// decides which axes each factor gains (docs/propagation.md#how-a-step-works).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PROPAGATION_FACTORPROPAGATION_H
#define SDY_TRANSFORMS_PROPAGATION_FACTORPROPAGATION_H

#include "transforms/propagation/FactorSharding.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::sdy {

enum class PropagationStrategy { kBasic, kAggressive, kBasicThenAggressive };

struct FactorPropagationOptions {
  MeshAttr mesh;
  OpShardingRuleAttr rule;
  /// Which tensors may receive axes: FORWARD updates results, BACKWARD
  /// operands, BOTH all, NONE nothing.
  PropagationDirection direction = PropagationDirection::BOTH;
  /// Never create sub-axes or indivisible shardings.
  bool conservative = false;
  bool aggressive = false;
  /// Number of elements of each tensor (operands then results), used to
  /// pick the source of a conflicting factor in aggressive mode.
  ArrayRef<int64_t> tensorSizes;
  /// Aggressive mode on an elementwise op: as in Shardy, a result's sharding
  /// speaks first. A closed result dimension stops a factor there (a closed
  /// operand does not), factors whose source is a result resolve their
  /// conflicts before factors sourced from operands, and more sharded
  /// factors before less sharded ones (other ops go by source size and
  /// index only).
  bool resultsFirst = false;
  /// Optional filter: factors it rejects do not propagate.
  llvm::function_ref<bool(int64_t factor)> factorFilter = nullptr;
  /// Optional per-factor direction override (e.g. broadcast backward only).
  llvm::function_ref<PropagationDirection(int64_t factor)> factorDirection =
      nullptr;
};

/// Propagates axes between the tensors of `projection` in place. Returns, per
/// tensor (operands then results), whether its factor shardings changed.
SmallVector<bool> propagateFactors(ShardingProjection &projection,
                                   const FactorPropagationOptions &options);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_FACTORPROPAGATION_H
