//===- ShardingSlot.h - where propagation reads and writes shardings -*- C++
//-*-===//
//
// A slot is a place that holds one tensor's sharding during propagation: a
// value (function argument, op result, body argument of a region op) or a
// sharding stored only on an op (a function result, a manual computation's
// in/out sharding).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PROPAGATION_SHARDINGSLOT_H
#define SDY_TRANSFORMS_PROPAGATION_SHARDINGSLOT_H

#include "ir/sdy/SdyDialect.h"

namespace mlir::sdy {

struct ShardingSlot {
  /// kManualOutLocal is out sharding `index` as the body sees it (without
  /// the manual axes), stored in the same place as kManualOut.
  enum class Kind {
    kValue,
    kFuncResult,
    kManualIn,
    kManualOut,
    kManualOutLocal
  };
  Kind kind = Kind::kValue;
  Value value;             // kValue
  Operation *op = nullptr; // the func / manual computation otherwise
  unsigned index = 0;
  Type type;

  static ShardingSlot forValue(Value value) {
    return {Kind::kValue, value, nullptr, 0, value.getType()};
  }

  /// The current sharding, or null.
  TensorShardingAttr get() const;
  /// Stores `sharding`; false if this slot cannot hold one.
  bool set(TensorShardingAttr sharding) const;
  /// Axes this slot may never receive (manual axes for manual computation
  /// shardings and values inside manual computation bodies).
  SmallVector<StringAttr> getBlockedAxisNames() const;
};

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_SHARDINGSLOT_H
