//===- RemoveSizeOneAxes.cpp - -sdy-remove-size-one-axes ------------------===//

#include "ir/utils/ShardingUtils.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_REMOVESIZEONEAXESPASS
#include "transforms/Passes.h.inc"

namespace {

bool isSizeOne(AxisRefAttr axis, MeshAttr mesh) {
  return !axis.isSubAxis() && mesh.getAxisSize(axis.getName()) == 1;
}

SmallVector<AxisRefAttr> withoutSizeOne(ArrayRef<AxisRefAttr> axes,
                                        MeshAttr mesh) {
  return llvm::to_vector(llvm::make_filter_range(
      axes, [&](AxisRefAttr axis) { return !isSizeOne(axis, mesh); }));
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
        SmallVector<DimensionShardingAttr> dims;
        for (DimensionShardingAttr dim : sharding.getDimShardings()) {
          SmallVector<AxisRefAttr> axes = withoutSizeOne(dim.getAxes(), mesh);
          std::optional<int64_t> priority = dim.getPriority();
          if (dim.getIsClosed() && axes.empty())
            priority = std::nullopt; // `{}` cannot carry a priority.
          dims.push_back(
              DimensionShardingAttr::get(ctx, axes, dim.getIsClosed(), priority));
        }
        return TensorShardingAttr::get(
            ctx, sharding.getMeshOrRef(), dims,
            withoutSizeOne(sharding.getReplicatedAxes(), mesh));
      });
    });
    // Nothing changed: tell the pass manager, which then skips verifying.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
