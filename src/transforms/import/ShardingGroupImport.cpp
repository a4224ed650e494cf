//===- ShardingGroupImport.cpp - -sdy-sharding-group-import ---------------===//

#include "transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_SHARDINGGROUPIMPORTPASS
#include "transforms/Passes.h.inc"

namespace {

/// The body block of the innermost manual computation around `value`, or null.
Block *getEnclosingManualBlock(Value value) {
  for (Block *block = value.getParentBlock(); block;) {
    Operation *parent = block->getParentOp();
    if (!parent)
      return nullptr;
    if (isa<ManualComputationOp>(parent))
      return block;
    block = parent->getBlock();
  }
  return nullptr;
}

struct ShardingGroupImportPass
    : impl::ShardingGroupImportPassBase<ShardingGroupImportPass> {
  void runOnOperation() override {
    SmallVector<ShardingGroupOp> groupOps;
    getOperation().walk([&](ShardingGroupOp op) { groupOps.push_back(op); });
    if (groupOps.empty())
      return markAllAnalysesPreserved();

    // Groups that share a value are one group.
    llvm::EquivalenceClasses<int64_t> classes;
    llvm::DenseMap<Value, int64_t> firstGroupOfValue;
    for (ShardingGroupOp op : groupOps) {
      int64_t id = op.getGroupId();
      classes.insert(id);
      auto [it, inserted] = firstGroupOfValue.try_emplace(op.getInput(), id);
      if (!inserted)
        classes.unionSets(it->second, id);
    }

    // Canonical ids 0..N-1 in order of first appearance.
    llvm::DenseMap<int64_t, int64_t> canonical;
    for (ShardingGroupOp op : groupOps) {
      int64_t leader = classes.getLeaderValue(op.getGroupId());
      canonical.try_emplace(leader, canonical.size());
    }

    llvm::DenseSet<std::pair<Value, int64_t>> seen;
    llvm::MapVector<int64_t, SmallVector<ShardingGroupOp>> members;
    Builder builder(&getContext());
    for (ShardingGroupOp op : groupOps) {
      int64_t id = canonical[classes.getLeaderValue(op.getGroupId())];
      if (!seen.insert({op.getInput(), id}).second) {
        op.erase(); // the same value in the same group twice
        continue;
      }
      op.setGroupIdAttr(builder.getI64IntegerAttr(id));
      members[id].push_back(op);
    }

    for (auto &[id, ops] : members) {
      Block *manualBlock = nullptr;
      for (ShardingGroupOp op : ops)
        if (Block *block = getEnclosingManualBlock(op.getInput())) {
          manualBlock = block;
          break;
        }
      if (!manualBlock)
        continue;
      for (ShardingGroupOp op : ops)
        if (op.getInput().getParentBlock() != manualBlock) {
          op.emitOpError()
              << "sharding group " << id
              << " has a value defined inside an sdy.manual_computation, so "
                 "all its values must be in that same block, but this one is "
                 "not";
          return signalPassFailure();
        }
    }
  }
};

} // namespace
} // namespace mlir::sdy
