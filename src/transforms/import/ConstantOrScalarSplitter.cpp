//===- ConstantOrScalarSplitter.cpp - -sdy-constant-or-scalar-splitter ----===//
//
// Uses of one constant should not be sharded alike just because they share
// it (a false dependency), so every constant sub-computation and every
// broadcast of a scalar gets one copy per use. stablehlo.constant
// becomes sdy.constant so that no folder merges the copies back.
//
// Scalars are not copied: they cannot be sharded. A constant sub-computation
// is a constant or iota, or a broadcast_in_dim, reshape, slice or pure
// elementwise op whose operands are all defined by constant
// sub-computations.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/OpClasses.h"
#include "transforms/ConstantExpressions.h"
#include "transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_CONSTANTORSCALARSPLITTERPASS
#include "transforms/Passes.h.inc"

namespace {

bool isScalar(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.getRank() == 0;
}

/// Sorts `uses` by the position in `block` of the op that holds each one
/// (the user, or its ancestor in `block`), then by operand number.
void sortUsesInTextualOrder(SmallVectorImpl<OpOperand *> &uses, Block *block) {
  auto holder = [&](OpOperand *use) {
    Operation *owner = block->findAncestorOpInBlock(*use->getOwner());
    return owner ? owner : use->getOwner();
  };
  llvm::stable_sort(uses, [&](OpOperand *a, OpOperand *b) {
    Operation *holderA = holder(a), *holderB = holder(b);
    if (holderA == holderB)
      return a->getOwner() == b->getOwner() &&
             a->getOperandNumber() < b->getOperandNumber();
    if (holderA->getBlock() != block || holderB->getBlock() != block)
      return false;
    return holderA->isBeforeInBlock(holderB);
  });
}

struct ConstantOrScalarSplitterPass
    : impl::ConstantOrScalarSplitterPassBase<ConstantOrScalarSplitterPass> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    bool changed = false;
    // stablehlo.constant -> sdy.constant.
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() != "stablehlo.constant" ||
          op->getNumResults() != 1)
        return;
      auto value = op->getAttrOfType<ElementsAttr>("value");
      if (!value)
        return;
      builder.setInsertionPoint(op);
      auto constant = ConstantOp::create(builder, op->getLoc(), value);
      constant->setDiscardableAttrs(op->getDiscardableAttrDictionary());
      op->replaceAllUsesWith(constant);
      op->erase();
      changed = true;
    });

    getOperation()->walk([&](Block *block) {
      // Which ops are constant sub-computations (defs come before uses).
      llvm::DenseSet<Operation *> constant;
      for (Operation &op : *block) {
        if (op.getNumRegions() != 0 || op.getNumResults() != 1)
          continue;
        bool operandsConstant = llvm::all_of(op.getOperands(), [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && constant.contains(def);
        });
        if (isConstantSource(&op) ||
            ((isConstantShapeOp(&op) || stablehlo::isElementwise(&op)) &&
             operandsConstant))
          constant.insert(&op);
      }
      // Split from the last op up, so that copies of users add uses to their
      // operands before those operands are visited.
      for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*block))) {
        if (!constant.contains(&op) && !isScalarBroadcast(&op))
          continue;
        // Group membership belongs to the value: every copy joins the
        // groups of the original, and group ops are not uses to split for.
        Value result = op.getResult(0);
        SmallVector<OpOperand *> uses;
        SmallVector<ShardingGroupOp> groups;
        for (OpOperand &use : result.getUses()) {
          if (auto group = dyn_cast<ShardingGroupOp>(use.getOwner()))
            groups.push_back(group);
          else
            uses.push_back(&use);
        }
        // A dead value or a single use needs no copy, and a scalar cannot be
        // sharded, so its uses cannot disagree.
        if (uses.size() < 2 || isScalar(result))
          continue;
        // In textual order of the users, the first keeps the original and
        // each next one takes the next copy (as in Shardy, whose copies
        // then line up with sdy's).
        sortUsesInTextualOrder(uses, block);
        Operation *previous = &op;
        for (OpOperand *use : llvm::drop_begin(uses)) {
          builder.setInsertionPointAfter(previous);
          Operation *copy = builder.clone(op);
          previous = copy;
          use->set(copy->getResult(0));
          changed = true;
          for (ShardingGroupOp group : groups) {
            builder.setInsertionPointAfter(copy);
            ShardingGroupOp::create(builder, group.getLoc(), copy->getResult(0),
                                    group.getGroupId());
          }
        }
      }
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
