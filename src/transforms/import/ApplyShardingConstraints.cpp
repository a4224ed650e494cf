//===- ApplyShardingConstraints.cpp - -sdy-apply-sharding-constraints -----===//
//
// A sharding constraint dictates the sharding of its input when the input has
// none, the constraint is fully closed, and no other constraint or manual
// computation uses the input with a different sharding. Closed
// dimensions do not propagate, so the sharding is copied onto the input; for
// a data-flow edge target the uses are rewired to the constraint instead, so
// the other targets of the edge stay unconstrained.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "ir/utils/DataFlow.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_APPLYSHARDINGCONSTRAINTSPASS
#include "transforms/Passes.h.inc"

namespace {

bool isFullyClosed(TensorShardingAttr sharding) {
  return llvm::all_of(sharding.getDimShardings(),
                      [](DimensionShardingAttr d) { return d.getIsClosed(); });
}

bool isConstraintOrManual(Operation *op) {
  return isa<ShardingConstraintOp, ManualComputationOp>(op);
}

/// True if `value` is the target of a data-flow edge: a result of a
/// data-flow op, or a block argument of a region that is not a function body.
bool isDataFlowTarget(Value value) {
  if (auto result = dyn_cast<OpResult>(value))
    return isDataFlowOp(result.getOwner());
  auto arg = cast<BlockArgument>(value);
  return !isa_and_nonnull<func::FuncOp>(arg.getOwner()->getParentOp());
}

/// The sharding a manual computation or constraint user applies to `value`.
TensorShardingAttr getUseSharding(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto constraint = dyn_cast<ShardingConstraintOp>(user))
    return constraint.getSharding();
  if (auto manual = dyn_cast<ManualComputationOp>(user))
    return manual.getInShardings().getShardings()[use.getOperandNumber()];
  return {};
}

bool shouldApply(ShardingConstraintOp constraint) {
  Value input = constraint.getInput();
  if (getSharding(input) || !isFullyClosed(constraint.getSharding()))
    return false;
  for (OpOperand &use : input.getUses())
    if (isConstraintOrManual(use.getOwner()) &&
        getUseSharding(use) != constraint.getSharding())
      return false;
  return true;
}

/// The chain rule: `input`, unsharded before this pass, used by a chain of
/// at least two constraints, each used only by the next; later uses of
/// `input` in the same block (other than func.return) take the chain's
/// result instead. The real Shardy leaves a single constraint, and a chain
/// on an input the user sharded, alone.
void rewireChain(Value input) {
  if (isa_and_nonnull<ShardingConstraintOp>(input.getDefiningOp()))
    return;
  ShardingConstraintOp head;
  for (Operation *user : input.getUsers()) {
    if (!isConstraintOrManual(user))
      continue;
    if (head || !isa<ShardingConstraintOp>(user))
      return; // more than one constraint/manual user
    head = cast<ShardingConstraintOp>(user);
  }
  if (!head)
    return;
  ShardingConstraintOp last = head;
  while (true) {
    auto users = last->getUsers();
    if (llvm::none_of(users, isConstraintOrManual))
      break;
    if (!last->hasOneUse() || !isa<ShardingConstraintOp>(*users.begin()))
      return;
    last = cast<ShardingConstraintOp>(*users.begin());
  }
  if (last == head)
    return;
  input.replaceUsesWithIf(last.getResult(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    return user != head && !isa<func::ReturnOp>(user) &&
           user->getBlock() == last->getBlock() && last->isBeforeInBlock(user);
  });
}

struct ApplyShardingConstraintsPass
    : impl::ApplyShardingConstraintsPassBase<ApplyShardingConstraintsPass> {
  void runOnOperation() override {
    SmallVector<ShardingConstraintOp> constraints;
    getOperation()->walk(
        [&](ShardingConstraintOp op) { constraints.push_back(op); });
    if (constraints.empty())
      return markAllAnalysesPreserved();
    SmallVector<Value> unshardedInputs;
    for (ShardingConstraintOp constraint : constraints)
      if (!getSharding(constraint.getInput()))
        unshardedInputs.push_back(constraint.getInput());
    for (ShardingConstraintOp constraint : constraints) {
      Value input = constraint.getInput();
      if (shouldApply(constraint)) {
        if (isDataFlowTarget(input))
          input.replaceAllUsesExcept(constraint.getResult(), constraint);
        else
          setSharding(input, constraint.getSharding());
      }
    }
    for (Value input : unshardedInputs)
      rewireChain(input);
  }
};

} // namespace
} // namespace mlir::sdy
