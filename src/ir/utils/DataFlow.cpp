//===- DataFlow.cpp - data-flow edges of region ops -----------------------===//

#include "ir/utils/DataFlow.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {
/// The op that a result or block argument belongs to.
Operation *getOwningOp(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->getParentOp();
  return value.getDefiningOp();
}
} // namespace

bool mlir::sdy::isDataFlowOp(Operation *op) {
  return isa_and_nonnull<DataFlowOpInterface>(op);
}

SmallVector<Value> mlir::sdy::getDataFlowEdgeOwners(Operation *op) {
  if (auto dataFlow = dyn_cast_or_null<DataFlowOpInterface>(op))
    return dataFlow.getEdgeOwners();
  return {};
}

SmallVector<Value> mlir::sdy::getDataFlowEdgeSources(Value owner) {
  if (auto dataFlow = dyn_cast_or_null<DataFlowOpInterface>(getOwningOp(owner)))
    return dataFlow.getEdgeSources(owner);
  return {};
}

SmallVector<Value> mlir::sdy::getDataFlowEdgeOtherTargets(Value owner) {
  if (auto dataFlow = dyn_cast_or_null<DataFlowOpInterface>(getOwningOp(owner)))
    return dataFlow.getEdgeOtherTargets(owner);
  return {};
}

Value mlir::sdy::getDataFlowEdgeOwnerOfTarget(Value target) {
  if (auto dataFlow =
          dyn_cast_or_null<DataFlowOpInterface>(getOwningOp(target)))
    return dataFlow.getEdgeOwnerOfTarget(target);
  return {};
}
