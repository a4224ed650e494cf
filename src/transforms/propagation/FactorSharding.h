//===- FactorSharding.h - shardings projected onto factors ------*- C++ -*-===//
//
// Propagation works on factors, not dimensions: the sharding
// of every operand and result of an op is projected onto the factors of the
// op's sharding rule, factors exchange axes, and the result is projected back
// onto dimensions.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PROPAGATION_FACTORSHARDING_H
#define SDY_TRANSFORMS_PROPAGATION_FACTORSHARDING_H

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::sdy {

/// The axes of one factor in one tensor.
struct FactorSharding {
  /// Axes assigned to the factor, major to minor.
  SmallVector<AxisRefAttr> axisRefs;
  /// Axes of the dimension that could not be assigned because this
  /// (non-minor-most) factor is not divisible by them: kept aside so that
  /// projecting back loses nothing. A factor with overflow takes no axes.
  SmallVector<AxisRefAttr> overflowAxes;
  /// The dimension is closed, or an earlier factor of the dimension overflowed.
  bool isClosed = false;
  /// The last factor of its dimension (may be sharded indivisibly).
  bool isMinorMost = false;
};

/// The factor shardings of one tensor.
struct TensorFactorShardings {
  llvm::SmallMapVector<int64_t, FactorSharding, 4> factors;
  /// Explicitly replicated axes of the tensor.
  SmallVector<AxisRefAttr> replicatedAxes;
  /// Unreduced axes of the tensor: kept as they are, and no dimension may
  /// take them.
  SmallVector<AxisRefAttr> unreducedAxes;
  /// Axes of dimensions hidden by user priority: no factor
  /// may take them while hidden.
  SmallVector<AxisRefAttr> hiddenAxes;
  /// Axes the tensor may never gain (manual axes around or of a manual
  /// computation).
  SmallVector<StringAttr> blockedAxisNames;
  /// Axes of dimensions that map to no factor (kept as they are).
  SmallVector<SmallVector<AxisRefAttr>> unmappedDimAxes;

  /// Every axis the tensor uses outside `exceptFactor`.
  SmallVector<AxisRefAttr> getAxesUsedOutside(int64_t exceptFactor) const;
};

/// The projection of all operands and results of one op.
struct ShardingProjection {
  SmallVector<TensorFactorShardings, 2> operands;
  SmallVector<TensorFactorShardings, 1> results;

  /// Projects `operandShardings`/`resultShardings` (null: open and empty)
  /// onto the factors of `rule`. Dimensions whose priority is greater than
  /// `visiblePriority` are hidden: closed, empty, their axes unusable.
  static ShardingProjection build(ArrayRef<TensorShardingAttr> operandShardings,
                                  ArrayRef<TensorShardingAttr> resultShardings,
                                  OpShardingRuleAttr rule, MeshAttr mesh,
                                  int64_t visiblePriority = INT64_MAX);

  int64_t getNumTensors() const { return operands.size() + results.size(); }
  TensorFactorShardings &getTensor(int64_t index) {
    return index < static_cast<int64_t>(operands.size())
               ? operands[index]
               : results[index - operands.size()];
  }
};

/// Projects `tensor` back onto the dimensions of `mapping`: the sharding of
/// a tensor on `meshOrRef`, keeping open/closed and priorities of `original`
/// (null: open dims without priority), and hidden dimensions of `original`
/// as they were. Adjacent mergeable sub-axes are merged. A dimension takes
/// the axes of its factors major to minor and stops after the first factor
/// that is not fully sharded (`factorSizes`), so the result tiles exactly as
/// the factors say.
TensorShardingAttr buildTensorSharding(const TensorFactorShardings &tensor,
                                       TensorMappingAttr mapping,
                                       ArrayRef<int64_t> factorSizes,
                                       TensorShardingAttr original,
                                       Attribute meshOrRef, MeshAttr mesh,
                                       int64_t visiblePriority = INT64_MAX);

/// True if `dim` is hidden when only priorities up to `visiblePriority` are.
inline bool isHidden(DimensionShardingAttr dim, int64_t visiblePriority) {
  return dim.getPriority() && *dim.getPriority() > visiblePriority;
}

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PROPAGATION_FACTORSHARDING_H
