//===- ManualAxesCleanup.cpp - -sdy-manual-axes-cleanup -------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_MANUALAXESCLEANUPPASS
#include "transforms/Passes.h.inc"

namespace {

/// Adds the manual axes that `sharding` does not mention to its replicated
/// axes, in mesh order.
TensorShardingAttr addUnusedManualAxes(TensorShardingAttr sharding,
                                       ArrayRef<StringAttr> manualAxes,
                                       MeshAttr mesh) {
  SmallVector<AxisRefAttr> replicated(sharding.getReplicatedAxes());
  auto mentions = [&](StringRef name) {
    auto named = [&](AxisRefAttr axis) { return axis.getName() == name; };
    return llvm::any_of(replicated, named) ||
           llvm::any_of(sharding.getDimShardings(),
                        [&](DimensionShardingAttr dim) {
                          return llvm::any_of(dim.getAxes(), named);
                        });
  };
  bool changed = false;
  for (StringAttr name : manualAxes)
    if (!mentions(name.getValue())) {
      replicated.push_back(AxisRefAttr::get(sharding.getContext(), name));
      changed = true;
    }
  if (!changed)
    return sharding;
  llvm::sort(replicated, AxisRefAttr::getMeshComparator(mesh));
  return TensorShardingAttr::get(sharding.getContext(), sharding.getMeshOrRef(),
                                 sharding.getDimShardings(), replicated);
}

struct ManualAxesCleanupPass
    : impl::ManualAxesCleanupPassBase<ManualAxesCleanupPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    bool any = false;
    WalkResult result = getOperation().walk([&](ManualComputationOp op) {
      any = true;
      ArrayRef<TensorShardingAttr> in = op.getInShardings().getShardings();
      ArrayRef<TensorShardingAttr> out = op.getOutShardings().getShardings();
      if (in.empty() && out.empty()) {
        // Without shardings there is no mesh to interpret the manual axes in.
        Block &body = op.getBody().front();
        if (!body.empty() && &body.front() != body.getTerminator()) {
          op.emitOpError() << "has no inputs or outputs but a non-empty body; "
                              "its manual axes cannot be cleaned up";
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      }
      TensorShardingAttr first = in.empty() ? out.front() : in.front();
      MeshAttr mesh = lookupMesh(op, first.getMeshOrRef());
      if (!mesh)
        return WalkResult::advance();
      SmallVector<StringAttr> manualAxes(op.getManualAxes().getValue());
      llvm::stable_sort(manualAxes, [&](StringAttr a, StringAttr b) {
        return mesh.getAxisIndex(a.getValue()) <
               mesh.getAxisIndex(b.getValue());
      });
      op.setManualAxesAttr(ManualAxesAttr::get(ctx, manualAxes));
      auto cleanup = [&](ArrayRef<TensorShardingAttr> shardings) {
        SmallVector<TensorShardingAttr> result;
        for (TensorShardingAttr sharding : shardings)
          result.push_back(addUnusedManualAxes(sharding, manualAxes, mesh));
        return TensorShardingPerValueAttr::get(ctx, result);
      };
      op.setInShardingsAttr(cleanup(in));
      op.setOutShardingsAttr(cleanup(out));
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    if (!any)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
