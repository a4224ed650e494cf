//===- ShardingRules.h - the sharding-rule registry -------------*- C++ -*-===//
//
// One place that computes the OpShardingRuleAttr of every op we support
// (docs/propagation.md#sharding-rules). Propagation and the partitioner only
// ever ask here.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_RULES_SHARDINGRULES_H
#define SDY_RULES_SHARDINGRULES_H

#include "ir/sdy/SdyDialect.h"

namespace mlir::sdy {

/// The rule the registry computes for `op` from its kind, attributes and
/// shapes, ignoring any user rule; null if the op has none (unknown
/// custom_call, data-flow ops such as while/case/optimization_barrier, ops
/// without operands and results, sdy ops).
///
/// `conservativePropagation` asks for rules that never need sub-axes
/// (e.g. a reshape that splits or merges dimensions gets no compound factors).
OpShardingRuleAttr createOpShardingRule(Operation *op,
                                        bool conservativePropagation = false);

/// The rule to use for `op`: its user `sdy.sharding_rule` if it has one (a
/// custom rule is never replaced), otherwise createOpShardingRule(). With
/// `setShardingRuleOnOp`, a computed rule is attached to `op`.
OpShardingRuleAttr getOrCreateShardingRule(Operation *op,
                                           bool conservativePropagation = false,
                                           bool setShardingRuleOnOp = false);

/// The rule of stablehlo.convolution (ConvolutionRules.cpp).
OpShardingRuleAttr createConvolutionRule(Operation *op,
                                         bool conservativePropagation);
/// The factors of `rule` on spatial dimensions of a convolution `op` (none
/// for other ops): computing a shard of them needs halos, so the partitioner
/// keeps them unsharded.
SmallVector<int64_t> getConvolutionWindowFactors(Operation *op,
                                                 OpShardingRuleAttr rule);

} // namespace mlir::sdy

#endif // SDY_RULES_SHARDINGRULES_H
