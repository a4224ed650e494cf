//===- ReplaceDynamicOps.h - dynamic_* ops before partitioning --*- C++ -*-===//
#ifndef SDY_TRANSFORMS_PARTITION_REPLACEDYNAMICOPS_H
#define SDY_TRANSFORMS_PARTITION_REPLACEDYNAMICOPS_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir::sdy {

/// A pass that replaces each dynamic_* op and real_dynamic_slice by its
/// static twin (broadcast_in_dim, iota, reshape, pad, slice, gather,
/// convolution), so that propagation and partitioning see ops with sharding
/// rules. Fails where a shape operand the static op needs is not a constant.
std::unique_ptr<Pass> createReplaceDynamicOpsPass();

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_REPLACEDYNAMICOPS_H
