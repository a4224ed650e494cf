//===- ShardingLayout.h - axes per dimension of a sharding ------*- C++ -*-===//
//
// How a sharding lays a tensor out over the devices: the axes of each
// dimension, major to minor. Open/closed flags and priorities do not change
// the layout, so two shardings with the same mesh and the same axes per
// dimension place every element on the same devices.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_SDY_SHARDINGLAYOUT_H
#define SDY_IR_SDY_SHARDINGLAYOUT_H

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::sdy {

/// The axes of one dimension, major to minor.
using AxisList = SmallVector<AxisRefAttr>;
/// The axes of every dimension of a tensor.
using DimAxes = SmallVector<AxisList>;

/// The axes per dimension of `sharding`; all empty for a null sharding of
/// rank `rank`. Dimensions beyond `rank` are ignored.
DimAxes getDimAxes(TensorShardingAttr sharding, int64_t rank);

/// The lists of a collective's per-dimension axes attribute.
DimAxes getDimAxes(ListOfAxisRefListsAttr lists);

/// True if every list is empty.
bool allEmpty(ArrayRef<AxisList> dims);

/// True if a value of rank `rank` sharded as `source` (null: replicated)
/// already has the layout of `target`: same mesh and same axes per
/// dimension. A null `target` asks for no layout and always holds.
bool hasLayout(TensorShardingAttr source, TensorShardingAttr target,
               int64_t rank);

} // namespace mlir::sdy

#endif // SDY_IR_SDY_SHARDINGLAYOUT_H
