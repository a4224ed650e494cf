//===- ReplicatedOps.h - ops computed whole on every device -----*- C++ -*-===//
#ifndef SDY_TRANSFORMS_PARTITION_REPLICATEDOPS_H
#define SDY_TRANSFORMS_PARTITION_REPLICATEDOPS_H

#include "ir/sdy/SdyDialect.h"

#include "mlir/IR/Operation.h"

namespace mlir::sdy {

/// For the ops that each device computes whole (batch_norm_training and
/// batch_norm_grad reduce over every dimension but one; rng and
/// rng_bit_generator produce a sequence that depends on the whole shape;
/// custom calls of tensors without a sharding rule do unknown things):
/// gathers their operands with `reshardOperand`, replicates their results
/// and reshards those back to their original shardings. Returns false for
/// any other op.
bool processReplicatedOp(
    Operation *op,
    function_ref<void(OpOperand &, TensorShardingAttr)> reshardOperand);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_REPLICATEDOPS_H
