//===- RemoveSizeOneAxes.cpp - -sdy-remove-size-one-axes ------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_REMOVESIZEONEAXESPASS
#include "transforms/Passes.h.inc"

namespace {

bool isSizeOne(AxisRefAttr axis, MeshAttr mesh) {
  return !axis.isSubAxis() && mesh.getAxisSize(axis.getName()) == 1;
}

struct RemoveSizeOneAxesPass
    : impl::RemoveSizeOneAxesPassBase<RemoveSizeOneAxesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = module.getContext();
    bool changed = false;
    module.walk([&](Operation *op) {
      // Manual axes first: their mesh comes from the op's shardings.
      if (auto manual = dyn_cast<ManualComputationOp>(op)) {
        ArrayRef<TensorShardingAttr> shardings =
            manual.getInShardings().getShardings();
        if (shardings.empty())
          shardings = manual.getOutShardings().getShardings();
        MeshAttr mesh = shardings.empty()
                            ? MeshAttr()
                            : lookupMesh(op, shardings.front().getMeshOrRef());
        if (mesh) {
          SmallVector<StringAttr> kept;
          for (StringAttr axis : manual.getManualAxes().getValue())
            if (mesh.getAxisSize(axis.getValue()) != 1)
              kept.push_back(axis);
          if (kept.size() != manual.getManualAxes().size()) {
            manual.setManualAxesAttr(ManualAxesAttr::get(ctx, kept));
            changed = true;
          }
        }
      }
      changed |= transformShardings(op, [&](TensorShardingAttr sharding) {
        MeshAttr mesh = lookupMesh(op, sharding.getMeshOrRef());
        if (!mesh)
          return sharding;
        return filterAxes(
            sharding, [&](AxisRefAttr axis) { return !isSizeOne(axis, mesh); });
      });
    });
    // Nothing changed: tell the pass manager, which then skips verifying.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
