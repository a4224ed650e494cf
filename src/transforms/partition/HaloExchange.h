//===- HaloExchange.h - sharded windows of windowed ops ---------*- C++ -*-===//
//
// A stablehlo.reduce_window or stablehlo.convolution whose windowed
// dimension is sharded needs, on each device, a few rows of its neighbours'
// shards (the halo). Instead of gathering the whole dimension, the
// partitioner keeps the dimension sharded and exchanges only those rows with
// a collective_permute to each side.
//
// Handled: any window size, stride and window (kernel) dilation, base (lhs)
// dilation (where the shards' windows start at different offsets from an
// input row, the local ops start early and each device slices its results
// out), integer, float or complex inputs, uneven splits (the padding rows
// are masked by -sdy-pad-for-divisibility) and halos longer than a shard
// (taken from several shards). Windows that read no input row on some
// shard keep the permutation factor unsharded (the operand is gathered
// before the op, as for every other permutation factor). A size-1 window
// with base dilation is a pass-through factor: it stays sharded, computed
// locally with high padding when the result shards line up with the
// dilated input shards, and like any base-dilated window otherwise.
//
// The exchange is chosen only when its collective_permutes are modelled to
// cost no more than one all_gather of the shard (the local backend's
// default model, analysis/CommModel.h): for small tensors latency wins.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PARTITION_HALOEXCHANGE_H
#define SDY_TRANSFORMS_PARTITION_HALOEXCHANGE_H

#include "ir/sdy/ShardingLayout.h"
#include "mlir/IR/Operation.h"

namespace mlir::sdy {

namespace partition {
class LocalEmitter;
} // namespace partition

/// True if factor `factor` of `rule` is a windowed dimension of the
/// stablehlo.reduce_window or stablehlo.convolution `op` that halo exchange
/// may keep sharded; whether a number of shards fits is checked by
/// dropUnexchangeableWindowFactors.
bool isHaloExchangeCandidate(Operation *op, OpShardingRuleAttr rule,
                             int64_t factor);

/// Clears `chosen[f]` for every permutation factor of `op` whose chosen axes
/// halo exchange cannot handle or whose exchange is modelled to cost more
/// than gathering the dimension, and every base-dilated size-1 window
/// factor whose shards do not line up, so that the dimension is gathered
/// instead.
void dropUnexchangeableWindowFactors(Operation *op, OpShardingRuleAttr rule,
                                     MeshAttr mesh,
                                     MutableArrayRef<AxisList> chosen);

/// For a stablehlo.reduce_window or stablehlo.convolution whose results
/// already have their local types: along each sharded windowed dimension,
/// extends every input (a convolution's lhs) with the halo rows of its
/// neighbours (the init value, or zero, beyond the global edges) and drops
/// that dimension's padding (keeping, with base dilation, the padding of
/// the dilated rows its windows read around its input rows). Where the
/// local op must start its windows early (base dilation), it computes more
/// results and each device keeps its shard's with a dynamic_slice that
/// replaces the result (reported to `onReplace`). Does nothing for other
/// ops. A convolution is left for localizeConvolution to verify.
LogicalResult
exchangeWindowHalos(partition::LocalEmitter &e, Operation *op,
                    llvm::function_ref<void(Value, Value)> onReplace = {});

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_HALOEXCHANGE_H
