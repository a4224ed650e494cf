//===- OpDataFlow.cpp - data-flow edges of sdy's region ops ---------------===//
//
// sdy.named_computation and sdy.manual_computation own an edge per body
// argument (fed by the operand) and per result (fed by the body's return).
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/SdyDialect.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {
SmallVector<Value> getBodyEdgeOwners(Operation *op) {
  SmallVector<Value> owners;
  if (!op->getRegion(0).empty())
    llvm::append_range(owners, op->getRegion(0).getArguments());
  llvm::append_range(owners, op->getResults());
  return owners;
}

SmallVector<Value> getBodyEdgeSources(Operation *op, Value owner) {
  if (auto arg = dyn_cast<BlockArgument>(owner)) {
    if (arg.getOwner()->getParentOp() != op ||
        arg.getArgNumber() >= op->getNumOperands())
      return {};
    return {op->getOperand(arg.getArgNumber())};
  }
  std::optional<unsigned> index = getResultNumberIn(op, owner);
  if (!index)
    return {};
  return getRegionReturnOperands(op->getRegions(), *index);
}
} // namespace

SmallVector<Value> NamedComputationOp::getEdgeOwners() {
  return getBodyEdgeOwners(*this);
}

SmallVector<Value> NamedComputationOp::getEdgeSources(Value owner) {
  return getBodyEdgeSources(*this, owner);
}

SmallVector<Value> ManualComputationOp::getEdgeOwners() {
  return getBodyEdgeOwners(*this);
}

SmallVector<Value> ManualComputationOp::getEdgeSources(Value owner) {
  return getBodyEdgeSources(*this, owner);
}
