//===- UnreducedAllReduces.cpp - all-reduce unreduced operands ------------===//

#include "transforms/export/UnreducedAllReduces.h"

#include "ir/sdy/ShardingUtils.h"
#include "ir/utils/DataFlow.h"

#include "mlir/IR/Builders.h"

namespace mlir::sdy {
namespace {

/// The unreduced axes `user` keeps for its operand `use`, or std::nullopt
/// if the user takes care of unreduced axes itself.
std::optional<SmallVector<AxisRefAttr>> getKeptUnreducedAxes(OpOperand &use) {
  Operation *user = use.getOwner();
  auto axesOf = [](TensorShardingAttr sharding) {
    SmallVector<AxisRefAttr> axes;
    if (sharding)
      llvm::append_range(axes, sharding.getUnreducedAxes());
    return axes;
  };
  if (auto ret = dyn_cast<func::ReturnOp>(user)) {
    auto func = dyn_cast<func::FuncOp>(ret->getParentOp());
    if (!func)
      return std::nullopt;
    return axesOf(func.getResultAttrOfType<TensorShardingAttr>(
        use.getOperandNumber(), SdyDialect::kShardingAttr));
  }
  if ((user->getDialect() && isa<SdyDialect>(user->getDialect()) &&
       !isa<ReshardOp, ShardingConstraintOp>(user)) ||
      user->hasTrait<OpTrait::IsTerminator>() || user->getNumResults() == 0)
    return std::nullopt;
  // A data-flow op passes operand i to result i.
  if (isDataFlowOp(user) && use.getOperandNumber() < user->getNumResults())
    return axesOf(getSharding(user->getResult(use.getOperandNumber())));
  // Otherwise what every result keeps.
  SmallVector<AxisRefAttr> kept = axesOf(getSharding(user->getResult(0)));
  for (Value result : llvm::drop_begin(user->getResults())) {
    SmallVector<AxisRefAttr> other = axesOf(getSharding(result));
    llvm::erase_if(kept, [&](AxisRefAttr axis) {
      return !llvm::is_contained(other, axis);
    });
  }
  return kept;
}

void allReduceUse(OpOperand &use) {
  TensorShardingAttr sharding = getSharding(use.get());
  if (!sharding || sharding.getUnreducedAxes().empty())
    return;
  std::optional<SmallVector<AxisRefAttr>> kept = getKeptUnreducedAxes(use);
  if (!kept)
    return;
  SmallVector<AxisRefAttr> reduced, remaining;
  for (AxisRefAttr axis : sharding.getUnreducedAxes())
    (llvm::is_contained(*kept, axis) ? remaining : reduced).push_back(axis);
  if (reduced.empty())
    return;
  MLIRContext *ctx = sharding.getContext();
  TensorShardingAttr out = TensorShardingAttr::get(
      ctx, sharding.getMeshOrRef(), sharding.getDimShardings(),
      sharding.getReplicatedAxes(), remaining);
  OpBuilder builder(use.getOwner());
  auto allReduce = AllReduceOp::create(builder, use.getOwner()->getLoc(),
                                       use.get(), ReductionKindAttr(),
                                       AxisRefListAttr::get(ctx, reduced), out);
  use.set(allReduce.getResult());
}

} // namespace

void insertUnreducedAllReduces(func::FuncOp func) {
  SmallVector<OpOperand *> uses;
  func.walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands())
      uses.push_back(&use);
  });
  for (OpOperand *use : uses)
    allReduceUse(*use);
}

} // namespace mlir::sdy
