//===- AttrUtils.cpp - queries on sdy attributes --------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "ir/sdy/ShardingUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sdy;

//===----------------------------------------------------------------------===//
// MeshAttr
//===----------------------------------------------------------------------===//

int64_t MeshAttr::getTotalSize() const {
  int64_t total = 1;
  for (MeshAxisAttr axis : getAxes())
    total *= axis.getSize();
  return total;
}

bool MeshAttr::isMaximal() const {
  return getAxes().empty() && getDeviceIds().size() == 1;
}

bool MeshAttr::empty() const {
  return getAxes().empty() && getDeviceIds().empty();
}

int64_t MeshAttr::getAxisIndex(StringRef name) const {
  for (auto [index, axis] : llvm::enumerate(getAxes()))
    if (axis.getName() == name)
      return index;
  return -1;
}

std::optional<int64_t> MeshAttr::getAxisSize(StringRef name) const {
  int64_t index = getAxisIndex(name);
  if (index < 0)
    return std::nullopt;
  return getAxes()[index].getSize();
}

int64_t MeshAttr::getDeviceId(int64_t index) const {
  return getDeviceIds().empty() ? index : getDeviceIds()[index];
}

bool MeshAttr::hasSameAxes(MeshAttr other) const {
  return getAxes() == other.getAxes();
}

//===----------------------------------------------------------------------===//
// AxisRefAttr
//===----------------------------------------------------------------------===//

int64_t AxisRefAttr::getSize(MeshAttr mesh) const {
  if (SubAxisInfoAttr subAxis = getSubAxisInfo())
    return subAxis.getSize();
  return mesh.getAxisSize(getName()).value_or(1);
}

int64_t AxisRefAttr::getSubAxisPreSize() const {
  SubAxisInfoAttr subAxis = getSubAxisInfo();
  return subAxis ? subAxis.getPreSize() : 1;
}

bool AxisRefAttr::overlaps(AxisRefAttr other) const {
  if (getName() != other.getName())
    return false;
  SubAxisInfoAttr a = getSubAxisInfo(), b = other.getSubAxisInfo();
  if (!a || !b)
    return true;
  // Sub-axis (m)k spans pre-sizes [m, m*k); two spans overlap if they meet.
  return a.getPreSize() < b.getNextPreSize() &&
         b.getPreSize() < a.getNextPreSize();
}

bool AxisRefAttr::canMerge(AxisRefAttr other) const {
  SubAxisInfoAttr a = getSubAxisInfo(), b = other.getSubAxisInfo();
  return a && b && getName() == other.getName() &&
         a.getNextPreSize() == b.getPreSize();
}

AxisRefAttr AxisRefAttr::merge(AxisRefAttr other, MeshAttr mesh) const {
  int64_t preSize = getSubAxisPreSize();
  int64_t size = getSubAxisInfo().getSize() * other.getSubAxisInfo().getSize();
  if (preSize == 1 && mesh.getAxisSize(getName()) == size)
    return AxisRefAttr::get(getContext(), getName());
  return AxisRefAttr::get(getContext(), getName(), preSize, size);
}

bool AxisRefAttr::prefixOf(AxisRefAttr other) const {
  if (getName() != other.getName())
    return false;
  if (*this == other)
    return true;
  if (!isSubAxis())
    return false;
  return getSubAxisPreSize() == other.getSubAxisPreSize() &&
         (!other.isSubAxis() ||
          getSubAxisInfo().getSize() < other.getSubAxisInfo().getSize());
}

std::string AxisRefAttr::toString() const {
  std::string result = "\"" + getName().str() + "\"";
  if (SubAxisInfoAttr subAxis = getSubAxisInfo())
    result += ":(" + std::to_string(subAxis.getPreSize()) + ")" +
              std::to_string(subAxis.getSize());
  return result;
}

std::function<bool(AxisRefAttr, AxisRefAttr)>
AxisRefAttr::getMeshComparator(MeshAttr mesh) {
  return [mesh](AxisRefAttr a, AxisRefAttr b) {
    if (a.getName() != b.getName())
      return mesh.getAxisIndex(a.getName()) < mesh.getAxisIndex(b.getName());
    // A full axis sorts before its sub-axes (they never coexist when valid).
    if (a.isSubAxis() != b.isSubAxis())
      return !a.isSubAxis();
    if (!a.isSubAxis())
      return false;
    if (a.getSubAxisPreSize() != b.getSubAxisPreSize())
      return a.getSubAxisPreSize() < b.getSubAxisPreSize();
    return a.getSubAxisInfo().getSize() < b.getSubAxisInfo().getSize();
  };
}

//===----------------------------------------------------------------------===//
// Lists, shardings, rules
//===----------------------------------------------------------------------===//

bool ManualAxesAttr::contains(StringRef axis) const {
  return llvm::any_of(getValue(),
                      [&](StringAttr name) { return name.getValue() == axis; });
}

int64_t DimensionShardingAttr::getShardedSize(MeshAttr mesh) const {
  return getAxesSize(getAxes(), mesh);
}

StringRef TensorShardingAttr::getMeshName() const {
  if (auto ref = dyn_cast<FlatSymbolRefAttr>(getMeshOrRef()))
    return ref.getValue();
  return {};
}

MeshAttr TensorShardingAttr::getInlinedMesh() const {
  return dyn_cast<MeshAttr>(getMeshOrRef());
}

MeshAttr TensorShardingAttr::getMesh(Operation *op) const {
  return lookupMesh(op, getMeshOrRef());
}

bool TensorShardingAttr::hasOpenDims() const {
  return llvm::any_of(getDimShardings(),
                      [](DimensionShardingAttr d) { return d.isOpen(); });
}

bool TensorShardingAttr::isFullyReplicated() const {
  return getReplicatedAxes().empty() && getUnreducedAxes().empty() &&
         llvm::all_of(getDimShardings(), [](DimensionShardingAttr d) {
           return d.isClosedEmpty();
         });
}

SmallVector<int64_t>
TensorShardingAttr::getLocalShape(ArrayRef<int64_t> globalShape,
                                  MeshAttr mesh) const {
  SmallVector<int64_t> local(globalShape);
  for (auto [dim, dimSharding] : llvm::enumerate(getDimShardings())) {
    if (dim >= local.size())
      break;
    int64_t shards = dimSharding.getShardedSize(mesh);
    if (!ShapedType::isDynamic(local[dim]) && shards > 0)
      local[dim] = llvm::divideCeil(local[dim], shards);
  }
  return local;
}

bool TensorMappingAttr::containsFactor(int64_t factorIndex) const {
  return llvm::any_of(getDimMappings(), [&](DimMappingAttr dim) {
    return llvm::is_contained(dim.getFactorIndices(), factorIndex);
  });
}

bool OpShardingRuleAttr::isReductionFactor(int64_t factor) const {
  return llvm::is_contained(getReductionFactors(), factor);
}
bool OpShardingRuleAttr::isNeedReplicationFactor(int64_t factor) const {
  return llvm::is_contained(getNeedReplicationFactors(), factor);
}
bool OpShardingRuleAttr::isPermutationFactor(int64_t factor) const {
  return llvm::is_contained(getPermutationFactors(), factor);
}
bool OpShardingRuleAttr::isBlockedPropagationFactor(int64_t factor) const {
  return llvm::is_contained(getBlockedPropagationFactors(), factor);
}
bool OpShardingRuleAttr::isPassThroughFactor(int64_t factor) const {
  return !isReductionFactor(factor) && !isNeedReplicationFactor(factor) &&
         !isPermutationFactor(factor);
}
