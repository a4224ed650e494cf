//===- DataFlowOpInterface.cpp - data-flow edges of region ops ------------===//
#include "ir/interfaces/DataFlowOpInterface.h"

using namespace mlir;

#include "ir/interfaces/DataFlowOpInterface.cpp.inc"

SmallVector<Value>
mlir::sdy::getRegionReturnOperands(MutableArrayRef<Region> regions,
                                   unsigned index) {
  SmallVector<Value> values;
  for (Region &region : regions) {
    if (region.empty() || region.front().empty())
      continue;
    Operation &terminator = region.front().back();
    if (index < terminator.getNumOperands())
      values.push_back(terminator.getOperand(index));
  }
  return values;
}

std::optional<unsigned> mlir::sdy::getResultNumberIn(Operation *op,
                                                     Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result || result.getOwner() != op)
    return std::nullopt;
  return result.getResultNumber();
}
