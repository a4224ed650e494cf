//===- StablehloDataFlow.cpp - DataFlowOpInterface for StableHLO ----------===//
#include "ir/stablehlo/StablehloDataFlow.h"

#include "ir/interfaces/DataFlowOpInterface.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::stablehlo;
using sdy::DataFlowOpInterface;

namespace {

/// Result i is owned by its edge; its sources are operand i and the body's
/// return operand i, and the cond and body block arguments i share it.
struct WhileDataFlowModel
    : DataFlowOpInterface::ExternalModel<WhileDataFlowModel, WhileOp> {
  SmallVector<Value> getEdgeSources(Operation *op, Value owner) const {
    std::optional<unsigned> index = sdy::getResultNumberIn(op, owner);
    if (!index)
      return {};
    SmallVector<Value> sources;
    if (*index < op->getNumOperands())
      sources.push_back(op->getOperand(*index));
    llvm::append_range(sources, sdy::getRegionReturnOperands(
                                    cast<WhileOp>(op).getBody(), *index));
    return sources;
  }

  SmallVector<Value> getEdgeOtherTargets(Operation *op, Value owner) const {
    std::optional<unsigned> index = sdy::getResultNumberIn(op, owner);
    SmallVector<Value> targets;
    if (!index)
      return targets;
    for (Region &region : op->getRegions())
      if (!region.empty() && *index < region.getNumArguments())
        targets.push_back(region.getArgument(*index));
    return targets;
  }

  Value getEdgeOwnerOfTarget(Operation *op, Value target) const {
    auto arg = dyn_cast<BlockArgument>(target);
    if (!arg || arg.getOwner()->getParentOp() != op ||
        arg.getArgNumber() >= op->getNumResults())
      return {};
    return op->getResult(arg.getArgNumber());
  }
};

/// Result i is what one of the branches returns as its result i.
template <typename OpTy>
struct BranchDataFlowModel
    : DataFlowOpInterface::ExternalModel<BranchDataFlowModel<OpTy>, OpTy> {
  SmallVector<Value> getEdgeSources(Operation *op, Value owner) const {
    std::optional<unsigned> index = sdy::getResultNumberIn(op, owner);
    if (!index)
      return {};
    return sdy::getRegionReturnOperands(op->getRegions(), *index);
  }
};

/// Result i is operand i.
struct BarrierDataFlowModel
    : DataFlowOpInterface::ExternalModel<BarrierDataFlowModel,
                                         OptimizationBarrierOp> {
  SmallVector<Value> getEdgeSources(Operation *op, Value owner) const {
    std::optional<unsigned> index = sdy::getResultNumberIn(op, owner);
    if (!index || *index >= op->getNumOperands())
      return {};
    return {op->getOperand(*index)};
  }
};

} // namespace

void mlir::stablehlo::registerDataFlowOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, StablehloDialect *) {
    WhileOp::attachInterface<WhileDataFlowModel>(*ctx);
    CaseOp::attachInterface<BranchDataFlowModel<CaseOp>>(*ctx);
    IfOp::attachInterface<BranchDataFlowModel<IfOp>>(*ctx);
    OptimizationBarrierOp::attachInterface<BarrierDataFlowModel>(*ctx);
  });
}
