//===- PartitionUtils.h - helpers shared by partitioner passes --*- C++ -*-===//

#ifndef SDY_TRANSFORMS_PARTITION_PARTITIONUTILS_H
#define SDY_TRANSFORMS_PARTITION_PARTITIONUTILS_H

#include "ir/sdy/SdyDialect.h"

namespace mlir::sdy {

/// The sharding of `value` as the partitioner sees it: getSharding(), and
/// for a block argument of a manual computation's body, the in_sharding
/// with the manual axes removed (the body is already local along them).
/// Null if the value has none.
TensorShardingAttr getPartitionSharding(Value value);

/// `sharding` without the axes named in `axisNames` (dimension and
/// replicated axes), dims closed.
TensorShardingAttr removeAxes(TensorShardingAttr sharding,
                              ArrayRef<StringAttr> axisNames);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_PARTITIONUTILS_H
