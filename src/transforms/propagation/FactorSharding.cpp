//===- FactorSharding.cpp - shardings projected onto factors --------------===//

#include "transforms/propagation/FactorSharding.h"

#include "ir/sdy/ShardingLayout.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

/// Splits `axis` into a major part of size `majorSize` and the rest.
std::pair<AxisRefAttr, AxisRefAttr>
splitAxis(AxisRefAttr axis, int64_t majorSize, MeshAttr mesh) {
  MLIRContext *ctx = axis.getContext();
  int64_t preSize = axis.getSubAxisPreSize();
  int64_t size = axis.getSize(mesh);
  AxisRefAttr major = AxisRefAttr::get(ctx, axis.getName(), preSize, majorSize);
  AxisRefAttr minor = AxisRefAttr::get(ctx, axis.getName(), preSize * majorSize,
                                       size / majorSize);
  return {major, minor};
}

/// Projects one dimension's axes onto its factors (major to minor).
void projectDimension(ArrayRef<AxisRefAttr> axes, ArrayRef<int64_t> factors,
                      bool isClosed, OpShardingRuleAttr rule, MeshAttr mesh,
                      TensorFactorShardings &tensor) {
  if (factors.empty()) {
    tensor.unmappedDimAxes.emplace_back(axes.begin(), axes.end());
    return;
  }
  tensor.unmappedDimAxes.emplace_back();
  SmallVector<AxisRefAttr> pending(axes.rbegin(), axes.rend()); // a stack
  bool overflowed = false;
  for (auto [index, factor] : llvm::enumerate(factors)) {
    FactorSharding &sharding = tensor.factors[factor];
    sharding.isClosed = isClosed || overflowed;
    sharding.isMinorMost = index + 1 == factors.size();
    if (overflowed)
      continue;
    if (sharding.isMinorMost) {
      while (!pending.empty())
        sharding.axisRefs.push_back(pending.pop_back_val());
      break;
    }
    int64_t remaining = rule.getFactorSizes()[factor];
    while (remaining > 1 && !pending.empty()) {
      AxisRefAttr axis = pending.back();
      int64_t size = axis.getSize(mesh);
      if (remaining % size == 0) {
        sharding.axisRefs.push_back(pending.pop_back_val());
        remaining /= size;
      } else if (size % remaining == 0) {
        auto [major, minor] = splitAxis(axis, remaining, mesh);
        pending.back() = minor;
        sharding.axisRefs.push_back(major);
        remaining = 1;
      } else {
        // Not divisible either way: the rest of the dimension overflows.
        while (!pending.empty())
          sharding.overflowAxes.push_back(pending.pop_back_val());
        overflowed = true;
      }
    }
  }
}

TensorFactorShardings projectTensor(TensorShardingAttr sharding,
                                    TensorMappingAttr mapping,
                                    OpShardingRuleAttr rule, MeshAttr mesh,
                                    int64_t visiblePriority) {
  TensorFactorShardings tensor;
  for (auto [dim, dimMapping] : llvm::enumerate(mapping.getDimMappings())) {
    ArrayRef<AxisRefAttr> axes;
    bool isClosed = false;
    if (sharding && dim < sharding.getDimShardings().size()) {
      DimensionShardingAttr dimSharding = sharding.getDimShardings()[dim];
      axes = dimSharding.getAxes();
      isClosed = dimSharding.getIsClosed();
      if (isHidden(dimSharding, visiblePriority)) {
        llvm::append_range(tensor.hiddenAxes, axes);
        axes = {};
        isClosed = true;
      }
    }
    projectDimension(axes, dimMapping.getFactorIndices(), isClosed, rule, mesh,
                     tensor);
  }
  if (sharding) {
    llvm::append_range(tensor.replicatedAxes, sharding.getReplicatedAxes());
    llvm::append_range(tensor.unreducedAxes, sharding.getUnreducedAxes());
  }
  return tensor;
}

} // namespace

SmallVector<AxisRefAttr>
TensorFactorShardings::getAxesUsedOutside(int64_t exceptFactor) const {
  SmallVector<AxisRefAttr> used(replicatedAxes);
  llvm::append_range(used, unreducedAxes);
  llvm::append_range(used, hiddenAxes);
  for (const auto &[factor, sharding] : factors) {
    if (factor != exceptFactor)
      llvm::append_range(used, sharding.axisRefs);
    llvm::append_range(used, sharding.overflowAxes);
  }
  for (const SmallVector<AxisRefAttr> &axes : unmappedDimAxes)
    llvm::append_range(used, axes);
  return used;
}

ShardingProjection
ShardingProjection::build(ArrayRef<TensorShardingAttr> operandShardings,
                          ArrayRef<TensorShardingAttr> resultShardings,
                          OpShardingRuleAttr rule, MeshAttr mesh,
                          int64_t visiblePriority) {
  ShardingProjection projection;
  for (auto [sharding, mapping] :
       llvm::zip(operandShardings, rule.getOperandMappings()))
    projection.operands.push_back(
        projectTensor(sharding, mapping, rule, mesh, visiblePriority));
  for (auto [sharding, mapping] :
       llvm::zip(resultShardings, rule.getResultMappings()))
    projection.results.push_back(
        projectTensor(sharding, mapping, rule, mesh, visiblePriority));
  return projection;
}

TensorShardingAttr mlir::sdy::buildTensorSharding(
    const TensorFactorShardings &tensor, TensorMappingAttr mapping,
    ArrayRef<int64_t> factorSizes, TensorShardingAttr original,
    Attribute meshOrRef, MeshAttr mesh, int64_t visiblePriority) {
  MLIRContext *ctx = mesh.getContext();
  SmallVector<DimensionShardingAttr> dims;
  SmallVector<bool> hidden;
  bool changed = !original;
  for (auto [dim, dimMapping] : llvm::enumerate(mapping.getDimMappings())) {
    hidden.push_back(
        original && dim < original.getDimShardings().size() &&
        isHidden(original.getDimShardings()[dim], visiblePriority));
    if (hidden.back()) {
      dims.push_back(original.getDimShardings()[dim]);
      continue;
    }
    SmallVector<AxisRefAttr> axes;
    ArrayRef<int64_t> factors = dimMapping.getFactorIndices();
    if (factors.empty() && dim < tensor.unmappedDimAxes.size())
      llvm::append_range(axes, tensor.unmappedDimAxes[dim]);
    // A minor factor's axes only tile the dimension once every factor
    // major to it is fully sharded: [A, B] with A of size 8 on "x"=2 and B
    // on "y" would otherwise read as rows split by (x, y), which is not
    // what the factors say (the shard would depend on A alone).
    for (int64_t factor : factors) {
      auto it = tensor.factors.find(factor);
      if (it == tensor.factors.end()) {
        if (factorSizes[factor] == 1)
          continue;
        break;
      }
      const FactorSharding &sharding = it->second;
      llvm::append_range(axes, sharding.axisRefs);
      llvm::append_range(axes, sharding.overflowAxes);
      if (!sharding.overflowAxes.empty() ||
          getAxesSize(sharding.axisRefs, mesh) != factorSizes[factor])
        break;
    }
    SmallVector<AxisRefAttr> merged = mergeSubAxes(axes, mesh);
    bool isClosed = false;
    std::optional<int64_t> priority;
    if (original && dim < original.getDimShardings().size()) {
      DimensionShardingAttr originalDim = original.getDimShardings()[dim];
      isClosed = originalDim.getIsClosed();
      priority = originalDim.getPriority();
      changed |= ArrayRef<AxisRefAttr>(merged) != originalDim.getAxes();
    } else {
      changed = true;
    }
    dims.push_back(DimensionShardingAttr::get(ctx, merged, isClosed, priority));
  }
  // A sharding that propagation changed is no longer the user's: its
  // visible dimensions lose their priorities, as in Shardy (hidden ones keep
  // theirs for the rounds that reveal them).
  if (changed)
    for (auto [dim, isHiddenDim] : llvm::enumerate(hidden))
      if (!isHiddenDim && dims[dim].getPriority())
        dims[dim] = DimensionShardingAttr::get(
            ctx, dims[dim].getAxes(), dims[dim].getIsClosed(), std::nullopt);
  return TensorShardingAttr::get(ctx, meshOrRef, dims, tensor.replicatedAxes,
                                 tensor.unreducedAxes);
}
