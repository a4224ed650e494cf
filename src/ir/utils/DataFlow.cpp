//===- DataFlow.cpp - data-flow edges of region ops -----------------------===//

#include "ir/utils/DataFlow.h"

#include "ir/sdy/SdyDialect.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {
bool isNamed(Operation *op, StringRef name) {
  return op && op->getName().getStringRef() == name;
}

/// Operand `index` of the terminator of `region`'s single block, if any.
std::optional<Value> getReturnOperand(Region &region, unsigned index) {
  if (region.empty() || region.front().empty())
    return std::nullopt;
  Operation &terminator = region.front().back();
  if (index >= terminator.getNumOperands())
    return std::nullopt;
  return terminator.getOperand(index);
}
} // namespace

bool mlir::sdy::isDataFlowOp(Operation *op) {
  return isa<NamedComputationOp, ManualComputationOp>(op) ||
         isNamed(op, "stablehlo.while") || isNamed(op, "stablehlo.case") ||
         isNamed(op, "stablehlo.if") ||
         isNamed(op, "stablehlo.optimization_barrier");
}

SmallVector<Value> mlir::sdy::getDataFlowEdgeOwners(Operation *op) {
  SmallVector<Value> owners;
  if (!isDataFlowOp(op))
    return owners;
  if (isa<NamedComputationOp, ManualComputationOp>(op) &&
      !op->getRegion(0).empty())
    llvm::append_range(owners, op->getRegion(0).getArguments());
  llvm::append_range(owners, op->getResults());
  return owners;
}

SmallVector<Value> mlir::sdy::getDataFlowEdgeSources(Value owner) {
  SmallVector<Value> sources;
  if (auto arg = dyn_cast<BlockArgument>(owner)) {
    Operation *op = arg.getOwner()->getParentOp();
    if (isa_and_nonnull<NamedComputationOp, ManualComputationOp>(op) &&
        arg.getArgNumber() < op->getNumOperands())
      sources.push_back(op->getOperand(arg.getArgNumber()));
    return sources;
  }
  auto result = cast<OpResult>(owner);
  Operation *op = result.getOwner();
  unsigned index = result.getResultNumber();
  if (isNamed(op, "stablehlo.while")) {
    if (index < op->getNumOperands())
      sources.push_back(op->getOperand(index));
    if (op->getNumRegions() == 2)
      if (std::optional<Value> value = getReturnOperand(op->getRegion(1), index))
        sources.push_back(*value);
  } else if (isNamed(op, "stablehlo.case") || isNamed(op, "stablehlo.if") ||
             isa<NamedComputationOp, ManualComputationOp>(op)) {
    for (Region &region : op->getRegions())
      if (std::optional<Value> value = getReturnOperand(region, index))
        sources.push_back(*value);
  } else if (isNamed(op, "stablehlo.optimization_barrier")) {
    if (index < op->getNumOperands())
      sources.push_back(op->getOperand(index));
  }
  return sources;
}

SmallVector<Value> mlir::sdy::getDataFlowEdgeOtherTargets(Value owner) {
  SmallVector<Value> targets;
  auto result = dyn_cast<OpResult>(owner);
  if (!result || !isNamed(result.getOwner(), "stablehlo.while"))
    return targets;
  for (Region &region : result.getOwner()->getRegions())
    if (!region.empty() &&
        result.getResultNumber() < region.getNumArguments())
      targets.push_back(region.getArgument(result.getResultNumber()));
  return targets;
}
