//===- ApplyShardingConstraints.cpp - -sdy-apply-sharding-constraints -----===//
//
// A sharding constraint, or a manual computation's in_sharding, dictates the
// sharding of its input when the input has none, the sharding is fully
// closed, and no other constraint or manual computation uses the input with a
// different sharding. Closed dimensions do not propagate, so the sharding is
// copied onto the input; for a data-flow edge target the uses are rewired to
// a constraint instead, so the other targets of the edge stay unconstrained.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "rules/OpShardingRuleBuilder.h"
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

/// True if `value` is the target of a data-flow edge: the result of an
/// sdy.data_flow_edge (which stands for a data-flow op's result; without one,
/// the result itself takes the sharding, as in Shardy), or a block argument of
/// a region that is not a function body.
bool isDataFlowTarget(Value value) {
  if (auto result = dyn_cast<OpResult>(value))
    return isa<DataFlowEdgeOp>(result.getOwner());
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

/// True if `sharding`, the sharding a constraint or manual computation
/// applies to `input`, dictates `input`'s own sharding.
bool shouldApply(Value input, TensorShardingAttr sharding) {
  if (getSharding(input) || !isFullyClosed(sharding))
    return false;
  for (OpOperand &use : input.getUses())
    if (isConstraintOrManual(use.getOwner()) && getUseSharding(use) != sharding)
      return false;
  return true;
}

/// Applies `sharding` to `input`: copied onto it, or, for a data-flow edge
/// target, through a constraint that every other use of `input` then takes
/// (`constraint`, or a new one right after `input`'s definition).
void apply(Value input, TensorShardingAttr sharding,
           ShardingConstraintOp constraint) {
  if (!isDataFlowTarget(input)) {
    setSharding(input, sharding);
    return;
  }
  if (!constraint) {
    OpBuilder builder(input.getContext());
    builder.setInsertionPointAfterValue(input);
    constraint = ShardingConstraintOp::create(builder, input.getLoc(),
                                              input.getType(), input, sharding);
  }
  input.replaceAllUsesExcept(constraint.getResult(), constraint);
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
  using ApplyShardingConstraintsPassBase::ApplyShardingConstraintsPassBase;

  void runOnOperation() override {
    // Accepted so that Shardy's pipeline strings, which spell them out as
    // false, run unchanged.
    if (debugPropagationEdgeSharding || debugShardingOrigins) {
      getOperation()->emitError()
          << "sdy-apply-sharding-constraints: debug-propagation-edge-sharding "
             "and debug-sharding-origins are not supported; leave them false "
             "(debug-sharding-origins=true on the propagation pass records "
             "where each axis came from, constraints included)";
      return signalPassFailure();
    }
    SmallVector<ShardingConstraintOp> constraints;
    SmallVector<ManualComputationOp> manuals;
    getOperation()->walk([&](Operation *op) {
      if (auto constraint = dyn_cast<ShardingConstraintOp>(op))
        constraints.push_back(constraint);
      else if (auto manual = dyn_cast<ManualComputationOp>(op))
        manuals.push_back(manual);
    });
    if (constraints.empty() && manuals.empty())
      return markAllAnalysesPreserved();
    SmallVector<Value> unshardedInputs;
    for (ShardingConstraintOp constraint : constraints)
      if (!getSharding(constraint.getInput()))
        unshardedInputs.push_back(constraint.getInput());
    for (ShardingConstraintOp constraint : constraints) {
      if (!shouldApply(constraint.getInput(), constraint.getSharding()))
        continue;
      apply(constraint.getInput(), constraint.getSharding(), constraint);
      // As in Shardy: an applied constraint carries an identity rule, so
      // that propagation passes through it like any pointwise op.
      constraint->setAttr(SdyDialect::kShardingRuleAttr,
                          OpShardingRuleBuilder::buildPointwise(constraint));
    }
    // A manual computation's closed in_sharding dictates its operand's
    // sharding the same way.
    for (ManualComputationOp manual : manuals) {
      ArrayRef<TensorShardingAttr> inShardings =
          manual.getInShardings().getShardings();
      for (auto [operand, sharding] :
           llvm::zip(manual->getOperands(), inShardings))
        if (shouldApply(operand, sharding))
          apply(operand, sharding, /*constraint=*/{});
    }
    for (Value input : unshardedInputs)
      rewireChain(input);
  }
};

} // namespace
} // namespace mlir::sdy
