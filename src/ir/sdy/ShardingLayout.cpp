//===- ShardingLayout.cpp - axes per dimension of a sharding ---------------===//

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

bool hasLayout(TensorShardingAttr source, TensorShardingAttr target,
               int64_t rank) {
  if (!target)
    return true;
  if (source && source.getMeshOrRef() != target.getMeshOrRef())
    return false;
  return getDimAxes(source, rank) == getDimAxes(target, rank);
}

} // namespace mlir::sdy
