//===- CloseShardings.cpp - -sdy-close-shardings --------------------------===//
//
// After propagation a sharding is final: every dimension is closed, and
// priorities and explicitly replicated axes no longer mean anything.
//
//===----------------------------------------------------------------------===//

#include "ir/utils/ShardingUtils.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_CLOSESHARDINGSPASS
#include "transforms/Passes.h.inc"

namespace {

struct CloseShardingsPass : impl::CloseShardingsPassBase<CloseShardingsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    bool changed = false;
    getOperation().walk([&](Operation *op) {
      changed |= transformShardings(op, [&](TensorShardingAttr sharding) {
        SmallVector<DimensionShardingAttr> dims;
        for (DimensionShardingAttr dim : sharding.getDimShardings())
          dims.push_back(
              DimensionShardingAttr::get(ctx, dim.getAxes(), /*isClosed=*/true));
        return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims, {});
      });
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
