//===- ShardingLayout.h - axes per dimension of a sharding ------*- C++ -*-===//
//
// How a sharding lays a tensor out over the devices: the axes of each
// dimension, major to minor. Open/closed flags and priorities do not change
// the layout, so two shardings with the same mesh and the same axes per
// dimension place every element on the same devices. Also the queries on
// axis lists that propagation and the partitioner share.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_IR_SDY_SHARDINGLAYOUT_H
#define SDY_IR_SDY_SHARDINGLAYOUT_H

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

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

/// The product of the sizes of `axes` in `mesh`: the number of shards of a
/// dimension sharded by them (1 for none).
int64_t getAxesSize(ArrayRef<AxisRefAttr> axes, MeshAttr mesh);

/// True if `prefix` is a prefix of `axes` (whole axis refs compared).
bool isAxesPrefix(ArrayRef<AxisRefAttr> prefix, ArrayRef<AxisRefAttr> axes);

/// `axes` with adjacent mergeable sub-axes merged (`"x":(1)2, "x":(2)2` is
/// `"x"` on a mesh where "x" has size 4).
AxisList mergeSubAxes(ArrayRef<AxisRefAttr> axes, MeshAttr mesh);

/// `[{"x"}, {}, {"y", "z":(1)2}]`: axes per dimension, for messages.
std::string formatDimAxes(ArrayRef<AxisList> dims);

/// True if a value of rank `rank` sharded as `source` (null: replicated)
/// already has the layout of `target`: same mesh and same axes per
/// dimension. A null `target` asks for no layout and always holds.
bool hasLayout(TensorShardingAttr source, TensorShardingAttr target,
               int64_t rank);

} // namespace mlir::sdy

#endif // SDY_IR_SDY_SHARDINGLAYOUT_H
