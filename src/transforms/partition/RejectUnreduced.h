//===- RejectUnreduced.h - the partitioner refuses unreduced axes -*- C++
//-*-===//

#ifndef SDY_TRANSFORMS_PARTITION_REJECTUNREDUCED_H
#define SDY_TRANSFORMS_PARTITION_REJECTUNREDUCED_H

#include <memory>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sdy {

/// Fails with a diagnostic on the first op whose shardings (its own or its
/// function's arguments/results) have unreduced axes: the partitioner has no
/// lowering for partial values yet, and propagation does not keep them, so
/// partitioning such a program would silently drop a reduction.
LogicalResult rejectUnreducedAxes(ModuleOp module);

/// A pass running rejectUnreducedAxes, first in the partition pipeline.
std::unique_ptr<Pass> createRejectUnreducedPass();

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_REJECTUNREDUCED_H
