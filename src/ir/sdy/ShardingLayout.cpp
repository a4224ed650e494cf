//===- ShardingLayout.cpp - axes per dimension of a sharding
//---------------===//

#include "ir/sdy/ShardingLayout.h"

#include "llvm/ADT/STLExtras.h"

namespace mlir::sdy {

DimAxes getDimAxes(TensorShardingAttr sharding, int64_t rank) {
  DimAxes dims(rank);
  if (!sharding)
    return dims;
  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings()))
    if (static_cast<int64_t>(dim) < rank)
      dims[dim].assign(dimSharding.getAxes().begin(),
                       dimSharding.getAxes().end());
  return dims;
}

DimAxes getDimAxes(ListOfAxisRefListsAttr lists) {
  DimAxes dims;
  for (AxisRefListAttr list : lists.getValue())
    dims.emplace_back(list.getValue().begin(), list.getValue().end());
  return dims;
}

bool allEmpty(ArrayRef<AxisList> dims) {
  return llvm::all_of(dims, [](const AxisList &axes) { return axes.empty(); });
}

int64_t getAxesSize(ArrayRef<AxisRefAttr> axes, MeshAttr mesh) {
  int64_t size = 1;
  for (AxisRefAttr axis : axes)
    size *= axis.getSize(mesh);
  return size;
}

bool isAxesPrefix(ArrayRef<AxisRefAttr> prefix, ArrayRef<AxisRefAttr> axes) {
  return prefix.size() <= axes.size() &&
         llvm::equal(prefix, axes.take_front(prefix.size()));
}

AxisList mergeSubAxes(ArrayRef<AxisRefAttr> axes, MeshAttr mesh) {
  AxisList merged;
  for (AxisRefAttr axis : axes) {
    if (!merged.empty() && merged.back().canMerge(axis))
      merged.back() = merged.back().merge(axis, mesh);
    else
      merged.push_back(axis);
  }
  return merged;
}

std::string formatDimAxes(ArrayRef<AxisList> dims) {
  std::string text = "[";
  llvm::interleave(
      dims,
      [&](const AxisList &axes) {
        text += "{";
        llvm::interleave(
            axes, [&](AxisRefAttr a) { text += a.toString(); },
            [&] { text += ", "; });
        text += "}";
      },
      [&] { text += ", "; });
  return text + "]";
}

bool hasLayout(TensorShardingAttr source, TensorShardingAttr target,
               int64_t rank) {
  if (!target)
    return true;
  if (source && source.getMeshOrRef() != target.getMeshOrRef())
    return false;
  return getDimAxes(source, rank) == getDimAxes(target, rank);
}

} // namespace mlir::sdy
