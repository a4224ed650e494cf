//===- ChloRules.h - sharding rules of the chlo ops -------------*- C++ -*-===//
#ifndef SDY_RULES_CHLORULES_H
#define SDY_RULES_CHLORULES_H

#include "ir/chlo/ChloDialect.h"
#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"

namespace mlir::sdy {

/// top_k: a pass-through factor per batch dimension; the last dimension is a
/// need-replication factor of the operand's size, blocked (as Shardy's rule
/// for mhlo.topk), also when k equals that size (Shardy then makes it
/// pass-through, which a local top_k on a shard cannot honour).
OpShardingRuleAttr createChloTopKRule(chlo::TopKOp op);

/// custom_call @ApproxTopK (JAX's lax.approx_max_k/approx_min_k: operands
/// N inputs and N scalar init values, results N tensors of top_k entries
/// along `reduction_dim` in mhlo.backend_config): as Shardy's rule, a
/// pass-through factor per other dimension shared by the inputs and results,
/// the inputs' reduction dimension one factor and the results' another
/// (need-replication and blocked). Shardy leaves the inputs' factor a
/// reduction factor, whose sharding would all-reduce the partial top-k
/// results (wrong values), so here it needs replication (not blocked, as in
/// Shardy). Null for other custom calls and malformed ones.
OpShardingRuleAttr createApproxTopKRule(stablehlo::CustomCallOp op);

/// The broadcasting ops (Shardy has no rule for them: XLA expands them into
/// broadcast_in_dim and an elementwise op first): the rule of that expansion.
/// A factor per result dimension, in every operand dimension of its size that
/// maps there; a size-1 operand dimension broadcast to more gets a size-1
/// factor of its own.
OpShardingRuleAttr createChloBroadcastRule(Operation *op);

/// ragged_dot (Shardy has no rule for it): dot_general's factors (batch and
/// free dimensions pass-through, contracting dimensions reduction), except
/// that the group sizes index the global lhs ragged dimension and the rhs
/// groups, so the ragged dimension, the rhs group dimension, the result's
/// group dimension (ragged contracting) and group_sizes' dimension are
/// blocked need-replication factors, as XLA's partitioner replicates them.
OpShardingRuleAttr createChloRaggedDotRule(chlo::RaggedDotOp op);

} // namespace mlir::sdy

#endif // SDY_RULES_CHLORULES_H
