//===- LocalConvolution.h - convolution on local shards ---------*- C++ -*-===//
#ifndef SDY_TRANSFORMS_PARTITION_LOCALCONVOLUTION_H
#define SDY_TRANSFORMS_PARTITION_LOCALCONVOLUTION_H

#include "mlir/IR/Operation.h"

namespace mlir::sdy {

/// For a stablehlo.convolution whose operands and result have their local
/// types: sets the group counts of the local shards (a sharded group factor
/// leaves fewer groups per device); fails on sharded spatial dimensions,
/// which would need halos. Does nothing for other ops.
LogicalResult localizeConvolution(Operation *op);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_LOCALCONVOLUTION_H
